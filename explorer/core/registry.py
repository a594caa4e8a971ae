"""Registered games, their options, and loading states by name or from JSON."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from os import PathLike
from typing import Any

from .data import position_data
from .errors import DataError, PositionError, brief, clip


@dataclass(frozen=True)
class Option:
    default: Any
    help: str
    choices: tuple | None = None  # allowed values, or None for a bool option
    normalize: Callable | None = None  # maps equivalent spellings to the canonical choice

    def value(self, name: str, value):
        """The canonical form of `value`, or ValueError saying what the option expects."""
        value = self.normalize(value) if self.normalize is not None else value
        self.check(name, value)
        return value

    def check(self, name: str, value):
        if self.choices is None:
            if not isinstance(value, bool):
                raise ValueError(f"option {clip(name, 40)!r} expects True or False, got {brief(value)}")
        elif not _hashable(value) or value not in self.choices:
            raise ValueError(f"option {clip(name, 40)!r} expects one of {list(self.choices)}, got {brief(value)}")


# Every part of a game besides its engine: name -> (what it is, in messages; required). A part is a module
# of the game's package (its name, by default the part's, can be changed in GameSpec.parts; None: the game has
# none), except "board", a file of widgets/boards/ (by default <game>.js). docs/adding-a-game.md lists them.
PARTS = {
    "position": ("position model", True),        # MODEL (pydantic) and the loader: docs/positions/<game>.md
    "setup": ("set-up from a partial position", True),  # setup(partial, ...) and DOC_EXAMPLE (explorer.setup)
    "edit": ("board editor", True),              # palette, places, apply (explorer.editor)
    "places": ("annotation places", True),       # places(view) (explorer.annotations)
    "board": ("board view", True),               # widgets/boards/<game>.js (registerBoard)
    "heuristic": ("bot hooks", False),           # rate, values, result_columns, MCTS_ROLLOUT_DEPTH (explorer.bots)
    "words": ("words for moves and cards", False),  # the game's names in compare, verdicts and errors
    "examples": ("rulebook examples", False),    # EXAMPLES (explorer.examples)
    "diagnose": ("why an action is illegal", True),  # why_illegal(state, action) (State.why_illegal)
    "evaluate": ("search evaluation", False),    # evaluate(state) per seat, search defaults (explorer.bots.search)
    "reasons": ("reasons in the game's words", False),  # notes(...) for Analyse (explorer.analysis)
}


@dataclass(frozen=True)
class GameSpec:
    name: str
    title: str
    players: tuple[int, ...]
    default_players: int
    options: dict[str, Option]
    new: Callable[..., Any]  # new(players, seed, data, **options) -> State
    from_json: Callable[[dict], Any]
    variants: Callable[[], list[dict]] = field(default=lambda: [{}])  # option sets for conformance tests
    hidden_information: bool = True  # some component is private to one seat at some point
    # from_view(view, seed) -> a full State consistent with one seat's view, hidden parts sampled
    # from `seed` (information-set search by determinisation); None if the game cannot do it yet
    from_view: Callable[[dict, int], Any] | None = None
    # where the parts live (PARTS): the package holding them, and any part whose module is not named as
    # the part (None: the game has none; a required part cannot be None)
    package: str = ""
    parts: dict[str, str | None] = field(default_factory=dict)

    def __post_init__(self):
        if not self.package:
            object.__setattr__(self, "package", f"explorer.games.{self.name}")

    def part_name(self, part: str) -> str | None:
        """The module (the file of widgets/boards/ for "board") that holds `part`, or None."""
        if part not in PARTS:
            raise ValueError(f"unknown game part {clip(part, 40)!r}; the parts are: {', '.join(PARTS)}")
        default = f"{self.name}.js" if part == "board" else part
        return self.parts.get(part, default)

    def part(self, part: str, *, need: bool = False):
        """The module of `part` (PARTS), imported on first use; None if the game has none, or with `need`
        ValueError("<game> has no <part> yet"). For "board", the path of its JS file."""
        name = self.part_name(part)
        if name is None:
            if need:
                raise ValueError(f"{self.name} has no {PARTS[part][0]} yet")
            return None
        if part == "board":
            from .data import widgets_root
            return widgets_root() / "boards" / name
        import importlib
        import importlib.util
        if not PARTS[part][1] and not need and importlib.util.find_spec(f"{self.package}.{name}") is None:
            return None  # an optional part this game does not have
        return importlib.import_module(f"{self.package}.{name}")

    def missing_parts(self) -> list[str]:
        """The required parts this game does not have, checked without importing them."""
        import importlib.util
        out = []
        for part, (what, required) in PARTS.items():
            name = self.part_name(part)
            if part == "board":  # (a copy of the engines without the front end has no boards to check)
                from .data import widgets_root
                boards = widgets_root() / "boards"
                there = name is not None and ((boards / name).is_file() or not boards.is_dir())
            else:
                there = name is not None and importlib.util.find_spec(f"{self.package}.{name}") is not None
            if required and not there:
                out.append(f"{part} ({what}: {self._where(part, name)})")
        return out

    def _where(self, part: str, name: str | None) -> str:
        if part == "board":
            return f"widgets/boards/{name or self.name + '.js'}"
        return f"{self.package.replace('.', '/')}/{name or part}.py"

    def describe(self) -> dict:
        return {
            "name": self.name,
            "title": self.title,
            "players": list(self.players),
            "default_players": self.default_players,
            "options": {
                k: {"default": o.default, "help": o.help,
                    "choices": list(o.choices) if o.choices is not None else [False, True]}
                for k, o in self.options.items()
            },
        }


def position_options(spec: GameSpec, pos, version: int) -> dict:
    """A saved position's game, version, players and options checked against `spec` (PositionError naming
    the field if one is wrong); returns every option, defaults filled in, in canonical form."""
    def fail(field, msg):
        raise PositionError(f"{spec.name} position, field {field}: {msg}")

    if canonical_name(pos.game) != spec.name:
        fail("game", f"expected {spec.name!r}, got {brief(pos.game)}")
    if pos.version != version:
        fail("version", f"expected {version}, got {brief(pos.version)}")
    if pos.players not in spec.players:
        fail("players", f"expected one of {list(spec.players)}, got {brief(pos.players)}")
    if not _seed_ok(getattr(pos, "seed", 0)):
        fail("seed", f"expected an integer of at most 64 bits, got {brief(pos.seed)}")
    try:
        position_data(getattr(pos, "data", None), "data")
    except PositionError as exc:
        fail("data", str(exc).removeprefix("data: "))
    opts = {k: o.default for k, o in spec.options.items()}
    for k, v in pos.options.items():
        if k not in spec.options:
            fail(f"options.{clip(k, 40)}", f"unknown option; valid options are {', '.join(sorted(spec.options))}")
        try:
            opts[k] = spec.options[k].value(k, v)
        except ValueError as exc:
            fail(f"options.{k}", str(exc))
    return opts


_GAMES: dict[str, GameSpec] = {}


def _seed_ok(seed) -> bool:
    """Seeds are integers in -2**63 .. 2**64-1 (what a saved position can carry as JSON everywhere)."""
    return isinstance(seed, int) and not isinstance(seed, bool) and -(2 ** 63) <= seed < 2 ** 64


def _hashable(value) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def canonical_name(name) -> str | None:
    """A game name as registered: case and surrounding spaces do not matter ("Lotus", " lotus_chaos")."""
    return name.strip().lower().replace("-", "_").replace(" ", "_") if isinstance(name, str) else None


def register(spec: GameSpec) -> GameSpec:
    """Add a game; every required part (PARTS, docs/adding-a-game.md) must be there."""
    unknown = sorted(set(spec.parts) - set(PARTS))
    if unknown:
        raise ValueError(f"{spec.name}: unknown part(s) {unknown}; the parts are: {', '.join(PARTS)}")
    missing = spec.missing_parts()
    if missing:
        raise ValueError(f"{spec.name} cannot be registered: it lacks " + "; ".join(missing)
                         + " (docs/adding-a-game.md lists every part)")
    _GAMES[spec.name] = spec
    return spec


def _ensure_loaded():
    if not _GAMES:
        import importlib
        importlib.import_module("explorer.games")  # registers every game


def spec(name: str) -> GameSpec:
    """A game by name (any case). Unknown names raise ValueError listing the games."""
    _ensure_loaded()
    key = canonical_name(name)
    if key not in _GAMES:
        raise ValueError(f"unknown game {brief(name, 40)}; the games are: {', '.join(sorted(_GAMES))}")
    return _GAMES[key]


def games() -> list[dict]:
    """Every registered game with its player counts, options and defaults."""
    _ensure_loaded()
    return [_GAMES[k].describe() for k in sorted(_GAMES)]


def load(name: str, players: int | None = None, seed: int = 0, data=None, **options):
    """The initial state of a game. Unknown names or options raise ValueError listing valid ones;
    `data` names a component file replacing the packaged one (DataError if it does not validate);
    positions loaded later in this session may name it."""
    s = spec(name)
    unknown = sorted(clip(k, 40) for k in set(options) - set(s.options))
    if unknown:
        raise ValueError(
            f"unknown option(s) {unknown} for {s.name!r}; valid options are: {', '.join(sorted(s.options))}")
    players = s.default_players if players is None else players
    if not _hashable(players) or players not in s.players:
        raise ValueError(f"{s.name!r} is for {', '.join(map(str, s.players))} players, not {brief(players)}")
    opts = {k: o.default for k, o in s.options.items()}
    for k, v in options.items():
        opts[k] = s.options[k].value(k, v)
    if not _seed_ok(seed):
        raise ValueError(f"seed must be an integer of at most 64 bits, got {brief(seed)}")
    if data is not None and not isinstance(data, (str, PathLike)):
        raise DataError(f"data: expected the path of a component file, got {type(data).__name__}")
    return s.new(players=players, seed=seed, data=data, **opts)


def parse_json_text(text, what: str = "position"):
    """JSON text -> a Python value, every failure a PositionError (bad syntax, nesting too deep,
    numbers too long to convert, bytes that are not UTF-8, more than MAX_FILE_BYTES of it)."""
    import gc
    import json

    from .limits import check_text_size
    check_text_size(text, what)
    collecting = gc.isenabled()
    gc.disable()  # parsing makes no cycles; collections while it builds a million lists only cost time
    try:
        return json.loads(text)
    except RecursionError:
        raise PositionError(f"{what}: JSON nested too deeply") from None
    except (ValueError, TypeError) as exc:  # JSONDecodeError, integers over 4,300 digits, bad UTF-8
        raise PositionError(f"{what} is not valid JSON: {clip(exc, 120)}") from None
    finally:
        if collecting:
            gc.enable()


def from_json(data, components=None):
    """Rebuild a state from `State.to_json()` output (a dict or JSON text) or a hand-written position.
    Bad input raises PositionError naming the field, and so does a position that cannot be played on (over,
    or every legal move applies and keeps the invariants: explorer.core.playable). `components`: a component
    file (or a list) the position may name besides the packaged ones (files given to `load(data=...)` are
    allowed too)."""
    from .data import allow_all
    allow_all(components)
    if isinstance(data, (str, bytes, bytearray)):
        data = parse_json_text(data)
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        raise PositionError("a position must be a JSON object with a 'game' field naming the game")
    from .limits import check_values
    check_values(data, f"{clip(data['game'], 40)} position")  # here, not in every load: search loads a lot
    try:
        s = spec(data["game"])
    except ValueError as exc:
        raise PositionError(str(exc)) from None  # "unknown game ...; the games are: ..."
    state = s.from_json(data)
    from .playable import check_playable
    check_playable(state)
    return state
