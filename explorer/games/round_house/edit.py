"""The board editor's Round House part (explorer/editor.py calls `palette`, `places` and `apply`).

Places (a board's ``data-place``):
- ``room:o1`` .. ``room:o10``, ``room:i1`` .. ``room:i6``: a room space; it takes a leader, a worker (a
  chair: an investment), a room tile (by its printed label's key, on a tile space) and goods (its goods spaces).
- ``hall``: the ancestral hall, where leaders wait.
- ``town:southeast`` (a town by name): workers sent there.
- ``cell:a1`` .. ``cell:d5``: a worship-grid cell; a worker there is an elder.
- ``seat:red`` (a seat by colour): the seat's supply, for money and goods.
- ``round:0`` .. ``round:<length>``: the worship (round) marker's track.

Pieces (a palette's or a board's ``data-piece``):
- ``leader:red`` (one of Red's leaders, from the hall when new) or ``leader:red:2`` (Red's second leader);
- ``worker:red`` (a normal investment on a chair, a worker in a town, an elder) and ``worker:red:permanent``
  (a permanent investment): new ones come from the seat's resource area (its board when that is empty),
  removed ones go back to the resource area;
- ``money`` (one, from or to the bank), ``good:fruit``, ``good:celadon``, ``good:tea``, ``good:gold`` (one,
  from or to the supply);
- ``tile:bank`` (a room tile by its key): put on a room space, the tile there goes where this one was (the box
  or its old space); removed, it goes to the box and leaves its space empty (a problem until filled);
- ``marker``: the worship marker.

Edits that name an unknown piece or place, or a piece that is not at ``from``, raise PositionError; a position
that is merely not valid (two leaders in a room, more workers than a seat has) is returned for
``explorer.setup`` to report. The supply and the bank are left out, for setup to balance.
"""
from __future__ import annotations

import copy

from ...core.errors import PositionError, brief
from ...core.fields import Fields
from .board import cell_name
from .config import config
from .setup import TURN_FIELDS
from .views import GOOD_NAMES, ROOM_TITLES

GOOD_WORDS = tuple(GOOD_NAMES.values())  # fruit, celadon, tea, gold (in GOODS order)


def _fail(msg: str):
    Fields("round_house edit").fail(None, msg)


def _cfg(position: dict):
    if not isinstance(position, dict):
        _fail(f"expected a Round House position dict, got {brief(position)}")
    n, opts = position.get("players"), position.get("options") or {}
    if isinstance(n, bool) or not isinstance(n, int) or not isinstance(opts, dict):
        _fail(f"expected a position with its players and options, got players {brief(n)}")
    try:
        return config(n, dict(opts), position.get("data"))
    except Exception as exc:  # a bad option or data file
        raise PositionError(f"the position's set-up: {exc}"[:300]) from None


def _colors(cfg) -> tuple:
    return cfg.colors[:cfg.players]


def _tiles(cfg) -> tuple:
    return cfg.large_tiles + cfg.small_tiles


def places(state) -> list[str]:
    """Every place id the board marks."""
    cfg = state.cfg
    return (["hall"] + [f"room:{r}" for r in cfg.room_ids] + [f"town:{t}" for t in cfg.towns]
            + [f"cell:{cell_name(cfg, c)}" for c in range(cfg.rows * cfg.cols)]
            + [f"seat:{c}" for c in _colors(cfg)] + [f"round:{k}" for k in range(cfg.length + 1)])


def palette(state) -> list[dict]:
    """A leader, a worker and a permanent investment of each seat; money and each good; the tiles in the box."""
    cfg = state.cfg
    out = []
    for c, name in zip(_colors(cfg), cfg.names):
        out += [{"piece": f"leader:{c}", "label": f"{name} leader", "group": name},
                {"piece": f"worker:{c}", "label": f"{name} worker", "group": name},
                {"piece": f"worker:{c}:permanent", "label": f"{name} permanent investment", "group": name}]
    out.append({"piece": "money", "label": "money", "group": "supplies"})
    out += [{"piece": f"good:{g}", "label": g, "group": "supplies"} for g in GOOD_WORDS]
    box = state.to_json().get("out_tiles", [])
    out += [{"piece": f"tile:{k}", "label": f"{ROOM_TITLES[k]} tile", "group": "room tiles"} for k in box]
    return out


