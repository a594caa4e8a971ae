"""Why an action is not legal here: the specific Round House rule it breaks, in a player's words."""
from __future__ import annotations

from ...core.errors import IllegalAction
from .board import ahead
from .config import HALL
from .phases import MOVE, OVER, ROOM, SPEC, WORSHIP
from .rule_tables import ROOM_RULE, TASK_OF, TASK_RULE


def why_illegal(s, text) -> IllegalAction:
    """The specific rule an action breaks (only called for an action that is not legal now)."""
    if s.phase == OVER:
        return IllegalAction("round_house.end.trigger", "the game is over")
    if s.prio and not text.startswith(("ord:", "disc:")):
        rule = "round_house.order.draw" if s.prio[0] == "ord" else "round_house.specialist.limit"
        what = "order draw" if s.prio[0] == "ord" else "discard"
        return IllegalAction(rule, f"{text}: first resolve the pending {what}")
    head, _, arg = text.partition(":")
    if ">" in text:
        rule, why = _why_move(s, text)
    elif head == "use":
        rule, why = _why_use(s, arg)
    elif head in ("temple", "fam") and s.phase != WORSHIP:
        rule, why = "round_house.worship.stop", "worship only when your leader stops at the ancestral hall"
    elif head == "temple":
        rule, why = "round_house.worship.small", "that small temple is flipped (or there is no such temple)"
    elif head == "fam":
        rule, why = "round_house.worship.family", f"there are {len(s.cfg.towns)} towns"
    elif head == "line":
        rule, why = "round_house.worship.line", "that space cannot end a connected line from the 1-point space"
    elif head == "do":
        rule, why = _why_room(s, arg)
    elif head == "copy" and "copy" in s.tasks:
        rule, why = _why_copy(s, arg)
    elif head == "sell" and any(t.startswith("sell") for t in s.tasks):
        rule, why = _why_sale(s, arg)
    elif head == "order":
        rule, why = "round_house.order.complete", "orders are completed in the last phase by paying their goods"
    elif head == "disc" and s.prio[:1] == ["disc"]:
        rule, why = TASK_RULE[head], "discard one of your old specialists (the card just taken stays)"
    elif head in ("ord", "disc"):
        rule, why = TASK_RULE[head], "nothing of that kind is pending"
    elif head in TASK_OF or text.startswith("bm"):
        key = TASK_OF.get(head, "bm")
        rule, why = TASK_RULE[key], f"no pending {key} effect allows {text}"
    else:
        rule, why = "round_house.turn.phases", f"{text} is not possible in the {s.phase} phase"
    return IllegalAction(rule, f"{text}: {why}")


def _why_move(s, text):
    if s.phase != MOVE:
        return "round_house.turn.phases", f"leaders move in the move phase, not now ({s.phase})"
    cfg, p = s.cfg, s.seat
    li, dest = text.split(">")
    li = int(li) - 1
    if not 0 <= li < len(s.leaders[p]):
        return "round_house.setup.leaders", f"you have {len(s.leaders[p])} leader(s)"
    if dest != "h" and dest not in cfg.room_index:
        return "round_house.move.clockwise", f"there is no room {dest} in the building"
    start = s.leaders[p][li]
    target = HALL if dest == "h" else cfg.room_index[dest]
    if target == start:
        return "round_house.move.steps", "a leader may not stay where it is"
    if target != HALL and target in s.occupied():
        return "round_house.move.one-per-room", f"{dest} already holds a leader"
    if target not in ahead(cfg, start):
        return "round_house.move.clockwise", (f"{dest} is not ahead of {s._room_name(start)}: leaders move "
                                              "only clockwise, through passages and down stairs in the "
                                              "direction of their arrow")
    return "round_house.move.steps", f"{dest} is more than 3 counted steps away"


def _why_use(s, arg):
    sid = arg.split(".")[0]
    cfg, p = s.cfg, s.seat
    if s.phase != SPEC or s.spec_used or sid not in s.specs[p]:
        return "round_house.specialist.use", "only one specialist you hold, usable now, in the first phase"
    if cfg.spec_kind[sid] == "passive":
        return "round_house.specialist.passive", "a passive specialist acts by itself and cannot be used"
    alts = cfg.spec_effect[sid]
    if (len(alts) > 1) != ("." in arg) or ("." in arg and not 1 <= int(arg.split(".")[1]) <= len(alts)):
        from .words import specialist
        return "round_house.specialist.effects", f"{specialist(sid, cfg)} has {len(alts)} side(s): use:{sid}" + (
            "" if len(alts) == 1 else f".1 .. use:{sid}.{len(alts)}")
    if any(tok.startswith("sell") for tok, _n in alts[0]):
        return "round_house.specialist.sell", "no market room has an empty space for a good it may sell"
    return "round_house.specialist.effects", "its effect needs a worker in your resource area to return"


def _why_room(s, arg):
    if s.phase != ROOM:
        return "round_house.turn.phases", f"room actions come after the move, not now ({s.phase})"
    if s.room is None:
        return "round_house.move.hall", "a leader in the ancestral hall worships: there is no room action"
    if s.left <= 0:
        return "round_house.effect.double", ("the room action is taken once, or twice only with an "
                                             "investment in the room")
    kind = s.kinds[s.room]
    if kind == "great_hall" and arg == "copy" and s.money[s.seat] >= s.cfg.costs["great_hall"]:
        others = [r for ls in s.leaders for r in ls if r != HALL and s.kinds[r] != "great_hall"]
        if not others:
            in_hall = any(r == HALL for ls in s.leaders for r in ls)
            return (("round_house.room.copy-hall", "leaders in the ancestral hall stand in no room to copy")
                    if in_hall else ("round_house.room.copy-self", "the great hall cannot copy itself"))
    choices = ", ".join(s.room_options(s.room, s.seat)) or "none affordable"
    return ROOM_RULE[kind], f"not possible in the {kind.replace('_', ' ')} now (possible: {choices})"


def _why_copy(s, arg):
    if arg == "h":
        return "round_house.room.copy-hall", "a leader in the ancestral hall stands in no room to copy"
    room = arg.split(":")[0]
    r = s.cfg.room_index.get(room)
    if r is None or not any(r in ls for ls in s.leaders):
        return "round_house.room.greathall", f"no leader stands in {room}"
    if s.kinds[r] == "great_hall":
        return "round_house.room.copy-self", "the great hall cannot copy itself"
    possible = ", ".join(x for x in s.copy_options(s.seat) if x.startswith(f"copy:{room}")) or "none"
    return ROOM_RULE[s.kinds[r]], f"{room}'s action is not possible now (possible: {possible})"


def _why_sale(s, arg):
    r = s.cfg.room_index.get(arg.split(".")[0])
    kind = None if r is None else s.kinds[r]
    if kind in ("retail", "wholesale") and not s.cfg.sell_all_markets:
        return "round_house.specialist.sell-markets", ("a specialist sells only to rooms named 'market' "
                                                       "(option specialist_markets='all' adds the retail and "
                                                       "wholesale markets)")
    if r is not None and any(t == f"sell!{r}" for t in s.tasks):
        return "round_house.specialist.sell-markets", "the second sale goes to another market room"
    return "round_house.specialist.sell", "that space is not an empty market space for a good you may sell"

