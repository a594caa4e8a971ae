"""Round House set-up, JSON positions and the conservation laws."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ...core import rng
from ...core.checks import guard_loader
from ...core.data import _explain
from ...core.errors import PositionError, brief, clip
from ...core.fields import Fields
from ...core.registry import position_options
from ...core.registry import spec as game_spec
from .config import GOODS, HALL, config

FORMAT_VERSION = 2  # 2: rules changed on 2026-11-25 (lines saved before replay differently)


def new_game(cls, players: int, seed: int, data, **opts):
    """The starting position: room tiles, decks and displays, each player's pieces."""
    cfg = config(players, opts, data)
    s = object.__new__(cls)
    s.cfg, s.seed, s.rng = cfg, seed, rng.seed_state(seed)
    n = len(cfg.room_ids)
    # room tiles at random into same-size spaces; the spare small tiles leave the game (round_house.setup.tiles)
    s.rng, large = rng.shuffled(s.rng, cfg.large_tiles)
    s.rng, small = rng.shuffled(s.rng, cfg.small_tiles)
    kinds = []
    for k in cfg.slot_kind:
        kinds.append(large.pop() if k == "tile_large" else small.pop() if k == "tile_small" else k)
    s.kinds, s.out_tiles = kinds, sorted(small)
    s.supply = list(cfg.goods_total)
    s.slots = []
    for kind in kinds:
        if kind == "warehouse":  # round_house.setup.warehouse
            s.slots.append(list(cfg.warehouse_stock))
            for k in cfg.warehouse_stock:
                s.supply[k] -= 1
        elif kind in ("market", "retail", "wholesale"):
            s.slots.append([-1, -1, -1])
        else:
            s.slots.append([])
    s.chairs = [[] for _ in range(n)]
    s.elders = [[] for _ in range(cfg.rows * cfg.cols)]
    # amulets: 6 on the hall's reward spaces, 1 on the end space, 3 face up (round_house.setup.amulets)
    s.rng, amu = rng.shuffled(s.rng, cfg.amulet_ids)
    s.grid = [amu.pop() for _ in cfg.amulet_edges]
    s.end_amulet = amu.pop()
    s.amu_up = [amu.pop() for _ in range(cfg.disp["amulets"])]
    s.amu_deck = amu
    s.rng, pir = rng.shuffled(s.rng, cfg.pirate_ids)  # round_house.setup.pirates
    s.pir_up = [pir.pop() for _ in range(cfg.disp["pirates"])]
    s.pir_deck, s.pir_disc = pir, []
    s.temples = [False] * len(cfg.temples)  # round_house.setup.temples
    s.rng, spec = rng.shuffled(s.rng, cfg.spec_ids)  # round_house.setup.specialists
    s.spec_up = [spec.pop() for _ in range(cfg.disp["specialists"])]
    s.spec_deck, s.spec_disc = spec, []
    # one starting order each, the others back in the box; the rest shuffled, 3 face up (round_house.setup.orders)
    s.rng, starts = rng.shuffled(s.rng, cfg.start_orders)
    s.hand = [[starts.pop()] for _ in range(players)]
    s.rng, deck = rng.shuffled(s.rng, [o for o in cfg.order_ids if o not in cfg.start_orders])
    s.ord_up = [deck.pop() for _ in range(cfg.disp["orders"])]
    s.ord_deck = deck
    s.done = [[] for _ in range(players)]
    # per player
    s.leaders = [[HALL] * cfg.leaders for _ in range(players)]  # round_house.setup.leaders, round_house.setup.hall
    s.board = [cfg.board_spaces] * players  # round_house.setup.workers: the rest on the personal board
    s.res = [cfg.comp.start_resource_workers] * players  # round_house.setup.workers: 5 in the resource area
    s.gone = [0] * players
    s.goods = [[0, 0, 0, cfg.comp.start_gold] for _ in range(players)]  # round_house.setup.gold
    s.supply[3] -= cfg.comp.start_gold * players
    s.money = [cfg.comp.start_money[p] for p in range(players)]  # round_house.setup.money: 3, 3, 4, 5, 6 by seat
    s.points = [0] * players  # round_house.setup.workers: the score marker at 0
    s.specs = [[] for _ in range(players)]
    s.amulets = [[] for _ in range(players)]
    s.spec_amulets = [[] for _ in range(players)]
    s.taken = [[] for _ in range(players)]
    s.towns = [[0] * players for _ in cfg.towns]
    s.caravan = 0  # round_house.setup.caravan: the bottom-right town
    s.counting = cfg.disp["counting_house"]  # round_house.setup.counting
    s.bank = cfg.money_total - sum(s.money) - s.counting
    s.marker = 0  # round_house.setup.marker
    s.seat, s.turn, s.end_seat, s.final = 0, 1, None, None
    s.prio, s.tasks, s.used = [], [], []
    s.phase, s.room, s.left, s.spec_used, s.fam_town = "move", None, 0, False, None
    s._legal, s._own = None, None  # a new state owns all its lists
    s._start_turn()
    return s


