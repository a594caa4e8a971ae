"""`explorer.setup("lotus_chaos", partial)`: a position from what a picture shows, the rest filled in.

`partial` is a dict in the position format (see the tables below) giving only what matters; every field may be
left out. Shorthands:

- **Seats** as a list (index = seat 0..5) or a dict keyed by seat (`0`..`5`, or `"0"`..`"5"`), by number
  identifier (`"player 3"`: the player holding number 3, placed at seat 2 when that seat is free, else at the
  first free seat) or by colour (`"grey"`: placed at the seat that colour has by default when free). A seat's
  entry gives any of `colour` (or `color`), `number`, `objective`, `hex`, `alive`, `cards`.
- **Hexes** (`hex`) in axial coordinates `[q, r]` (`[0, 0]` the centre, `[0, -1]` north of it), also written
  `"q,r"`; by corner name `"N"`, `"NE"`, `"SE"`, `"S"`, `"SW"`, `"NW"` (also `"north"`, `"NE corner"`, any case);
  `"centre"` (or `"center"`); or by ring and index, `"ring 2 #5"` or `{"ring": 2, "index": 5}`. Ring k holds the
  hexes k steps from the centre (ring 0 is the centre alone, ring 1 the purple ring, the last ring the board's
  edge). Its 6k hexes are numbered from 0, starting at the hex straight north of the centre and going clockwise
  (north up): on ring 1, #0 N `[0, -1]`, #1 NE `[1, -1]`, #2 SE `[1, 0]`, #3 S `[0, 1]`, #4 SW `[-1, 1]`,
  #5 NW `[-1, 0]`; on ring k the corner hexes N, NE, SE, S, SW, NW are #0, #k, #2k, #3k, #4k, #5k. A pair
  `[a, b]` is always axial (as `to_json` writes it), never a ring and index.
- **Cards** in a play area by number (`12` or `"12"`), blank cards by name (`"b3"`, its text in `blanks`), a
  written card by its text (`{"written": "odd tokens move 1 N"}`: the next free blank card, the text in the card
  language), or a count (`"cards": 3`: three printed cards dealt from the deck). The turn's seat (`turn.seat`)
  and `turn.window` entries may also be written `"player 3"` or a colour.

Filled in when left out: seat i's number is i + 1 and its colour the i-th of red, blue, yellow, grey, white,
black (when free; else the first free one); objectives are dealt at random (from `seed`) from those not given;
every seat is in the game; a token not placed stands on a free blue corner, clockwise from N (where set-up puts
them); play areas are empty; a blank card without text gets the first written-card menu line; the deck is
every printed card placed nowhere else, shuffled by `seed`; in the draw phase the two revealed cards are the
top of that deck. The turn: phase `draw` (the active player is about to reveal and choose), seat 0 (the first
seat still in the game), round 2 (the first round is over, so objectives count; round 0 in set-up), the turn
number from the round and seat, nothing moved or activated; in the accusations phase every player still in
the game, in turn from the active one (or the active one alone with `accusations="active"`); in phase `over`
the result from the objectives met (or the last token on the board). In phase `setup` the seats before
`turn.seat` have placed their tokens and the others have not.
"""
from __future__ import annotations

import functools
import re

from ...core import hexgrid as hx
from ...core import rng
from ...core.errors import DataError, brief, clip
from ...core.fields import Fields
from ...core.registry import canonical_name
from ...core.registry import spec as game_spec
from .config import config
from .position import FORMAT_VERSION

DOC_EXAMPLE = {
    "seats": {
        "player 1": {"hex": "centre", "cards": [9, {"written": "All Odd Color Wheel players move 1 space north"}]},
        "player 4": {"hex": "ring 2 #3", "objective": "north"},
        "5": {"hex": [0, -3], "cards": 2},
    },
    "turn": {"phase": "actions", "seat": "player 1"},
}
DOC_EXAMPLE_ARGS = {"seed": 1}

SEAT_KEYS = ("colour", "number", "objective", "hex", "alive", "cards")
PHASES = ("setup", "draw", "actions", "accusations", "over")
_RING = re.compile(r"ring\s*(\d{1,2})\s*(?:#|index|,|/)?\s*#?\s*(\d{1,3})")
_AXIAL = re.compile(r"(-?\d{1,2})\s*,\s*(-?\d{1,2})")
_CORNER_WORDS = {"n": "N", "north": "N", "ne": "NE", "northeast": "NE", "north-east": "NE", "se": "SE",
                 "southeast": "SE", "south-east": "SE", "s": "S", "south": "S", "sw": "SW", "southwest": "SW",
                 "south-west": "SW", "nw": "NW", "northwest": "NW", "north-west": "NW"}


