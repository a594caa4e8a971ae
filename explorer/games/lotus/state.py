"""The Lotus rules: legal actions and their effects. Views and JSON live in views.py / position.py."""
from __future__ import annotations

from operator import attrgetter

from ...core.state import State
from .actions import (
    DRAW,
    DRAW_DECK,
    DRAW_WILD,
    ELDER_PIECE,
    EXCH,
    EXCHANGES,
    MOVE,
    MOVES,
    PASS,
    PASS_ACTION,
    PLAY,
    PLUCK,
    POWER,
    TAKE_POWER,
    TAKE_TOKEN,
    TOKEN,
    WILD,
    Action,
    action,
    play,
)
from .config import (
    ACT,
    CHOOSE,
    DRAW_PHASE,
    ELDER,
    FORTUNE,
    GROWTH,
    NOT_OWNED,
    OVER,
    PATH,
    PHASES,
    POWER_BIT,
    REWARD,
    SUPPLY,
)
from .diagnose import why_illegal
from .position import PositionMixin
from .views import ViewMixin

__all__ = ["LotusState", "PHASES"]

_PLAY_CACHE: dict = {}


def _play_options(t, nw, ns, nd, lim):
    key = (t, nw, ns, nd, lim)
    acts = _PLAY_CACHE.get(key)
    if acts is None:
        acts = [play(t, s, d, w)
                for s in range(ns + 1) for d in range(nd + 1) for w in range(nw + 1)
                if 1 <= s + d + w <= lim]
        _PLAY_CACHE[key] = acts
    return acts


_HAND_CACHE: dict = {}  # (hand's card kinds, exchange_wild) -> _hand_entry
_GUARD_MOVES: dict = {}  # (which flowers grow, a seat's guardians) -> _guard_moves
_TEXT = attrgetter("text")
_BARE = (False,) * 5  # no flower growing


def _put(row: tuple, i: int, value) -> tuple:
    """A copy of the tuple `row` with item i replaced."""
    return row[:i] + (value,) + row[i + 1:]


def _hand_entry(kinds: tuple, allow_wild: bool):
    """For a hand (its card kinds): per type held, the plays by room left; its 1-2 card exchanges
    (in text order); and those of one card only (for a deck of one card)."""
    cnt = [0] * 15
    for k in kinds:
        cnt[k] += 1
    rows = tuple((t, PLAYS[t][cnt[3 * t]][cnt[3 * t + 1]][cnt[3 * t + 2]])
                 for t in range(5) if cnt[3 * t] or cnt[3 * t + 1] or cnt[3 * t + 2])
    distinct = [k for k in range(15) if cnt[k] and (allow_wild or k % 3)]
    ones = sorted((EXCHANGES[(k,)] for k in distinct), key=_TEXT)
    found = [EXCHANGES[(k,)] for k in distinct]
    for i, a in enumerate(distinct):
        if cnt[a] >= 2:
            found.append(EXCHANGES[(a, a)])
        found.extend(EXCHANGES[(a, b)] for b in distinct[i + 1:])
    entry = _HAND_CACHE[(kinds, allow_wild)] = (rows, sorted(found, key=_TEXT), ones)
    return entry


def _guard_moves(key) -> list:
    """The guardian moves (lotus.move.incomplete) for key = (which flowers grow, the seat's (i1, i2, elder))."""
    grows, (i1, i2, e) = key
    growing = [t for t in range(5) if grows[t]]
    row = MOVES[0][i1 + 1]
    acts = [row[d] for d in growing if d != i1]
    if i2 != i1:
        row = MOVES[0][i2 + 1]
        acts.extend([row[d] for d in growing if d != i2])
    if e != NOT_OWNED:
        row = MOVES[1][e + 1]
        acts.extend([row[d] for d in growing if d != e])
    _GUARD_MOVES[key] = acts
    return acts


