"""The Round House rules: turn phases, legal actions and their effects.

Rooms live in rooms.py, views/JSON in views.py / position.py. Every effect that needs a choice becomes a
*task* (a short string) on the current player's task list; the player resolves tasks in any order or
forfeits the rest with `done` (round_house.room.action). Priority tasks (an order draw, a discard over the
specialist limit) must be resolved first.
"""
from __future__ import annotations

import functools
import re
from itertools import chain

from ...core import rng
from ...core.errors import IllegalAction, NotationError, clip
from ...core.state import State
from .board import ahead, cell_name, move_actions, reach, worship_ends
from .config import GOLD, GOOD_LETTER, HALL, sale_terms
from .position import PositionMixin
from .rooms import RoomMixin
from .views import ViewMixin

SPEC, MOVE, WORSHIP, FAMILY, ROOM, ORDERS, OVER = "spec", "move", "worship", "family", "room", "orders", "over"
PHASES = (SPEC, MOVE, WORSHIP, FAMILY, ROOM, ORDERS, OVER)
DUP = ("dup0", "dup1", "dup2", "dup3")  # pending extra good of a goods order, by good
DUP_GOOD = {t: k for k, t in enumerate(DUP)}
_HALL = frozenset((HALL,))

_R = r"(?:h|[oi]\d{1,2})"
NOTATION = re.compile(
    r"^(?:skip|done|end|do|do:[a-z0-9]+|use:S\d\d(?:\.\d)?|\d>" + _R + r"|temple:\d|fam:\d|line:[a-j]\d{1,2}"
    r"|good:[fct]|car:\d|(?:inv|perm):[oi]\d{1,2}|pir:P\d\d|spec:S\d\d|amu:A\d\d|ex:(?:rec|car|inv|gold)"
    r"|take:[oi]\d{1,2}:[fctg]|bm[+-][fctg]|copy:(?:h|[oi]\d{1,2}(?::[a-z0-9]+)?)|sell:[oi]\d{1,2}\.\d(?::[fctg])?"
    r"|ord:(?:O\d\d|A\d\d|deck|no)|disc:S\d\d|order:O\d\d|dup:[fctg])$")

# what each kind of token looks like, for notation errors (the package docstring says what each does)
FORMS = {
    ">": "N>room: leader N (1 or 2) to a room o1..o10, i1..i6 or h (the hall), e.g. 1>o5",
    "use": "use:Snn (use:S06.1 / use:S06.2 for one side of an either/or card), e.g. use:S03",
    "temple": "temple:N, e.g. temple:2", "fam": "fam:N (a town), e.g. fam:1",
    "line": "line:<row a-d><column 1-5>, e.g. line:b3", "do": "do, or do:<choice> such as do:gold or do:2",
    "good": "good:f, good:c or good:t (fruit, celadon, tea)", "car": "car:N (paid moves), e.g. car:1",
    "inv": "inv:<room>, e.g. inv:o3", "perm": "perm:<room>, e.g. perm:o3", "pir": "pir:Pnn, e.g. pir:P04",
    "spec": "spec:Snn, e.g. spec:S12", "amu": "amu:Ann, e.g. amu:A07", "ex": "ex:rec, ex:car, ex:inv or ex:gold",
    "take": "take:<room>:<good>, e.g. take:o3:f", "bm": "bm+<good> to buy or bm-<good> to sell, e.g. bm+t",
    "copy": "copy:<room> or copy:<room>:<choice>, e.g. copy:o5:gold",
    "sell": "sell:<room>.<space> or sell:<room>.<space>:<good>, e.g. sell:o3.2",
    "ord": "ord:Onn, ord:Ann, ord:deck or ord:no, e.g. ord:O07", "disc": "disc:Snn, e.g. disc:S01",
    "order": "order:Onn, e.g. order:O06", "dup": "dup:<good>, e.g. dup:t",
}
EXPECTED = ("expected one token: 1>o5 (move a leader), use:S03, skip, temple:2, fam:1, line:b3, do, do:gold, good:t, "
            "car:1, inv:o3, perm:o3, pir:P04, spec:S12, amu:A07, ex:rec, take:o3:f, bm+t, bm-f, copy:o5:gold, "
            "sell:o3.2, ord:O07, ord:deck, ord:no, disc:S01, order:O06, dup:t, done or end")


def notation_error(text: str) -> NotationError:
    """What was wrong with `text` and what a token of that kind looks like."""
    shown = repr(clip(text, 40))
    m = re.match(r"(?:\d>|([a-z]+))", text)
    kind = ">" if m and not m.group(1) else (m.group(1) if m else None)
    if kind == "bm" or (kind or "").startswith("bm"):
        kind = "bm"
    if kind in FORMS:
        return NotationError(f"{shown} is not Round House notation: write {FORMS[kind]}")
    return NotationError(f"{shown} is not Round House notation; {EXPECTED}")


