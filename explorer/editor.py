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

from .core.errors import PositionError, brief, clip
from .core.registry import game_part
from .core.setup import setup
from .core.state import State

OPS = ("put", "remove", "turn")


def _module(game: str):
    return game_part(game, "edit", "board editor")


class Editor:
    """Edits of one position: `state` is the last valid position, `position` the dict being edited,
    `problems` what stops `position` from being a valid one (empty when it is)."""

    def __init__(self, state: State):
        self.game = state.game_name
        self.rules = _module(self.game)
        self.start = state
        self.state = state
        self.position = state.to_json()
        self.problems: list[str] = []
        self.edits = 0

    def palette(self) -> list[dict]:
        return list(self.rules.palette(self.state))

    def apply(self, op) -> None:
        """Make one edit (see the game's edit module for pieces and places). A malformed or impossible
        edit raises ValueError (nothing changes); a position that does not validate is kept, with problems."""
        if not isinstance(op, dict) or op.get("op") not in OPS:
            raise ValueError(f"an edit is {{'op': one of {', '.join(OPS)}, ...}}, got {brief(op, 80)}")
        try:
            changed = self.rules.apply(self.position, op)  # a new dict: edit modules never mutate their input
        except RecursionError:
            raise ValueError("an edit's values are nested too deeply") from None
        if not isinstance(changed, dict):
            raise TypeError(f"{self.game} edit returned {type(changed).__name__}, not a position dict")
        self.edits += 1
        try:
            state = setup(self.game, changed)
        except PositionError as exc:
            self.position, self.problems = changed, [clip(str(exc), 400)]
            return
        self.state, self.position, self.problems = state, state.to_json(), []

    def result(self) -> State:
        """The edited position (PositionError while it has problems)."""
        if self.problems:
            raise PositionError("the edited position is not valid yet: " + "; ".join(self.problems))
        return self.state

    def synced(self, seat_names) -> dict:
        """What the front end draws of the editor (besides the board, drawn from `state`)."""
        return {"palette": self.palette(), "problems": list(self.problems), "edits": self.edits,
                "to_move": self.state.current_player, "seat_names": list(seat_names)}


class EditSession:
    """The explorer's edit mode: the Editor while the current position is being edited, and the timelines
    that earlier edits left behind. "done" starts a new line from the edited position, "cancel" changes
    nothing. A seat-locked explorer cannot edit (the editor shows every hidden part); another seat's view
    switches to "everything" first. The explorer holds one (`Explorer.edit()` and the Edit button)."""

    INTENTS = ("edit", "edit_op", "edit_done", "edit_cancel")

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
