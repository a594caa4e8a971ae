"""Studies: chapters of annotated lines with find-the-move exercises, like a lichess study.

>>> import explorer
>>> from explorer.study import Study
>>> study = Study("Opening ideas", intro="Three-player Lotus, seed 7.")
>>> ch = study.chapter("Play or score?", explorer.load("lotus", players=3, seed=7))
>>> _ = ch.timeline.play("7s")
>>> _ = ch.timeline.annotate(arrows=[("Red hand", "Lotus")], glyph="!")
>>> ex = ch.exercise(0, answers=["7s"], hint="Which flower scores most?", explanation="Start the Lotus.")
>>> ch.check(0, "7s").result, ch.check(0, "4s").result, ch.check(0, "9z").result
('right', 'wrong', 'illegal')
>>> _ = study.save("opening.study.json"); Study.load("opening.study.json").chapters[0].title
'Play or score?'

A chapter is a titled Timeline (its own start position, variations, comments and marks: see
explorer.annotations) with exercises on some of its nodes. An exercise at node N asks for the move
from N's position (`answers`: one or more moves in the game's notation) or a question about it
(`choices`, `answer`). Publish with `explorer.publish` (``study.to_notebook``, ``study.to_html``).

Saved studies are JSON with a format name and version; loading validates everything (pydantic for the
shape, the engines for every move and place) and raises PositionError naming the field.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal, NotRequired

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError
from typing_extensions import TypedDict

from .core.errors import IllegalAction, PositionError, clip
from .core.limits import bounded_list, few_fields
from .core.state import State
from .timeline import Node, Timeline

FORMAT = "explorer-study"
VERSION = 1
LIMITS = {"title": 200, "intro": 10_000, "prompt": 1_000, "hint": 1_000, "explanation": 4_000, "choice": 200}


@dataclass(frozen=True)
class Verdict:
    """What a reader's answer gets: `result` is "right", "wrong" or "illegal"; `rules` the ledger ids."""

    result: str
    message: str
    rules: tuple[str, ...] = ()


@dataclass
class Exercise:
    """A "find the move" (kind "move": `answers` are move texts) or a question (kind "question":
    `choices`, and `answers` the right choice(s)) at node `node` of a chapter."""

    node: int
    kind: str
    prompt: str
    answers: list[str]
    choices: list[str] = field(default_factory=list)
    hint: str = ""
    explanation: str = ""
    replies: dict[str, str] = field(default_factory=dict)  # a wrong move -> the writer's reply to it

    def answer_text(self) -> str:
        """'The answer: 7s. <explanation>' (the answer not said twice when the explanation starts with it)."""
        said = ", ".join(self.answers)
        if self.explanation.startswith(said):
            return self.explanation
        return f"The answer: {said}. {self.explanation}".strip()

    def to_json(self) -> dict:
        out = {"node": self.node, "kind": self.kind, "prompt": self.prompt, "answers": list(self.answers)}
        if self.choices:
            out["choices"] = list(self.choices)
        for k in ("hint", "explanation"):
            if getattr(self, k):
                out[k] = getattr(self, k)
        if self.replies:
            out["replies"] = dict(self.replies)
        return out


