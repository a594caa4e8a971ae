"""Spirits of the Rice Paddy in words: what changed between two positions, and a move as each seat may
read it. Spirit cards in hand, in the draft and picked face down are secret, and so is an allocation
until everyone has allocated; the sentences read only the viewer's view."""
from __future__ import annotations

from ...compare import ARROW, listing, plural, scored, view_of, winners
from .views import HIDDEN_WORDS, STEP_NAME

ACH_WORDS = {"paddies": "{n} paddies", "big_paddy": "a paddy of {n} hexes", "planted_hexes": "{n} planted hexes",
             "grown_hexes": "{n} grown hexes", "wet_hexes": "{n} wet hexes", "no_rocks": "no rocks left",
             "rocks_removed": "{n} rocks removed", "livestock": "{n} livestock", "workers": "{n} workers",
             "gates": "{n} gates", "clean_paddies": "{n} paddies without weeds or pests",
             "fertilised": "{n} fertilised {paddy}", "chain": "a chain of {n} paddies"}


def effect(n: int, where) -> str:
    """A spirit card's effect as printed: 'water 2', 'harvest bonus 1 (any time)'."""
    c = where.cfg.spirit[n] if hasattr(where, "cfg") else where.spirit[n]
    return f"{c.effect.replace('_', ' ')} {c.amount}" + (" (any time)" if c.kind == "anytime" else "")


def spirit(n: int, where) -> str:
    """'spirit card 12 (livestock 1)': the card's printed number (it decides turn order) and its effect."""
    return f"spirit card {n} ({effect(n, where)})"


def name(ident: str, where) -> str:
    """A component as a player names it: 'spirit-12' -> 'spirit card 12 (livestock 1)', 'ach-5' -> 'the
    achievement for a paddy of 4 hexes (6 rice)'. KeyError for an id it does not name."""
    cfg = where.cfg if hasattr(where, "cfg") else where
    head, _, n = ident.partition("-")
    if head == "spirit" and n.isdigit() and int(n) in cfg.spirit:
        return spirit(int(n), cfg)
    if head == "ach" and n.isdigit() and int(n) in cfg.ach:
        a = cfg.ach[int(n)]
        form = ACH_WORDS.get(a.kind, a.kind.replace("_", " ") + " {n}")
        return f"the achievement for {form.format(n=a.n, paddy='paddy' if a.n == 1 else 'paddies')} ({a.rice} rice)"
    raise KeyError(ident)


def spirits(ns, where) -> str:
    """'spirit cards 3 (rice 1) and 12 (livestock 1)'."""
    ns = list(ns)
    if len(ns) == 1:
        return spirit(ns[0], where)
    return "spirit cards " + listing(f"{n} ({effect(n, where)})" for n in ns)


HIDDEN_RULE = {"keep": "rice_paddy.draft.hidden", "play": "rice_paddy.spirit.play",
               "w": "rice_paddy.alloc.simultaneous", "l": "rice_paddy.alloc.simultaneous"}


def describe_changes(a, b, viewer) -> list[str]:
    """Sentences for what changed from `a` to `b` in `viewer`'s view, e.g. 'Red built a wall on ab',
    'Red's paddy ab: planted → grown', 'Red scored 5 rice (1 → 6)'."""
    va, vb = view_of(a, viewer), view_of(b, viewer)
    out: list[str] = []
    if vb["rain"] and (not va["rain"] or va["rain"]["id"] != vb["rain"]["id"]):
        r = vb["rain"]
        out.append(f"rain card {r['id'].split('-')[-1]} revealed: {plural(r['discs'], 'water disc')}, "
                   f"{plural(r['weeds'], 'weed')}, {plural(r['pests'], 'pest')} [rice_paddy.rain.reveal]")
    draft = va["step"] == "draft"
    for sa, sb in zip(va["seats"], vb["seats"]):
        out += _seat(sa, sb, draft, a)
    out += scored(va, vb, "rice", "rice")
    gone = [x["id"] for x in va["achievements"] if x["id"] not in {y["id"] for y in vb["achievements"]}]
    if gone and not any(s["achievements"] != t["achievements"] for s, t in zip(va["seats"], vb["seats"])):
        out.append(f"{listing(name(x, a) for x in gone)} left the board")
    if va["order"] != vb["order"] and vb["order"]:
        out.append("turn order: " + ", ".join(vb["seats"][i]["name"] for i in vb["order"]) +
                   " [rice_paddy.spirit.order]")
    out += winners(vb, va)
    if not vb["result"]:
        if (va["round"], va["step"]) != (vb["round"], vb["step"]):
            out.append(f"round {vb['round']}: {STEP_NAME.get(vb['step'], vb['step'])} [rice_paddy.round.steps]")
        if va["current_player"] != vb["current_player"]:
            out.append(f"{vb['seats'][vb['current_player']]['name']} to act")
    return out


