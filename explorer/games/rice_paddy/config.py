"""Rice Paddy components -> a frozen Config: the field's hexes and edges, tables and card lists.

Hexes of a player's field are indexed 0..H-1 and named by one letter (a, b, ...); the inner edges
(between two field hexes) are indexed 0..E-1 and named by their two letters, e.g. "ab".
"""
from __future__ import annotations

import functools
from typing import Literal

from pydantic import BaseModel, ConfigDict, field_validator, model_validator

from ...core import hexgrid
from ...core.data import config_cache, validated_components
from .actions import intern

ACTIVE_EFFECTS = ("rice", "water", "worker", "livestock", "remove_weed", "remove_pest", "remove_rock",
                  "free_walls", "magic_water", "plant")
# harvest_wet overrides rice_paddy.farm.dry-only (card text beats the rules: rice_paddy.spirit.overrides)
PASSIVE_EFFECTS = ("harvest_bonus", "market_discount", "end_rice", "end_per_paddy", "harvest_wet")
TARGETED = ("remove_weed", "remove_pest", "remove_rock", "magic_water", "plant")
RAIN_TARGETS = ("planted", "wet", "dry", "largest")
ACHIEVEMENT_KINDS = ("paddies", "big_paddy", "planted_hexes", "grown_hexes", "wet_hexes", "no_rocks",
                     "rocks_removed", "livestock", "workers", "gates", "clean_paddies", "fertilised", "chain")
COUNTS = ("2", "3", "4")


class _Hex(BaseModel):
    model_config = ConfigDict(extra="forbid")
    label: str
    q: int
    r: int


class _Board(BaseModel):
    model_config = ConfigDict(extra="forbid")
    reservoir: tuple[int, int]
    start: str
    start_walls: list[str]
    start_gate: str
    hexes: list[_Hex]

    @model_validator(mode="after")
    def _shape(self):
        labels = [h.label for h in self.hexes]
        if len(set(labels)) != len(labels) or any(len(x) != 1 or not "a" <= x <= "z" for x in labels):
            raise ValueError("hex labels must be distinct single lower-case letters")
        if "r" in labels:
            raise ValueError("the label 'r' is not allowed (R names the reservoir)")
        if len({(h.q, h.r) for h in self.hexes}) != len(self.hexes):
            raise ValueError("two hexes share a position")
        pos = {h.label: (h.q, h.r) for h in self.hexes}
        if self.start not in pos or hexgrid.distance(pos[self.start], tuple(self.reservoir)) != 1:
            raise ValueError("the starting hex must be a field hex next to the reservoir")
        if tuple(self.reservoir) in pos.values():
            raise ValueError("the reservoir cannot be a field hex")
        for e in [*self.start_walls, self.start_gate]:
            if len(e) != 2 or e[0] not in pos or e[1] not in pos or hexgrid.distance(pos[e[0]], pos[e[1]]) != 1:
                raise ValueError(f"start edge {e!r} is not two adjacent field hexes")
        return self


