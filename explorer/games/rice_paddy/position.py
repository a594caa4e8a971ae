"""Rice Paddy set-up, JSON positions (validated field by field), conservation laws, from_view."""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ...core import rng
from ...core.checks import guard_loader
from ...core.data import _explain
from ...core.errors import DataError, PositionError, brief, clip
from ...core.fields import Fields
from ...core.registry import position_options
from .config import config
from .fields import GATE, OPEN, WALL, fields
from .player import GROWN, NONE, PLANTED, Player
from .steps import DECIDE, steps_of

FORMAT_VERSION = 2  # 2: rules changed on 2026-11-25 (lines saved before replay differently)
CROP = {"planted": PLANTED, "grown": GROWN}
CROP_NAME = {PLANTED: "planted", GROWN: "grown"}
STEPS = ("setup", "draft", "rain", "play", "take", "spirits", "alloc", "build", "gates", "rocks", "drain", "weeds",
         "pests", "harvest", "rot", "flood", "grow", "plant", "grow2", "achieve", "market", "dry", "score", "over")


def new_game(cls, players: int, seed: int, data, **opts):
    """The starting position: shuffled decks, achievements, set-up cards, player boards."""
    cfg = config(players, opts, data)
    comp = cfg.comp
    st = rng.seed_state(seed)
    st, deck1 = rng.shuffled(st, range(1, 21))
    st, deck2 = rng.shuffled(st, range(21, 41))
    st, rain = rng.shuffled(st, sorted(cfg.rain))  # rice_paddy.setup.rain
    st, achs = rng.shuffled(st, sorted(cfg.ach))
    st, setups = rng.shuffled(st, sorted(cfg.setup))  # rice_paddy.setup.cards: one each, dealt below
    s = cls.__new__(cls)
    s.cfg, s.seed = cfg, seed
    s.round, s.step, s.queue, s.order = 1, "setup", (), ()  # rice_paddy.setup.round-track: round 1's draft next
    s.water = cfg.total_water - players * comp.start_pieces["water"]  # rice_paddy.setup.water
    s.magic = comp.magic_water  # rice_paddy.setup.water: the magic water beside the board
    s.rainw, s.rain, s.rain_deck, s.rain_seen = 0, 0, tuple(rain), ()
    s.weeds, s.pests, s.fert = comp.weeds, comp.pests, comp.fertiliser
    s.walls = comp.walls - players * comp.start_pieces["walls"]
    s.gates = comp.gates - players * comp.start_pieces["gates"]
    s.ach = tuple(sorted(achs[:players + comp.achievements_extra]))  # rice_paddy.setup.achievements
    s.decks = (tuple(deck1), tuple(deck2))
    s.dstage = 0
    s._legal, s._dirty, s._log = None, set(), None
    s.rocks = comp.rocks
    plist = []
    for i in range(players):
        card = cfg.setup[setups[i]]
        p = Player.__new__(Player)
        p.setup = card.id
        p.rice = card.rice
        bonus_w = min(card.workers, comp.workers_on_market)
        bonus_l = min(card.livestock, cfg.n_livestock)
        # rice_paddy.setup.bonus-market: bonus workers/livestock come from the cheapest market spaces
        p.workers = cfg.n_workers - comp.workers_on_market + bonus_w  # rice_paddy.setup.player-board
        p.wmarket = comp.workers_on_market - bonus_w
        p.livestock, p.lmarket = bonus_l, cfg.n_livestock - bonus_l
        p.bonus = card.walls
        p.reservoir, p.removed = 0, 0
        edges = [OPEN] * cfg.E
        for k in cfg.start_walls:
            edges[k] = WALL
        edges[cfg.start_gate] = GATE
        p.edges = tuple(edges)
        p.rocks = sum(1 << cfg.index[x] for x in card.rocks)  # rice_paddy.setup.cards: its four rocks
        s.rocks -= len(card.rocks)
        p.water = 1 << cfg.start
        p.magic = 0
        p.weeds = p.pests = (0,) * cfg.H
        p.crop = tuple(PLANTED if h == cfg.start else NONE for h in range(cfg.H))
        p.fert = 0
        p.hand, p.played, p.pick, p.draft = (), (), -1, ()
        p.alloc, p.build_left, p.rock_left, p.bought, p.achieved, p.moved, p.tiles = (), 0, 0, 0, False, 0, ()
        p.hold, p.spent = 0, 0
        plist.append(p)
    s.players = plist
    s._enter("setup")
    s._advance()
    s._freeze()
    return s