def _seat(sa, sb, draft, state) -> list[str]:
    who = sb["name"]
    out = _cards(who, "hand", sa, sb, state) + _cards(who, "draft", sa, sb, state)
    out += _spirits(who, sa, sb, draft, state)
    out += _allocation(who, sa["allocation"], sb["allocation"])
    for key, word in (("workers", "workers"), ("livestock", "livestock"), ("reservoir", "water in the reservoir")):
        if sa[key] != sb[key]:
            out.append(f"{who}'s {word} {sa[key]} {ARROW} {sb[key]}")
    out += _walls(who, sa, sb)
    cleared = [h for h in sa["rocks"] if h not in sb["rocks"]]
    if cleared:
        out.append(f"{who} removed the rock{'s' if len(cleared) > 1 else ''} on {listing(cleared)} "
                   "[rice_paddy.rocks.remove]")
    for key, word in (("water", "water"), ("magic", "magic water")):
        came = [h for h in sb[key] if h not in sa[key]]
        went = [h for h in sa[key] if h not in sb[key]]
        if came:
            out.append(f"{word} reached {who}'s {listing(came)}")
        if went:
            out.append(f"{word} left {who}'s {listing(went)}")
    out += _paddies(who, sa["paddies"], sb["paddies"])
    for n in sb["achievements"]:
        if n not in sa["achievements"]:
            out.append(f"{who} took {name(f'ach-{n}', state)} [rice_paddy.achieve.condition]")
    return out


def _spirits(who, sa, sb, draft, state) -> list[str]:
    """Spirit cards picked, revealed, used and ready again."""
    out = []
    if sb["picked"] and not sa["picked"]:
        pick = sb["pick"]
        rule = "rice_paddy.draft.hidden" if draft else "rice_paddy.spirit.play"
        what = f"{spirit(pick['n'], state)} face down" if pick else "a spirit card face down (hidden)"
        out.append(f"{who} picked {what} [{rule}]")
    seen = {c["id"] for c in sa["played"]}
    for c in sb["played"]:
        if c["id"] not in seen:
            when = " (any time)" if c["kind"] == "anytime" else ""
            out.append(f"{who}'s spirit card {c['n']} is revealed: {c['effect'].replace('_', ' ')} {c['amount']}"
                       f"{when} [rice_paddy.spirit.play]")
    kind = {c["n"]: c for c in sb["played"]}
    for n in sb["spent"]:
        if n not in sa["spent"]:
            c = kind[n]
            if c["kind"] == "anytime":
                out.append(f"{who} used any-time spirit card {n}: {c['effect'].replace('_', ' ')} {c['amount']} "
                           f"[{'rice_paddy.spirit.once' if c['once'] else 'rice_paddy.spirit.anytime'}]")
            else:
                out.append(f"{who} used {spirit(n, state)} [rice_paddy.spirit.once]")
    for n in sa["spent"]:
        if n not in sb["spent"]:
            out.append(f"{who}'s any-time spirit card {n} is ready again [rice_paddy.spirit.anytime]")
    return out


