"""Lotus in words: what changed between two positions, and a move as each seat may read it."""
from __future__ import annotations

import re
from collections import Counter

from ...compare import ARROW, NUMBERS, listing, plural, scored, view_of, winners
from .actions import EXCH, PLAY

SYMBOL_WORD = ("wildflower", "single-symbol", "double-symbol")


# -- cards as a player names them

def kind_words(petals: int, symbols: int, colour: str | None = None, n: int = 1) -> str:
    """'a red 5-petal single-symbol card', 'two 5-petal wildflowers' (n=2), without an id."""
    count = ("a" if n == 1 else NUMBERS[n] if n < len(NUMBERS) else str(n))
    if symbols == 0:
        return f"{count} {petals}-petal wildflower{'s' if n != 1 else ''}"
    return f"{count} {colour + ' ' if colour else ''}{petals}-petal {SYMBOL_WORD[symbols]} card{'s' if n != 1 else ''}"


def _facts(card: str, where) -> tuple[int, int, str | None]:
    """(petals, symbols, owner's colour) of card id `card`, from a state's config or a view."""
    cfg = getattr(where, "cfg", None)
    if cfg is not None:
        c = cfg.by_name[card]
        o = cfg.OWNER[c]
        return cfg.petals[cfg.TYPE[c]], cfg.SYM[c], (cfg.colors[o] if o >= 0 else None)
    m = re.fullmatch(r"([A-Za-z])(\d)([wsd])\d+", card)
    if m is None:
        raise KeyError(card)
    colour = None
    if m.group(3) != "w":
        for f in where.get("flowers") or []:
            for c in f["cards"]:
                if c["id"] == card and c["owner"] is not None:
                    colour = where["seats"][c["owner"]]["color"]
        for s in where.get("seats") or []:
            if colour is None and any(c["id"] == card for c in s.get("hand") or []):
                colour = s["color"]
    return int(m.group(2)), "wsd".index(m.group(3)), colour


def name(card: str, where) -> str:
    """A card as a player names it: 'R5s1' -> 'a red 5-petal single-symbol card', 'W5w1' -> 'a 5-petal
    wildflower'. `where` is a state (its config) or a view. No id: see `cards` for telling two apart."""
    return kind_words(*_facts(card, where))


def cards(ids, where, before=()) -> str:
    """Cards as a player lists them: 'two red 5-petal single-symbol cards and a 4-petal wildflower'. Cards
    alike are told by their count, never their ids (a player cannot tell them apart either); one alike to a
    card in `before` (the other side of an exchange) is 'another': 'a red 4-petal single-symbol card for
    another red 4-petal single-symbol card'."""
    groups: dict[tuple, int] = {}
    for i in ids:
        k = _facts(i, where)
        groups[k] = groups.get(k, 0) + 1
    other = {_facts(i, where) for i in before}
    parts = []
    for k, n in groups.items():
        text = kind_words(*k, n=n)
        if k in other:
            text = "another " + text[2:] if n == 1 else text.replace(" ", " other ", 1)
        parts.append(text)
    return listing(parts)