# ---- reading ids ------------------------------------------------------------------------------------------

def _place(cfg, ref) -> tuple[str, object]:
    """(kind, index or None) for a place id."""
    text = ref if isinstance(ref, str) else ""
    kind, _, name = text.partition(":")
    cells = [cell_name(cfg, c) for c in range(cfg.rows * cfg.cols)]
    if text == "hall":
        return "hall", None
    if kind == "room" and name in cfg.room_index:
        return "room", cfg.room_index[name]
    if kind == "town" and name in cfg.towns:
        return "town", cfg.towns.index(name)
    if kind == "cell" and name in cells:
        return "cell", cells.index(name)
    if kind == "seat" and name in _colors(cfg):
        return "seat", _colors(cfg).index(name)
    if kind == "round" and name.isdigit() and int(name) <= cfg.length:
        return "round", int(name)
    _fail(f"expected a place: hall, room:{cfg.room_ids[0]}, town:{cfg.towns[0]}, cell:a1, seat:{cfg.colors[0]} "
          f"or round:0..{cfg.length}, got {brief(ref)}")


def _piece(cfg, ref) -> tuple:
    """(kind, detail...) for a piece id."""
    parts = ref.split(":") if isinstance(ref, str) else []
    colors = _colors(cfg)
    if parts[:1] == ["leader"] and len(parts) in (2, 3) and parts[1] in colors:
        if len(parts) == 2:
            return "leader", colors.index(parts[1]), None
        if parts[2].isdigit() and 1 <= int(parts[2]) <= cfg.leaders:
            return "leader", colors.index(parts[1]), int(parts[2]) - 1
    if parts[:1] == ["worker"] and len(parts) in (2, 3) and parts[1] in colors:
        if len(parts) == 2 or parts[2] == "permanent":
            return "worker", colors.index(parts[1]), int(len(parts) == 3)
    if parts == ["money"] or parts == ["marker"]:
        return (parts[0],)
    if len(parts) == 2 and parts[0] == "good" and parts[1] in GOOD_WORDS:
        return "good", GOOD_WORDS.index(parts[1])
    if len(parts) == 2 and parts[0] == "tile" and parts[1] in _tiles(cfg):
        return "tile", parts[1]
    _fail(f"expected a piece: leader:{cfg.colors[0]}, leader:{cfg.colors[0]}:1, worker:{cfg.colors[0]}, "
          f"worker:{cfg.colors[0]}:permanent, money, good:<{'|'.join(GOOD_WORDS)}>, tile:<room tile key> or "
          f"marker, got {brief(ref)}")


# ---- the position's fields ----------------------------------------------------------------------------------

def _field(p: dict, name: str, default=None):
    if name not in p:
        if default is None:
            _fail(f"the position has no {name}: expected the full position (state.to_json())")
        p[name] = default
    return p[name]


def _seat(p, q) -> dict:
    seats = _field(p, "seats")
    if not isinstance(seats, list) or q >= len(seats) or not isinstance(seats[q], dict):
        _fail(f"expected a list of {q + 1} or more seats in the position, got {brief(seats)}")
    return seats[q]


def _rooms(cfg, p) -> list:
    """The room kinds per space (None: an empty tile space), in list form."""
    rooms = _field(p, "rooms")
    if isinstance(rooms, dict):
        rooms = [rooms.get(r, None if cfg.slot_kind[i].startswith("tile") else cfg.slot_kind[i])
                 for i, r in enumerate(cfg.room_ids)]
    if not isinstance(rooms, list) or len(rooms) != len(cfg.room_ids):
        _fail(f"expected rooms: a list of {len(cfg.room_ids)} room kinds, got {brief(rooms)}")
    return list(rooms)


