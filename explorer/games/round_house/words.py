"""Round House in words: what changed between two positions, and a move as each seat may read it.

Orders in a hand are secret (round_house.hidden.orders): a sentence names an order only where the
viewer's view after the change shows it (face up, completed, or in the viewer's own hand).
"""
from __future__ import annotations

from collections import Counter

from ...compare import ARROW, listing, plural, scored, view_of, winners

HALL = "the ancestral hall"

# -- components as a player names them

GOOD_WORDS = {"fruit": "fruit", "cel": "celadon", "tea": "tea", "gold": "gold"}
PLACES = ("Suzhou", "Shanxi", "Cantonese", "Huizhou", "Shandong")  # a specialist's name keeps these capitals
REWARD_WORDS = {"money": "{n} money", "points": "{n} point{s}", "good": "{n} good{s} of your choice",
                "gold": "{n} gold", "fruit": "{n} fruit", "cel": "{n} celadon", "tea": "{n} tea",
                "rec": "{n} recruit{s}", "car": "{n} caravan dispatch{es}", "inv": "{n} investment{s}",
                "spec": "{n} specialist{s}", "amu": "{n} amulet{s}", "pir": "{n} pirate tile{s}"}


def _cfg(where):
    return getattr(where, "cfg", where)


def reward_words(bundle) -> str:
    """A reward bundle as a player says it: ((money, 4),) -> '4 money', ((rec, 1), (car, 1)) -> '1 recruit and
    1 caravan dispatch'."""
    out = []
    for tok, n in bundle:
        form = REWARD_WORDS.get(tok)
        out.append(form.format(n=n, s="" if n == 1 else "s", es="" if n == 1 else "es") if form else f"{n} {tok}")
    return listing(out)


def specialist(sid: str, where) -> str:
    """'the Shandong merchant', 'the porter': a specialist by its name (each is one of a kind)."""
    title = _cfg(where).specs[sid].name
    if not title.startswith(PLACES):
        title = title[:1].lower() + title[1:]
    return f"the {title}"


def order(oid: str, where, points: bool = True) -> str:
    """'the fruit + celadon order (3 points)': an order by what it costs (no two cost the same)."""
    o = _cfg(where).orders[oid]
    cost = " + ".join(f"{'' if n == 1 else f'{n} '}{GOOD_WORDS.get(g, g)}" for g, n in o.cost.items() if n)
    return f"the {cost} order" + (f" ({plural(o.points, 'point')})" if points else "")


def name(ident: str, where) -> str:
    """A component as a player names it, from `where` (a state or its config): specialists by their names
    ('the Shandong merchant'), orders by their cost ('the 3 fruit order (5 points)'), amulets by their kind ('a
    jade amulet'), pirate tiles by their reward ('the pirate tile for 4 money'), rooms by their title ('o3
    (Market)'). KeyError for an id it does not know."""
    cfg = _cfg(where)
    if ident in cfg.specs:
        return specialist(ident, cfg)
    if ident in cfg.orders:
        return order(ident, cfg)
    if ident in cfg.amulet_ids:
        kind = cfg.amulet_kinds[cfg.amulet_kind[cfg.amulet_ids.index(ident)]]
        return f"a {kind} amulet"
    if ident in cfg.pirate_ids:
        return f"the pirate tile for {reward_words(cfg.pirates[cfg.pirate_ids.index(ident)])}"
    if ident in cfg.room_ids:
        from .views import ROOM_TITLES
        state = where if hasattr(where, "kinds") else None
        return f"{ident} ({ROOM_TITLES[state.kinds[cfg.room_index[ident]]]})" if state is not None else ident
    raise KeyError(ident)


