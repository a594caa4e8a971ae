"""One explorer's line of play: the timeline and what is held about it, and the changes that touch several parts.

>>> import explorer
>>> from explorer.moves import Moves
>>> from explorer.insight import Insight
>>> from explorer.timeline import Timeline
>>> s = Session(Timeline(explorer.load("lotus", players=3, seed=7)), None, Moves(), Insight())
>>> s.play("4s", viewer=None).ply, s.players
(1, 3)

The parts: the lesson (a study chapter's exercises, explorer.lesson), the writer's desk (explorer.writer), the
edit session (explorer.editor), the marks clicked (annotations.Clicks), the node marked to compare
(compare.Comparison), the moves made (explorer.moves) and the analysis (explorer.insight). The widget
(explorer.widgets) holds one Session; the page's intents (explorer.front) change it; explorer.screen reads it
to build what a viewer is shown. `on_line(kind)` is told when nodes go ("deleted") or the timeline is replaced
("edited", "chapter", or "game": a chapter of another game).
"""
from __future__ import annotations

from .annotations import Clicks
from .compare import Comparison
from .editor import EditSession
from .lesson import Lesson
from .reader import Reader
from .writer import Desk


class Session:
    def __init__(self, tl, chapter, moves, insight, on_line=lambda kind: None):
        self.tl = tl
        self.moves = moves
        self.insight = insight
        self.on_line = on_line
        self.lesson = Lesson(chapter, tl)  # a study chapter's exercises and the reader's progress
        self.desk = Desk(chapter) if self.lesson.author else None  # the writer's tools
        self.edits = EditSession()  # the board editor while editing, and the timelines edits left behind
        self.clicks = Clicks()
        self.comparison = Comparison()
        self.preview: dict = {}  # state.preview(action) for the action the page points at
        self._seats(tl)

    def _seats(self, tl) -> None:
        """The seats of `tl`'s game: how many, their names, and the reader that names them."""
        state = tl.root.state
        self.players = state.num_players
        self.names = state.seat_names()
        self.reader = Reader(self.names)  # what each viewer reads of each node (explorer.reader)

    def tip(self):
        """Where the main line from the current node ends (or stops, at an unsolved exercise)."""
        tip = self.tl.current
        while tip.children and not self.lesson.unsolved(tip):
            tip = tip.children[0]
        return tip

    # -- moves
    def play(self, action, viewer):
        return self.moves.play(self.tl, action, viewer)

    def answer(self, content, viewer) -> None:
        """A reader's answer to the exercise here (lesson.Lesson.answer); a right move is played."""
        move = self.lesson.answer(self.tl.current, content)
        if move is not None:
            self.play(move, viewer)

    def delete(self, node) -> None:
        self.tl.delete(node)
        self.reader.forget(self.tl.nodes)  # forget what was said of deleted nodes
        self.on_line("deleted")

    def analyse(self, name, viewer) -> None:
        self.insight.analyse(self.tl.current, viewer, self.names, name or self.moves.bot_name,
                             lambda: self.moves.bot(name), self.moves.bot_seed())

    def review(self, viewer, iterations=None, seed=None, background=True):
        if self.lesson.reader:
            raise PermissionError("a lesson is read, not reviewed: open the chapter's own explorer to review it")
        return self.insight.start(self.tl, viewer, iterations, seed, background)

    # -- what is shown besides the position
    def clear_shown(self) -> None:
        """The comparison, the preview and the analysis go."""
        self.comparison.diff, self.preview, self.insight.table = {}, {}, {}

    def new_viewer(self, viewer) -> None:
        """Whatever was shown to the previous viewer goes; the editor (which shows everything) ends for a seat."""
        self.clear_shown()
        self.lesson.reset()
        if viewer is not None:
            self.edits.cancel()

    def drop_stale(self, node, viewer, can_act) -> None:
        """A preview of another node, an analysis of another node or viewer, go."""
        if self.preview and self.preview.get("node") != node.id:
            self.preview = {}
        self.insight.drop_stale(node, viewer, can_act)

    # -- the board editor, and the chapters a writer opens
    def start_edit(self, lock_seat, viewer) -> None:
        if self.lesson.reader:  # Done would replace the lesson's line with the edited position
            raise PermissionError("a lesson is read, not edited: open the chapter's own explorer "
                                  "(Explorer(study.chapters[i])) to edit its positions")
        if self.edits.start(self.tl.current.state, lock_seat, viewer):
            self.clear_shown()

    def finish_edit(self) -> None:
        """A new line from the edited position; in a chapter's explorer, the chapter's (Chapter.edited)."""
        chapter = self.lesson.chapter if self.lesson.author else None
        if chapter is not None and chapter.written() and chapter.study is None:  # refused before anything changes
            raise ValueError("this chapter is in no study, and it already has moves or notes: Cancel, then add the "
                             "edited position as a chapter of a study (study.chapter(title, state))")
        tl = self.edits.finish(self.tl)
        self._use(tl, chapter.edited(tl) if chapter is not None else None)
        self.on_line("edited")

    def write(self, kind: str, content) -> None:
        """A writer's intent (explorer.writer): chapters, exercises, Save and Publish."""
        if self.desk is None:
            raise PermissionError("a study is written in a chapter's own explorer: Explorer(study.chapters[i])")
        chapter = self.desk.do(kind, content, self.tl.current)
        if chapter is not self.lesson.chapter:  # added, chosen, or the one left when this one was deleted
            game = self.tl.root.state.game_name
            self._use(chapter.timeline, chapter)
            self.on_line("chapter" if self.tl.root.state.game_name == game else "game")

    def _use(self, tl, chapter=None) -> None:
        """Show `tl` (a line an edit started, or a chapter's): what was said of the old line's nodes goes, as
        their ids start again at 0. `chapter`: the chapter `tl` is, which the writer now writes."""
        self.tl = tl
        if chapter is not None:
            self.lesson = Lesson(chapter, tl)
            self.desk.chapter = chapter
        self.comparison.mark = None
        self.clicks.clear()
        self._seats(tl)
        self.insight.reset()
        self.clear_shown()


__all__ = ["Session"]
