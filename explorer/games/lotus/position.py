"""Lotus set-up, JSON positions (saved or hand-written) and the conservation laws."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ...core import rng
from ...core.checks import guard_loader
from ...core.data import _explain
from ...core.errors import DataError, PositionError, brief, clip
from ...core.fields import Fields
from ...core.registry import position_options
from ...core.rng import Draws
from .config import (
    ACT,
    CHOOSE,
    DIFFICULTY,
    DRAW_PHASE,
    NOT_OWNED,
    OVER,
    PHASES,
    POWER_BIT,
    REWARD,
    SUPPLY,
    config,
)

FORMAT_VERSION = 1


class _Guardians(BaseModel):
    """Where one seat's guardians are: "supply" or the petal count of a growing flower."""
    model_config = ConfigDict(extra="forbid", title="Guardians")
    insects: list[str | int] = Field(default_factory=lambda: ["supply", "supply"],
                                     description="the places of the seat's two insect guardians")
    elder: str | int | None = Field(None, description="the Elder Guardian's place; null unless the seat has "
                                    "the elder power")


class _Turn(BaseModel):
    """Whose turn it is and how far it has gone."""
    model_config = ConfigDict(extra="forbid", title="Turn")
    seat: int = Field(0, description="the seat whose turn it is (0 = Red, 1 = Blue, 2 = Yellow, 3 = Green)")
    phase: str = Field("actions", description="choose_powers (solo set-up), actions, draw (drawing back up), "
                       "reward (controllers choosing a reward) or over")
    actions_left: int = Field(2, description="actions still to take this turn: 1 or 2 in the actions phase")
    plucked: bool = Field(False, description="whether the Fortune Teller has plucked a card this turn")
    pending: list[int] = Field(default_factory=list, description="seats still to choose a reward, in order "
                               "(non-empty only in the reward phase)")
    final_turns_left: int | None = Field(None, description="null until a player draws the last card of a "
                                         "deck; then the turns left after this one")
    number: int = Field(1, description="the turn number, from 1")
    winter_actions: int = Field(0, description="solo: exchanges, guardian moves and plucks taken this turn "
                                "(each adds a Winter Lotus petal at its end)")


class _Position(BaseModel):
    """The JSON shape of a Lotus position. Fields left out of a hand-written position get defaults:
    cards it does not place are shuffled (by `seed`) into their owner's deck or the wildflower deck
    (under any `deck_tops`, listed bottom to top); a seat whose hand is left out (or null) is dealt a
    full hand from its deck; a missing display is filled from the wildflower deck."""
    model_config = ConfigDict(extra="forbid", title="Position")
    game: str = Field(description='"lotus"')
    version: int = Field(FORMAT_VERSION, description="the format version")
    players: int = Field(description="1 (solo) to 4; seats are Red, Blue, Yellow, Green in that order")
    seed: int = Field(0, description="shuffles whatever the position leaves out; saved with the game")
    options: dict[str, Any] = Field(default_factory=dict, description="game options (edition, family, "
                                    "difficulty, solo_powers, longer_play, ...); left out = default")
    data: str | None = Field(None, description="a component file label; null = the rulebook's components")
    hands: list[list[str] | None] | None = Field(None, description="per seat, the cards in hand; null = dealt "
                                                 "a full hand from the top of the deck")
    decks: list[list[str] | None] | None = Field(None, description="per seat, the whole deck, bottom to top; "
                                                 "null = the seat's cards placed nowhere else, shuffled")
    deck_tops: list[list[str]] | None = Field(None, description="per seat, known cards on top of a deck "
                                              "left out (bottom to top), the rest shuffled under them")
    piles: list[list[str]] | None = Field(None, description="per seat, the scoring pile (cards collected)")
    flowers: dict[str, list[str]] = Field(default_factory=dict, description="the garden: petal count -> the "
                                          "cards of that growing flower, in the order played")
    guardians: list[_Guardians] | None = Field(None, description="per seat, where its guardians are; "
                                               "null = all in the supply")
    tokens: list[int] | None = Field(None, description="per seat, scoring tokens (5 points each)")
    powers: list[list[str]] | None = Field(None, description="per seat, special powers held: elder, path, "
                                           "fortune, growth")
    display: list[str] | None = Field(None, description="the face-up wildflowers; null = filled from the "
                                      "wildflower deck (empty in solo)")
    wild_deck: list[str] | None = Field(None, description="the wildflower deck, bottom to top; null = the "
                                        "wildflowers placed nowhere else, shuffled")
    out: list[str] = Field(default_factory=list, description="cards out of the game (end-game remainders, "
                           "solo discards)")
    turn: _Turn = Field(default_factory=_Turn, description="whose turn and how far it has gone")
    winter: int = Field(0, description="solo: Winter Lotus petals placed (0-7; 7 loses)")
    completed: list[int] = Field(default_factory=list, description="solo: the petal counts of the flower "
                                 "types completed, in order")
    outcome: str | None = Field(None, description="null while the game runs; 'over', 'victory' or "
                                "'defeat: ...' once it has ended")