def _per(cfg, p, name: str, n: int, empty) -> list:
    lst = _field(p, name, [copy.deepcopy(empty) for _ in range(n)])
    if not isinstance(lst, list) or len(lst) != n:
        _fail(f"expected {name}: a list of {n} entries, got {brief(lst)}")
    return lst


def _where(cfg, kind, i) -> str:
    if kind == "room":
        return f"room {cfg.room_ids[i]}"
    if kind == "town":
        return f"town {cfg.towns[i]}"
    if kind == "cell":
        return f"cell {cell_name(cfg, i)}"
    if kind == "seat":
        return f"{cfg.names[i]}'s supply"
    return "the ancestral hall" if kind == "hall" else f"round {i}"


WHAT = {"leader": "a leader", "worker": "a worker", "money": "money", "good": "a good", "tile": "a room tile",
        "marker": "the worship marker"}
PLACES = {"room": "a room (room:o1)", "hall": "the hall", "town": "a town (town:southeast)",
          "cell": "a worship-grid cell (cell:a1)", "seat": "a seat's supply (seat:red)",
          "round": "the marker's track (round:0)"}
ON = {"leader": ("room", "hall"), "worker": ("room", "town", "cell"), "money": ("seat",), "good": ("seat", "room"),
      "tile": ("room",), "marker": ("round",)}


def _check_kind(cfg, what, kind, i, verb) -> None:
    if kind not in ON[what]:
        _fail(f"{WHAT[what]} {verb} {' or '.join(PLACES[k] for k in ON[what])}, not {_where(cfg, kind, i)}")


# ---- the edits ------------------------------------------------------------------------------------------------

def _take(cfg, p, piece, src) -> None:
    """Take `piece` off `src` (a (kind, index) place); PositionError if it is not there."""
    kind, i = src
    _check_kind(cfg, piece[0], kind, i, "is taken off")
    _TAKE[piece[0]](cfg, p, piece, kind, i, f"no such {piece[0]} in {_where(cfg, kind, i)}")


def _take_leader(cfg, p, piece, kind, i, missing) -> None:
    q, li = piece[1], piece[2]
    leaders = _field(_seat(p, q), "leaders")
    at = cfg.room_ids[i] if kind == "room" else "h"
    if li is None:
        li = leaders.index(at) if at in leaders else None
    if li is None or li >= len(leaders) or leaders[li] != at:
        _fail(f"{missing}: {cfg.names[q]}'s leaders stand at {', '.join(map(str, leaders))}")
    leaders[li] = "h"  # taken off a room, a leader waits in the hall


def _take_worker(cfg, p, piece, kind, i, missing) -> None:
    q, perm = piece[1], piece[2]
    if kind == "room":
        chairs = _per(cfg, p, "chairs", len(cfg.room_ids), [])[i]
        if [q, perm] not in chairs:
            _fail(f"{missing}: no {cfg.names[q]} {'permanent ' if perm else ''}investment on its chairs")
        chairs.remove([q, perm])
    elif kind == "town":
        row = _per(cfg, p, "towns", len(cfg.towns), [0] * cfg.players)[i]
        if row[q] <= 0:
            _fail(f"{missing}: {cfg.names[q]} has no worker there")
        row[q] -= 1
    else:
        cell = _per(cfg, p, "elders", cfg.rows * cfg.cols, [])[i]
        if q not in cell:
            _fail(f"{missing}: {cfg.names[q]} has no elder there")
        cell.remove(q)


def _take_money(cfg, p, piece, kind, i, missing) -> None:
    st = _seat(p, i)
    if st.get("money", 0) <= 0:
        _fail(f"{missing}: {cfg.names[i]} has no money")
    st["money"] -= 1


def _take_good(cfg, p, piece, kind, i, missing) -> None:
    k = piece[1]
    if kind == "seat":
        goods = _field(_seat(p, i), "goods")
        if goods[k] <= 0:
            _fail(f"{missing}: {cfg.names[i]} has no {GOOD_WORDS[k]}")
        goods[k] -= 1
        return
    slots = _per(cfg, p, "slots", len(cfg.room_ids), [])[i]
    if k not in slots:
        _fail(f"{missing}: no {GOOD_WORDS[k]} on its goods spaces")
    slots[slots.index(k)] = -1