class _Seat(BaseModel):
    """One seat (colours in seat order: red, blue, yellow, green, purple)."""
    model_config = ConfigDict(extra="forbid", title="Seat")
    money: int = Field(description="Money in front of the seat (set-up: 3, 3, 4, 5, 6 in seat order).")
    points: int = Field(description="Score-track points so far (final scoring adds to it).")
    goods: list[int] = Field(description="Goods held: [fruit, celadon, tea, gold] (set-up: 1 gold).")
    board: int = Field(description="Workers still on the personal board (at most 9; set-up: 9). Of the 15 workers, "
                       "1 is the score marker; board + resource + chairs + elders + towns + returned = 14.")
    resource: int = Field(description="Workers in the resource area (set-up: 5).")
    returned: int = Field(0, description="Workers returned to the worker supply (out of play).")
    leaders: list[str] = Field(description="Where each family leader stands: a room id (o1..o10 outer ring, "
                               "i1..i6 inner ring) or 'h', the ancestral hall (set-up: all in the hall).")
    specialists: list[str] = Field(description="Specialist cards held (ids S01..S24; at most 3).")
    amulets: list[str] = Field(description="Amulets held (ids A01..A18).")
    specialist_amulets: list[str] = Field(description="Used amulet-type specialists kept as amulets.")
    taken: list[str] | None = Field(None, description="Every specialist taken this game, in order (default: "
                                    "those held).")
    hand: list[str] = Field(description="Orders in hand, secret (ids O01..O20; set-up: one starting order).")
    completed: list[tuple[str, int]] = Field(description="Completed orders as [order id, turn completed]; "
                                             "their abilities work from the next turn.")