MODEL = _Position  # the position format, documented in docs/positions/lotus.md


def check_options(players: int, opts: dict):
    solo = players == 1
    if opts["family"] and players != 4:
        raise ValueError("the family variant is for 4 players (partners seated alternately)")
    if solo and opts["edition"] == "three":
        raise ValueError("the three-power (Traditional Chinese) edition has no solo mode")
    if not solo:
        for k, default in (("difficulty", "medium"), ("solo_powers", "choose"), ("longer_play", False)):
            if opts[k] != default:
                raise ValueError(f"option {k!r} is for the solo game (players=1)")
    elif opts["solo_powers"] != "choose":
        chosen = opts["solo_powers"].split("+") if opts["solo_powers"] else []
        if len(chosen) != DIFFICULTY[opts["difficulty"]]:
            raise ValueError(f"solo_powers {opts['solo_powers']!r} names {len(chosen)} power(s); the "
                             f"{opts['difficulty']} difficulty takes {DIFFICULTY[opts['difficulty']]}")


def new_game(cls, players: int, seed: int, data, **opts):
    """The starting position: shuffled decks, the wildflower display, guardians in supply, hands dealt."""
    check_options(players, opts)
    cfg = config(players, opts, data)  # lotus.setup.decks: each colour's deck, thinned for 3 and 4 players
    draw = Draws(seed)  # rng.shuffled's shuffles, faster
    decks = [tuple(draw.shuffled(d)) for d in cfg.start_decks]  # lotus.setup.decks
    wild = draw.shuffled(cfg.start_wild)  # lotus.setup.wildflowers
    s = object.__new__(cls)
    s.cfg, s.seed = cfg, seed
    s.piles = ((),) * cfg.seats
    s.flowers = ((),) * 5
    s.guards = ((SUPPLY, SUPPLY, NOT_OWNED),) * cfg.seats  # lotus.setup.guardians: two insects, no elder
    s.tokens = (0,) * cfg.seats
    s.powers = (0,) * cfg.seats
    s.out = ()
    s.seat, s.left, s.plucked, s.pending, s.final = 0, 2, False, (), -1  # lotus.setup.first-player: seat 0
    s.turn, s.winter, s.wmoves, s.done, s.outcome, s._legal = 1, 0, 0, (), None, None
    if cfg.solo:
        s.hands, s.decks, s.display, s.wild = ((),), (decks[0],), (), tuple(wild)
        s.phase = CHOOSE
        if opts["solo_powers"] != "choose" or cfg.solo_power_count == 0:
            mask = sum(POWER_BIT[p] for p in opts["solo_powers"].split("+") if p and p != "choose")
            s.powers = (mask,)
            if mask & POWER_BIT["elder"]:
                s.guards = ((SUPPLY, SUPPLY, SUPPLY),)
            s._solo_deal()
        return s
    h = cfg.hand_size
    s.hands = tuple(tuple(sorted(d[-h:])) for d in decks)  # lotus.setup.hands
    s.decks = tuple(d[:-h] for d in decks)
    n = cfg.display_size
    s.display = tuple(sorted(wild[-n:]))  # lotus.setup.wildflowers: the top four face up
    s.wild = tuple(wild[:-n])
    s.phase = ACT
    return s


