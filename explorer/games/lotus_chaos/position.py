"""Set-up, JSON positions (saved or hand-written), conservation laws. Rebuilding a position from one seat's
view (`from_view`) is in sample.py."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ...core import rng
from ...core.checks import guard_loader
from ...core.data import _explain
from ...core.errors import DataError, NotationError, PositionError, brief, clip
from ...core.fields import MISSING, Fields
from ...core.registry import position_options
from ...core.registry import spec as game_spec
from ...core.rng import fast_shuffled as shuffled
from . import language as L
from .config import config
from .sample import from_view  # noqa: F401 - where it used to live

FORMAT_VERSION = 2  # 2: rules changed on 2026-11-25 (lines saved before replay differently)
PHASE_NAMES = ("setup", "draw", "actions", "accusations", "over")


class _Seat(BaseModel):
    """One player, by seat (0..5, play passes from seat i to seat i + 1, 'to the left')."""
    model_config = ConfigDict(extra="forbid", title="Seat")
    colour: str = Field(description="token colour: red, blue, yellow, grey, white or black (public; each seat a "
                        "different one)")
    number: int = Field(description="number identifier 1..6 (public; each seat a different one); notation names "
                        "players by it")
    objective: str = Field(description="the secret objective card: north, centre, south, purple, green or blue")
    hex: list[int] | None = Field(None, description="the token's hex in axial coordinates [q, r] (N is [0, -1] "
                                  "from the centre [0, 0]); null before it is placed or once out of the game")
    alive: bool = Field(True, description="still in the game (false: out, through an accusation)")
    cards: list[str] = Field(default_factory=list, description="the play area, face up: printed cards by number "
                             "('12'), blank cards by name ('b3', their text in `blanks`); at most five")


class _Turn(BaseModel):
    """Whose turn it is and how far it has gone."""
    model_config = ConfigDict(extra="forbid", title="Turn")
    phase: str = Field("draw", description="setup (placing tokens on corners), draw (keep/give a revealed card "
                       "or write a blank one), actions (activate up to two cards, move one hex), accusations, over")
    seat: int = Field(0, description="the active seat 0..5 (in set-up: the next seat to place its token)")
    round: int = Field(1, description="the round, from 1; objectives count from round 2 (the first round is over "
                       "once play is back to seat 0)")
    number: int = Field(1, description="the turn's number in the game, from 1 (for display)")
    moved: bool = Field(False, description="the active token has made its one-hex move this turn")
    activated: list[str] = Field(default_factory=list, description="cards activated this turn (at most two)")
    window: list[int] = Field(default_factory=list, description="accusations phase: the seats still to accuse "
                              "or pass, in order (empty in every other phase)")


class _Position(BaseModel):
    """A position. Left out of a hand-written one: `deck` (the printed cards placed nowhere else, shuffled
    by `seed`), `rng` (from `seed`), `revealed` (drawn from the deck in the draw phase)."""
    model_config = ConfigDict(extra="forbid", title="Position")
    game: str = Field(description="always \"lotus_chaos\"")
    version: int = Field(FORMAT_VERSION, description="the position format's version")
    players: int = Field(6, description="always 6")
    seed: int = Field(0, description="the game's seed: shuffles a deck left out")
    rng: int | None = Field(None, description="the random generator's state (64 bits); from `seed` when left out")
    options: dict[str, Any] = Field(default_factory=dict, description="load() options (radius, tiebreak, ...: "
                                    "`explorer.games()` lists them); defaults when left out")
    data: str | None = Field(None, description="the label of a component file replacing the packaged cards")
    seats: list[_Seat] = Field(description="the six seats, seat 0 first")
    blanks: dict[str, str] = Field(default_factory=dict, description="the text written on each blank card in a "
                                   "play area: {\"b1\": \"odd tokens move 1 N\"} (the card language, language.py)")
    deck: list[str] | None = Field(None, description="the action deck, bottom first (the top card is last); when "
                                   "left out, every printed card placed nowhere else, shuffled by `seed`")
    discard: list[str] = Field(default_factory=list, description="the action discard pile")
    revealed: list[str] | None = Field(None, description="the two cards revealed in the draw phase; when left "
                                       "out in that phase, drawn from the deck")
    groups: list[dict] = Field(default_factory=list, description="groups created by written cards: "
                               "{\"name\": \"red shirts\", \"members\": [seats]}")
    turn: _Turn = Field(default_factory=_Turn, description="whose turn it is (see Turn)")
    queue: list[dict] = Field(default_factory=list, description="decisions owed before play goes on: {\"task\": "
                              "exec/discard/partner/pair/swap/vote, \"seat\": ..., ...} (as to_json writes them)")
    accusations: list[dict] = Field(default_factory=list, description="accusations made so far: {\"accuser\": "
                                    "seat, \"accused\": seat, \"named\": objective, \"correct\": true/false}")
    notice: dict | None = Field(None, description="the last written card refused: {\"rule\": id, \"message\": "
                                "str}")
    result: dict | None = Field(None, description="exactly when the phase is 'over': {\"winners\": [seats], "
                                "\"outcome\": str}")


MODEL = _Position  # the position format's model (docs/positions/lotus_chaos.md is generated from it)


def new_game(cls, players: int, seed: int, data, **opts):
    """The starting position: colours, numbers and objectives drawn blind, the action deck shuffled."""
    cfg = config(players, opts, data)
    r = rng.seed_state(seed)
    r, colours = shuffled(r, cfg.colours)  # lotus_chaos.setup.colours
    r, numbers = shuffled(r, cfg.numbers)  # lotus_chaos.setup.numbers
    r, objectives = shuffled(r, range(6))  # lotus_chaos.setup.objectives: one dealt secretly to each seat
    r, deck = shuffled(r, range(cfg.nprinted))  # lotus_chaos.setup.deck: printed cards; blanks stay aside
    s = object.__new__(cls)
    s.cfg, s.seed, s.rs = cfg, seed, r
    s.colour, s.number, s.objective = tuple(colours), tuple(numbers), tuple(objectives)
    s.pos, s.alive = (None,) * 6, (True,) * 6
    s.areas, s.texts = ((),) * 6, (None,) * cfg.nblank
    s.deck, s.discard, s.revealed, s.groups = tuple(deck), (), (), ()
    s.phase, s.seat, s.round, s.turn, s.moved, s.activated = 0, 0, 0, 0, False, ()  # lotus_chaos.setup.corner-order
    s.queue, s.window, s.accusations, s.notice, s.winners_, s.outcome = (), (), (), None, (), None
    s._legal = None
    return s


def _task_json(s, t) -> dict:
    name = s.cfg.NAME
    k = t[0]
    if k == "exec":
        return {"task": "exec", "seat": t[1], "text": L.render(t[2])}
    if k == "discard":
        return {"task": "discard", "seat": t[1], "new": name[t[2]]}
    if k == "partner":
        return {"task": "partner", "seat": t[1], "text": L.render((t[2],)), "candidates": list(t[3])}
    if k == "vote":
        return {"task": "vote", "seat": t[1], "text": t[2]}
    if k == "pair":  # waits behind a decision in a swap with each member of a group
        return {"task": "pair", "seat": t[1], "partner": t[2], "text": L.render((t[3],))}
    return {"task": "swap", "seat": t[1], "activator": t[2], "partner": t[3], "text": L.render((t[4],)),
            "k": t[5], "picks_activator": [name[c] for c in t[6]], "picks_partner": [name[c] for c in t[7]]}


class PositionMixin:
    __slots__ = ()

    def to_json(self) -> dict:
        cfg = self.cfg
        name = cfg.NAME
        seats = [{"colour": self.colour[i], "number": self.number[i], "objective": cfg.objectives[self.objective[i]],
                  "hex": list(self.pos[i]) if self.pos[i] is not None else None, "alive": self.alive[i],
                  "cards": [name[c] for c in self.areas[i]]} for i in range(cfg.players)]
        return {
            "game": "lotus_chaos", "version": FORMAT_VERSION, "players": cfg.players, "seed": self.seed,
            "rng": self.rs, "options": dict(cfg.options), "data": cfg.data, "seats": seats,
            "blanks": {name[cfg.nprinted + i]: t for i, t in enumerate(self.texts) if t is not None},
            "deck": [name[c] for c in self.deck], "discard": [name[c] for c in self.discard],
            "revealed": [name[c] for c in self.revealed],
            "groups": [{"name": n, "members": list(m)} for n, m in self.groups],
            "turn": {"phase": PHASE_NAMES[self.phase], "seat": self.seat, "round": self.round, "number": self.turn,
                     "moved": self.moved, "activated": [name[c] for c in self.activated],
                     "window": list(self.window)},
            "queue": [_task_json(self, t) for t in self.queue],
            "accusations": [{"accuser": a, "accused": b, "named": k, "correct": c}
                            for a, b, k, c in self.accusations],
            "notice": {"rule": self.notice[0], "message": self.notice[1]} if self.notice else None,
            "result": ({"winners": list(self.winners_), "outcome": self.outcome} if self.phase == 4 else None),
        }

    @classmethod
    @guard_loader("lotus_chaos")
    def from_json(cls, data) -> Any:
        return _from_json(cls, data)

    def _laws(self) -> None:
        cfg = self.cfg
        seen = list(self.deck) + list(self.discard) + list(self.revealed)
        for a in self.areas:
            seen += list(a)
        printed = sorted(c for c in seen if c < cfg.nprinted)
        assert printed == list(range(cfg.nprinted)), "every printed card is in exactly one place"
        blanks = sorted(c for c in seen if c >= cfg.nprinted)
        assert len(blanks) == len(set(blanks)), "a blank card is in two play areas"
        assert all(c < cfg.nprinted for c in list(self.deck) + list(self.discard) + list(self.revealed)), \
            "blank cards never enter the action deck or its discard pile"
        written = sorted(cfg.nprinted + i for i, t in enumerate(self.texts) if t is not None)
        assert blanks == written, "exactly the blank cards in play areas carry text"
        for i in range(cfg.players):
            assert len(self.areas[i]) <= cfg.limit + sum(1 for t in self.queue if t[0] == "discard" and t[1] == i), \
                f"seat {i} is over the card limit"
            if self.phase == 0:
                assert self.alive[i] and (self.pos[i] is None) == (i >= self.seat), f"seat {i}: set-up placing"
            else:
                assert (self.pos[i] is None) == (not self.alive[i]), f"seat {i}: a token exactly while in the game"
            if self.pos[i] is not None:
                assert cfg.board.on(self.pos[i]), f"seat {i}: token off the board"
            if not self.alive[i]:
                assert not self.areas[i], f"seat {i} is out but holds cards"
        assert sum(self.alive) >= 1, "somebody is still in the game"
        if self.phase in (1, 2):
            assert self.alive[self.seat], f"seat {self.seat} is to act but out of the game"
        if self.phase == 1:
            assert len(self.revealed) == 2, "two revealed cards in the draw step"
        assert len(self.activated) <= 2, "at most two activations per turn"


def _from_json(cls, data):
    if not isinstance(data, dict):
        Fields("lotus_chaos position").fail(None, "expected a JSON object")
    try:
        pos = _Position.model_validate(data)
    except ValidationError as err:
        raise PositionError(str(_explain(err, "lotus_chaos position"))) from None

    fail = Fields("lotus_chaos position").fail

    opts = position_options(game_spec("lotus_chaos"), pos, FORMAT_VERSION)
    if not isinstance(pos.seed, int):
        fail("seed", "expected an integer")
    try:
        cfg = config(6, opts, pos.data)
    except DataError as exc:
        fail("data", str(exc))
    if len(pos.seats) != 6:
        fail("seats", "expected six seats")
    cards = _Cards(cfg, fail)
    s = object.__new__(cls)
    s.cfg, s.seed, s._legal = cfg, pos.seed, None
    _seats(s, pos.seats, cfg, fail, cards)
    s.texts = _blank_texts(pos.blanks, cfg, fail)
    s.discard = cards.all("discard", pos.discard)
    r = rng.seed_state(pos.seed) if pos.rng is None else pos.rng
    if not 0 <= r < 2 ** 64:
        fail("rng", "expected a 64-bit state")
    revealed = cards.all("revealed", pos.revealed or [])
    if pos.deck is None:
        r, rest = shuffled(r, [c for c in range(cfg.nprinted) if c not in cards.used])
        s.deck = tuple(rest)
    else:
        s.deck = cards.all("deck", pos.deck)
    s.rs = r
    _turn(s, pos, revealed, fail)
    s.groups = _groups(pos.groups, fail)
    s.queue = tuple(_task_from_json(s, j, t, fail) for j, t in enumerate(pos.queue))
    s.accusations = _accusations(pos.accusations, cfg, fail)
    _notice_and_result(s, pos, fail)
    try:
        s.check_invariants()
    except AssertionError as exc:
        raise PositionError(f"lotus_chaos position breaks a conservation law: {clip(exc, 300)}") from None
    if s.phase != 4 and not s.legal_actions():
        fail("turn", "the player to act would have no legal action")
    return s


class _Cards:
    """Card names read into card numbers, each card in one place only."""

    def __init__(self, cfg, fail):
        self.cfg, self.fail, self.used = cfg, fail, {}

    def one(self, field, nm) -> int:
        cfg = self.cfg
        c = cfg.by_name.get(nm) if isinstance(nm, str) else None
        if c is None:
            self.fail(field, f"unknown card {brief(nm)}; printed cards are 1..{cfg.nprinted}, "
                      f"blanks b1..b{cfg.nblank}")
        if c in self.used:
            self.fail(field, f"card {nm} is already in {self.used[c]}")
        self.used[c] = field
        return c

    def all(self, field, names) -> tuple:
        return tuple(self.one(f"{field}.{j}", nm) for j, nm in enumerate(names))


def _seats(s, seats, cfg, fail, cards) -> None:
    """Colours, numbers, objectives, tokens and play areas of the six seats."""
    choices = (("colour", cfg.colours, f"expected one of {', '.join(cfg.colours)}"),
               ("number", cfg.numbers, "expected 1..6"),
               ("objective", cfg.objectives, f"expected one of {', '.join(cfg.objectives)}"))
    areas = []
    for i, st in enumerate(seats):
        for key, allowed, msg in choices:
            if getattr(st, key) not in allowed:
                fail(f"seats.{i}.{key}", msg)
        if st.hex is not None and (len(st.hex) != 2 or not cfg.board.on(tuple(st.hex))):
            fail(f"seats.{i}.hex", f"expected [q, r] on the board of radius {cfg.radius}")
        areas.append(tuple(sorted(cards.all(f"seats.{i}.cards", st.cards))))
    s.colour = tuple(st.colour for st in seats)
    s.number = tuple(st.number for st in seats)
    s.objective = tuple(cfg.objectives.index(st.objective) for st in seats)
    s.pos = tuple(tuple(st.hex) if st.hex is not None else None for st in seats)
    s.alive = tuple(st.alive for st in seats)
    s.areas = tuple(areas)
    for field, vals in (("colour", s.colour), ("number", s.number), ("objective", s.objective)):
        if len(set(vals)) != 6:
            fail(f"seats.*.{field}", "each seat needs a different one")


def _blank_texts(blanks, cfg, fail) -> tuple:
    texts = [None] * cfg.nblank
    for nm, text in blanks.items():
        c = cfg.by_name.get(nm)
        if c is None or c < cfg.nprinted:
            fail(f"blanks.{clip(nm, 20)}", f"expected a blank card name b1..b{cfg.nblank}")
        try:
            texts[c - cfg.nprinted] = L.render(L.parse(text))
        except NotationError as exc:
            fail(f"blanks.{clip(nm, 20)}", clip(exc, 300))
    return tuple(texts)


def _turn(s, pos, revealed, fail) -> None:
    """Phase, active seat, round and the turn's progress; the revealed cards (drawn when left out)."""
    tn, cfg = pos.turn, s.cfg
    if tn.phase not in PHASE_NAMES:
        fail("turn.phase", f"expected one of {', '.join(PHASE_NAMES)}")
    s.phase = PHASE_NAMES.index(tn.phase)
    if not 0 <= tn.seat < 6:
        fail("turn.seat", "expected 0..5")
    if s.phase in (1, 2) and not s.alive[tn.seat]:
        fail("turn.seat", f"seat {tn.seat} is out of the game: the seat to act must still be in it")
    s.seat, s.round, s.turn, s.moved = tn.seat, tn.round, tn.number, tn.moved
    if s.phase == 1 and pos.revealed is None:
        s.revealed = ()
        s.revealed = (s._draw(), s._draw())
    else:
        # lotus_chaos.turn.reveal: two cards lie revealed in the draw phase only (kept or given before it ends)
        if s.phase == 1 and len(revealed) != 2:
            fail("revealed", f"the draw phase reveals two cards, got {len(revealed)}")
        if s.phase != 1 and revealed:
            fail("revealed", f"cards lie revealed only in the draw phase (two of them); the {tn.phase} phase has "
                 f"none, got {len(revealed)}")
        s.revealed = revealed
    s.activated = tuple(cfg.by_name[a] if a in cfg.by_name else fail("turn.activated", f"unknown card {brief(a)}")
                        for a in tn.activated)
    if any(not (0 <= w < 6) or not s.alive[w] for w in tn.window):
        fail("turn.window", "expected seats still in the game")
    s.window = tuple(tn.window)
    if (s.phase == 3) != bool(s.window):
        fail("turn.window", "seats still to accuse are listed exactly in the accusations phase")


