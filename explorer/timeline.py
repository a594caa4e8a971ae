"""A tree of variations over any game's positions, like a PGN game tree or a lichess analysis board.

>>> tl = Timeline(explorer.load("lotus", players=3, seed=1))
>>> tl.play(tl.current.state.legal_actions()[0])   # a new node; tl.current moves to it
>>> tl.back(); tl.play("...")                       # a second move here becomes a variation

Every node caches the immutable state reached by its move, so jumping anywhere is O(1).
A saved timeline holds only the root position and the move texts; loading replays them.
"""
from __future__ import annotations

import html
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from types import MappingProxyType
from typing import Any

from pydantic import BaseModel, ConfigDict, StrictInt, StrictStr, ValidationError

from .core.errors import PositionError
from .core.state import State

FORMAT = "explorer-timeline"
VERSION = 1


class Node:
    """One position in the tree: `state` is reached from `parent` by `action`, played by seat `actor`."""

    __slots__ = ("action", "actor", "children", "comment", "id", "parent", "ply", "state")

    def __init__(self, id: int, parent: Node | None, action: str | None, actor: int | None, state: State):
        self.id = id                  # unique within the tree, never reused while it lives
        self.parent = parent
        self.action = action          # canonical text; None at the root
        self.actor = actor            # seat that played it; None at the root
        self.state = state            # shared, never copied
        self.children: list[Node] = []  # children[0] continues the main line
        self.comment = ""
        self.ply = 0 if parent is None else parent.ply + 1

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

    def _node(self, ref) -> Node:
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
    def play(self, action) -> Node:
        """Play `action` (object or text) from current; follow an existing branch or add a variation."""
        here = self._current
        state = here.state
        act = state.parse_action(action) if isinstance(action, str) else action
        text = str(act)
        for child in here.children:
            if child.action == text:
                self._current = child
                return child
        after = state.apply(act)  # raises before the tree changes
        node = Node(self._next_id, here, text, state.current_player, after)
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
        self._current = self._node(node)
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
        node = self._current if node is None else self._node(node)
        return [node] if node.parent is None else list(node.parent.children)

    def promote(self, node) -> Node:
        """Move `node` one place up among its siblings."""
        node = self._node(node)
        if node.parent is not None:
            kids = node.parent.children
            i = kids.index(node)
            if i > 0:
                kids[i - 1], kids[i] = kids[i], kids[i - 1]
        return node

    def promote_to_main(self, node) -> Node:
        """Make the whole line from the root to `node` the main line."""
        node = self._node(node)
        n = node
        while n.parent is not None:
            kids = n.parent.children
            kids.remove(n)
            kids.insert(0, n)
            n = n.parent
        return node

    def delete(self, node) -> None:
        """Remove `node` and everything after it; current moves to its parent if it was inside."""
        node = self._node(node)
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

    def comment(self, node, text: str) -> Node:
        if not isinstance(text, str):
            raise TypeError(f"a comment is text, got {text!r}")
        node = self._node(node)
        node.comment = text
        return node

    def mainline(self) -> list[Node]:
        """The root and the main line after it."""
        out = [self.root]
        while out[-1].children:
            out.append(out[-1].children[0])
        return out

    def line(self, node=None) -> list[Node]:
        """The nodes from the root to `node` (default current), both included."""
        node = self._current if node is None else self._node(node)
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
    def diff(self, a, b) -> list[str]:
        """What changes in the public view from node `a` to node `b`, one line per leaf."""
        out: list[str] = []
        _diff(self._node(a).state.view(-1), self._node(b).state.view(-1), "", out)
        return out

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
        """JSON-safe: the root position and the tree of move texts (states are rebuilt on load).

        The tree nests two levels per ply: `json.dumps` copes with lines up to ~490 plies, and
        `save`/`load`/`from_json(text)` with any length.
        """
        def bare(n):
            return {"id": n.id, "action": n.action, "comment": n.comment, "children": []}

        tree = bare(self.root)
        stack = [(self.root, tree)]
        while stack:
            node, out = stack.pop()
            for child in node.children:
                c = bare(child)
                out["children"].append(c)
                stack.append((child, c))
        return {"format": FORMAT, "version": VERSION, "root": self.root.state.to_json(),
                "current": self._current.id, "tree": tree}

    @classmethod
    def from_json(cls, data, loader: Callable[[dict], State] | None = None) -> Timeline:
        """Rebuild from `to_json()` output (a dict or JSON text); bad input raises PositionError."""
        if isinstance(data, (str, bytes)):
            try:
                data = _loads(data)
            except ValueError as exc:
                raise PositionError(f"timeline is not valid JSON: {exc}") from None
        top = _check(_Top, data, "", "a timeline object")
        if top.format != FORMAT:
            raise PositionError(f"format: expected {FORMAT!r}, got {top.format!r}")
        if top.version != VERSION:
            raise PositionError(f"version: this build reads version {VERSION} timelines, got {top.version}")
        if loader is None:
            from .core.registry import from_json as loader
        try:
            state = loader(top.root)
        except PositionError as exc:
            raise PositionError(f"root: {exc}") from None
        except (ValueError, KeyError, TypeError) as exc:
            raise PositionError(f"root: not a valid position: {exc!r}") from None
        if not isinstance(state, State):
            raise PositionError(f"root: the loader returned {type(state).__name__}, not a State")

        tl = cls(state)
        tl._nodes.clear()
        named: dict[int, str] = {}  # explicit id -> where it was seen
        unnamed: list[Node] = []
        seen = set()  # ids of raw dicts, against self-referencing input
        stack: list[tuple[Node | None, Any, str]] = [(None, top.tree, "tree")]
        while stack:  # iterative, so hostile nesting cannot exhaust the Python stack
            parent, raw, path = stack.pop()
            if id(raw) in seen:
                raise PositionError(f"{path}: the tree contains itself")
            seen.add(id(raw))
            spec = _check(_TreeNode, raw, path, "an object with 'action', 'comment' and 'children'")
            if parent is None:
                if spec.action is not None:
                    raise PositionError(f"{path}.action: the root has no move, expected null, "
                                        f"got {_brief(spec.action)}")
                node = tl.root
            else:
                node = _replay(parent, spec.action, path)
                parent.children.append(node)
            node.comment = spec.comment
            if spec.id is None:
                unnamed.append(node)
            elif spec.id in named:
                raise PositionError(f"{path}.id: id {spec.id} is already used at {named[spec.id]}")
            else:
                named[spec.id] = path
                node.id = spec.id
                tl._nodes[spec.id] = node
            for i in range(len(spec.children) - 1, -1, -1):
                stack.append((node, spec.children[i], f"{path}.children.{i}"))
        tl._next_id = max(named, default=-1) + 1
        for node in unnamed:  # hand-written trees may leave ids out
            node.id = tl._next_id
            tl._nodes[node.id] = node
            tl._next_id += 1
        if top.current not in tl._nodes:
            raise PositionError(f"current: no node has id {top.current}")
        tl._current = tl._nodes[top.current]
        return tl

    def save(self, path) -> None:
        Path(path).write_text(_dumps(self.to_json()), encoding="utf-8")

    @classmethod
    def load(cls, path, loader: Callable[[dict], State] | None = None) -> Timeline:
        return cls.from_json(Path(path).read_text(encoding="utf-8"), loader=loader)


