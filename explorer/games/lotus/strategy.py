"""The Lotus heuristic for two to four players: every action priced in points from the acting seat's view.

The bot (explorer/games/lotus/heuristic.py, `rate`) follows these rules, in plain words:

1. **Points are the currency.** An action is worth what it is expected to gain you, less what it hands the
   others (each rival's gain counts a little over half as much as yours at three players, about half at four,
   fully at two; in the family variant your partner's gain counts as yours).
2. **A growing flower is worth something to whoever leads it**: its reward (a 5-point token, or a power)
   if it is completed before the game ends, otherwise its petals (the game's end gives incomplete flowers to
   their controllers). The nearer the end, the more a flower is worth its petals and the less its reward.
   A lead of two or more symbols is safe; a lead of one is shaky; a tie is worth half.
3. **Completing a flower** puts its petals in your pile, and its controllers (you among them or not) take
   their reward. So completing a big flower pays even when a rival takes the token, and completing one you
   lead pays twice.
4. **Do not set up a rival.** A flower left k petals short can be finished by the players who act before
   your next turn: the bot reckons the chance that one of them holds k cards of that type (from the number of
   cards in their hands) and counts the petals they would take against the play. If you hold the cards to
   finish it yourself, the chance that it survives to your next turn counts for you.
5. **Plan the turn's two actions together**: each first action is tried on a game rebuilt from what you see
   (the hidden cards sampled, `from_view`) and is worth its own points plus the best second action's after
   it; so a guardian moves in to take the lead before the flower is completed, and a 7-petal Lotus three
   short is played in two steps. (After an exchange the new cards are unknown: its second action counts as
   the best one now.)
6. **Guardians** move where they change who leads a flower, weighed by rule 2, and never off a flower they
   keep for you.
7. **Fortune Teller**: a pluck is a point in your pile, plus what removing that petal does to the flower
   (breaking a rival's lead, or taking a flower back out of a rival's reach).
8. **Rewards by what is left**: a scoring token is 5 points; a power is worth what it does in your remaining
   turns (estimated from the smallest deck, since the first empty deck ends the game): Fortune Teller about
   two thirds of a point per turn, the Elder Guardian about half, Infinite Growth and Enlightened Path about a
   third. Early a power beats the token; late, the token. (`prefer=` a reward makes the bot always take it.)
9. **Drawing**: a wildflower that lets you finish a flower next turn, otherwise your deck (its cards carry
   your guardian symbols). Drawing your deck's last card starts the last round: only when you are ahead.
10. **Exchanges** when nothing better is on offer; moves and exchanges never end a stalled game, so after
    100 turns per player every play beats them.

Cost: a few dozen arithmetic steps per action, and the one-turn lookahead of rule 5 on a turn's first action
(see `rate`'s docstring in heuristic.py for the timings).
"""
from __future__ import annotations

from functools import cache

from ...core.errors import PositionError
from .config import ACT as ACT_PHASE
from .config import DRAW_PHASE, POWER_BIT
from .config import REWARD as REWARD_PHASE

# share of the cards in a hand that fit each flower (3..7 petals): a player's deck holds 5, 6, 6, 7 and 7
# of its 31 cards of each type; wildflowers are four of each type
TYPE_SHARE = {3: 0.17, 4: 0.2, 5: 0.2, 6: 0.22, 7: 0.22}
RIVAL = {2: 1.0, 3: 0.6, 4: 0.45}  # weight of a rival's points against your own, by player count
TOKEN = 5.0
DRAWS_PER_TURN = 1.6  # cards a seat draws from its deck per turn, on average
# a power's worth per remaining turn of its owner (rule 8)
POWER_PER_TURN = {"fortune": 0.7, "elder": 0.5, "growth": 0.3, "path": 0.3}
MAX_PLAY = 2  # cards per play without Infinite Growth
AGAIN = 0.9  # a completion the turn's second action can make, against one made now
SHAKY = 0.75  # the worth of a one-symbol lead against a safe one
MINE = 0.2  # a flower you can finish next turn, if it survives the rivals' turns: this share of its petals
THREAT = 1.0  # how much of a rival's expected completion counts
PACE = 1.0  # turns per missing petal, for the chance a flower is completed before the end
CARD = 0.1  # each card played (it is replaced by a new one)
MOVE_COST = 0.2  # a guardian move that changes nothing
WILD_BASE = 0.3  # a wildflower from the display, against 1 for a card from your deck
WILD_FIT = 0.4  # per petal, a wildflower that lets you finish that flower next turn


@cache
def _power_names(powers: tuple, mask: int) -> list[str]:
    return [p for p in powers if mask & POWER_BIT[p]]