class _Rain(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: int
    water: dict[str, int]
    weeds: int = 0
    pests: int = 0
    target: Literal["planted", "wet", "dry", "largest"] | None = None

    @model_validator(mode="after")
    def _ok(self):
        if set(self.water) != set(COUNTS) or any(v < 0 for v in self.water.values()):
            raise ValueError("water needs a count >= 0 for 2, 3 and 4 players")
        if (self.weeds or self.pests) and self.target is None:
            raise ValueError("a card adding weeds or pests needs a target")
        return self


class _Setup(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: int
    rocks: list[str]
    walls: int = 0
    rice: int = 0
    workers: int = 0
    livestock: int = 0


class _Achievement(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: int
    kind: Literal[ACHIEVEMENT_KINDS]  # type: ignore[valid-type]
    n: int
    rice: int


class _Spirit(BaseModel):
    model_config = ConfigDict(extra="forbid")
    n: int
    # active (sun): resolved in the spirit step; passive (hourglass): always on once played; anytime: usable
    # at any decision of its owner, once a round (rice_paddy.spirit.anytime), with the active effects
    kind: Literal["active", "passive", "anytime"]
    effect: str
    amount: int
    once: bool = False  # active or anytime: usable once a game (rice_paddy.spirit.once)
    lasting: Literal["game", "round"] = "game"  # passive only (rice_paddy.spirit.lasting)

    @model_validator(mode="after")
    def _ok(self):
        allowed = PASSIVE_EFFECTS if self.kind == "passive" else ACTIVE_EFFECTS
        if self.effect not in allowed:
            raise ValueError(f"a {self.kind} effect must be one of {list(allowed)}")
        if self.amount < 1:
            raise ValueError("amount must be >= 1")
        if self.effect in ("remove_rock", "magic_water", "plant") and self.amount != 1:
            raise ValueError(f"{self.effect} acts on exactly one piece or paddy: amount must be 1")
        if self.once and self.kind == "passive":
            raise ValueError("only active and anytime cards can be once-per-game ('once')")
        if self.lasting != "game" and self.kind != "passive":
            raise ValueError("'lasting' applies to passive cards only")
        return self


class _Harvest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    normal: list[list[int]]
    final: list[list[int]]


class Components(BaseModel):
    """The values the engine needs, validated (errors name the field)."""
    model_config = ConfigDict(extra="forbid")
    water_discs: int
    water_removed: dict[str, int]
    magic_water: int
    rocks: int
    walls: int
    gates: int
    weeds: int
    pests: int
    fertiliser: int
    workers_per_player: int
    workers_on_market: int
    livestock_per_player: int
    start_pieces: dict[str, int]
    max_paddy_size: int
    draft_hand: int
    achievements_extra: int
    tax: dict[str, int]
    colors: list[str]
    board: _Board
    harvest_table: _Harvest
    worker_prices: list[int]
    livestock_prices: list[int]
    rain_cards: list[_Rain]
    setup_cards: list[_Setup]
    achievements: list[_Achievement]
    spirits: list[_Spirit]

    @field_validator("spirits")
    @classmethod
    def _forty(cls, v):
        if sorted(s.n for s in v) != list(range(1, 41)):
            raise ValueError("expected the 40 spirit cards numbered 1-40, once each")
        return sorted(v, key=lambda s: s.n)

    @model_validator(mode="after")
    def _sums(self):
        for wrong, msg in _SUMS:
            if wrong(self):
                raise ValueError(msg)
        labels = {h.label for h in self.board.hexes}
        for c in self.setup_cards:
            if any(x not in labels or x == self.board.start for x in c.rocks) or len(set(c.rocks)) != len(c.rocks):
                raise ValueError(f"setup card {c.id}: rocks on distinct field hexes, never the starting hex")
            if min(c.walls, c.rice, c.workers, c.livestock) < 0:
                raise ValueError(f"setup card {c.id}: bonuses must be >= 0")
        for wrong, msg in _CARDS:
            if wrong(self):
                raise ValueError(msg)
        return self


def _distinct(items) -> bool:
    return len({x.id for x in items}) == len(items)


def _bad_harvest(t, size) -> bool:
    return len(t) != 4 or any(len(row) != size + 1 or min(row) < 0 for row in t)


# What the components' numbers must satisfy, in the order checked: (wrong, message).
_SUMS = (
    (lambda c: set(c.water_removed) != set(COUNTS) or any(not 0 <= v < c.water_discs for v in c.water_removed.values()),
     "water_removed: a count for 2, 3 and 4 players, below water_discs"),
    (lambda c: not 1 <= c.max_paddy_size <= len(c.board.hexes),
     "max_paddy_size must be between 1 and the number of field hexes"),
    (lambda c: _bad_harvest(c.harvest_table.normal, c.max_paddy_size),
     "harvest_table.normal: 4 rows of max_paddy_size + 1 numbers >= 0"),
    (lambda c: _bad_harvest(c.harvest_table.final, c.max_paddy_size),
     "harvest_table.final: 4 rows of max_paddy_size + 1 numbers >= 0"),
    (lambda c: len(c.worker_prices) != c.workers_on_market or min(c.worker_prices) < 0,
     "worker_prices: one price >= 0 per worker market space"),
    (lambda c: len(c.livestock_prices) != c.livestock_per_player or min(c.livestock_prices) < 0,
     "livestock_prices: one price >= 0 per livestock market space"),
    (lambda c: not 0 <= c.workers_on_market <= c.workers_per_player,
     "workers_on_market cannot exceed workers_per_player"),
    (lambda c: set(c.tax) != {"1", "2", "3"}, "tax: extra rice for buying 1, 2 and 3 items in a round"),
    (lambda c: len(c.colors) < 4 or len(set(c.colors)) != len(c.colors), "colors: at least four distinct colours"),
)
_CARDS = (
    (lambda c: len(c.setup_cards) < 4 or not _distinct(c.setup_cards),
     "setup_cards: at least 4 cards with distinct ids"),
    (lambda c: len(c.rain_cards) < 6 or not _distinct(c.rain_cards),
     "rain_cards: at least 6 cards (one per round 1-6) with distinct ids"),
    (lambda c: len(c.achievements) < 4 + c.achievements_extra or not _distinct(c.achievements),
     "achievements: distinct ids, at least players + achievements_extra of them"),
    (lambda c: c.rocks < 4 * max(len(s.rocks) for s in c.setup_cards), "not enough rocks for four set-up cards"),
    (lambda c: c.draft_hand != 4,
     "the draft (keep one, pass three, keep one, pass two, keep one) needs hands of 4"),
)


@functools.lru_cache(maxsize=16)
def components(path: str | None) -> Components:
    return validated_components("rice_paddy", Components, path)


class Config:
    """Everything fixed for one game: players, options, geometry, tables. Shared by all its states."""

    def __init__(self, players: int, options: dict, data: str | None):
        comp = components(data)
        self.comp, self.data, self.players = comp, data, players
        self.options = dict(options)
        self.key = (players, tuple(sorted(self.options.items())), data)
        b = comp.board
        self.labels = "".join(h.label for h in b.hexes)
        self.pos = tuple((h.q, h.r) for h in b.hexes)
        self.H = len(self.pos)
        self.index = {c: i for i, c in enumerate(self.labels)}
        self.reservoir = tuple(b.reservoir)
        self.start = self.index[b.start]
        edges = []
        for i in range(self.H):
            for j in range(i + 1, self.H):
                if hexgrid.distance(self.pos[i], self.pos[j]) == 1:
                    edges.append((i, j))
        self.edges = tuple(edges)
        self.E = len(edges)
        self.edge_name = tuple(self.labels[i] + self.labels[j] for i, j in edges)
        self.edge_index = {n: k for k, n in enumerate(self.edge_name)}
        self.edge_index.update({n[::-1]: k for k, n in enumerate(self.edge_name)})
        # [edge][WALL or GATE]: the actions (explorer.Action, a str) that build it
        self.piece_text = tuple((None, intern(f"wall {n}"), intern(f"gate {n}")) for n in self.edge_name)
        # the shared geometry's canonical edge keys (hexgrid.edge), e.g. for drawing with edge_points
        self.edge_key = tuple(hexgrid.edge(self.pos[i], self.pos[j]) for i, j in edges)
        self.edge_of_key = {key: k for k, key in enumerate(self.edge_key)}
        self.hex_edges = tuple(tuple(k for k, (i, j) in enumerate(edges) if h in (i, j)) for h in range(self.H))
        self.hex_nbrs = tuple(tuple((k, j if i == h else i) for k, (i, j) in enumerate(edges) if h in (i, j))
                              for h in range(self.H))  # per hex: (inner edge, the hex across it)
        self.edge_bits = tuple((1 << i, 1 << j) for i, j in edges)
        self.every_hex = (1 << self.H) - 1  # the mask of all field hexes
        self.start_walls = tuple(self.edge_index[e] for e in b.start_walls)
        self.start_gate = self.edge_index[b.start_gate]
        self.max_paddy = comp.max_paddy_size
        self.total_water = comp.water_discs - comp.water_removed[str(players)]  # rice_paddy.setup.water
        self.harvest = (tuple(map(tuple, comp.harvest_table.normal)), tuple(map(tuple, comp.harvest_table.final)))
        self.wprice = tuple(comp.worker_prices)
        self.lprice = tuple(comp.livestock_prices)
        self.tax = tuple(comp.tax[str(k)] for k in (1, 2, 3))
        self.colors = tuple(comp.colors[:players])  # rice_paddy.setup.seats: the colours in seat order
        self.rain = {c.id: c for c in comp.rain_cards}
        self.setup = {c.id: c for c in comp.setup_cards}
        self.ach = {a.id: a for a in comp.achievements}
        self.spirit = {s.n: s for s in comp.spirits}  # rice_paddy.spirit.sample: components.toml's sample set
        # rice_paddy.spirit.anytime: the any-time cards, and the bits (in a player's `spent`) of those that are
        # used up only for the rest of the round (the others are once a game)
        self.anytime = frozenset(s.n for s in comp.spirits if s.kind == "anytime")
        self.anytime_round = sum(1 << s.n for s in comp.spirits if s.kind == "anytime" and not s.once)
        self.n_workers = comp.workers_per_player
        self.n_livestock = comp.livestock_per_player
        self.flood_choice = self.options.get("flood", "auto") == "choose"
        self.plant_dry = self.options.get("plant_water", "flooded") == "any"
        self.fields_cache = {}  # edge pattern -> Fields (fields.fields)
        # allocation boxes' action texts per hex, e.g. alloc_text["w plant"][2] == "w plant c"
        self.alloc_text = {box: tuple(intern(f"{box} {c}") for c in self.labels)
                           for box in ("w weed", "w harvest", "w plant", "l pest")}
        self.alloc_box = {t: (box.split()[1], h) for box, texts in self.alloc_text.items()
                          for h, t in enumerate(texts)}  # e.g. "w plant c" -> ("plant", 2)


config = config_cache(Config)  # config(players, options, data=None) -> Config
