"""A study chapter opened in an explorer: its exercises, the reader's answers, and what the reader may reach.

>>> import explorer
>>> from explorer.study import Study
>>> study = Study("A first look")
>>> ch = study.chapter("Opening", explorer.load("lotus_chaos", seed=1))
>>> _ = ch.exercise(0, answers=["place N"])
>>> _ = ch.timeline.play("place N")
>>> ex = study.explorer(0)                      # a reader's explorer holds a Lesson
>>> ex.meta["exercise"], ex.meta["at_end"]       # at an unsolved exercise: nothing ahead is shown
(True, True)
>>> ex.answer("place N")["result"]
'right'

Opened on a study chapter, the explorer is a lesson: ``study.explorer(i)`` for a reader (on a copy of the
chapter's timeline, so two explorers never move each other), ``Explorer(chapter)`` for its author (on the
chapter's own timeline: marks and comments made there are the study's). At an exercise node the
reader's move is judged (right: the explanation and the rules it relies on; legal but wrong: what the
heuristic bot makes of it; illegal: the rule it breaks) and the moves after an unsolved exercise are not
shown, nor may the reader reach them by any intent, until it is solved or the answer is asked for.
What the reader is shown of it all is decided by explorer.reader.
"""
from __future__ import annotations

from . import reader

STEPS = ("forward", "end", "random", "playout", "bot", "analyse")  # what would answer for the reader
TARGETED = ("goto", "mark", "comment", "promote", "delete")  # intents naming a node by "id"


class Lesson:
    """The chapter (or None: a plain explorer, where nothing is ever held up), whether its `timeline` is the
    chapter's own (`author`: its writer) or a reader's copy, and the reader's progress."""

    def __init__(self, chapter, timeline):
        if chapter is not None:
            from .study import Chapter
            if not isinstance(chapter, Chapter) or chapter.timeline.root.state != timeline.root.state:
                raise ValueError("chapter= goes with that chapter's timeline (or a copy): use study.explorer(i)")
        self.chapter = chapter
        self.author = chapter is not None and chapter.timeline is timeline  # Explorer(chapter): its writer
        self.solved: set[int] = set()
        self.feedback: dict[int, dict] = {}  # exercise node id -> the verdict on the last answer there

    def exercise(self, node):
        return None if self.chapter is None else self.chapter.exercises.get(node.id)

    def unsolved(self, node) -> bool:
        """An exercise the reader has not solved (its writer is never held up by one): the moves after it
        are hidden."""
        return not self.author and node.id not in self.solved and self.exercise(node) is not None

    def behind(self, node) -> bool:
        """True if `node` comes after an unsolved exercise."""
        up = node.parent
        while up is not None:
            if self.unsolved(up):
                return True
            up = up.parent
        return False

    def guard(self, kind: str, content, timeline, mark) -> None:
        """Refuse an intent that would step past an unsolved exercise, let a bot answer it, or reach a node
        after it by naming it (goto, mark, comment, promote, delete) or comparing with it."""
        if kind in STEPS and self.unsolved(timeline.current):
            raise ValueError("an exercise: find the move yourself first (or ask for the answer)")
        if self.chapter is None or self.author:
            return
        target = None
        if kind in TARGETED and isinstance(content, dict):
            ref = content.get("id")
            if isinstance(ref, int) and not isinstance(ref, bool):
                target = timeline.nodes.get(ref)
        elif kind == "compare":
            target = mark
        if target is not None and self.behind(target):
            raise ValueError("that position comes after an exercise you have not solved yet: "
                             "find the move there first (or ask for the answer)")

    @property
    def reader(self) -> bool:
        """A reader's explorer (a copy of a chapter's timeline): the chapter's words are its author's."""
        return self.chapter is not None and not self.author

    def toggle(self, node) -> None:
        """The writer's Exercise button: make `node` a find-the-move whose answer is the main line's next move
        (its comment the explanation), or, if it is one already, stop it being one."""
        if not self.author:
            raise PermissionError("exercises are set on a study's own chapter: open Explorer(study.chapters[i])")
        if node.id in self.chapter.exercises:
            del self.chapter.exercises[node.id]
            return
        if not node.children:
            raise ValueError("play the answer first: the main line's next move becomes the exercise's answer")
        answer = node.children[0]
        self.chapter.exercise(node, answers=[answer.action], explanation=answer.comment[:4000])

    def answer(self, node, content) -> str | None:
        """The reader's answer at `node` ({"show": True}, {"text": move} or {"choice": n}); returns the move to
        play if it was a right find-the-move answer."""
        ex = self.exercise(node)
        if ex is None:
            raise ValueError("there is no exercise at this position")
        if content.get("show"):  # gives up: a find-the-move's answer is played, as the page does
            self.solved.add(node.id)
            self.feedback[node.id] = {"node": node.id, "result": "shown", "message": ex.answer_text()}
            return ex.answers[0] if ex.kind == "move" else None
        pick = content.get("choice") if ex.kind == "question" else content.get("text")
        if ex.kind == "question" and not (isinstance(pick, int) and not isinstance(pick, bool)):
            raise ValueError("a question's answer is the number of a choice")
        return self.judge(node, pick)

    def judge(self, node, answer) -> str | None:
        """Judge a reader's answer at exercise node `node`; the move to play if it is a right one."""
        ex = self.exercise(node)
        v = self.chapter.check(node.id, answer)  # by id: the explorer may hold a copy of the timeline
        self.feedback[node.id] = {"node": node.id, "result": v.result, "message": v.message, "rules": list(v.rules)}
        if v.result != "right":
            return None
        self.solved.add(node.id)
        if ex.kind != "move":
            return None
        played = str(node.state.parse_action(str(answer).strip()))
        main = node.children[0].action if node.children else None
        if main in ex.answers and played != main:  # another right answer: the lesson goes on along its line
            self.feedback[node.id]["message"] += f" The lesson goes on with {main}, the other answer."
            return main
        return played

    def asks_move(self, node) -> bool:
        """A move played at `node` is an answer to judge (an unsolved find-the-move), not simply a move."""
        ex = self.exercise(node)
        return ex is not None and ex.kind == "move" and node.id not in self.solved

    def shown_feedback(self, node) -> dict | None:
        """The verdict to show at `node`: its own exercise's, or, just after a solved find-the-move, that one's
        (its explanation) unless this node asks something new."""
        if self.exercise(node) is not None:
            return self.feedback.get(node.id)
        up = node.parent
        asked = self.exercise(up) if up is not None else None
        fb = self.feedback.get(up.id) if asked is not None else None
        if fb and fb["result"] in ("right", "shown") and asked.kind == "move" and node.action in asked.answers:
            return fb
        return None

    def synced(self, node, eyes) -> dict:
        """The `lesson` trait: marks, exercise and verdict as explorer.reader shows them to `eyes`."""
        return reader.lesson(self.chapter, node, eyes, node.id in self.solved, self.shown_feedback(node))

    def reset(self) -> None:
        """A new viewer: the verdicts shown to the last one go."""
        self.feedback = {}


__all__ = ["Lesson"]
