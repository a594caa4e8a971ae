"""Round House positions from what a picture shows: ``explorer.setup("round_house", partial)``.

`partial` is a dict in the position format (docs/positions/round_house.md) giving only what the picture
shows. Everything else is completed from `seed`: room tiles into free spaces of their size, unplaced cards,
amulets and pirate tiles onto their displays and decks, goods into the supply, money into the bank,
each seat's 15 workers onto its personal board and resource area, and the turn to "this seat is about to act".

Shorthands (each also accepts the full format):
- ``rooms``: ``{"o2": "Bank"}`` places a room tile by its printed label (English, the key ``bank`` or the
  rulebook's ``銀行``) in one entry; the other tiles are drawn into the other spaces, spare ones to the box.
- a room anywhere (leaders, chairs, slots, room): an id (``"o3"``), ``"h"``/``"hall"``/``"宗祠"``, or the label
  of a room that stands once in the building (``"Counting house"``, ``"錢莊"``, a placed tile's label).
- ``seats``: a list, or a dict keyed by seat number or colour (``{"red": {...}, "blue": {...}}``); a seat's
  ``leaders`` may list fewer than its leaders (the rest wait in the hall).
- a seat anywhere: its number or colour; goods: ``[fruit, celadon, tea, gold]`` or ``{"tea": 2, "gold": 1}``.
- ``chairs``: ``{room: [seat, [seat, 1]]}`` (1 = a permanent investment); ``elders``: ``{"b3": [seat]}``;
  ``towns``: ``{town: {seat: count}}`` (a town by name or 0-based index); ``completed``: order ids alone.
"""
from __future__ import annotations

from types import SimpleNamespace

from ...core import rng
from ...core.errors import PositionError, brief, clip
from ...core.fields import Fields
from ...core.registry import position_options
from ...core.registry import spec as game_spec
from .board import cell_name
from .config import GOOD_LETTER, GOODS, config
from .position import FORMAT_VERSION, _Position, _Seat
from .views import GOOD_NAMES, ROOM_TITLES

ZH = {"goods": None, "gold_pirate": None, "specialist": None, "market": "市場", "counting_house": "錢莊",
      "great_hall": "大堂", "retail": "零售市場", "wholesale": "批發市場", "bank": "銀行", "black_market": "黑市",
      "exchange": "交易所", "meeting_hall": "聚會所", "warehouse": "倉庫"}
HALL_NAMES = ("h", "hall", "ancestral hall", "宗祠")
GOOD_KEYS = {**{g: k for k, g in enumerate(GOODS)}, **{c: k for k, c in enumerate(GOOD_LETTER)},
             "celadon": 1, **{v: k for k, v in enumerate(GOOD_NAMES.values())}}
TURN_FIELDS = ("room", "left", "tasks", "prio", "used", "specialist_used", "family_town")
SEAT_KEYS = set(_Seat.model_fields)
TOP_KEYS = set(_Position.model_fields)

