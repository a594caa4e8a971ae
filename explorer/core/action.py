"""The one action value of every game, `explorer.Action`: a str (its notation) with named fields.

An Action is its canonical notation text (`str(act)`, `act == "4s"`, `act.startswith(...)` all work as on the
text, so saved files and code written for text are unchanged), plus a `kind` (the game's code for it: a
number in Lotus and Lotus Chaos, the notation's first word in Round House and Rice Paddy) and up to three
arguments `a`, `b`, `c`, which the game names per kind (`act.flower`, `act.room`, ...; `act.fields()` lists
them). The engines intern them: one object per text, so `in` on a legal list finds it by identity. Parsing
returns the interned value; a text no engine ever generated (an illegal move, or a Lotus Chaos card text past
the first 100,000) comes back as a fresh value, equal to the interned one by its text. `repr` is the call that
gives the action back:

>>> import explorer
>>> a = explorer.load("lotus", players=2, seed=1).legal_actions()[0]
>>> a == explorer.Action("lotus", str(a)), repr(a).startswith("Action('lotus', ")
(True, True)
>>> move = explorer.Action("round_house", "1>o5")
>>> move, move.fields(), move == "1>o5"
(Action('round_house', '1>o5'), {'leader': 1, 'room': 'o5'}, True)
"""
from __future__ import annotations

_PARSERS: dict = {}   # game -> parse(text) -> Action (registered by the game's actions module)
_NAMES: dict = {}     # game -> {kind: (name of a, name of b, name of c)}
_FIELDS: set = set()  # the names that are properties of Action


def register_actions(game: str, parse, names: dict) -> None:
    """How `game` reads its notation into actions, and what it calls each kind's arguments (names that a
    str already has, such as `index` or `count`, would be hidden by the str's own and are refused)."""
    clash = {n for ns in names.values() for n in ns if n and hasattr(Action, n) and n not in _FIELDS}
    if clash:
        raise ValueError(f"{game} action field names {sorted(clash)} are taken by str or Action")
    _PARSERS[game] = parse
    _NAMES[game] = names
    for n in {n for ns in names.values() for n in ns if n} - _FIELDS:
        _FIELDS.add(n)
        setattr(Action, n, _field(n))


def _field(name: str) -> property:
    """The property `act.<name>`: the argument the action's game calls `name` for its kind. (Properties, not a
    __getattr__, keep reading act.kind, act.a... at full speed: a class with __getattr__ is never specialised.)"""
    def get(self):
        names = _NAMES.get(self.game, {}).get(self.kind, ())
        if name in names:
            return (self.a, self.b, self.c)[names.index(name)]
        raise AttributeError(f"{self.text!r} has no {name!r} (it has {', '.join(n for n in names if n) or 'none'})")
    return property(get, doc=f"the argument called {name!r}, for the kinds of action that have one")


class Table(dict):
    """Interned actions by argument: `TABLE[arg]` is the game's value of the text `make(arg)`, made on first use.
    An engine generating its legal actions looks them up here instead of formatting texts (a dict lookup
    is cheaper than the formatting), so its legal list is made of interned values at no extra cost."""

    __slots__ = ("intern", "make")

    def __init__(self, intern, make):
        super().__init__()
        self.intern, self.make = intern, make

    def __missing__(self, key):
        act = self[key] = self.intern(self.make(key))
        return act


class Action(str):
    """One move: `Action(game, text)` reads `text` in the game's notation (NotationError if it cannot)."""

    # a str subclass cannot have slots: game, kind, a, b, c and text (the plain str) live in its __dict__

    def __new__(cls, game: str, text: str):
        from .registry import canonical_name
        parse = _PARSERS.get(canonical_name(game))
        if parse is None:
            from .registry import spec
            spec(game)  # an unknown game: ValueError listing the games
            raise ValueError(f"{game} has no action notation registered")
        return parse(text)

    @classmethod
    def make(cls, game, kind, a, b, c, text) -> Action:
        """A new action value (the games' constructors intern what they make)."""
        self = str.__new__(cls, text)
        self.game, self.kind, self.a, self.b, self.c, self.text = game, kind, a, b, c, text
        return self

    def __str__(self):
        return self.text

    def __repr__(self):
        return f"Action({self.game!r}, {self.text!r})"

    def __reduce__(self):  # pickle gives back the interned value
        return (Action, (self.game, self.text))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def fields(self) -> dict:
        """The arguments by the names the game gives them for this kind."""
        names = _NAMES.get(self.game, {}).get(self.kind, ())
        return {n: v for n, v in zip(names, (self.a, self.b, self.c)) if n}
