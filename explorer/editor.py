"""Board editing: a position being edited, what is wrong with it, and the edits that change it.

>>> import explorer
>>> ed = Editor(explorer.load("lotus", players=3, seed=7))
>>> ed.apply({"op": "turn", "seat": 1})
>>> ed.problems, ed.state.current_player
([], 1)

The explorer's edit mode (``Explorer.edit()``) keeps one Editor while it lasts. Every edit goes through
the game's ``explorer/games/<game>/edit.py`` (``palette``, ``apply``), then through ``explorer.setup``,
which completes and checks the position: a position that does not validate stays on screen as the last
valid one, with its problems listed in words (field first), until a later edit fixes it.
"""
from __future__ import annotations

import re

from .core.errors import PositionError, brief, clip
from .core.registry import spec
from .core.setup import setup
from .core.state import State

OPS = ("put", "remove", "turn")


def _module(game: str):
    return spec(game).part("edit", need=True)


class Editor:
    """Edits of one position: `state` is the last valid position, `position` the dict being edited,
    `problems` what stops `position` from being a valid one (empty when it is), in the game's words.
    `pending`: the edits made since `state`, while the position is not valid: each is listed (and can be taken
    back alone with `drop`), so a piece the board cannot draw yet is never lost from sight. `undo` and `redo`
    step through every edit."""

    def __init__(self, state: State):
        self.game = state.game_name
        self.rules = _module(self.game)
        self.start = state
        self.state = state
        self.position = state.to_json()
        self.problems: list[str] = []
        self.pending: list[dict] = []
        self.edits = 0
        self._undo: list[tuple] = []
        self._redo: list[tuple] = []

    def palette(self) -> list[dict]:
        return list(self.rules.palette(self.state))

    def _snapshot(self) -> tuple:
        return self.state, self.position, list(self.problems), list(self.pending)

    def _restore(self, snap) -> None:
        self.state, self.position, self.problems, self.pending = snap[0], snap[1], list(snap[2]), list(snap[3])
        self.edits += 1

    def _put(self, position: dict, op) -> dict:
        try:
            changed = self.rules.apply(position, op)  # a new dict: edit modules never mutate their input
        except RecursionError:
            raise ValueError("an edit's values are nested too deeply") from None
        if not isinstance(changed, dict):
            raise TypeError(f"{self.game} edit returned {type(changed).__name__}, not a position dict")
        return changed

    def _settle(self, changed: dict, pending: list[dict]) -> None:
        """Take `changed` (made by `pending` from `state`): the new valid state, or kept with its problems."""
        try:
            state = setup(self.game, changed)
        except PositionError as exc:
            self.position, self.problems, self.pending = changed, [self.in_words(str(exc))], pending
            return
        self.state, self.position, self.problems, self.pending = state, state.to_json(), [], []

    def apply(self, op) -> None:
        """Make one edit (see the game's edit module for pieces and places). A malformed or impossible
        edit raises ValueError (nothing changes); a position that does not validate is kept, with problems."""
        if not isinstance(op, dict) or op.get("op") not in OPS:
            raise ValueError(f"an edit is {{'op': one of {', '.join(OPS)}, ...}}, got {brief(op, 80)}")
        changed = self._put(self.position, op)
        self._undo.append(self._snapshot())
        self._redo.clear()
        self.edits += 1
        self._settle(changed, [*self.pending, dict(op)])

    def drop(self, index) -> None:
        """Take back one of the pending edits alone: the others are made again on the last valid position."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self.pending):
            raise ValueError(f"not a pending edit: expected 0..{len(self.pending) - 1}, got {brief(index, 20)}")
        keep = [op for i, op in enumerate(self.pending) if i != index]
        position = self.state.to_json()
        made = []
        for op in keep:
            try:
                position = self._put(position, op)
            except (PositionError, ValueError, TypeError):
                continue  # it only made sense after the edit taken back
            made.append(op)
        self._undo.append(self._snapshot())
        self._redo.clear()
        self.edits += 1
        self._settle(position, made)

    def undo(self) -> None:
        if not self._undo:
            raise ValueError("nothing to undo in this edit")
        self._redo.append(self._snapshot())
        self._restore(self._undo.pop())

    def redo(self) -> None:
        if not self._redo:
            raise ValueError("nothing to redo")
        self._undo.append(self._snapshot())
        self._restore(self._redo.pop())

    def in_words(self, message: str) -> str:
        """A set-up message with its field path ('field flowers.6.0: ...') said as the game's place ('the Lily:
        ...'): the game's edit module's `where(path, state)`, else the seat's name and the field's words."""
        m = (re.search(r"(?:\b\w+ position, )?field '?([\w.\-:\[\]]+)'?: ", message)
             or re.match(r"((?:seats|[a-z_]+)(?:\[\d+\]|\.\w+)+): ", message))
        if not m:
            return clip(message, 400)
        path = [p for p in re.split(r"[.\[\]]+", m.group(1)) if p]
        said = None
        where = getattr(self.rules, "where", None)
        if where is not None:
            try:
                said = where(path, self.state)
            except (LookupError, TypeError, ValueError):
                said = None
        if not said:
            said = _plain_where(path, self.state)
        return clip(message[: m.start()] + said + ": " + message[m.end():], 400)

    def result(self) -> State:
        """The edited position (PositionError while it has problems)."""
        if self.problems:
            raise PositionError("the edited position is not valid yet: " + "; ".join(self.problems))
        return self.state

    def synced(self, seat_names) -> dict:
        """What the front end draws of the editor (besides the board, drawn from `state`): the palette, the
        problems, the pending edits in words (each can be taken back), whether undo and redo can."""
        labels = {p["piece"]: p["label"] for p in self.palette()}
        return {"palette": self.palette(), "problems": list(self.problems), "edits": self.edits,
                "to_move": self.state.current_player, "seat_names": list(seat_names),
                "pending": [_op_words(op, labels, list(seat_names)) for op in self.pending],
                "can_undo": bool(self._undo), "can_redo": bool(self._redo)}


