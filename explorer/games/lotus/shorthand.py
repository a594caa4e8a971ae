"""Friendly names for what a Lotus picture shows, read by explorer.setup (docs/positions/lotus.md).

Each parser raises ValueError saying what was expected; setup turns it into a PositionError naming the field.
"""
from __future__ import annotations

import re

from ...core.errors import PositionError
from ...core.fields import Fields, norm
from .config import SYM_LETTER

_COMPACT = re.compile(r"^([A-Za-z])?([3-7])?([sdwSDW])?(\d+)?$")
_FILLER = {"petal", "petals", "card", "cards", "symbol", "symbols", "guardian", "with", "a", "of", "flower"}
_SYMBOL_WORDS = {"single": 1, "one": 1, "1": 1, "s": 1, "double": 2, "two": 2, "2": 2, "d": 2}
_WILD_WORDS = {"w", "wild", "wildflower", "wildflowers", "neutral"}
_PETAL_WORDS = {"cherry": 5, "blossom": 5}
SYM_WORD = ("wild", "single-symbol", "double-symbol")


def _norm(text: str) -> str:
    return " ".join(str(text).lower().replace("_", " ").replace("-", " ").split())


def flower_type(cfg, key) -> int:
    """A flower type 0..4 from a petal count (6 or "6") or a name ("Lily", "cherry blossom")."""
    if isinstance(key, int) and not isinstance(key, bool) and key in cfg.petals:
        return cfg.petals.index(key)
    if isinstance(key, str):
        k = _norm(key).removesuffix(" petal").removesuffix(" petals")
        if k in {str(p) for p in cfg.petals}:
            return cfg.petals.index(int(k))
        names = [_norm(n) for n in cfg.flower_names]
        if k in names:
            return names.index(k)
    raise ValueError("expected a flower by petal count (3-7) or name ("
                     + ", ".join(cfg.flower_names) + ")")


def seat(cfg, key) -> int:
    """A seat from its number (0 is the first), colour letter ("B"), colour ("blue") or name ("Blue Dragonfly"):
    the shared seat grammar (core.fields) with Lotus's letters and insect names as its own words."""
    colours = cfg.comp.colors
    words = {norm(w): i for i, c in enumerate(colours) for w in (c.letter, c.name, c.name.split()[-1])}
    try:
        return Fields("lotus").seat(key, None, [c.color for c in colours[:cfg.seats]], words)
    except PositionError:
        i = words.get(norm(key), -1) if isinstance(key, str) else -1
        i = i if i >= 0 else next((j for j, c in enumerate(colours) if isinstance(key, str)
                                   and norm(key) == norm(c.color)), -1)
        if i >= cfg.seats:
            raise ValueError(f"{colours[i].name} does not play in a {cfg.players}-player game "
                             f"(pass players={i + 1} or more)") from None
        raise ValueError(f"expected a seat: 0..{cfg.seats - 1} or a colour ("
                         + ", ".join(cfg.color_names) + ")") from None


def _colour(cfg, word: str) -> int | None:
    """-1 for a wildflower, a seat for a colour word or letter, None if the word is no colour."""
    if word in _WILD_WORDS:
        return -1
    for i, c in enumerate(cfg.comp.colors):
        if word in (c.letter.lower(), c.color.lower(), *_norm(c.name).split()):
            if i >= cfg.seats:
                raise ValueError(f"{c.name} does not play in a {cfg.players}-player game")
            return i
    return None


def card(cfg, text, owner: int | None = None, ftype: int | None = None):
    """A card as (exact id, None) or (None, (owner, type, symbols)) for the first free card of that kind.

    `owner` (a seat's hand or deck) and `ftype` (a flower) are what the place already says, so the text
    may leave them out."""
    if not isinstance(text, str) or not text.strip() or len(text) > 60:
        raise ValueError("expected a card like B6s2 (exact), B6s / W6 (any free one) or 'blue 6 single'")
    t = text.strip()
    if t in cfg.by_name:
        return t, None
    m = _COMPACT.match(t)
    if m:
        letter, petals, sym, number = m.groups()
        col = _colour(cfg, letter.lower()) if letter else None
        if letter and col is None:
            raise ValueError(f"unknown colour letter {letter!r}; expected "
                             + "/".join(cfg.letters) + " or W for a wildflower")
        words = [] if petals is None else [petals]
        words += [] if sym is None else [sym.lower()]
        kind = _kind(cfg, col, words, owner, ftype)
        if number is not None:
            name = f"{cfg.letters[kind[0]] if kind[0] >= 0 else 'W'}{cfg.petals[kind[1]]}{SYM_LETTER[kind[2]]}{number}"
            if name not in cfg.by_name:
                raise ValueError(f"there is no card {name}")
            return name, None
        return None, kind
    words = _norm(t).split()
    col = None
    rest = []
    for w in words:
        c = _colour(cfg, w) if w not in _SYMBOL_WORDS else None
        if c is not None:
            if col not in (None, c):
                raise ValueError("names two colours")
            col = c
        elif w not in _FILLER:
            rest.append(w)
    return None, _kind(cfg, col, rest, owner, ftype)


def _kind(cfg, col, words, owner, ftype):
    petals, sym = None, None
    for w in words:
        if w in {str(p) for p in cfg.petals} or w in _PETAL_WORDS or w in [_norm(n) for n in cfg.flower_names]:
            t = flower_type(cfg, _PETAL_WORDS.get(w, w))
            if petals not in (None, t):
                raise ValueError("names two flower types")
            petals = t
        elif w in _SYMBOL_WORDS:
            sym = _SYMBOL_WORDS[w]
        elif w == "w":
            col = -1
        else:
            raise ValueError(f"unknown word {w[:20]!r}; expected a colour, a petal count or flower name, "
                             "and single or double")
    if col is None:
        col = owner
    if col is None:
        raise ValueError("say whose card it is: a colour (" + "/".join(cfg.letters) + ") or W for a wildflower")
    if col == -1:
        if sym not in (None, 0):
            raise ValueError("a wildflower has no guardian symbols")
        sym = 0
    elif sym is None:
        raise ValueError("say how many guardian symbols: s (single) or d (double)")
    if petals is None:
        petals = ftype
    if petals is None:
        raise ValueError("say the petal count (3-7) or the flower's name")
    return col, petals, sym


def describe_kind(cfg, kind) -> str:
    col, t, sym = kind
    who = "wildflower" if col < 0 else f"{cfg.color_names[col]} {SYM_WORD[sym]} card"
    return f"{cfg.petals[t]}-petal {who}"
