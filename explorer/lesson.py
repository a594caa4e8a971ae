"""The explorer's study side: marks on the board (arrows, highlights, a glyph) and exercises.

>>> import explorer
>>> from explorer import Explorer
>>> ex = Explorer("lotus_chaos", seed=1)
>>> ex.annotate(arrows=[("N", "centre")], highlights=["NE"], glyph="!?")
>>> ex.lesson["marks"]["arrows"]
[['N', 'centre', 'green']]

Marks live on timeline nodes (``Timeline.annotate``) and are synced as the viewer may see them (a mark
on a place hidden from a seat is not sent to it). The front end's annotate tool (widgets/marks.js)
sends one intent per click; Python checks every place against the game's places for the viewer.

Opened on a study chapter, the explorer is a lesson: ``study.explorer(i)`` for a reader (on a copy of the
chapter's timeline, so two explorers never move each other), ``Explorer(chapter)`` for its author (on the
chapter's own timeline: marks and comments made there are the study's). At an exercise node the
reader's move is judged (right: the explanation and the rules it relies on; legal but wrong: what the
heuristic bot makes of it; illegal: the rule it breaks) and the moves after an unsolved exercise are not
shown, nor may the reader step past it, until it is solved or the answer is asked for.
"""
from __future__ import annotations

from . import reader
from .core.errors import clip

ANNOTATE_OPS = ("arrow", "highlight", "glyph", "clear")