class _Position(BaseModel):
    """A whole Round House position, as `to_json()` writes it and `from_json()` reads it."""
    model_config = ConfigDict(extra="forbid", title="Position")
    game: str = Field(description="Always 'round_house'.")
    version: int = Field(FORMAT_VERSION, description="Position format version.")
    players: int = Field(description="2 to 5.")
    seed: int = Field(0, description="The game's seed (saved with it).")
    rng: int = Field(description="The random generator's state (draws and reshuffles continue from it).")
    options: dict[str, Any] = Field({}, description="Rule options (see explorer.games()); missing ones default.")
    data: str | None = Field(None, description="A replacement component file's label, or null for the packaged one.")
    seats: list[_Seat] = Field(description="One entry per seat, in seat order.")
    rooms: list[str] = Field(description="The kind of each room space o1..o10, i1..i6 (in that order): printed "
                             "rooms, or the room tile placed on a tile space.")
    out_tiles: list[str] = Field(description="Room tiles left in the box this game.")
    slots: list[list[int]] = Field(description="Per room: the goods on its three spaces (0 fruit, 1 celadon, 2 tea, "
                                   "3 gold, -1 empty) for markets and the warehouse, [] elsewhere.")
    chairs: list[list[tuple[int, int]]] = Field(description="Per room: its taken chairs as [seat, 0|1] "
                                                "(1 = a permanent investment).")
    elders: list[list[int]] = Field(description="Per worship-grid cell (a1..a5, b1.., row by row): the seats "
                                    "with an elder there.")
    towns: list[list[int]] = Field(description="Per town (southeast, southwest, northwest, northeast): workers of "
                                   "each seat there.")
    caravan: int = Field(description="The town the caravan is in (0 = southeast, where it starts).")
    counting: int = Field(description="Money on the counting house (set-up: 3).")
    supply: list[int] = Field(description="Goods in the general supply: [fruit, celadon, tea, gold].")
    bank: int = Field(description="Money in the bank: 90 less what seats hold and the counting house.")
    grid_amulets: list[str | None] = Field(description="Amulets on the worship grid's six amulet spaces "
                                           "(null = empty).")
    end_amulet: str | None = Field(description="The amulet on the game's end space (null once taken).")
    amulet_supply: list[str] = Field(description="Face-up amulets (3).")
    amulet_deck: list[str] = Field(description="Face-down amulets, the top last.")
    pirate_supply: list[str] = Field(description="Face-up pirate tiles (3).")
    pirate_deck: list[str] = Field(description="Face-down pirate tiles, the top last.")
    pirate_discard: list[str] = Field(description="Used pirate tiles.")
    specialist_supply: list[str] = Field(description="Face-up specialists (3).")
    specialist_deck: list[str] = Field(description="Face-down specialists, the top last.")
    specialist_discard: list[str] = Field(description="Used specialists.")
    order_supply: list[str] = Field(description="Face-up orders (3).")
    order_deck: list[str] = Field(description="Face-down orders, the top last (starting orders not dealt are in "
                                  "the box).")
    temples: list[bool] = Field(description="Per small temple: flipped (used) or not.")
    marker: int = Field(description="The round marker: family worships so far (the game ends at 7/8/10/12).")
    seat: int = Field(description="The seat to act.")
    phase: str = Field(description="spec (use a specialist), move, worship, family (lay a line), room, orders "
                       "or over.")
    turn: int = Field(description="Turn counter, from 1.")
    room: str | None = Field(description="In the room phase: the room the leader entered.")
    left: int = Field(description="Room executions left (2 with an investment there).")
    tasks: list[str] = Field(description="Effects still to resolve this phase (e.g. 'good', 'car').")
    prio: list[str] = Field(description="Decisions due first: 'ord' (an order mark) or 'disc' (over the "
                            "specialist limit).")
    used: list[str] = Field(description="Order abilities and investments used this turn.")
    specialist_used: bool = Field(description="Whether the seat used a specialist this turn.")
    family_town: int | None = Field(description="In the family phase: the town whose workers form the line.")
    end_seat: int | None = Field(description="The seat that moved the marker to the end (the game ends before "
                                 "its next turn), or null.")
    final: dict[str, dict[str, int]] | None = Field(None, description="The final scoring per seat, once over.")


MODEL = _Position  # the position format (docs/positions/round_house.md is generated from it)