FIELDS = Fields("lotus_chaos position")
fail = FIELDS.fail


def _int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def hex_of(value, field: str, radius: int) -> tuple[int, int]:
    """A hex from any of its written forms (see the module docstring)."""
    expected = (f"expected [q, r], \"q,r\", a corner (N NE SE S SW NW), \"centre\", \"ring k #i\" or "
                f"{{\"ring\": k, \"index\": i}} on the board of radius {radius}; got {brief(value)}")
    h = None
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(_int(x) for x in value):
        h = (value[0], value[1])
    elif isinstance(value, dict) and set(value) == {"ring", "index"}:
        h = _ring(value["ring"], value["index"], field, radius)
    elif isinstance(value, str) and len(value) <= 40:
        t = " ".join(value.lower().replace("corner", " ").split())
        if t in ("centre", "center", "c"):
            h = hx.CENTRE
        elif t in _CORNER_WORDS:
            h = hx.corners(radius)[_CORNER_WORDS[t]]
        elif m := _RING.fullmatch(t):
            h = _ring(int(m.group(1)), int(m.group(2)), field, radius)
        elif m := _AXIAL.fullmatch(t):
            h = (int(m.group(1)), int(m.group(2)))
    if h is None or hx.length(h) > radius:
        fail(field, expected)
    return h


def _ring(k, i, field, radius):
    if not _int(k) or not 0 <= k <= radius:
        fail(field, f"expected a ring 0..{radius} (0 is the centre, {radius} the edge), got {brief(k)}")
    size = max(1, 6 * k)
    if not _int(i) or not 0 <= i < size:
        fail(field, f"ring {k} has hexes #0..#{size - 1} (#0 north of the centre, then clockwise), got {brief(i)}")
    return hx.ring(k)[i]


class _Seats:
    """The six seats' entries from a list or dict, with keys resolved to seats."""

    def __init__(self, raw, cfg):
        self.entries: list[dict | None] = [None] * 6
        if raw is None:
            return
        if isinstance(raw, list):
            if len(raw) > 6:
                fail("seats", f"expected at most six seats, got {len(raw)}")
            for i, e in enumerate(raw):
                self._put(i, e, f"seats.{i}")
            return
        if not isinstance(raw, dict):
            fail("seats", f"expected a list of six seats or a dict keyed by seat, got {brief(raw)}")
        later = [x for key, e in raw.items() if (x := self._keyed(key, e, cfg)) is not None]
        for pref, implied, e, key in later:  # by number identifier or colour: once the numbered seats are in
            self._place(pref, implied, e, key)

    def _keyed(self, key, e, cfg):
        """Puts an entry keyed by seat; for one keyed by 'player N' or colour, (preferred seat, implied fields,
        entry, key) to place later."""
        k = key.strip().lower() if isinstance(key, str) else key
        if _int(k) or (isinstance(k, str) and k.isdigit() and len(k) == 1):
            i = int(k)
            if not 0 <= i < 6:
                fail(f"seats.{clip(key, 20)}", "expected a seat 0..5, 'player N' (N 1..6) or a colour")
            self._put(i, e, f"seats.{i}")
            return None
        if isinstance(k, str) and (m := re.fullmatch(r"player\s*([1-6])", k)):
            return int(m.group(1)) - 1, {"number": int(m.group(1))}, e, key
        if isinstance(k, str) and k in cfg.colours:
            return cfg.colours.index(k), {"colour": k}, e, key
        fail(f"seats.{clip(key, 20)}", "expected a seat 0..5, 'player N' (N 1..6) or a colour "
             f"({', '.join(cfg.colours)})")

    def _place(self, pref, implied, e, key):
        i = pref if self.entries[pref] is None else next((j for j in range(6) if self.entries[j] is None), None)
        if i is None:
            fail(f"seats.{clip(key, 20)}", "all six seats are already given")
        field = f"seats.{clip(key, 20)}"
        self._put(i, e, field)
        for f, v in implied.items():
            if self.entries[i].get(f, v) != v:
                fail(f"{field}.{f}", f"the key says {v}, the entry says {brief(self.entries[i][f])}")
            self.entries[i][f] = v

    def _put(self, i, e, field):
        if e is None:
            e = {}
        if not isinstance(e, dict):
            fail(field, f"expected an object with any of {', '.join(SEAT_KEYS)}, got {brief(e)}")
        if self.entries[i] is not None:
            fail(field, f"seat {i} is given twice")
        e = dict(e)
        if "color" in e:
            if "colour" in e:
                fail(f"{field}.color", "give colour or color, not both")
            e["colour"] = e.pop("color")
        for k in e:
            if k not in SEAT_KEYS:
                fail(f"{field}.{clip(k, 20)}", f"unknown field; expected any of {', '.join(SEAT_KEYS)}")
        e["_field"] = field
        self.entries[i] = e