DOC_NOTES = """\
Give only what the picture shows; `explorer.setup("round_house", partial, players=None, seed=0)` completes the
rest deterministically from `seed` and the result passes `check_invariants()`.

**What is filled in, when not given**

- `players`: the number passed to `setup`, else the number of seats listed (two or more), the highest seat of a
  dict of seats, or 3.
- room tiles (`rooms`, `out_tiles`): tiles not placed are drawn at random into the free spaces of their size;
  the spare small tiles go back in the box.
- `slots`: markets, retail and wholesale markets empty; the warehouse with a fruit, a celadon and a tea.
- a seat's `money` and `goods`: the set-up's, 3, 3, 4, 5, 6 money in seat order and 1 gold.
- a seat's workers: of its 15, 1 is the score marker and the chairs, elders and towns hold those placed. With
  neither `board` nor `resource` given, the resource area keeps the set-up's 5 less those placed (they came
  from there first) and the board the rest; with one given, the other balances.
- a seat's `leaders`: those not listed wait in the ancestral hall.
- a seat's `hand`: one starting order, dealt at random (the other starting orders stay in the box).
- face-up displays (`*_supply`), the worship grid's amulets and `end_amulet`: dealt from what nobody holds
  (the end space stays empty once the marker is at the end).
- decks (`*_deck`): the rest, shuffled; discards empty.
- `supply`, `bank`, `counting`: the goods and money not placed elsewhere; the counting house gets its 3 (if only
  `bank` is given, the counting house balances).
- `marker`: one family worship per elder on the grid; `end_seat`: the seat to act once the marker is at the
  end, else null.
- the turn: seat 0 (or `seat`) is about to act, turn 1 (or the turn after its last completed order), in its
  specialist phase if it has a specialist to use, else its move.
- `final`: with `"phase": "over"`, the final scoring is run on the position.

**Shorthands** (each field also takes its full form, in the tables below)

- `rooms`: a dict placing room tiles by their printed label, English, the key or the rulebook's Chinese:
  `{"o2": "Bank"}`, `{"o4": "黑市"}`.
- any room (`leaders`, `chairs`, `slots`, `room`): an id, the hall (`"h"`, `"hall"`, `"宗祠"`), or the label
  of a room that stands once in the building: `"Counting house"`, `"錢莊"`, `"Bank"`.
- `seats`: a dict keyed by seat number or colour, `{"red": {...}, "blue": {...}}`; a list may be shorter
  than the players.
- any seat (`seat`, `chairs`, `elders`, `towns`): its number or colour, `"purple"`.
- a seat's `goods`: a dict by name (fruit, celadon, tea, gold, or f c t g), `{"tea": 2, "gold": 1}`.
- a seat's `completed`: order ids alone (completed before this turn), `["O06"]`.
- `slots`: a dict by room, goods by name, `null` for an empty space: `{"o3": ["fruit", null, null]}`.
- `chairs`: a dict by room of seats (normal investments) or `[seat, 1]` (permanent):
  `{"o1": ["red", ["blue", 1]]}`.
- `elders`: a dict by worship-grid cell (a1..d5), `{"a2": ["purple"]}`.
- `towns`, `caravan`, `family_town`: a town by name or 0-based index; counts as a dict by seat:
  `{"southeast": {"purple": 5}}`.

**Refused** with `explorer.PositionError` naming the field: a component in two places, in no place while its
deck is given, or unknown; a tile on a space of the other size or on a printed room; two leaders in one room;
more goods than the game has; a seat's workers that do not fit (more than 15, or more than 9 on the board); a
given `supply`, `bank` or `marker` that does not balance; room-phase fields without the `phase`; unknown
fields.
"""

# A worked example for docs/positions/round_house.md: the rulebook's six reachable rooms, plus a tile.
DOC_EXAMPLE = {"players": 3, "rooms": {"o2": "Bank"},
               "seats": {"red": {"leaders": ["o1"], "goods": {"tea": 2}}, "blue": {"leaders": ["i2"]}}}


def _norm(text) -> str:
    return "".join(ch for ch in str(text).lower() if ch not in " _-&")


FIELDS = Fields("round_house setup")
_fail, _int, _list = FIELDS.fail, FIELDS.integer, FIELDS.listed


def tile_of(cfg, label, field) -> str:
    """A room tile (or printed room kind) from its id, English title or the rulebook's Chinese name."""
    key = _norm(label) if isinstance(label, str) else None
    for kind, title in ROOM_TITLES.items():
        if key in (_norm(kind), _norm(title), ZH.get(kind)):
            return kind
    tiles = ", ".join(ROOM_TITLES[k] for k in cfg.large_tiles + cfg.small_tiles)
    _fail(field, f"expected a room tile by its label ({tiles}), got {brief(label)}")


def _place_all(what, ids, where, field, lst) -> None:
    """Each of `lst` (known `ids`) at `field`, in one place only (`where`: id -> field)."""
    for x in lst:
        if x not in ids:
            _fail(field, f"unknown {what} {brief(x)}")
        if x in where:
            _fail(field, f"{what} {x} is in two places: {where[x]} and {field}")
        where[x] = field


def _good_space(x, f) -> int:
    """A room's goods space: a good by name, its index 0..3, or -1 (null, "", "-") for an empty one."""
    if x is None or x in ("", "-"):
        return -1
    if isinstance(x, str) and x.lower() in GOOD_KEYS:
        return GOOD_KEYS[x.lower()]
    if isinstance(x, int) and not isinstance(x, bool) and -1 <= x <= 3:
        return x
    _fail(f, f"expected goods by name (fruit, celadon, tea, gold) or null for an empty space, got {brief(x)}")


