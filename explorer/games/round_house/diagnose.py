"""Why an action is not legal here: the specific Round House rule it breaks, in a player's words."""
from __future__ import annotations

from ...core.errors import IllegalAction
from .board import ahead
from .config import HALL
from .phases import MOVE, OVER, ROOM, SPEC, WORSHIP
from .rule_tables import ROOM_RULE, TASK_OF, TASK_RULE


class DiagnoseMixin:
    __slots__ = ()

    def _why_illegal(self, text) -> IllegalAction:
        """The specific rule an action breaks (only called for an action that is not legal now)."""
        if self.phase == OVER:
            return IllegalAction("round_house.end.trigger", "the game is over")
        if self.prio and not text.startswith(("ord:", "disc:")):
            rule = "round_house.order.draw" if self.prio[0] == "ord" else "round_house.specialist.limit"
            what = "order draw" if self.prio[0] == "ord" else "discard"
            return IllegalAction(rule, f"{text}: first resolve the pending {what}")
        head, _, arg = text.partition(":")
        if ">" in text:
            rule, why = self._why_move(text)
        elif head == "use":
            rule, why = self._why_use(arg)
        elif head in ("temple", "fam") and self.phase != WORSHIP:
            rule, why = "round_house.worship.stop", "worship only when your leader stops at the ancestral hall"
        elif head == "temple":
            rule, why = "round_house.worship.small", "that small temple is flipped (or there is no such temple)"
        elif head == "fam":
            rule, why = "round_house.worship.family", f"there are {len(self.cfg.towns)} towns"
        elif head == "line":
            rule, why = "round_house.worship.line", "that space cannot end a connected line from the 1-point space"
        elif head == "do":
            rule, why = self._why_room(arg)
        elif head == "copy" and "copy" in self.tasks:
            rule, why = self._why_copy(arg)
        elif head == "sell" and any(t.startswith("sell") for t in self.tasks):
            rule, why = self._why_sale(arg)
        elif head == "order":
            rule, why = "round_house.order.complete", "orders are completed in the last phase by paying their goods"
        elif head == "disc" and self.prio[:1] == ["disc"]:
            rule, why = TASK_RULE[head], "discard one of your old specialists (the card just taken stays)"
        elif head in ("ord", "disc"):
            rule, why = TASK_RULE[head], "nothing of that kind is pending"
        elif head in TASK_OF or text.startswith("bm"):
            key = TASK_OF.get(head, "bm")
            rule, why = TASK_RULE[key], f"no pending {key} effect allows {text}"
        else:
            rule, why = "round_house.turn.phases", f"{text} is not possible in the {self.phase} phase"
        return IllegalAction(rule, f"{text}: {why}")

    def _why_move(self, text):
        if self.phase != MOVE:
            return "round_house.turn.phases", f"leaders move in the move phase, not now ({self.phase})"
        cfg, p = self.cfg, self.seat
        li, dest = text.split(">")
        li = int(li) - 1
        if not 0 <= li < len(self.leaders[p]):
            return "round_house.setup.leaders", f"you have {len(self.leaders[p])} leader(s)"
        if dest != "h" and dest not in cfg.room_index:
            return "round_house.move.clockwise", f"there is no room {dest} in the building"
        start = self.leaders[p][li]
        target = HALL if dest == "h" else cfg.room_index[dest]
        if target == start:
            return "round_house.move.steps", "a leader may not stay where it is"
        if target != HALL and target in self.occupied():
            return "round_house.move.one-per-room", f"{dest} already holds a leader"
        if target not in ahead(cfg, start):
            return "round_house.move.clockwise", (f"{dest} is not ahead of {self._room_name(start)}: leaders move "
                                                  "only clockwise, through passages and down stairs in the "
                                                  "direction of their arrow")
        return "round_house.move.steps", f"{dest} is more than 3 counted steps away"

    def _why_use(self, arg):
        sid = arg.split(".")[0]
        cfg, p = self.cfg, self.seat
        if self.phase != SPEC or self.spec_used or sid not in self.specs[p]:
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

    def _why_room(self, arg):
        if self.phase != ROOM:
            return "round_house.turn.phases", f"room actions come after the move, not now ({self.phase})"
        if self.room is None:
            return "round_house.move.hall", "a leader in the ancestral hall worships: there is no room action"
        if self.left <= 0:
            return "round_house.effect.double", ("the room action is taken once, or twice only with an "
                                                 "investment in the room")
        kind = self.kinds[self.room]
        if kind == "great_hall" and arg == "copy" and self.money[self.seat] >= self.cfg.costs["great_hall"]:
            others = [r for ls in self.leaders for r in ls if r != HALL and self.kinds[r] != "great_hall"]
            if not others:
                in_hall = any(r == HALL for ls in self.leaders for r in ls)
                return (("round_house.room.copy-hall", "leaders in the ancestral hall stand in no room to copy")
                        if in_hall else ("round_house.room.copy-self", "the great hall cannot copy itself"))
        choices = ", ".join(self.room_options(self.room, self.seat)) or "none affordable"
        return ROOM_RULE[kind], f"not possible in the {kind.replace('_', ' ')} now (possible: {choices})"

    def _why_copy(self, arg):
        if arg == "h":
            return "round_house.room.copy-hall", "a leader in the ancestral hall stands in no room to copy"
        room = arg.split(":")[0]
        r = self.cfg.room_index.get(room)
        if r is None or not any(r in ls for ls in self.leaders):
            return "round_house.room.greathall", f"no leader stands in {room}"
        if self.kinds[r] == "great_hall":
            return "round_house.room.copy-self", "the great hall cannot copy itself"
        possible = ", ".join(x for x in self.copy_options(self.seat) if x.startswith(f"copy:{room}")) or "none"
        return ROOM_RULE[self.kinds[r]], f"{room}'s action is not possible now (possible: {possible})"

    def _why_sale(self, arg):
        r = self.cfg.room_index.get(arg.split(".")[0])
        kind = None if r is None else self.kinds[r]
        if kind in ("retail", "wholesale") and not self.cfg.sell_all_markets:
            return "round_house.specialist.sell-markets", ("a specialist sells only to rooms named 'market' "
                                                           "(option specialist_markets='all' adds the retail and "
                                                           "wholesale markets)")
        if r is not None and any(t == f"sell!{r}" for t in self.tasks):
            return "round_house.specialist.sell-markets", "the second sale goes to another market room"
        return "round_house.specialist.sell", "that space is not an empty market space for a good you may sell"