def _text(value, what: str, limit_key: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{what} is text, got {clip(repr(value), 40)}")
    limit = LIMITS[limit_key]
    if len(value) > limit:
        raise ValueError(f"{what} is at most {limit} characters, got {len(value)}")
    return value


def _chapter_viewer(viewer, state: State) -> int | None:
    """None (everything), -1 (a spectator) or a seat of `state`'s game: whose eyes the chapter is read with."""
    from .core.seats import viewer as as_viewer
    v = as_viewer(viewer)
    players = state.num_players
    if v is not None and v >= players:
        raise ValueError(f"viewer: this game has seats 0..{players - 1}, not {v}")
    return v


def rules_of(state: State, action) -> tuple[str, ...]:
    """The rules ledger ids that `state.explain(action)` cites, in order."""
    try:
        said = state.explain(action)
    except (ValueError, TypeError, KeyError, NotImplementedError):
        return ()
    return tuple(getattr(said, "rules", ()))


_CITATION = re.compile(r"\s*[\[(][a-z_]+\.[a-z0-9_.-]+(?:,\s*[a-z_]+\.[a-z0-9_.-]+)*[\])]\.?\s*$")


def move_in_words(state: State, action) -> str:
    """The move as its game says it (`explain`), without its closing rule citation: 'Take the peddler' for
    'spec:S06', so a verdict names cards and pieces as a player does, not by their ids ('' if it cannot)."""
    try:
        said = state.explain(action)
    except (ValueError, TypeError, KeyError, IndexError, NotImplementedError):
        return ""
    said = _CITATION.sub("", said).strip()
    said = said.removeprefix(f"{action}: ")  # Rice Paddy's words begin with the notation
    return said[:1].lower() + said[1:] if said[:1].isupper() and not _proper(state, said) else said


def _proper(state: State, said: str) -> bool:
    """Whether `said` starts with a seat's name (kept capitalised)."""
    return any(said.startswith(name) for name in state.seat_names())


class Chapter:
    """A titled timeline with exercises. `timeline` is a live Timeline: play, annotate and comment on it."""

    def __init__(self, title: str, timeline: Timeline, intro: str = "", viewer=None):
        self.title = _text(title, "a chapter title", "title")
        self.intro = _text(intro, "a chapter intro", "intro")
        self.timeline = timeline
        self.viewer = viewer
        self.exercises: dict[int, Exercise] = {}
        self._opinions: dict[int, dict[str, float]] = {}
        self.study: Study | None = None  # the study it belongs to (set when added to one)

    @property
    def viewer(self) -> int | None:
        """Whose eyes the chapter is read with: None (everything), -1 (a spectator) or a seat."""
        return self._viewer

    @viewer.setter
    def viewer(self, value) -> None:
        self._viewer = _chapter_viewer(value, self.timeline.root.state)

    def __repr__(self):
        return f"<Chapter {self.title!r}: {len(self.timeline)} positions, {len(self.exercises)} exercise(s)>"

    def _node(self, node) -> Node:
        return self.timeline.node(node)

    def written(self) -> bool:
        """Whether anything was written in the chapter: a move, or a comment, mark or exercise on its start."""
        root = self.timeline.root
        return bool(root.children or root.comment or root.marks or self.exercises)

    def edited(self, timeline: Timeline) -> Chapter:
        """Where a position edited in this chapter's explorer goes (`timeline` starts from it): this chapter,
        its start replaced, while nothing is written in it; else a new chapter right after it in its study
        ("<title> (edited)", read with the same eyes), so nothing written is lost."""
        if not self.written():
            self.timeline, self._opinions = timeline, {}
            self.viewer = self.viewer  # checked again against the new start's seats
            return self
        if self.study is None:
            raise ValueError("this chapter is in no study, and it already has moves or notes: add the edited "
                             "position as a chapter of a study (study.chapter(title, ex.timeline))")
        new = Chapter(clip(f"{self.title} (edited)", 200), timeline, viewer=self.viewer)
        new.study = self.study
        self.study.chapters.insert(self.study.chapters.index(self) + 1, new)
        return new

    def exercise(self, node, answers, hint: str = "", explanation: str = "", prompt: str | None = None,
                 replies: dict | None = None) -> Exercise:
        """Make `node` (a Node or id) a find-the-move: each of `answers` must be legal there. `replies`: what to
        say to a particular wrong move ({move: reply}; each a legal move that is not an answer)."""
        n = self._node(node)
        state = n.state
        if state.is_terminal:
            raise ValueError("the game is over at this node: there is no move to find")
        if isinstance(answers, str) or not isinstance(answers, (list, tuple)) or not answers:
            raise ValueError("answers: a list of one or more moves in the game's notation")
        canon = []
        for i, a in enumerate(answers):
            try:
                canon.append(str(state.parse_action(_text(a, f"answers.{i}", "choice"))))
            except ValueError as exc:
                raise ValueError(f"answers.{i}: {clip(str(exc), 300)}") from None
        if prompt is None:
            prompt = "Find the move."
        said = {}
        if not isinstance(replies or {}, dict) or len(replies or {}) > 50:
            raise ValueError("replies: a {move: reply} mapping of at most 50 wrong moves")
        for move, reply in (replies or {}).items():
            try:
                text = str(state.parse_action(_text(move, "a reply's move", "choice")))
            except ValueError as exc:
                raise ValueError(f"replies.{clip(str(move), 20)}: {clip(str(exc), 300)}") from None
            if text in canon:
                raise ValueError(f"replies.{text}: an answer is right; a reply is for a wrong move")
            said[text] = _text(reply, "a reply", "hint")
        ex = Exercise(n.id, "move", _text(prompt, "a prompt", "prompt"), list(dict.fromkeys(canon)),
                      hint=_text(hint, "a hint", "hint"),
                      explanation=_text(explanation, "an explanation", "explanation"), replies=said)
        self.exercises[n.id] = ex
        return ex

    def question(self, node, prompt: str, choices, answer, hint: str = "", explanation: str = "") -> Exercise:
        """Ask a question about `node`'s position: `answer` is one of `choices` (text or index) or a list."""
        n = self._node(node)
        if not isinstance(prompt, str) or not prompt.strip():
            raise ValueError("prompt: a question needs its text")
        if isinstance(choices, str) or not isinstance(choices, (list, tuple)) or not 2 <= len(choices) <= 8:
            raise ValueError("choices: a list of 2 to 8 answers to pick from")
        choices = [_text(c, f"choices.{i}", "choice") for i, c in enumerate(choices)]
        if len(set(choices)) != len(choices):
            raise ValueError("choices: each answer once")
        picks = answer if isinstance(answer, (list, tuple)) else [answer]
        right = []
        for p in picks:
            if isinstance(p, int) and not isinstance(p, bool) and 0 <= p < len(choices):
                right.append(choices[p])
            elif isinstance(p, str) and p in choices:
                right.append(p)
            else:
                raise ValueError(f"answer: {clip(repr(p), 40)} is not one of the choices (text or index)")
        ex = Exercise(n.id, "question", _text(prompt, "a prompt", "prompt"), list(dict.fromkeys(right)),
                      choices=choices, hint=_text(hint, "a hint", "hint"),
                      explanation=_text(explanation, "an explanation", "explanation"))
        self.exercises[n.id] = ex
        return ex

    def opinions(self, node) -> dict[str, float]:
        """What the heuristic bot makes of each legal move at an exercise node: {move: value}."""
        n = self._node(node)
        if n.id not in self._opinions:
            from . import bots
            df = bots.make("heuristic", seed=0).analyse(n.state)
            self._opinions[n.id] = {str(r.action): float(r.value) for r in df.itertuples() if r.value == r.value}
        return self._opinions[n.id]

    def check(self, node, answer, bot: bool = True) -> Verdict:
        """The verdict on `answer` (a move's text, or a choice) at the exercise on `node`."""
        n = self._node(node)
        ex = self.exercises.get(n.id)
        if ex is None:
            raise ValueError(f"node {n.id} has no exercise")
        if ex.kind == "question":
            pick = ex.choices[answer] if isinstance(answer, int) and 0 <= answer < len(ex.choices) else answer
            if pick in ex.answers:
                return Verdict("right", ex.explanation or "Right.")
            return Verdict("wrong", "Try again." + (f" Hint: {ex.hint}" if ex.hint else ""))
        state = n.state
        if not isinstance(answer, str) or not answer.strip():
            return Verdict("illegal", "type a move in the game's notation")
        try:
            act = state.parse_action(answer.strip())
        except IllegalAction as exc:
            return Verdict("illegal", f"Not a legal move here: {clip(str(exc), 300)}", (exc.rule,) if exc.rule else ())
        except ValueError as exc:
            return Verdict("illegal", f"Not a move in this game's notation: {clip(str(exc), 300)}")
        text = str(act)
        rules = rules_of(state, act)
        if text in ex.answers:
            cited = f" (rules: {', '.join(rules)})" if rules else ""
            return Verdict("right", (ex.explanation or "Right.") + cited, rules)
        said = move_in_words(state, act)
        said = f" ({said})" if said and said != text else ""
        msg = f"{text}{said} is legal, but not the move this exercise is after."
        if text in ex.replies:  # the writer's own reply to this wrong move
            msg += " " + ex.replies[text]
        elif bot:
            msg += self._bot_says(n, text, ex)
        if ex.hint:
            msg += f" Hint: {ex.hint}"
        return Verdict("wrong", msg, rules)

    def _bot_says(self, n: Node, text: str, ex: Exercise) -> str:
        try:
            values = self.opinions(n)
        except Exception:  # an analysis is a bonus: a failing bot never breaks a lesson
            return ""
        mine = values.get(text)
        best = max((values[a] for a in ex.answers if a in values), default=None)
        if best is None:
            return ""
        if mine is None:
            return f" The heuristic bot does not weigh it; it scores the answer {best:.2f}."
        if mine >= best:  # said for every wrong move alike, never left out for some
            return (f" The heuristic bot scores it {mine:.2f}, the answer {best:.2f}: it does not see what this "
                    "exercise is after.")
        return f" The heuristic bot scores it {mine:.2f}, the answer {best:.2f}."

    def to_json(self) -> dict:
        out = {"title": self.title, "intro": self.intro, "timeline": self.timeline.to_json(),
               "exercises": [ex.to_json() for ex in self.exercises.values()]}
        if self.viewer is not None:
            out["viewer"] = self.viewer
        return out


class Study:
    """An ordered set of chapters. ``study.chapter(title, start)`` adds one; save, load and publish."""

    def __init__(self, title: str, intro: str = ""):
        self.title = _text(title, "a study title", "title")
        self.intro = _text(intro, "a study intro", "intro")
        self.chapters: list[Chapter] = []
        self.path: Path | None = None  # the file it was last saved to or loaded from

    def __repr__(self):
        return f"<Study {self.title!r}: {len(self.chapters)} chapter(s)>"

    def chapter(self, title: str, start, intro: str = "", viewer=None) -> Chapter:
        """Add a chapter starting from `start`: a State (explorer.load, explorer.setup, an example), a
        Timeline or an Explorer (its timeline, shared), or the path of a saved timeline file. `viewer`: whose
        eyes the chapter is read with (None everything, "spectator" or -1, or a seat): its explorer and page
        show that view, so a lesson about hidden information does not show what it asks the reader to infer."""
        from .widgets import Explorer
        if isinstance(start, Explorer):
            start = start.timeline
        if isinstance(start, State):
            tl = Timeline(start)
        elif isinstance(start, Timeline):
            tl = start
        elif isinstance(start, (str, Path)):
            tl = Timeline.load(start)
        else:
            raise TypeError(f"a chapter starts from a State, a Timeline, an Explorer or a saved timeline path, "
                            f"got {clip(repr(start), 60)}")
        ch = Chapter(title, tl, intro, viewer)
        ch.study = self
        self.chapters.append(ch)
        return ch

    def problems(self) -> list[str]:
        """What a writer probably did not mean, in words: an exercise whose answer is not the main line's next
        move (the lesson would go on with another move; unless the writer replies to that move, as a "learn from
        your mistakes" chapter does to the move really played), or a find-the-move a chapter's seat never sees."""
        out = []
        for i, ch in enumerate(self.chapters):
            if not ch.written() and not ch.intro:
                out.append(f"chapter {i + 1} ({ch.title!r}) is empty: no move, comment, mark, exercise or intro")
            for ex in ch.exercises.values():
                node = ch.timeline.nodes[ex.node]
                where = f"chapter {i + 1} ({ch.title!r}), the exercise at node {ex.node}"
                if ex.kind == "move" and node.children and node.children[0].action not in ex.answers \
                        and node.children[0].action not in ex.replies:
                    out.append(f"{where}: the main line goes on with {node.children[0].action}, not an answer "
                               f"({', '.join(ex.answers)}); play the answer first or promote it")
                actor = node.state.current_player  # (each exercise's seat checked below)
                if ex.kind == "move" and ch.viewer is not None and ch.viewer != actor:
                    out.append(f"{where}: it is seat {actor}'s move, but the chapter is read as "
                               f"{'a spectator' if ch.viewer == -1 else f'seat {ch.viewer}'}, who will not see it")
        return out

    # -- saving and loading
    def to_json(self) -> dict:
        return {"format": FORMAT, "version": VERSION, "title": self.title, "intro": self.intro,
                "chapters": [c.to_json() for c in self.chapters]}

    def save(self, path) -> Path:
        path = Path(path)
        path.write_text(json.dumps(self.to_json(), separators=(",", ":")), encoding="utf-8")
        self.path = path
        return path

    @classmethod
    def from_json(cls, data) -> Study:
        """A study from `to_json()` output (a dict or JSON text); anything wrong raises PositionError
        naming the field (e.g. 'chapters.1.exercises.0.answers.0: ...'). Nothing in it is executed."""
        if isinstance(data, (str, bytes, bytearray)):
            from .core.registry import parse_json_text
            data = parse_json_text(data, "study")
        if not isinstance(data, dict):
            raise PositionError(f"study: expected a study object, got {type(data).__name__}")
        if data.get("format") != FORMAT:
            raise PositionError(f"format: expected {FORMAT!r}, got {clip(repr(data.get('format')), 60)}")
        if data.get("version") != VERSION:
            raise PositionError(f"version: this build reads version {VERSION} studies, got "
                                f"{clip(repr(data.get('version')), 30)} (re-save it with a build that reads it)")
        top = _validate(data)
        study = cls(top.title, top.intro)
        for i, ch in enumerate(top.chapters):
            where = f"chapters.{i}"
            try:
                tl = Timeline.from_json(ch.timeline)
            except PositionError as exc:
                raise PositionError(f"{where}.timeline.{clip(str(exc), 1500)}") from None
            try:
                chapter = Chapter(ch.title, tl, ch.intro, ch.viewer)
            except ValueError as exc:
                raise PositionError(f"{where}.{clip(str(exc), 200)}") from None
            for j, ex in enumerate(ch.exercises):
                at = f"{where}.exercises.{j}"
                if ex["node"] not in tl.nodes:
                    raise PositionError(f"{at}.node: no node has id {ex['node']} in this chapter")
                if ex["node"] in chapter.exercises:
                    raise PositionError(f"{at}.node: node {ex['node']} already has an exercise")
                try:
                    if ex["kind"] == "move":
                        if ex.get("choices"):
                            raise ValueError("choices: a find-the-move exercise has none")
                        chapter.exercise(ex["node"], ex["answers"], ex.get("hint", ""), ex.get("explanation", ""),
                                         ex["prompt"], replies=ex.get("replies"))
                    else:
                        chapter.question(ex["node"], ex["prompt"], ex.get("choices", []), ex["answers"],
                                         ex.get("hint", ""), ex.get("explanation", ""))
                except (ValueError, TypeError) as exc:
                    raise PositionError(f"{at}.{clip(str(exc), 400)}") from None
            chapter.study = study
            study.chapters.append(chapter)
        return study

    @classmethod
    def load(cls, path) -> Study:
        """Read a saved study (PositionError if it cannot be read or does not validate): a regular file of
        at most MAX_FILE_BYTES (explorer.core.limits)."""
        from .core.limits import read_file
        study = cls.from_json(read_file(path, "study"))
        study.path = Path(path)  # Save (the writer's desk) writes back to it
        return study

    # -- reading and publishing
    def explorer(self, chapter: int = 0, at=None, **kwargs):
        """A reader's Explorer on chapter `chapter` (a copy of its timeline, marks and exercises), at node `at`
        (default: the start). To write the chapter by clicking, open ``Explorer(study.chapters[i])`` instead."""
        from .widgets import Explorer
        ch = self.chapters[chapter]
        tl = Timeline.from_json(ch.timeline.to_json())  # the reader's own copy: explorers never move each other
        if ch.viewer is not None and "seat" not in kwargs:  # read with the chapter's eyes, as its page is
            kwargs.update(seat=ch.viewer, lock_seat=True)
        ex = Explorer(tl, chapter=ch, title=kwargs.pop("title", f"{self.title}: {ch.title}"), **kwargs)
        ex.goto(tl.root if at is None else getattr(at, "id", at))  # a node of the study's own timeline: by id
        return ex

    def to_notebook(self, path) -> Path:
        """Write this study as a notebook: chapters as sections, an explorer per chapter, exercises as cells."""
        from .publish import to_notebook
        return to_notebook(self, path)

    def to_html(self, path, seat=None) -> Path:
        """Write ONE self-contained HTML page (boards, views, marks, exercises) that works with no kernel,
        server or network. `seat`: embed only that seat's views (None: everything)."""
        from .publish import to_html
        return to_html(self, path, seat=seat)


# -- validation of saved studies

class _Exercise(TypedDict):  # texts are checked against LIMITS when the exercise is made again
    __pydantic_config__ = ConfigDict(extra="forbid", strict=True)
    node: StrictInt
    kind: Literal["move", "question"]
    prompt: StrictStr
    answers: bounded_list(StrictStr, 1_000)
    choices: NotRequired[bounded_list(StrictStr, 8)]
    hint: NotRequired[StrictStr]
    explanation: NotRequired[StrictStr]
    replies: NotRequired[Annotated[dict[StrictStr, StrictStr], Field(max_length=50)]]  # wrong move -> reply


class _Chapter(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    title: StrictStr = Field(max_length=LIMITS["title"])
    intro: StrictStr = Field("", max_length=LIMITS["intro"])
    timeline: dict[str, Any]
    exercises: bounded_list(Annotated[_Exercise, few_fields("an exercise", _Exercise.__annotations__)], 500) = []
    viewer: StrictInt | None = None


class _Study(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    format: StrictStr
    version: StrictInt
    title: StrictStr = Field(max_length=LIMITS["title"])
    intro: StrictStr = Field("", max_length=LIMITS["intro"])
    chapters: bounded_list(Annotated[_Chapter, few_fields("a chapter", _Chapter.model_fields)], 200)


def _validate(data: dict) -> _Study:
    fields = _Study.model_fields
    extra = len(data.keys() - fields.keys())
    if extra:  # before pydantic, which would record every one of a million unknown fields
        first = clip(str(next(k for k in data if k not in fields)), 40)
        more = f"; and {extra - 1:,} more unknown fields" if extra > 1 else ""
        raise PositionError(f"{first}: unknown field{more}")
    try:
        return _Study.model_validate(data)
    except ValidationError as exc:
        errors = exc.errors()
    msgs = []
    for err in errors[:3]:
        where = clip(".".join(clip(str(p), 40) for p in err["loc"]), 120)
        if err["type"] == "extra_forbidden":
            msgs.append(f"{where}: unknown field")
        elif err["type"] == "missing":
            msgs.append(f"{where}: required field is missing")
        elif err["type"] == "too_many_fields":
            msgs.append(f"{where}: {err['msg']}")
        else:
            got = err.get("input")
            shown = clip(repr(got), 60) if isinstance(got, (str, int, float, bool, type(None))) else type(got).__name__
            msgs.append(f"{where}: {err['msg'].lower()}, got {shown}")
    if len(errors) > 3:
        msgs.append(f"and {len(errors) - 3} more errors")
    raise PositionError("; ".join(msgs))


__all__ = ["Chapter", "Exercise", "Study", "Verdict", "rules_of"]