# ---- JSON --------------------------------------------------------------------------------------

class _Field(BaseModel):
    """One player's field of 10 hexes labelled a-j (an assumed layout: two zig-zag rows of five, a at the top
    left next to the reservoir; see explorer.provenance('rice_paddy')). A paddy is a closed region of 1-5
    hexes; its contents are recorded on its first hex in label order."""
    model_config = ConfigDict(extra="forbid", title="Field")
    walls: list[str] = Field(description="inner edges holding a wall, each named by its two hexes ('ab')")
    gates: list[str] = Field(description="inner edges holding a gate ('ad'): a paddy's inlet or outlet")
    rocks: str = Field(description="hexes holding a rock, as a string of labels ('bej')")
    water: str = Field(description="hexes holding a water disc ('adf')")
    magic: str = Field(description="hexes holding magic water (never removed)")
    weeds: dict[str, int] = Field(description="weeds per paddy: its first hex -> count")
    pests: dict[str, int] = Field(description="pests per paddy: its first hex -> count")
    crop: dict[str, Literal["planted", "grown"]] = Field(
        description="planting/growth tiles per paddy: its first hex -> 'planted' or 'grown'")
    fertilised: str = Field(description="first hexes of the paddies holding a fertiliser cube")


class _Seat(BaseModel):
    """One player (seat 0 is red, then blue, yellow, green: assumed colours)."""
    model_config = ConfigDict(extra="forbid", title="Seat")
    rice: int = Field(description="rice owned (the score)")
    workers: int = Field(description="workers owned; with worker_market always 20")
    worker_market: int = Field(description="workers still on the player's market (bought cheapest first)")
    livestock: int = Field(description="livestock owned; with livestock_market always 6")
    livestock_market: int = Field(description="livestock still on the player's market")
    bonus_walls: int = Field(description="free walls or gates from the set-up card or a spirit, not yet built")
    setup_card: int = Field(description="the set-up card dealt (an assumed sample card: its rocks and bonus)")
    reservoir: int = Field(description="water discs in the reservoir, waiting to flow into the paddies")
    rocks_removed: int = Field(description="rocks removed so far")
    field: _Field = Field(description="walls, gates, rocks, water, weeds, pests, crops and fertiliser")
    hand: list[int] = Field(description="spirit cards kept and not yet played (1-40)")
    played: list[int] = Field(description="spirit cards played, in the order played (the highest sets the turn order)")
    pick: int | None = Field(description="the card chosen face down in the draft or the play step, else null")
    draft: list[int] = Field(description="the draft hand being picked from (draft step only)")
    allocation: dict[str, int] = Field(
        description="workers (w) and livestock (l) on farm actions this round: 'w build', 'l rock', "
                    "'w weed c', 'w harvest c', 'w plant c', 'l pest c' -> count")
    build_left: int = Field(description="paid walls or gates still to place in the build step")
    rock_left: int = Field(description="rocks still to remove in the rocks step")
    bought: int = Field(description="workers and livestock bought this round (tax grows with each)")
    achieved: bool = Field(description="took an achievement this round")
    moved: list[str] = Field(description="edges a gate moved to this round (each gate moves once a round)")
    hold: str = Field("", description="paddies (first hexes) whose magic water is held back from growing them")
    spent: list[int] = Field([], description="spirit cards used up: once-per-game cards for the game, "
                                             "any-time cards for the rest of the round")
    achievements: list[int] = Field(description="achievement tiles taken")


class _Supply(BaseModel):
    """The pieces beside the board: each pool holds what the fields (and the rain card) do not."""
    model_config = ConfigDict(extra="forbid", title="Supply")
    water: int = Field(description="water discs (30, less 15 with two players or 8 with three)")
    magic: int = Field(description="magic water discs (7 in all)")
    weeds: int = Field(description="weed tokens (24 in all)")
    pests: int = Field(description="pest tokens (24 in all)")
    fertiliser: int = Field(description="fertiliser cubes (12 in all)")
    walls: int = Field(description="walls (80 in all)")
    gates: int = Field(description="gates (20 in all)")
    rocks: int = Field(description="rocks (16 in all)")