class PositionMixin:
    __slots__ = ()

    def _room_name(self, r):
        return "h" if r == HALL else self.cfg.room_ids[r]

    def to_json(self) -> dict:
        cfg = self.cfg
        seats = []
        for p in range(cfg.players):
            seats.append({
                "money": self.money[p], "points": self.points[p], "goods": list(self.goods[p]),
                "board": self.board[p], "resource": self.res[p], "returned": self.gone[p],
                "leaders": [self._room_name(r) for r in self.leaders[p]],
                "specialists": list(self.specs[p]), "amulets": list(self.amulets[p]),
                "specialist_amulets": list(self.spec_amulets[p]), "taken": list(self.taken[p]),
                "hand": list(self.hand[p]),
                "completed": [list(x) for x in self.done[p]],
            })
        return {
            "game": "round_house", "version": FORMAT_VERSION, "players": cfg.players, "seed": self.seed,
            "rng": self.rng, "options": dict(cfg.options), "data": cfg.data, "seats": seats,
            "rooms": list(self.kinds), "out_tiles": list(self.out_tiles), "slots": [list(x) for x in self.slots],
            "chairs": [[list(c) for c in ch] for ch in self.chairs], "elders": [list(e) for e in self.elders],
            "towns": [list(t) for t in self.towns], "caravan": self.caravan, "counting": self.counting,
            "supply": list(self.supply), "bank": self.bank, "grid_amulets": list(self.grid),
            "end_amulet": self.end_amulet, "amulet_supply": list(self.amu_up), "amulet_deck": list(self.amu_deck),
            "pirate_supply": list(self.pir_up), "pirate_deck": list(self.pir_deck),
            "pirate_discard": list(self.pir_disc), "specialist_supply": list(self.spec_up),
            "specialist_deck": list(self.spec_deck), "specialist_discard": list(self.spec_disc),
            "order_supply": list(self.ord_up), "order_deck": list(self.ord_deck), "temples": list(self.temples),
            "marker": self.marker, "seat": self.seat, "phase": self.phase, "turn": self.turn,
            "room": None if self.room is None else cfg.room_ids[self.room], "left": self.left,
            "tasks": list(self.tasks), "prio": list(self.prio), "used": list(self.used),
            "specialist_used": self.spec_used, "family_town": self.fam_town, "end_seat": self.end_seat,
            "final": None if self.final is None else {k: dict(v) for k, v in self.final.items()},
        }

    @classmethod
    @guard_loader("round_house")
    def from_json(cls, data: dict):
        """Rebuild a position, checking every field (PositionError names the field)."""
        if not isinstance(data, dict):
            Fields("round_house position").fail(None, "expected a JSON object")
        try:
            pos = _Position.model_validate(data)
        except ValidationError as err:
            raise PositionError(str(_explain(err, "round_house position"))) from None
        opts = position_options(game_spec("round_house"), pos, FORMAT_VERSION)
        try:
            cfg = config(pos.players, opts, pos.data)
        except Exception as exc:  # a bad data path or file
            Fields("round_house position").fail("data", exc)
        return _build(cls, cfg, pos)

    def _laws(self) -> None:
        """Goods, money and workers are conserved; every card, tile and amulet is in one place."""
        cfg = self.cfg
        for k in range(4):
            held = sum(g[k] for g in self.goods) + sum(sl.count(k) for sl in self.slots)
            assert self.supply[k] >= 0, f"supply of {GOODS[k]} below zero"
            assert self.supply[k] + held == cfg.goods_total[k], f"{GOODS[k]} not conserved"
            assert all(g[k] >= 0 for g in self.goods), f"negative {GOODS[k]}"
        assert self.bank + sum(self.money) + self.counting == cfg.money_total, "money not conserved"
        assert all(m >= 0 for m in self.money) and self.counting >= 0, "negative money"
        for p in range(cfg.players):
            on_chairs = sum(1 for ch in self.chairs for c in ch if c[0] == p)
            elders = sum(e.count(p) for e in self.elders)
            towns = sum(t[p] for t in self.towns)
            parts = (self.board[p], self.res[p], on_chairs, elders, towns, self.gone[p])
            assert min(parts) >= 0, f"seat {p}: negative workers"
            assert self.board[p] <= cfg.board_spaces, f"seat {p}: too many workers on the personal board"
            assert sum(parts) + 1 == cfg.workers, f"seat {p}: workers not conserved"
            assert len(self.leaders[p]) == cfg.leaders
            assert self.held_specialists(p) <= cfg.disp["max_specialists"] + (1 if self.prio[:1] == ["disc"] else 0)
        for r, ch in enumerate(self.chairs):
            assert len(ch) <= cfg.chairs[r], f"room {cfg.room_ids[r]}: too many chairs taken"
        rooms = [r for ls in self.leaders for r in ls if r != HALL]
        assert len(rooms) == len(set(rooms)), "two leaders in one room"
        specs = self.spec_up + self.spec_deck + self.spec_disc + [x for h in self.specs for x in h] + \
            [x for h in self.spec_amulets for x in h]
        assert sorted(specs) == sorted(cfg.spec_ids), "specialists not conserved"
        amus = self.amu_up + self.amu_deck + [x for x in self.grid if x] + [x for h in self.amulets for x in h] + \
            ([self.end_amulet] if self.end_amulet else [])
        assert sorted(amus) == sorted(cfg.amulet_ids), "amulets not conserved"
        assert sorted(self.pir_up + self.pir_deck + self.pir_disc) == sorted(cfg.pirate_ids), "pirates not conserved"
        orders = self.ord_up + self.ord_deck + [x for h in self.hand for x in h] + [o for d in self.done for o, _ in d]
        assert len(orders) == len(set(orders)) and set(orders) <= set(cfg.order_ids), "orders duplicated"

    def _key(self) -> tuple:
        out = [self.cfg.key, self.seed]
        for f in type(self).__slots__:
            if f in ("cfg", "seed", "_legal", "_own"):
                continue
            v = getattr(self, f)
            if isinstance(v, list):
                v = tuple(tuple(tuple(y) if isinstance(y, list) else y for y in x) if isinstance(x, list) else x
                          for x in v)
            elif isinstance(v, dict):
                v = tuple(sorted((k, tuple(sorted(d.items()))) for k, d in v.items()))
            out.append(v)
        return tuple(out)


