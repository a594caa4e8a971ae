"""Writing a study by clicking: what a chapter's own explorer (``Explorer(study.chapters[i])``) lets its writer do
besides playing, marking and commenting: chapters (add, rename, reorder, delete, set the intro, choose the
reader's seat, go to another), exercises (a find-the-move with its prompt, hint, several answers, a reply for a
particular wrong move and an explanation; or a question with choices), and **Save** (the study file) and
**Publish** (the page), written next to the notebook (the kernel's working folder) unless told where.

>>> import explorer
>>> from explorer.study import Study
>>> study = Study("Openings")
>>> ch = study.chapter("The first card", explorer.load("lotus", players=3, seed=7))
>>> desk = Desk(ch)
>>> desk.do("chapter_add", {"from": "here", "title": "Another start"}, ch.timeline.root).title
'Another start'
>>> [c.title for c in study.chapters]
['The first card', 'Another start']

The explorer holds a Desk only for a chapter's writer; every intent is checked here (its words, its limits) and
refused with a message saying what was expected.
"""
from __future__ import annotations

import functools
import re
from pathlib import Path

from .core.errors import clip
from .study import LIMITS

CHAPTER_INTENTS = ("chapter_add", "chapter_rename", "chapter_move", "chapter_delete", "chapter_intro",
                   "chapter_seat", "chapter_go")
INTENTS = (*CHAPTER_INTENTS, "exercise_set", "exercise_clear", "study_save", "study_publish")


def slug(title: str) -> str:
    """A file name from a title: 'Reading the chaos board' -> 'reading-the-chaos-board'."""
    words = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
    return words[:60] or "study"


def _text(content: dict, key: str, limit: int, required: bool = False) -> str:
    value = content.get(key, "")
    if value is None:
        value = ""
    if not isinstance(value, str) or len(value) > limit:
        raise ValueError(f"{key}: text of at most {limit} characters")
    if required and not value.strip():
        raise ValueError(f"{key}: write it first")
    return value


def _texts(content: dict, key: str, limit: int, most: int) -> list[str]:
    value = content.get(key) or []
    fits = isinstance(value, list) and len(value) <= most
    if not fits or not all(isinstance(v, str) and len(v) <= limit for v in value):
        raise ValueError(f"{key}: a list of at most {most} texts of at most {limit} characters")
    return value


@functools.cache
def _examples(game: str) -> list[str]:
    """The names of the game's rulebook examples, a chapter may start from one."""
    from .core.setup import example_notes
    try:
        return list(example_notes(game))
    except ValueError:
        return []