class _Rain(BaseModel):
    """The rain cards (12 assumed sample cards)."""
    model_config = ConfigDict(extra="forbid", title="Rain")
    card: int | None = Field(description="this round's rain card, null before the first")
    water: int = Field(description="water discs on the rain card, waiting for the first player")
    deck: list[int] = Field(description="rain cards still face down, top first")
    seen: list[int] = Field(description="rain cards revealed, in order")


class _Position(BaseModel):
    """A whole Rice Paddy position."""
    model_config = ConfigDict(extra="forbid", title="Position")
    game: str = Field(description="'rice_paddy'")
    version: int = Field(FORMAT_VERSION, description="the position format's version")
    players: int = Field(description="2, 3 or 4")
    seed: int = Field(description="the seed later shuffles and samples derive from")
    options: dict = Field({}, description="rule options: flood ('auto'/'choose'), plant_water ('flooded'/'any')")
    data: str | None = Field(None, description="an allowed label of a replacement component file, or null")
    round: int = Field(description="1-7")
    step: str = Field(description="the step of the round waiting for a decision (e.g. 'alloc', 'drain'), or 'over'")
    queue: list = Field(description="who decides next, first to act first: seats, or [seat, card] in the spirits step")
    order: list[int] = Field(description="turn order, first player first (empty before the first spirit cards)")
    supply: _Supply = Field(description="the pieces no one holds")
    rain: _Rain = Field(description="the rain cards and the water on this round's card")
    achievements: list[int] = Field(description="achievement tiles still on display")
    spirit_decks: list[list[int]] = Field(description="the face-down spirit decks 1-20 and 21-40, top first")
    draft_stage: int = Field(description="0-2: how many cards of the current draft each player has kept")
    seats: list[_Seat] = Field(description="the players, seat 0 first")


MODEL = _Position  # the position format's model (docs/positions/rice_paddy.md is generated from it)


