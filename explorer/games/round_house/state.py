"""The Round House rules: turn phases, legal actions and their effects.

The parts: notation.py (the action grammar), phases.py, resources.py (gains and payments), rooms.py (the
thirteen room actions), diagnose.py with rule_tables.py (why an action is illegal), scoring.py (the end),
copier.py (the copy `apply` makes), views.py and position.py (views and JSON).

Every effect that needs a choice becomes a *task* (a short string) on the current player's task list; the
player resolves tasks in any order or forfeits the rest with `done` (round_house.room.action). Priority
tasks (an order draw, a discard over the specialist limit) must be resolved first.
"""
from __future__ import annotations

from ...core.action import Action
from ...core.state import State
from .actions import (
    AMU,
    CAR,
    DISC,
    DONE,
    DUP,
    END,
    EXCHANGES,
    FAM,
    GOOD,
    INVEST,
    LINE,
    ORD,
    ORDER,
    PIR,
    SELL,
    SKIP,
    SPECIALIST,
    TEMPLE,
    USE,
    action,
)
from .board import cell_name, move_actions, worship_ends
from .config import GOLD, GOOD_LETTER, HALL, sale_terms
from .copier import FIELDS, FLAT, NESTED, share_state
from .diagnose import why_illegal
from .phases import DUP_GOOD, FAMILY, MOVE, ORDERS, OVER, PHASES, ROOM, SPEC, WORSHIP
from .position import PositionMixin
from .resources import ResourceMixin
from .rooms import RoomMixin
from .scoring import ScoringMixin, best_sets, payable_orders
from .views import ViewMixin

__all__ = ["RoundHouseState", "PHASES", "best_sets", "payable_orders"]