# -- JSON text without recursion (json.dumps/loads give up near 1000 levels, ~490 plies)

class _Raw(str):
    """Text already encoded."""


def _dumps(obj) -> str:
    try:
        return json.dumps(obj, ensure_ascii=False)
    except RecursionError:
        pass
    out = []
    stack = [obj]
    while stack:
        x = stack.pop()
        if isinstance(x, _Raw):
            out.append(x)
        elif isinstance(x, (dict, list)) and x:
            items = list(x.items()) if isinstance(x, dict) else list(enumerate(x))
            stack.append(_Raw("}" if isinstance(x, dict) else "]"))
            for n in range(len(items) - 1, -1, -1):
                k, v = items[n]
                stack.append(v)
                lead = ("{" if isinstance(x, dict) else "[") if n == 0 else ","
                stack.append(_Raw(lead + (json.dumps(str(k)) + ":" if isinstance(x, dict) else "")))
        else:
            out.append(json.dumps(x, ensure_ascii=False))
    return "".join(out)


_WS = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()


def _loads(text):
    try:
        return json.loads(text)
    except RecursionError:
        pass
    if isinstance(text, bytes):
        text = text.decode("utf-8")

    def key(i):  # '"name" :' -> (name, index after the colon)
        if text[i:i + 1] != '"':
            raise ValueError(f"expected a quoted key at char {i}")
        name, i = json.decoder.scanstring(text, i + 1)
        i = _WS.match(text, i).end()
        if text[i:i + 1] != ":":
            raise ValueError(f"expected ':' at char {i}")
        return name, _WS.match(text, i + 1).end()

    stack: list = []  # open containers, innermost last
    keys: list = []  # the pending key of each open dict
    i = _WS.match(text, 0).end()
    while True:
        ch = text[i:i + 1]
        if ch in ("{", "["):  # open a container, or read an empty one
            box, close = ({}, "}") if ch == "{" else ([], "]")
            i = _WS.match(text, i + 1).end()
            if text[i:i + 1] != close:
                stack.append(box)
                if ch == "{":
                    name, i = key(i)
                    keys.append(name)
                continue
            value, i = box, i + 1
        else:
            value, i = _DECODER.raw_decode(text, i)
        while True:  # store the value, closing containers as they end
            if not stack:
                if _WS.match(text, i).end() != len(text):
                    raise ValueError(f"extra data at char {i}")
                return value
            box = stack[-1]
            if isinstance(box, dict):
                box[keys.pop()] = value
            else:
                box.append(value)
            i = _WS.match(text, i).end()
            ch = text[i:i + 1]
            if ch == ",":
                i = _WS.match(text, i + 1).end()
                if isinstance(box, dict):
                    name, i = key(i)
                    keys.append(name)
                break
            if ch != ("}" if isinstance(box, dict) else "]"):
                raise ValueError(f"expected ',' or a closing bracket at char {i}")
            value, i = stack.pop(), i + 1