def _walls(who, sa, sb) -> list[str]:
    """Walls and gates built, gone or a gate moved."""
    out = []
    swapped: set[str] = set()  # a gate moved: its old edge became a wall, a wall edge its new place
    gates_new = [e for e in sb["gates"] if e not in sa["gates"]]
    gates_old = [e for e in sa["gates"] if e not in sb["gates"]]
    for g_old, g_new in zip(gates_old, gates_new):
        if g_old in sb["walls"] and g_new in sa["walls"]:
            out.append(f"{who} moved a gate from {g_old} to {g_new} [rice_paddy.walls.move-gate]")
            swapped |= {g_old, g_new}
    for kind in ("walls", "gates"):
        new = [e for e in sb[kind] if e not in sa[kind] and e not in swapped]
        old = [e for e in sa[kind] if e not in sb[kind] and e not in swapped]
        if new:
            what = f"a {kind[:-1]}" if len(new) == 1 else plural(len(new), kind[:-1])
            out.append(f"{who} built {what} on {listing(new)} [rice_paddy.build.cost]")
        if old:
            out.append(f"{who}'s {kind} on {listing(old)} {'is' if len(old) == 1 else 'are'} gone")
    return out


def _cards(who, key, sa, sb, state) -> list[str]:
    where = "hand" if key == "hand" else "draft hand"
    if sa[key] is not None and sb[key] is not None:
        na = [c["n"] for c in sa[key]]
        nb = [c["n"] for c in sb[key]]
        new = [n for n in nb if n not in na]
        old = [n for n in na if n not in nb]
        out = []
        if new:
            out.append(f"{who}'s {where} gained {spirits(new, state)}")
        if old:
            out.append(f"{who}'s {where} lost {spirits(old, state)}")
        return out
    if key == "hand" and sa["hand_size"] != sb["hand_size"]:  # a draft hand's size is everyone's
        return [f"{who}'s hand {sa['hand_size']} {ARROW} {sb['hand_size']} spirit cards (hidden)"]
    return []


def _allocation(who, aa, ab) -> list[str]:
    if ab is None:
        return []
    before = {x["box"]: x["count"] for x in aa or []}
    after = {x["box"]: x["count"] for x in ab}
    moved = [f"{box} {before.get(box, 0)} {ARROW} {after.get(box, 0)}"
             for box in sorted(set(before) | set(after)) if before.get(box, 0) != after.get(box, 0)]
    if not moved:
        return []
    if aa is None:
        return [f"{who}'s allocation is revealed: " + ", ".join(f"{b} ×{n}" for b, n in sorted(after.items()))
                + " [rice_paddy.alloc.simultaneous]"]
    return [f"{who}'s allocation: {', '.join(moved)} [rice_paddy.alloc.multiples]"]


def _paddies(who, pa, pb) -> list[str]:
    old = {p["hexes"]: p for p in pa}
    new = {p["hexes"]: p for p in pb}
    out = []
    made = [h for h in new if h not in old]
    if made and (set(old) - set(new)):
        out.append(f"{who}'s paddies {' '.join(old)} {ARROW} {' '.join(new)} [rice_paddy.paddy.definition]")
    for hexes, p in new.items():
        q = old.get(hexes)
        if q is None:
            continue
        what = []
        if q["crop"] != p["crop"]:
            what.append(f"{q['crop'] or 'empty'} {ARROW} {p['crop'] or 'empty'}")
        for key in ("weeds", "pests"):
            if q[key] != p[key]:
                what.append(f"{key} {q[key]} {ARROW} {p[key]}")
        if q["fertilised"] != p["fertilised"]:
            what.append("fertilised" if p["fertilised"] else "no longer fertilised")
        if what:
            out.append(f"{who}'s paddy {hexes}: {', '.join(what)}")
    return out


def narrate(state, action, viewer) -> str:
    """'Red — <explain()>'; a draft pick, a face-down spirit play or an allocation reads to the other
    seats as what was done, not what was chosen."""
    who = state.cfg.colors[state.current_player].capitalize()
    text = str(action)
    word = text.split()[0]
    if word in HIDDEN_WORDS and state.redact(action, viewer) != text:
        verb = "allocates a worker or livestock" if word in ("w", "l") else HIDDEN_WORDS[word]
        return f"{who} {verb} (hidden) ({HIDDEN_RULE[word]})."
    return f"{who} — {state.explain(action)}"