class PositionMixin:
    __slots__ = ()

    # ---- JSON ---------------------------------------------------------------------------------
    def to_json(self) -> dict:
        cfg = self.cfg
        N = cfg.NAME
        names = lambda cards: [N[c] for c in cards]  # noqa: E731
        where = lambda v: "supply" if v == SUPPLY else cfg.petals[v]  # noqa: E731
        return {
            "game": "lotus", "version": FORMAT_VERSION, "players": cfg.players, "seed": self.seed,
            "options": dict(sorted(cfg.options.items())), "data": cfg.data,
            "hands": [names(h) for h in self.hands],
            "decks": [names(d) for d in self.decks],
            "piles": [names(p) for p in self.piles],
            "flowers": {str(cfg.petals[t]): names(f) for t, f in enumerate(self.flowers) if f},
            "guardians": [{"insects": [where(i1), where(i2)], "elder": None if e == NOT_OWNED else where(e)}
                          for i1, i2, e in self.guards],
            "tokens": list(self.tokens),
            "powers": [[p for p in cfg.powers if m & POWER_BIT[p]] for m in self.powers],
            "display": names(self.display),
            "wild_deck": names(self.wild),
            "out": names(self.out),
            "turn": {"seat": self.seat, "phase": PHASES[self.phase], "actions_left": self.left,
                     "plucked": self.plucked, "pending": list(self.pending),
                     "final_turns_left": None if self.final < 0 else self.final, "number": self.turn,
                     "winter_actions": self.wmoves},
            "winter": self.winter,
            "completed": [cfg.petals[t] for t in self.done],
            "outcome": self.outcome,
        }

    @classmethod
    @guard_loader("lotus")
    def from_json(cls, data: dict):
        try:
            pos = _Position.model_validate(data)
        except ValidationError as err:
            raise PositionError(str(_explain(err, "lotus position"))) from None
        return _build(cls, pos)

    # ---- conservation laws ----------------------------------------------------------------------
    def _laws(self) -> None:
        cfg = self.cfg
        places = [*self.hands, *self.decks, *self.piles, *self.flowers, self.display, self.wild, self.out,
                  cfg.aside]
        seen = [c for group in places for c in group]
        assert len(seen) == len(set(seen)), "a card is in two places"
        assert len(seen) == cfg.ncards, f"{cfg.ncards - len(seen)} card(s) missing"
        for seat, cards in enumerate((*self.hands, *self.decks)):
            owner = seat % cfg.seats
            assert all(cfg.OWNER[c] in (-1, owner) for c in cards), "a card is in another player's hand or deck"
        for seat, h in enumerate(self.hands):
            assert len(h) <= self.hand_limit(seat), f"seat {seat} holds more cards than allowed"
        assert self.phase != CHOOSE or not any(self.hands), "a solo hand before the powers are chosen"
        for t, f in enumerate(self.flowers):
            assert len(f) <= cfg.petals[t], "a flower has more petals than it needs"
            assert all(cfg.TYPE[c] == t for c in f), "a flower mixes card types"
            if cfg.solo and not cfg.longer:
                assert not (f and t in self.done), "a completed type was started again"
        for seat, (i1, i2, e) in enumerate(self.guards):
            for g in (i1, i2, e):
                assert g in (SUPPLY, NOT_OWNED) or (0 <= g < 5 and self.flowers[g]), "a guardian is on a missing flower"
            assert (e != NOT_OWNED) == bool(self.powers[seat] & POWER_BIT["elder"]), "elder without its power"
            assert NOT_OWNED not in (i1, i2), "an insect guardian is missing"
        if cfg.token_limit is not None:
            assert sum(self.tokens) <= cfg.token_limit, "more scoring tokens handed out than exist"
        for p in cfg.powers:
            assert self._powers_left(p) >= 0, f"more {p} tokens handed out than exist"
        assert all(m & ~cfg.power_mask == 0 for m in self.powers), "a power this edition does not have"
        if not cfg.solo and self.phase != OVER:
            assert len(self.display) <= cfg.display_size, "more wildflowers face up than the display holds"
        assert 0 <= self.winter <= cfg.winter_max


