"""Round House in words: what changed between two positions, and a move as each seat may read it.

Orders in a hand are secret (round_house.hidden.orders): a sentence names an order only where the
viewer's view after the change shows it (face up, completed, or in the viewer's own hand).
"""
from __future__ import annotations

from collections import Counter

from ...compare import ARROW, listing, mentions, plural, scored, view_of, winners

HALL = "the ancestral hall"


def describe_changes(a, b, viewer) -> list[str]:
    """Sentences for what changed from `a` to `b` in `viewer`'s view, e.g. "Red's leader 2 moved from
    o8 (Market) to o10 (Warehouse)", 'Red completed order O06, worth 8 points at the end of the game' (order
    points wait for the final scoring: round_house.order.points-end), 'Red scored 3 (2 → 5)'."""
    va, vb = view_of(a, viewer), view_of(b, viewer)
    rooms = {r["id"]: f"{r['id']} ({r['title']})" for r in vb["rooms"]}
    rooms["h"] = HALL
    names = [s["name"] for s in vb["seats"]]
    out: list[str] = []
    for sa, sb in zip(va["seats"], vb["seats"]):
        out += _seat(sa, sb, rooms, (va["end_amulet"] or {}).get("id"))
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
    if va["counting_house"] != vb["counting_house"]:
        out.append(f"counting house {va['counting_house']} {ARROW} {vb['counting_house']}")
    out += _supply(va, vb)
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


def _seat(sa, sb, rooms, end_amulet) -> list[str]:
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
    for key, word, rule in (("specialists", "specialist", "round_house.room.specialist"),
                            ("amulets", "amulet", "round_house.order.amulet-instead"),
                            ("specialist_amulets", "specialist kept as an amulet", "round_house.specialist.amulet")):
        old = {x["id"]: x for x in sa[key]}
        new = {x["id"]: x for x in sb[key]}
        for k, x in new.items():
            if k not in old:
                why = "round_house.end.amulet" if k == end_amulet else rule
                out.append(f"{who} took {word} {k} ({x.get('name') or x.get('kind')}) [{why}]")
        for k, x in old.items():
            if k not in new:
                out.append(f"{who} no longer has {word} {k} ({x.get('name') or x.get('kind')})")
    done = {x["id"] for x in sa["completed"]}
    completed = [x for x in sb["completed"] if x["id"] not in done]
    for x in completed:
        out.append(f"{who} completed order {x['id']}, worth {plural(x['points'], 'point')} at the end of the game "
                   "[round_house.order.complete, round_house.order.points-end]")
    if sa["hand"] is not None and sb["hand"] is not None:
        before = {x["id"] for x in sa["hand"]}
        new = [x["id"] for x in sb["hand"] if x["id"] not in before]
        if new:
            out.append(f"{who} took {'order' if len(new) == 1 else 'orders'} {listing(new)} into their hand "
                       "[round_house.order.draw]")
    else:
        grew = sb["hand_size"] - sa["hand_size"] + len(completed)
        if grew > 0:
            out.append(f"{who} took {plural(grew, 'order')} into their hand (hidden) [round_house.order.draw]")
    return out


def _supply(va, vb) -> list[str]:
    out = []
    shown = {x["id"] for x in va["order_supply"]}
    seen_after = {x["id"] for s in vb["seats"] for x in (s["hand"] or []) + s["completed"]}
    taken = [x["id"] for x in va["order_supply"] if x["id"] not in {y["id"] for y in vb["order_supply"]}]
    if taken:
        visible = [t for t in taken if t in seen_after]  # in a hand only this viewer may see
        hidden = len(taken) - len(visible)
        parts = ([f"{'order' if len(visible) == 1 else 'orders'} {listing(visible)}"] if visible else []) + \
                ([plural(hidden, "face-up order")] if hidden else [])
        out.append(f"{' and '.join(parts)} taken from the face-up orders [round_house.order.draw-choice]")
    dealt = [x["id"] for x in vb["order_supply"] if x["id"] not in shown]
    if dealt:
        out.append(f"{'order' if len(dealt) == 1 else 'orders'} {listing(dealt)} dealt face up")
    for key, word in (("specialist_supply", "specialist"), ("amulet_supply", "amulet"),
                      ("pirate_supply", "pirate tile")):
        before = {x["id"] for x in va[key]}
        dealt = [x["id"] for x in vb[key] if x["id"] not in before]
        if dealt:
            out.append(f"{word}{'s' if len(dealt) > 1 else ''} {listing(dealt)} dealt face up")
    used = [p for p in vb["pirate_discard"] if p not in va["pirate_discard"]]
    if used:
        out.append(f"pirate tile{'s' if len(used) > 1 else ''} {listing(used)} used [round_house.effect.pirate]")
    return out


def narrate(state, action, viewer) -> str:
    """'Red — <explain()>' in every view; only an order taken face up into a hand is not named to the
    other seats (it is secret from then on, round_house.hidden.orders)."""
    who = state.cfg.names[state.current_player]
    text = state.explain(action)
    head, _, arg = str(action).partition(":")
    if viewer is not None and viewer != state.current_player and head == "ord" and mentions(text, arg):
        text = ("Order mark reached: take a face-up order (hidden) "
                "(round_house.order.draw, round_house.hidden.orders).")
    return f"{who} — {text}"
