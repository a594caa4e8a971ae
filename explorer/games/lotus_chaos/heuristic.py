"""Bot hooks: a greedy policy read from the acting seat's view alone (see explorer/bots/base.py).

`rate(view, actions)` reads the acting seat's view only (the tokens, the cards in every play area, the
revealed cards, the accusations), forms a belief about the others' objectives from it (belief.py: what
is certain, where the tokens stand, one card per player) and:

1. plans the whole turn: for every draw (keep a card and give the other, or write a blank card) and every
   first action, it tries every order of up to two cards in hand and the one-hex move and keeps the best
   end of turn;
2. rates the end of a turn: its own objective met (after the first round) wins above everything; an
   objective the others may hold that would be met there loses, weighted by how likely the belief makes
   it; otherwise fewer steps to its own objective is better, and every rival objective that is only a step
   or two short is a threat to block, weighted by the belief;
3. gives away the revealed card that helps the likely holders of the receiver's objectives least;
4. accuses when the belief makes the accused's objective likely enough to be worth the risk (a wrong
   accusation puts you out): at about 85% with six players, less when the accused is close to winning or
   when only two players are left; otherwise it passes;
5. discards, swaps and picks cards by how much a card could move its own objective nearer.

`result_columns(state)` gives explorer.simulate its per-seat columns (objective, how the seat's game ended,
turns played); `NeverAccuseRandomBot` is random play that always passes instead of accusing.
"""
from __future__ import annotations

import functools
import math

from ...bots.random_bot import RandomBot
from ...core import hexgrid as hx
from .actions import ACCUSE, DIRECTIONS, DISCARD, END, GIVE, KEEP, MOVE, PLACE, PLAY, TAKE, WITH, WRITE
from .belief import COUNT, NEED, met, possible, shared_belief, short, shorts
from .board import path

WIN, OUT = 1000.0, -1000.0
READY = 0.0  # the bonus for ending a turn where the own objective is one turn away with the cards in hand
MINE, THREAT, GIFT = 1.0, 6.0, 3.0  # weights: own steps short, a rival objective's nearness, a card given
NEXT = 0.0  # the weight of the next player's nearness to the objectives it may hold, on top of THREAT
ACCUSE_MARGIN, FIND = 1.15, 0.8  # accusations: caution; how likely a player is to find a win it can make
REPLY, REPLY_BUDGET = 500.0, 60  # the next player's possible win: its weight; positions tried per decision
WRITTEN = 0.1  # how likely the next player is to write a given menu card that wins for it
OBJECTIVE_KEYS = (*NEED, *COUNT)


def candidates(view, seat) -> set:
    """The objectives `seat` may hold, as the viewer of `view` can tell for certain (belief.possible)."""
    from .board import board
    return possible(view, seat, board(view["radius"]), view["options"].get("objective_count") == "exactly")