def _options(partial, options):
    sp = game_spec("lotus_chaos")
    given = partial.get("options") or {}
    if not isinstance(given, dict):
        fail("options", f"expected an object of options, got {brief(given)}")
    merged = dict(given)
    for k, v in options.items():
        if k in merged and merged[k] != v:
            fail(f"options.{clip(k, 40)}", f"the position says {brief(merged[k])}, the call {brief(v)}")
        merged[k] = v
    opts = {k: o.default for k, o in sp.options.items()}
    for k, v in merged.items():
        if k not in sp.options:
            fail(f"options.{clip(k, 40)}", f"unknown option; valid options are {', '.join(sorted(sp.options))}")
        try:
            opts[k] = sp.options[k].value(k, v)
        except ValueError as exc:
            fail(f"options.{k}", clip(exc, 200))
    return merged, opts


def _fill_distinct(values, default, field, what):
    """Seat i's value: given, else default[i] when free, else the first free one."""
    given = [v for v in values if v is not None]
    for v in given:
        if not isinstance(v, (str, int)) or isinstance(v, bool) or v not in default:
            fail(f"seats.*.{field}", f"expected one of {', '.join(map(str, default))}, got {brief(v)}")
    if len(set(given)) != len(given):
        fail(f"seats.*.{field}", f"each seat needs a different {what}")
    free = [v for v in default if v not in given]
    out = list(values)
    for i, v in enumerate(values):
        if v is None:
            out[i] = default[i] if default[i] in free else free[0]
            free.remove(out[i])
    return out


def complete(partial: dict, players, seed: int, options: dict):
    """The full position dict completed from `partial`, loaded; and what was filled in, in words."""
    from . import ChaosState

    filled: list[str] = []
    seed = _header(partial, players, seed)
    merged, opts = _options(partial, options)
    try:
        cfg = config(6, opts, partial.get("data"))
    except (DataError, TypeError) as exc:
        fail("data", clip(exc, 200))
    seats = _Seats(partial.get("seats"), cfg)
    ent = [e or {"_field": f"seats.{i}"} for i, e in enumerate(seats.entries)]
    numbers, colours, objs = _identities(ent, cfg, seed, filled)
    name = [f"{colours[i].capitalize()} {numbers[i]}" for i in range(6)]
    alive = _alive(ent)
    by_number = {f"player{n}": numbers.index(n) for n in numbers}

    def seat_ref(v, field):
        return FIELDS.seat(v, field, colours, by_number, also="'player N' (N 1..6)")

    tn = partial.get("turn") or {}
    if not isinstance(tn, dict):
        fail("turn", f"expected an object, got {brief(tn)}")
    tn = dict(tn)
    phase, seat = _phase_and_seat(tn, alive, name, seat_ref, filled)
    hexes = _hexes(ent, alive, phase, seat, cfg, name, filled)
    areas, blanks = _cards(partial, ent, alive, cfg, name, seed, filled)
    turn = _turn(tn, phase, seat, alive, opts, name, seat_ref, filled)
    groups = [dict(g, members=[seat_ref(m, f"groups.{j}.members") for m in g["members"]])
              if isinstance(g, dict) and isinstance(g.get("members"), list) else g
              for j, g in enumerate(partial.get("groups") or [])]
    full = {k: v for k, v in partial.items() if k not in ("seats", "turn", "groups", "blanks", "options")}
    full.update({
        "game": "lotus_chaos", "version": partial.get("version", FORMAT_VERSION), "players": 6, "seed": seed,
        "options": merged, "groups": groups, "turn": turn, "blanks": blanks,
        "seats": [{"colour": colours[i], "number": numbers[i], "objective": objs[i],
                   "hex": list(hexes[i]) if hexes[i] is not None else None, "alive": alive[i], "cards": areas[i]}
                  for i in range(6)],
    })
    for f in ("deck", "discard", "revealed"):
        if isinstance(full.get(f), list):
            full[f] = [str(c) if _int(c) else c for c in full[f]]
    if phase == "over" and full.get("result") is None:
        full["result"] = _result(ChaosState, full, alive, name, objs)
        filled.append("the result: " + full["result"]["outcome"])
    state = ChaosState.from_json(full)
    if "deck" not in partial:
        filled.append(f"the action deck: the {len(state.deck)} printed cards placed nowhere else, shuffled "
                      f"(seed {seed})")
    if phase == "draw" and partial.get("revealed") is None:
        filled.append("the revealed cards: " + " and ".join(cfg.NAME[c] for c in state.revealed)
                      + ", the top two of the deck")
    return state, filled


