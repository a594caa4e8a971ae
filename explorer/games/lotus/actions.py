"""Lotus actions: tiny interned values with a canonical short text (see notebook 1).

    5ss      play two single-symbol 5-petal cards onto the 5-petal flower (s single, d double, w wild)
    x5s3w    exchange a single-symbol 5 and a wild 3 (to the bottom of your deck; draw as many)
    g-5      move an insect guardian from your supply to the 5-petal flower; g3-5 from the 3 to the 5
    e-5      the same with your elder guardian
    f5r1     fortune teller: pluck a red single-symbol petal from the 5-petal flower (f5w: a wildflower)
    d        draw a card from your deck;  w5  draw the 5-petal wildflower from the display
    +t       take a scoring token as a reward;  +elder +path +fortune +growth  take a power
    pass     only when no action is possible
"""
from __future__ import annotations

import re

from ...core.action import Action, register_actions
from ...core.errors import IllegalAction, NotationError, clip
from .config import POWERS, SYM_LETTER

PLAY, EXCH, MOVE, PLUCK, DRAW, WILD, TOKEN, POWER, PASS = range(9)
LETTER_SYM = {"w": 0, "s": 1, "d": 2}
INSECT, ELDER_PIECE = 0, 1


_INTERN: dict[str, Action] = {}


_PARSING = False  # while parsing user text, unknown texts are not interned (no unbounded growth)


def _make(kind, a, b, c, text) -> Action:
    act = _INTERN.get(text)
    if act is None:
        act = Action.make("lotus", kind, a, b, c, text)
        if not _PARSING:
            _INTERN[text] = act
    return act


def card_token(kind: int) -> str:
    return f"{kind // 3 + 3}{SYM_LETTER[kind % 3]}"


def play(t: int, ns: int, nd: int, nw: int) -> Action:
    """Play ns single, nd double and nw wild cards of type t (a=t, b=(nw, ns, nd))."""
    text = f"{t + 3}" + "s" * ns + "d" * nd + "w" * nw
    return _make(PLAY, t, (nw, ns, nd), None, text)