class PositionMixin:
    __slots__ = ()

    def _labels(self, mask: int) -> str:
        return "".join(c for h, c in enumerate(self.cfg.labels) if mask >> h & 1)

    def _seat_json(self, i: int) -> dict:
        cfg = self.cfg
        p = self.players[i]
        L = cfg.labels
        return {
            "rice": p.rice, "workers": p.workers, "worker_market": p.wmarket, "livestock": p.livestock,
            "livestock_market": p.lmarket, "bonus_walls": p.bonus, "setup_card": p.setup,
            "reservoir": p.reservoir, "rocks_removed": p.removed,
            "field": {
                "walls": [cfg.edge_name[k] for k in range(cfg.E) if p.edges[k] == WALL],
                "gates": [cfg.edge_name[k] for k in range(cfg.E) if p.edges[k] == GATE],
                "rocks": self._labels(p.rocks), "water": self._labels(p.water), "magic": self._labels(p.magic),
                "weeds": {L[h]: n for h, n in enumerate(p.weeds) if n},
                "pests": {L[h]: n for h, n in enumerate(p.pests) if n},
                "crop": {L[h]: CROP_NAME[c] for h, c in enumerate(p.crop) if c},
                "fertilised": self._labels(p.fert),
            },
            "hand": list(p.hand), "played": list(p.played), "pick": None if p.pick < 0 else p.pick,
            "draft": list(p.draft), "allocation": dict(p.alloc), "build_left": p.build_left,
            "rock_left": p.rock_left, "bought": p.bought, "achieved": p.achieved,
            "moved": [cfg.edge_name[k] for k in range(cfg.E) if p.moved >> k & 1],
            "achievements": list(p.tiles), "hold": self._labels(p.hold),
            "spent": [c for c in p.played if p.spent >> c & 1],
        }

    def to_json(self) -> dict:
        cfg = self.cfg
        return {
            "game": "rice_paddy", "version": FORMAT_VERSION, "players": cfg.players, "seed": self.seed,
            "options": dict(sorted(cfg.options.items())), "data": cfg.data,
            "round": self.round, "step": self.step,
            "queue": [list(q) if isinstance(q, tuple) else q for q in self.queue], "order": list(self.order),
            "supply": {"water": self.water, "magic": self.magic, "weeds": self.weeds, "pests": self.pests,
                       "fertiliser": self.fert, "walls": self.walls, "gates": self.gates, "rocks": self.rocks},
            "rain": {"card": self.rain or None, "water": self.rainw, "deck": list(self.rain_deck),
                     "seen": list(self.rain_seen)},
            "achievements": list(self.ach), "spirit_decks": [list(d) for d in self.decks],
            "draft_stage": self.dstage,
            "seats": [self._seat_json(i) for i in range(cfg.players)],
        }

    @classmethod
    @guard_loader("rice_paddy")
    def from_json(cls, data: dict):
        try:
            pos = _Position.model_validate(data)
        except ValidationError as err:
            raise PositionError(str(_explain(err, "rice_paddy position"))) from None
        return _build(cls, pos)

    # ---- conservation laws ----------------------------------------------------------------------
    def _laws(self) -> None:
        """Water discs, magic water, workers, livestock and every token pool are conserved."""
        cfg = self.cfg
        comp = cfg.comp
        ps = self.players
        n = cfg.players
        on = sum(bin(p.water).count("1") + p.reservoir for p in ps)
        assert self.water >= 0 and self.rainw >= 0, "negative water"
        assert self.water + self.rainw + on == cfg.total_water, "water discs not conserved"
        assert self.magic >= 0 and self.magic + sum(bin(p.magic).count("1") for p in ps) == comp.magic_water, \
            "magic water not conserved"
        for i, p in enumerate(ps):
            assert p.workers >= 0 and p.wmarket >= 0 and p.workers + p.wmarket == cfg.n_workers, \
                f"seat {i}: workers not conserved"
            assert p.livestock >= 0 and p.lmarket >= 0 and p.livestock + p.lmarket == cfg.n_livestock, \
                f"seat {i}: livestock not conserved"
            uw, ul = p.used()
            assert uw <= p.workers and ul <= p.livestock, f"seat {i}: more allocated than owned"
            assert p.rice >= 0 and p.reservoir >= 0 and p.bonus >= 0, f"seat {i}: negative count"
            assert not p.water & p.magic, f"seat {i}: two discs on one hex"
            F = fields(cfg, p.edges)
            for h in range(cfg.H):
                if h not in F.pset:
                    assert not p.weeds[h] and not p.pests[h] and not p.crop[h] and not p.fert >> h & 1, \
                        f"seat {i}: paddy contents away from a paddy's first hex"
                if p.water >> h & 1 or p.magic >> h & 1:
                    assert F.paddy_of(h) is not None, f"seat {i}: water outside a paddy"
            for r in F.paddies:
                if p.water & F.mask[r]:
                    assert not p.rocks & F.mask[r], f"seat {i}: water in a paddy with a rock"
            assert F.ok, f"seat {i}: a paddy has too many gates"
        assert self.weeds >= 0 and self.weeds + sum(sum(p.weeds) for p in ps) == comp.weeds, "weeds not conserved"
        assert self.pests >= 0 and self.pests + sum(sum(p.pests) for p in ps) == comp.pests, "pests not conserved"
        assert self.fert >= 0 and self.fert + sum(bin(p.fert).count("1") for p in ps) == comp.fertiliser, \
            "fertiliser not conserved"
        walls = sum(1 for p in ps for e in p.edges if e == WALL)
        gates = sum(1 for p in ps for e in p.edges if e == GATE)
        assert self.walls >= 0 and self.walls + walls == comp.walls, "walls not conserved"
        assert self.gates >= 0 and self.gates + gates == comp.gates, "gates not conserved"
        assert self.rocks >= 0 and self.rocks + sum(bin(p.rocks).count("1") for p in ps) == comp.rocks, \
            "rocks not conserved"
        cards = [c for p in ps for c in (*p.hand, *p.played, *p.draft)]
        for p in ps:
            assert p.pick < 0 or p.pick in (p.draft if self.step == "draft" else p.hand), "a pick not in hand"
        cards += [c for d in self.decks for c in d]
        assert sorted(cards) == list(range(1, 41)), "spirit cards not conserved"
        assert sorted(self.rain_deck + self.rain_seen) == sorted(cfg.rain), "rain cards not conserved"
        assert len(self.order) in (0, n)