def _header(partial, players, seed) -> int:
    """Checks players and game; the seed (the position's, else the call's)."""
    for got in (players, partial.get("players")):
        if got not in (None, 6):
            fail("players", f"the chaos game is for six players, got {brief(got)}")
    game = partial.get("game", "lotus_chaos")
    if not isinstance(game, str) or canonical_name(game) != "lotus_chaos":
        fail("game", f"expected 'lotus_chaos', got {brief(game)}")
    seed = partial.get("seed", seed)
    FIELDS.integer(seed, "seed")
    return seed


def _identities(ent, cfg, seed, filled):
    """Each seat's number, colour and objective: given, else filled in (objectives dealt from `seed`)."""
    numbers = _fill_distinct([e.get("number") for e in ent], list(cfg.numbers), "number", "number")
    colours = _fill_distinct([e.get("colour") for e in ent], list(cfg.colours), "colour", "colour")
    if [e.get("number") for e in ent] != numbers or [e.get("colour") for e in ent] != colours:
        missing = [i for i, e in enumerate(ent) if "number" not in e or "colour" not in e]
        filled.append("colours and numbers of seats " + ", ".join(map(str, missing)) + ": "
                      + ", ".join(f"{colours[i].capitalize()} {numbers[i]}" for i in missing)
                      + " (seat i holds the i-th colour and number i + 1 where free)")
    objs = [e.get("objective") for e in ent]
    r, spare = rng.shuffled(rng.seed_state(seed), [k for k in cfg.objectives if k not in objs])
    need = [i for i, o in enumerate(objs) if o is None]
    for i, k in zip(need, spare):
        objs[i] = k
    objs = _fill_distinct(objs, list(cfg.objectives), "objective", "objective")
    if need:
        name = [f"{colours[i].capitalize()} {numbers[i]}" for i in range(6)]
        filled.append(f"secret objectives of {', '.join(name[i] for i in need)}: dealt at random (seed {seed}) "
                      f"from the {len(need)} objective cards not given")
    return numbers, colours, objs


def _alive(ent) -> list[bool]:
    alive = []
    for e in ent:
        a = e.get("alive", True)
        if not isinstance(a, bool):
            fail(f"{e['_field']}.alive", f"expected true or false, got {brief(a)}")
        alive.append(a)
    if not any(alive):
        fail("seats.*.alive", "somebody must still be in the game")
    return alive


def _phase_and_seat(tn, alive, name, seat_ref, filled):
    phase = tn.get("phase", "draw")
    if phase not in PHASES:
        fail("turn.phase", f"expected one of {', '.join(PHASES)}, got {brief(phase)}")
    if "phase" not in tn:
        filled.append("the phase: draw (the active player is about to reveal two cards and choose)")
    if "seat" in tn:
        seat = seat_ref(tn["seat"], "turn.seat")
    else:
        seat = 0 if phase == "setup" else alive.index(True)
        filled.append(f"the active seat: {seat} ({name[seat]})")
    if phase in ("draw", "actions") and not alive[seat]:
        fail("turn.seat", f"seat {seat} ({name[seat]}) is out of the game: the seat to act must still be in it")
    return phase, seat


