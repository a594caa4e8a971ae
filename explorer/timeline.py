"""A tree of variations over any game's positions, like a PGN game tree or a lichess analysis board.

>>> import explorer
>>> tl = Timeline(explorer.load("lotus", players=3, seed=7))
>>> tl.play("4s")                                   # a new node; tl.current moves to it
<Node 1 ply 1: '4s' by seat 0>
>>> tl.back(); tl.play("5s")                        # a second move here becomes a variation
<Node 0 ply 0: root>
<Node 2 ply 1: '5s' by seat 0>

Every node caches the immutable state reached by its move, so jumping anywhere is O(1).
A saved timeline holds only the root position and the move texts; loading replays them.
"""
from __future__ import annotations

import html
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from types import MappingProxyType
from typing import Annotated, Any, NotRequired

from pydantic import BaseModel, ConfigDict, StrictInt, StrictStr, ValidationError
from typing_extensions import TypedDict  # pydantic needs this one before Python 3.12

from . import compare
from .annotations import MAX_MARKS, Marks
from .annotations import marks as _marks
from .core.errors import PositionError
from .core.limits import MAX_ACTION, MAX_COMMENT, MAX_NODES, bounded_list, few_fields, read_file
from .core.state import State

FORMAT = "explorer-timeline"
VERSION = 2


class Node:
    """One position in the tree: `state` is reached from `parent` by `action`, played by seat `actor`."""

    __slots__ = ("action", "actor", "base", "children", "comment", "id", "marks", "parent", "ply", "sampled", "state")

    def __init__(self, id: int, parent: Node | None, action: str | None, actor: int | None, state: State):
        self.id = id                  # unique within the tree, never reused while it lives
        self.parent = parent
        self.action = action          # canonical text; None at the root
        self.actor = actor            # seat that played it; None at the root
        self.state = state            # shared, never copied
        self.children: list[Node] = []  # children[0] continues the main line
        self.comment = ""
        self.marks = Marks()  # arrows, highlights and a glyph on this position (explorer.annotations)
        self.ply = 0 if parent is None else parent.ply + 1
        self.sampled: tuple[int, int] | None = None  # (seat, seed) if played on a re-sampled copy
        self.base: State | None = None  # that copy (the parent's state otherwise)

    @property
    def before(self) -> State:
        """The position the move into this node was played on (see `Timeline.play`'s `sample`)."""
        return self.base if self.base is not None else self.parent.state

    def __repr__(self):
        move = "root" if self.parent is None else f"{self.action!r} by seat {self.actor}"
        return f"<Node {self.id} ply {self.ply}: {move}>"