def describe_changes(a, b, viewer) -> list[str]:
    """Sentences for what changed from `a` to `b` in `viewer`'s view, e.g. 'Red Ladybug drew a red 4-petal
    single-symbol card and a red 7-petal single-symbol card', 'Cherry Blossom 1/5 → 3/5', 'control of the
    Cherry Blossom: Red Ladybug 1 → 2'."""
    va, vb = view_of(a, viewer), view_of(b, viewer)
    names = [s["name"] for s in vb["seats"]]
    over = bool(vb["result"]) and not va["result"]
    on_flowers = {c["id"] for f in vb["flowers"] for c in f["cards"]}
    new_cards = [c for f in vb["flowers"] for c in f["cards"]
                 if c["id"] not in {x["id"] for g in va["flowers"] for x in g["cards"]}]
    out: list[str] = []
    for sa, sb in zip(va["seats"], vb["seats"]):
        out += _hand(sa, sb, on_flowers, new_cards, over, a)
    fa = {f["name"]: f for f in va["flowers"]}
    fb = {f["name"]: f for f in vb["flowers"]}
    for name in a.cfg.flower_names:
        out += _flower(name, fa.get(name), fb.get(name), names, over, vb["solo"])
    out += _display(va["display"], vb["display"])
    for sa, sb in zip(va["seats"], vb["seats"]):
        out += _rewards(sa, sb)
    out += scored(va, vb, "point" if not vb["solo"] else "flower")
    if vb["final_round"] and not va["final_round"]:
        out.append("the final round began: a deck ran out [lotus.end.trigger]")
    if vb["solo"] and va["winter_lotus"] != vb["winter_lotus"]:
        out.append(f"Winter Lotus {va['winter_lotus']} {ARROW} {vb['winter_lotus']} [lotus.solo.winter]")
    out += winners(vb, va)
    return out + ([] if vb["result"] else _to_act(va, vb, names))


def _rewards(sa, sb) -> list[str]:
    """Powers and scoring tokens taken, the scoring pile grown."""
    who, out = sb["name"], []
    for p in sb["powers"]:
        if p not in sa["powers"]:
            out.append(f"{who} took the {p} power [lotus.complete.reward, lotus.power.{p}]")
    if sb["tokens"] > sa["tokens"]:
        out.append(f"{who} took {plural(sb['tokens'] - sa['tokens'], 'scoring token')} [lotus.complete.reward]")
    if sb["pile_size"] != sa["pile_size"]:
        out.append(f"{who}'s scoring pile {sa['pile_size']} {ARROW} {sb['pile_size']} cards")
    return out


def _to_act(va, vb, names) -> list[str]:
    who = vb["current_player"]
    if va["turn"] != vb["turn"]:
        return [f"turn {va['turn']} {ARROW} {vb['turn']}, {names[who]} to act"]
    if va["current_player"] != who or va["phase"] != vb["phase"] or va["actions_left"] != vb["actions_left"]:
        left = f", {plural(vb['actions_left'], 'action')} left" if vb["phase"] == "actions" else ""
        return [f"{names[who]} to act ({vb['phase'].replace('_', ' ')}{left})"]
    return []


def _hand(sa, sb, on_flowers, new_cards, over, state) -> list[str]:
    who = sb["name"]
    drew_deck = sa["deck_size"] - sb["deck_size"]
    if sa["hand"] is not None and sb["hand"] is not None:
        ida = [c["id"] for c in sa["hand"]]
        idb = [c["id"] for c in sb["hand"]]
        gained = [i for i in idb if i not in ida]
        lost = [i for i in ida if i not in idb]
        played = [i for i in lost if i in on_flowers]
        rest = [i for i in lost if i not in on_flowers]
        out = []
        if rest and gained and drew_deck == 0 and len(rest) == len(gained) and not played:
            return [f"{who} exchanged {cards(rest, state)} for {cards(gained, state, rest)} "
                    "[lotus.exchange.one-or-two]"]
        if gained:
            out.append(f"{who} drew {cards(gained, state)}")
        if played:
            out.append(f"{who} played {cards(played, state)}")
        if rest:
            if over:
                out.append(f"{who}'s hand went back onto their deck ({cards(rest, state)}) [lotus.end.scoring]")
            else:
                out.append(f"{who}'s hand lost {cards(rest, state)}")
        return out
    grew = sb["hand_size"] - sa["hand_size"]
    if over and grew < 0:
        return [f"{who}'s hand went back onto their deck ({plural(-grew, 'card')}) [lotus.end.scoring]"]
    seat = sb["seat"]
    played = [c["id"] for c in new_cards if c["owner"] == seat]  # only a card's owner can play it
    drew = max(drew_deck, grew + len(played))
    out = [f"{who} drew {plural(drew, 'card')} (hidden)"] if drew > 0 else []
    if played:
        out.append(f"{who} played {cards(played, state)}")
    if grew != drew - len(played):
        out.append(f"{who}'s hand {sa['hand_size']} {ARROW} {sb['hand_size']} cards")
    return out