def _turn(tn, phase, seat, alive, opts, name, seat_ref, filled) -> dict:
    """The position's "turn": round, number, progress and, in the accusations phase, who is still to accuse."""
    rnd = tn.get("round", 0 if phase == "setup" else 2)
    if "round" not in tn and phase != "setup":
        filled.append("the round: 2 (the first round is over, so objectives count)")
    FIELDS.integer(rnd, "turn.round", 0)
    turn = {"phase": phase, "seat": seat, "round": rnd,
            "number": tn.get("number", 0 if phase == "setup" else 6 * max(rnd - 1, 0) + seat + 1),
            "moved": tn.get("moved", False), "activated": [str(a) if _int(a) else a for a in tn.get("activated", [])]}
    if phase == "accusations":
        if "window" in tn:
            w = FIELDS.listed(tn["window"], "turn.window")
            turn["window"] = [seat_ref(v, f"turn.window.{j}") for j, v in enumerate(w)]
        else:
            order = [(seat + k) % 6 for k in range(6) if alive[(seat + k) % 6]]
            turn["window"] = order if opts["accusations"] == "any" else [seat]
            filled.append("players still to accuse: " + ", ".join(name[i] for i in turn["window"]))
    elif tn.get("window"):
        fail("turn.window", "seats still to accuse are listed only in the accusations phase")
    FIELDS.only(tn, ("phase", "seat", "round", "number", "moved", "activated", "window"), "turn")
    return turn


def _result(cls, full, alive, name, objs) -> dict:
    """Phase 'over' without a result: the winners by objective met, else the last token on the board."""
    full["result"] = {"winners": [], "outcome": ""}
    probe = cls.from_json(full)
    met = [i for i in range(6) if alive[i] and probe.objective_met(i)]
    last = [i for i in range(6) if alive[i]]
    if met:
        return {"winners": met, "outcome": "objective: " + ", ".join(f"{name[i]} ({objs[i]})" for i in met)}
    if len(last) == 1:
        return {"winners": last, "outcome": f"last token on the board: {name[last[0]]}"}
    fail("result", "the phase is 'over' but no objective is met and more than one token is on the board: "
         "give result.winners")


def _hexes(ent, alive, phase, seat, cfg, name, filled):
    hexes = []
    for i, e in enumerate(ent):
        v = e.get("hex")
        h = None if v is None else hex_of(v, f"{e['_field']}.hex", cfg.radius)
        if h is not None and not alive[i]:
            fail(f"{e['_field']}.hex", f"{name[i]} is out of the game: their token is off the board (hex null)")
        if h is not None and phase == "setup" and i >= seat:
            fail(f"{e['_field']}.hex", f"in set-up, seats from turn.seat ({seat}) on have not placed a token yet")
        hexes.append(h)
    taken = {h for h in hexes if h is not None}
    if phase == "setup":
        placed = [h for h in hexes if h is not None]
        if any(h not in cfg.board.corner_of for h in placed) or len(set(placed)) != len(placed):
            fail("seats.*.hex", "in set-up each token stands on its own blue corner (N NE SE S SW NW)")
    free = [h for d, h in cfg.board.corners.items() if h not in taken]
    for i in range(6):
        wants = alive[i] and hexes[i] is None and (phase != "setup" or i < seat)
        if wants:
            hexes[i] = free.pop(0)
            filled.append(f"{name[i]}'s token: on the free {cfg.board.corner_of[hexes[i]]} corner")
    return hexes


def _cards(partial, ent, alive, cfg, name, seed, filled):
    """Play areas as card names, the blanks' texts; counts dealt from the printed cards placed nowhere else."""
    texts = partial.get("blanks") or {}
    if not isinstance(texts, dict):
        fail("blanks", f"expected an object of blank card name -> text, got {brief(texts)}")
    blanks = dict(texts)
    used: dict[str, str] = {}
    take = functools.partial(_take, cfg, used)
    for f in ("deck", "discard", "revealed"):
        vals = partial.get(f)
        for j, c in enumerate(vals if isinstance(vals, list) else ()):
            take(str(c) if _int(c) else c, f"{f}.{j}")
    areas: list = [[] for _ in range(6)]
    counts, written = {}, []
    for i, e in enumerate(ent):
        k = _area(e.get("cards", []), f"{e['_field']}.cards", i, areas[i], written, cfg, take)
        if k is not None:
            counts[i] = k
    _write(written, ent, areas, used, blanks, cfg)
    for i, e in enumerate(ent):
        n = len(areas[i]) + counts.get(i, 0)
        if not alive[i] and n:
            fail(f"{e['_field']}.cards", f"{name[i]} is out of the game and holds no cards")
        if n > cfg.limit and not partial.get("queue"):
            fail(f"{e['_field']}.cards", f"at most {cfg.limit} cards in a play area (the card limit), got {n}")
    _deal(areas, counts, used, cfg, name, seed, filled)
    _blank_texts(areas, blanks, used, cfg, name, filled)
    placed = {nm for a in areas for nm in a} | set(used)
    lost = [nm for nm in cfg.NAME[:cfg.nprinted] if nm not in placed]
    if lost and isinstance(partial.get("deck"), list):
        fail("deck", f"printed cards {clip(', '.join(lost), 80)} are nowhere: put them in the deck, the "
             "discard pile or a play area, or leave the deck out")
    return areas, blanks


