"""The page's intents: each message from the explorer's front end checked, then routed to its session.

>>> import explorer
>>> from explorer.insight import Insight
>>> from explorer.moves import Moves
>>> from explorer.session import Session
>>> from explorer.timeline import Timeline
>>> session = Session(Timeline(explorer.load("lotus", players=3, seed=7)), None, Moves(), Insight())
>>> front = Front(session, set_seat=print)
>>> front.handle({"type": "act", "text": "4s"}, viewer=1, locked=False)   # Blue may not move for Red
Traceback (most recent call last):
PermissionError: it is Red Ladybug's turn; you are viewing as Blue Dragonfly
>>> front.handle({"type": "act", "text": "4s"}, viewer=0, locked=False)
>>> session.tl.current.action
'4s'

Messages are untrusted: ``{"type": kind, ...}`` with a kind listed below; a seat viewer may only move for
itself, a locked seat may not change seat nor delete what it played on the game's line, a lesson's reader
may not reach past an unsolved exercise (explorer.lesson). A bad message raises with what was expected,
which the widget shows as its `error` (explorer.widgets never lets it raise further).
"""
from __future__ import annotations

from .core.errors import clip
from .moves import BOT_NAMES, may_act
from .writer import INTENTS as WRITER_INTENTS


def _unknown(kind):
    raise ValueError(f"unknown intent {kind!r}")


def _node_id(value) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"not a node id: {value!r}")
    return value


class Front:
    """Routes `{"type": ...}` messages to `session` (explorer.session); `set_seat(value)` changes the viewer."""

    def __init__(self, session, set_seat):
        self.session = session
        self.set_seat = set_seat

    def handle(self, content, viewer, locked: bool) -> None:
        """Check and carry out one message from `viewer` (`locked`: the explorer's seat is locked)."""
        s = self.session
        kind = content.get("type") if isinstance(content, dict) else None
        if not isinstance(kind, str):
            s.edits.guard("")
            _unknown(kind)
        s.edits.guard(kind)
        s.lesson.guard(kind, content, s.tl, s.comparison.mark)
        tl, edits, insight = s.tl, s.edits, s.insight
        handlers = {
            "act": lambda: self._act(content.get("text"), viewer),
            "back": tl.back, "forward": tl.forward, "start": tl.start, "end": tl.end,
            "annotate": lambda: self._readonly(viewer, locked) or s.clicks.click(tl, content.get("op"), viewer),
            "annotate_undo": lambda: self._readonly(viewer, locked) or s.clicks.step(tl, undo=True),
            "annotate_redo": lambda: self._readonly(viewer, locked) or s.clicks.step(tl, undo=False),
            "exercise": lambda: s.lesson.toggle(tl.current),
            "answer": lambda: s.answer(content, viewer),
            "goto": lambda: tl.goto(_node_id(content.get("id"))),
            "seat": lambda: self._seat(content.get("seat"), locked),
            "random": lambda: self._may_act(viewer) or s.play(s.moves.random(tl.current.state), viewer),
            "playout": lambda: self._playout(viewer),
            "promote": lambda: tl.promote_to_main(self._target(content)),
            "delete": lambda: self._delete(self._target(content), viewer, locked),
            "comment": lambda: self._comment(content, viewer),
            "mark": lambda: s.comparison.set_mark(tl, self._target(content)),
            "compare": lambda: s.comparison.compare(tl, None, None, viewer),
            "clear_compare": s.comparison.clear,
            **{k: (lambda k=k: s.write(k, content)) for k in WRITER_INTENTS},
            "edit": lambda: s.start_edit(locked, viewer), "edit_op": lambda: edits.apply(content.get("op")),
            "edit_done": s.finish_edit, "edit_cancel": edits.cancel,
            "edit_undo": edits.undo, "edit_redo": edits.redo,
            "edit_drop": lambda: edits.drop(content.get("index")),
            "preview": lambda: self._preview(content.get("text"), viewer),
            "bot": lambda: self._bot(content.get("bot"), viewer, play=True),
            "analyse": lambda: self._bot(content.get("bot"), viewer, play=False),
            "evaluate": lambda: insight.set_bar(content.get("on")),
            "review": lambda: s.review(viewer),
            "review_cancel": insight.stop,
        }
        (handlers.get(kind) or (lambda: _unknown(kind)))()

    def _target(self, content):
        ref = content.get("id")
        tl = self.session.tl
        return tl.current if ref is None else tl.node(_node_id(ref))

    def _may_act(self, viewer) -> None:
        s = self.session
        may_act(s.tl.current.state, viewer, s.names)

    def _act(self, text, viewer) -> None:
        if not isinstance(text, str) or not text.strip():
            raise ValueError("type an action in the game's notation")
        self._may_act(viewer)
        s = self.session
        if s.lesson.asks_move(s.tl.current):  # an answer to judge, played only if right
            s.answer({"text": text}, viewer)
        else:
            s.play(text.strip(), viewer)

    def _readonly(self, viewer, locked) -> None:
        if locked and viewer is not None and self.session.lesson.chapter is not None:
            raise PermissionError("this lesson is read-only: its marks are the author's")

    def _seat(self, seat, locked) -> None:
        if locked:
            raise PermissionError("the seat is locked for this explorer")
        if seat is not None and (not isinstance(seat, (int, str)) or isinstance(seat, bool)):
            raise ValueError(f"not a viewer: {clip(repr(seat), 40)} (expected null, -1 or a seat number)")
        self.set_seat(seat)

    def _playout(self, viewer) -> None:
        if viewer is not None:
            raise PermissionError("play out moves for every seat: view everything to use it")
        self.session.moves.playout(self.session.tl, viewer)

    def _delete(self, node, viewer, locked) -> None:
        """A locked seat's moves on the game's own line are played, as at the table: it may delete only inside
        the variations it opened (played on re-sampled copies), so it cannot play a move, read what it
        revealed (a drawn card, an accusation's answer) and take it back."""
        s = self.session
        if locked and viewer is not None:
            opened = any(n.sampled is not None and n.sampled[0] == viewer for n in s.tl.line(node))
            if not opened:
                who = s.names[viewer] if viewer >= 0 else "a spectator"
                raise PermissionError(f"viewing as {who}, moves on the game's line are played and stay played: "
                                      "you may delete only the variations you opened")
        s.delete(node)

    def _comment(self, content, viewer) -> None:
        s = self.session
        if s.lesson.reader:
            raise PermissionError("a lesson's comments are its author's: open Explorer(study.chapters[i]) to write")
        text = content.get("text")
        if not isinstance(text, str) or len(text) > 2000:
            raise ValueError("a comment is text of at most 2000 characters")
        s.tl.comment(self._target(content), text, viewer=viewer)

    def _preview(self, text, viewer) -> None:
        self._may_act(viewer)
        if not isinstance(text, str) or len(text) > 2000:
            raise ValueError("an action is text in the game's notation")
        s = self.session
        state = s.tl.current.state
        s.preview = dict(state.preview(state.parse_action(text)) or {}, action=text, node=s.tl.current.id)

    def _bot(self, name, viewer, play: bool) -> None:
        if name is not None and (not isinstance(name, str) or name not in BOT_NAMES):
            raise ValueError(f"bot must be one of {', '.join(BOT_NAMES)}, not {clip(repr(name), 40)}")
        self._may_act(viewer)  # a bot acts for, and reads the view of, the seat to act only
        s = self.session
        if play:
            s.play(s.moves.bot(name).choose(s.tl.current.state), viewer)
        else:
            s.analyse(name, viewer)


__all__ = ["Front"]