def _groups(groups, fail) -> tuple:
    out = []
    for j, g in enumerate(groups):
        if set(g) != {"name", "members"} or not isinstance(g["name"], str) or not isinstance(g["members"], list) \
                or not all(isinstance(m, int) and 0 <= m < 6 for m in g["members"]):
            fail(f"groups.{j}", "expected {'name': str, 'members': [seats]}")
        out.append((g["name"], tuple(sorted(g["members"]))))
    return tuple(out)


def _accusations(accusations, cfg, fail) -> tuple:
    checks = (("accuser", _is_seat), ("accused", _is_seat), ("named", lambda v: v in cfg.objectives),
              ("correct", lambda v: isinstance(v, bool)))
    for j, a in enumerate(accusations):
        for key, ok in checks:
            if key not in a or not ok(a[key]):
                fail(f"accusations.{j}.{key}", "expected {'accuser': seat, 'accused': seat, 'named': objective "
                     "key, 'correct': true/false} (seats 0..5)")
    return tuple((a["accuser"], a["accused"], a["named"], a["correct"]) for a in accusations)


def _notice_and_result(s, pos, fail) -> None:
    s.notice = None
    if pos.notice is not None:
        if not isinstance(pos.notice.get("rule"), str) or not isinstance(pos.notice.get("message"), str):
            fail("notice", "expected {'rule': str, 'message': str}")
        s.notice = (pos.notice["rule"], pos.notice["message"])
    s.winners_, s.outcome = (), None
    if pos.result is not None:
        w = pos.result.get("winners")
        if not isinstance(w, list) or not all(isinstance(x, int) and 0 <= x < 6 for x in w):
            fail("result.winners", "expected a list of seats")
        s.winners_, s.outcome = tuple(w), str(pos.result.get("outcome"))
    if (s.phase == 4) != (pos.result is not None):
        fail("result", "expected a result exactly when the phase is 'over'")