class Timeline:
    """Positions as a tree of variations, starting from `state`."""

    def __init__(self, state: State):
        if not isinstance(state, State):
            raise TypeError(f"a Timeline starts from a State, got {state!r}")
        self.root = Node(0, None, None, None, state)
        self._current = self.root
        self._nodes = {0: self.root}
        self.nodes = MappingProxyType(self._nodes)  # id -> Node, read-only and live
        self._next_id = 1

    # -- where we are
    @property
    def current(self) -> Node:
        return self._current

    @current.setter
    def current(self, node):
        self.goto(node)

    @property
    def next_id(self) -> int:
        """The id the next new node gets (ids are never reused)."""
        return self._next_id

    def node(self, ref) -> Node:
        """A Node of this tree from a Node or an id."""
        if isinstance(ref, Node):
            if self._nodes.get(ref.id) is ref:
                return ref
            raise ValueError(f"{ref!r} is not in this timeline (was it deleted?)")
        if isinstance(ref, int) and not isinstance(ref, bool):
            if ref in self._nodes:
                return self._nodes[ref]
            raise ValueError(f"no node with id {ref} in this timeline")
        raise TypeError(f"expected a Node or a node id, got {ref!r}")

    # -- playing and moving
    def play(self, action, sample: tuple[int, int] | None = None) -> Node:
        """Play `action` (object or text) from current; follow an existing branch or add a variation.

        ``sample=(seat, seed)`` plays a new variation on a copy of the position whose hidden parts
        (other hands, deck orders) are re-sampled from `seat`'s view with `seed` (the game's
        ``from_view``), so a seat exploring "what if" learns nothing of the real future. Saved with
        the node and replayed on load."""
        here = self._current
        state = here.state
        try:
            act = state.parse_action(action) if isinstance(action, str) else action
        except ValueError:
            if sample is None:
                raise
            act = None  # perhaps legal in the re-sampled copy (a hand this viewer cannot see)
        if act is not None:
            text = str(act)
            for child in here.children:
                if child.action == text:
                    self._current = child
                    return child
        base = None if sample is None else _resample(state, sample)
        on = state if base is None else base
        if base is not None:
            act = on.parse_action(action) if isinstance(action, str) else act
        text = str(act)
        after = on.apply(act)  # raises before the tree changes
        node = Node(self._next_id, here, text, state.current_player, after)
        node.sampled, node.base = sample, base
        here.children.append(node)
        self._nodes[node.id] = node
        self._next_id += 1
        self._current = node
        return node

    def back(self) -> Node:
        """Step to the parent (stays at the root)."""
        if self._current.parent is not None:
            self._current = self._current.parent
        return self._current

    def forward(self) -> Node:
        """Step along the main-line child (stays at a leaf)."""
        if self._current.children:
            self._current = self._current.children[0]
        return self._current

    def goto(self, node) -> Node:
        self._current = self.node(node)
        return self._current

    def start(self) -> Node:
        self._current = self.root
        return self._current

    def end(self) -> Node:
        """Follow the main line from current to its last position."""
        node = self._current
        while node.children:
            node = node.children[0]
        self._current = node
        return node

    # -- shape of the tree
    def variations(self, node=None) -> list[Node]:
        """The siblings of `node` (default current), itself included; [0] is the main line."""
        node = self._current if node is None else self.node(node)
        return [node] if node.parent is None else list(node.parent.children)

    def promote(self, node) -> Node:
        """Move `node` one place up among its siblings."""
        node = self.node(node)
        if node.parent is not None:
            kids = node.parent.children
            i = kids.index(node)
            if i > 0:
                kids[i - 1], kids[i] = kids[i], kids[i - 1]
        return node

    def promote_to_main(self, node) -> Node:
        """Make the whole line from the root to `node` the main line."""
        node = self.node(node)
        n = node
        while n.parent is not None:
            kids = n.parent.children
            kids.remove(n)
            kids.insert(0, n)
            n = n.parent
        return node

    def delete(self, node) -> None:
        """Remove `node` and everything after it; current moves to its parent if it was inside."""
        node = self.node(node)
        if node.parent is None:
            raise ValueError("cannot delete the root of a timeline")
        n = self._current
        while n is not None and n is not node:
            n = n.parent
        if n is node:
            self._current = node.parent
        node.parent.children.remove(node)
        stack = [node]
        while stack:
            n = stack.pop()
            del self._nodes[n.id]
            stack.extend(n.children)

    def comment(self, node, text: str, viewer=None) -> Node:
        """Set `node`'s comment. Written in a seat's view (`viewer`), it may not name what that seat
        cannot see (a card id in another hand, say): ValueError, nothing changes."""
        if not isinstance(text, str):
            raise TypeError(f"a comment is text, got {_brief(text)}")
        from .core.limits import MAX_COMMENT
        if len(text) > MAX_COMMENT:  # as the comment box and a saved file take it
            raise ValueError(f"a comment is at most {MAX_COMMENT:,} characters, got {len(text):,}")
        node = self.node(node)
        if viewer is not None:
            from .annotations import hidden_ids, mentions
            named = mentions(text, hidden_ids(node.state, viewer))
            if named:
                shown = ", ".join(_clip(w, 20) for w in named[:8])
                raise ValueError(f"this comment names {shown}, which this view does not show: leave them out, "
                                 "or write it viewing everything")
        node.comment = text
        return node

    def annotate(self, node=None, *, arrows=None, highlights=None, glyph=None, viewer=None) -> Node:
        """Set what is drawn on `node`'s position (default current): `arrows` [(from, to[, colour])],
        `highlights` [place or (place, colour)], `glyph` ('!', '?', '!!', '??', '!?', '?!' or '').
        Each part given replaces that part; None keeps it. Places are named as
        `explorer.annotations.places(node.state, viewer)` lists them: written in a seat's view (`viewer`),
        only places that seat can see. Raises ValueError (nothing changes) on an unknown place."""
        node = self._current if node is None else self.node(node)
        old = node.marks
        new = _marks(node.state, old.arrows if arrows is None else arrows,
                     old.highlights if highlights is None else highlights,
                     old.glyph if glyph is None else glyph, viewer)
        node.marks = new
        return node

    def mainline(self) -> list[Node]:
        """The root and the main line after it."""
        out = [self.root]
        while out[-1].children:
            out.append(out[-1].children[0])
        return out

    def line(self, node=None) -> list[Node]:
        """The nodes from the root to `node` (default current), both included."""
        node = self._current if node is None else self.node(node)
        out = []
        while node is not None:
            out.append(node)
            node = node.parent
        out.reverse()
        return out

    def __len__(self):
        return len(self._nodes)

    def __iter__(self) -> Iterator[Node]:
        """Every node, depth first, main lines before variations."""
        stack = [self.root]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))

    # -- reading
    def diff(self, a, b, viewer: int | None = -1) -> list[str]:
        """What changes from node `a` to node `b` in `viewer`'s view (default public), in the game's
        own words (e.g. 'Red drew 2 cards (hidden)'; see explorer.compare)."""
        return self.changes(a, b, viewer)["sentences"]

    def changes(self, a, b, viewer: int | None = -1) -> dict:
        """{"sentences": the game's words for what changed, "details": a field diff of the two views}."""
        return compare.changes(self.node(a).state, self.node(b).state, viewer)

    def _move(self, node: Node, viewer) -> str:
        text = node.action
        if viewer is not None:
            before = node.parent.state
            text = before.redact(before.parse_action(text), viewer)
        return f"{node.ply}. {text}"

    def _tokens(self, line: list[Node] | None, viewer) -> list[tuple[Node | None, str, bool]]:
        """(node or None, text, is_move) for a line, or for the whole tree with (variations)."""
        out = []
        if self.root.comment:
            out.append((None, "{" + self.root.comment + "}", False))
        stack: list[tuple[str, Any]] = []
        if line is None:
            stack.append(("after", self.root))
        else:
            stack.extend(("move", n) for n in reversed(line[1:]))
        while stack:
            kind, x = stack.pop()
            if kind == "move":
                out.append((x, self._move(x, viewer), True))
                if x.comment:
                    out.append((None, "{" + x.comment + "}", False))
            elif kind == "after":  # the continuation after node x, PGN style
                if not x.children:
                    continue
                main, *alts = x.children
                stack.append(("after", main))
                for alt in reversed(alts):
                    stack += [("text", ")"), ("after", alt), ("move", alt), ("text", "(")]
                stack.append(("move", main))
            else:
                out.append((None, x, False))
        return out

    @staticmethod
    def _join(tokens, fmt=lambda node, text: text) -> str:
        parts: list[str] = []
        prev = None
        for node, text, is_move in tokens:
            paren = not is_move and text in ("(", ")")
            if parts and prev != "(" and not (paren and text == ")"):
                parts.append(" ")
            parts.append(fmt(node, text))
            prev = text if paren else None
        return "".join(parts)

    def export(self, node=None, viewer: int | None = None) -> str:
        """The line from the root to `node` (default current), e.g. '1. 5ss 2. g-3 {a comment}'.

        With `viewer`, each move reads as that seat may see it (hidden parts removed).
        """
        return self._join(self._tokens(self.line(node), viewer))

    def export_tree(self, viewer: int | None = None) -> str:
        """The whole tree, variations in parentheses after the main-line move they replace."""
        return self._join(self._tokens(None, viewer))

    def __repr__(self):
        game = getattr(self.root.state, "game_name", "") or type(self.root.state).__name__
        return f"<Timeline {game}: {len(self)} positions, current {self._current.id} (ply {self._current.ply})>"

    def _repr_html_(self):
        cur = self._current

        def fmt(node, text):
            text = html.escape(text)
            return f"<b>{text}</b>" if node is cur else text

        body = self._join(self._tokens(None, None), fmt) or "(no moves yet)"
        head = html.escape(f"{len(self)} positions, at ply {cur.ply}")
        return f'<div><small>{head}</small><pre style="white-space:pre-wrap">{body}</pre></div>'

    # -- saving and loading
    def to_json(self) -> dict:
        """JSON-safe and flat: the root position, then every node as {id, parent, action, comment}.

        Nodes come depth first, main line first, so a parent precedes its children and siblings
        keep their variation order. States are not stored: loading replays the moves.
        """
        nodes = [{"id": n.id, "parent": None if n.parent is None else n.parent.id,
                  "action": n.action, "comment": n.comment} for n in self]
        for spec, n in zip(nodes, self):
            if n.sampled is not None:
                spec["sampled"] = list(n.sampled)
            spec.update(n.marks.to_json())
        return {"format": FORMAT, "version": VERSION, "root": self.root.state.to_json(),
                "current": self._current.id, "nodes": nodes}

    @classmethod
    def from_json(cls, data, loader: Callable[[dict], State] | None = None, components=None) -> Timeline:
        """Rebuild from `to_json()` output (a dict or JSON text); bad input raises PositionError naming
        the field. `components`: a component file (or a list) the root position may name besides the
        packaged ones (see explorer.from_json)."""
        from .core.data import allow_all
        try:
            allow_all(components)
        except ValueError as exc:  # DataError: the file the caller named does not validate
            raise PositionError(f"components: {exc}") from None
        if isinstance(data, (str, bytes, bytearray)):
            from .core.registry import parse_json_text
            data = parse_json_text(data, "timeline")
        head = _check(_Head, data)
        if head.format != FORMAT:
            raise PositionError(f"format: expected {FORMAT!r}, got {_brief(head.format)}")
        if head.version != VERSION:
            raise PositionError(f"version: this build reads version {VERSION} timelines, got {head.version}")
        top = _check(_Top, data)
        if not any(spec["parent"] is None for spec in top.nodes):
            raise PositionError("nodes: no root (exactly one node must have parent null)")

        tl = cls(_load_root(top.root, loader))
        tl._nodes.clear()
        index: dict[int, int] = {}  # id -> place in the list, for messages
        for i, spec in enumerate(top.nodes):
            where, key, up, action = f"nodes.{i}", spec["id"], spec["parent"], spec["action"]
            _check_length(where, "action", action, MAX_ACTION, "the explorer's move box")
            _check_length(where, "comment", spec.get("comment"), MAX_COMMENT, "the explorer's comment box")
            if key in index:
                raise PositionError(f"{where}.id: id {key} is already used by nodes.{index[key]}")
            if up is None:
                if i:
                    raise PositionError(f"{where}.parent: null, but nodes.0 is already the root "
                                        f"(exactly one node has parent null)")
                if action is not None:
                    raise PositionError(f"{where}.action: the root has no move, expected null, "
                                        f"got {_brief(action)}")
                node = tl.root
            else:
                parent = tl._nodes.get(up)
                if parent is None:
                    raise PositionError(f"{where}.parent: unknown parent id {up} "
                                        f"(parents must come before their children)")
                node = _replay(parent, action, where, spec.get("sampled"))
                parent.children.append(node)
            node.id = key
            node.comment = spec.get("comment", "")
            if "arrows" in spec or "highlights" in spec or "glyph" in spec:
                try:
                    node.marks = _marks(node.state, spec.get("arrows", ()), spec.get("highlights", ()),
                                        spec.get("glyph", ""))
                except ValueError as exc:
                    raise PositionError(f"{where}.{_clip(str(exc), 600)}") from None
            tl._nodes[key] = node
            index[key] = i
        tl._next_id = max(index) + 1
        if top.current not in tl._nodes:
            raise PositionError(f"current: no node has id {top.current}")
        tl._current = tl._nodes[top.current]
        return tl

    def save(self, path) -> None:
        text = json.dumps(self.to_json(), separators=(",", ":"))  # ASCII: any comment survives
        Path(path).write_text(text, encoding="utf-8")

    @classmethod
    def load(cls, path, loader: Callable[[dict], State] | None = None, components=None) -> Timeline:
        """Read a saved timeline (PositionError if it cannot be read or does not validate): a regular file
        of at most MAX_FILE_BYTES (explorer.core.limits)."""
        return cls.from_json(read_file(path, "timeline"), loader=loader, components=components)


