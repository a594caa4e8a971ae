"""Registered games, their options, and loading states by name or from JSON."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .errors import PositionError


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
                raise ValueError(f"option {name!r} expects True or False, got {value!r}")
        elif value not in self.choices:
            raise ValueError(f"option {name!r} expects one of {list(self.choices)}, got {value!r}")


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

    if pos.game != spec.name:
        fail("game", f"expected {spec.name!r}, got {pos.game!r}")
    if pos.version != version:
        fail("version", f"expected {version}, got {pos.version}")
    if pos.players not in spec.players:
        fail("players", f"expected one of {list(spec.players)}, got {pos.players}")
    opts = {k: o.default for k, o in spec.options.items()}
    for k, v in pos.options.items():
        if k not in spec.options:
            fail(f"options.{k}", f"unknown option; valid options are {', '.join(sorted(spec.options))}")
        try:
            opts[k] = spec.options[k].value(k, v)
        except ValueError as exc:
            fail(f"options.{k}", str(exc))
    return opts


_GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    _GAMES[spec.name] = spec
    return spec


def _ensure_loaded():
    if not _GAMES:
        import importlib
        importlib.import_module("explorer.games")  # registers every game


def spec(name: str) -> GameSpec:
    _ensure_loaded()
    if name not in _GAMES:
        raise ValueError(f"unknown game {name!r}; the games are: {', '.join(sorted(_GAMES))}")
    return _GAMES[name]


def games() -> list[dict]:
    """Every registered game with its player counts, options and defaults."""
    _ensure_loaded()
    return [_GAMES[k].describe() for k in sorted(_GAMES)]


def load(name: str, players: int | None = None, seed: int = 0, data=None, **options):
    """The initial state of a game. Unknown names or options raise ValueError listing valid ones."""
    s = spec(name)
    unknown = sorted(set(options) - set(s.options))
    if unknown:
        raise ValueError(
            f"unknown option(s) {unknown} for {name!r}; valid options are: {', '.join(sorted(s.options))}")
    players = s.default_players if players is None else players
    if players not in s.players:
        raise ValueError(f"{name!r} is for {', '.join(map(str, s.players))} players, not {players!r}")
    opts = {k: o.default for k, o in s.options.items()}
    for k, v in options.items():
        opts[k] = s.options[k].value(k, v)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"seed must be an integer, got {seed!r}")
    return s.new(players=players, seed=seed, data=data, **opts)


def from_json(data: dict):
    """Rebuild a state from `State.to_json()` output or a hand-written position."""
    if isinstance(data, str):
        import json
        try:
            data = json.loads(data)
        except json.JSONDecodeError as exc:
            raise PositionError(f"position is not valid JSON: {exc}") from None
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        raise PositionError("a position must be a JSON object with a 'game' field naming the game")
    try:
        s = spec(data["game"])
    except ValueError as exc:
        raise PositionError(str(exc)) from None
    return s.from_json(data)
