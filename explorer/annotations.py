"""Arrows, highlights and glyphs on a position, named in each game's own terms (like a lichess study).

>>> import explorer
>>> s = explorer.load("lotus_chaos", seed=1)
>>> list(places(s))[:4]                             # every place the board can point at, in this view
['centre', '0,-1', '1,-1', '1,0']
>>> m = marks(s, arrows=[("N", "centre")], highlights=["NE"], glyph="!")
>>> m.to_json()
{'arrows': [['N', 'centre', 'green']], 'highlights': [['NE', 'green']], 'glyph': '!'}

Each game lists its places in ``explorer/games/<game>/places.py`` (``places(view) -> {name: description}``)
and its board marks the same names with ``data-mark``; ``widgets/marks.js`` draws arrows and outlines over
the board, the same way for every game. Names are matched ignoring case and spaces at the ends.

Seat views hold: the places of ``state.view(seat)`` are only what that seat can see, so an annotation
written in a seat's view cannot name a hidden card, and a seat never sees a mark on a place it cannot see.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from .core.errors import clip
from .core.registry import spec

# lichess's four brushes, darkened where needed for contrast on a white board
PALETTE = {"green": "#15781b", "red": "#b3261e", "blue": "#1f5fbf", "yellow": "#b07d00"}
GLYPHS = {"!": "good move", "?": "mistake", "!!": "brilliant move", "??": "blunder",
          "!?": "interesting move", "?!": "dubious move"}
DEFAULT_COLOUR = "green"
MAX_MARKS = 40  # arrows + highlights on one position


@dataclass(frozen=True)
class Marks:
    """What is drawn on one position: arrows (from, to, colour), highlights (place, colour) and a glyph."""

    arrows: tuple[tuple[str, str, str], ...] = ()
    highlights: tuple[tuple[str, str], ...] = ()
    glyph: str = ""

    def __bool__(self) -> bool:
        return bool(self.arrows or self.highlights or self.glyph)

    def to_json(self) -> dict:
        out: dict = {}
        if self.arrows:
            out["arrows"] = [list(a) for a in self.arrows]
        if self.highlights:
            out["highlights"] = [list(h) for h in self.highlights]
        if self.glyph:
            out["glyph"] = self.glyph
        return out

    def visible(self, names) -> Marks:
        """Only the marks whose places are all in `names` (what a viewer can see)."""
        names = set(names)
        return Marks(tuple(a for a in self.arrows if a[0] in names and a[1] in names),
                     tuple(h for h in self.highlights if h[0] in names), self.glyph)


def _module(game: str):
    return spec(game).part("places", need=True)


def places(source, viewer=None) -> dict[str, str]:
    """The places of a position that annotations may name, as `viewer` sees it: {name: description}.
    `source`: a State (with `viewer`: None everything, -1 spectator, or a seat) or a view dict."""
    view = source if isinstance(source, dict) else source.view(viewer)
    game = view.get("game") if isinstance(view, dict) else None
    if not isinstance(game, str):
        raise ValueError("places: expected a State or a view with its 'game'")
    return _module(game).places(view)


def _lookup(name, table: dict[str, str], where: str) -> str:
    if isinstance(name, str):
        key = name.strip().lower()
        for real in table:
            if real.lower() == key:
                return real
    shown = ", ".join(list(table)[:30]) + (f", … ({len(table)} in all)" if len(table) > 30 else "")
    raise ValueError(f"{where}: unknown place {clip(repr(name), 40)} (or one this view does not show); "
                     f"places here: {shown} (explorer.annotations.places lists them with descriptions)")


def _colour(value, where: str) -> str:
    if isinstance(value, str) and value.strip().lower() in PALETTE:
        return value.strip().lower()
    raise ValueError(f"{where}: colour must be one of {', '.join(PALETTE)}, got {clip(repr(value), 40)}")


def _arrow(item, table, where) -> tuple[str, str, str]:
    if not isinstance(item, (list, tuple)) or len(item) not in (2, 3):
        raise ValueError(f"{where}: an arrow is (from, to) or (from, to, colour), got {clip(repr(item), 60)}")
    a, b = _lookup(item[0], table, where), _lookup(item[1], table, where)
    if a == b:
        raise ValueError(f"{where}: an arrow needs two different places (to mark one, highlight it)")
    return a, b, _colour(item[2] if len(item) == 3 else DEFAULT_COLOUR, where)


def _highlight(item, table, where) -> tuple[str, str]:
    if isinstance(item, str):
        item = (item,)
    if not isinstance(item, (list, tuple)) or len(item) not in (1, 2):
        raise ValueError(f"{where}: a highlight is a place or (place, colour), got {clip(repr(item), 60)}")
    return _lookup(item[0], table, where), _colour(item[1] if len(item) == 2 else DEFAULT_COLOUR, where)


def check_glyph(value, where: str = "glyph") -> str:
    if value is None or value == "":
        return ""
    if isinstance(value, str) and value.strip() in GLYPHS:
        return value.strip()
    raise ValueError(f"{where}: a glyph is one of {' '.join(GLYPHS)} (or '' for none), got {clip(repr(value), 20)}")


def marks(state, arrows=(), highlights=(), glyph: str = "", viewer=None, *,
          table: dict[str, str] | None = None) -> Marks:
    """Checked marks for `state` as `viewer` sees it: each place must be one of `places(state, viewer)`;
    an unknown one raises ValueError listing the valid names."""
    table = places(state, viewer) if table is None else table
    if not isinstance(arrows, (list, tuple)) or not isinstance(highlights, (list, tuple)):
        raise ValueError("arrows and highlights are lists")
    if len(arrows) + len(highlights) > MAX_MARKS:
        raise ValueError(f"at most {MAX_MARKS} arrows and highlights on one position")
    out_a, out_h = [], []
    for i, a in enumerate(arrows):
        a = _arrow(a, table, f"arrows.{i}")
        if a not in out_a:
            out_a.append(a)
    seen = set()
    for i, h in enumerate(highlights):
        h = _highlight(h, table, f"highlights.{i}")
        if h[0] not in seen:  # one colour per place: the last one given wins
            seen.add(h[0])
            out_h.append(h)
        else:
            out_h = [h if x[0] == h[0] else x for x in out_h]
    return Marks(tuple(out_a), tuple(out_h), check_glyph(glyph))


ANNOTATE_OPS = ("arrow", "highlight", "glyph", "clear")


def _key(name):
    """A place or colour as `marks` matches it (ignoring case and spaces at the ends), so a click names the mark it
    removes however it spells it."""
    return name.strip().lower() if isinstance(name, str) else name


def click(old: Marks, op) -> tuple[dict, bool]:
    """One click of the annotate tool on a position marked `old`: the parts it replaces (keyword arguments of
    `Timeline.annotate`), and whether the places they name must be checked in the viewer's eyes (arrows and
    highlights; a glyph or a clear names none). A click on the same arrow or highlight in the same colour
    removes it (names and colours compared as `marks` reads them: "n" removes "N"), on the same glyph clears it.

    >>> m = Marks(arrows=(("N", "centre", "green"),), highlights=(("NE", "red"),))
    >>> click(m, {"op": "highlight", "place": " ne ", "colour": "Red"})[0]
    {'highlights': []}
    >>> click(m, {"op": "arrow", "from": "n", "to": "Centre"})[0]
    {'arrows': []}
    >>> click(m, {"op": "highlight", "place": "NE", "colour": "blue"})[0]   # another colour recolours it
    {'highlights': [('NE', 'blue')]}"""
    if not isinstance(op, dict) or op.get("op") not in ANNOTATE_OPS:
        raise ValueError(f"an annotation is {{'op': one of {', '.join(ANNOTATE_OPS)}, ...}}, got {clip(repr(op), 80)}")
    colour = op.get("colour", "green")
    kind = op["op"]
    if kind == "clear":
        return {"arrows": [], "highlights": [], "glyph": ""}, False
    if kind == "glyph":
        g = op.get("glyph")
        return {"glyph": "" if g == old.glyph else g}, False
    if kind == "arrow":
        key, items, new = (_key(op.get("from")), _key(op.get("to"))), old.arrows, (op.get("from"), op.get("to"), colour)
        same = [x for x in items if (_key(x[0]), _key(x[1])) == key]
        kept = [x for x in items if (_key(x[0]), _key(x[1])) != key]
        part = "arrows"
    else:
        key, items, new = _key(op.get("place")), old.highlights, (op.get("place"), colour)
        same = [x for x in items if _key(x[0]) == key]
        kept = [x for x in items if _key(x[0]) != key]
        part = "highlights"
    if not same or _key(same[0][-1]) != _key(colour):
        kept.append(new)
    return {part: kept}, True



class Clicks:
    """The marks changed by clicking (the annotate bar), each one undone and redone in turn, newest last."""

    def __init__(self):
        self.undos: list[tuple] = []  # (node id, its marks before the change)
        self.redos: list[tuple] = []

    def click(self, tl, op, viewer) -> None:
        """One click at `tl`'s current node, its places checked in `viewer`'s eyes."""
        node = tl.current
        parts, checked = click(node.marks, op)
        old = node.marks
        tl.annotate(node, viewer=viewer if checked else None, **parts)
        if node.marks != old:
            self.undos.append((node.id, old))
            self.redos.clear()

    def step(self, tl, undo: bool) -> None:
        """Undo (or redo) the last change of marks, going to its position."""
        take, give = (self.undos, self.redos) if undo else (self.redos, self.undos)
        while take:
            node_id, marks = take.pop()
            node = tl.nodes.get(node_id)
            if node is None:  # deleted since
                continue
            give.append((node_id, node.marks))
            node.marks = marks
            tl.goto(node)
            return
        raise ValueError(f"nothing to {'undo' if undo else 'redo'} in the marks")

    def clear(self) -> None:
        self.undos.clear()
        self.redos.clear()

class Unseen(frozenset):
    """A set of ids hidden from a viewer; `exact`: those matched in text only as spelled, because another
    component's id differs from them only in case (Round House's room o10 and order O10)."""

    exact: frozenset = frozenset()


def hidden_ids(state, viewer, view=None) -> Unseen:
    """Every component id that `viewer` cannot see in `state` (its `view`, if already built): the game's
    whole component list (`State.component_ids`) less what the view shows. The same set whether a card is
    in another hand, in a deck or out of the game, so what gets redacted or refused tells a seat nothing
    it could not see. Nothing for the omniscient viewer."""
    if viewer is None:
        return Unseen()
    from .compare import view_ids
    every = state.component_ids()
    out = Unseen(every - view_ids(state.view(viewer) if view is None else view))
    out.exact = _case_clashes(every) & out
    return out


@functools.lru_cache(maxsize=16)
def _case_clashes(ids: frozenset) -> frozenset:
    seen: dict[str, int] = {}
    for i in ids:
        seen[i.lower()] = seen.get(i.lower(), 0) + 1
    return frozenset(i for i in ids if seen[i.lower()] > 1)


@functools.lru_cache(maxsize=64)
def _compiled(ids: frozenset, exact: frozenset) -> re.Pattern | None:
    words = sorted((i for i in ids if i and not i.isdigit()), key=len, reverse=True)
    numbers = sorted((i for i in ids if i.isdigit()), key=len, reverse=True)
    # whole ids as compare.mentions reads them, in any case unless another id differs only in case
    alts = [f"(?-i:{re.escape(i)})" if i in exact else re.escape(i) for i in words]
    if numbers:  # a bare number is prose ("2 tokens"): a numbered card is named "card 19" or "#19"
        alts.append(r"(?:cards?\s+(?:no\.?\s*)?#?|#)(?:" + "|".join(numbers) + r")(?!\d)")
    if not alts:
        return None
    return re.compile(r"(?<![\w-])(" + "|".join(alts) + r")(?![\w-])", re.IGNORECASE)


def _pattern(ids) -> re.Pattern | None:
    return _compiled(frozenset(ids), frozenset(getattr(ids, "exact", ())))


def mentions(text: str, ids) -> list[str]:
    """The words of `text` that name one of `ids` (as whole words, in any case)."""
    pat = _pattern(ids)
    return [] if pat is None or not text else sorted(set(pat.findall(text)))


def redact_text(text: str, ids) -> str:
    """`text` with every id of `ids` it names replaced by '(hidden)'."""
    pat = _pattern(ids)
    return text if pat is None or not text else pat.sub("(hidden)", text)


__all__ = ["ANNOTATE_OPS", "GLYPHS", "PALETTE", "Clicks", "Marks", "Unseen", "check_glyph", "click", "hidden_ids",
           "marks", "mentions", "places", "redact_text"]