def _take_tile(cfg, p, piece, kind, i, missing) -> None:
    rooms = _rooms(cfg, p)
    if rooms[i] != piece[1]:
        _fail(f"{missing}: the {ROOM_TITLES[piece[1]]} tile is not on {cfg.room_ids[i]}")
    rooms[i] = None
    p["rooms"] = rooms
    _per(cfg, p, "slots", len(cfg.room_ids), [])[i] = []
    _field(p, "out_tiles", []).append(piece[1])


def _take_marker(cfg, p, piece, kind, i, missing) -> None:
    if p.get("marker") != i:
        _fail(f"{missing}: the worship marker is on round {brief(p.get('marker'))}")


_TAKE = {"leader": _take_leader, "worker": _take_worker, "money": _take_money, "good": _take_good,
         "tile": _take_tile, "marker": _take_marker}


def _draw_worker(p, q) -> None:
    """A new worker comes from the seat's resource area, or its personal board when that is empty."""
    st = _seat(p, q)
    if st.get("resource", 0) <= 0 and st.get("board", 0) > 0:
        st["board"] -= 1
    else:
        st["resource"] = st.get("resource", 0) - 1  # below 0: setup reports the seat's workers


def _put(cfg, p, piece, dst) -> None:
    kind, i = dst
    _check_kind(cfg, piece[0], kind, i, "goes on")
    _PUT[piece[0]](cfg, p, piece, kind, i)


def _put_leader(cfg, p, piece, kind, i) -> None:
    q, li = piece[1], piece[2]
    leaders = _field(_seat(p, q), "leaders")
    to = cfg.room_ids[i] if kind == "room" else "h"
    if li is None:
        li = leaders.index("h") if "h" in leaders else len(leaders)  # past the last: setup reports
    while len(leaders) <= li:
        leaders.append("h")
    leaders[li] = to


def _put_worker(cfg, p, piece, kind, i) -> None:
    q, perm = piece[1], piece[2]
    if kind == "room":
        _per(cfg, p, "chairs", len(cfg.room_ids), [])[i].append([q, perm])
    elif kind == "town":
        _per(cfg, p, "towns", len(cfg.towns), [0] * cfg.players)[i][q] += 1
    else:
        _per(cfg, p, "elders", cfg.rows * cfg.cols, [])[i].append(q)


def _put_money(cfg, p, piece, kind, i) -> None:
    st = _seat(p, i)
    st["money"] = st.get("money", 0) + 1


def _put_good(cfg, p, piece, kind, i) -> None:
    k = piece[1]
    if kind == "seat":
        _field(_seat(p, i), "goods")[k] += 1
        return
    slots = _per(cfg, p, "slots", len(cfg.room_ids), [])[i]
    if -1 not in slots:
        room = ROOM_TITLES.get(_rooms(cfg, p)[i], cfg.room_ids[i])
        _fail(f"room {cfg.room_ids[i]} ({room}) has no empty goods space" if slots else
              f"room {cfg.room_ids[i]} ({room}) has no goods spaces: goods go on markets and the warehouse")
    slots[slots.index(-1)] = k


def _put_tile(cfg, p, piece, kind, i) -> None:
    rooms, tile = _rooms(cfg, p), piece[1]
    if not cfg.slot_kind[i].startswith("tile"):
        _fail(f"room {cfg.room_ids[i]} is printed on the board ({ROOM_TITLES[cfg.slot_kind[i]]}): tiles go on "
              + ", ".join(r for r, k in zip(cfg.room_ids, cfg.slot_kind) if k.startswith("tile")))
    box, before = _field(p, "out_tiles", []), list(rooms)
    old = rooms[i]
    if tile in box:  # from the box: the tile it covers goes to the box
        box.remove(tile)
        if old is not None:
            box.append(old)
    elif tile in rooms:  # from another space: the two swap
        rooms[rooms.index(tile)] = old
    rooms[i] = tile
    p["rooms"] = rooms
    slots = _per(cfg, p, "slots", len(cfg.room_ids), [])
    for j, k in enumerate(rooms):  # a room that changed starts with its goods spaces as set up
        if k != before[j]:
            slots[j] = _slot_default(cfg, k)