def _is_seat(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 6


class _Task:
    """Reads one queued decision (`to_json`'s "queue" entries) back into the engine's tuple."""

    def __init__(self, s, j, t, fail):
        self.cfg, self.j, self.t, self._fail = s.cfg, j, t, fail

    def fail(self, field, msg):
        self._fail(f"queue.{self.j}.{field}", msg)

    def clause(self):
        try:
            return L.parse(self.t.get("text", ""))
        except NotationError as exc:
            self.fail("text", str(exc))

    def swap(self):
        prog = self.clause()
        if len(prog) != 1 or prog[0][0] != "swap":
            self.fail("text", "expected one swap clause")
        return prog[0]

    def seat(self, field, v=MISSING):
        v = self.t.get(field) if v is MISSING else v
        if not isinstance(v, int) or not 0 <= v < 6:
            self.fail(field, "expected a seat 0..5")
        return v

    def names(self, field):
        v = self.t.get(field, [])
        if not isinstance(v, list) or any(x not in self.cfg.by_name for x in v):
            self.fail(field, "expected card names")
        return tuple(self.cfg.by_name[x] for x in v)

    def exec(self):
        return ("exec", self.seat("seat"), self.clause())

    def discard(self):
        new = self.t.get("new")
        if new not in self.cfg.by_name:
            self.fail("new", "expected a card name")
        return ("discard", self.seat("seat"), self.cfg.by_name[new])

    def partner(self):
        c = self.swap()
        cands = self.t.get("candidates")
        if not isinstance(cands, list) or not cands:
            self.fail("candidates", "expected a non-empty list of seats")
        return ("partner", self.seat("seat"), c, tuple(self.seat("candidates", x) for x in cands))

    def vote(self):
        return ("vote", self.seat("seat"), L.render(self.clause()))

    def pair(self):
        c = self.swap()
        return ("pair", self.seat("seat"), self.seat("partner"), c)

    def swap_task(self):
        c = self.swap()
        kk = self.t.get("k")
        if not isinstance(kk, int) or kk < 1:
            self.fail("k", "expected a count >= 1")
        return ("swap", self.seat("seat"), self.seat("activator"), self.seat("partner"), c, kk,
                self.names("picks_activator"), self.names("picks_partner"))


_TASKS = {"exec": _Task.exec, "discard": _Task.discard, "partner": _Task.partner, "vote": _Task.vote,
          "pair": _Task.pair, "swap": _Task.swap_task}


def _task_from_json(s, j, t, fail):
    if not isinstance(t, dict):
        fail(f"queue.{j}", "expected an object")
    read = _TASKS.get(t.get("task"))
    if read is None:
        fail(f"queue.{j}.task", "expected exec, discard, partner, pair, swap or vote")
    return read(_Task(s, j, t, fail))
