"""Rice Paddy actions: interned explorer.Action values, each its notation text (notation.py) with named
fields. The kind is the text's first word ('w' and 'l' for a worker or a livestock allocated).

>>> from explorer.games.rice_paddy.actions import action
>>> action("flow R d").fields(), action("use 13 c").fields()
({'source': 'R', 'target': 'd'}, {'card': 13, 'hex': 'c'})
"""
from __future__ import annotations

from ...core.action import Action, Table, register_actions
from .diagnose import why_illegal
from .notation import GRAMMAR

NAMES = {
    "start": ("edge",), "keep": ("card",), "play": ("card",), "skip": ("card",), "use": ("card", "hex"),
    "invoke": ("card", "hex"), "w": ("box", "hex"), "l": ("box", "hex"), "wall": ("edge",), "gate": ("edge",),
    "move": ("gate", "wall"), "rock": ("hex",), "drain": ("hex",), "flow": ("source", "target"),
    "flood": ("hex",), "hold": ("hex",), "ach": ("achievement",), "buy": ("item",),
}
_NUMBERS = ("keep", "play", "skip", "use", "invoke", "ach")  # kinds whose first argument is a number

_INTERN: dict[str, Action] = {}


def _make(t: str) -> Action:
    """The value of text `t` (already known to be notation)."""
    word, *rest = t.split()
    a = rest[0] if rest else None
    if a is not None and word in _NUMBERS:
        a = int(a)
    b = rest[1] if len(rest) > 1 else None
    return Action.make("rice_paddy", word, a, b, None, t)


def intern(text: str) -> Action:
    """The one value of a text the engine generates."""
    act = _INTERN.get(text)
    if act is None:
        act = _INTERN[text] = _make(text)
    return act


def _words(key) -> str:
    return " ".join(map(str, key)) if key.__class__ is tuple else str(key)


def _table(word: str) -> Table:
    """WORD[x] is the action 'word x', WORD[x, y] the action 'word x y'."""
    return Table(intern, lambda key: f"{word} {_words(key)}")


# what the engine generates, by argument: KEEP[7] is 'keep 7', FLOW["R", "d"] is 'flow R d'
DONE, PASS = intern("done"), intern("pass")
W_BUILD, L_BUILD, L_ROCK = intern("w build"), intern("l build"), intern("l rock")
BUY = {what: intern("buy " + what) for what in ("worker", "livestock")}
(START, KEEP, PLAY, SKIP, USE, INVOKE, ROCK, DRAIN, FLOW, FLOOD, HOLD, ACH, GATE_MOVE) = map(
    _table, ("start", "keep", "play", "skip", "use", "invoke", "rock", "drain", "flow", "flood", "hold", "ach",
             "move"))


def action(text) -> Action:
    """Notation -> its Action, not checked for legality (NotationError if it is not Rice Paddy notation);
    spaces are normalised. A text the engine never generated comes back as a fresh value (equal by text)."""
    if isinstance(text, Action) and text.game == "rice_paddy":
        return text
    t = " ".join(text.split()) if isinstance(text, str) else text
    got = _INTERN.get(t) if isinstance(t, str) else None
    if got is not None:
        return got
    if not isinstance(t, str) or not GRAMMAR.fullmatch(t):
        raise why_illegal(None, t)  # the NotationError saying what notation looks like
    return _make(t)


register_actions("rice_paddy", action, NAMES)
