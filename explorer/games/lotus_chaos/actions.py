"""Actions: small interned values with a canonical text (the notation is in the package docstring)."""
from __future__ import annotations

import re

from ...core.action import Action, register_actions
from ...core.errors import NotationError
from .language import MAX_TEXT

PLACE, KEEP, WRITE, DISCARD, PLAY, MOVE, END, WITH, TAKE, GIVE, ACCUSE, PASS, AGREE, OBJECT = range(14)
KIND_WORD = ("place", "keep", "write", "discard", "play", "move", "end", "with", "take", "give", "accuse", "pass",
             "agree", "object")
DIRECTIONS = ("N", "NE", "SE", "S", "SW", "NW")
OBJECTIVE_WORDS = {"north": "north", "centre": "centre", "center": "centre", "south": "south",
                   "purple": "purple", "green": "green", "blue": "blue"}


_INTERN: dict[str, Action] = {}


_BY_ARGS: dict = {}


def make(kind, a=None, b=None) -> Action:
    key = (kind, a, b)
    act = _BY_ARGS.get(key)
    if act is not None:
        return act
    w = KIND_WORD[kind]
    if kind in (END, PASS, AGREE, OBJECT):
        text = w
    elif kind == KEEP:
        text = f"keep {a} >{b}"
    elif kind == WRITE:
        text = f'write "{a}"'
    elif kind == ACCUSE:
        text = f"accuse {a} {b}"
    else:
        text = f"{w} {a}"
    act = _INTERN.get(text)
    if act is None:
        act = Action.make("lotus_chaos", kind, a, b, None, text)
        if kind != WRITE or len(_INTERN) < 100_000:
            _INTERN[text] = act
            _BY_ARGS[key] = act
    return act


_RE = re.compile(
    r"(place|move) (n|ne|se|s|sw|nw)|keep (\d{1,2}) >([1-9])|(discard|play|take|give) (b?\d{1,2})"
    r"|with ([1-9])|accuse ([1-9]) ([a-z]+)|end|pass|agree|object")

EXPECTED = ("expected one of: 'place NE', 'keep 12 >3', 'write \"<card text>\"', 'discard 12' or 'discard b2', "
            "'play 12', 'move NE', 'end', 'with 4', 'take 12', 'give b1', 'accuse 3 north', 'pass', 'agree', 'object'")


def action(text) -> Action:
    """Parse notation (not checked for legality). NotationError if malformed."""
    if isinstance(text, Action) and text.game == "lotus_chaos":
        return text
    if not isinstance(text, str):
        raise NotationError(f"an action must be text, got {type(text).__name__}; {EXPECTED}")
    if len(text) > MAX_TEXT + 20:
        raise NotationError(f"action text too long ({len(text)} characters); {EXPECTED}")
    t = text.strip()
    if t in _INTERN:
        return _INTERN[t]
    low = " ".join(t.split()).lower()
    if low.startswith("write"):
        body = t[5:].strip()
        if len(body) < 2 or body[0] != '"' or body[-1] != '"' or '"' in body[1:-1]:
            raise NotationError('write the card text in double quotes: write "odd tokens move 1 N"')
        from .language import parse, render
        return make(WRITE, render(parse(body[1:-1])))
    m = _RE.fullmatch(low)
    if not m:
        raise NotationError(f"cannot read {text[:80]!r}; {EXPECTED}")
    if m.group(1):
        return make(PLACE if m.group(1) == "place" else MOVE, m.group(2).upper())
    if m.group(3):
        return make(KEEP, str(int(m.group(3))), int(m.group(4)))
    if m.group(5):
        kind = {"discard": DISCARD, "play": PLAY, "take": TAKE, "give": GIVE}[m.group(5)]
        card = m.group(6)
        card = "b" + str(int(card[1:])) if card.startswith("b") else str(int(card))
        return make(kind, card)
    if m.group(7):
        return make(WITH, int(m.group(7)))
    if m.group(8):
        obj = OBJECTIVE_WORDS.get(m.group(9))
        if obj is None:
            raise NotationError(f"unknown objective {m.group(9)!r}: expected north, centre, south, purple, "
                                "green or blue")
        return make(ACCUSE, int(m.group(8)), obj)
    return make({"end": END, "pass": PASS, "agree": AGREE, "object": OBJECT}[low])


# what each kind calls its arguments a, b (Action.fields)
register_actions("lotus_chaos", action, {
    PLACE: ("direction",), MOVE: ("direction",), KEEP: ("card", "number"), WRITE: ("card_text",),
    DISCARD: ("card",), PLAY: ("card",), TAKE: ("card",), GIVE: ("card",), WITH: ("number",),
    ACCUSE: ("number", "objective"),
})