# -- validation of saved timelines

class _Head(BaseModel):
    model_config = ConfigDict(strict=True)  # other fields are checked by _Top
    format: StrictStr
    version: StrictInt


_Mark = bounded_list(StrictStr, 8)  # places and a colour: explorer.annotations checks them


class _Node(TypedDict):  # a TypedDict validates several times faster than a model
    __pydantic_config__ = ConfigDict(extra="forbid", strict=True)
    id: StrictInt
    parent: StrictInt | None
    action: StrictStr | None  # at most MAX_ACTION characters, and comment MAX_COMMENT: checked in from_json
    comment: NotRequired[StrictStr]  # (pydantic's max_length refuses lone surrogates, which a comment may hold)
    sampled: NotRequired[bounded_list(StrictInt, 8)]  # [seat, seed]: played on a re-sampled copy
    arrows: NotRequired[bounded_list(_Mark, MAX_MARKS)]  # [from, to, colour]: explorer.annotations
    highlights: NotRequired[bounded_list(_Mark, MAX_MARKS)]  # [place, colour]
    glyph: NotRequired[StrictStr]


class _Top(_Head):
    model_config = ConfigDict(extra="forbid", strict=True)
    root: dict[str, Any]
    current: StrictInt
    nodes: bounded_list(Annotated[_Node, few_fields("a node object", _Node.__annotations__)], MAX_NODES)


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _quote(text: str) -> str:
    return repr(_clip(text, 40))