class Desk:
    """The writer's tools on `chapter` (which must belong to a study for chapter operations, Save and Publish);
    `folder`: where Save and Publish write (default: the working folder at the time, a notebook's own)."""

    def __init__(self, chapter, folder=None):
        self.chapter = chapter
        self.folder = None if folder is None else Path(folder)
        self.saved = ""  # the last file written by Save, and by Publish
        self.published = ""

    @property
    def study(self):
        if self.chapter.study is None:
            raise ValueError("this chapter is in no study: make one (Study(title).chapter(...)) to add chapters, "
                             "save or publish")
        return self.chapter.study

    # -- what the front end draws
    def synced(self, node, eyes) -> dict:
        """The `study` trait: the chapters, this one's intro and reader's seat, the exercise here (to edit it:
        only in the omniscient view, its answers may name a hand) and where Save and Publish last wrote. Texts
        are read with `eyes` (explorer.reader), as everything else the explorer syncs."""
        ch = self.chapter
        study = ch.study
        chapters = study.chapters if study is not None else [ch]
        said = eyes.words
        ex = ch.exercises.get(node.id)
        out = {"title": said(study.title) if study is not None else "", "index": chapters.index(ch),
               "chapters": [{"title": said(c.title), "positions": len(c.timeline), "exercises": len(c.exercises)}
                            for c in chapters],
               "intro": said(ch.intro), "viewer": ch.viewer, "saved": self.saved, "published": self.published,
               "in_study": study is not None, "examples": _examples(ch.timeline.root.state.game_name)}
        if ex is not None and eyes.viewer is None:
            out["exercise"] = {"kind": ex.kind, "prompt": ex.prompt, "hint": ex.hint, "answers": list(ex.answers),
                               "choices": list(ex.choices), "explanation": ex.explanation,
                               "replies": dict(ex.replies)}
        return out

    # -- intents
    def do(self, kind: str, content: dict, node):
        """Carry out one writer's intent at `node`; returns the chapter the explorer should now show (itself
        unless a chapter was added, deleted or chosen)."""
        if not isinstance(content, dict):
            content = {}
        handler = getattr(self, "_" + kind, None)
        if kind not in INTENTS or handler is None:
            raise ValueError(f"unknown writer's intent {clip(repr(kind), 40)}")
        got = handler(content, node)
        return self.chapter if got is None else got

    def _chapter_add(self, content, node):
        from .study import Chapter
        from .timeline import Timeline
        study = self.study
        title = _text(content, "title", LIMITS["title"]) or f"Chapter {len(study.chapters) + 1}"
        source = content.get("from", "here")
        if source == "here":
            start = node.state
        elif source == "start":
            start = self.chapter.timeline.root.state
        elif source == "example":
            from .core.setup import example
            name = content.get("example")
            if not isinstance(name, str):
                raise ValueError("example: the name of one of explorer.examples(game)")
            start = example(self.chapter.timeline.root.state.game_name, name)
        else:
            raise ValueError("from: 'here' (this position), 'start' (this chapter's start) or 'example'")
        new = Chapter(title, Timeline(start), viewer=self.chapter.viewer)
        new.study = study
        study.chapters.insert(study.chapters.index(self.chapter) + 1, new)
        self.chapter = new
        return new

    def _chapter_rename(self, content, node):
        self.chapter.title = _text(content, "title", LIMITS["title"], required=True)

    def _chapter_intro(self, content, node):
        self.chapter.intro = _text(content, "intro", LIMITS["intro"])

    def _chapter_seat(self, content, node):
        seat = content.get("seat")
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, (int, str))):
            raise ValueError("seat: null (everything), -1 (a spectator) or a seat number")
        self.chapter.viewer = seat

    def _chapter_move(self, content, node):
        chapters = self.study.chapters
        by = content.get("by")
        if by not in (-1, 1):
            raise ValueError("by: -1 (earlier) or 1 (later)")
        i = chapters.index(self.chapter)
        j = i + by
        if 0 <= j < len(chapters):
            chapters[i], chapters[j] = chapters[j], chapters[i]

    def _chapter_delete(self, content, node):
        chapters = self.study.chapters
        if len(chapters) == 1:
            raise ValueError("a study keeps at least one chapter: add another before deleting this one")
        if content.get("confirm") is not True:
            raise ValueError("deleting a chapter loses its moves, notes and exercises: confirm it")
        i = chapters.index(self.chapter)
        chapters.pop(i)
        self.chapter.study = None
        self.chapter = chapters[min(i, len(chapters) - 1)]
        return self.chapter

    def _chapter_go(self, content, node):
        chapters = self.study.chapters
        i = content.get("index")
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(chapters):
            raise ValueError(f"index: a chapter number 0..{len(chapters) - 1}")
        self.chapter = chapters[i]
        return self.chapter

    def _exercise_set(self, content, node):
        kind = content.get("kind", "move")
        prompt = _text(content, "prompt", LIMITS["prompt"])
        hint = _text(content, "hint", LIMITS["hint"])
        explanation = _text(content, "explanation", LIMITS["explanation"])
        if kind == "move":
            answers = _texts(content, "answers", LIMITS["choice"], 20)
            if not answers:
                raise ValueError("answers: pick at least one move (on the board or in the list of moves)")
            replies = content.get("replies") or {}  # checked by Chapter.exercise
            self.chapter.exercise(node, answers, hint=hint, explanation=explanation, prompt=prompt or None,
                                  replies=replies)
        elif kind == "question":
            choices = _texts(content, "choices", LIMITS["choice"], 8)
            right = content.get("right")
            if not isinstance(right, list) or not right:
                raise ValueError("right: the number(s) of the right choice(s)")
            self.chapter.question(node, prompt, choices, right, hint=hint, explanation=explanation)
        else:
            raise ValueError("kind: 'move' (find the move) or 'question'")

    def _exercise_clear(self, content, node):
        self.chapter.exercises.pop(node.id, None)

    def _where(self, suffix: str) -> Path:
        """Where the study was saved or loaded from (the page beside it), else '<title>.study.json' in the
        desk's folder or the working folder (a notebook's own)."""
        known = self.study.path
        if known is not None:
            stem = known.name[: -len(".study.json")] if known.name.endswith(".study.json") else known.stem
            return known.with_name(stem + suffix)
        folder = self.folder if self.folder is not None else Path.cwd()
        return folder / f"{slug(self.study.title)}{suffix}"

    def _study_save(self, content, node):
        path = self._where(".study.json")
        self.study.save(path)
        self.saved = str(path)

    def _study_publish(self, content, node):
        path = self._where(".html")
        self.study.to_html(path)
        self.published = str(path)


__all__ = ["INTENTS", "Desk", "slug"]