FIELDS = ("cfg", "seed", "rng", "money", "points", "goods", "board", "res", "leaders", "specs", "amulets",
          "spec_amulets", "taken", "gone", "hand", "done", "towns", "chairs", "elders", "slots", "kinds",
          "out_tiles", "counting",
          "supply", "bank", "caravan", "grid", "end_amulet", "amu_up", "amu_deck", "pir_up", "pir_deck",
          "pir_disc", "spec_up", "spec_deck", "spec_disc", "ord_up", "ord_deck", "temples", "marker", "seat",
          "phase", "turn", "room", "left", "tasks", "prio", "used", "spec_used", "fam_town", "end_seat",
          "final")
# the lists a state holds: lists of lists (copied two levels deep before a change) and flat lists
_NESTED = frozenset(("goods", "leaders", "specs", "amulets", "spec_amulets", "taken", "hand", "done", "towns",
                     "chairs", "elders", "slots"))
_FLAT = frozenset(("money", "points", "board", "res", "gone", "supply", "grid", "amu_up",
                   "amu_deck", "pir_up", "pir_deck", "pir_disc", "spec_up", "spec_deck", "spec_disc", "ord_up",
                   "ord_deck", "temples", "tasks", "prio", "used"))

TASK_OF = {"good": "good", "car": "car", "inv": "inv", "perm": "inv", "pir": "pir", "spec": "spec", "amu": "amu",
           "ex": "ex", "take": "take", "copy": "copy", "sell": "sell", "dup": "dup"}
TASK_RULE = {"good": "round_house.effect.good", "car": "round_house.effect.caravan",
             "inv": "round_house.effect.invest", "pir": "round_house.effect.pirate",
             "spec": "round_house.room.specialist", "amu": "round_house.order.amulet-instead",
             "ex": "round_house.room.exchange", "take": "round_house.room.warehouse",
             "bm": "round_house.room.blackmarket", "copy": "round_house.room.greathall",
             "sell": "round_house.specialist.sell", "ord": "round_house.order.draw",
             "disc": "round_house.specialist.limit", "dup": "round_house.order.optional"}
ROOM_RULE = {"goods": "round_house.room.goods", "gold_pirate": "round_house.room.goldpirate",
             "market": "round_house.room.market", "specialist": "round_house.room.specialist",
             "counting_house": "round_house.room.counting", "great_hall": "round_house.room.greathall",
             "retail": "round_house.room.retail", "wholesale": "round_house.room.wholesale",
             "bank": "round_house.room.bank", "black_market": "round_house.room.blackmarket",
             "exchange": "round_house.room.exchange", "meeting_hall": "round_house.room.meeting",
             "warehouse": "round_house.room.warehouse"}


