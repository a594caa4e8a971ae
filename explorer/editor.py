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


__all__ = ["OPS", "Editor"]


class EditMode:
    """The explorer's edit mode (mixed into `explorer.widgets.Explorer`): edit the current position on the
    board; "done" starts a new line from it (the old timeline stays in `timelines`), "cancel" changes nothing.
    A seat-locked explorer cannot edit (the editor shows every hidden part); another seat's view switches
    to "everything" first."""

    _EDIT_INTENTS = ("edit", "edit_op", "edit_done", "edit_cancel")

    def edit(self) -> Editor:
        """Start editing the current position; returns the Editor (see `edit_apply`, `edit_done`)."""
        self._run(self._start_edit, editing=True)
        return self._editor

    def edit_apply(self, op: dict) -> list[str]:
        """One edit, e.g. ``{"op": "put", "piece": "B6s", "to": "flower:Lily"}``; returns the problems."""
        self._run(lambda: self._edit_op(op), editing=True)
        return list(self._editor.problems)

    def edit_done(self):
        """Make the edited position the root of a new line (the previous timeline goes to `timelines`)."""
        self._run(self._finish_edit, editing=True)
        return self._tl

    def edit_cancel(self) -> None:
        self._run(self._cancel_edit, editing=True)

    @property
    def timelines(self) -> list:
        """Earlier timelines, left behind by edits (oldest first); the current one is `timeline`."""
        return list(self._timelines)

    @property
    def editing(self) -> bool:
        return self._editor is not None

    def _start_edit(self) -> None:
        if self._editor is not None:
            return
        if self.lock_seat:
            raise PermissionError("a seat-locked explorer cannot edit: the editor shows every hidden part")
        if self.viewer is not None:
            raise PermissionError("the editor shows every hidden part: view 'everything' to edit")
        self._editor = Editor(self.state)
        self.diff, self.analysis, self.preview = {}, {}, {}

    def _edit_op(self, op) -> None:
        if self._editor is None:
            raise ValueError("not editing: press Edit (or call edit()) first")
        self._editor.apply(op)

    def _finish_edit(self) -> None:
        if self._editor is None:
            raise ValueError("not editing: press Edit (or call edit()) first")
        state = self._editor.result()
        from .timeline import Timeline
        self._timelines.append(self._tl)
        self._tl = Timeline(state)
        self._editor = None
        self._mark = None
        self._texts.clear()  # node ids start again at 0 in the new timeline
        self._scores.clear()
        self._race_key = None
        self.diff, self.analysis = {}, {}

    def _cancel_edit(self) -> None:
        self._editor = None

    def _edit_guard(self, kind: str) -> None:
        if self._editor is not None and kind not in self._EDIT_INTENTS:
            raise ValueError("finish editing first: Done (a new line from the edited position) or Cancel")