def _play_table():
    """PLAYS[t][nw][ns][nd][lim]: the plays of type t from those cards, at most lim cards."""
    return [[[[[_play_options(t, nw, ns, nd, lim) for lim in range(8)] for nd in range(6)]
              for ns in range(6)] for nw in range(6)] for t in range(5)]


PLAYS = _play_table()


class LotusState(PositionMixin, ViewMixin, State):
    """A Lotus position. Never mutate one: `apply` returns a new state."""

    game_name = "lotus"
    __slots__ = ("cfg", "seed", "hands", "decks", "piles", "flowers", "guards", "tokens", "powers",
                 "display", "wild", "out", "seat", "phase", "left", "plucked", "pending", "final",
                 "turn", "winter", "wmoves", "done", "outcome", "_legal")

    # ---- contract ---------------------------------------------------------------------------
    @property
    def current_player(self):
        ph = self.phase
        if ph == OVER:
            return None
        if ph == REWARD:
            return self.pending[0]
        return self.seat

    @property
    def is_terminal(self):
        return self.phase == OVER

    def parse_action(self, text) -> Action:
        return self._legal_one(action(text, self.cfg.letter_seat))

    def _legal_one(self, a: Action) -> Action:
        """The legal action equal to `a` (the interned value, found by identity or else by text), or IllegalAction."""
        if a.game != "lotus":  # another game's action: read as text here
            return self.parse_action(str(a))
        legal = self.legal_actions()
        try:
            return legal[legal.index(a)]
        except ValueError:
            raise why_illegal(self, a) from None

    def _checked(self, a) -> Action:
        """`a` (an action or its text) as the legal action of this state it names; raises if none."""
        if a.__class__ is not Action:
            return self.parse_action(a)
        legal = self.legal_actions()
        try:  # the legal value itself (found by identity; an equal text of another game's action is not it)
            return legal[legal.index(a)]
        except ValueError:
            return self._legal_one(a)

    def _effects(self, a) -> None:
        """The effects of `a` (core State.apply): they replace the fields they change, never editing what a
        copy shares, so they run the same on a fork and on a scratch state in place."""
        _EFFECTS[a.kind](self, a)

    def _thaw(self) -> None:
        self._legal = None

    # ---- legal action generation ---------------------------------------------------------------
    def _generate(self) -> list:
        ph = self.phase
        cfg = self.cfg
        if ph == ACT:
            return self._action_options()
        if ph == DRAW_PHASE:
            acts = [DRAW_DECK] if self.decks[self.seat] else []
            seen = 0
            for c in self.display:
                t = cfg.TYPE[c]
                if not seen >> t & 1:
                    seen |= 1 << t
                    acts.append(DRAW_WILD[t])
            return acts
        if ph == REWARD:
            return self._reward_options(self.pending[0])
        if ph == CHOOSE:
            have = self.powers[0]
            return [TAKE_POWER[p] for p in cfg.powers if not have & POWER_BIT[p]]
        return []

    def _reward_options(self, seat) -> list:
        cfg = self.cfg
        have = self.powers[seat]
        acts = []
        if cfg.token_limit is None or sum(self.tokens) < cfg.token_limit:
            acts.append(TAKE_TOKEN)
        for p in cfg.powers:
            if not have & POWER_BIT[p] and self._powers_left(p) > 0:
                acts.append(TAKE_POWER[p])
        return acts

    def _powers_left(self, p) -> int:
        bit = POWER_BIT[p]
        return self.cfg.power_supply - sum(1 for m in self.powers if m & bit)

    def _action_options(self) -> list:
        cfg = self.cfg
        p = self.seat
        hand = self.hands[p]
        flowers = self.flowers
        power = self.powers[p]
        if hand:
            # hands are sorted by card id, so their kinds in order are a canonical key
            key = (tuple(map(cfg.KIND.__getitem__, hand)), cfg.exchange_wild)
            rows, ex, ones = _HAND_CACHE.get(key) or _hand_entry(*key)
            maxc = 7 if power & GROWTH else 2
            petals = cfg.petals
            blocked = self.done if cfg.solo and not cfg.longer else ()
            acts = []
            for t, row in rows:
                n = len(flowers[t])
                if not n and t in blocked:  # lotus.solo.no-restart
                    continue
                room = petals[t] - n
                acts += row[room if room < maxc else maxc]
            n = len(self.decks[p])
            if n >= 2:
                acts += ex
            elif n == 1:  # lotus.exchange.new-cards: only as many as the deck can replace
                acts += ones
        else:
            acts = []
        grows = tuple(map(bool, flowers))
        if grows != _BARE:
            key = (grows, self.guards[p])
            moves = _GUARD_MOVES.get(key)
            acts += _guard_moves(key) if moves is None else moves
            if power & FORTUNE and not self.plucked:
                pluck = cfg.PLUCK.__getitem__  # None for a card that may not be plucked
                for f in flowers:
                    if f:
                        once = dict.fromkeys(map(pluck, f))
                        once.pop(None, None)
                        acts += once
        return acts or [PASS_ACTION]

    # ---- effects (each runs on a fresh copy) ------------------------------------------------------
    def _copy(self) -> LotusState:
        s = object.__new__(LotusState)
        s.cfg, s.seed, s.hands, s.decks, s.piles = self.cfg, self.seed, self.hands, self.decks, self.piles
        s.flowers, s.guards, s.tokens, s.powers = self.flowers, self.guards, self.tokens, self.powers
        s.display, s.wild, s.out, s.seat, s.phase = self.display, self.wild, self.out, self.seat, self.phase
        s.left, s.plucked, s.pending, s.final = self.left, self.plucked, self.pending, self.final
        s.turn, s.winter, s.wmoves, s.done, s.outcome = self.turn, self.winter, self.wmoves, self.done, self.outcome
        s._legal = None
        return s

    _fork = _copy  # the copy apply changes (core State._fork)

    def _play(self, a):
        cfg = self.cfg
        p, t = self.seat, a.a
        need = list(a.b)  # wild, single, double
        KIND = cfg.KIND
        base = t * 3
        keep, played = [], []
        for c in self.hands[p]:
            k = KIND[c] - base
            if 0 <= k < 3 and need[k]:
                need[k] -= 1
                played.append(c)
            else:
                keep.append(c)
        self.hands = _put(self.hands, p, tuple(keep))
        flower = self.flowers[t] + tuple(played)
        self.flowers = _put(self.flowers, t, flower)
        if len(flower) == cfg.petals[t]:
            self._complete(t, p)
        self._action_done()

    def _exchange(self, a):
        p = self.seat
        keep, back = [], []
        need = list(a.a)
        KIND = self.cfg.KIND
        for c in self.hands[p]:
            k = KIND[c]
            if k in need:
                need.remove(k)
                back.append(c)
            else:
                keep.append(c)
        deck, n = self.decks[p], len(back)  # it holds at least n cards (lotus.exchange.new-cards)
        keep.extend(deck[-n:])
        self.decks = _put(self.decks, p, tuple(back) + deck[:-n])
        self.hands = _put(self.hands, p, tuple(sorted(keep)))
        self._action_done(winter=True)

    def _move(self, a):
        p = self.seat
        i1, i2, e = self.guards[p]
        if a.a == ELDER_PIECE:
            e = a.c
        elif i1 == a.b:
            i1 = a.c
        else:
            i2 = a.c
        self.guards = _put(self.guards, p, (min(i1, i2), max(i1, i2), e))
        self._action_done(winter=True)

    def _pluck(self, a):
        cfg = self.cfg
        p, t = self.seat, a.a
        owner = cfg.letter_seat[a.b] if a.b else -1
        flower = list(self.flowers[t])
        for i in range(len(flower) - 1, -1, -1):
            c = flower[i]
            if cfg.OWNER[c] == owner and cfg.SYM[c] == a.c:
                del flower[i]
                break
        if cfg.solo:
            self.out = tuple(sorted(self.out + (c,)))
        else:
            self.piles = _put(self.piles, p, tuple(sorted(self.piles[p] + (c,))))
        self.flowers = _put(self.flowers, t, tuple(flower))
        if not flower:
            self._return_guardians(t)
        self.plucked = True
        self._action_done(winter=True)

    def _pass(self, _a):
        if self.cfg.solo and not self.decks[0]:  # lotus.solo.stuck: no draw can change anything
            self.outcome = "defeat: no action was possible"
            self.phase = OVER
            return
        self._action_done()

    def _reward(self, a):
        seat = self.pending[0] if self.phase == REWARD else 0
        if a.kind == TOKEN:
            self.tokens = _put(self.tokens, seat, self.tokens[seat] + 1)
        else:
            bit = POWER_BIT[a.a]
            self.powers = _put(self.powers, seat, self.powers[seat] | bit)
            if bit == ELDER:
                i1, i2, _ = self.guards[seat]
                self.guards = _put(self.guards, seat, (i1, i2, SUPPLY))
        if self.phase == CHOOSE:
            if bin(self.powers[0]).count("1") >= self.cfg.solo_power_count:
                self._solo_deal()
            return
        pending = self.pending[1:]
        while pending and not self._reward_options(pending[0]):  # lotus.tokens.limit: nothing left to take
            pending = pending[1:]
        self.pending = pending
        if not pending:
            self.phase = ACT
            self._after_action()

    def _draw(self, a):
        cfg = self.cfg
        p = self.seat
        hand = self.hands[p]
        if a.kind == DRAW:
            deck = self.decks[p]
            self.decks = _put(self.decks, p, deck[:-1])
            self.hands = _put(self.hands, p, tuple(sorted(hand + (deck[-1],))))
            if len(deck) == 1:
                self._trigger_end()
        else:
            disp = list(self.display)
            for i, c in enumerate(disp):
                if cfg.TYPE[c] == a.a:
                    del disp[i]
                    break
            self.display = tuple(disp)
            self.hands = _put(self.hands, p, tuple(sorted(hand + (c,))))
        self._continue_draw()

    # ---- turn structure ------------------------------------------------------------------------
    def hand_limit(self, seat) -> int:  # lotus.power.path
        return self.cfg.hand_size + (1 if self.powers[seat] & PATH else 0)

    def _action_done(self, winter=False):
        """One of the turn's two actions is spent (winter: it also costs a solo Winter Lotus petal)."""
        self.wmoves += winter
        self.left -= 1
        self._after_action()

    def _after_action(self):
        if self.phase == REWARD or self.phase == OVER:
            return
        if self.left <= 0:
            if self.cfg.solo:
                self._solo_end_turn()
            else:
                self.phase = DRAW_PHASE
                self._continue_draw()

    def _continue_draw(self):
        p = self.seat
        if len(self.hands[p]) < self.hand_limit(p) and (self.decks[p] or self.display):
            self.phase = DRAW_PHASE
            return
        self._end_turn()

    def _end_turn(self):  # lotus.draw.display-refill
        cfg = self.cfg
        need = cfg.display_size - len(self.display)
        if need > 0 and self.wild:
            take = self.wild[-need:]
            self.wild = self.wild[: len(self.wild) - len(take)]
            self.display = tuple(sorted(self.display + take))
        if self.final >= 0:
            if self.final == 0:
                self._finish()
                return
            self.final -= 1
        self.seat = (self.seat + 1) % cfg.players
        self.phase = ACT
        self._new_turn()

    def _new_turn(self):
        self.left = 2
        self.plucked = False
        self.wmoves = 0
        self.turn += 1

    def _trigger_end(self):  # lotus.end.trigger, lotus.end.trigger-timing
        if self.final < 0 and not self.cfg.solo:
            self.final = self.cfg.players

    def influence(self, t) -> list[int]:
        """Guardian symbols on the petals + guardians on the flower (elder counts 2), per seat."""
        cfg = self.cfg
        infl = [0] * cfg.seats
        OWNER, SYM = cfg.OWNER, cfg.SYM
        for c in self.flowers[t]:
            o = OWNER[c]
            if o >= 0:
                infl[o] += SYM[c]
        for seat, (i1, i2, e) in enumerate(self.guards):
            infl[seat] += (i1 == t) + (i2 == t) + 2 * (e == t)
        return infl

    def wild_petals(self, t) -> int:
        OWNER = self.cfg.OWNER
        return sum(1 for c in self.flowers[t] if OWNER[c] < 0)

    def controllers(self, t, infl=None, wild=None) -> list[int]:
        """Seats that control flower t (solo: [0] if the player beats the wildflowers). `infl` and
        `wild` may give the influence and wildflower count to judge instead of the current ones."""
        infl = self.influence(t) if infl is None else infl
        if self.cfg.solo:
            return [0] if infl[0] > (self.wild_petals(t) if wild is None else wild) else []  # lotus.solo.control
        best = max(infl)
        if best <= 0 and not self.cfg.zero_control:  # lotus.complete.zero-influence
            return []
        return [i for i, v in enumerate(infl) if v == best]

    def _return_guardians(self, t):  # lotus.complete.return, lotus.power.empty-flower
        guards = []
        for i1, i2, e in self.guards:
            i1 = SUPPLY if i1 == t else i1
            i2 = SUPPLY if i2 == t else i2
            guards.append((min(i1, i2), max(i1, i2), SUPPLY if e == t else e))
        self.guards = tuple(guards)

    def _complete(self, t, completer):  # lotus.solo.victory, lotus.solo.defeat
        ctrl = self.controllers(t)  # lotus.complete.control
        cards = self.flowers[t]
        self.flowers = _put(self.flowers, t, ())
        self._return_guardians(t)
        if self.cfg.solo:
            self.piles = _put(self.piles, 0, tuple(sorted(self.piles[0] + cards)))
            if not ctrl:
                self.outcome = f"defeat: the {self.cfg.flower_names[t]} was completed without your control"
                self.phase = OVER
                return
            self.done = self.done + (t,)
            if self._solo_won():
                self.outcome = "victory"
                self.phase = OVER
            return
        self.piles = _put(self.piles, completer, tuple(sorted(self.piles[completer] + cards)))  # lotus.complete.pick
        n = self.cfg.players
        order = [(completer + i) % n for i in range(n)]
        # lotus.complete.reward-order
        pending = tuple(s for s in order if s in ctrl and self._reward_options(s))
        if pending:
            self.pending = pending
            self.phase = REWARD

    def _finish(self):  # lotus.end.incomplete, lotus.end.scoring
        """End of game: incomplete flowers go to their controllers, hands go back on decks."""
        cfg = self.cfg
        piles = [list(p) for p in self.piles]
        out = list(self.out)
        for t in range(5):
            cards = self.flowers[t]
            if not cards:
                continue
            ctrl = self.controllers(t)
            share = len(cards) // len(ctrl) if ctrl else 0
            for i, seat in enumerate(ctrl):
                piles[seat].extend(cards[i * share:(i + 1) * share])
            out.extend(cards[share * len(ctrl):])
        self.flowers = ((),) * 5
        self.guards = tuple((SUPPLY, SUPPLY, e if e == NOT_OWNED else SUPPLY) for _, _, e in self.guards)
        self.piles = tuple(tuple(sorted(p)) for p in piles)
        self.out = tuple(sorted(out))
        self.decks = tuple(d + h for d, h in zip(self.decks, self.hands))
        self.hands = ((),) * cfg.players
        self.phase = OVER
        self.outcome = "over"

    # ---- solo ------------------------------------------------------------------------------------
    def _solo_won(self) -> bool:
        if self.cfg.longer:
            return len(self.done) >= 7
        return len(set(self.done)) == 5

    def _solo_deal(self):  # lotus.solo.setup
        """Set-up after the powers are chosen: the hand, then as many wildflowers into the garden."""
        limit = self.hand_limit(0)
        deck = self.decks[0]
        self.hands = (tuple(sorted(deck[-limit:])),)
        self.decks = (deck[:-limit],)
        self.phase = ACT
        self._place_wildflowers(len(self.hands[0]))

    def _place_wildflowers(self, n):  # lotus.solo.draw, lotus.solo.simultaneous, lotus.solo.longer-play
        cfg = self.cfg
        for _ in range(n):
            if not self.wild:
                self.outcome = "defeat: a wildflower was needed and the Wildflower deck is empty"
                self.phase = OVER
                return
            c = self.wild[-1]
            self.wild = self.wild[:-1]
            t = cfg.TYPE[c]
            if not self.flowers[t] and t in self.done and not cfg.longer:
                self.out = tuple(sorted(self.out + (c,)))
                continue
            flower = self.flowers[t] + (c,)
            self.flowers = _put(self.flowers, t, flower)
            if len(flower) == cfg.petals[t]:
                self._complete(t, 0)
                if self.phase == OVER:
                    return

    def _solo_end_turn(self):
        limit = self.hand_limit(0)
        hand, deck = self.hands[0], self.decks[0]
        n = min(limit - len(hand), len(deck))
        if n > 0:
            self.hands = (tuple(sorted(hand + deck[-n:])),)
            self.decks = (deck[:-n],)
            self._place_wildflowers(n)
            if self.phase == OVER:
                return
        self.winter += self.wmoves  # lotus.solo.winter
        self.wmoves = 0
        if self.winter >= self.cfg.winter_max:
            self.winter = self.cfg.winter_max
            self.outcome = "defeat: the Winter Lotus bloomed"
            self.phase = OVER
            return
        self._new_turn()

    # ---- results ---------------------------------------------------------------------------------
    def scores(self) -> dict:
        cfg = self.cfg
        if cfg.solo:
            return {"seats": [len(self.done)], "teams": None}
        seats = [len(p) + cfg.token_points * k for p, k in zip(self.piles, self.tokens)]
        teams = [seats[0] + seats[2], seats[1] + seats[3]] if cfg.family else None  # lotus.family.teams
        return {"seats": seats, "teams": teams}

    def winners(self) -> list[int]:  # lotus.end.tiebreak, lotus.end.shared-win, lotus.family.tiebreak
        if self.phase != OVER:
            return []
        if self.cfg.solo:
            return [0] if self.outcome == "victory" else []
        sc = self.scores()
        decks = [len(d) for d in self.decks]
        if self.cfg.family:
            groups = [(0, 2), (1, 3)]
            ranked = [(sc["teams"][i], decks[a] + decks[b]) for i, (a, b) in enumerate(groups)]
            best = max(ranked)
            return sorted(s for i, g in enumerate(groups) if ranked[i] == best for s in g)
        ranked = list(zip(sc["seats"], decks))
        best = max(ranked)
        return [i for i, r in enumerate(ranked) if r == best]

    def _key(self) -> tuple:
        return (self.cfg.key, self.seed, self.hands, self.decks, self.piles, self.flowers, self.guards,
                self.tokens, self.powers, self.display, self.wild, self.out, self.seat, self.phase, self.left,
                self.plucked, self.pending, self.final, self.turn, self.winter, self.wmoves, self.done,
                self.outcome)


# action kind -> the method that carries it out on a fresh copy
_EFFECTS = {PLAY: LotusState._play, DRAW: LotusState._draw, WILD: LotusState._draw, MOVE: LotusState._move,
            EXCH: LotusState._exchange, TOKEN: LotusState._reward, POWER: LotusState._reward,
            PLUCK: LotusState._pluck, PASS: LotusState._pass}
