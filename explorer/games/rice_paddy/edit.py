"""The board editor's Rice Paddy part (issue 15): the palette, the places the board marks, and edits.

Places (each seat's field is drawn separately; the colour is the seat's, any case):

- ``hex:Red:a`` a hex of Red's field, by its label a-j (the assumed layout of explorer/games/rice_paddy/setup.py);
- ``edge:Red:ad`` an inner edge between two hexes (either order), where walls and gates stand;
- ``reservoir:Red`` Red's reservoir (water only);
- ``seat:Red`` Red's farm (workers and livestock owned, the rest on Red's market).

Pieces (palette ids, and the ``data-piece`` of what the board draws): ``wall``, ``gate`` (on edges; a
wall put on a gate replaces it and the other way round), ``rock``, ``water``, ``magic`` (one disc a hex),
``weed``, ``pest``, ``fertiliser``, ``planted``, ``grown`` (on hexes: weeds, pests, fertiliser and crop
tiles belong to the paddy holding the hex, as in the position format), ``worker``, ``livestock``.

`apply` returns a new position dict without its ``supply`` (explorer.setup counts it again: every
piece put comes from the supply, every piece removed goes back). It refuses with PositionError what
names nothing (an unknown piece or place, a piece not at ``from``, a piece on the wrong kind of place);
what is merely against the rules (a rock the set-up card does not print, water outside a paddy, a
paddy with three gates) is returned, and explorer.setup says what is wrong. ``rocks_removed`` stays as
it was: taking a rock off by hand is not the rocks step.
"""
from __future__ import annotations

import copy

from ...core.data import position_data
from ...core.errors import DataError, brief
from ...core.fields import Fields
from .config import config
from .fields import GATE, OPEN, WALL, fields

EDGE_PIECES = ("wall", "gate")
DISCS = ("rock", "water", "magic")
COUNTS = {"weed": "weeds", "pest": "pests"}
CROPS = ("planted", "grown")
FARM = {"worker": ("workers", "worker_market"), "livestock": ("livestock", "livestock_market")}
LABELS = {
    "wall": "wall", "gate": "gate", "rock": "rock", "water": "water disc", "magic": "magic water",
    "weed": "weed", "pest": "pest", "fertiliser": "fertiliser", "planted": "crop (planted)",
    "grown": "crop (grown)", "worker": "worker", "livestock": "ox/duck",
}
GROUPS = {"wall": "edges", "gate": "edges", "worker": "farm", "livestock": "farm"}
PIECES = tuple(LABELS)


def fail(msg: str):
    Fields("rice_paddy edit").fail(None, msg)


def palette(state) -> list[dict]:
    """One button per kind of component (see the module docstring)."""
    return [{"piece": p, "label": LABELS[p], "group": GROUPS.get(p, "field")} for p in PIECES]


def places(state) -> list[str]:
    """Every place the board marks, seat by seat."""
    cfg = state.cfg
    out = []
    for c in cfg.colors:
        name = c.capitalize()
        out += [f"seat:{name}", f"reservoir:{name}"]
        out += [f"hex:{name}:{x}" for x in cfg.labels]
        out += [f"edge:{name}:{e}" for e in cfg.edge_name]
    return out


