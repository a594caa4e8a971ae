"""Set up any position from what a picture shows; every rulebook example as a named position.

>>> import explorer
>>> s = explorer.setup("lotus", {"flowers": {"Lily": ["B6s", "R6d"]}}, players=3)
>>> s, filled = explorer.setup("lotus", {}, players=2, explain=True)   # what was filled in, in words
>>> ex = explorer.examples("round_house")["six reachable rooms"]       # a rulebook picture, named

Each game's package holds the per-game part: ``explorer/games/<game>/setup.py`` with
``complete(partial, players, seed, options) -> (State, [what was filled in])`` and
``explorer/games/<game>/examples.py`` with ``EXAMPLES``, an ordered dict of name -> ``Example``.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType

from .data import position_data
from .errors import PositionError, brief, clip
from .limits import check_values
from .playable import check_playable
from .registry import canonical_name, spec
from .state import State


@dataclass(frozen=True)
class Example:
    """A rulebook example: `build()` gives its position; `description` says what it shows and cites the
    rulebook file and section; `actions` are the moves the rulebook plays from it (in notation)."""
    description: str
    build: Callable[[], State]
    actions: tuple[str, ...] = field(default=())
    section: str = ""


def _module(game: str, part: str) -> ModuleType | None:
    return spec(game).part(part)


def setup(game: str, partial: dict | None = None, *, players: int | None = None, seed: int = 0,
          explain: bool = False, **options):
    """A position of `game` from `partial`, a dict in the game's position format (docs/positions/<game>.md)
    giving only what the picture shows; the rest is completed consistently and deterministically from
    `seed`. Returns the State, or with ``explain=True`` ``(state, filled)`` where `filled` lists in words
    what was filled in. A contradiction raises PositionError naming the field and what was expected, and so
    does a position that cannot be played on (explorer.core.playable)."""
    g = spec(game)
    if partial is None:
        partial = {}
    if not isinstance(partial, dict):
        raise PositionError(f"setup: expected a dict in the {g.name} position format, got {brief(partial)}")
    check_values(partial, "setup")
    try:  # a component file as the loaders take it: packaged, or one the user named (load(game, data=path))
        position_data(partial.get("data"), "data")
    except PositionError as exc:
        raise PositionError(f"setup: {exc}") from None
    mod = _module(g.name, "setup")
    if mod is None:
        raise PositionError(f"setup: {g.name} has no set-up builder yet")
    try:
        state, filled = mod.complete(dict(partial), players, seed, dict(options))
        state.check_invariants()
        check_playable(state, f"setup: the {g.name} position")
    except PositionError:
        raise
    except RecursionError:
        raise PositionError("setup: nested too deeply") from None
    except AssertionError as exc:
        raise PositionError(f"setup: the position breaks a rule of the game: {clip(str(exc), 300)}") from None
    except (ValueError, TypeError, KeyError, IndexError) as exc:
        raise PositionError(f"setup: {clip(str(exc) or type(exc).__name__, 300)}") from None
    return (state, list(filled)) if explain else state


def example_notes(game: str) -> dict[str, Example]:
    """Every worked example and pictured situation of `game`'s rulebook: name -> Example."""
    mod = _module(spec(game).name, "examples")
    return dict(getattr(mod, "EXAMPLES", {}) or {}) if mod is not None else {}


def examples(game: str) -> dict[str, State]:
    """Every worked example of `game`'s rulebook as a named position (see `example_notes` for what each
    shows and where the rulebook says it)."""
    return {name: ex.build() for name, ex in example_notes(game).items()}


def example(game: str, name: str) -> State:
    notes = example_notes(game)
    key = name.strip() if isinstance(name, str) else name
    if key not in notes:
        raise ValueError(f"{canonical_name(game)} has no example {clip(repr(name), 60)}; "
                         f"the examples are: {', '.join(notes) or 'none yet'}")
    return notes[key].build()


__all__ = ["Example", "example", "example_notes", "examples", "setup"]
