"""The rules: legal actions and their effects. Views and JSON live in views.py / position.py."""
from __future__ import annotations

import functools
from itertools import compress

from ...core import hexgrid as hx
from ...core.errors import NotationError
from ...core.rng import fast_shuffled as shuffled
from ...core.state import State
from . import language as L
from .actions import (
    ACCUSE,
    AGREE,
    DIRECTIONS,
    DISCARD,
    END,
    GIVE,
    KEEP,
    MOVE,
    OBJECT,
    PASS,
    PLACE,
    PLAY,
    TAKE,
    WITH,
    WRITE,
    Action,
    action,
    make,
)
from .board import BLUE, GREEN, PURPLE, path
from .position import PositionMixin
from .views import ViewMixin

SETUP, DRAW, ACT, ACCUSE_PHASE, OVER = range(5)
PHASES = ("setup", "draw", "actions", "accusations", "over")

END_ACTION, PASS_ACTION = make(END), make(PASS)
VOTE_ACTIONS = [make(AGREE), make(OBJECT)]


@functools.lru_cache(maxsize=4096)
def _verdict(program, alive, numbers, colours, groups, radius, limit):
    """L.check on the table these make (the same table as ChaosState.table())."""
    return L.check(program, L.Table(alive, numbers, colours, groups, radius, limit))


@functools.cache
def _places(free) -> tuple:
    return tuple(make(PLACE, d) for d in free)


@functools.cache
def _writes(menu) -> tuple:
    return tuple(make(WRITE, t) for t in menu)


@functools.cache
def _moves(h, radius) -> tuple:
    """The one-hex moves from h that stay on the board (lotus_chaos.move.on-board)."""
    return tuple(make(MOVE, d) for d in DIRECTIONS if hx.length(hx.neighbor(h, d)) <= radius)


@functools.cache
def _accusations(number, objectives) -> tuple:
    return tuple(make(ACCUSE, number, k) for k in objectives)


def _put(row: tuple, i: int, value) -> tuple:
    return row[:i] + (value,) + row[i + 1:]