def _brief(value, limit: int = 60) -> str:
    if isinstance(value, str):
        value = value[:limit]  # huge strings are not encoded whole
    elif isinstance(value, (list, dict)) and len(value) > limit:  # nor huge lists
        return f"{'a list' if isinstance(value, list) else 'an object'} of {len(value):,} items"
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = type(value).__name__
    return _clip(text, limit)


def _check(model, raw):
    """Validate with pydantic; errors name the dotted path, e.g. 'nodes.3.parent'."""
    if not isinstance(raw, dict):
        raise PositionError(f"timeline: expected a timeline object, got {_brief(raw)}")
    fields = _Top.model_fields
    extra = len(raw.keys() - fields.keys()) if model is _Top else 0
    if extra:  # before pydantic, which would record every one of a million unknown fields
        first = _clip(str(next(k for k in raw if k not in fields)), 40)
        raise PositionError(f"{first}: unknown field (expected {', '.join(fields)})"
                            + (f"; and {extra - 1:,} more unknown fields" if extra > 1 else ""))
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        errors = exc.errors()
    msgs = []
    for err in errors[:3]:
        where = _clip(".".join(_clip(str(p), 40) for p in err["loc"]), 120)
        if err["type"] == "extra_forbidden":
            fields = _Node.__annotations__ if len(err["loc"]) == 3 else model.model_fields
            msgs.append(f"{where}: unknown field (expected {', '.join(fields)})")
        elif err["type"] == "missing":
            msgs.append(f"{where}: required field is missing")
        elif err["type"] == "too_many_fields":
            msgs.append(f"{where}: {err['msg']}")
        elif err["type"] == "dict_type" and len(err["loc"]) == 2:  # nodes.N
            msgs.append(f"{where}: expected a node object with {', '.join(_Node.__annotations__)}, "
                        f"got {_brief(err['input'])}")
        else:
            msgs.append(f"{where}: {err['msg'].lower()}, got {_brief(err['input'])}")
    if len(errors) > 3:
        msgs.append(f"and {len(errors) - 3} more errors")
    raise PositionError("; ".join(msgs))