def _put_marker(cfg, p, piece, kind, i) -> None:
    p["marker"] = i
    p.pop("end_seat", None)  # setup sets it from the marker


_PUT = {"leader": _put_leader, "worker": _put_worker, "money": _put_money, "good": _put_good,
        "tile": _put_tile, "marker": _put_marker}


def _slot_default(cfg, kind) -> list:
    if kind == "warehouse":
        return list(cfg.warehouse_stock)
    return [-1, -1, -1] if kind in ("market", "retail", "wholesale") else []


def _finish(cfg, p) -> dict:
    """Leave out what setup balances; an empty tile space as the dict form, so setup names it."""
    p.pop("supply", None)
    p.pop("bank", None)
    rooms = p.get("rooms")
    if isinstance(rooms, list) and None in rooms:
        p["rooms"] = {r: k for r, k, s in zip(cfg.room_ids, rooms, cfg.slot_kind) if k and s.startswith("tile")}
    return p


def _turn(cfg, p, seat) -> None:
    if isinstance(seat, str) and seat in _colors(cfg):
        seat = _colors(cfg).index(seat)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < cfg.players:
        _fail(f"expected a seat 0..{cfg.players - 1} to act, got {brief(seat)}")
    p["seat"] = seat
    for k in ("phase", "final", "end_seat", *TURN_FIELDS):  # setup starts the seat's turn afresh
        p.pop(k, None)


def apply(position: dict, op: dict) -> dict:
    """A new position dict with the edit `op` made (see the module docstring); `position` is not changed."""
    cfg = _cfg(position)
    p = copy.deepcopy(position)
    if not isinstance(op, dict):
        _fail(f"expected an edit such as {{'op': 'put', 'piece': 'leader:red', 'to': 'room:o1'}}, got {brief(op)}")
    kind = op.get("op")
    if kind == "turn":
        _turn(cfg, p, op.get("seat"))
    elif kind in ("put", "remove"):
        piece = _piece(cfg, op.get("piece"))
        src = _place(cfg, op["from"]) if op.get("from") is not None else None
        (_remove if kind == "remove" else _move)(cfg, p, op, piece, src)
    else:
        _fail(f"expected an edit op: put, remove or turn, got {brief(kind)}")
    return _finish(cfg, p)


def _remove(cfg, p, op, piece, src) -> None:
    if src is None:
        _fail(f"remove needs 'from': the place {op.get('piece')} is taken off")
    if piece[0] == "marker":
        _fail("the worship marker stays on its track: put it on another round instead")
    if piece[0] == "leader" and src[0] == "hall":
        _fail("a leader not in a room waits in the ancestral hall: move it to a room instead")
    _take(cfg, p, piece, src)
    if piece[0] == "worker":
        st = _seat(p, piece[1])
        st["resource"] = st.get("resource", 0) + 1  # back to the seat's resource area


def _move(cfg, p, op, piece, src) -> None:
    """A put: from `src` (taken off there) or new (a worker from the seat's resource area)."""
    if "to" not in op:
        _fail(f"put needs 'to': the place {op.get('piece')} goes")
    dst = _place(cfg, op["to"])
    if piece[0] == "leader" and dst[0] == "hall" and src is None:
        _fail(f"a new leader comes from the ancestral hall: put it in a room, or move one of "
              f"{cfg.names[piece[1]]}'s leaders from a room to the hall")
    if src is not None and piece[0] == "tile":  # a tile moved between spaces: _put swaps the two
        if src[0] != "room" or _rooms(cfg, p)[src[1]] != piece[1]:
            _fail(f"no such tile in {_where(cfg, *src)}: the {ROOM_TITLES[piece[1]]} tile is elsewhere")
    elif src is not None:
        _take(cfg, p, piece, src)
    elif piece[0] == "worker":
        _draw_worker(p, piece[1])
    _put(cfg, p, piece, dst)