class LessonMode:
    """Mixed into Explorer: `annotate`, the `lesson` trait's content, and exercise intents."""

    _chapter = None

    def _lesson_init(self, chapter) -> None:
        if chapter is not None:
            from .study import Chapter
            if not isinstance(chapter, Chapter) or chapter.timeline.root.state != self._tl.root.state:
                raise ValueError("chapter= goes with that chapter's timeline (or a copy): use study.explorer(i)")
        self._chapter = chapter
        self._author = chapter is not None and chapter.timeline is self._tl  # Explorer(chapter): its writer
        self._solved: set[int] = set()
        self._feedback: dict[int, dict] = {}  # exercise node id -> the verdict on the last answer there

    # -- marks
    def annotate(self, arrows=None, highlights=None, glyph=None, node=None) -> None:
        """Draw on this position (or `node`'s): arrows [(from, to[, colour])], highlights [place or
        (place, colour)], a glyph ('!', '?', '!!', '??', '!?', '?!', or '' for none). Each part given
        replaces that part. Places as ``explorer.annotations.places(ex.state, ex.viewer)`` lists them."""
        self._run(lambda: self._tl.annotate(self._tl.current if node is None else node, arrows=arrows,
                                            highlights=highlights, glyph=glyph, viewer=self.viewer))

    def _front_annotate(self, op) -> None:
        """One click of the annotate tool: toggle an arrow or a highlight, set or clear the glyph."""
        if self.lock_seat and self.viewer is not None and self._chapter is not None:
            raise PermissionError("this lesson is read-only: its marks are the author's")
        if not isinstance(op, dict) or op.get("op") not in ANNOTATE_OPS:
            raise ValueError(f"an annotation is {{'op': one of {', '.join(ANNOTATE_OPS)}, ...}}, "
                             f"got {clip(repr(op), 80)}")
        node = self._tl.current
        old = node.marks
        colour = op.get("colour", "green")
        kind = op["op"]
        if kind == "clear":
            self._tl.annotate(node, arrows=[], highlights=[], glyph="")
        elif kind == "glyph":
            g = op.get("glyph")
            self._tl.annotate(node, glyph="" if g == old.glyph else g)
        elif kind == "arrow":
            a, b = op.get("from"), op.get("to")
            same = [x for x in old.arrows if (x[0], x[1]) == (a, b)]
            kept = [x for x in old.arrows if (x[0], x[1]) != (a, b)]
            if not same or same[0][2] != colour:  # a click on the same arrow in the same colour removes it
                kept.append((a, b, colour))
            self._tl.annotate(node, arrows=kept, viewer=self.viewer)
        else:
            p = op.get("place")
            same = [x for x in old.highlights if x[0] == p]
            kept = [x for x in old.highlights if x[0] != p]
            if not same or same[0][1] != colour:
                kept.append((p, colour))
            self._tl.annotate(node, highlights=kept, viewer=self.viewer)

    # -- exercises
    def answer(self, answer=None, show: bool = False) -> dict:
        """Answer the exercise here as a reader would: a move's text (or a choice's number for a question),
        or ``show=True`` for the answer. Returns the feedback the widget shows ({"result", "message", ...})."""
        msg = {"show": True} if show else {"text": answer, "choice": answer}
        node = self._tl.current
        self._run(lambda: self._front_answer(msg))
        return dict(self._feedback.get(node.id, {}))

    def _exercise(self, node=None):
        if self._chapter is None:
            return None
        node = self._tl.current if node is None else node
        return self._chapter.exercises.get(node.id)

    def _unsolved(self, node) -> bool:
        """An exercise the reader has not solved (its writer is never held up by one)."""
        ex = self._exercise(node)
        return ex is not None and node.id not in self._solved and not self._author

    def _front_exercise(self) -> None:
        """The writer's Exercise button: make this position a find-the-move whose answer is the main line's next
        move (its comment the explanation), or, if it is one already, stop it being one."""
        if not self._author:
            raise PermissionError("exercises are set on a study's own chapter: open Explorer(study.chapters[i])")
        node = self._tl.current
        if node.id in self._chapter.exercises:
            del self._chapter.exercises[node.id]
            return
        if not node.children:
            raise ValueError("play the answer first: the main line's next move becomes the exercise's answer")
        answer = node.children[0]
        self._chapter.exercise(node, answers=[answer.action], explanation=answer.comment[:4000])

    def _stop_ahead(self, node) -> bool:
        """True if the moves after `node` are hidden (an unsolved exercise)."""
        return self._unsolved(node)

    def _front_answer(self, content) -> None:
        ex = self._exercise()
        if ex is None:
            raise ValueError("there is no exercise at this position")
        node = self._tl.current
        if content.get("show"):
            self._solved.add(node.id)
            self._feedback[node.id] = {"node": node.id, "result": "shown", "message": ex.answer_text()}
            return
        pick = content.get("choice") if ex.kind == "question" else content.get("text")
        if ex.kind == "question" and not (isinstance(pick, int) and not isinstance(pick, bool)):
            raise ValueError("a question's answer is the number of a choice")
        self._judge(node, ex, pick)

    def _judge(self, node, ex, answer) -> bool:
        """Judge a reader's answer at exercise node `node`; a right move is played (followed if known)."""
        v = self._chapter.check(node.id, answer)  # by id: the explorer may hold a copy of the timeline
        self._feedback[node.id] = {"node": node.id, "result": v.result, "message": v.message, "rules": list(v.rules)}
        if v.result == "right":
            self._solved.add(node.id)
            if ex.kind == "move":
                self._play(str(answer).strip())
        return v.result == "right"

    def _exercise_move(self, text) -> bool:
        """A move typed or clicked at an unsolved exercise: judged instead of simply played. True if handled."""
        node = self._tl.current
        ex = self._exercise(node)
        if ex is None or ex.kind != "move" or node.id in self._solved:
            return False
        self._judge(node, ex, text)
        return True

    def _guard_step(self, kind: str, content=None) -> None:
        """A reader at an unsolved exercise may not step past it or let a bot answer, nor reach a node after
        one by any other intent (goto, mark, compare, comment, promote, delete)."""
        if kind in ("forward", "end", "random", "playout", "bot", "analyse") and self._unsolved(self._tl.current):
            raise ValueError("an exercise: find the move yourself first (or ask for the answer)")
        if self._chapter is None or self._author:
            return
        targets = []
        if kind in ("goto", "mark", "comment", "promote", "delete") and isinstance(content, dict):
            ref = content.get("id")
            if isinstance(ref, int) and not isinstance(ref, bool) and ref in self._tl.nodes:
                targets.append(self._tl.nodes[ref])
        elif kind == "compare" and self._mark is not None and self._mark.id in self._tl.nodes:
            targets.append(self._mark)
        if any(self._behind_exercise(n) for n in targets):
            raise ValueError("that position comes after an exercise you have not solved yet: "
                             "find the move there first (or ask for the answer)")

    def _behind_exercise(self, node) -> bool:
        """True if `node` comes after an unsolved exercise (a reader may not see it yet)."""
        up = node.parent
        while up is not None:
            if self._unsolved(up):
                return True
            up = up.parent
        return False

    # -- what is synced
    def _lesson_state(self, node, eyes) -> dict:
        """The `lesson` trait: marks, exercise and verdict as explorer.reader shows them to `eyes`."""
        return reader.lesson(self._chapter, node, eyes, node.id in self._solved,
                             self._shown_feedback(node, self._exercise(node)))

    def _shown_feedback(self, node, ex) -> dict | None:
        """The verdict to show at `node`: its own exercise's, or, just after a solved find-the-move, that one's
        (its explanation) unless this node asks something new."""
        if ex is not None:
            return self._feedback.get(node.id)
        up = node.parent
        asked = self._exercise(up) if up is not None else None
        fb = self._feedback.get(up.id) if asked is not None else None
        if fb and fb["result"] in ("right", "shown") and asked.kind == "move" and node.action in asked.answers:
            return fb
        return None

    def _lesson_reset(self) -> None:
        self._feedback = {}


__all__ = ["LessonMode"]