# -- validation of saved timelines

class _Top(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    format: StrictStr
    version: StrictInt
    root: dict[str, Any]
    current: StrictInt
    tree: dict[str, Any]


class _TreeNode(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    id: StrictInt | None = None
    action: StrictStr | None = None
    comment: StrictStr = ""
    children: list[Any] = []


def _brief(value, limit: int = 60) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = type(value).__name__
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _check(model, raw, path: str, expected: str):
    """Validate one level of input with pydantic; errors name the dotted path."""
    if not isinstance(raw, dict):
        raise PositionError(f"{path or 'timeline'}: expected {expected}, got {_brief(raw)}")
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        msgs = []
        for err in exc.errors():
            where = ".".join(str(p) for p in (path, *err["loc"]) if p != "")
            if err["type"] == "extra_forbidden":
                msgs.append(f"{where}: unknown field (expected {', '.join(model.model_fields)})")
            elif err["type"] == "missing":
                msgs.append(f"{where}: required field is missing")
            else:
                msgs.append(f"{where}: {err['msg'].lower()}, got {_brief(err['input'])}")
        raise PositionError("; ".join(msgs)) from None


def _replay(parent: Node, text: str | None, path: str) -> Node:
    """The child of `parent` reached by the saved move `text`."""
    if text is None:
        raise PositionError(f"{path}.action: expected the move's text, got null")
    before = parent.state
    try:
        act = before.parse_action(text)
        after = before.apply(act)
    except ValueError as exc:  # NotationError, IllegalAction
        raise PositionError(f"{path}.action: illegal action {text!r} at ply {parent.ply + 1}: {exc}") from None
    canon = str(act)
    for sibling in parent.children:
        if sibling.action == canon:
            raise PositionError(f"{path}.action: {text!r} repeats an earlier sibling's move {canon!r}")
    return Node(-1, parent, canon, before.current_player, after)


def _show(value) -> str:
    return _brief(value, 80)


def _diff(a, b, path: str, out: list[str]) -> None:
    """Append 'dotted.path: old → new' lines for every leaf that differs."""
    def sub(key):
        return f"{path}.{key}" if path else str(key)

    if isinstance(a, dict) and isinstance(b, dict):
        for k, v in a.items():
            if k in b:
                _diff(v, b[k], sub(k), out)
            else:
                out.append(f"{sub(k)}: removed {_show(v)}")
        for k, v in b.items():
            if k not in a:
                out.append(f"{sub(k)}: added {_show(v)}")
    elif isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        for i in range(min(len(a), len(b))):
            _diff(a[i], b[i], sub(i), out)
        for i in range(len(b), len(a)):
            out.append(f"{sub(i)}: removed {_show(a[i])}")
        for i in range(len(a), len(b)):
            out.append(f"{sub(i)}: added {_show(b[i])}")
    elif type(a) is not type(b) or a != b:
        out.append(f"{path or '(view)'}: {_show(a)} → {_show(b)}")