def _build(cls, pos: _Position):  # noqa: C901  (field-by-field validation)
    from .. import lotus as pkg

    fail = Fields("lotus position").fail

    opts = position_options(pkg.SPEC, pos, FORMAT_VERSION)
    try:
        check_options(pos.players, opts)
        cfg = config(pos.players, opts, pos.data)
    except (ValueError, DataError) as exc:
        fail("options", str(exc))
    n = cfg.seats
    used: dict[int, str] = {}

    def cards(field, names, owner=None, ftype=None):
        out = []
        if not isinstance(names, list):
            fail(field, "expected a list of card names")
        for i, nm in enumerate(names):
            c = cfg.by_name.get(nm) if isinstance(nm, str) else None
            if c is None:
                fail(f"{field}.{i}", f"unknown card {brief(nm)}; expected a name like R5s1 (colour letter "
                     f"{'/'.join(cfg.letters)}, petals 3-7, s or d, number) or W5w1 for a wildflower")
            if c in cfg.aside:
                fail(f"{field}.{i}", f"{nm} is set aside at {cfg.players} players and is not in the game")
            if c in used:
                fail(f"{field}.{i}", f"{nm} is already in {used[c]}")
            if owner is not None and cfg.OWNER[c] not in (-1, owner):
                fail(f"{field}.{i}", f"{nm} belongs to another player")
            if ftype is not None and cfg.TYPE[c] != ftype:
                fail(f"{field}.{i}", f"{nm} is not a {cfg.petals[ftype]}-petal card")
            used[c] = field
            out.append(c)
        return tuple(out)

    def per_seat(field, value, default):
        if value is None:
            return [default] * n
        if len(value) != n:
            fail(field, f"expected one entry per seat ({n}), got {len(value)}")
        return value

    s = object.__new__(cls)
    s.cfg, s.seed, s._legal = cfg, pos.seed, None
    choosing = cfg.solo and pos.turn.phase == "choose_powers"  # lotus.solo.setup: no hand before the deal
    hands = per_seat("hands", pos.hands, [] if choosing else None)
    if choosing and any(hands):
        fail("hands.0", "the solo hand is dealt once the powers are chosen: empty in 'choose_powers'")
    s.hands = tuple(tuple(sorted(cards(f"hands.{i}", h, i))) if h is not None else None
                    for i, h in enumerate(hands))
    s.piles = tuple(tuple(sorted(cards(f"piles.{i}", p))) for i, p in enumerate(per_seat("piles", pos.piles, [])))
    flowers = [()] * 5
    for key, names in pos.flowers.items():
        if key not in {str(p) for p in cfg.petals}:
            fail(f"flowers.{clip(key, 20)}", "expected a petal count 3, 4, 5, 6 or 7 as the key")
        t = cfg.petals.index(int(key))
        flowers[t] = cards(f"flowers.{key}", names, ftype=t)
        if len(flowers[t]) > cfg.petals[t]:
            fail(f"flowers.{clip(key, 20)}", f"a {key}-petal flower holds at most {key} cards")
        if len(flowers[t]) == cfg.petals[t]:
            fail(f"flowers.{clip(key, 20)}", "a complete flower is picked at once; it cannot stand in the garden")
    s.flowers = tuple(flowers)
    s.out = tuple(sorted(cards("out", pos.out)))
    s.display = tuple(sorted(cards("display", pos.display))) if pos.display is not None else None
    s.wild = cards("wild_deck", pos.wild_deck) if pos.wild_deck is not None else None
    if any(cfg.OWNER[c] >= 0 for c in (s.display or ()) + (s.wild or ())):
        fail("display", "only wildflowers (W...) may be in the display or the wildflower deck")
    decks = per_seat("decks", pos.decks, None)
    tops = per_seat("deck_tops", pos.deck_tops, [])
    r = rng.seed_state(pos.seed)
    built = []
    for i, d in enumerate(decks):
        if d is not None:
            if tops[i]:
                fail(f"deck_tops.{i}", "give either the whole deck or the cards on its top, not both")
            built.append(cards(f"decks.{i}", d, i))
        else:
            top = cards(f"deck_tops.{i}", tops[i], i)
            rest = [c for c in cfg.start_decks[i] if c not in used]
            r, rest = rng.shuffled(r, rest)
            built.append(tuple(rest) + top)
            used.update({c: f"decks.{i}" for c in rest})
    # seats whose hand is not given are dealt a full hand from the top of their deck
    s.hands = tuple(h if h is not None else tuple(sorted(built[i][-cfg.hand_size:])) for i, h in enumerate(s.hands))
    s.decks = tuple(d if hands[i] is not None else d[:-cfg.hand_size] for i, d in enumerate(built))
    if s.wild is None:
        rest = [c for c in cfg.start_wild if c not in used]
        r, rest = rng.shuffled(r, rest)
        if s.display is None and not cfg.solo:
            k = cfg.display_size
            s.display, rest = tuple(sorted(rest[-k:])), rest[:-k]
        s.wild = tuple(rest)
    s.display = s.display or ()
    powers = []
    for i, names in enumerate(per_seat("powers", pos.powers, [])):
        m = 0
        for p in names:
            if p not in cfg.powers:
                fail(f"powers.{i}", f"unknown power {brief(p)}; this edition has {', '.join(cfg.powers)}")
            m |= POWER_BIT[p]
        powers.append(m)
    s.powers = tuple(powers)
    tokens = per_seat("tokens", pos.tokens, 0)
    if any(not isinstance(t, int) or t < 0 for t in tokens):
        fail("tokens", "expected a count >= 0 per seat")
    s.tokens = tuple(tokens)

    def place(field, v):
        if v == "supply":
            return SUPPLY
        if isinstance(v, int) and v in cfg.petals and flowers[cfg.petals.index(v)]:
            return cfg.petals.index(v)
        fail(field, f"expected 'supply' or the petal count of a growing flower, got {brief(v)}")

    guards = []
    for i, g in enumerate(per_seat("guardians", pos.guardians, _Guardians())):
        if len(g.insects) != cfg.insects:
            fail(f"guardians.{i}.insects", f"expected {cfg.insects} positions")
        a, b = (place(f"guardians.{i}.insects.{j}", v) for j, v in enumerate(g.insects))
        if g.elder is None:
            e = NOT_OWNED
            if powers[i] & POWER_BIT["elder"]:
                fail(f"guardians.{i}.elder", "this seat has the elder power: place its Elder Guardian")
        else:
            e = place(f"guardians.{i}.elder", g.elder)
            if not powers[i] & POWER_BIT["elder"]:
                fail(f"guardians.{i}.elder", "an Elder Guardian needs the elder power")
        guards.append((min(a, b), max(a, b), e))
    s.guards = tuple(guards)
    tn = pos.turn
    phases = PHASES
    if tn.phase not in phases:
        fail("turn.phase", f"expected one of {', '.join(phases)}")
    if not 0 <= tn.seat < n:
        fail("turn.seat", f"expected a seat 0..{n - 1}")
    if not 0 <= tn.actions_left <= 2:
        fail("turn.actions_left", "expected 0, 1 or 2")
    if any(not 0 <= p < n for p in tn.pending) or (tn.phase == "reward") != bool(tn.pending):
        fail("turn.pending", "expected the seats still to choose a reward (non-empty only in the reward phase)")
    s.seat, s.phase, s.left, s.plucked = tn.seat, phases.index(tn.phase), tn.actions_left, tn.plucked
    s.pending = tuple(tn.pending)
    s.final = -1 if tn.final_turns_left is None else tn.final_turns_left
    s.turn, s.wmoves = tn.number, tn.winter_actions
    s.winter = pos.winter
    if any(p not in cfg.petals for p in pos.completed):
        fail("completed", "expected petal counts 3-7")
    s.done = tuple(cfg.petals.index(p) for p in pos.completed)
    s.outcome = pos.outcome
    if (s.phase == OVER) != (s.outcome is not None):
        fail("outcome", "expected an outcome exactly when the phase is 'over'")
    _check_turn(s, pos, fail)
    try:
        s.check_invariants()
    except AssertionError as exc:
        raise PositionError(f"lotus position breaks a conservation law: {clip(exc, 300)}") from None
    if s.phase != OVER and not s.legal_actions():
        fail("turn", "the player to act would have no legal action")
    return s