class Reader:
    """One decision, read from the acting seat's view alone: the tokens, the hands, the belief, caches."""

    def __init__(self, view):
        from . import language as L
        from .config import config
        self.view = view
        v = view.get("viewer")
        self.me = v if isinstance(v, int) and v >= 0 else view["current_player"]
        self.cfg = cfg = config(view["players"], view["options"], view.get("data"))
        self.board, self.exact = cfg.board, cfg.exact
        seats = view["seats"]
        self.pos = tuple(tuple(st["hex"]) if st["hex"] else None for st in seats)
        self.numbers = tuple(st["number"] for st in seats)
        self.colours = tuple(st["color"] for st in seats)
        alive = tuple(i for i, st in enumerate(seats) if st["alive"])
        groups = tuple((g["name"], tuple(g["members"])) for g in view["groups"])
        self.table = L.Table(alive, self.numbers, self.colours, groups, cfg.radius, cfg.limit)
        self.key = seats[self.me]["objective"]["key"]
        self.belief = shared_belief(view, self.board, self.exact)
        self.others = [i for i in alive if i != self.me]
        # who may hold each objective other than mine: [(seat, probability)]
        self.holders = {key: [(i, self.belief[i][key]) for i in self.others if self.belief[i].get(key)]
                        for key in cfg.objectives if key != self.key}
        self.check = view["round"] >= 2  # objectives are checked at the end of this turn
        later = [i for i in alive if i > self.me]
        self.next = later[0] if later else alive[0]
        self.next_checked = view["round"] >= 2 or (view["round"] == 1 and self.next < self.me)
        self._shift, self._value, self._who, self._reply, self._hands = {}, {}, {}, {}, {}
        self._imminent, self._ready = None, {}
        self.menu = tuple(L.parse(t) for t in cfg.menu) if view["blanks_left"] else ()

    def program(self, card) -> tuple:
        """A card of the view ({"id", "text", "blank"}) as a program of the card language."""
        from . import language as L
        return L.parse(card["text"]) if card["blank"] else self.cfg.PROGRAM[self.cfg.by_name[card["id"]]]

    def hand(self, seat, used=()) -> frozenset:
        """The programs of `seat`'s cards, less the cards named in `used`."""
        k = (seat, tuple(used))
        out = self._hands.get(k)
        if out is None:
            out = self._hands[k] = frozenset(self.program(c) for c in self.view["seats"][seat]["cards"]
                                             if c["id"] not in used)
        return out

    def seat_of(self, number) -> int | None:
        return self.numbers.index(number) if number in self.numbers else None

    # -- tokens
    def shift(self, pos, program) -> tuple:
        """Where the tokens stand after the movement clauses of `program` (swaps move no token); the
        engine's own movement (ChaosState._movement), without copying a position."""
        k = (pos, program)
        out = self._shift.get(k)
        if out is None:
            out = pos
            for clause in program:
                if clause[0] == "move":
                    out = self._move(out, clause)
            self._shift[k] = out
        return out

    def _move(self, pos, clause) -> tuple:
        _, who, motion, except_centre = clause
        seats = self._who.get(who)
        if seats is None:
            seats = self._who[who] = self.table.select(who)
        goal = None
        if motion[0] in ("token", "colour"):
            s = self.seat_of(motion[1]) if motion[0] == "token" else (
                self.colours.index(motion[1]) if motion[1] in self.colours else None)
            goal = pos[s] if s is not None else None
            if goal is None:
                return pos
        new = list(pos)
        for i in seats:
            h = pos[i]
            if h is None or (except_centre and h == (0, 0)):
                continue
            new[i] = _dest(h, motion, self.cfg.radius, self.cfg.tiebreak, goal)
        return tuple(new)

    def step(self, pos, d, seat=None) -> tuple | None:
        """The tokens after `seat` (default: this one) moves one hex `d`; None off the board."""
        seat = self.me if seat is None else seat
        h = hx.neighbor(pos[seat], d)
        if hx.length(h) > self.cfg.radius:
            return None
        return pos[:seat] + (h,) + pos[seat + 1:]

    # -- ratings
    def nearness(self, key, seat, pos) -> float:
        """1 when `key` is met for a holder at `seat`, halving with every step short."""
        return 0.5 ** short(self.board, key, seat, pos)

    def met(self, sh, key, seat, pos) -> bool:
        """`key` met for a holder at `seat`, from `sh` = shorts(radius, pos)."""
        if key in COUNT:
            return sh[key] == 0
        return sh[key][seat] == 0 and (not self.exact or met(self.board, key, seat, pos, True))

    def threat(self, pos, skip=None) -> float:
        """Belief-weighted nearness of the objectives the other seats may hold (`skip`: leave one out)."""
        t = 0.0
        sh = shorts(self.cfg.radius, pos)
        for key, hold in self.holders.items():
            steps = sh[key]
            if key in COUNT:
                mass = sum(p for i, p in hold if i != skip)
                if mass:
                    t += mass * 0.5 ** steps
            else:
                t += sum(p * 0.5 ** steps[i] for i, p in hold if i != skip)
        return t

    def lost(self, pos) -> float:
        """The chance that another seat's objective is met with the tokens at `pos`."""
        keep = 1.0
        sh = shorts(self.cfg.radius, pos)
        for key, hold in self.holders.items():
            if key in COUNT:
                q = sum(p for _, p in hold) if sh[key] == 0 else 0.0
            else:
                q = sum(p for i, p in hold if self.met(sh, key, i, pos))
            keep *= 1.0 - min(1.0, q)
        return 1.0 - keep

    def standing(self, pos) -> float:
        """No result yet: fewer steps to my objective, and the rivals' objectives (the next player's
        above all) farther from being met."""
        return -MINE * short(self.board, self.key, self.me, pos) - THREAT * self.threat(pos) \
            - (NEXT * self.danger(self.next, pos) if NEXT else 0.0)

    def value(self, pos) -> float:
        """Point 2 of the module doc: the end of this turn with the tokens at `pos`."""
        v = self._value.get(pos)
        if v is None:
            lose = self.lost(pos)
            if self.check and self.met(shorts(self.cfg.radius, pos), self.key, self.me, pos):
                v = WIN * (1.0 - 0.5 * lose)  # a shared win when another objective is met as well
            elif self.check:
                v = OUT * lose + (1.0 - lose) * self.standing(pos)
            else:
                v = self.standing(pos)
            self._value[pos] = v
        return v

    def ends(self, pos, hand, played, moved, memo) -> frozenset:
        """Every way the tokens may stand at the end of this turn from here (point 1): `hand` the programs
        still playable, `played` the cards activated so far this turn, `moved` whether the one-hex move
        is made."""
        k = (pos, hand, played, moved)
        out = memo.get(k)
        if out is None:
            out = {pos} if moved else set()
            if not moved:
                for d in DIRECTIONS:
                    nxt = self.step(pos, d)
                    if nxt is not None:
                        out |= self.ends(nxt, hand, played, True, memo)
            if played < 2:
                for prog in hand:
                    out |= self.ends(self.shift(pos, prog), hand - {prog}, played + 1, moved, memo)
            out = memo[k] = frozenset(out)
        return out

    def best(self, ends, hand, extra=None) -> float:
        """The best of `ends`, each rated by `value`, plus READY if this seat could meet its objective
        from there on its next turn with `hand` (cards stay in the play area once activated), less the
        chance that the next player meets an objective it may hold on its turn (`extra`: a card given to
        it now)."""
        top = -math.inf
        for v, pos in sorted(((self.value(p), p) for p in ends), reverse=True):
            if v + READY <= top:
                break
            top = max(top, v + self.ready(pos, v, hand) - self.reply(pos, v, extra))
        return top

    def ready(self, pos, v, hand) -> float:
        if v >= WIN / 2 or READY == 0:
            return 0.0
        k = (pos, hand)
        got = self._ready.get(k)
        if got is None:
            if len(self._ready) >= REPLY_BUDGET:
                return 0.0
            got = self._ready[k] = READY * len(self.reach(self.stands(pos, hand), self.me, {self.key: 1.0}))
        return got

    def reply(self, pos, v, extra) -> float:
        """What the next player's turn may cost: REPLY times the belief-weighted chance that it can meet
        an objective it may hold with the cards in its hand (`extra`: one given to it now) and its one-hex
        move; a card it would have to write from the written menu counts WRITTEN times per such card."""
        if not self.next_checked or v >= WIN / 2:
            return 0.0
        k = (pos, extra)
        cost = self._reply.get(k)
        if cost is None:
            if len(self._reply) >= REPLY_BUDGET:
                return min(self._reply.values())
            n = self.next
            left = {key: p for key, p in self.belief[n].items() if p > 0.02}
            hand = self.hand(n) | {extra} if extra is not None else self.hand(n)
            chance = dict.fromkeys(self.reach(self.stands(pos, hand), n, left), 1.0)
            for key in chance:
                del left[key]
            for card in self.menu if left else ():
                for key in self.reach(self.stands(pos, hand, card), n, left):
                    chance[key] = chance.get(key, 0.0) + WRITTEN
            q = sum(p * min(1.0, chance.get(key, 0.0)) for key, p in self.belief[n].items())
            lose = self.lost(pos) if self.check else 0.0
            cost = self._reply[k] = REPLY * q * (1.0 - lose)
        return cost

    def stands(self, pos, hand, new=None) -> set:
        """Where the tokens may stand after up to two cards of `hand`, in either order (with `new`: the
        stands that use card `new` and at most one of `hand`)."""
        if new is not None:
            one = self.shift(pos, new)
            return {one} | {self.shift(one, h) for h in hand} | {self.shift(self.shift(pos, h), new) for h in hand}
        out = {pos}
        for prog in hand:
            one = self.shift(pos, prog)
            out.add(one)
            out.update(self.shift(one, second) for second in hand if second != prog)
        return out

    def reach(self, stands, seat, keys) -> set:
        """Which of `keys` `seat` can meet by one one-hex move from one of `stands` (found in the same order
        as trying every move of every stand, from `_moves_meet`)."""
        can, radius, exact = set(), self.cfg.radius, self.exact
        wanted = frozenset(keys)
        for st in stands:
            every, per_move = _moves_meet(radius, exact, st, seat)
            if every & wanted:
                for got in per_move:
                    can.update(key for key in keys if key not in can and key in got)
            if len(can) == len(keys):
                break
        return can

    def worth(self, program) -> float:
        """How much one card could do for this seat now: the standing after it (swaps: unchanged)."""
        pos = self.pos
        return self.standing(self.shift(pos, program)) - self.standing(pos)

    def gift(self, seat, program) -> float:
        """How much a card given to `seat` could bring the objectives it may hold nearer (point 3)."""
        pos = self.pos
        after = self.shift(pos, program)
        return sum(p * max(0.0, self.nearness(key, seat, after) - self.nearness(key, seat, pos))
                   for key, p in self.belief[seat].items())

    def danger(self, seat, pos=None) -> float:
        """Belief-weighted nearness of `seat`'s possible objectives."""
        pos = self.pos if pos is None else pos
        return sum(p * self.nearness(key, seat, pos) for key, p in self.belief[seat].items())

    # -- accusations (point 4)
    def playable(self, players) -> bool:
        """Whether this seat's objective can still be met with `players` tokens on the board."""
        return players >= (COUNT[self.key][1] if self.key in COUNT else NEED[self.key] + 1)

    def imminent(self) -> tuple[int, dict]:
        """The seat whose turn comes next, and {objective: probability} for the objectives it may hold and
        could meet on that turn with the cards in its hand and its one-hex move (none before round 2)."""
        if self._imminent is None:
            t, alive, rnd = self.view["turn"]["seat"], self.table.alive, self.view["round"]
            later = [i for i in alive if i > t]
            u = later[0] if later else alive[0]
            can = {}
            if u != self.me and (rnd >= 2 or (rnd == 1 and u <= t)):
                keys = self.belief[u]
                can = {key: keys[key] for key in self.reach(self.stands(self.pos, self.hand(u)), u, keys)}
            self._imminent = (u, can)
        return self._imminent

    def accuse(self, seat, key) -> float:
        """My chance of winning after accusing `seat` of `key` (point 4): a right guess leaves one rival
        fewer, and stops the next player should it be able to meet `key` on its turn; a wrong one puts me
        out."""
        p = self.belief[seat].get(key, 0.0)
        n = len(self.others) + 1
        if n == 2:
            return p
        u, can = self.imminent()
        danger = 0.0 if seat == u else FIND * sum(can.values())
        return p * (1.0 - danger) / (n - 1) * (1.0 if self.playable(n - 1) else 0.5)

    def pass_value(self) -> float:
        """My chance of winning if I pass, times ACCUSE_MARGIN (caution: the belief is a guess)."""
        n = len(self.others) + 1
        danger = FIND * sum(self.imminent()[1].values())
        return (1.0 - danger) * (0.5 if n == 2 else ACCUSE_MARGIN / n * (1.0 if self.playable(n) else 0.5))