def _build(cls, pos: _Position):  # noqa: C901  (field-by-field validation)
    from .. import rice_paddy as pkg

    fail = Fields("rice_paddy position").fail

    opts = position_options(pkg.SPEC, pos, FORMAT_VERSION)
    try:
        cfg = config(pos.players, opts, pos.data)
    except (ValueError, DataError, OSError) as exc:
        fail("data", clip(exc, 300))
    n = cfg.players
    if not 1 <= pos.round <= 7:
        fail("round", "expected 1..7")
    if pos.step not in STEPS:
        fail("step", f"expected one of {list(STEPS)}")
    if pos.step != "over" and pos.step not in steps_of(pos.round):
        fail("step", f"round {pos.round} has no step {brief(pos.step)}")
    if pos.step == "over" and pos.round != 7:
        fail("step", "the game ends in round 7")
    if sorted(pos.order) not in ([], list(range(n))):
        fail("order", "a permutation of the seats (or empty before the first spirit cards)")
    if len(pos.seats) != n:
        fail("seats", f"expected {n} seats")
    queue = []
    for q in pos.queue:
        if pos.step == "spirits":
            if not (isinstance(q, list) and len(q) == 2 and all(isinstance(x, int) for x in q)
                    and 0 <= q[0] < n and q[1] in pos.seats[q[0]].played):
                fail("queue", "spirit entries are [seat, played card]")
            queue.append(tuple(q))
        else:
            if not isinstance(q, int) or isinstance(q, bool) or not 0 <= q < n:
                fail("queue", "expected seat numbers")
            queue.append(q)
    decides = pos.step in DECIDE or (pos.step == "flood" and cfg.flood_choice)
    if pos.step != "over" and not decides:
        fail("step", f"{brief(pos.step)} runs by itself: a position rests at a decision step or 'over'")
    if decides and not queue:
        fail("queue", "a decision step needs someone to decide")
    s = cls.__new__(cls)
    s.cfg, s.seed = cfg, pos.seed
    s.round, s.step, s.queue, s.order = pos.round, pos.step, tuple(queue), tuple(pos.order)
    sp = pos.supply
    s.water, s.magic, s.weeds, s.pests, s.fert = sp.water, sp.magic, sp.weeds, sp.pests, sp.fertiliser
    s.walls, s.gates, s.rocks = sp.walls, sp.gates, sp.rocks
    if pos.rain.card is not None and pos.rain.card not in cfg.rain:
        fail("rain.card", "unknown rain card")
    for name, ids in (("rain.deck", pos.rain.deck), ("rain.seen", pos.rain.seen)):
        if any(c not in cfg.rain for c in ids):
            fail(name, "unknown rain card")
    s.rain, s.rainw = pos.rain.card or 0, pos.rain.water
    s.rain_deck, s.rain_seen = tuple(pos.rain.deck), tuple(pos.rain.seen)
    if any(a not in cfg.ach for a in pos.achievements) or len(set(pos.achievements)) != len(pos.achievements):
        fail("achievements", "distinct achievement ids")
    s.ach = tuple(pos.achievements)
    if len(pos.spirit_decks) != 2:
        fail("spirit_decks", "two decks (1-20 and 21-40)")
    s.decks = tuple(tuple(d) for d in pos.spirit_decks)
    if not 0 <= pos.draft_stage <= 2:
        fail("draft_stage", "expected 0..2")
    s.dstage = pos.draft_stage
    L = cfg.index
    players = []
    for i, st in enumerate(pos.seats):
        f = f"seats.{i}"

        def mask(field, text, f=f):
            if not isinstance(text, str) or any(c not in L for c in text) or len(set(text)) != len(text):
                fail(f"{f}.field.{field}", "a string of distinct hex labels")
            return sum(1 << L[c] for c in text)

        def per_hex(field, d, f=f):
            row = [0] * cfg.H
            for k, v in d.items():
                if k not in L or not isinstance(v, int) or v < 0:
                    fail(f"{f}.field.{field}", "hex label -> count >= 0")
                row[L[k]] = v
            return tuple(row)

        p = Player.__new__(Player)
        for name in ("rice", "workers", "livestock", "reservoir", "bonus_walls", "rocks_removed", "build_left",
                     "rock_left", "bought", "worker_market", "livestock_market"):
            if getattr(st, name) < 0:
                fail(f"{f}.{name}", "must be >= 0")
        p.rice, p.workers, p.wmarket = st.rice, st.workers, st.worker_market
        p.livestock, p.lmarket, p.bonus = st.livestock, st.livestock_market, st.bonus_walls
        if st.setup_card not in cfg.setup:
            fail(f"{f}.setup_card", "unknown set-up card")
        p.setup, p.reservoir, p.removed = st.setup_card, st.reservoir, st.rocks_removed
        edges = [OPEN] * cfg.E
        for field, piece in (("walls", WALL), ("gates", GATE)):
            for e in getattr(st.field, field):
                k = cfg.edge_index.get(e) if isinstance(e, str) else None
                if k is None or edges[k] != OPEN:
                    fail(f"{f}.field.{field}", f"{brief(e)} is not a free inner edge (two adjacent hex labels)")
                edges[k] = piece
        p.edges = tuple(edges)
        p.rocks = mask("rocks", st.field.rocks)
        p.water = mask("water", st.field.water)
        p.magic = mask("magic", st.field.magic)
        p.weeds = per_hex("weeds", st.field.weeds)
        p.pests = per_hex("pests", st.field.pests)
        crop = [NONE] * cfg.H
        for k, v in st.field.crop.items():
            if k not in L:
                fail(f"{f}.field.crop", "hex label -> 'planted' or 'grown'")
            crop[L[k]] = CROP[v]
        p.crop = tuple(crop)
        p.fert = mask("fertilised", st.field.fertilised)
        for field in ("hand", "played", "draft"):
            if any(not 1 <= c <= 40 for c in getattr(st, field)):
                fail(f"{f}.{field}", "spirit cards are numbered 1-40")
        p.hand, p.played, p.draft = tuple(sorted(st.hand)), tuple(st.played), tuple(sorted(st.draft))
        p.pick = -1 if st.pick is None else st.pick
        if st.pick is not None and st.pick not in (st.draft if pos.step == "draft" else st.hand):
            fail(f"{f}.pick", "the picked card must be in the draft hand (draft) or hand (spirit play)")
        alloc = []
        for t, c in sorted(st.allocation.items()):
            parts = t.split()
            ok = (parts[:1] in (["w"], ["l"]) and c > 0 and
                  (t in ("w build", "l build", "l rock") or
                   (len(parts) == 3 and parts[2] in L and
                    parts[1] in (("weed", "harvest", "plant") if parts[0] == "w" else ("pest",)))))
            if not ok:
                fail(f"{f}.allocation", f"{brief(t)}: boxes are like 'w build', 'l rock', 'w weed c' with a count > 0")
            alloc.append((t, c))
        p.alloc = tuple(alloc)
        p.build_left, p.rock_left, p.bought, p.achieved = st.build_left, st.rock_left, st.bought, st.achieved
        moved = 0
        for e in st.moved:
            if e not in cfg.edge_index:
                fail(f"{f}.moved", "edge names")
            moved |= 1 << cfg.edge_index[e]
        p.moved = moved
        if not isinstance(st.hold, str) or any(c not in L for c in st.hold):
            fail(f"{f}.hold", "a string of hex labels (paddies kept from growing)")
        p.hold = sum(1 << L[c] for c in set(st.hold))
        if any(a not in cfg.ach for a in st.achievements):
            fail(f"{f}.achievements", "unknown achievement")
        p.tiles = tuple(st.achievements)
        if any(c not in st.played or not (cfg.spirit[c].once or c in cfg.anytime) for c in st.spent):
            fail(f"{f}.spent", "cards used up: each must be a played card marked 'once' or an any-time card")
        p.spent = sum(1 << c for c in set(st.spent))
        if p.bought > 3:
            fail(f"{f}.bought", "at most 3 purchases a round")
        players.append(p)
    s.players = tuple(players)
    s._legal, s._dirty, s._log = None, None, None
    try:
        s.check_invariants()
    except AssertionError as exc:
        raise PositionError(f"rice_paddy position breaks a conservation law: {clip(exc, 300)}") from None
    for i, p in enumerate(players):
        F = fields(cfg, p.edges)
        if any(p.fert >> r & 1 and not p.crop[r] for r in F.paddies):
            fail(f"seats.{i}.field.fertilised", "only a planted or grown paddy holds fertiliser")
    _check_turn(s, fail)
    return s


