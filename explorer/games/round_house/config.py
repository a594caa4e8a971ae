"""Round House components -> a validated, frozen Config shared by every state of one game.

Goods are indexed FRUIT, CEL(adon), TEA, GOLD = 0..3. Rooms are indexed in the order of the data file;
HALL (-1) is the ancestral hall. Reward bundles are tuples of (token, count) pairs (see components.toml).
"""
from __future__ import annotations

import functools
import re

from pydantic import BaseModel, ConfigDict, field_validator, model_validator

from ...core.data import config_cache, validated_components

GOODS = ("fruit", "cel", "tea", "gold")
GOOD_LETTER = "fctg"
FRUIT, CEL, TEA, GOLD = range(4)
HALL = -1
ROOM_KINDS = ("goods", "gold_pirate", "market", "specialist", "counting_house", "great_hall",
              "retail", "wholesale", "bank", "black_market", "exchange", "meeting_hall", "warehouse")
TILE_KINDS = ROOM_KINDS[6:]
ABILITIES = ("goods", "caravan", "invest", "worship")
PASSIVES = ("invest_p3", "gold_p2", "goods_p1", "specialist_p2")
TOKENS = ("money", "points", "fruit", "cel", "tea", "gold", "good", "rec", "car", "inv", "pir", "spec", "amu",
          "A", "ret", "others", "book", "sell", "selltea2", "sellcel2", "sellfruit2")
# The merchants' sales (round_house.specialist.sell): a card's effect token -> (the good it sells, None for any,
# and the multiplier of the space's reward). Only the tea, porcelain and fruit merchants (cards 10-12) double;
# the Shandong merchant's (card 9) 'sell' sells any good at the printed reward. Its second sale is the pending
# task 'sell!<room index of the first>', which keeps those terms (the room index is not part of them).
SALE_TERMS = {"sell": (None, 1), "selltea2": (TEA, 2), "sellcel2": (CEL, 2), "sellfruit2": (FRUIT, 2)}


def sale_terms(task: str) -> tuple:
    """A pending sale task -> (good or None, reward multiplier, room index it may not use or None)."""
    head, bang, r = task.partition("!")
    good, mult = SALE_TERMS[head]
    return good, mult, int(r) if bang else None


_TOKEN_RE = re.compile(r"^(\d*)(m\d+|p\d+|[a-z]+\d?|A)$")


def parse_bundle(code: str) -> tuple:
    """'m2+2good' -> (('money', 2), ('good', 2)); '' -> (). ValueError on an unknown token."""
    out = []
    for part in filter(None, code.split("+")):
        m = _TOKEN_RE.match(part)
        if not m:
            raise ValueError(f"bad reward token {part!r}")
        k = int(m.group(1) or 1)
        tok = m.group(2)
        if tok[0] in "mp" and tok[1:].isdigit():
            out.append(("money" if tok[0] == "m" else "points", k * int(tok[1:])))
        elif tok in TOKENS:
            out.append((tok, k))
        else:
            raise ValueError(f"unknown reward token {part!r}")
    return tuple(out)


def parse_choice(code: str) -> tuple:
    return tuple(parse_bundle(c) for c in code.split("|"))