@functools.lru_cache(maxsize=1 << 16)
def _moves_meet(radius, exact, pos, seat) -> tuple[frozenset, tuple]:
    """(the objectives met for a holder at `seat` after one of its one-hex moves from `pos`, those met after
    each move in DIRECTIONS' order): a table for `Reader.reach`, shared by every decision."""
    from .board import board as make_board
    b = make_board(radius)
    out = []
    for d in DIRECTIONS:
        h = hx.neighbor(pos[seat], d)
        if hx.length(h) > radius:
            out.append(frozenset())
            continue
        nxt = pos[:seat] + (h,) + pos[seat + 1:]
        sh = shorts(radius, nxt)
        out.append(frozenset(key for key in OBJECTIVE_KEYS
                             if (sh[key] == 0 if key in COUNT else sh[key][seat] == 0
                                 and (not exact or met(b, key, seat, nxt, True)))))
    return frozenset().union(*out), tuple(out)


@functools.lru_cache(maxsize=1 << 16)
def _dest(h, motion, radius, tiebreak, goal):
    """Where a token at `h` ends under `motion` (`goal`: the target token's hex, for "towards a token")."""
    targets = {motion[:2]: goal} if goal is not None else {}
    p = path(h, motion, radius, targets, tiebreak)
    return p[-1] if p else h