BEFORE_ORDER = ("setup", "draft", "rain", "play")  # round 1's steps before the first spirit cards are revealed


def _check_turn(s, fail) -> None:
    """The round track, the queue and the counters must describe a moment play can reach: the engine rests
    only where the seat to act has something to decide, and its moves rely on these (issue 21)."""
    step, rnd = s.step, s.round
    before = rnd <= 6 and step in BEFORE_ORDER
    # rice_paddy.spirit.order: the turn order exists from round 1's play step on (draining, flooding, the
    # steps in turn order and giving water to the next player read it)
    if not s.order and not (rnd == 1 and before):
        fail("order", f"round {rnd}'s {step} step comes after the first spirit cards set the turn order: expected "
             f"every seat, first player first")
    _check_spirit_cards(s, before, fail)
    _check_queue(s, fail)


def _check_spirit_cards(s, before, fail) -> None:
    cfg, step, rnd = s.cfg, s.step, s.round
    # rice_paddy.spirit.play: one spirit card a round, in rounds 1-6
    played = rnd - 1 if before else min(rnd, 6)
    for i, p in enumerate(s.players):
        if len(p.played) != played:
            fail(f"seats.{i}.played", f"one spirit card is played a round: expected {played} by round {rnd}'s "
                 f"{step} step, got {len(p.played)}")
    # rice_paddy.setup.decks: the two spirit decks hold cards 1-20 and 21-40
    for d, (lo, hi) in enumerate(((1, 20), (21, 40))):
        if any(not lo <= c <= hi for c in s.decks[d]):
            fail(f"spirit_decks.{d}", f"the {'first' if d == 0 else 'second'} deck holds cards {lo}-{hi} only")
    # rice_paddy.draft.first, rice_paddy.draft.second: each draft deals four cards a seat, each seat keeps one a
    # stage and the last goes back on the deck, so a draft hand exists in the draft step only; the three cards kept
    # are played one a round until the next draft, so the hand holds at least one for each play step still to come
    # (in the draft step: the stages still to come add one card each)
    plays = 0 if rnd == 7 or step == "setup" else s.dstage if step == "draft" else (3 if rnd <= 3 else 6) - rnd + before
    for i, p in enumerate(s.players):
        if step == "draft" and len(p.draft) != cfg.comp.draft_hand - s.dstage:
            fail(f"seats.{i}.draft", f"at draft stage {s.dstage} each draft hand holds "
                 f"{cfg.comp.draft_hand - s.dstage} cards, got {len(p.draft)}")
        if step != "draft" and p.draft:
            fail(f"seats.{i}.draft", "a draft hand exists only in the draft step (its last card goes back on the "
                 "deck)")
        if len(p.hand) < plays:
            fail(f"seats.{i}.hand", f"a spirit card is played each round until the next draft: expected at least "
                 f"{plays} in hand at round {rnd}'s {step} step"
                 f"{f' (stage {s.dstage})' if step == 'draft' else ''}, got {len(p.hand)}")