def _write(written, ent, areas, used, blanks, cfg) -> None:
    """Written cards on the next free blank cards."""
    free = [n for n in cfg.NAME[cfg.nprinted:] if n not in used and n not in blanks]
    for i, j, text in written:
        if not free:
            fail(f"{ent[i]['_field']}.cards.{j}", f"no blank card is left (there are {cfg.nblank})")
        nm = free.pop(0)
        used[nm] = f"{ent[i]['_field']}.cards.{j}"
        areas[i][j] = nm
        blanks[nm] = text


def _take(cfg, used, nm, field) -> None:
    """Card `nm` placed at `field`: a card the game has, in one place only."""
    if not isinstance(nm, str) or nm not in cfg.by_name:
        fail(field, f"unknown card {brief(nm)}; printed cards are 1..{cfg.nprinted}, blank cards "
             f"b1..b{cfg.nblank}, a written card {{\"written\": \"<text>\"}}")
    if nm in used:
        fail(field, f"card {nm} is already in {used[nm]}")
    used[nm] = field


def _area(cards, field, i, area, written, cfg, take) -> int | None:
    """Seat i's play area into `area` (a written card as None, noted in `written`); a count to deal, if given."""
    if _int(cards):
        if not 0 <= cards <= cfg.limit:
            fail(field, f"expected at most {cfg.limit} cards (the card limit), got {cards}")
        return cards
    if not isinstance(cards, list):
        fail(field, f"expected a list of cards or a count, got {brief(cards)}")
    for j, c in enumerate(cards):
        if isinstance(c, dict):
            if set(c) != {"written"} or not isinstance(c["written"], str):
                fail(f"{field}.{j}", "expected {\"written\": \"<card text>\"}")
            written.append((i, j, c["written"]))
            area.append(None)
            continue
        nm = str(c) if _int(c) else c
        take(nm, f"{field}.{j}")
        area.append(nm)
    return None


def _deal(areas, counts, used, cfg, name, seed, filled) -> None:
    """Play areas given as a count: printed cards placed nowhere else, shuffled from `seed`."""
    if not counts:
        return
    r = rng.seed_state(seed ^ 0x5EED)
    r, pool = rng.shuffled(r, [n for n in cfg.NAME[:cfg.nprinted] if n not in used])
    for i, k in sorted(counts.items()):
        areas[i] += pool[:k]
        pool = pool[k:]
        dealt = ", ".join(areas[i][len(areas[i]) - k:]) or "none"
        filled.append(f"{name[i]}'s play area: {k} printed cards dealt from the deck ({dealt})")


def _blank_texts(areas, blanks, used, cfg, name, filled) -> None:
    """A blank card in a play area without text gets the first menu line; text only on such cards."""
    for i in range(6):
        for nm in areas[i]:
            if cfg.by_name[nm] >= cfg.nprinted and nm not in blanks:
                blanks[nm] = cfg.menu[0]
                filled.append(f"the text of blank card {nm} ({name[i]}): not given, so the first written-card "
                              f"menu line, {cfg.menu[0]!r}")
    for nm in blanks:
        if not isinstance(nm, str) or cfg.by_name.get(nm, -1) < cfg.nprinted:
            fail(f"blanks.{clip(nm, 20)}", f"expected a blank card name b1..b{cfg.nblank}")
        if nm not in used:
            fail(f"blanks.{clip(nm, 20)}", "a blank card carries text only while in a play area")