def rate(view, actions) -> list[float]:
    """A score per action (higher is better), read from `view` alone (the module doc says how)."""
    from . import language as L
    r = Reader(view)
    me, cfg, pos = r.me, r.cfg, r.pos
    memo = {}
    out = []
    turn = view["turn"]
    for a in actions:
        k = a.kind
        if k == ACCUSE:
            out.append(r.accuse(r.seat_of(a.a), a.b))
        elif k == PLACE:
            out.append(-_placed_short(r, pos[:me] + (cfg.board.corners[a.a],) + pos[me + 1:]))
        elif k == KEEP:
            kept, given = sorted(view["revealed"], key=lambda c: c["id"] != a.a)
            to = r.seat_of(a.b)
            other = r.program(given)
            hand = r.hand(me) | {r.program(kept)}
            ends = r.ends(pos, hand, 0, False, memo)
            out.append(r.best(ends, hand, other if to == r.next else None) - GIFT * r.gift(to, other))
        elif k == WRITE:
            program = L.parse(a.a)
            verdict = L.check(program, r.table)
            if verdict and cfg.house and verdict[0] in L.SOCIAL:
                verdict = None
            hand = r.hand(me) if verdict else r.hand(me) | {program}
            out.append(r.best(r.ends(pos, hand, 0, False, memo), hand) - (0.25 if verdict else 0.0))
        elif k in (MOVE, PLAY, END):
            hand, full = r.hand(me, turn["activated"]), r.hand(me)
            played = len(turn["activated"])
            if k == MOVE:
                out.append(r.best(r.ends(r.step(pos, a.a), hand, played, True, memo), full))
            elif k == PLAY:
                prog = r.program(_card(view, a.a))
                ends = r.ends(r.shift(pos, prog), hand - {prog}, played + 1, turn["moved"], memo)
                out.append(r.best(ends, full))
            else:
                out.append(r.best({pos}, full))
        elif k in (DISCARD, TAKE, GIVE):
            w = r.worth(r.program(_card(view, a.a)))
            out.append(w if k == TAKE else -w)
        elif k == WITH:
            out.append(r.danger(r.seat_of(a.a)))
        else:  # pass; agree or object (a card the validator passed: let it stand)
            out.append(r.pass_value() if str(a) == "pass" else 0.0 if str(a) == "agree" else -1.0)
    return out


