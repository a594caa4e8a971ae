"""Completing one player's field for explorer.setup: walls from paddies, tokens on any hex of their paddy.

`complete_field(cfg, given, card, where, name)` -> (field JSON, hexes with a rock, sentences). Hex labels are
the engine's (a-j, an assumed layout). Errors are PositionError naming `where` + the field's part.
"""
from __future__ import annotations

from ...core.errors import brief
from ...core.fields import Fields
from .fields import GATE, OPEN, WALL, fields

PARTS = ("paddies", "walls", "gates", "rocks", "water", "magic", "weeds", "pests", "crop", "fertilised")
CROPS = ("planted", "grown")


FIELDS = Fields("rice_paddy setup")
fail = FIELDS.fail


def labels_of(cfg, value, where: str) -> list[int]:
    """Hexes from a string of labels ('adf') or a list of labels; each once."""
    if isinstance(value, list) and all(isinstance(x, str) for x in value):
        value = "".join(value)
    if not isinstance(value, str) or any(c not in cfg.index for c in value) or len(set(value)) != len(value):
        fail(where, f"expected distinct hex labels from {cfg.labels!r} (a string like 'adf'), got {brief(value)}")
    return [cfg.index[c] for c in value]


def edges_of(cfg, value, where: str) -> list[int]:
    """Inner edges from a list of names ('ab', either order) or one string of names split by spaces/commas."""
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if not isinstance(value, list):
        fail(where, f"expected a list of edge names like ['ab', 'df'], got {brief(value)}")
    out = []
    for e in value:
        k = cfg.edge_index.get(e) if isinstance(e, str) else None
        if k is None:
            fail(where, f"{brief(e)} is not an inner edge (two adjacent hex labels, e.g. 'ab')")
        if k in out:
            fail(where, f"edge {cfg.edge_name[k]!r} is listed twice")
        out.append(k)
    return out


def _edges_from_paddies(cfg, value, where: str) -> tuple[list[int], list[set]]:
    if not isinstance(value, list) or not value:
        fail(where, f"expected a list of paddies, each a string of hex labels (['a', 'df']), got {brief(value)}")
    groups, seen = [], set()
    for g in value:
        hexes = set(labels_of(cfg, g, where))
        if not 1 <= len(hexes) <= cfg.max_paddy or hexes & seen:
            fail(where, f"{brief(g)}: a paddy is 1-{cfg.max_paddy} hexes, each in one paddy only")
        seen |= hexes
        groups.append(hexes)
    group = {h: n for n, g in enumerate(groups) for h in g}
    walls = [k for k, (i, j) in enumerate(cfg.edges) if group.get(i, -1) != group.get(j, -1)]
    return walls, groups


def _items(cfg, value, where: str, counts: bool) -> list:
    """(hex label, value) pairs from {label: value}, or for counts from labels, one per token."""
    if isinstance(value, dict):
        return list(value.items())
    if not counts or not isinstance(value, (str, list)):
        fail(where, f"expected {{hex label: {'count' if counts else 'planted/grown'}}}, got {brief(value)}")
    if any(not isinstance(h, str) or h not in cfg.index for h in value):
        fail(where, f"expected hex labels, one per token, or {{label: count}}, got {brief(value)}")
    return [(h, 1) for h in value]


def _per_paddy(cfg, F, value, where: str, counts: bool) -> dict[int, object]:
    """{paddy representative: value} from labels of any hex (or a whole paddy) of the paddy."""
    out: dict[int, object] = {}
    for key, v in _items(cfg, value, where, counts):
        if not isinstance(key, str) or not key or any(c not in cfg.index for c in key):
            fail(where, f"{brief(key)} is not a hex label")
        reps = {F.region[cfg.index[c]] for c in key}
        if len(reps) != 1 or next(iter(reps)) not in F.pset:
            fail(where, f"{brief(key)} is not (in) one paddy: tokens and tiles go in paddies only")
        r = reps.pop()
        if counts:
            out[r] = out.get(r, 0) + FIELDS.integer(v, f"{where}.{key}", 0, 24)
        else:
            if v not in CROPS:
                fail(where, f"{brief(key)}: expected 'planted' or 'grown', got {brief(v)}")
            if out.get(r, v) != v:
                fail(where, f"paddy {cfg.labels[r]!r} is given both 'planted' and 'grown'")
            out[r] = v
    return {r: v for r, v in out.items() if v}


def _text(cfg, hexes) -> str:
    return "".join(cfg.labels[h] for h in sorted(set(hexes)))


def start_field(cfg, card, water: bool) -> dict:
    """The field as set up (rice_paddy.setup.start-paddy, rice_paddy.setup.cards)."""
    a = cfg.labels[cfg.start]
    return {"walls": [cfg.edge_name[k] for k in cfg.start_walls], "gates": [cfg.edge_name[cfg.start_gate]],
            "rocks": _text(cfg, [cfg.index[x] for x in card.rocks]), "water": a if water else "", "magic": "",
            "weeds": {}, "pests": {}, "crop": {a: "planted"}, "fertilised": ""}