@cache
def _at_least(k: int, n: int, p: float) -> float:
    """P(X >= k) for X ~ Binomial(n, p)."""
    if k <= 0:
        return 1.0
    if k > n:
        return 0.0
    q = 1.0 - p
    term = q ** n  # P(X = 0)
    below = 0.0
    for i in range(k):
        below += term
        term *= (n - i) / (i + 1) * p / q
    return max(0.0, 1.0 - below)


_CONTROL: dict = {}  # (influence, certain, zero) -> _control's answer: a few hundred distinct keys in a game


def _control(infl: tuple, certain: bool, zero: bool) -> tuple[tuple[int, float], ...]:
    best = max(infl)
    if best <= 0 and not zero:
        return ()
    leaders = [i for i, v in enumerate(infl) if v == best]
    if len(leaders) > 1:
        return tuple((i, 1.0 / len(leaders) if certain else 0.5) for i in leaders)
    i = leaders[0]
    if certain:
        return ((i, 1.0),)
    margin = best - max((v for j, v in enumerate(infl) if j != i), default=0)
    return ((i, 1.0 if margin >= 2 else SHAKY),)


class Table:
    """What the acting seat knows, digested once per decision; `rate` prices the legal actions."""

    def __init__(self, view: dict, again: bool = True):
        seats = view["seats"]
        me = view["current_player"]
        mine = seats[me]
        held: dict[int, int] = {}
        for c in mine["hand"] or ():
            held[c["petals"]] = held.get(c["petals"], 0) + 1
        final = view.get("final_turns_left") or 0 if view.get("final_round") else -1
        self._setup(me, bool(view.get("family")), set(mine["powers"]), held,
                    view.get("actions_left", 0) if again else 1,
                    view.get("phase") == "actions" and view.get("turn_seat", me) == me,
                    [s["deck_size"] for s in seats], final,
                    [(s["hand_size"], "growth" in s["powers"]) for s in seats],
                    {f["petals"]: f for f in view.get("flowers", ())},
                    [s["score"] for s in seats], {c["petals"] for c in view.get("display", ())},
                    view.get("turn", 0) > 100 * len(seats), {s["color"][0]: s["seat"] for s in seats},
                    bool((view.get("options") or {}).get("zero_influence_control")))

    @classmethod
    def from_state(cls, state, again: bool = True) -> Table:
        """The same Table as `Table(state.view(state.current_player), again)`, read from the state (no view
        built: for search playouts, whose states are the searcher's own samples). In the draw phase its
        flowers lack their influence, which no draw's price reads."""
        cfg = state.cfg
        me = state.current_player
        petals = cfg.petals
        held: dict[int, int] = {}
        TYPE = cfg.TYPE
        for c in state.hands[me]:
            p = petals[TYPE[c]]
            held[p] = held.get(p, 0) + 1
        power_names = [_power_names(cfg.powers, m) for m in state.powers]
        flowers = {}
        if state.phase == DRAW_PHASE:  # no draw's price reads a flower's influence
            for t, f in enumerate(state.flowers):
                if f:
                    flowers[petals[t]] = {"petals": petals[t], "placed": len(f)}
        else:  # state.influence(t) of every growing flower, in one pass over the guardians
            OWNER, SYM = cfg.OWNER, cfg.SYM
            n = cfg.seats
            infls = {}
            for t, f in enumerate(state.flowers):
                if f:
                    infl = infls[t] = [0] * n
                    for c in f:
                        o = OWNER[c]
                        if o >= 0:
                            infl[o] += SYM[c]
                    flowers[petals[t]] = {"petals": petals[t], "placed": len(f), "influence": infl}
            for seat, (i1, i2, e) in enumerate(state.guards):
                for g, k in ((i1, 1), (i2, 1), (e, 2)):
                    infl = infls.get(g)
                    if infl is not None:
                        infl[seat] += k
        decks = [len(d) for d in state.decks]
        # the scores are read only when drawing the last card of the deck
        scores = state.scores()["seats"] if decks[me] == 1 else None
        t = cls.__new__(cls)
        t._setup(me, cfg.family, set(power_names[me]), held, state.left if again else 1,
                 state.phase == ACT_PHASE and state.seat == me, decks, state.final,
                 [(len(h), "growth" in p) for h, p in zip(state.hands, power_names)], flowers, scores,
                 {petals[TYPE[c]] for c in state.display}, state.turn > 100 * cfg.seats,
                 {c[0]: i for i, c in enumerate(cfg.colors)}, cfg.zero_control)
        return t

    def _setup(self, me, family, powers, held, left, in_turn, decks, final, hands, flowers, scores, display,
               stalled, letter, zero):
        """`final`: the turns left in the last round, or -1 before it; `hands`: (size, has Growth) per seat."""
        self.n = n = len(decks)
        self.me = me
        rival = RIVAL.get(n, 0.5)
        if family:
            self.weight = [1.0 if i % 2 == me % 2 else -1.0 for i in range(n)]
        else:
            self.weight = [1.0 if i == me else -rival for i in range(n)]
        self.powers = powers
        self.max_play = 7 if "growth" in powers else MAX_PLAY
        self.held = held
        self.left = left  # again=False: no credit for a second action
        self.in_turn = in_turn
        # who acts before this seat's next turn, and how many turns it has after this one
        order = [(me + i) % n for i in range(1, n)]
        if final >= 0:
            self.before = order[:final]
            self.turns = 1 if final >= n else 0
        else:
            self.before = order
            self.turns = min(decks) / DRAWS_PER_TURN
        self.others = [(j, hands[j][0], hands[j][1]) for j in self.before if self.weight[j] < 0]
        self.flowers = flowers
        self.scores = scores
        self.deck = decks[me]
        self.display = display
        self.stalled = stalled
        self.letter = letter
        self.zero = zero  # all tie at zero
        self._base: dict[int, float] = {}
        self._seen: dict[tuple, float] = {}
        self.reward_worth = self.my_reward()

    # -- values of things -------------------------------------------------------------------------------
    def power_value(self, name: str) -> float:
        return POWER_PER_TURN.get(name, 0.0) * self.turns

    def my_reward(self) -> float:
        """What a reward is worth to this seat: the token or its best power not yet held."""
        best = max((self.power_value(p) for p in POWER_PER_TURN if p not in self.powers), default=0.0)
        return max(TOKEN, best)

    def _control(self, infl, certain: bool) -> tuple[tuple[int, float], ...]:
        """(seat, share of the flower's worth) for its leaders; shaky leads count less unless certain."""
        key = (tuple(infl), certain, self.zero)
        got = _CONTROL.get(key)
        if got is None:
            got = _CONTROL[key] = _control(*key)
        return got

    def flower(self, petals: int, placed: int, infl, held: int, again: bool = False) -> float:
        """What a growing flower is worth to this seat, in points relative to the others (rules 2 and 4).
        `held`: this seat's cards of the type after the action; `again`: it acts once more this turn."""
        if placed <= 0:
            return 0.0
        key = (petals, placed, tuple(infl), held, again)
        v = self._seen.get(key)
        if v is None:
            v = self._seen[key] = self._flower(petals, placed, infl, held, again)
        return v

    def _flower(self, petals: int, placed: int, infl, held: int, again: bool) -> float:
        need = petals - placed
        if again and need <= min(held, self.max_play):  # rule 5: the second action completes it
            return AGAIN * self.complete(petals, infl)
        w = self.weight
        turns = self.turns
        done = turns / (turns + PACE * need)  # chance it is completed before the game ends
        worth = done * TOKEN + (1.0 - done) * placed
        certain = not self.before and not turns
        v = sum(w[i] * share * (self.reward_worth * done + (1.0 - done) * placed if w[i] > 0 else worth)
                for i, share in self._control(infl, certain))
        # rule 4: the rivals who act first may finish it (two plays of two cards, or all with Growth)
        share = TYPE_SHARE[petals]
        safe = 1.0
        for j, hand, growth in self.others:
            if need <= (hand if growth else 2 * MAX_PLAY):
                p = _at_least(need, hand, share)
                v += w[j] * safe * p * petals * THREAT
                safe *= 1.0 - p
        if (turns or not self.in_turn) and need <= held:
            v += MINE * safe * petals
        return v

    def base(self, petals: int) -> float:
        v = self._base.get(petals)
        if v is None:
            f = self.flowers.get(petals)
            v = self.flower(petals, f["placed"], f["influence"], self.held.get(petals, 0)) if f else 0.0
            self._base[petals] = v
        return v

    def complete(self, petals: int, infl) -> float:
        """Completing a flower (rule 3): its petals for this seat, the reward for each controller."""
        w = self.weight
        v = petals * w[self.me]
        for i, _ in self._control(infl, True):
            v += w[i] * (self.reward_worth if i == self.me else TOKEN)
        return v

    # -- actions --------------------------------------------------------------------------------------------
    def play(self, text: str) -> float:
        petals = int(text[0])
        s, d, w = text.count("s"), text.count("d"), text.count("w")
        cards = s + d + w
        f = self.flowers.get(petals)
        placed = (f["placed"] if f else 0) + cards
        infl = list(f["influence"]) if f else [0] * self.n
        infl[self.me] += s + 2 * d
        if placed == petals:
            return self.complete(petals, infl) - self.base(petals)
        held = self.held.get(petals, 0) - cards
        after = self.flower(petals, placed, infl, held, again=self.left >= 2)
        return after - self.base(petals) + CARD * cards

    def _shift(self, petals: int, delta: int, seat: int, lost: int = 0) -> float:
        """The change in a flower's worth when `seat`'s influence changes by `delta` (and `lost` petals go)."""
        f = self.flowers.get(petals)
        if f is None:
            return 0.0
        infl = list(f["influence"])
        infl[seat] += delta
        placed = f["placed"] - lost
        if placed <= 0:  # plucking the last petal: the flower is gone, its guardians go home
            return -self.base(petals)
        return self.flower(petals, placed, infl, self.held.get(petals, 0), again=self.left >= 2) - self.base(petals)

    def move(self, text: str) -> float:
        weight = 2 if text[0] == "e" else 1
        src, dst = text[1:].split("-")
        v = self._shift(int(dst), weight, self.me)
        if src:
            v += self._shift(int(src), -weight, self.me)
        return v - MOVE_COST - (5.0 if self.stalled else 0.0)

    def pluck(self, text: str) -> float:
        petals = int(text[1])
        if text[2] == "w":
            return 1.0 + self._shift(petals, 0, self.me, lost=1)
        owner = self.letter.get(text[2], self.me)
        return 1.0 + self._shift(petals, -int(text[3]), owner, lost=1)

    def draw_wild(self, petals: int) -> float:
        f = self.flowers.get(petals)
        v = WILD_BASE
        if f is not None:
            need = petals - f["placed"]
            if need <= self.held.get(petals, 0) + 1 <= 2 * self.max_play:
                v += WILD_FIT * petals
        return v

    def draw_deck(self) -> float:
        v = 1.0
        if self.deck == 1:  # drawing the last card starts the last round
            me = self.scores[self.me]
            best = max((x for i, x in enumerate(self.scores) if self.weight[i] < 0), default=0)
            v += 3.0 if me > best else -3.0
        return v

    def reward(self, text: str, prefer: str) -> float:
        got = "token" if text == "+t" else text[1:]
        if prefer != "auto":
            return 20.0 if got == prefer else 10.0 if got == "token" else 5.0
        return TOKEN if got == "token" else self.power_value(got)

    def rate(self, actions, prefer: str) -> list[float]:
        out = []
        for a in actions:
            text = str(a)
            c = text[0]
            if c == "+":
                v = self.reward(text, prefer)
            elif c.isdigit():
                v = self.play(text)
            elif c in "ge":
                v = self.move(text)
            elif c == "f":
                v = self.pluck(text)
            elif text == "d":
                v = self.draw_deck()
            elif c == "w":
                v = self.draw_wild(int(text[1:]))
            elif c == "x":
                v = -0.1 - (5.0 if self.stalled else 0.0)
            else:  # pass
                v = -1.0
            out.append(v)
        return out