def _need(cond, field, msg) -> None:
    if not cond:
        Fields("round_house position").fail(field, msg)


def _build(cls, cfg, pos: _Position):
    """Field-by-field checks of a validated _Position, then the conservation laws."""
    _check_board(cfg, pos)
    _check_turn(cfg, pos)
    _check_cards(cfg, pos)
    return _state(cls, cfg, pos)


def _check_board(cfg, pos) -> None:
    """Rooms, tiles, goods spaces, chairs, elders, towns and the tracks."""
    P = cfg.players
    n = len(cfg.room_ids)
    _need(len(pos.seats) == P, "seats", f"expected {P} seats")
    _need(len(pos.rooms) == n, "rooms", f"expected {n} room kinds")
    for i, k in enumerate(pos.rooms):
        slot = cfg.slot_kind[i]
        ok = (k in cfg.large_tiles if slot == "tile_large" else
              k in cfg.small_tiles if slot == "tile_small" else k == slot)
        if not ok:  # the message only when needed: brief() is slow, and positions are loaded often
            _need(ok, f"rooms[{i}]", f"{brief(k)} cannot stand in space {cfg.room_ids[i]} ({slot})")
    _need(all(k in cfg.small_tiles + cfg.large_tiles for k in pos.out_tiles), "out_tiles",
         "room tiles left out of the game (ids of room tiles)")
    tiles = [k for k in pos.rooms + pos.out_tiles if k in cfg.large_tiles + cfg.small_tiles]
    _need(len(tiles) == len(set(tiles)), "rooms", "a room tile appears twice")
    _need(len(pos.slots) == n, "slots", f"expected {n} lists")
    for i, sl in enumerate(pos.slots):
        want = 3 if pos.rooms[i] in ("market", "retail", "wholesale", "warehouse") else 0
        _need(len(sl) == want and all(-1 <= x <= 3 for x in sl), f"slots[{i}]", f"expected {want} goods (-1 = empty)")
    _need(len(pos.chairs) == n, "chairs", f"expected {n} lists")
    for ch in pos.chairs:
        _need(all(0 <= q < P and perm in (0, 1) for q, perm in ch), "chairs", "entries are [seat, 0|1]")
    _need(len(pos.elders) == cfg.rows * cfg.cols and all(0 <= q < P for e in pos.elders for q in e),
         "elders", f"expected {cfg.rows * cfg.cols} cells of seats")
    _need(len(pos.towns) == len(cfg.towns) and all(len(t) == P for t in pos.towns), "towns",
         f"expected {len(cfg.towns)} towns x {P} seats")
    _need(0 <= pos.caravan < len(cfg.towns), "caravan", "a town index")
    _need(len(pos.supply) == 4, "supply", "four goods")
    _need(len(pos.grid_amulets) == len(cfg.amulet_edges), "grid_amulets", f"expected {len(cfg.amulet_edges)}")
    _need(len(pos.temples) == len(cfg.temples), "temples", f"expected {len(cfg.temples)}")
    _need(0 <= pos.marker <= cfg.length, "marker", f"0..{cfg.length}")


