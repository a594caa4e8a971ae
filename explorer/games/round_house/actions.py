"""Round House actions: interned explorer.Action values, each its notation token (notation.py) with named
fields. The kind is the token's head word ('move' for `1>o5`, 'bm' for `bm+t`).

>>> from explorer.games.round_house.actions import action
>>> action("sell:o8.1:t").fields()
{'room': 'o8', 'space': 1, 'good': 't'}
"""
from __future__ import annotations

from ...core.action import Action, Table, register_actions
from ...core.errors import NotationError
from .notation import NOTATION, notation_error

NAMES = {
    "move": ("leader", "room"), "bm": ("deal", "good"), "use": ("specialist", "side"), "temple": ("temple",),
    "fam": ("town",), "line": ("cell",), "do": ("choice",), "good": ("good",), "car": ("moves",),
    "inv": ("room",), "perm": ("room",), "pir": ("pirate",), "spec": ("specialist",), "amu": ("amulet",),
    "ex": ("choice",), "take": ("room", "good"), "copy": ("room", "choice"), "sell": ("room", "space", "good"),
    "ord": ("pick",), "disc": ("specialist",), "order": ("order",), "dup": ("good",),
}
_NUMBERS = ("temple", "fam", "car")  # kinds whose one argument is a number

_INTERN: dict[str, Action] = {}


def _make(t: str) -> Action:
    """The value of token `t` (already known to be notation)."""
    if ">" in t:
        li, dest = t.split(">")
        return Action.make("round_house", "move", int(li), dest, None, t)
    if t.startswith("bm"):
        return Action.make("round_house", "bm", "buy" if t[2] == "+" else "sell", t[3], None, t)
    head, _, arg = t.partition(":")
    a = b = c = None
    if head == "use":
        a, _, side = arg.partition(".")
        b = int(side) if side else None
    elif head in ("take", "copy"):
        a, _, b = arg.partition(":")
        b = b or None
    elif head == "sell":
        place, _, good = arg.partition(":")
        a, space = place.split(".")
        b, c = int(space), good or None
    elif arg:
        a = int(arg) if head in _NUMBERS else arg
    return Action.make("round_house", head, a, b, c, t)


def intern(text: str) -> Action:
    """The one value of a token the engine generates."""
    act = _INTERN.get(text)
    if act is None:
        act = _INTERN[text] = _make(text)
    return act


def _table(head: str) -> Table:
    return Table(intern, (head + ":{}").format)


# what the engine generates, by argument: TEMPLE[2] is temple:2, LEADER_MOVE[1, "o5"] is 1>o5, DO[""] is do
SKIP, DONE, END = intern("skip"), intern("done"), intern("end")
EXCHANGES = [intern("ex:" + x) for x in ("rec", "car", "inv", "gold")]
LEADER_MOVE = Table(intern, lambda k: f"{k[0]}>{k[1]}")
DO = Table(intern, lambda x: f"do:{x}" if x else "do")
BM = Table(intern, "bm{}".format)  # BM["+t"]
(TEMPLE, FAM, LINE, ORDER, DISC, ORD, USE, GOOD, CAR, INV, PERM, PIR, SPECIALIST, AMU, DUP, TAKE, COPY, SELL) = map(
    _table, ("temple", "fam", "line", "order", "disc", "ord", "use", "good", "car", "inv", "perm", "pir", "spec",
             "amu", "dup", "take", "copy", "sell"))
INVEST = {"inv": INV, "perm": PERM}


def action(text) -> Action:
    """Notation -> its Action, not checked for legality (NotationError if it is not a token). A token the
    engine never generated comes back as a fresh value (equal to it by text), so parsing cannot grow the table."""
    if isinstance(text, Action) and text.game == "round_house":
        return text
    if not isinstance(text, str):
        raise NotationError(f"an action is text, got {type(text).__name__}")
    t = str(text).strip()
    got = _INTERN.get(t)
    if got is not None:
        return got
    if not NOTATION.match(t):
        raise notation_error(t)
    return _make(t)


register_actions("round_house", action, NAMES)