PLAN = True  # rate a turn's first action with the best second action after it (rule 5); False: by AGAIN


def plan(view: dict, actions, prefer: str) -> list[float]:
    """Rule 5 by lookahead: each first action's worth plus the best second action's worth after it, on one
    state rebuilt from the view (`from_view`: what the seat cannot see is sampled, seeded by the turn)."""
    from .sample import from_view
    me = view["current_player"]
    try:
        state = from_view(view, view.get("turn", 0))
    except PositionError:  # a view no game could reach (hand-made): rule 5 by the rating alone
        return Table(view).rate(actions, prefer)
    first = Table(view, again=False).rate(actions, prefer)
    # after an exchange the hand holds unknown cards: its second action is taken as good as the best one now
    now = max((v for a, v in zip(actions, first) if str(a)[0] != "x"), default=0.0)
    out = []
    for a, v in zip(actions, first):
        # two orders of the same two actions are worth the same: the one worth more alone goes first
        tie = 0.001 * v
        if str(a)[0] == "x":
            out.append(v + now + tie)
            continue
        s = state.apply(a)
        while s.phase == REWARD_PHASE:  # a completion's rewards: this seat's by its rating, others' a token
            who = s.current_player
            legal = s.legal_actions()
            if who == me:
                r = Table.from_state(s).rate(legal, prefer)
                s = s.apply(legal[r.index(max(r))])
            else:
                s = s.apply(legal[0])
        if s.phase == ACT_PHASE and s.current_player == me and s.left == 1:
            legal = s.legal_actions()
            v += max(Table.from_state(s).rate(legal, prefer))
        out.append(v + tie)
    return out