def _check_turn(cfg, pos) -> None:
    """Whose turn, its phase and what it still has to do."""
    P = cfg.players
    n = len(cfg.room_ids)
    _need(0 <= pos.seat < P, "seat", f"0..{P - 1}")
    _need(pos.phase in ("spec", "move", "worship", "family", "room", "orders", "over"), "phase", "unknown phase")
    _need(pos.room is None or pos.room in cfg.room_index, "room", "a room id or null")
    _need(pos.end_seat is None or 0 <= pos.end_seat < P, "end_seat", "a seat or null")
    _need(pos.family_town is None or 0 <= pos.family_town < len(cfg.towns), "family_town", "a town or null")
    _need(pos.phase != "family" or pos.family_town is not None, "family_town", "needed in the family phase")
    _need(pos.phase != "room" or pos.room is not None or pos.left == 0, "room", "needed to act in a room")
    _need(0 <= pos.left <= 2, "left", "0..2")
    _need((pos.phase == "over") == (pos.final is not None), "final", "the final scores exactly when the game is over")
    _need(pos.final is None or set(pos.final) == {str(p) for p in range(P)}, "final", "one entry per seat")
    _need(pos.phase != "family" or pos.family_town is None or pos.towns[pos.family_town][pos.seat] > 0,
         "family_town", "the chosen town must hold workers of the seat to move")
    me = pos.seats[pos.seat]
    held = len(me.specialists) + (len(me.specialist_amulets) if cfg.amulet_slot else 0)
    _need(pos.prio[:1] != ["disc"] or held > cfg.disp["max_specialists"],
         "prio", "a discard is pending only above the specialist limit")
    tasks_ok = {"good", "car", "inv", "pir", "spec", "amu", "ex", "take", "bm", "copy", "sell", "selltea2",
                "sellcel2", "sellfruit2", "dup0", "dup1", "dup2", "dup3"}
    _need(all(t in tasks_ok or (t.startswith("sell!") and t[5:].isdigit() and int(t[5:]) < n) for t in pos.tasks),
         "tasks", "unknown task")
    _need(all(t in ("ord", "disc") for t in pos.prio), "prio", "only 'ord' or 'disc'")


def _check_cards(cfg, pos) -> None:
    """Each seat's goods, leaders and cards, and the piles: known ids only."""
    for p, st in enumerate(pos.seats):
        f = f"seats[{p}]"
        _need(len(st.goods) == 4, f + ".goods", "four counts")
        _need(len(st.leaders) == cfg.leaders and all(x == "h" or x in cfg.room_index for x in st.leaders),
             f + ".leaders", f"{cfg.leaders} room ids or 'h'")
        _need(set(st.specialists + st.specialist_amulets) <= set(cfg.spec_ids), f + ".specialists", "unknown id")
        _need(all(cfg.spec_kind[x] == "amulet" for x in st.specialist_amulets), f + ".specialist_amulets",
             "only amulet-type specialists")
        _need(set(st.taken or ()) <= set(cfg.spec_ids), f + ".taken", "unknown specialist id")
        _need(set(st.amulets) <= set(cfg.amulet_ids), f + ".amulets", "unknown id")
        _need(set(st.hand) | {o for o, _ in st.completed} <= set(cfg.order_ids), f + ".hand", "unknown order id")
    ids = [(pos.amulet_supply + pos.amulet_deck, cfg.amulet_ids, "amulet"),
           (pos.pirate_supply + pos.pirate_deck + pos.pirate_discard, cfg.pirate_ids, "pirate"),
           (pos.specialist_supply + pos.specialist_deck + pos.specialist_discard, cfg.spec_ids, "specialist"),
           (pos.order_supply + pos.order_deck, cfg.order_ids, "order")]
    for got, known, what in ids:
        _need(set(got) <= set(known), what + "s", f"unknown {what} id")
    _need(pos.end_amulet is None or pos.end_amulet in cfg.amulet_ids, "end_amulet", "an amulet id or null")
    _need(all(a is None or a in cfg.amulet_ids for a in pos.grid_amulets), "grid_amulets", "amulet ids or null")