def complete_field(cfg, given: dict, where: str, name: str) -> tuple[dict, list[str]]:
    """A field given as a picture: what it omits is not there (no water, no rocks...), except its walls:
    with neither walls, gates nor paddies given, the starting paddy's walls and gate."""
    if not isinstance(given, dict):
        fail(where, f"expected an object with some of {', '.join(PARTS)}, got {brief(given)}")
    for k in given:
        if k not in PARTS:
            fail(f"{where}.{brief(k, 30)}", f"unknown; a field has {', '.join(PARTS)}")
    said = []
    edges, groups = _edges(cfg, given, where, name, said)
    F = fields(cfg, tuple(edges))
    if not F.ok:
        fail(f"{where}.gates", "a paddy has one inlet and one outlet at most (the starting paddy's inlet is the "
                               "reservoir): rice_paddy.walls.gates-limit")
    pads = ["".join(cfg.labels[h] for h in F.members[r]) for r in F.paddies]
    if groups is not None:
        for g in groups:
            if set(F.members[F.region[min(g)]]) != g:
                fail(f"{where}.paddies", f"{_text(cfg, g)!r} is not one closed region: its hexes must be adjacent")
        extra = [p for p in pads if set(map(cfg.index.get, p)) not in groups]
        said.append(f"{name}'s walls: around the paddies {', '.join(_text(cfg, g) for g in groups)}"
                    + (f"; the hexes left over form paddies too ({', '.join(extra)}): every closed region of "
                       f"1-{cfg.max_paddy} hexes is one" if extra else ""))
    out = {"walls": [cfg.edge_name[k] for k in range(cfg.E) if edges[k] == WALL],
           "gates": [cfg.edge_name[k] for k in range(cfg.E) if edges[k] == GATE]}
    _discs(cfg, F, given, where, pads, out)
    _tokens(cfg, F, given, where, out)
    moved = [k for part in ("weeds", "pests", "crop") if isinstance(given.get(part), dict)
             for k in given[part] if k not in out[part]]
    if moved:
        said.append(f"{name}'s tokens and tiles on {', '.join(map(str, moved))}: recorded on the first hex of "
                    "their paddy, as the position format does")
    return out, said


def _edges(cfg, given, where, name, said) -> tuple[list, list[set] | None]:
    """Each inner edge open, walled or gated, from walls and gates or from paddies; the paddies given."""
    edges = [OPEN] * cfg.E
    groups = None
    if "paddies" in given:
        if "walls" in given:
            fail(f"{where}.walls", "give walls or paddies, not both")
        walls, groups = _edges_from_paddies(cfg, given["paddies"], f"{where}.paddies")
    elif "walls" in given or "gates" in given:
        walls = edges_of(cfg, given.get("walls", []), f"{where}.walls")
    else:
        walls = list(cfg.start_walls)
        said.append(f"{name}'s walls and gate: the starting paddy's (walls "
                    f"{', '.join(cfg.edge_name[k] for k in cfg.start_walls)}, gate {cfg.edge_name[cfg.start_gate]})")
    gates = edges_of(cfg, given["gates"], f"{where}.gates") if "gates" in given else \
        [] if said == [] else [cfg.start_gate]
    for k in walls:
        edges[k] = WALL
    for k in gates:
        if groups is None and edges[k] == WALL:
            fail(f"{where}.gates", f"edge {cfg.edge_name[k]!r} already holds a wall")
        edges[k] = GATE
    return edges, groups


def _discs(cfg, F, given, where, pads, out) -> None:
    """Rocks, water and magic water: one disc a hex, water in paddies without a rock."""
    masks = {}
    for part in ("rocks", "water", "magic"):
        hexes = labels_of(cfg, given.get(part, ""), f"{where}.{part}")
        if part != "rocks" and any(F.paddy_of(h) is None for h in hexes):
            fail(f"{where}.{part}", f"water lies only in paddies (closed regions of 1-{cfg.max_paddy} hexes); "
                                    f"the paddies are {', '.join(pads) or 'none'}")
        masks[part] = set(hexes)
        out[part] = _text(cfg, hexes)
    if masks["water"] & masks["magic"]:
        fail(f"{where}.magic", "one disc a hex: a hex holds water or magic water, not both")
    rocky = {F.region[x] for x in masks["rocks"]}
    for h in masks["water"]:
        if F.region[h] in rocky:
            fail(f"{where}.water", f"paddy {pads[F.paddies.index(F.region[h])]!r} holds a rock: water cannot enter it")


def _tokens(cfg, F, given, where, out) -> None:
    """Weeds, pests, crops and fertiliser, one entry a paddy."""
    for part in ("weeds", "pests"):
        d = _per_paddy(cfg, F, given.get(part, {}), f"{where}.{part}", True)
        out[part] = {cfg.labels[r]: v for r, v in sorted(d.items())}
    crop = _per_paddy(cfg, F, given.get("crop", {}), f"{where}.crop", False)
    out["crop"] = {cfg.labels[r]: v for r, v in sorted(crop.items())}
    fert = labels_of(cfg, given.get("fertilised", ""), f"{where}.fertilised")
    reps = set()
    for h in fert:
        r = F.paddy_of(h)
        if r is None or r not in crop:
            fail(f"{where}.fertilised", f"hex {cfg.labels[h]!r}: only a planted or grown paddy holds fertiliser")
        reps.add(r)
    out["fertilised"] = _text(cfg, reps)


__all__ = ["complete_field", "start_field", "labels_of", "edges_of", "fail", "PARTS"]