def _flower(name, fa, fb, names, over, solo) -> list[str]:
    if fa is None and fb is None:
        return []
    n = (fa or fb)["petals"]
    if fb is None:
        if over:
            return [f"the {name} ({fa['placed']}/{n}) went to its controllers at the end [lotus.end.incomplete]"]
        rules = "lotus.solo.control" if solo else "lotus.complete.pick, lotus.complete.return"
        return [f"the {name} was completed ({n}/{n}) and picked up [{rules}]"]
    out = []
    placed_a = fa["placed"] if fa else 0
    if placed_a != fb["placed"]:
        out.append(f"{name} {placed_a}/{n} {ARROW} {fb['placed']}/{n}" + ("" if fa else " (a new flower)"))
    infl_a = fa["influence"] if fa else [0] * len(names)
    moved = [f"{names[i]} {x} {ARROW} {y}" for i, (x, y) in enumerate(zip(infl_a, fb["influence"])) if x != y]
    lead_a = fa["leaders"] if fa else []
    if moved or lead_a != fb["leaders"]:
        text = f"control of the {name}: " + (", ".join(moved) if moved else "unchanged")
        if lead_a != fb["leaders"]:
            lead = [names[i] for i in fb["leaders"]]
            text += f"; {listing(lead) or 'nobody'} now {'leads' if len(lead) == 1 else 'lead'}"
        out.append(text + (" [lotus.solo.control]" if solo else " [lotus.complete.control]"))
    ga = Counter((g["seat"], g["elder"]) for g in (fa["guardians"] if fa else []))
    gb = Counter((g["seat"], g["elder"]) for g in fb["guardians"])
    for (seat, elder) in sorted(set(ga) | set(gb)):
        d = gb[(seat, elder)] - ga[(seat, elder)]
        piece = "Elder Guardian" if elder else ("guardian" if abs(d) == 1 else "guardians")
        if d:
            count = "" if elder or abs(d) == 1 else f"{abs(d)} "
            verb = "arrived at" if d > 0 else "left"
            out.append(f"{names[seat]}'s {count}{piece} {verb} the {name} [lotus.move.incomplete]")
    return out


def _display(da, db) -> list[str]:
    pa = Counter(c["petals"] for c in da)
    pb = Counter(c["petals"] for c in db)
    gone = sorted((pa - pb).elements())
    new = sorted((pb - pa).elements())
    out = []
    if gone:
        out.append(f"{_wild(gone)} left the display [lotus.draw.sources]")
    if new:
        out.append(f"{_wild(new)} dealt to the display [lotus.draw.display-refill]")
    return out


def _wild(petals) -> str:
    kinds = Counter(petals)
    parts = [("a " if k == 1 else NUMBERS[k] + " ") + plural(k, f"{p}-petal wildflower")[len(str(k)) + 1:]
             for p, k in sorted(kinds.items())]
    return listing(parts)


def revealed(state, action) -> set[str]:
    """The cards a play shows every seat (also those a completed flower takes on to a scoring pile)."""
    act = state.parse_action(action) if isinstance(action, str) else action
    if act.kind != PLAY:
        return set()
    p = state.current_player
    after = state.apply(act)
    return {state.cfg.NAME[c] for c in set(state.hands[p]) - set(after.hands[p])}


def narrate(state, action, viewer) -> str:
    """explain() for every viewer, except that an exchange shows which cards only to its player."""
    if action.kind != EXCH or viewer is None or viewer == state.current_player:
        return state.explain(action)
    name = state.cfg.color_names[state.current_player]
    n = len(action.a)
    return (f"{name} exchanges {plural(n, 'card')} (hidden) to the bottom of the deck and draws {n} "
            f"[lotus.exchange.one-or-two]")


__all__ = ["cards", "describe_changes", "kind_words", "name", "narrate", "revealed"]