def _check_queue(s, fail) -> None:
    step = s.step
    seats = [q[0] if isinstance(q, tuple) else q for q in s.queue]
    if step != "spirits" and len(set(seats)) != len(seats):
        fail("queue", "a seat is queued twice")
    if step in ("draft", "play"):  # rice_paddy.draft.first, rice_paddy.spirit.play: picks face down, together
        for i, p in enumerate(s.players):
            if p.pick >= 0 and i in seats:
                fail("queue", f"seat {i} has picked already in this {step} step: the queue holds the seats still "
                     "to pick")
            if p.pick < 0 and i not in seats:
                fail("queue", f"seat {i} has not picked yet in this {step} step but is not queued to pick")
    _check_setup_walls(s, fail)
    _check_left(s, fail)


def _check_setup_walls(s, fail) -> None:
    cfg, step = s.cfg, s.step
    if step == "setup":  # rice_paddy.setup.start-paddy, rice_paddy.setup.gate-side: two walls and a gate
        sides = (cfg.start_gate,) + cfg.start_walls
        for i, p in enumerate(s.players):
            on = [p.edges[k] for k in sides]
            if on.count(GATE) != 1:
                fail(f"seats.{i}.field.gates", f"in the set-up step the starting paddy has one gate on its sides "
                     f"({', '.join(cfg.edge_name[k] for k in sides)}), got {on.count(GATE)}")
            if on.count(WALL) != len(sides) - 1:
                fail(f"seats.{i}.field.walls", f"in the set-up step the starting paddy's other sides "
                     f"({', '.join(cfg.edge_name[k] for k in sides)} but the gate) hold its walls")