class RoundHouseState(PositionMixin, RoomMixin, ViewMixin, State):
    """A Round House position. Never mutate one: `apply` returns a new state."""

    game_name = "round_house"
    # _own: the list fields this state may change in place (None: all of them); see _mut
    __slots__ = FIELDS + ("_legal", "_own")

    # ---- contract ---------------------------------------------------------------------------
    @property
    def current_player(self):
        return None if self.phase == OVER else self.seat

    @property
    def is_terminal(self):
        return self.phase == OVER

    def parse_action(self, text) -> str:
        if not isinstance(text, str):
            raise NotationError(f"an action is text, got {type(text).__name__}")
        text = text.strip()
        if not NOTATION.match(text):
            raise notation_error(text)
        if text not in self.legal_actions():
            raise self._why_illegal(text)
        return text

    def _checked(self, action) -> str:
        """`action` as a legal action's text; raises if it is not one."""
        return self.parse_action(action) if action not in self.legal_actions() else action

    def apply(self, action) -> RoundHouseState:
        a = self._checked(action)
        s = self._share()
        s._do(a)
        return s

    def apply_in_place(self, action) -> None:
        """apply() on this scratch state itself (core State.scratch): the lists it took from the state it
        was made from are copied on their first change (_mut), then changed in place."""
        a = self._checked(action)
        self._legal = None
        self._do(a)

    def scratch(self) -> RoundHouseState:
        return self._share()

    def _share(self) -> RoundHouseState:
        """A copy for `apply` that shares every list with this state until it changes one (see _mut): most
        actions touch only a few of them."""
        return _SHARE(self)

    def _copy(self) -> RoundHouseState:
        """A copy that shares no list with this state."""
        s = _SHARE(self)
        for name in _NESTED | _FLAT:
            s._mut(name)
        s._own = None
        return s

    def _mut(self, name: str) -> list:
        """The list field `name`, to change in place: first copied (two levels deep for a list of lists) if
        this state still shares it with the state it was applied to. Effects change lists only through it."""
        v = getattr(self, name)
        own = self._own
        if own is None or name in own:
            return v
        v = [x[:] for x in v] if name in _NESTED else v[:]
        setattr(self, name, v)
        own.add(name)
        return v

    # ---- small helpers ----------------------------------------------------------------------
    def _rand(self, n: int) -> int:
        self.rng, k = rng.below(self.rng, n)
        return k

    def occupied(self) -> frozenset:
        return frozenset(chain.from_iterable(self.leaders)) - _HALL

    def reachable(self, leader: int, seat: int | None = None) -> dict:
        """Room id ('h' for the hall) -> steps, for `seat`'s leader number `leader` (0-based)."""
        seat = self.seat if seat is None else seat
        return dict(reach(self.cfg, self.leaders[seat][leader], self.occupied()))

    def elder_mask(self, p: int) -> int:
        return sum(1 << c for c, e in enumerate(self.elders) if p in e)

    def chairs_of(self, p: int) -> int:
        return sum(1 for ch in self.chairs for (q, _perm) in ch if q == p)

    def _active_orders(self, p, ability):
        """Completed orders of `p` with this ability, usable now (round_house.order.ability-next-turn)."""
        cfg = self.cfg
        return [o for o, t in self.done[p] if t < self.turn and cfg.orders[o].ability == ability]

    def _trigger_order(self, p, ability, use=True) -> bool:
        """Use (or, without `use`, look for) one unused completed order with `ability` this turn
        (round_house.order.ability-once)."""
        for o in self._active_orders(p, ability):
            if o not in self.used:
                if use:
                    self._mut("used").append(o)
                return True
        return False

    def _passive(self, p, effect) -> bool:
        """A passive specialist of `p` fires at most once per turn (round_house.specialist.passive)."""
        sid = self.cfg.passive_of.get(effect)
        if sid is not None and sid in self.specs[p] and sid not in self.used:
            self._mut("used").append(sid)
            return True
        return False

    # ---- gains -------------------------------------------------------------------------------
    def gain_money(self, p, n):
        self._mut("money")[p] += n
        self.bank -= n

    def pay(self, p, n, to_counting=False):
        self._mut("money")[p] -= n
        if to_counting:
            self.counting += n
        else:
            self.bank += n

    def gain_points(self, p, n):
        """Points move the score marker; each order mark passed or reached gives a draw (round_house.order.draw)."""
        if n <= 0:
            return
        old = self.points[p]
        self._mut("points")[p] = old + n
        if self.phase != OVER:
            for m in self.cfg.marks:
                if old < m <= old + n:
                    self._mut("prio").append("ord")

    def gain_goods(self, p, k, n=1, hooks=True):
        """Goods come from the limited supply (round_house.supply.goods)."""
        n = min(n, self.supply[k])
        if n <= 0:
            return 0
        self._mut("supply")[k] -= n
        self._mut("goods")[p][k] += n
        if hooks:
            self.goods_hooks(p, k)
        return n

    def goods_hooks(self, p, k):
        """Passive specialists (round_house.specialist.passive) react to a gain of goods; an unused goods order
        (round_house.order.abilities) offers one more of that kind, which the player may take or keep for a
        later gain this turn (round_house.order.optional)."""
        if k == GOLD and self._passive(p, "gold_p2"):
            self.gain_points(p, 2)
        if k != GOLD and self._passive(p, "goods_p1"):
            self.gain_points(p, 1)
        if self.phase != OVER and self._trigger_order(p, "goods", use=False):
            t = DUP[k]
            if t not in self.tasks:
                self._mut("tasks").append(t)

    def lose_goods(self, p, k, n=1):
        self._mut("goods")[p][k] -= n
        self._mut("supply")[k] += n

    def return_workers(self, p, n):
        """Workers sent back 'to the worker supply' leave play, or with returned_workers='board' go back onto
        free spaces of the personal board (round_house.effect.return)."""
        self._mut("res")[p] -= n
        back = min(n, self.cfg.board_spaces - self.board[p]) if self.cfg.return_to_board else 0
        self._mut("board")[p] += back
        self._mut("gone")[p] += n - back

    def held_specialists(self, p) -> int:
        """Cards counted against the limit of three (round_house.specialist.limit); used amulet-type ones
        count only with amulet_specialist_slot='occupied' (round_house.specialist.amulet-slot)."""
        return len(self.specs[p]) + (len(self.spec_amulets[p]) if self.cfg.amulet_slot else 0)

    def recruit(self, p):
        """Take the leftmost worker off the personal board (round_house.effect.recruit)."""
        if self.board[p] > 0:
            self._mut("board")[p] -= 1
            self._mut("res")[p] += 1

    def reward(self, p, bundle, mult=1, effects=True):
        """Apply a reward bundle; choices become tasks. Without `effects`, recruit/invest/caravan are
        dropped (round_house.specialist.sell)."""
        for tok, n in bundle:
            n *= mult
            if tok == "money":
                self.gain_money(p, n)
            elif tok == "points":
                self.gain_points(p, n)
            elif tok in ("fruit", "cel", "tea", "gold"):
                self.gain_goods(p, ("fruit", "cel", "tea", "gold").index(tok), n)
            elif tok == "rec":
                if effects:
                    for _ in range(n):
                        self.recruit(p)
            elif tok in ("car", "inv"):
                if effects:
                    self._mut("tasks").extend([tok] * n)
            elif tok in ("good", "pir", "spec", "amu"):
                self._mut("tasks").extend([tok] * n)

    def take_specialist(self, p, sid):
        if self._passive(p, "specialist_p2"):
            self.gain_points(p, 2)
        self._mut("specs")[p].append(sid)
        self._mut("taken")[p].append(sid)  # a record for statistics only: no rule reads it
        if self.held_specialists(p) > self.cfg.disp["max_specialists"]:
            self._mut("prio").append("disc")

    def refill(self, up, deck, size, disc=None):
        """Refill a face-up row from its deck; an empty deck is reshuffled from `disc` if given (the names
        of the three list fields)."""
        up, deck, disc = self._mut(up), self._mut(deck), disc and self._mut(disc)
        while len(up) < size:
            if not deck and disc:
                self.rng, fresh = rng.shuffled(self.rng, sorted(disc))
                deck.extend(fresh)
                disc.clear()
            if not deck:
                break
            up.append(deck.pop())

    # ---- legal action generation -------------------------------------------------------------
    def _generate(self) -> list:
        ph = self.phase
        if ph == OVER:
            return []
        if self.prio:
            return self._prio_options()
        p = self.seat
        if ph == SPEC:
            if self.spec_used:
                return self._task_actions() + ["done"]
            return self._use_options(p) + ["skip"]
        if ph == MOVE:
            return move_actions(self.cfg, tuple(self.leaders[p]), self.occupied())
        if ph == WORSHIP:
            acts = [f"temple:{i + 1}" for i, f in enumerate(self.temples) if not f]
            return acts + [f"fam:{t + 1}" for t in range(len(self.cfg.towns))]
        if ph == FAMILY:
            n = self.towns[self.fam_town][p]
            _placed, cells = worship_ends(self.cfg, self.elder_mask(p), n)
            return [f"line:{cell_name(self.cfg, c)}" for c in cells]
        if ph == ROOM:
            acts = self.room_options(self.room, p) if self.left > 0 else []
            return acts + self._task_actions() + ["done"]
        if ph == ORDERS:
            return [f"order:{o}" for o in sorted(self.hand[p]) if self._can_pay(p, o)] + ["end"]
        return []

    def _can_pay(self, p, o) -> bool:
        return all(h >= c for h, c in zip(self.goods[p], self.cfg.order_cost[o]))

    def _prio_options(self) -> list:
        p = self.seat
        if self.prio[0] == "disc":  # an old card: the one just taken (the last) stays (round_house.specialist.limit)
            old = self.specs[p][:-1] + (self.spec_amulets[p] if self.cfg.amulet_slot else [])
            return [f"disc:{s}" for s in old]
        acts = [f"ord:{o}" for o in self.ord_up]
        if self.ord_deck:
            acts.append("ord:deck")
        acts += [f"ord:{a}" for a in self.amu_up]
        return acts + ["ord:no"]

    def _use_options(self, p) -> list:
        cfg = self.cfg
        acts = []
        for sid in self.specs[p]:
            kind = cfg.spec_kind[sid]
            if kind == "passive":
                continue
            alts = cfg.spec_effect[sid]
            for i, b in enumerate(alts):
                if self._usable(p, b):
                    acts.append(f"use:{sid}" if len(alts) == 1 else f"use:{sid}.{i + 1}")
        return acts

    def _usable(self, p, bundle) -> bool:
        for tok, _n in bundle:
            if tok == "ret" and self.res[p] < 1:
                return False  # round_house.specialist.effects: a worker must be returned
            if tok.startswith("sell") and not self._sale_options(p, tok):
                return False
        return True

    def _task_actions(self) -> list:
        out, seen = [], set()
        for t in self.tasks:
            if t in seen:
                continue
            seen.add(t)
            for a in self.task_options(t):
                if a not in out:
                    out.append(a)
        return out

    def task_options(self, t) -> list:
        p, cfg = self.seat, self.cfg
        if t == "good":
            return [f"good:{GOOD_LETTER[k]}" for k in range(3) if self.supply[k] > 0]
        if t == "car":
            if self.res[p] < 1:
                return []
            return [f"car:{k}" for k in range(min(len(cfg.towns) - 1, self.money[p]) + 1)]
        if t == "inv":
            if self.res[p] < 1:
                return []
            free = [r for r in range(len(cfg.room_ids)) if len(self.chairs[r]) < cfg.chairs[r]]
            return [f"{m}:{cfg.room_ids[r]}" for m in ("inv", "perm") for r in free]
        if t == "pir":
            return [f"pir:{x}" for x in self.pir_up]
        if t == "spec":
            return [f"spec:{x}" for x in self.spec_up]
        if t == "amu":
            return [f"amu:{x}" for x in self.amu_up]
        if t == "ex":
            return ["ex:rec", "ex:car", "ex:inv", "ex:gold"]
        if t == "take":
            return self.take_options()
        if t == "bm":
            return self.black_market_options(p)
        if t == "copy":
            return self.copy_options(p)
        if t.startswith("sell"):
            return self._sale_options(p, t)
        if t in DUP_GOOD:
            k = DUP_GOOD[t]
            if self.supply[k] > 0 and self._trigger_order(p, "goods", use=False):
                return [f"dup:{GOOD_LETTER[k]}"]
        return []

    def _sale_options(self, p, t) -> list:
        """Specialist sales (round_house.specialist.sell): a good onto an empty space of a room named 'market'
        (sell:o3.2), or with specialist_markets='all' also onto the leftmost empty space of the retail or
        wholesale market, naming the good (sell:o8.1:t) (round_house.specialist.sell-markets)."""
        cfg = self.cfg
        want, _mult, banned = sale_terms(t)
        g = self.goods[p]
        out = []
        for r, kind in enumerate(self.kinds):
            if r == banned:
                continue
            if kind == "market":
                for i, (k, _rw) in enumerate(cfg.markets[cfg.market_of[r]]):
                    if self.slots[r][i] < 0 and g[k] > 0 and (want is None or want == k):
                        out.append(f"sell:{cfg.room_ids[r]}.{i + 1}")
            elif cfg.sell_all_markets and kind in ("retail", "wholesale") and -1 in self.slots[r]:
                i = self.slots[r].index(-1)
                out += [f"sell:{cfg.room_ids[r]}.{i + 1}:{GOOD_LETTER[k]}" for k in range(4)
                        if g[k] > 0 and (want is None or want == k)]
        return out

    # ---- illegal input -----------------------------------------------------------------------
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

    # ---- effects -----------------------------------------------------------------------------
    def _do(self, a: str):
        p = self.seat
        if self.prio and a.startswith(("ord:", "disc:")):
            self._resolve_prio(p, a)
        elif a == "skip":
            self._to_move()
        elif a == "done":
            self.tasks = []
            if self.phase == SPEC:
                self._to_move()
            else:
                self.refill_warehouse()
                self._to_orders()
        elif a == "end":
            self._end_turn()
        elif a.startswith("use:"):
            self._use(p, a)
        elif ">" in a:
            self._move(p, a)
        elif a.startswith("temple:"):
            self._small_temple(p, int(a[7:]) - 1)
        elif a.startswith("fam:"):
            self._family(p, int(a[4:]) - 1)
        elif a.startswith("line:"):
            self._line(p, a[5:])
        elif a == "do" or a.startswith("do:"):
            self.execute_room(p, a)
        elif a.startswith("order:"):
            self._complete(p, a[6:])
        else:
            self._resolve_task(p, a)
        self._settle()

    def _settle(self):
        """Advance automatically past phases with nothing left to decide."""
        if self.phase == OVER or self.prio:
            return
        if self.phase == SPEC and self.spec_used and not self._task_actions():
            self._to_move()
        if self.phase == ROOM:
            self.refill_warehouse()
            tasks = self._task_actions()
            room = self.room_options(self.room, self.seat) if self.left > 0 else []
            if not tasks and not room:
                self._to_orders()
            else:  # still in the room phase: its legal actions, as _generate lists them, are known
                self._legal = tuple(room + tasks + ["done"])
        if self.phase == ORDERS and not self._order_stop(self.seat):
            self._end_turn()

    def _order_stop(self, p) -> bool:
        """Whether the order phase waits for `p` (to complete orders or `end`), decided from public information
        only, so that neither whose turn it is nor the actions offered reveal the secret hand
        (round_house.hidden.orders): `p` holds at least one order (the hand size is public) and some order whose
        place is not public (neither face up nor completed: in a hand, the deck or the box) could be paid with
        `p`'s goods (which are public)."""
        if not self.hand[p]:
            return False
        payable = payable_orders(self.cfg, tuple(self.goods[p]))
        if not payable:
            return False
        public = set(self.ord_up).union(x for d in self.done for x, _t in d)  # face up or completed
        return any(o not in public for o in payable)

    def _start_turn(self):
        self.used = []
        self.spec_used = False
        self.tasks = []
        self.room, self.left, self.fam_town = None, 0, None
        self.phase = SPEC if self._use_options(self.seat) else MOVE
        if self.phase == SPEC:
            return
        self._settle()

    def _to_move(self):
        self.tasks = []
        self.phase = MOVE

    def _to_orders(self):
        """The room phase ends. With investment_return='room_end' a normal investment used for the second
        execution returns its worker only now (round_house.effect.invest-return)."""
        if self.used and self.cfg.return_at_room_end:
            self.return_used_chairs(self.seat)
        self.tasks = []
        self.left = 0
        self.phase = ORDERS

    def _end_turn(self):
        n = self.cfg.players
        nxt = (self.seat + 1) % n
        if self.end_seat is not None and nxt == self.end_seat:
            self.finish()
            return
        self.seat = nxt
        self.turn += 1
        self._start_turn()

    def _use(self, p, a):
        """One specialist per turn (round_house.specialist.use)."""
        cfg = self.cfg
        body = a[4:]
        sid, alt = (body.split(".") + ["1"])[:2]
        bundle = cfg.spec_effect[sid][int(alt) - 1]
        self.spec_used = True
        self._mut("specs")[p].remove(sid)
        if cfg.spec_kind[sid] == "amulet":
            self._mut("spec_amulets")[p].append(sid)  # round_house.specialist.amulet
        else:
            self._mut("spec_disc").append(sid)  # round_house.specialist.oneshot
        for tok, n in bundle:
            if tok == "ret":  # round_house.effect.return
                self.return_workers(p, n)
            elif tok == "others":
                for q in range(cfg.players):
                    if q != p:
                        self.gain_money(q, 1)
            elif tok == "book":
                self.gain_money(p, self.res[p] + 1)
            elif tok.startswith("sell"):
                self._mut("tasks").extend([tok] * n)
            else:
                self.reward(p, ((tok, n),))

    def _move(self, p, a):
        li, dest = a.split(">")
        li = int(li) - 1
        if dest == "h":
            self._mut("leaders")[p][li] = HALL
            self.phase = WORSHIP  # round_house.move.hall
            self.room = None
            if self._trigger_order(p, "worship"):
                self.gain_money(p, 2)
            return
        r = self.cfg.room_index[dest]
        self._mut("leaders")[p][li] = r
        self.room = r
        self.left = 2 if any(q == p for q, _ in self.chairs[r]) else 1  # round_house.effect.double
        self.phase = ROOM

    def _small_temple(self, p, i):
        """round_house.worship.small"""
        self._mut("temples")[i] = True
        self.phase, self.left = ROOM, 0
        self.reward(p, self.cfg.temples[i])

    def _family(self, p, t):
        """round_house.worship.family: advance the round marker, then lay out one town's workers."""
        cfg = self.cfg
        if self.marker < cfg.length:
            self.marker += 1  # round_house.worship.marker
            if self.marker == cfg.length and self.end_seat is None:
                self.end_seat = p  # round_house.end.trigger
                if self.end_amulet is not None:
                    self._mut("amulets")[p].append(self.end_amulet)  # round_house.end.amulet
                    self.end_amulet = None
        if self.towns[t][p] == 0:
            self.phase, self.left = ROOM, 0  # round_house.worship.empty-town
            return
        self.fam_town = t
        self.phase = FAMILY

    def _line(self, p, name):
        """round_house.worship.elder / .score / .rewards"""
        cfg = self.cfg
        cell = ("abcdefghij".index(name[0])) * cfg.cols + int(name[1:]) - 1
        n = self.towns[self.fam_town][p]
        self._mut("towns")[self.fam_town][p] = 0
        self._mut("res")[p] += n - 1
        self._mut("elders")[cell].append(p)
        self.phase, self.left, self.fam_town = ROOM, 0, None
        self.gain_points(p, cfg.cell_points[cell] + self.chairs_of(p))
        for e in cfg.cell_sides[cell]:
            bundle = cfg.edges[e]
            if any(t == "A" for t, _ in bundle):
                slot = cfg.amulet_edges.index(e)
                if self.grid[slot] is not None:
                    self._mut("amulets")[p].append(self.grid[slot])
                    # round_house.worship.refill
                    self._mut("grid")[slot] = self._mut("amu_deck").pop() if self.amu_deck else None
                bundle = tuple(x for x in bundle if x[0] != "A")
            self.reward(p, bundle)

    def _complete(self, p, o):
        """round_house.order.complete"""
        for k, c in enumerate(self.cfg.order_cost[o]):
            if c:
                self.lose_goods(p, k, c)
        self._mut("hand")[p].remove(o)
        self._mut("done")[p].append([o, self.turn])

    def _resolve_prio(self, p, a):
        kind = self._mut("prio").pop(0)
        arg = a.split(":", 1)[1]
        if kind == "disc":
            self._mut("specs" if arg in self.specs[p] else "spec_amulets")[p].remove(arg)
            self._mut("spec_disc").append(arg)
            return
        if arg == "no":
            return
        if arg == "deck":
            self._mut("hand")[p].append(self._mut("ord_deck").pop())
        elif arg.startswith("O"):
            self._mut("ord_up").remove(arg)
            self._mut("hand")[p].append(arg)
            self.refill("ord_up", "ord_deck", self.cfg.disp["orders"])
        else:  # round_house.order.amulet-instead
            self._mut("amu_up").remove(arg)
            self._mut("amulets")[p].append(arg)
            self.refill("amu_up", "amu_deck", self.cfg.disp["amulets"])

    def _resolve_task(self, p, a):
        cfg = self.cfg
        task = next(t for t in self.tasks if a in self.task_options(t))
        self._mut("tasks").remove(task)
        head, _, arg = a.partition(":")
        if head == "good":
            self.gain_goods(p, GOOD_LETTER.index(arg))
        elif head == "car":
            self.dispatch(p, int(arg))
        elif head in ("inv", "perm"):
            self.invest(p, cfg.room_index[arg], head == "perm")
        elif head == "pir":  # round_house.effect.pirate
            self._mut("pir_up").remove(arg)
            self._mut("pir_disc").append(arg)
            self.reward(p, cfg.pirates[cfg.pirate_ids.index(arg)])
            self.refill("pir_up", "pir_deck", cfg.disp["pirates"], "pir_disc")
        elif head == "spec":
            self._mut("spec_up").remove(arg)
            self.take_specialist(p, arg)
            self.refill("spec_up", "spec_deck", cfg.disp["specialists"], "spec_disc")
        elif head == "amu":
            self._mut("amu_up").remove(arg)
            self._mut("amulets")[p].append(arg)
            self.refill("amu_up", "amu_deck", cfg.disp["amulets"])
        elif head == "ex":  # round_house.room.exchange
            if arg == "rec":
                self.recruit(p)
            elif arg == "gold":
                self.gain_goods(p, GOLD)
            else:
                self._mut("tasks").append(arg)
        elif head == "take":
            room, k = arg.split(":")
            self.take_good(p, cfg.room_index[room], GOOD_LETTER.index(k))
        elif a.startswith("bm"):
            self.black_market(p, a)
        elif head == "copy":
            self.copy_room(p, arg)
        elif head == "sell":
            self.specialist_sale(p, task, arg)
        elif head == "dup":  # round_house.order.optional
            self._trigger_order(p, "goods")
            self.gain_goods(p, GOOD_LETTER.index(arg), 1, hooks=False)

    def dispatch(self, p, moves):
        """round_house.effect.caravan: pay 1 per town moved, then station a worker where the caravan is."""
        cfg = self.cfg
        if moves:
            self.pay(p, moves * cfg.costs["caravan_move"])
            self.caravan = (self.caravan + moves) % len(cfg.towns)
        self._mut("res")[p] -= 1
        self._mut("towns")[self.caravan][p] += 1
        if self._trigger_order(p, "caravan"):
            self.gain_money(p, 1)

    def invest(self, p, r, permanent):
        """round_house.effect.invest / .permanent"""
        self._mut("res")[p] -= 1
        self._mut("chairs")[r].append([p, 1 if permanent else 0])
        if self._passive(p, "invest_p3"):
            self.gain_points(p, 3)
        if self._trigger_order(p, "invest"):
            self.gain_points(p, 1)

    # ---- end of game -------------------------------------------------------------------------
    def amulet_points(self, p) -> int:
        cfg = self.cfg
        counts = [0] * len(cfg.amulet_kinds)
        for a in self.amulets[p]:
            counts[cfg.amulet_kind[cfg.amulet_ids.index(a)]] += 1
        for sid in self.spec_amulets[p]:
            counts[cfg.spec_amulet[sid]] += 1
        return best_sets(cfg.set_points, tuple(sorted((c for c in counts if c), reverse=True)))

    def final_breakdown(self, p) -> dict:
        cfg = self.cfg
        exposed = (cfg.board_bonus[0] if self.board[p] <= 1 else 0) + (cfg.board_bonus[1] if self.board[p] == 0 else 0)
        placed = self.chairs_of(p) + sum(t[p] for t in self.towns)
        k = cfg.disp["leftover_ratio"]
        parts = (sum(self.goods[p][:GOLD]), self.goods[p][GOLD], self.res[p], max(self.money[p], 0))
        # round_house.end.leftovers: pooled, or with leftovers='separate' per category
        left = sum(x // k for x in parts) if cfg.leftovers_separate else sum(parts) // k
        return {"amulets": self.amulet_points(p),
                "orders": sum(cfg.orders[o].points for o, _ in self.done[p]),
                "board": exposed, "workers": placed, "leftovers": left}

    def finish(self):
        """round_house.end.*: final scoring; no order draws (round_house.end.no-orders)."""
        self.phase = OVER
        self.prio = []
        self.tasks = []
        self.final = {}
        for p in range(self.cfg.players):
            b = self.final_breakdown(p)
            self.final[str(p)] = b
            self._mut("points")[p] += sum(b.values())

    def scores(self) -> dict:
        return {"seats": list(self.points), "teams": None}

    def winners(self) -> list[int]:
        """round_house.end.tie: most points, then most money, then shared."""
        if self.phase != OVER:
            return []
        best = max(zip(self.points, self.money))
        return [p for p in range(self.cfg.players) if (self.points[p], self.money[p]) == best]


@functools.lru_cache(maxsize=4096)
def payable_orders(cfg, goods: tuple) -> tuple:
    """The orders whose cost `goods` ([fruit, celadon, tea, gold]) could pay, in component-file order."""
    g0, g1, g2, g3 = goods
    return tuple(o for o, (c0, c1, c2, c3) in cfg.order_cost.items() if c0 <= g0 and c1 <= g1 and c2 <= g2 and c3 <= g3)


@functools.lru_cache(maxsize=4096)
def best_sets(points: tuple, counts: tuple) -> int:
    """The best split of amulets (`counts` per kind, descending, no zeros) into sets of different kinds
    (round_house.end.amulets: the player groups them). For a set of k kinds, taking the k most plentiful kinds
    is always as good as any other choice, so only the size is tried."""
    if not counts:
        return 0
    best = 0
    for k in range(1, len(counts) + 1):
        rest = tuple(sorted((c - 1 if i < k else c for i, c in enumerate(counts) if c > 1 or i >= k), reverse=True))
        best = max(best, points[k] + best_sets(points, rest))
    return best


def _share_state(self) -> RoundHouseState:
    """A new state with every field of `self`, lists included (the new state owns none of them yet: _mut).
    Chair and order entries are replaced, never edited; room kinds and the spare tiles never change."""
    s = object.__new__(RoundHouseState)
    s.cfg = self.cfg
    s.seed = self.seed
    s.rng = self.rng
    s.money = self.money
    s.points = self.points
    s.goods = self.goods
    s.board = self.board
    s.res = self.res
    s.leaders = self.leaders
    s.specs = self.specs
    s.amulets = self.amulets
    s.spec_amulets = self.spec_amulets
    s.taken = self.taken
    s.gone = self.gone
    s.hand = self.hand
    s.done = self.done
    s.towns = self.towns
    s.chairs = self.chairs
    s.elders = self.elders
    s.slots = self.slots
    s.kinds = self.kinds
    s.out_tiles = self.out_tiles
    s.counting = self.counting
    s.supply = self.supply
    s.bank = self.bank
    s.caravan = self.caravan
    s.grid = self.grid
    s.end_amulet = self.end_amulet
    s.amu_up = self.amu_up
    s.amu_deck = self.amu_deck
    s.pir_up = self.pir_up
    s.pir_deck = self.pir_deck
    s.pir_disc = self.pir_disc
    s.spec_up = self.spec_up
    s.spec_deck = self.spec_deck
    s.spec_disc = self.spec_disc
    s.ord_up = self.ord_up
    s.ord_deck = self.ord_deck
    s.temples = self.temples
    s.marker = self.marker
    s.seat = self.seat
    s.phase = self.phase
    s.turn = self.turn
    s.room = self.room
    s.left = self.left
    s.tasks = self.tasks
    s.prio = self.prio
    s.used = self.used
    s.spec_used = self.spec_used
    s.fam_town = self.fam_town
    s.end_seat = self.end_seat
    s.final = None if self.final is None else dict(self.final)
    s._legal = None
    s._own = set()
    return s


_SHARE = _share_state