class _Edit:
    """One edit of a copied position: its config, and each field's paddies as they stand."""

    def __init__(self, position: dict):
        if not isinstance(position, dict) or not isinstance(position.get("seats"), list):
            fail(f"expected a rice_paddy position dict with seats, got {brief(position)}")
        self.pos = copy.deepcopy(position)
        self.pos.pop("supply", None)
        try:
            self.cfg = config(self.pos.get("players", len(self.pos["seats"])), self.pos.get("options") or {},
                              position_data(self.pos.get("data")))
        except (DataError, OSError, ValueError, TypeError) as exc:
            fail(f"the position's players, options or data do not make a game: {brief(str(exc), 200)}")

    def seat(self, name: str) -> dict:
        colors = [c.lower() for c in self.cfg.colors]
        if name.lower() not in colors:
            fail(f"{brief(name)} is not a seat: expected one of {', '.join(c.capitalize() for c in colors)}")
        i = colors.index(name.lower())
        if i >= len(self.pos["seats"]) or not isinstance(self.pos["seats"][i], dict):
            fail(f"the position has no seat {name.capitalize()}")
        return self.pos["seats"][i]

    def place(self, place) -> tuple[str, dict, str | None]:
        """(kind, seat dict, hex label or edge name or None) of a place id."""
        if not isinstance(place, str):
            fail(f"a place is a string like 'hex:Red:a', 'edge:Red:ad', 'reservoir:Red' or 'seat:Red', got "
                 f"{brief(place)}")
        parts = place.split(":")
        kind = parts[0]
        if kind in ("hex", "edge") and len(parts) == 3:
            seat = self.seat(parts[1])
            if kind == "hex" and parts[2] not in self.cfg.index:
                fail(f"{brief(place)}: {brief(parts[2])} is not a hex label ({self.cfg.labels})")
            if kind == "edge":
                k = self.cfg.edge_index.get(parts[2])
                if k is None:
                    fail(f"{brief(place)}: {brief(parts[2])} is not an inner edge (two adjacent hex labels, "
                         "e.g. 'ad')")
                return kind, seat, self.cfg.edge_name[k]
            return kind, seat, parts[2]
        if kind in ("reservoir", "seat") and len(parts) == 2:
            return kind, self.seat(parts[1]), None
        fail(f"{brief(place)} is not a place: expected 'hex:Red:a', 'edge:Red:ad', 'reservoir:Red' or 'seat:Red'")

    def field(self, seat: dict) -> dict:
        f = seat.get("field")
        if not isinstance(f, dict):
            fail("the seat has no field to edit")
        for k, empty in (("walls", []), ("gates", []), ("rocks", ""), ("water", ""), ("magic", ""), ("weeds", {}),
                         ("pests", {}), ("crop", {}), ("fertilised", "")):
            f.setdefault(k, empty)
        return f

    def paddy(self, f: dict, label: str) -> list[str]:
        """The labels of the region holding hex `label` (its paddy, or the open field around it)."""
        cfg = self.cfg
        edges = [OPEN] * cfg.E
        for kind, mark in (("walls", WALL), ("gates", GATE)):
            for e in f[kind] if isinstance(f[kind], list) else []:
                k = cfg.edge_index.get(e) if isinstance(e, str) else None
                if k is not None:
                    edges[k] = mark
        F = fields(cfg, tuple(edges))
        return [cfg.labels[h] for h in F.members[F.region[cfg.index[label]]]]

    # ---- one piece off, one piece on ---------------------------------------------------------------
    def take(self, piece: str, place: str) -> None:
        kind, seat, where = self.place(place)
        self._fits(piece, kind, place)
        how = {"reservoir": self._take_water, "seat": self._take_farm, "edge": self._take_edge}.get(kind)
        if how is not None:
            how(piece, place, seat, where)
        elif piece in DISCS:
            self._take_disc(piece, place, self.field(seat), where)
        else:
            self._take_token(piece, place, self.field(seat), where)

    def _take_water(self, piece, place, seat, where) -> None:
        if not seat.get("reservoir"):
            fail(f"{place} is empty: no water disc to take")
        seat["reservoir"] -= 1

    def _take_farm(self, piece, place, seat, where) -> None:
        own, market = FARM[piece]
        if not seat.get(own):
            fail(f"{place} owns no {LABELS[piece]} to take")
        seat[own] -= 1
        seat[market] = seat.get(market, 0) + 1

    def _take_edge(self, piece, place, seat, where) -> None:
        f = self.field(seat)
        key = piece + "s"
        if where not in self._edge_names(f[key]):
            fail(f"{place} holds no {piece}")
        f[key] = [e for e in f[key] if self._name(e) != where]

    def _take_disc(self, piece, place, f, where) -> None:
        key = "rocks" if piece == "rock" else piece
        if where not in f[key]:
            fail(f"{place} holds no {LABELS[piece]}")
        f[key] = f[key].replace(where, "")

    def _take_token(self, piece, place, f, where) -> None:
        key, region = self._key(f, piece, where)
        if piece in COUNTS:
            d = f[COUNTS[piece]]
            if not key or not d.get(key):
                fail(f"{place} holds no {piece}")
            d[key] -= 1
            if not d[key]:
                del d[key]
        elif piece == "fertiliser":
            if not key:
                fail(f"{place} holds no fertiliser")
            f["fertilised"] = f["fertilised"].replace(key, "")
        else:
            if not key or f["crop"].get(key) != piece:
                fail(f"{place} holds no {piece} crop tile")
            del f["crop"][key]

    def give(self, piece: str, place: str) -> None:
        kind, seat, where = self.place(place)
        self._fits(piece, kind, place)
        if kind == "reservoir":
            seat["reservoir"] = seat.get("reservoir", 0) + 1
        elif kind == "seat":
            own, market = FARM[piece]
            seat[own] = seat.get(own, 0) + 1
            seat[market] = seat.get(market, 0) - 1  # a negative market: setup says there are no more
        elif kind == "edge":
            f = self.field(seat)
            if where in self._edge_names(f[piece + "s"]):
                fail(f"{place} already holds a {piece}")
            other = "gates" if piece == "wall" else "walls"
            f[other] = [e for e in f[other] if self._name(e) != where]
            f[piece + "s"] = [*f[piece + "s"], where]
        elif piece in DISCS:
            self._give_disc(piece, place, self.field(seat), where)
        else:
            self._give_token(piece, place, self.field(seat), where)

    def _give_disc(self, piece, place, f, where) -> None:
        key = "rocks" if piece == "rock" else piece
        if where in f[key]:
            fail(f"{place} already holds a {LABELS[piece]}")
        if piece != "rock" and where in f["water"] + f["magic"]:
            fail(f"{place} already holds a disc: one water or magic water disc a hex")
        f[key] = "".join(sorted(f[key] + where))

    def _give_token(self, piece, place, f, where) -> None:
        key, region = self._key(f, piece, where)
        first = key or region[0]
        if piece in COUNTS:
            d = f[COUNTS[piece]]
            d[first] = d.get(first, 0) + 1
        elif piece == "fertiliser":
            if key:
                fail(f"{place}'s paddy already holds fertiliser: one cube a paddy")
            f["fertilised"] = "".join(sorted(f["fertilised"] + first))
        else:
            if key and f["crop"][key] == piece:
                fail(f"{place}'s paddy is already {piece}")
            f["crop"][first] = piece  # planted on grown (or grown on planted) turns the tile

    def _key(self, f: dict, piece: str, where: str) -> tuple[str | None, list[str]]:
        """The key under which the paddy holding `where` records `piece` (None if it has none), and the region."""
        region = self.paddy(f, where)
        held = f["fertilised"] if piece == "fertiliser" else f["crop"] if piece in CROPS else f[COUNTS[piece]]
        keys = [x for x in region if x in held]
        return (keys[0] if keys else None), region

    def _fits(self, piece, kind: str, place: str) -> None:
        if piece not in PIECES:
            fail(f"{brief(piece)} is not a piece: expected one of {', '.join(PIECES)}")
        ok = {"edge": EDGE_PIECES, "reservoir": ("water",), "seat": tuple(FARM)}.get(
            kind, tuple(p for p in PIECES if p not in EDGE_PIECES and p not in FARM))
        if piece not in ok:
            fail(f"a {LABELS[piece]} cannot go on {place}: on a {kind} go {', '.join(ok)}")

    def _name(self, e) -> str | None:
        k = self.cfg.edge_index.get(e) if isinstance(e, str) else None
        return None if k is None else self.cfg.edge_name[k]

    def _edge_names(self, edges) -> list:
        return [self._name(e) for e in edges] if isinstance(edges, list) else []

    def turn(self, seat) -> None:
        n = len(self.pos["seats"])
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
            fail(f"'turn' needs a seat number 0-{n - 1}, got {brief(seat)}")
        if self.pos.get("step") == "over":
            fail("the game is over: no one is about to act")
        self.pos["to_act"] = seat
        self.pos.pop("queue", None)
        seats = self.pos["seats"]
        if self.pos.get("step") in ("draft", "play"):  # seat picks now, then those who have not picked yet
            seats[seat]["pick"] = None
            self.pos["queue"] = [seat] + [i for i, s in enumerate(seats) if i != seat and s.get("pick") is None]
        for s in seats:  # counted again from the allocation for the seats still to act
            s.pop("build_left", None)
            s.pop("rock_left", None)


def apply(position: dict, op: dict) -> dict:
    """`position` with one edit made (a new dict; see the module docstring for pieces and places)."""
    if not isinstance(op, dict):
        fail(f"an edit is a dict like {{'op': 'put', 'piece': 'wall', 'to': 'edge:Red:ad'}}, got {brief(op)}")
    ed = _Edit(position)
    kind = op.get("op")
    if kind == "turn":
        ed.turn(op.get("seat"))
    elif kind == "put":
        if "to" not in op:
            fail("'put' needs 'to': the place to put the piece on")
        if op.get("from") is not None:
            ed.take(op.get("piece"), op["from"])
        ed.give(op.get("piece"), op["to"])
    elif kind == "remove":
        if op.get("from") is None:
            fail("'remove' needs 'from': the place the piece is on")
        ed.take(op.get("piece"), op["from"])
    else:
        fail(f"unknown op {brief(kind)}: expected put, remove or turn")
    return ed.pos


__all__ = ["palette", "places", "apply", "PIECES"]