class ChaosState(PositionMixin, ViewMixin, State):
    """A position of Lotus, the six-player chaos game. Never mutate one: `apply` returns a new state."""

    game_name = "lotus_chaos"
    __slots__ = ("cfg", "seed", "rs", "colour", "number", "objective", "pos", "alive", "areas", "texts",
                 "deck", "discard", "revealed", "groups", "phase", "seat", "round", "turn", "moved",
                 "activated", "queue", "window", "accusations", "notice", "winners_", "outcome", "_legal")

    # ---- contract ------------------------------------------------------------------------------------
    @property
    def current_player(self):
        if self.phase == OVER:
            return None
        if self.queue:
            return self.queue[0][1]
        if self.phase == ACCUSE_PHASE:
            return self.window[0]
        return self.seat

    @property
    def is_terminal(self):
        return self.phase == OVER

    def parse_action(self, text) -> Action:
        return self._legal_one(action(text))

    def _legal_one(self, a: Action) -> Action:
        if a.game != "lotus_chaos":  # another game's action: read as text here
            return self.parse_action(str(a))
        legal = self.legal_actions()
        if a in legal:  # identity, or else the text: the legal (interned) value
            return legal[legal.index(a)]
        if a.kind == WRITE and self._can_write():
            return a
        from .diagnose import why_illegal  # only on the illegal path (diagnose imports the phases here)
        raise why_illegal(self, a)

    def _checked(self, a) -> Action:
        """`a` (an action or its text) as a legal action of this state; raises if it is not one."""
        if a.__class__ is not Action:
            return self.parse_action(a)
        legal = self.legal_actions()
        try:  # the legal value itself (found by identity; an equal text of another game's action is not it)
            return legal[legal.index(a)]
        except ValueError:
            return self.parse_action(a)

    def _effects(self, a) -> None:
        """The effects of `a` (core State.apply), then what follows by itself: they replace the fields they
        change, never editing what a copy shares, so they run the same on a fork and on a scratch state."""
        _EFFECTS[a.kind](self, a)
        self._run()

    def _thaw(self) -> None:
        self._legal = None

    # ---- helpers ----------------------------------------------------------------------------------------
    def _copy(self) -> ChaosState:
        s = object.__new__(ChaosState)
        s.cfg, s.seed, s.rs, s.colour, s.number = self.cfg, self.seed, self.rs, self.colour, self.number
        s.objective, s.pos, s.alive, s.areas, s.texts = self.objective, self.pos, self.alive, self.areas, self.texts
        s.deck, s.discard, s.revealed, s.groups = self.deck, self.discard, self.revealed, self.groups
        s.phase, s.seat, s.round, s.turn, s.moved = self.phase, self.seat, self.round, self.turn, self.moved
        s.activated, s.queue, s.window, s.accusations = self.activated, self.queue, self.window, self.accusations
        s.notice, s.winners_, s.outcome, s._legal = self.notice, self.winners_, self.outcome, None
        return s

    _fork = _copy  # the copy apply changes (core State._fork)

    def alive_seats(self) -> tuple:
        return tuple(compress(range(len(self.alive)), self.alive))

    def table(self) -> L.Table:
        return L.Table(self.alive_seats(), self.number, self.colour, self.groups, self.cfg.radius, self.cfg.limit)

    def seat_of_number(self, n):
        for i, x in enumerate(self.number):
            if x == n:
                return i
        return None

    def name(self, seat) -> str:
        return f"{self.colour[seat].capitalize()} {self.number[seat]}"

    seat_name = name  # core State.seat_name

    def card_name(self, c) -> str:
        return self.cfg.NAME[c]

    def program(self, c) -> tuple:
        cfg = self.cfg
        return cfg.PROGRAM[c] if c < cfg.nprinted else L.parse(self.texts[c - cfg.nprinted])

    def free_blanks(self) -> list:
        n = self.cfg.nprinted
        return [n + i for i, t in enumerate(self.texts) if t is None]

    def _can_write(self) -> bool:
        return self.phase == DRAW and not self.queue and any(t is None for t in self.texts)

    def _left_of(self, seat, step=1):
        """The next seat still in the game to the left (step 1) or right (step -1)."""
        n = self.cfg.players
        i = seat
        for _ in range(n):
            i = (i + step) % n
            if self.alive[i]:
                return i
        return seat

    # ---- legal actions ----------------------------------------------------------------------------------
    def _generate(self) -> list:
        ph = self.phase
        if ph == OVER:
            return []
        if self.queue:
            return self._task_options(self.queue[0])
        cfg = self.cfg
        if ph == SETUP:
            corners = cfg.board.corners
            return _places(tuple(d for d in DIRECTIONS if corners[d] not in self.pos))
        if ph == DRAW:
            others = [self.number[i] for i in self._order_from(self.seat) if i != self.seat]
            acts = [make(KEEP, cfg.NAME[c], n) for c in self.revealed for n in others]
            if any(t is None for t in self.texts):
                acts += _writes(cfg.menu)
            return acts
        if ph == ACT:
            acts = []
            if not self.moved:
                h = self.pos[self.seat]
                acts += _moves(h, cfg.radius)
            if len(self.activated) < 2:
                acts += [make(PLAY, cfg.NAME[c]) for c in self.areas[self.seat] if c not in self.activated]
            if self.moved:
                acts.append(END_ACTION)
            return acts
        seat = self.window[0]
        acts = [PASS_ACTION]
        for i in self._order_from(seat):
            if i != seat:
                acts += _accusations(self.number[i], cfg.objectives)
        return acts

    def _order_from(self, seat) -> list:
        n = self.cfg.players
        return [(seat + k) % n for k in range(n) if self.alive[(seat + k) % n]]

    def _task_options(self, task) -> list:
        kind = task[0]
        NAME = self.cfg.NAME
        if kind == "discard":
            return [make(DISCARD, NAME[c]) for c in self.areas[task[1]] if c != task[2]]
        if kind == "partner":
            return [make(WITH, self.number[i]) for i in task[3]]
        if kind == "vote":
            return list(VOTE_ACTIONS)
        # swap: ("swap", decider, activator, partner, clause, k, picks_a, picks_p)
        return [make(TAKE if task[4][1] == ("take",) else GIVE, NAME[c]) for c in self._pick_options(task)]

    def _eligible(self, seat, clause) -> list:
        kind = clause[3]
        n = self.cfg.nprinted
        # lotus_chaos.swap.blank-included, lotus_chaos.write.swap-blank-trade: unless the clause names a kind,
        # printed and blank cards are both eligible, so a blank may be traded for a printed card
        return [c for c in self.areas[seat] if kind is None or (c >= n) == (kind == "blank")]

    def _pick_options(self, task) -> list:
        _, decider, act, partner, clause, k, pa, pp = task
        take = clause[1] == ("take",)  # lotus_chaos.write.swap-take, lotus_chaos.write.swap-give
        if decider == act and len(pa) < k:
            pool, picked = self._eligible(partner if take else act, clause), pa
        else:
            pool, picked = self._eligible(act if take else partner, clause), pp
        return [c for c in pool if c not in picked]

    # ---- effects --------------------------------------------------------------------------------------------
    def _place(self, a):  # lotus_chaos.setup.corners
        self.pos = _put(self.pos, self.seat, self.cfg.board.corners[a.a])
        if None not in self.pos:
            self.seat, self.round, self.turn = 0, 1, 1  # lotus_chaos.setup.start-player: seat 0 starts
            self._start_turn()
        else:
            self.seat += 1  # lotus_chaos.setup.corner-order: in seat order, each on a free corner

    def _keep(self, a):  # lotus_chaos.draw.give
        cfg = self.cfg
        mine = cfg.by_name[a.a]
        other = next(c for c in self.revealed if c != mine)
        to = self.seat_of_number(a.b)
        self.revealed = ()
        self.phase = ACT
        self._gain(self.seat, mine)
        self._gain(to, other)

    def _write(self, a):  # lotus_chaos.draw.blank, lotus_chaos.write.reject
        self.discard = self.discard + self.revealed
        self.revealed = ()
        self.phase = ACT
        program = L.parse(a.a)
        verdict = _verdict(program, self.alive_seats(), self.number, self.colour, self.groups, self.cfg.radius,
                           self.cfg.limit)
        if verdict and self.cfg.house and verdict[0] in L.SOCIAL:  # lotus_chaos.write.house-rules
            verdict = None
        if verdict:
            self.notice = verdict
            return
        self.notice = None
        if self.cfg.table_vote:  # lotus_chaos.write.table: the other players judge it now
            text = L.render(program)
            self.queue = tuple(("vote", i, text) for i in self._order_from(self.seat) if i != self.seat)
            return
        self._accept(program)

    def _accept(self, program):  # lotus_chaos.write.accept
        b = self.free_blanks()[0]
        self.texts = _put(self.texts, b - self.cfg.nprinted, L.render(program))
        for g in L.groups_of(program):  # lotus_chaos.groups.created
            if not isinstance(g, str) and g[2] is not None and g[1] not in dict(self.groups):
                seats = tuple(sorted(self.seat_of_number(n) for n in g[2]))
                self.groups = self.groups + ((g[1], seats),)
        self._gain(self.seat, b)

    def _gain(self, seat, c):  # lotus_chaos.limit.five
        area = self.areas[seat]
        self.areas = _put(self.areas, seat, tuple(sorted(area + (c,))))
        if len(area) + 1 > self.cfg.limit:
            self.queue = self.queue + (("discard", seat, c),)

    def _drop(self, seat, c):
        """A card leaves a play area: printed to the discard pile, blank erased to the supply."""
        self.areas = _put(self.areas, seat, tuple(x for x in self.areas[seat] if x != c))
        self._bin(c)

    def _bin(self, c):
        n = self.cfg.nprinted
        if c >= n:  # lotus_chaos.limit.discard
            self.texts = _put(self.texts, c - n, None)
        else:
            self.discard = self.discard + (c,)

    def _discard(self, a):
        task = self.queue[0]
        self.queue = self.queue[1:]
        self._drop(task[1], self.cfg.by_name[a.a])

    def _play(self, a):  # lotus_chaos.act.two
        c = self.cfg.by_name[a.a]
        self.activated = self.activated + (c,)  # lotus_chaos.act.persist: the card stays in the play area
        self.queue = self.queue + (("exec", self.seat, self.program(c)),)

    def _move(self, a):  # lotus_chaos.move.mandatory
        self.pos = _put(self.pos, self.seat, hx.neighbor(self.pos[self.seat], a.a))
        self.moved = True

    def _end(self, _a):
        self._end_turn()

    def _with(self, a):  # lotus_chaos.swap.partner
        task = self.queue[0]
        self.queue = (("pair", task[1], self.seat_of_number(a.a), task[2]),) + self.queue[1:]

    def _pick(self, a):  # lotus_chaos.swap.pick
        _, decider, act, partner, clause, k, pa, pp = self.queue[0]
        c = self.cfg.by_name[a.a]
        if decider == act and len(pa) < k:
            pa = pa + (c,)
        else:
            pp = pp + (c,)
        self.queue = (("swap", decider, act, partner, clause, k, pa, pp),) + self.queue[1:]

    def _accuse(self, a):  # lotus_chaos.accuse.correct, lotus_chaos.accuse.wrong
        accuser = self.window[0]
        accused = self.seat_of_number(a.a)
        correct = self.cfg.objectives[self.objective[accused]] == a.b
        self.accusations = self.accusations + ((accuser, accused, a.b, correct),)
        self._eliminate(accused if correct else accuser)
        self._next_in_window()

    def _pass(self, _a):
        self._next_in_window()

    def _agree(self, _a):  # lotus_chaos.write.table
        task = self.queue[0]
        self.queue = self.queue[1:]
        if not self.queue or self.queue[0][0] != "vote":
            self._accept(L.parse(task[2]))

    def _object(self, _a):  # lotus_chaos.write.table, lotus_chaos.write.reject
        voter = self.queue[0][1]
        self.queue = tuple(t for t in self.queue if t[0] != "vote")
        self.notice = ("lotus_chaos.write.table", f"{self.name(voter)} objects: the table finds the card outside "
                       "the rule boundaries")

    # ---- the task queue (decisions inside an activation, discards for the card limit) -----------------
    def _run(self):
        """Carry out queued tasks until one needs a decision; then, in the actions phase, end the turn
        if nothing is left to do."""
        while self.queue:
            task = self.queue[0]
            kind = task[0]
            if kind == "exec":
                self.queue = self.queue[1:]
                clauses = task[2]
                if clauses:
                    more = self._clause(task[1], clauses[0])
                    rest = (("exec", task[1], clauses[1:]),) if len(clauses) > 1 else ()
                    self.queue = more + rest + self.queue
                continue
            if kind == "pair":
                self.queue = self.queue[1:]
                self.queue = self._pair(task[1], task[2], task[3]) + self.queue
                continue
            if kind == "swap":
                _, decider, act, partner, clause, k, pa, pp = task
                if len(pa) < k:
                    opts = self._pick_options(("swap", act, act, partner, clause, k, pa, pp))
                    if len(opts) + len(pa) <= k:
                        pa = pa + tuple(opts)
                    decider = act
                if len(pa) >= k and len(pp) < k:
                    opts = self._pick_options(("swap", partner, act, partner, clause, k, pa, pp))
                    if len(opts) + len(pp) <= k:
                        pp = pp + tuple(opts)
                    decider = partner
                if len(pa) >= k and len(pp) >= k:
                    self.queue = self.queue[1:]
                    take = clause[1] == ("take",)
                    # take: pa are partner's cards the activator takes; give: pa are the activator's own
                    give_a, give_p = (pp, pa) if take else (pa, pp)
                    self._exchange(act, partner, give_a, give_p)
                    continue
                self.queue = (("swap", decider, act, partner, clause, k, pa, pp),) + self.queue[1:]
                break
            break  # discard / partner: a decision
        if self.phase == ACT and not self.queue and self.moved:
            playable = len(self.activated) < 2 and any(c not in self.activated for c in self.areas[self.seat])
            if not playable:
                self._end_turn()

    def _clause(self, seat, clause) -> tuple:
        """Carry out one clause; return the tasks it needs (decisions come first in the queue)."""
        k = clause[0]
        if k == "move":
            self._movement(clause)
            return ()
        if k == "pass":  # lotus_chaos.pass.hands
            step = 1 if clause[1] == "left" else -1
            alive = self.alive_seats()
            areas = list(self.areas)
            for i in alive:
                areas[self._left_of(i, step)] = self.areas[i]
            self.areas = tuple(areas)
            return ()
        if k == "remove":  # never accepted (lotus_chaos.write.move-on-board); printed cards never remove
            return ()
        if k == "each":  # lotus_chaos.swap.others: each member in turn from the holder makes the swap
            members = set(self.table().select(clause[1]))
            return tuple(("exec", i, (clause[2],)) for i in self._order_from(seat) if i in members)
        partner = clause[4]
        pk = partner[0]
        if pk == "deck":
            self._deck_swap(seat, clause)
            return ()
        if pk in ("left", "right"):  # lotus_chaos.write.swap-players: the holder (or each member) and partners
            other = self._left_of(seat, 1 if pk == "left" else -1)
            return (("pair", seat, other, clause),) if other != seat else ()
        if pk in ("player", "colour"):  # only with house rules
            other = self.seat_of_number(partner[1]) if pk == "player" else (
                self.colour.index(partner[1]) if partner[1] in self.colour else None)
            ok = other is not None and other != seat and self.alive[other]
            return (("pair", seat, other, clause),) if ok else ()
        table = self.table()
        cands = [i for i in self._order_from(seat) if i != seat]
        if pk in ("a", "each"):
            members = set(table.select(partner[1]))
            cands = [i for i in cands if i in members]
        if not cands:
            return ()
        if pk == "each":
            return tuple(("pair", seat, i, clause) for i in cands)
        if len(cands) == 1:
            return (("pair", seat, cands[0], clause),)
        return (("partner", seat, clause, tuple(cands)),)

    def _pair(self, act, partner, clause) -> tuple:  # lotus_chaos.swap.shortfall
        amount = clause[2]
        ea, ep = self._eligible(act, clause), self._eligible(partner, clause)
        if amount == "hands":  # lotus_chaos.swap.whole-hands
            if self.cfg.complete_hands or len(ea) == len(ep):
                self._exchange(act, partner, tuple(ea), tuple(ep))
                return ()
            n = min(len(ea), len(ep))  # one for one: as many cards as the smaller hand holds
        else:
            n = amount[1] if isinstance(amount, tuple) else amount
        k = min(n, len(ea), len(ep))
        if k <= 0:
            return ()
        if clause[1] == ("blind",):  # lotus_chaos.write.swap-blind
            self.rs, ea = shuffled(self.rs, ea)
            self.rs, ep = shuffled(self.rs, ep)
            self._exchange(act, partner, tuple(ea[:k]), tuple(ep[:k]))
            return ()
        return (("swap", act, act, partner, clause, k, (), ()),)

    def _exchange(self, a, b, from_a, from_b):  # lotus_chaos.limit.swap-exception: one for one, counts unchanged
        """a gives the cards from_a to b and receives from_b (blank cards keep their text)."""
        areas = list(self.areas)
        areas[a] = tuple(sorted([c for c in areas[a] if c not in from_a] + list(from_b)))
        areas[b] = tuple(sorted([c for c in areas[b] if c not in from_b] + list(from_a)))
        self.areas = tuple(areas)

    def _deck_swap(self, seat, clause):  # lotus_chaos.swap.deck
        n = self.cfg.nprinted
        mine = [c for c in self.areas[seat] if c < n]
        amount = clause[2]
        want = len(mine) if amount == "hands" else amount[1] if isinstance(amount, tuple) else amount
        k = min(want, len(mine), len(self.deck) + len(self.discard))
        if k <= 0:
            return
        self.rs, mine = shuffled(self.rs, mine)
        got = tuple(self._draw() for _ in range(k))
        give = tuple(mine[:k])
        self.deck = give + self.deck  # to the bottom
        self.areas = _put(self.areas, seat, tuple(sorted([c for c in self.areas[seat] if c not in give]
                                                         + list(got))))

    def _movement(self, clause, record=None):  # lotus_chaos.movement.clamp, lotus_chaos.movement.simultaneous
        _, who, motion, except_centre = clause
        table = self.table()
        seats = table.select(who)
        targets = {}
        if motion[0] == "token":
            s = self.seat_of_number(motion[1])
            targets[("token", motion[1])] = self.pos[s] if s is not None and self.alive[s] else None
        elif motion[0] == "colour":
            s = self.colour.index(motion[1]) if motion[1] in self.colour else None
            targets[("colour", motion[1])] = self.pos[s] if s is not None and self.alive[s] else None
        pos = list(self.pos)
        for i in seats:
            h = self.pos[i]
            if except_centre and h == hx.CENTRE:  # lotus_chaos.movement.except-centre
                continue
            p = path(h, motion, self.cfg.radius, targets, self.cfg.tiebreak)
            if p:
                pos[i] = p[-1]
                if record is not None:
                    record.append({"seat": i, "from": list(h), "to": list(p[-1]),
                                   "path": [list(h)] + [list(x) for x in p]})
        self.pos = tuple(pos)

    # ---- the deck -------------------------------------------------------------------------------------------
    def _draw(self) -> int:  # lotus_chaos.deck.reshuffle
        if not self.deck:
            self.rs, d = shuffled(self.rs, self.discard)
            self.deck, self.discard = tuple(d), ()
        c = self.deck[-1]
        self.deck = self.deck[:-1]
        return c

    # ---- turn structure ---------------------------------------------------------------------------------------
    def _start_turn(self):  # lotus_chaos.turn.reveal
        self.phase = DRAW
        self.moved = False
        self.activated = ()
        self.revealed = (self._draw(), self._draw())

    def _end_turn(self):
        # lotus_chaos.objective.after-accusations: checked here, before the accusation window opens
        if self.round >= 2:  # lotus_chaos.objective.first-round
            met = [i for i in self._order_from(self.seat) if self.objective_met(i)]
            if met:  # lotus_chaos.objective.check, lotus_chaos.objective.simultaneous
                self.winners_ = tuple(sorted(met if self.cfg.shared_win else met[:1]))
                self.outcome = "objective: " + ", ".join(
                    f"{self.name(i)} ({self.cfg.objectives[self.objective[i]]})" for i in self.winners_)
                self.phase = OVER
                return
        # lotus_chaos.accuse.window
        self.window = tuple(self._order_from(self.seat)) if self.cfg.accuse_all else (self.seat,)
        self.phase = ACCUSE_PHASE

    def _next_in_window(self):
        self.window = tuple(i for i in self.window[1:] if self.alive[i])
        alive = self.alive_seats()
        if len(alive) <= 1:  # lotus_chaos.end.last-token
            self.winners_, self.window = alive, ()
            self.outcome = "last token on the board: " + ", ".join(self.name(i) for i in alive)
            self.phase = OVER
            return
        if self.window:
            return
        nxt = self._left_of(self.seat)  # lotus_chaos.turn.left
        if nxt <= self.seat:
            self.round += 1
        self.seat = nxt
        self.turn += 1
        self.notice = None
        self._start_turn()

    def _eliminate(self, seat):  # lotus_chaos.accuse.reveal, lotus_chaos.groups.elimination
        self.alive = _put(self.alive, seat, False)
        self.pos = _put(self.pos, seat, None)
        for c in self.areas[seat]:  # lotus_chaos.eliminated.cards
            self._bin(c)
        self.areas = _put(self.areas, seat, ())

    # ---- objectives ------------------------------------------------------------------------------------------
    def objective_met(self, seat) -> bool:  # lotus_chaos.objective.cards, lotus_chaos.objective.count
        cfg = self.cfg
        key = cfg.objectives[self.objective[seat]]
        # lotus_chaos.objective.impossible: only tokens still on the board count, so too few never meet it
        tokens = [self.pos[i] for i in self.alive_seats() if self.pos[i] is not None]
        mine = self.pos[seat]
        if key in ("north", "centre", "south"):
            where = hx.CENTRE if key == "centre" else cfg.board.corners["N" if key == "north" else "S"]
            need = 2 if key == "centre" else 1
            if mine != where:
                return False
            others = sum(1 for h in tokens if h == where) - 1
            return others == need if cfg.exact else others >= need
        zone = cfg.board.zone
        if key == "purple":
            return sum(1 for h in tokens if zone[h] == PURPLE) == 4
        if key == "green":
            return sum(1 for h in tokens if zone[h] == GREEN) == 3
        return sum(1 for h in tokens if zone[h] == BLUE and cfg.board.corner_of[h] not in ("N", "S")) == 2

    # ---- results -----------------------------------------------------------------------------------------------
    def scores(self) -> dict:
        return {"seats": [1 if i in self.winners_ else 0 for i in range(self.cfg.players)], "teams": None}

    def winners(self) -> list[int]:
        return list(self.winners_) if self.phase == OVER else []

    def _key(self) -> tuple:
        return (self.cfg.key, self.seed, self.rs, self.colour, self.number, self.objective, self.pos, self.alive,
                self.areas, self.texts, self.deck, self.discard, self.revealed, self.groups, self.phase, self.seat,
                self.round, self.turn, self.moved, self.activated, self.queue, self.window, self.accusations,
                self.notice, self.winners_, self.outcome)


_EFFECTS = {PLACE: ChaosState._place, KEEP: ChaosState._keep, WRITE: ChaosState._write,
            DISCARD: ChaosState._discard, PLAY: ChaosState._play, MOVE: ChaosState._move, END: ChaosState._end,
            WITH: ChaosState._with, TAKE: ChaosState._pick, GIVE: ChaosState._pick, ACCUSE: ChaosState._accuse,
            PASS: ChaosState._pass, AGREE: ChaosState._agree, OBJECT: ChaosState._object}

__all__ = ["ChaosState", "PHASES", "NotationError"]