def describe_changes(a, b, viewer) -> list[str]:
    """Sentences for what changed from `a` to `b` in `viewer`'s view, e.g. "Red's leader 2 moved from
    o8 (Market) to o10 (Warehouse)", 'Red completed the fruit + celadon + tea + gold order, worth 8 points at the
    end of the game' (order
    points wait for the final scoring: round_house.order.points-end), 'Red scored 3 (2 → 5)'."""
    va, vb = view_of(a, viewer), view_of(b, viewer)
    rooms = {r["id"]: f"{r['id']} ({r['title']})" for r in vb["rooms"]}
    rooms["h"] = HALL
    names = [s["name"] for s in vb["seats"]]
    out: list[str] = []
    for sa, sb in zip(va["seats"], vb["seats"]):
        out += _seat(sa, sb, rooms, (va["end_amulet"] or {}).get("id"), a)
    out += _board(va, vb, rooms, names)
    out += _supply(va, vb, a)
    out += scored(va, vb, "point")
    if vb["end_triggered_by"] is not None and va["end_triggered_by"] is None:
        out.append(f"{names[vb['end_triggered_by']]} triggered the end: this is the last round "
                   "[round_house.end.trigger]")
    out += winners(vb, va)
    if not vb["result"]:
        who = names[vb["current_player"]]
        if va["turn"] != vb["turn"]:
            out.append(f"turn {va['turn']} {ARROW} {vb['turn']}: {who} to act [round_house.turn.order]")
        elif va["phase"] != vb["phase"] or va["current_player"] != vb["current_player"]:
            out.append(f"{who}: {vb['phase']} phase")
    return out


def _board(va, vb, rooms, names) -> list[str]:
    """Investments, towns and the caravan, elders, temples, the marker and the counting house."""
    out = _investments(va, vb, rooms, names) + _worship(va, vb, names)
    if va["counting_house"] != vb["counting_house"]:
        out.append(f"counting house {va['counting_house']} {ARROW} {vb['counting_house']}")
    return out


def _investments(va, vb, rooms, names) -> list[str]:
    out = []
    for ra, rb in zip(va["rooms"], vb["rooms"]):
        new = Counter((c["seat"], c["permanent"]) for c in rb["chairs"]) - \
            Counter((c["seat"], c["permanent"]) for c in ra["chairs"])
        for (seat, perm), n in sorted(new.items()):
            how = "permanently" if perm else "for one use"
            rule = "round_house.effect.permanent" if perm else "round_house.effect.invest"
            out.append(f"{names[seat]} invested {plural(n, 'worker')} in {rooms[rb['id']]} {how} [{rule}]")
    for ta, tb in zip(va["towns"], vb["towns"]):
        for seat, (x, y) in enumerate(zip(ta["workers"], tb["workers"])):
            if x != y:
                out.append(f"{names[seat]}'s workers in the {tb['name']} town {x} {ARROW} {y}")
        if tb["caravan"] and not ta["caravan"]:
            out.append(f"the caravan moved to the {tb['name']} town [round_house.effect.caravan]")
    return out


def _worship(va, vb, names) -> list[str]:
    out = []
    ga, gb = va["grid"], vb["grid"]
    for cell, (x, y) in enumerate(zip(ga["elders"], gb["elders"])):
        for seat in sorted((Counter(y) - Counter(x)).elements()):
            out.append(f"{names[seat]} placed an elder on {gb['cells'][cell]} [round_house.worship.line]")
    for i, (ta, tb) in enumerate(zip(va["temples"], vb["temples"])):
        if ta["flipped"] != tb["flipped"]:
            state = "flipped" if tb["flipped"] else "turned face up again"
            out.append(f"temple {i + 1} ({ta['reward']}) {state} [round_house.worship.small]")
    if va["marker"] != vb["marker"]:
        out.append(f"worship marker {va['marker']} {ARROW} {vb['marker']} of {vb['length']} "
                   "[round_house.worship.marker]")
    return out


def _seat(sa, sb, rooms, end_amulet, state) -> list[str]:
    who = sb["name"]
    out = []
    for i, (x, y) in enumerate(zip(sa["leaders"], sb["leaders"])):
        if x != y:
            out.append(f"{who}'s leader {i + 1} moved from {rooms[x]} to {rooms[y]} [round_house.move.clockwise]")
    if sa["money"] != sb["money"]:
        out.append(f"{who}'s money {sa['money']} {ARROW} {sb['money']}")
    goods = [f"{g} {sa['goods'][g]} {ARROW} {sb['goods'][g]}" for g in sb["goods"] if sa["goods"][g] != sb["goods"][g]]
    if goods:
        out.append(f"{who}'s goods: {', '.join(goods)}")
    places = [f"{k} {sa[k]} {ARROW} {sb[k]}" for k in ("board", "resource", "returned") if sa[k] != sb[k]]
    if places:
        out.append(f"{who}'s workers: {', '.join(places)}")
    out += _cards(sa, sb, who, end_amulet, state)
    return out + _orders(sa, sb, who, state)