def _card(view, name) -> dict:
    """The card called `name` in a play area of the view."""
    return next(c for st in view["seats"] for c in st["cards"] if c["id"] == name)


def _placed_short(r, pos) -> float:
    """Set-up: how far the placed tokens leave this seat's objective (unplaced ones not counted)."""
    placed = tuple(h for h in pos if h is not None)
    me = sum(1 for h in pos[:r.me] if h is not None)
    return short(r.board, r.key, me, placed)


def own_turns(state) -> list:
    """How many turns each seat has played, read from the final (or any) position; None where the
    position does not tell.

    Turns go left (rising seat index) through the seats still in the game and the round number rises when
    play wraps past the highest seat, so a seat still on the board has played one turn in every earlier
    round and one in the current round if it sits at or before the active seat. The position does not
    record when an eliminated seat went out; its count is known only when it is the one eliminated seat
    (the turn number counts every turn played, so it is the turn number less the others' turns)."""
    n = state.cfg.players
    if state.round < 1:  # set-up: no turn played yet
        return [0] * n
    out = [state.round - 1 + (1 if i <= state.seat else 0) if state.alive[i] else None for i in range(n)]
    gone = [i for i in range(n) if not state.alive[i]]
    if len(gone) == 1:
        out[gone[0]] = state.turn - sum(t for t in out if t is not None)
    return out