def _plain_where(path: list[str], state: State) -> str:
    """'seats.1.field.walls' -> "Blue's field walls" (a seat's number said as its name)."""
    names = state.seat_names()
    words, owner = [], None
    for i, part in enumerate(path):
        if part.isdigit() and i > 0 and path[i - 1] in ("seats", "hands", "decks", "piles", "tokens", "powers",
                                                         "guardians") and int(part) < len(names):
            owner = names[int(part)]
            continue
        if part.isdigit():
            words.append(f"#{int(part) + 1}")
        elif part != "seats":
            words.append(part.replace("_", " "))
    said = " ".join(words) or "the position"
    return f"{owner}'s {said}" if owner else said


def _op_words(op: dict, labels: dict, names: list[str]) -> str:
    """An edit in words: 'Red 3-petal card on flower Lily', 'remove wall from edge Red ad', 'Blue to act'."""
    def place(p) -> str:
        return str(p or "").replace(":", " ")
    piece = labels.get(op.get("piece"), op.get("piece", ""))
    if op.get("op") == "put":
        came = f" (from {place(op['from'])})" if op.get("from") else ""
        return clip(f"{piece} on {place(op.get('to'))}{came}", 120)
    if op.get("op") == "remove":
        return clip(f"remove {piece} from {place(op.get('from'))}", 120)
    seat = op.get("seat")
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else f"seat {seat}"
    return clip(f"{who} to act", 120)


class EditSession:
    """The explorer's edit mode: the Editor while the current position is being edited, and the timelines
    that earlier edits left behind. "done" starts a new line from the edited position, "cancel" changes
    nothing. A seat-locked explorer cannot edit (the editor shows every hidden part); another seat's view
    switches to "everything" first. The explorer holds one (`Explorer.edit()` and the Edit button)."""

    INTENTS = ("edit", "edit_op", "edit_done", "edit_cancel", "edit_undo", "edit_redo", "edit_drop")

    def __init__(self):
        self.editor: Editor | None = None
        self.timelines: list = []  # earlier timelines, oldest first

    def start(self, state: State, lock_seat: bool, viewer) -> bool:
        """Start editing `state`; False if already editing."""
        if self.editor is not None:
            return False
        if lock_seat:
            raise PermissionError("a seat-locked explorer cannot edit: the editor shows every hidden part")
        if viewer is not None:
            raise PermissionError("the editor shows every hidden part: view 'everything' to edit")
        self.editor = Editor(state)
        return True

    def _open(self) -> Editor:
        if self.editor is None:
            raise ValueError("not editing: press Edit (or call edit()) first")
        return self.editor

    def apply(self, op) -> None:
        self._open().apply(op)

    def undo(self) -> None:
        self._open().undo()

    def redo(self) -> None:
        self._open().redo()

    def drop(self, index) -> None:
        self._open().drop(index)

    def finish(self, timeline):
        """The edited position as the root of a new Timeline; `timeline` goes to `timelines`."""
        state = self._open().result()
        from .timeline import Timeline
        self.timelines.append(timeline)
        self.editor = None
        return Timeline(state)

    def cancel(self) -> None:
        self.editor = None

    def guard(self, kind: str) -> None:
        if self.editor is not None and kind not in self.INTENTS:
            raise ValueError("finish editing first: Done (a new line from the edited position) or Cancel")


__all__ = ["OPS", "EditSession", "Editor"]