class _Room(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    ring: str
    kind: str
    chairs: int
    market: str | None = None

    @field_validator("ring")
    @classmethod
    def _ring(cls, v):
        if v not in ("outer", "inner"):
            raise ValueError("ring must be 'outer' or 'inner'")
        return v

    @field_validator("kind")
    @classmethod
    def _kind(cls, v):
        if v not in ROOM_KINDS[:6] + ("tile_large", "tile_small"):
            raise ValueError(f"kind must be a printed room kind or tile_large/tile_small, got {v!r}")
        return v


class _Order(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    start: bool = False
    cost: dict[str, int]
    points: int
    ability: str

    @model_validator(mode="after")
    def _ok(self):
        if set(self.cost) - set(GOODS) or any(n < 0 for n in self.cost.values()):
            raise ValueError(f"order {self.id}: cost keys must be among {GOODS}")
        if self.ability not in ABILITIES:
            raise ValueError(f"order {self.id}: ability must be one of {ABILITIES}")
        return self


class _Specialist(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    name: str
    zh: str
    kind: str
    effect: str

    @model_validator(mode="after")
    def _ok(self):
        if self.kind not in ("amulet", "passive", "oneshot"):
            raise ValueError(f"{self.id}: kind must be amulet, passive or oneshot")
        if self.kind == "passive":
            if self.effect not in PASSIVES:
                raise ValueError(f"{self.id}: passive effect must be one of {PASSIVES}")
        else:
            parse_choice(self.effect)
        return self


def _bundle_ok(v):
    parse_bundle(v)
    return v


class Components(BaseModel):
    model_config = ConfigDict(extra="forbid")
    goods: dict[str, int]
    money_total: int
    workers_per_player: int
    start_resource_workers: int
    start_money: list[int]
    start_gold: int
    leaders: dict[str, int]
    game_length: dict[str, int]
    display: dict[str, int]
    max_specialists: int
    leftover_ratio: int
    costs: dict
    caravan_move: int
    amulet_kinds: list[str]
    amulet_copies: int
    amulet_set_points: list[int]
    towns: list[str]
    rooms: list[_Room]
    stairs: list[list[str]]
    room_tiles: dict[str, list[str]]
    markets: dict[str, list[list[str]]]
    retail: list[str]
    wholesale: list[str]
    bank: list[list]
    black_market: dict[str, int]
    warehouse_stock: list[str]
    worship_points: list[list[int]]
    worship_h_edges: list[list[str]]
    worship_v_edges: list[list[str]]
    small_temples: list[str]
    pirates: list[str]
    order_marks: list[int]
    board_bonus: list[int]
    orders: list[_Order]
    order_abilities: dict[str, str]
    specialists: list[_Specialist]
    specialist_amulets: dict[str, str]

    @field_validator("retail", "wholesale", "small_temples", "pirates")
    @classmethod
    def _bundles(cls, v):
        for c in v:
            _bundle_ok(c)
        return v

    @model_validator(mode="after")
    def _consistent(self):  # noqa: C901 - one check per component, in order
        if set(self.goods) != set(GOODS):
            raise ValueError(f"goods: expected the keys {GOODS}")
        if len(self.start_money) != 5 or set(self.leaders) != {"2", "3", "4", "5"} \
                or set(self.game_length) != {"2", "3", "4", "5"}:
            raise ValueError("start_money needs 5 values; leaders and game_length keys '2'..'5'")
        if any(n not in (1, 2) for n in self.leaders.values()):
            raise ValueError("leaders: 1 or 2 per player")
        for k in ("amulets", "pirates", "specialists", "orders", "grid_amulets", "counting_house"):
            if self.display.get(k, 0) < 1:
                raise ValueError(f"display.{k}: expected a positive count")
        for k in ("max_specialists", "leftover_ratio"):
            if getattr(self, k) < 1:
                raise ValueError(f"{k}: expected a positive count")
        if self.caravan_move < 0:
            raise ValueError("caravan_move: expected a cost of 0 or more")
        ids = [r.id for r in self.rooms]
        if len(set(ids)) != len(ids) or not all(re.fullmatch(r"[oi]\d{1,2}", i) for i in ids):
            raise ValueError("rooms: ids must be unique, 'o<n>' (outer) or 'i<n>' (inner)")
        for r in self.rooms:
            if (r.id[0] == "o") != (r.ring == "outer"):
                raise ValueError(f"room {r.id}: the id letter must match its ring")
            if r.kind == "market" and r.market not in self.markets:
                raise ValueError(f"room {r.id}: market {r.market!r} not in markets")
            if r.chairs < 0:
                raise ValueError(f"room {r.id}: chairs must be >= 0")
        for st in self.stairs:
            if len(st) != 2 or st[0] not in ids or st[1] not in ids:
                raise ValueError(f"stairs: {st} must join two room ids")
        large = sum(r.kind == "tile_large" for r in self.rooms)
        small = sum(r.kind == "tile_small" for r in self.rooms)
        tl, ts = self.room_tiles.get("large", []), self.room_tiles.get("small", [])
        if set(self.room_tiles) != {"large", "small"} or len(tl) != large or len(ts) < small:
            raise ValueError("room_tiles: one large tile per large space and at least one small per small space")
        if set(tl + ts) - set(TILE_KINDS) or len(set(tl + ts)) != len(tl + ts):
            raise ValueError(f"room_tiles: distinct tiles among {TILE_KINDS}")
        for name, spaces in self.markets.items():
            if len(spaces) != 3 or any(len(s) != 2 or s[0] not in GOODS for s in spaces):
                raise ValueError(f"markets.{name}: three [good, reward] spaces")
            for s in spaces:
                _bundle_ok(s[1])
        if len(self.retail) != 3 or len(self.wholesale) != 3:
            raise ValueError("retail and wholesale: three spaces each")
        if len(self.bank) != 3 or any(len(b) != 2 or not isinstance(b[0], int) for b in self.bank):
            raise ValueError("bank: three [cost, reward] spaces")
        for b in self.bank:
            _bundle_ok(b[1])
        if set(self.black_market) != set(GOODS) | {"sell_bonus"}:
            raise ValueError("black_market: a price per good and sell_bonus")
        if any(g not in GOODS for g in self.warehouse_stock):
            raise ValueError("warehouse_stock: goods")
        rows = len(self.worship_points)
        cols = len(self.worship_points[0]) if rows else 0
        if rows < 2 or cols < 2 or any(len(r) != cols for r in self.worship_points):
            raise ValueError("worship_points: a rectangular grid of at least 2x2")
        if len(self.worship_h_edges) != rows + 1 or any(len(r) != cols for r in self.worship_h_edges):
            raise ValueError(f"worship_h_edges: {rows + 1} rows of {cols}")
        if len(self.worship_v_edges) != rows or any(len(r) != cols + 1 for r in self.worship_v_edges):
            raise ValueError(f"worship_v_edges: {rows} rows of {cols + 1}")
        amulet_edges = 0
        for row in self.worship_h_edges + self.worship_v_edges:
            for c in row:
                amulet_edges += sum(n for t, n in parse_bundle(c) if t == "A")
        if amulet_edges != self.display["grid_amulets"]:
            raise ValueError(f"the worship grid needs {self.display['grid_amulets']} amulet spaces (A)")
        n_amulets = len(self.amulet_kinds) * self.amulet_copies
        need = self.display["grid_amulets"] + 1 + self.display["amulets"]
        if n_amulets < need:
            raise ValueError(f"amulets: {n_amulets} is fewer than the {need} set out")
        if len(self.amulet_set_points) != len(self.amulet_kinds) + 1:
            raise ValueError("amulet_set_points: one value per set size 0..number of kinds")
        pts = self.amulet_set_points
        if any(a >= b for a, b in zip(pts, pts[1:])):
            raise ValueError("amulet_set_points: a set of more kinds scores more (遊戲結束), so values must increase")
        if len(self.towns) < 2 or len(self.small_temples) < 1 or len(self.pirates) < self.display["pirates"]:
            raise ValueError("towns >= 2, small_temples >= 1, pirates >= the display")
        if len(self.board_bonus) != 2:
            raise ValueError("board_bonus: two values")
        board = self.workers_per_player - 1 - self.start_resource_workers
        if board < 2:
            raise ValueError("workers_per_player leaves fewer than 2 for the personal board")
        oids = [o.id for o in self.orders]
        if len(set(oids)) != len(oids) or sum(o.start for o in self.orders) < 5:
            raise ValueError("orders: unique ids and at least 5 starting orders")
        if set(self.order_abilities) != set(ABILITIES):
            raise ValueError(f"order_abilities: one text per ability {ABILITIES}")
        sids = [s.id for s in self.specialists]
        if len(set(sids)) != len(sids):
            raise ValueError("specialists: unique ids")
        for s in self.specialists:
            if s.kind == "amulet" and self.specialist_amulets.get(s.id) not in self.amulet_kinds:
                raise ValueError(f"specialist_amulets: {s.id} needs an amulet kind")
        return self


@functools.lru_cache(maxsize=16)
def components(path: str | None) -> Components:
    return validated_components("round_house", Components, path)


class Config:
    """Everything fixed for one game: players, options, board graph, card tables."""

    def __init__(self, players: int, options: dict, data: str | None):
        comp = components(data)
        self.comp, self.data, self.players = comp, data, players
        self.options = dict(options)
        self.key = (players, tuple(sorted(self.options.items())), data)
        # load() options (interpretations offered both ways; see data/rules/round_house.toml)
        self.amulet_slot = options.get("amulet_specialist_slot", "free") == "occupied"
        self.return_to_board = options.get("returned_workers", "leave") == "board"
        self.leftovers_separate = options.get("leftovers", "pooled") == "separate"
        self.return_at_room_end = options.get("investment_return", "second_execution") == "room_end"
        self.sell_all_markets = options.get("specialist_markets", "market") == "all"
        self.colors = ("red", "blue", "yellow", "green", "purple")[:players]
        self.names = tuple(c.capitalize() for c in self.colors)
        self.leaders = comp.leaders[str(players)]
        self.length = comp.game_length[str(players)]  # round_house.turn.length: family worships in the game
        self.goods_total = tuple(comp.goods[g] for g in GOODS)
        self.money_total = comp.money_total
        self.workers = comp.workers_per_player
        self.board_spaces = comp.workers_per_player - 1 - comp.start_resource_workers
        self.disp = dict(comp.display, max_specialists=comp.max_specialists, leftover_ratio=comp.leftover_ratio)
        self.costs = dict(comp.costs, caravan_move=comp.caravan_move)
        # rooms and the movement graph
        self.room_ids = tuple(r.id for r in comp.rooms)
        self.room_index = {r: i for i, r in enumerate(self.room_ids)}
        self.ring = tuple(r.ring for r in comp.rooms)
        self.slot_kind = tuple(r.kind for r in comp.rooms)
        self.chairs = tuple(r.chairs for r in comp.rooms)
        self.market_of = tuple(r.market for r in comp.rooms)
        rings = {"outer": [i for i, r in enumerate(comp.rooms) if r.ring == "outer"],
                 "inner": [i for i, r in enumerate(comp.rooms) if r.ring == "inner"]}
        self.ring_order = rings
        exits = {HALL: [rings["outer"][0], rings["inner"][0]] if rings["inner"] else [rings["outer"][0]]}
        for seq in rings.values():
            for k, i in enumerate(seq):
                exits[i] = [seq[k + 1] if k + 1 < len(seq) else HALL]
        self.stairs = tuple((self.room_index[a], self.room_index[b]) for a, b in comp.stairs)
        for a, b in self.stairs:
            exits[a].append(b)
        self.exits = {k: tuple(v) for k, v in exits.items()}
        self.large_tiles = tuple(comp.room_tiles["large"])
        self.small_tiles = tuple(comp.room_tiles["small"])
        self.markets = {k: tuple((GOODS.index(g), parse_bundle(r)) for g, r in v) for k, v in comp.markets.items()}
        self.retail = tuple(parse_bundle(r) for r in comp.retail)
        self.wholesale = tuple(parse_bundle(r) for r in comp.wholesale)
        self.bank = tuple((c, parse_bundle(r)) for c, r in comp.bank)
        self.bm_price = tuple(comp.black_market[g] for g in GOODS)
        self.bm_bonus = comp.black_market["sell_bonus"]
        self.warehouse_stock = tuple(GOODS.index(g) for g in comp.warehouse_stock)
        self.towns = tuple(comp.towns)
        # worship grid
        self.rows = len(comp.worship_points)
        self.cols = len(comp.worship_points[0])
        self.cell_points = tuple(p for row in comp.worship_points for p in row)
        self.edges = tuple(parse_bundle(c) for row in comp.worship_h_edges + comp.worship_v_edges for c in row)
        nh = (self.rows + 1) * self.cols
        sides = []
        for r in range(self.rows):
            for c in range(self.cols):
                sides.append((r * self.cols + c, (r + 1) * self.cols + c,
                              nh + r * (self.cols + 1) + c, nh + r * (self.cols + 1) + c + 1))  # N S W E
        self.cell_sides = tuple(sides)
        self.amulet_edges = tuple(i for i, b in enumerate(self.edges) if any(t == "A" for t, _ in b))
        self.temples = tuple(parse_bundle(c) for c in comp.small_temples)
        self.pirates = tuple(parse_bundle(c) for c in comp.pirates)
        self.pirate_ids = tuple(f"P{i + 1:02d}" for i in range(len(comp.pirates)))
        self.marks = tuple(comp.order_marks)
        self.board_bonus = tuple(comp.board_bonus)
        self.set_points = tuple(comp.amulet_set_points)
        # amulets: ids A01.., kind index
        kinds = comp.amulet_kinds
        self.amulet_kinds = tuple(kinds)
        self.amulet_ids = tuple(f"A{i + 1:02d}" for i in range(len(kinds) * comp.amulet_copies))
        self.amulet_kind = tuple(i // comp.amulet_copies for i in range(len(self.amulet_ids)))
        # orders
        self.orders = {o.id: o for o in comp.orders}
        self.order_ids = tuple(o.id for o in comp.orders)
        self.order_cost = {o.id: tuple(o.cost.get(g, 0) for g in GOODS) for o in comp.orders}
        self.start_orders = tuple(o.id for o in comp.orders if o.start)
        # specialists
        self.specs = {s.id: s for s in comp.specialists}
        self.spec_ids = tuple(s.id for s in comp.specialists)
        self.spec_kind = {s.id: s.kind for s in comp.specialists}
        self.spec_effect = {s.id: (s.effect if s.kind == "passive" else parse_choice(s.effect))
                            for s in comp.specialists}
        self.spec_amulet = {k: kinds.index(v) for k, v in comp.specialist_amulets.items()}
        self.passive_of = {s.effect: s.id for s in comp.specialists if s.kind == "passive"}


config = config_cache(Config)  # config(players, options, data=None) -> Config