def _check_length(where: str, field: str, text: str | None, limit: int, box: str) -> None:
    if text is not None and len(text) > limit:
        raise PositionError(f"{where}.{field}: expected at most {limit:,} characters (what {box} takes), "
                            f"got {len(text):,}")


def _load_root(raw: dict, loader) -> State:
    if loader is None:
        from .core.registry import from_json as loader
    try:
        state = loader(raw)
    except PositionError as exc:
        raise PositionError(f"root: {_clip(str(exc), 2000)}") from None
    except RecursionError:
        raise PositionError("root: nested too deeply") from None
    except Exception as exc:  # a caller's loader: whatever it raises, a saved timeline gets PositionError
        raise PositionError(f"root: not a valid position: {_clip(repr(exc), 300)}") from exc
    if not isinstance(state, State):
        raise PositionError(f"root: the loader returned {type(state).__name__}, not a State")
    return state


def _after(node: Node) -> str:
    """'after 1. 5ss 2. g-3' (the last few moves to `node`), or 'at the start'."""
    moves = []
    while node.parent is not None and len(moves) < 6:
        moves.append(f"{node.ply}. {node.action}")
        node = node.parent
    more = "… " if node.parent is not None else ""
    return "after " + more + " ".join(reversed(moves)) if moves else "at the start"