def result_columns(state) -> list[dict]:
    """Per seat, for explorer.simulate, read from the final position:

    - colour, number: the seat's token; objective: its objective's key (north centre south purple green blue);
    - result: "won (objective)", "won (last token)", "out (accused)" (a correct accusation against it),
      "out (wrong accusation)" (it accused wrongly), "lost (on board)"; "in play" before the end, "out" for
      a seat out of a hand-written position with no accusation recorded;
    - objective_met: its token is on the board and its objective holds in the final position;
    - accusations: how many accusations it made;
    - own_turns: the turns it played (see `own_turns`: None for an eliminated seat when it cannot be told);
    - rounds, turns: the round the game ended in and the number of turns played by everyone (the same on
      every row of a game; for a seat that won by its objective, when it was completed).
    """
    cfg = state.cfg
    won = set(state.winners())
    by_objective = state.is_terminal and (state.outcome or "").startswith("objective")
    accused = {b for _, b, _, ok in state.accusations if ok}
    wrong = {a for a, _, _, ok in state.accusations if not ok}
    turns = own_turns(state)
    rows = []
    for i in range(cfg.players):
        if i in won:
            result = "won (objective)" if by_objective else "won (last token)"
        elif not state.alive[i]:  # a hand-written position may have a seat out with no accusation recorded
            result = "out (accused)" if i in accused else "out (wrong accusation)" if i in wrong else "out"
        else:
            result = "lost (on board)" if state.is_terminal else "in play"
        rows.append({"colour": state.colour[i], "number": state.number[i],
                     "objective": cfg.objectives[state.objective[i]], "result": result,
                     "objective_met": bool(state.alive[i] and state.objective_met(i)),
                     "accusations": sum(1 for a, *_ in state.accusations if a == i),
                     "own_turns": turns[i], "rounds": state.round, "turns": state.turn})
    return rows


class NeverAccuseRandomBot(RandomBot):
    """Random play that never accuses: a uniformly random legal action, except that in the accusation
    window it always passes. (With six tokens on the board a uniformly random player picks one of 30
    accusations rather than the one pass; a guess names one of six objectives and a wrong one puts the
    accuser out, so games between random players usually end with the last token on the board.) Defined
    here rather than in a notebook so that `simulate(..., backend="processes")` can send it to workers."""

    name = "random (never accuses)"

    def _pick(self, actions):
        return super()._pick([a for a in actions if not str(a).startswith("accuse")] or actions)