def _cards(sa, sb, who, end_amulet, state) -> list[str]:
    """Specialists and amulets taken or given up."""
    out = []
    for key, word, rule in (("specialists", "", "round_house.room.specialist"),
                            ("amulets", "", "round_house.order.amulet-instead"),
                            ("specialist_amulets", " as an amulet", "round_house.specialist.amulet")):
        old = [x["id"] for x in sa[key]]
        new = [x["id"] for x in sb[key]]
        for k in _gone(new, old):
            why = "round_house.end.amulet" if k == end_amulet else rule
            out.append(f"{who} took {name(k, state)}{word} [{why}]")
        for k in _gone(old, new):
            out.append(f"{who} no longer has {name(k, state)}{word}")
    return out


def _orders(sa, sb, who, state) -> list[str]:
    """Orders completed and taken into the hand (a count when the hand is hidden)."""
    out = []
    done = {x["id"] for x in sa["completed"]}
    completed = [x for x in sb["completed"] if x["id"] not in done]
    for x in completed:
        out.append(f"{who} completed {order(x['id'], state, False)}, worth {plural(x['points'], 'point')} at the end "
                   "of the game "
                   "[round_house.order.complete, round_house.order.points-end]")
    if sa["hand"] is not None and sb["hand"] is not None:
        before = {x["id"] for x in sa["hand"]}
        new = [x["id"] for x in sb["hand"] if x["id"] not in before]
        if new:
            out.append(f"{who} took {listing(name(o, state) for o in new)} into their hand [round_house.order.draw]")
    else:
        grew = sb["hand_size"] - sa["hand_size"] + len(completed)
        if grew > 0:
            out.append(f"{who} took {plural(grew, 'order')} into their hand (hidden) [round_house.order.draw]")
    return out


def _gone(a, b) -> list[str]:
    """The items of `a` not in `b`, counting repeats."""
    left = Counter(b)
    out = []
    for x in a:
        if left[x]:
            left[x] -= 1
        else:
            out.append(x)
    return out


def _supply(va, vb, state) -> list[str]:
    out = []
    shown = {x["id"] for x in va["order_supply"]}
    seen_after = {x["id"] for s in vb["seats"] for x in (s["hand"] or []) + s["completed"]}
    taken = [x["id"] for x in va["order_supply"] if x["id"] not in {y["id"] for y in vb["order_supply"]}]
    if taken:
        visible = [t for t in taken if t in seen_after]  # in a hand only this viewer may see
        hidden = len(taken) - len(visible)
        parts = ([listing(name(o, state) for o in visible)] if visible else []) + \
                ([plural(hidden, "face-up order")] if hidden else [])
        out.append(f"{' and '.join(parts)} taken from the face-up orders [round_house.order.draw-choice]")
    dealt = [x["id"] for x in vb["order_supply"] if x["id"] not in shown]
    if dealt:
        out.append(f"{listing(name(o, state) for o in dealt)} dealt face up")
    for key in ("specialist_supply", "amulet_supply", "pirate_supply"):
        before = {x["id"] for x in va[key]}
        dealt = [x["id"] for x in vb[key] if x["id"] not in before]
        if dealt:
            out.append(f"{listing(name(x, state) for x in dealt)} dealt face up")
    used = [p for p in vb["pirate_discard"] if p not in va["pirate_discard"]]
    if used:
        out.append(f"{listing(name(x, state) for x in used)} used [round_house.effect.pirate]")
    return out


def narrate(state, action, viewer) -> str:
    """'Red — <explain()>' in every view; only an order taken face up into a hand is not named to the
    other seats (it is secret from then on, round_house.hidden.orders)."""
    who = state.cfg.names[state.current_player]
    text = state.explain(action)
    head, _, arg = str(action).partition(":")
    if viewer is not None and viewer != state.current_player and head == "ord" and arg != "no":
        text = ("Order mark reached: take a face-up order (hidden) "
                "(round_house.order.draw, round_house.hidden.orders).")
    return f"{who} — {text}"