def _check_left(s, fail) -> None:
    step = s.step
    if s.queue and step in ("build", "rocks"):  # the engine passes over a seat with nothing left to do
        i = s.queue[0]
        p = s.players[i]
        if step == "build" and p.build_left + p.bonus == 0:
            fail(f"seats.{i}.build_left", f"seat {i} is to place walls and gates but has none left (build_left "
                 "and bonus_walls are 0; rice_paddy.build.cost)")
        if step == "rocks" and p.rock_left == 0:
            fail(f"seats.{i}.rock_left", f"seat {i} is to remove rocks but has no removal left (rock_left is 0; "
                 "rice_paddy.rocks.remove)")


# ---- from_view: a full state consistent with one seat's view -------------------------------------

def from_view(view: dict, seed: int):
    """Rebuild a full position from `view(seat)`, sampling what that seat cannot see: the other seats'
    spirit hands, draft hands and face-down picks, the order of the decks, and allocations not yet
    revealed (sampled as empty: any allocation is consistent with what the seat saw)."""
    if not isinstance(view, dict) or view.get("game") != "rice_paddy" or "position" not in view:
        Fields("rice_paddy view").fail(None, "from_view expects a rice_paddy seat view (state.view(seat))")
    pos = view["position"]
    data = {k: v for k, v in pos.items() if k not in ("seats", "rain", "spirit_decks")}
    data["seed"] = seed
    st = rng.seed_state(seed)
    n = pos["players"]
    seats = [dict(s) for s in pos["seats"]]
    rnd = pos["round"]
    pool_deck = 0 if rnd <= 3 else 1
    lo, hi = (1, 20) if pool_deck == 0 else (21, 40)
    visible = {c for s in seats for c in (*s["played"], *(s["hand"] or ()), *(s["draft"] or ()))}
    visible |= {s["pick"] for s in seats if s["pick"] is not None}
    unseen = [c for c in range(lo, hi + 1) if c not in visible]
    st, unseen = rng.shuffled(st, unseen)
    other = [c for c in range(1, 41) if not lo <= c <= hi and c not in visible]
    decks = [None, None]
    for s in seats:
        for field in ("hand", "draft"):
            k = s.pop(field + "_size")
            if s[field] is None:
                s[field] = sorted(unseen[:k])
                unseen = unseen[k:]
        picked = s.pop("picked")
        if picked and s["pick"] is None:  # a face-down pick is one of the (sampled) cards held
            held = s["draft"] if pos["step"] == "draft" else s["hand"]
            s["pick"] = held[0]
        if s["allocation"] is None:
            s["allocation"] = {}
    sizes = pos["spirit_decks"]
    decks[pool_deck] = unseen
    # cards of the other range not visible are in that deck (already dealt ones were all played)
    st, other = rng.shuffled(st, other)
    decks[1 - pool_deck] = other
    if len(decks[0]) != sizes[0] or len(decks[1]) != sizes[1]:
        Fields("rice_paddy view").fail("decks", f"the view's deck sizes {sizes} do not match its cards")
    data["spirit_decks"] = decks
    rain = dict(pos["rain"])
    cfg = config(n, pos.get("options") or {}, pos.get("data"))
    rest = [c for c in sorted(cfg.rain) if c not in rain["seen"]]
    st, rest = rng.shuffled(st, rest)
    rain["deck"] = rest[: rain.pop("deck_size")]
    data["rain"] = rain
    data["seats"] = seats
    return data


def sample_allocations(state, view: dict, seed: int):
    """Give every seat whose finished allocation `view` hides a random allocation (one unit at a time,
    stopping at random), so searches do not assume the opponents allocated nothing."""
    if state.step != "alloc":
        return state
    hidden = [i for i, x in enumerate(view["seats"]) if x["allocation"] is None and i not in state.queue]
    if not hidden:
        return state
    st = rng.seed_state(seed ^ 0x5EED)
    s = state._copy()
    for i in hidden:
        while True:
            opts = s._alloc_options(i)
            st, k = rng.below(st, len(opts) + 1)
            if k == len(opts) or (k % 6 == 5):  # stop: "done", or about one draw in six
                break
            s.pm(i).add_alloc(opts[k])
    s._freeze()
    return s