class RoundHouseState(PositionMixin, RoomMixin, ResourceMixin, ScoringMixin, ViewMixin, State):
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

    def parse_action(self, text) -> Action:
        """Notation (or an Action) -> the legal action it names here (NotationError/IllegalAction if none)."""
        a = action(text)
        legal = self.legal_actions()
        try:
            return legal[legal.index(a)]  # the interned value, found by identity or else by text
        except ValueError:
            raise why_illegal(self, str(a)) from None

    def _checked(self, a) -> Action:
        """`a` (an action or its text) as the legal action it names here; raises if none."""
        return a if a.__class__ is Action and a in self.legal_actions() else self.parse_action(a)

    def legal_actions(self) -> tuple:
        acts = self._legal
        if acts is None:
            acts = self._legal = tuple(self._generate())
        return acts

    def _thaw(self) -> None:
        """A scratch state about to change in place (core State.apply_in_place): the lists it took from the
        state it was made from are copied on their first change (_mut), then changed in place."""
        self._legal = None

    # the copy `apply` changes (core State._fork): it shares every list with this state until it changes one
    # (see _mut), as most actions touch only a few of them
    _fork = _share = share_state

    def _copy(self) -> RoundHouseState:
        """A copy that shares no list with this state."""
        s = share_state(self)
        for name in NESTED | FLAT:
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
        v = [x[:] for x in v] if name in NESTED else v[:]
        setattr(self, name, v)
        own.add(name)
        return v


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
                return self._task_actions() + [DONE]
            return self._use_options(p) + [SKIP]
        if ph == MOVE:
            return move_actions(self.cfg, tuple(self.leaders[p]), self.occupied())
        if ph == WORSHIP:
            acts = [TEMPLE[i + 1] for i, f in enumerate(self.temples) if not f]
            return acts + [FAM[t + 1] for t in range(len(self.cfg.towns))]
        if ph == FAMILY:
            n = self.towns[self.fam_town][p]
            _placed, cells = worship_ends(self.cfg, self.elder_mask(p), n)
            return [LINE[cell_name(self.cfg, c)] for c in cells]
        if ph == ROOM:  # round_house.room.action: the room's action(s) and tasks in any order, or done
            acts = self.room_options(self.room, p) if self.left > 0 else []
            return acts + self._task_actions() + [DONE]
        if ph == ORDERS:  # round_house.order.several: each payable order, until end
            return [ORDER[o] for o in sorted(self.hand[p]) if self._can_pay(p, o)] + [END]
        return []

    def _can_pay(self, p, o) -> bool:
        return all(h >= c for h, c in zip(self.goods[p], self.cfg.order_cost[o]))

    def _prio_options(self) -> list:
        p = self.seat
        if self.prio[0] == "disc":  # an old card: the one just taken (the last) stays (round_house.specialist.limit)
            old = self.specs[p][:-1] + (self.spec_amulets[p] if self.cfg.amulet_slot else [])
            return [DISC[s] for s in old]
        acts = [ORD[o] for o in self.ord_up]  # round_house.order.draw-choice: face up or the deck's top
        if self.ord_deck:
            acts.append(ORD["deck"])
        acts += [ORD[a] for a in self.amu_up]
        return acts + [ORD["no"]]

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
                    acts.append(USE[sid] if len(alts) == 1 else USE[f"{sid}.{i + 1}"])
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
            return [GOOD[GOOD_LETTER[k]] for k in range(3) if self.supply[k] > 0]
        if t == "car":
            if self.res[p] < 1:
                return []
            # round_house.caravan.max: up to three towns (once round), each paid
            return [CAR[k] for k in range(min(len(cfg.towns) - 1, self.money[p]) + 1)]
        if t == "inv":
            if self.res[p] < 1:
                return []
            free = [r for r in range(len(cfg.room_ids)) if len(self.chairs[r]) < cfg.chairs[r]]
            return [INVEST[m][cfg.room_ids[r]] for m in ("inv", "perm") for r in free]
        if t == "pir":
            return [PIR[x] for x in self.pir_up]
        if t == "spec":
            return [SPECIALIST[x] for x in self.spec_up]
        if t == "amu":
            return [AMU[x] for x in self.amu_up]
        if t == "ex":
            return EXCHANGES[:]
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
                return [DUP[GOOD_LETTER[k]]]
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
                        out.append(SELL[f"{cfg.room_ids[r]}.{i + 1}"])
            elif cfg.sell_all_markets and kind in ("retail", "wholesale") and -1 in self.slots[r]:
                i = self.slots[r].index(-1)
                out += [SELL[f"{cfg.room_ids[r]}.{i + 1}:{GOOD_LETTER[k]}"] for k in range(4)
                        if g[k] > 0 and (want is None or want == k)]
        return out


    # ---- effects -----------------------------------------------------------------------------
    def _effects(self, act: Action):
        a = act.text  # the engine reads the token as a plain str
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
                self._legal = tuple(room + tasks + [DONE])
        if self.phase == ORDERS and not self._order_stop(self.seat):
            self._end_turn()

    def _order_stop(self, p) -> bool:
        """Whether the order phase waits for `p` (to complete orders or `end`), decided from public information
        only, so that neither whose turn it is nor the actions offered reveal the secret hand
        (round_house.hidden.orders): `p` holds at least one order (the hand size is public) and some order whose
        place is not public (neither face up nor completed: in a hand, the deck or the box) could be paid with
        `p`'s goods (which are public)."""
        if not self.hand[p]:  # round_house.hidden.orders: from the public hand size and goods only
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
        nxt = (self.seat + 1) % n  # round_house.turn.order: the next player clockwise
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
        if self.marker < cfg.length:  # round_house.worship.after-end: on the end space it stays, the worship goes on
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
        """Lay the town's workers in a line ending at cell `name`: the last stays as an elder."""
        cfg = self.cfg
        cell = ("abcdefghij".index(name[0])) * cfg.cols + int(name[1:]) - 1
        n = self.towns[self.fam_town][p]
        self._mut("towns")[self.fam_town][p] = 0
        self._mut("res")[p] += n - 1  # round_house.worship.elder: the others back to the resource area
        self._mut("elders")[cell].append(p)  # round_house.worship.elder
        self.phase, self.left, self.fam_town = ROOM, 0, None
        self.gain_points(p, cfg.cell_points[cell] + self.chairs_of(p))  # round_house.worship.score
        for e in cfg.cell_sides[cell]:  # round_house.worship.rewards: the four sides
            bundle = cfg.edges[e]
            if any(t == "A" for t, _ in bundle):
                slot = cfg.amulet_edges.index(e)
                if self.grid[slot] is not None:  # round_house.worship.rewards: an empty amulet side, nothing
                    self._mut("amulets")[p].append(self.grid[slot])
                    # round_house.worship.refill
                    self._mut("grid")[slot] = self._mut("amu_deck").pop() if self.amu_deck else None
                bundle = tuple(x for x in bundle if x[0] != "A")
            self.reward(p, bundle)

    def _complete(self, p, o):
        """Pay an order's goods; its points wait for the final scoring."""
        for k, c in enumerate(self.cfg.order_cost[o]):  # round_house.order.complete
            if c:
                self.lose_goods(p, k, c)
        self._mut("hand")[p].remove(o)
        self._mut("done")[p].append([o, self.turn])  # round_house.order.points-end: no points now

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
            # round_house.specialist.reshuffle: an empty deck is shuffled anew from the discards
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