def exchange(kinds) -> Action:
    kinds = tuple(sorted(kinds, key=lambda k: (k // 3, (k % 3 + 2) % 3)))  # by type, then s, d, w
    return _make(EXCH, kinds, None, None, "x" + "".join(card_token(k) for k in kinds))


# EXCHANGES[(k,)] and EXCHANGES[(a, b)] with a <= b: every exchange of one or two card kinds, built once
EXCHANGES = {kinds: exchange(kinds) for kinds in
             [(k,) for k in range(15)] + [(a, b) for a in range(15) for b in range(a, 15)]}


def move(piece: int, src: int, dst: int) -> Action:
    text = ("g" if piece == INSECT else "e") + ("" if src < 0 else str(src + 3)) + f"-{dst + 3}"
    return _make(MOVE, piece, src, dst, text)


# MOVES[piece][src + 1][dst]: every guardian move, built once
MOVES = tuple(tuple(tuple(move(p, src, dst) for dst in range(5)) for src in range(-1, 5)) for p in (0, 1))


def pluck(t: int, letter: str, sym: int) -> Action:
    """Pluck a petal of type t: letter '' and sym 0 for a wildflower, else the owner's colour letter."""
    text = f"f{t + 3}" + (f"{letter}{sym}" if letter else "w")
    return _make(PLUCK, t, letter, sym, text)


DRAW_DECK = _make(DRAW, None, None, None, "d")
TAKE_TOKEN = _make(TOKEN, None, None, None, "+t")
PASS_ACTION = _make(PASS, None, None, None, "pass")
TAKE_POWER = {p: _make(POWER, p, None, None, "+" + p) for p in POWERS}


def draw_wild(t: int) -> Action:
    return _make(WILD, t, None, None, f"w{t + 3}")


DRAW_WILD = tuple(draw_wild(t) for t in range(5))


_CARDS = re.compile(r"([3-7])([sdw])")
_RE = {
    "play": re.compile(r"([3-7])([sdw]+)"),
    "exch": re.compile(r"x((?:[3-7][sdw]){1,})"),
    "move": re.compile(r"([ge])([3-7]?)-([3-7])"),
    "pluck": re.compile(r"f([3-7])(w|([a-z])([12]))"),
    "wild": re.compile(r"w([3-7])"),
}

EXPECTED = (
    "expected one of: a play like '5ss' (type 3-7, then s/d/w per card), an exchange like 'x5s3w', "
    "a guardian move like 'g-5', 'g3-5', 'e-5', a pluck like 'f5r1' or 'f5w', a draw 'd' or 'w5', "
    "a reward '+t', '+elder', '+path', '+fortune', '+growth', or 'pass'"
)


def action(text: str, letter_seat: dict | None = None) -> Action:
    """Parse notation into an Action (not checked for legality). Raises NotationError.
    Texts the engine has never generated come back as fresh, un-interned objects."""
    global _PARSING
    _PARSING = True
    try:
        return _parse(text, letter_seat)
    finally:
        _PARSING = False


# what each kind calls its arguments a, b, c (Action.fields)
register_actions("lotus", action, {
    PLAY: ("flower", "cards"),               # flower type 0..4; cards (wild, single, double)
    EXCH: ("kinds",),                        # card kinds, type * 3 + symbol
    MOVE: ("piece", "source", "target"),     # INSECT or ELDER_PIECE; flower types (source -1: the supply)
    PLUCK: ("flower", "letter", "symbols"),  # letter '' for a wildflower
    WILD: ("flower",), POWER: ("power",),
})


def _parse(text: str, letter_seat: dict | None) -> Action:
    if not isinstance(text, str):
        raise NotationError(f"an action must be text, got {type(text).__name__}; {EXPECTED}")
    t = text.strip().lower()
    if t in _INTERN:
        return _INTERN[t]
    if t == "d":
        return DRAW_DECK
    if t == "pass":
        return PASS_ACTION
    if t == "+t" or t == "+token":
        return TAKE_TOKEN
    if t.startswith("+"):
        if t[1:] in TAKE_POWER:
            return TAKE_POWER[t[1:]]
        raise NotationError(f"unknown reward {clip(text, 40)!r}: expected +t or one of " +
                            ", ".join("+" + p for p in POWERS))
    if m := _RE["play"].fullmatch(t):
        counts = {c: m.group(2).count(c) for c in "sdw"}
        return play(int(m.group(1)) - 3, counts["s"], counts["d"], counts["w"])
    if m := _RE["exch"].fullmatch(t):
        return exchange([(int(p) - 3) * 3 + LETTER_SYM[k] for p, k in _CARDS.findall(m.group(1))])
    if m := _RE["move"].fullmatch(t):
        src = int(m.group(2)) - 3 if m.group(2) else -1
        return move(INSECT if m.group(1) == "g" else ELDER_PIECE, src, int(m.group(3)) - 3)
    if m := _RE["pluck"].fullmatch(t):
        ftype = int(m.group(1)) - 3
        if m.group(2) == "w":
            return pluck(ftype, "", 0)
        letter = m.group(3)
        if letter_seat is not None and letter not in letter_seat:
            raise NotationError(f"unknown colour letter {letter!r} in {clip(text, 40)!r}: expected one of "
                                + ", ".join(sorted(letter_seat)))
        return pluck(ftype, letter, int(m.group(4)))
    if m := _RE["wild"].fullmatch(t):
        return draw_wild(int(m.group(1)) - 3)
    if re.fullmatch(r"(?:[3-7][sdw]+){2,}", t):  # cards written one by one, e.g. '3s3w'
        types = set(re.findall(r"[3-7]", t))
        if len(types) > 1:
            raise IllegalAction("lotus.play.same-type",
                                f"{clip(text, 40)!r} mixes flower types: the cards of one play must all be of one type")
        return _parse(types.pop() + re.sub(r"[3-7]", "", t), letter_seat)
    raise NotationError(f"cannot read {clip(text, 40)!r}: {_hint(t)}; {EXPECTED}")


def _hint(t: str) -> str:
    """What is wrong with unreadable notation `t`, as specifically as can be said."""
    for n in re.findall(r"\d+", t[:40]):
        if n not in ("3", "4", "5", "6", "7", "1", "2") or (n in ("1", "2") and not t.startswith("f")):
            return (f"there is no {clip(n, 12)}-petal flower: the flowers have 3, 4, 5, 6 or 7 petals "
                    "(write the petal count, then s, d or w for each card, e.g. '5ss')")
    if t[:1] in "34567x" and (m := re.search(r"[3-7]([a-z])", t[:40])) and m.group(1) not in "sdw":
        return (f"'{m.group(1)}' is not a card symbol: each card is s (single-symbol), d (double-symbol) "
                "or w (wildflower), e.g. '5sd' plays a single and a double 5")
    return "not a Lotus action"
