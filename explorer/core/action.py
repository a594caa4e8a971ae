"""The action value of the games whose moves carry arguments (Lotus, Lotus Chaos); Round House and Rice Paddy
actions are their notation text, a plain str.

An Action has a `kind` (the game's number for it), up to three arguments `a`, `b`, `c`, which the game names
per kind (`act.flower`, `act.piece`, ...; `act.fields()` lists them), and its canonical `text`. The engines
intern them: one object per text, so identity is equality and `in` on a legal list runs at C speed (no
`__eq__` in Python on the hot path). Parsing returns the interned value; only a text no engine ever generated
(an illegal move, or a Lotus Chaos card text past the first 100,000) comes back as a fresh value, which the
engines then match by `text`. `repr` is the call that gives the action back:

>>> import explorer
>>> a = explorer.load("lotus", players=2, seed=1).legal_actions()[0]
>>> a == explorer.Action("lotus", a.text), repr(a).startswith("Action('lotus', ")
(True, True)
"""
from __future__ import annotations

_PARSERS: dict = {}   # game -> parse(text) -> Action (registered by the game's actions module)
_NAMES: dict = {}     # game -> {kind: (name of a, name of b, name of c)}


def register_actions(game: str, parse, names: dict) -> None:
    """How `game` reads its notation into actions, and what it calls each kind's arguments."""
    _PARSERS[game] = parse
    _NAMES[game] = names


class Action:
    """One move: `Action(game, text)` reads `text` in the game's notation (NotationError if it cannot)."""

    __slots__ = ("game", "kind", "a", "b", "c", "text")

    def __new__(cls, game: str, text: str):
        from .registry import canonical_name
        parse = _PARSERS.get(canonical_name(game))
        if parse is None:
            from .registry import spec
            spec(game)  # an unknown game: ValueError listing the games
            raise ValueError(f"{game} actions are their notation text (a str), not Action values")
        return parse(text)

    @classmethod
    def make(cls, game, kind, a, b, c, text) -> Action:
        """A new action value (the games' constructors intern what they make)."""
        self = object.__new__(cls)
        self.game, self.kind, self.a, self.b, self.c, self.text = game, kind, a, b, c, text
        return self

    def __str__(self):
        return self.text

    def __repr__(self):
        return f"Action({self.game!r}, {self.text!r})"

    def __reduce__(self):  # copy, deepcopy and pickle give back the interned value
        return (Action, (self.game, self.text))

    def fields(self) -> dict:
        """The arguments by the names the game gives them for this kind."""
        names = _NAMES.get(self.game, {}).get(self.kind, ())
        return {n: v for n, v in zip(names, (self.a, self.b, self.c)) if n}

    def __getattr__(self, name):  # only for names that are not slots: the game's names for a, b, c
        names = _NAMES.get(object.__getattribute__(self, "game"), {}).get(object.__getattribute__(self, "kind"), ())
        if name in names:
            return (self.a, self.b, self.c)[names.index(name)]
        raise AttributeError(f"{self.text!r} has no {name!r} (it has {', '.join(n for n in names if n) or 'none'})")