def _state(cls, cfg, pos):
    """The state a checked position describes, then its conservation laws."""
    s = object.__new__(cls)
    s.cfg, s.seed, s.rng = cfg, pos.seed, pos.rng & rng.MASK
    st = pos.seats
    s.money = [x.money for x in st]
    s.points = [x.points for x in st]
    s.goods = [list(x.goods) for x in st]
    s.board = [x.board for x in st]
    s.res = [x.resource for x in st]
    s.gone = [x.returned for x in st]
    s.leaders = [[HALL if r == "h" else cfg.room_index[r] for r in x.leaders] for x in st]
    s.specs = [list(x.specialists) for x in st]
    s.amulets = [list(x.amulets) for x in st]
    s.spec_amulets = [list(x.specialist_amulets) for x in st]
    # the record of specialists taken; a held card missing from it (an edited position) counts as taken
    s.taken = [list(x.taken or ()) for x in st]
    for p, x in enumerate(st):
        s.taken[p] += [y for y in x.specialists + x.specialist_amulets if y not in s.taken[p]]
    s.hand = [list(x.hand) for x in st]
    s.done = [[[o, t] for o, t in x.completed] for x in st]
    s.towns = [list(t) for t in pos.towns]
    s.chairs = [[[q, perm] for q, perm in ch] for ch in pos.chairs]
    s.elders = [list(e) for e in pos.elders]
    s.slots = [list(x) for x in pos.slots]
    s.kinds, s.out_tiles = list(pos.rooms), list(pos.out_tiles)
    s.counting, s.supply, s.bank, s.caravan = pos.counting, list(pos.supply), pos.bank, pos.caravan
    s.grid, s.end_amulet = list(pos.grid_amulets), pos.end_amulet
    s.amu_up, s.amu_deck = list(pos.amulet_supply), list(pos.amulet_deck)
    s.pir_up, s.pir_deck, s.pir_disc = list(pos.pirate_supply), list(pos.pirate_deck), list(pos.pirate_discard)
    s.spec_up, s.spec_deck = list(pos.specialist_supply), list(pos.specialist_deck)
    s.spec_disc = list(pos.specialist_discard)
    s.ord_up, s.ord_deck = list(pos.order_supply), list(pos.order_deck)
    s.temples, s.marker = list(pos.temples), pos.marker
    s.seat, s.phase, s.turn = pos.seat, pos.phase, pos.turn
    s.room = None if pos.room is None else cfg.room_index[pos.room]
    s.left, s.tasks, s.prio, s.used = pos.left, list(pos.tasks), list(pos.prio), list(pos.used)
    s.spec_used, s.fam_town, s.end_seat = pos.specialist_used, pos.family_town, pos.end_seat
    s.final = None if pos.final is None else {k: dict(v) for k, v in pos.final.items()}
    s._legal, s._own = None, None  # a new state owns all its lists
    try:
        s.check_invariants()
    except AssertionError as exc:
        raise PositionError(f"round_house position breaks a conservation law: {clip(exc, 300)}") from None
    return s