class _Filler:
    """Completes one partial dict; `said` collects what was filled in, in words."""

    def __init__(self, partial: dict, players, seed: int, options: dict):
        if not isinstance(partial, dict):
            _fail("(top)", "expected a dict")
        unknown = sorted(str(k) for k in partial if k not in TOP_KEYS)
        if unknown:
            _fail(clip(unknown[0], 40), f"unknown field; the fields are {', '.join(sorted(TOP_KEYS))}")
        self.p, self.seed, self.said = dict(partial), seed, []
        self.r = rng.seed_state(seed if isinstance(seed, int) and not isinstance(seed, bool) else 0)
        self.cfg, self.out = self._config(players, options), {}

    # ---- the set-up: players, options, data --------------------------------------------------
    def _config(self, players, options):
        p = self.p
        given = p.get("players")
        if players is not None and given is not None and players != given:
            _fail("players", f"the partial says {brief(given)} but players={brief(players)} was passed")
        n = players if players is not None else given
        if n is None:
            seats = p.get("seats")
            n = 3  # the default; a list of two or more seats gives their number, a dict its highest seat
            if isinstance(seats, list) and len(seats) >= 2:
                n = len(seats)
            elif isinstance(seats, dict):
                n = max([3] + [self._seat_guess(k) + 1 for k in seats])
            self.said.append(f"players: {n}")
        opts = dict(p.get("options") or {}) if isinstance(p.get("options", {}), dict) else _fail(
            "options", "expected a dict of option values")
        data = options.pop("data", None)
        for k, v in options.items():
            if k in opts and opts[k] != v:
                _fail(f"options.{clip(k, 40)}", f"the partial says {brief(opts[k])} but {k}={brief(v)} was passed")
            opts[k] = v
        self.data = p.get("data") if data is None else data
        pos = SimpleNamespace(game=p.get("game", "round_house"), version=p.get("version", FORMAT_VERSION),
                              players=n, seed=p.get("seed", self.seed), data=None, options=opts)
        self.opts = position_options(game_spec("round_house"), pos, FORMAT_VERSION)
        try:
            return config(n, self.opts, self.data)
        except Exception as exc:  # a bad data path or file
            _fail("data", exc)

    @staticmethod
    def _seat_guess(k) -> int:
        names = ("red", "blue", "yellow", "green", "purple")
        if isinstance(k, str) and _norm(k) in names:
            return names.index(_norm(k))
        return int(k) if isinstance(k, int) or (isinstance(k, str) and k.isdigit() and len(k) < 3) else 0

    # ---- references ---------------------------------------------------------------------------
    def seat(self, ref, field) -> int:
        cfg = self.cfg
        return FIELDS.seat(ref, field, cfg.colors[:cfg.players])

    def room(self, ref, field, hall=False) -> str:
        cfg = self.cfg
        if isinstance(ref, str):
            if ref in cfg.room_index:
                return ref
            if _norm(ref) in HALL_NAMES or ref.strip() in HALL_NAMES:
                if hall:
                    return "h"
                _fail(field, "expected a room, not the ancestral hall")
            try:
                kind = tile_of(cfg, ref, field)
            except PositionError:
                kind = None
            if kind is not None:
                where = [cfg.room_ids[i] for i, k in enumerate(self.kinds) if k == kind]
                if len(where) == 1:
                    return where[0]
                if len(where) > 1:
                    _fail(field, f"{ROOM_TITLES[kind]} stands in {', '.join(where)}: name one of them")
                _fail(field, f"the {ROOM_TITLES[kind]} tile is not in the building")
        _fail(field, f"expected a room id (o1..o{len(cfg.ring_order['outer'])}, i1..i{len(cfg.ring_order['inner'])})"
              f"{', h' if hall else ''} or a room's label, got {brief(ref)}")

    def goods(self, v, field) -> list[int]:
        if isinstance(v, dict):
            out = [0, 0, 0, 0]
            for k, n in v.items():
                if not isinstance(k, str) or k.lower() not in GOOD_KEYS:
                    _fail(field, f"expected goods by name (fruit, celadon, tea, gold), got {brief(k)}")
                out[GOOD_KEYS[k.lower()]] += _int(n, f"{field}.{k}", 0, 99)
            return out
        v = _list(v, field)
        if len(v) != 4:
            _fail(field, "expected four counts [fruit, celadon, tea, gold] or a dict such as {\"tea\": 2}")
        return [_int(n, field, 0, 99) for n in v]

    def ids(self, v, field, none=False) -> list:
        """A list of component ids (null entries too when `none`)."""
        v = _list(v, field)
        for x in v:
            if not (isinstance(x, str) or (none and x is None)):
                _fail(field, f"expected ids such as 'S01', got {brief(x)}")
        return v

    def deal(self, pool: list, n: int) -> list:
        """n items from `pool` (shuffled by the seed), removed from it."""
        self.r, mixed = rng.shuffled(self.r, pool)
        out = mixed[:n]
        for x in out:
            pool.remove(x)
        return out

    # ---- completion -----------------------------------------------------------------------------
    def run(self) -> dict:
        cfg, p, o = self.cfg, self.p, self.out
        o.update(game="round_house", version=FORMAT_VERSION, players=cfg.players, seed=p.get("seed", self.seed),
                 options=dict(self.opts), data=cfg.data)
        o["rng"] = p["rng"] if "rng" in p else rng.seed_state(o["seed"] if isinstance(o["seed"], int) else 0)
        self.seats = self._seats()
        self._rooms()
        self._places()
        self._goods_and_money()
        self._workers()
        self._cards()
        self._turn()
        o["seats"] = self.seats
        return o

    def _seats(self) -> list[dict]:
        cfg, given = self.cfg, self.p.get("seats", [])
        if isinstance(given, dict):
            seats = [{} for _ in range(cfg.players)]
            for k, v in given.items():
                seats[self.seat(k, f"seats.{clip(k, 20)}")] = v
        else:
            seats = _list(given, "seats")
            if len(seats) > cfg.players:
                _fail("seats", f"expected at most {cfg.players} seats, got {len(seats)}")
            seats += [{} for _ in range(cfg.players - len(seats))]
        out = []
        for i, st in enumerate(seats):
            if not isinstance(st, dict):
                _fail(f"seats[{i}]", f"expected a dict of the seat's fields, got {brief(st)}")
            bad = sorted(str(k) for k in st if k not in SEAT_KEYS)
            if bad:
                _fail(f"seats[{i}].{clip(bad[0], 40)}", f"unknown field; a seat has {', '.join(sorted(SEAT_KEYS))}")
            out.append(dict(st))
        return out

    def _rooms(self):
        cfg, p, o = self.cfg, self.p, self.out
        tiles = cfg.large_tiles + cfg.small_tiles
        kinds, placed = self._given_rooms(p.get("rooms", {}))
        seen = {}
        for i, k in placed.items():
            size = cfg.slot_kind[i]
            want = cfg.large_tiles if size == "tile_large" else cfg.small_tiles
            if k not in want:
                what = "is a large tile" if k in cfg.large_tiles else "is a small tile" if k in tiles else \
                    "is printed on the board, not a tile"
                _fail(f"rooms.{cfg.room_ids[i]}", f"the {ROOM_TITLES[k]} {what}; {cfg.room_ids[i]} takes a "
                      f"{size[5:]} tile ({', '.join(ROOM_TITLES[t] for t in want)})")
            if k in seen:
                _fail(f"rooms.{cfg.room_ids[i]}", f"the {ROOM_TITLES[k]} tile is already on {seen[k]}")
            seen[k] = cfg.room_ids[i]
            kinds[i] = k
        out_given = "out_tiles" in p
        boxed = [tile_of(cfg, k, "out_tiles") for k in _list(p["out_tiles"], "out_tiles")] if out_given else []
        clash = [k for k in boxed if k in seen]
        if clash:
            _fail("out_tiles", f"the {ROOM_TITLES[clash[0]]} tile is on {seen[clash[0]]}, not in the box")
        drawn = []
        for size, pool in (("tile_large", cfg.large_tiles), ("tile_small", cfg.small_tiles)):
            free = [k for k in pool if k not in seen and k not in boxed]
            self._draw_tiles(size, free, placed, kinds, drawn)
            if out_given and free:
                _fail("out_tiles", f"the {ROOM_TITLES[free[0]]} tile is in no space and not in out_tiles")
            boxed += free if not out_given else []
        self.kinds = o["rooms"] = kinds
        o["out_tiles"] = boxed
        if drawn:
            self.said.append(f"room tiles drawn at random: {', '.join(drawn)}"
                             + (f"; {', '.join(ROOM_TITLES[k].lower() for k in boxed)} back in the box"
                                if not out_given and boxed else ""))

    def _given_rooms(self, given) -> tuple[list, dict]:
        """The room kinds given as a list or a dict; {tile space: kind given}."""
        cfg, n = self.cfg, len(self.cfg.room_ids)
        if isinstance(given, list | tuple):
            if len(given) != n:
                _fail("rooms", f"expected {n} room kinds (or a dict such as {{\"o2\": \"Bank\"}})")
            kinds = [tile_of(cfg, k, f"rooms[{i}]") for i, k in enumerate(given)]
            return kinds, {i: k for i, k in enumerate(kinds) if cfg.slot_kind[i].startswith("tile")}
        if not isinstance(given, dict):
            _fail("rooms", f"expected a list of {n} room kinds or a dict such as {{\"o2\": \"Bank\"}}")
        placed = {}
        for space, label in given.items():
            f = f"rooms.{clip(space, 20)}"
            if space not in cfg.room_index:
                _fail(f, f"expected a room id such as o2, got {brief(space)}")
            i = cfg.room_index[space]
            kind = tile_of(cfg, label, f)
            if cfg.slot_kind[i].startswith("tile"):
                placed[i] = kind
            elif kind != cfg.slot_kind[i]:
                _fail(f, f"{space} is printed on the board ({ROOM_TITLES[cfg.slot_kind[i]]}); tiles go on "
                      f"{', '.join(r for r, k in zip(cfg.room_ids, cfg.slot_kind) if k.startswith('tile'))}")
        return list(cfg.slot_kind), placed

    def _draw_tiles(self, size, free, placed, kinds, drawn) -> None:
        """Tile spaces of `size` not given: a tile drawn at random from `free`."""
        cfg = self.cfg
        for i, k in enumerate(cfg.slot_kind):
            if k == size and i not in placed:
                if not free:
                    _fail("out_tiles", f"no {size[5:]} room tile left for {cfg.room_ids[i]}")
                kinds[i] = self.deal(free, 1)[0]
                drawn.append(f"{ROOM_TITLES[kinds[i]].lower()} on {cfg.room_ids[i]}")

    def _by_room(self, name, default, conv):
        """A per-room list from the full list or a {room: value} dict."""
        cfg, n = self.cfg, len(self.cfg.room_ids)
        given = self.p.get(name)
        if given is None:
            return [default(i) for i in range(n)], False
        if isinstance(given, dict):
            out = [default(i) for i in range(n)]
            for k, v in given.items():
                i = cfg.room_index[self.room(k, f"{name}.{clip(k, 20)}")]
                out[i] = conv(v, f"{name}.{cfg.room_ids[i]}")
            return out, True
        given = _list(given, name)
        if len(given) != n:
            _fail(name, f"expected {n} lists (one per room) or a dict keyed by room")
        return [conv(v, f"{name}[{i}]") for i, v in enumerate(given)], True

    def _places(self):
        o = self.out
        o["slots"], _ = self._by_room("slots", self._slot_default, self._slot_conv)
        o["chairs"], _ = self._by_room("chairs", lambda i: [], self._chair_conv)
        o["elders"] = self._elders()
        o["towns"] = self._towns()
        o["caravan"] = self.town(self.p.get("caravan", 0), "caravan")

    def _slot_default(self, i):
        k = self.kinds[i]
        return list(self.cfg.warehouse_stock) if k == "warehouse" else [-1, -1, -1] if k in (
            "market", "retail", "wholesale") else []

    def _slot_conv(self, v, f):
        return [_good_space(x, f) for x in _list(v, f)]

    def _chair_conv(self, v, f):
        out = []
        for e in _list(v, f):
            if isinstance(e, list | tuple):
                if len(e) != 2 or e[1] not in (0, 1):
                    _fail(f, f"expected a seat or [seat, 0|1] (1 = permanent), got {brief(e)}")
                out.append([self.seat(e[0], f), int(e[1])])
            else:
                out.append([self.seat(e, f), 0])
        return out

    def _elders(self) -> list:
        """The elders on each worship-grid cell, from a list per cell or a {cell: seats} dict."""
        cfg = self.cfg
        ncell = cfg.rows * cfg.cols
        elders = self.p.get("elders", [])
        if not isinstance(elders, dict):
            elders = _list(elders, "elders") or [[] for _ in range(ncell)]
            return [[self.seat(x, f"elders[{i}]") for x in _list(e, f"elders[{i}]")] for i, e in enumerate(elders)]
        names = {cell_name(cfg, c): c for c in range(ncell)}
        out = [[] for _ in range(ncell)]
        for k, v in elders.items():
            if k not in names:
                _fail(f"elders.{clip(k, 20)}", f"expected a worship-grid cell a1..{cell_name(cfg, ncell - 1)}")
            vs = v if isinstance(v, list | tuple) else [v]
            out[names[k]] = [self.seat(x, f"elders.{k}") for x in vs]
        return out

    def _towns(self) -> list:
        """Each town's workers per seat, from a list per town or a {town: counts} dict."""
        cfg, towns = self.cfg, self.p.get("towns")
        if towns is None:
            return [[0] * cfg.players for _ in cfg.towns]
        if not isinstance(towns, dict):
            return [self.counts(v, f"towns[{i}]") for i, v in enumerate(_list(towns, "towns"))]
        out = [[0] * cfg.players for _ in cfg.towns]
        for k, v in towns.items():
            t = self.town(k, f"towns.{clip(k, 20)}")
            out[t] = self.counts(v, f"towns.{cfg.towns[t]}")
        return out

    def town(self, ref, field) -> int:
        towns = self.cfg.towns
        if isinstance(ref, str) and ref.isdigit() and len(ref) < 3:
            ref = int(ref)
        if isinstance(ref, str) and _norm(ref) in towns:
            return towns.index(_norm(ref))
        if isinstance(ref, int) and not isinstance(ref, bool) and 0 <= ref < len(towns):
            return ref
        _fail(field, f"expected a town ({', '.join(towns)}) or its index 0..{len(towns) - 1}, got {brief(ref)}")

    def counts(self, v, field) -> list[int]:
        P = self.cfg.players
        if isinstance(v, dict):
            out = [0] * P
            for k, n in v.items():
                out[self.seat(k, field)] = _int(n, f"{field}.{clip(k, 20)}", 0, 14)
            return out
        v = _list(v, field)
        if len(v) != P:
            _fail(field, f"expected {P} counts (one per seat) or a dict such as {{\"red\": 4}}")
        return [_int(n, field, 0, 14) for n in v]

    def _goods_and_money(self):
        cfg = self.cfg
        start, cash = [], []
        for i, st in enumerate(self.seats):
            f = f"seats[{i}]"
            if "goods" in st:
                st["goods"] = self.goods(st["goods"], f + ".goods")
            else:
                st["goods"] = [0, 0, 0, cfg.comp.start_gold]
                start.append(cfg.names[i])
            if "money" not in st:
                st["money"] = cfg.comp.start_money[i]
                cash.append(f"{cfg.names[i]} {st['money']}")
            st["money"] = _int(st["money"], f + ".money", 0)
            st.setdefault("points", 0)
        if start:
            self.said.append(f"goods of {', '.join(start)}: the set-up's {cfg.comp.start_gold} gold")
        if cash:
            self.said.append(f"money, as set up: {', '.join(cash)}")
        self._supply()
        self._money()

    def _supply(self):
        """The goods not held or on rooms; a supply given must be that."""
        cfg, o, p = self.cfg, self.out, self.p
        supply = []
        for k in range(len(GOODS)):
            held = sum(st["goods"][k] for st in self.seats) + sum(sl.count(k) for sl in o["slots"])
            left = cfg.goods_total[k] - held
            if left < 0:
                _fail("seats.goods", f"{held} {GOOD_NAMES[GOOD_LETTER[k]]} placed, but the game has "
                      f"{cfg.goods_total[k]}")
            supply.append(left)
        if "supply" in p and p["supply"] != supply:
            _fail("supply", f"expected {supply} (the goods not held or on rooms), got {brief(p['supply'])}")
        o["supply"] = supply

    def _money(self):
        """The counting house and the bank: the money not held balances the game's total."""
        cfg, o, p = self.cfg, self.out, self.p
        money = sum(st["money"] for st in self.seats)
        counting, bank = p.get("counting"), p.get("bank")
        if counting is None and bank is not None:
            counting = cfg.money_total - money - _int(bank, "bank")
            if counting < 0:
                _fail("bank", f"expected at most {cfg.money_total - money} (money {cfg.money_total} in all)")
        elif counting is None:
            counting = cfg.disp["counting_house"]
        counting = _int(counting, "counting", 0)
        balance = cfg.money_total - money - counting
        if bank is not None and bank != balance:
            _fail("bank", f"expected {balance} so that money balances ({cfg.money_total} in all), got {brief(bank)}")
        o["counting"], o["bank"] = counting, balance
        if "counting" not in p:
            self.said.append(f"the counting house: {counting} money")
        if bank is None:
            self.said.append(f"the bank: {balance} money, the rest of the {cfg.money_total}")

    def _workers(self):
        cfg = self.cfg
        as_set = [cfg.names[i] for i, st in enumerate(self.seats) if self._seat_workers(i, st)]
        if as_set:
            self.said.append(f"workers of {', '.join(as_set)}: as set up, {cfg.board_spaces} on the personal "
                             f"board and {cfg.comp.start_resource_workers} in the resource area")
        held = {}
        for i, st in enumerate(self.seats):
            for r in st["leaders"]:
                if r != "h" and r in held:
                    _fail(f"seats[{i}].leaders", f"{r} already holds {cfg.names[held[r]]}'s leader "
                          "(one leader per room)")
                held[r] = i

    def _seat_workers(self, i, st) -> bool:
        """Seat i's workers on its personal board and in its resource area, and its leaders; whether the
        workers are as set up (nothing given, nothing placed)."""
        cfg, o = self.cfg, self.out
        f = f"seats[{i}]"
        placed = (sum(1 for ch in o["chairs"] for q, _ in ch if q == i) + sum(e.count(i) for e in o["elders"])
                  + sum(t[i] for t in o["towns"]))
        gone = _int(st.setdefault("returned", 0), f + ".returned", 0)
        free = cfg.workers - 1 - placed - gone
        board, res = st.get("board"), st.get("resource")
        board = None if board is None else _int(board, f + ".board", 0)
        res = None if res is None else _int(res, f + ".resource", 0)
        as_set = False
        if board is None and res is None:
            res = min(free, max(0, cfg.comp.start_resource_workers - placed))
            board = free - res
            as_set = not (placed or gone)
            if not as_set:
                self.said.append(f"{cfg.names[i]}'s workers: {board} on the personal board, {res} in the "
                                 f"resource area (the set-up's {cfg.comp.start_resource_workers} there, less the "
                                 f"{placed} placed first)")
        board = free - res if board is None else board
        res = free - board if res is None else res
        if board < 0 or res < 0 or board > cfg.board_spaces or board + res != free:
            _fail(f + ".board", f"{cfg.workers} workers per seat: 1 score marker, {placed} placed, {gone} "
                  f"returned leaves {free} for the personal board (at most {cfg.board_spaces}) and the "
                  f"resource area, got board {brief(board)} and resource {brief(res)}")
        st["board"], st["resource"] = board, res
        lead = [self.room(x, f + ".leaders", hall=True) for x in _list(st.get("leaders", []), f + ".leaders")]
        if len(lead) > cfg.leaders:
            _fail(f + ".leaders", f"{cfg.players} players have {cfg.leaders} leader(s) each")
        st["leaders"] = lead + ["h"] * (cfg.leaders - len(lead))
        return as_set

    def _piles(self, what, ids, held, piles, deck, discard=None, box=False):
        """Give each of `ids` one place: `held` (field, list) are given; `piles` are (field, size) displays
        dealt if missing; `deck` (and `discard`) take the rest."""
        o, p = self.out, self.p
        where = {}
        for field, lst in held:
            _place_all(what, ids, where, field, lst)
        fields = [f for f, _ in piles] + [deck] + ([discard] if discard else [])
        for f in (f for f in fields if f in p):
            o[f] = self.ids(p[f], f)
            _place_all(what, ids, where, f, [x for x in o[f] if x is not None])
        pool = [x for x in ids if x not in where]
        for f, size in piles:
            if f not in p:
                o[f] = self.deal(pool, size)
                self.said.append(f"{f.replace('_', ' ')}: {len(o[f])} dealt face up")
        for f in (deck, discard):
            if f and f not in p:
                o[f], pool = self.deal(pool, len(pool)), []
                if f == deck:
                    self.said.append(f"{f.replace('_', ' ')}: the other {len(o[f])}, shuffled")
        if pool and box:
            self.said.append(f"{what}s {', '.join(pool)}: in the box")
        elif pool:
            _fail(deck, f"{what} {', '.join(pool[:4])}{'…' if len(pool) > 4 else ''} in no place: give each a "
                  f"place, or leave {deck} out to have them completed")

    def _cards(self):
        cfg, seats = self.cfg, self.seats
        for i, st in enumerate(seats):
            for k in ("specialists", "amulets", "specialist_amulets", "hand"):
                st[k] = self.ids(st.get(k, []), f"seats[{i}].{k}")
        held = [(f"seats[{i}].{k}", st[k]) for i, st in enumerate(seats) for k in ("specialists", "specialist_amulets")]
        self._piles("specialist", cfg.spec_ids, held, [("specialist_supply", cfg.disp["specialists"])],
                    "specialist_deck", "specialist_discard")
        self._piles("pirate tile", cfg.pirate_ids, [], [("pirate_supply", cfg.disp["pirates"])],
                    "pirate_deck", "pirate_discard")
        self._amulets()
        self._orders()

    def _marker(self) -> int:
        """The round marker: at least one family worship per elder on the grid."""
        cfg, o, p = self.cfg, self.out, self.p
        marker = p.get("marker")
        n_elders = sum(len(e) for e in o["elders"])
        if marker is None:
            marker = min(n_elders, cfg.length)
            if marker:
                self.said.append(f"the round marker: {marker}, one family worship per elder on the grid")
        marker = o["marker"] = _int(marker, "marker", 0, cfg.length)
        if marker < cfg.length and n_elders > marker:
            _fail("marker", f"expected at least {n_elders}: every elder on the grid came with a family worship")
        return marker

    def _amulets(self):
        """Amulets: the worship grid's spaces, the end space, the face-up three, then the deck."""
        cfg, o, p = self.cfg, self.out, self.p
        marker = self._marker()
        grid = p.get("grid_amulets")
        if grid is not None:
            grid = self.ids(grid, "grid_amulets", none=True)
            if len(grid) != len(cfg.amulet_edges):
                _fail("grid_amulets", f"expected {len(cfg.amulet_edges)} amulets (null = an empty space)")
        end = p.get("end_amulet", ...)
        if end is not ... and end is not None and not isinstance(end, str):
            _fail("end_amulet", f"expected an amulet id or null, got {brief(end)}")
        held = [(f"seats[{i}].amulets", st["amulets"]) for i, st in enumerate(self.seats)]
        held += [("grid_amulets", [a for a in grid if a is not None])] if grid is not None else []
        held += [("end_amulet", [end])] if end not in (None, ...) else []
        pool = [a for a in cfg.amulet_ids if a not in {x for _f, lst in held for x in lst}]
        if grid is None:
            grid = self.deal(pool, len(cfg.amulet_edges))
            grid += [None] * (len(cfg.amulet_edges) - len(grid))
            held.append(("grid_amulets", [a for a in grid if a is not None]))
            self.said.append("the worship grid's amulet spaces: dealt face down")
        if end is ...:
            end = None if marker == cfg.length or not pool else self.deal(pool, 1)[0]
            held += [("end_amulet", [end])] if end is not None else []
        o["grid_amulets"], o["end_amulet"] = grid, end
        self._piles("amulet", cfg.amulet_ids, held, [("amulet_supply", cfg.disp["amulets"])], "amulet_deck")

    def _completed(self, i, st) -> tuple:
        """Seat i's completed orders as [id, turn completed]; (field, ids)."""
        f = f"seats[{i}].completed"
        comp = []
        for e in _list(st.get("completed", []), f):
            e = list(e) if isinstance(e, list | tuple) else [e, 0]
            if len(e) != 2 or not isinstance(e[0], str):
                _fail(f, f"expected order ids or [id, turn completed], got {brief(e)}")
            comp.append([e[0], _int(e[1], f, 0)])
        st["completed"] = comp
        return f, [x for x, _t in comp]

    def _orders(self):
        """Orders: one starting order per hand not given; three face up; the other starting orders in the box."""
        cfg, p, seats = self.cfg, self.p, self.seats
        done = [self._completed(i, st) for i, st in enumerate(seats)]
        given_hands = [(f"seats[{i}].hand", st["hand"]) for i, st in enumerate(seats) if "hand" in self._given(i)]
        used = {x for _f, lst in given_hands + done for x in lst}
        used |= {x for f in ("order_supply", "order_deck") if f in p for x in self.ids(p[f], f)}
        starts = [x for x in cfg.start_orders if x not in used]
        dealt = []
        for i, st in enumerate(seats):
            if "hand" not in self._given(i):
                st["hand"] = self.deal(starts, 1)
                dealt.append(cfg.names[i])
        if dealt:
            self.said.append(f"hands of {', '.join(dealt)}: one starting order each, dealt at random")
        held = given_hands + done + [(f"seats[{i}].hand", st["hand"]) for i, st in enumerate(seats)
                                     if "hand" not in self._given(i)]
        ids = [x for x in cfg.order_ids if x not in starts]  # the starting orders not dealt stay in the box
        self._piles("order", ids, held, [("order_supply", cfg.disp["orders"])], "order_deck", box=True)

    def _given(self, i) -> dict:
        given = self.p.get("seats", [])
        if isinstance(given, dict):
            for k, v in given.items():
                if self.seat(k, "seats") == i:
                    return v
            return {}
        return given[i] if i < len(given) else {}

    def _turn(self):
        cfg, o, p = self.cfg, self.out, self.p
        o["seat"] = self.seat(p.get("seat", 0), "seat")
        o["turn"] = _int(p.get("turn", max([1] + [t + 1 for st in self.seats for _o, t in st["completed"]])),
                         "turn", 1)
        o["temples"] = p.get("temples", [False] * len(cfg.temples))
        o["end_seat"] = p["end_seat"] if "end_seat" in p else (o["seat"] if o["marker"] == cfg.length else None)
        self.start = "phase" not in p
        if self.start:
            mid = [k for k in TURN_FIELDS if k in p]
            if mid:
                _fail("phase", f"give the phase when {mid[0]} is given (without it, the seat starts its turn)")
        for k, v in (("room", None), ("left", 0), ("tasks", []), ("prio", []), ("used", []),
                     ("specialist_used", False), ("family_town", None)):
            o[k] = p.get(k, v)
        o["phase"] = "move" if self.start else p["phase"]
        if o["room"] is not None:
            o["room"] = self.room(o["room"], "room")
            if "left" not in p and o["phase"] == "room":
                o["left"] = 2 if any(q == o["seat"] for q, _ in o["chairs"][cfg.room_index[o["room"]]]) else 1
        if o["family_town"] is not None:
            o["family_town"] = self.town(o["family_town"], "family_town")
        self.finish = o["phase"] == "over" and "final" not in p
        if self.finish:
            o["phase"] = "orders"
        o["final"] = p.get("final")


def complete(partial: dict, players: int | None, seed: int, options: dict):
    """The full position for `partial` and the list of what was filled in (see the module docstring)."""
    from .state import RoundHouseState
    f = _Filler(partial, players, seed, options)
    full = f.run()
    s = RoundHouseState.from_json(full)
    if f.start:
        s._start_turn()  # the seat to act starts its turn: specialist phase if it has one to use, else move
        f.said.append(f"{s.cfg.names[s.seat]} is about to act: turn {s.turn}, {s.phase} phase")
    if f.finish:
        s.finish()
        f.said.append("the final scoring, run on the position")
    if f.start or f.finish:
        s._legal = None
        s = RoundHouseState.from_json(s.to_json())
    return s, f.said