def _resample(state: State, sample) -> State:
    """`state` with what seat `sample[0]` cannot see re-sampled from its view with seed `sample[1]`."""
    from .core.registry import spec
    seat, seed = sample
    players = state.num_players
    if not (isinstance(seat, int) and 0 <= seat < players) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"sample: expected (seat 0..{players - 1}, seed >= 0), got {sample!r}")
    from_view = spec(state.game_name).from_view
    if from_view is None:
        raise ValueError(f"{state.game_name} cannot re-sample hidden parts (no from_view)")
    return from_view(state.view(seat), seed)


def _replay(parent: Node, text: str | None, where: str, sampled=None) -> Node:
    """The child of `parent` reached by the saved move `text` (on a re-sampled copy if `sampled`)."""
    if text is None:
        raise PositionError(f"{where}.action: expected the move's text, got null")
    before = parent.state
    base = None
    if sampled is not None:
        if len(sampled) != 2:
            raise PositionError(f"{where}.sampled: expected [seat, seed], got {_brief(sampled)}")
        try:
            before = base = _resample(before, tuple(sampled))
        except ValueError as exc:
            raise PositionError(f"{where}.sampled: {_clip(str(exc), 200)}") from None
    try:
        act = before.parse_action(text)
        after = before.apply(act)
    except ValueError as exc:  # NotationError, IllegalAction
        raise PositionError(f"{where}.action: illegal action {_quote(text)} {_after(parent)}: "
                            f"{_clip(str(exc), 300)}") from None
    except Exception as exc:  # an engine failure is still reported as this node's fault, cause kept
        raise PositionError(f"{where}.action: the move {_quote(text)} {_after(parent)} cannot be replayed: "
                            f"{_clip(repr(exc), 300)}") from exc
    canon = str(act)
    for sibling in parent.children:
        if sibling.action == canon:
            raise PositionError(f"{where}.action: {_quote(text)} repeats the move {canon!r} of its sibling "
                                f"id {sibling.id}")
    node = Node(-1, parent, canon, before.current_player, after)
    if base is not None:
        node.sampled, node.base = tuple(sampled), base
    return node