def _check_turn(s, pos, fail):
    """The turn fields must describe a moment that can occur in play."""
    cfg = s.cfg
    if cfg.solo and s.phase in (DRAW_PHASE, REWARD):
        fail("turn.phase", "a solo game has no draw step or reward phase (drawing ends the turn by itself)")
    if not cfg.solo and s.phase == CHOOSE:
        fail("turn.phase", "'choose_powers' is the solo set-up decision; use 'actions', 'draw' or 'reward'")
    if s.phase == ACT and s.left < 1:
        fail("turn.actions_left", "the actions phase needs 1 or 2 actions left")
    if s.phase == CHOOSE and s.left != 2:  # lotus.solo.setup: the powers are chosen before the first turn
        fail("turn.actions_left", "no action is taken while the solo powers are chosen: expected 2")
    _check_progress(s, pos, fail)


def _check_progress(s, pos, fail):
    """What the turn has done so far, the last round, and the solo game's own fields."""
    cfg, tn = s.cfg, pos.turn
    # lotus.solo.winter: each exchange, guardian move or pluck taken this turn adds one petal at its end
    most = 0 if s.phase == CHOOSE else 2 if s.phase == OVER else 2 - s.left
    if not 0 <= s.wmoves <= most:
        fail("turn.winter_actions", f"expected 0..{most}: at most one per action taken this turn "
             f"({s.left} of 2 left), got {brief(s.wmoves)}")
    if tn.final_turns_left is not None and not 0 <= tn.final_turns_left <= cfg.players:
        fail("turn.final_turns_left", f"expected null or 0..{cfg.players}")
    if not cfg.solo and (pos.winter or pos.completed):
        fail("winter", "the Winter Lotus and the completed-type list belong to the solo game")
    if cfg.solo and s.display:
        fail("display", "the solo game has no wildflower display")
    if s.phase == DRAW_PHASE:
        p = s.seat
        if len(s.hands[p]) >= s.hand_limit(p) or not (s.decks[p] or s.display):
            fail("turn.phase", "a draw step needs room in the hand and a card to draw")
    if s.phase == REWARD and any(not s._reward_options(seat) for seat in s.pending):
        fail("turn.pending", "a pending seat has no reward left to take")
