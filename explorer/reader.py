"""What a viewer is shown of a node: the one place that decides it, for the explorer widget, its lesson
mode and the study page (and so for tutorial notebooks, which open explorers).

>>> import explorer
>>> from explorer.timeline import Timeline
>>> tl = Timeline(explorer.load("lotus", players=3, seed=7))
>>> node = tl.play("4s")
>>> tl.comment(node, "Blue holds B4s3, and R3s3 is next in Red's deck")
<Node 1 ply 1: '4s' by seat 0>
>>> r = Reader(["Red", "Blue", "Yellow"])
>>> r.entry(node, Eyes.of(node.state, 0))["comment"]     # Red sees neither card
"Blue holds (hidden), and (hidden) is next in Red's deck"
>>> r.entry(node, Eyes.of(node.state, 1))["comment"]     # Blue sees its own hand, not Red's deck
"Blue holds B4s3, and (hidden) is next in Red's deck"

Two guards, each in one place here:
- author text (comments, titles, intros, prompts, hints, verdicts, answers) loses every component id the
  viewer cannot see (`Eyes.unseen`: the game's whole component list less the view's ids), so a seat cannot
  tell a card in another hand from one in a deck by what gets redacted;
- the engine's words for a move (`explain`, narration) are already written for the viewer
  (`compare.narrate`); a label that would still name a card private to another seat, by its id or in the
  game's words for it ('a blue 5-petal single-symbol card', `compare.described`), falls back to the move's
  notation as the viewer may read it.
"""
from __future__ import annotations

from dataclasses import dataclass

from .annotations import GLYPHS, PALETTE, hidden_ids, mentions, places, redact_text
from .compare import ENGINE_ERRORS, described, move_words, revealed, view_ids
from .core import IllegalAction
from .core.errors import clip


@dataclass(frozen=True)
class Eyes:
    """One viewer looking at one position: its view, the ids its author text may not name (`unseen`), and
    the ids private to other seats that no engine label may name (`private`)."""

    state: object
    viewer: int | None
    view: dict
    unseen: frozenset
    private: frozenset

    @classmethod
    def of(cls, state, viewer, view=None) -> Eyes:
        view = state.view(viewer) if view is None else view
        if viewer is None:
            return cls(state, viewer, view, frozenset(), frozenset())
        private = frozenset(view_ids(state.view(None)) - view_ids(view))
        return cls(state, viewer, view, hidden_ids(state, viewer, view), private)

    def words(self, text: str) -> str:
        """Author text as this viewer may read it."""
        return redact_text(text, self.unseen) if self.unseen and text else text

    def label(self, text: str, fallback: str, shown=()) -> str:
        """An engine's words (an explanation, a narration), or `fallback` if they name or describe another
        seat's card (`shown`: ids the move showed though the view no longer holds them)."""
        if not text or (self.private and (mentions(text, self.private) or described(
                text, self.state, self.private, view_ids(self.view) | set(shown)))):
            return fallback
        return text

    def may_act(self) -> bool:
        return not self.state.is_terminal and (self.viewer is None or self.viewer == self.state.current_player)


class Reader:
    """What a viewer reads of nodes, with the move texts remembered per (node id, viewer)."""

    def __init__(self, names):
        self.names = list(names)
        self._texts: dict[tuple[int, int | None], tuple[str, str]] = {}

    def forget(self, live) -> None:
        """Drop what was said of nodes no longer in `live` (ids)."""
        for key in [k for k in self._texts if k[0] not in live]:
            del self._texts[key]

    def clear(self) -> None:
        self._texts.clear()

    def who(self, seat) -> str:
        return self.names[seat] if seat is not None and 0 <= seat < len(self.names) else "?"

    def move(self, node, viewer) -> tuple[str, str]:
        """(the move into `node` as `viewer` may read it, the engine's narration of it or '')."""
        key = (node.id, viewer)
        got = self._texts.get(key)
        if got is None:
            got = self._texts[key] = move_words(node.before, node.action, viewer)
        return got

    def label(self, node, eyes: Eyes) -> str:
        text, said = self.move(node, eyes.viewer)
        try:
            shown = revealed(node.before, node.before.parse_action(node.action)) if said else set()
        except ENGINE_ERRORS:
            shown = set()
        return eyes.label(said, f"{self.who(node.actor)}: {text}", shown)

    def entry(self, node, eyes: Eyes) -> dict:
        """A node as a line of the log or of the page: its move in notation and in words, glyph, comment."""
        out = {"id": node.id, "ply": node.ply, "glyph": node.marks.glyph, "comment": eyes.words(node.comment)}
        if node.parent is not None:
            out.update(text=self.move(node, eyes.viewer)[0], label=self.label(node, eyes), actor=node.actor,
                       variations=len(node.parent.children) - 1)
        return out


def legal(eyes: Eyes) -> list[dict]:
    """The moves the viewer may make here, in notation and in words (none if it is not its turn)."""
    if not eyes.may_act():
        return []
    state, out, seen = eyes.state, [], set()
    for a in state.legal_actions():
        text = str(a)
        if text in seen:
            continue
        seen.add(text)
        try:
            said = state.explain(a)
        except ENGINE_ERRORS:
            said = text
        out.append({"text": text, "label": eyes.label(said, text)})
    return out


def marks(node, eyes: Eyes) -> dict:
    """The marks on `node` that this viewer may see (none on a place its view does not have)."""
    if not node.marks:
        return {}
    shown = node.marks if eyes.viewer is None else node.marks.visible(places(eyes.view))
    return shown.to_json()


def exercise(chapter, node, eyes: Eyes, solved: bool = False, verdicts: bool = False) -> dict | None:
    """The exercise at `node` as this viewer reads it, or None (none here, or a find-the-move for another
    seat: its answers and moves would show that seat's hand). `verdicts`: also the verdict on every legal
    move or choice and the answer (what the study page carries, since it judges nothing itself)."""
    ex = chapter.exercises.get(node.id) if chapter is not None else None
    if ex is None or (ex.kind == "move" and eyes.viewer is not None and eyes.viewer != node.state.current_player):
        return None
    said = eyes.words
    out = {"kind": ex.kind, "prompt": said(ex.prompt), "hint": said(ex.hint), "choices": [said(c) for c in ex.choices]}
    if not verdicts:
        return {"node": node.id, **out, "solved": solved}
    if ex.kind == "question":
        out["verdicts"] = [{"result": v.result, "message": said(v.message)}
                           for v in (chapter.check(node, i) for i in range(len(ex.choices)))]
    else:
        out["moves"] = []
        for m in legal(eyes):
            v = chapter.check(node, m["text"])
            out["moves"].append(dict(m, result=v.result, message=said(v.message), rules=list(v.rules),
                                     child=next((c.id for c in node.children if c.action == m["text"]), None)))
    out["answer"] = said(ex.answer_text())
    return out


def feedback(fb: dict | None, eyes: Eyes) -> dict | None:
    """A verdict shown to the reader, its message in the reader's eyes."""
    return None if not fb else dict(fb, message=eyes.words(fb.get("message", "")))


def lesson(chapter, node, eyes: Eyes, solved: bool, fb: dict | None) -> dict:
    """The widget's `lesson` trait: the chapter's intro at its start, marks here, the exercise here and the
    verdict on the last answer."""
    out = {"marks": marks(node, eyes), "palette": PALETTE, "glyphs": GLYPHS}
    if chapter is not None and node.parent is None and chapter.intro:
        out["intro"] = eyes.words(chapter.intro)
    got = exercise(chapter, node, eyes, solved)
    if got is not None:
        out["exercise"] = got
    fb = feedback(fb, eyes)
    if fb:
        out["feedback"] = fb
    return out


def message(exc: BaseException) -> str:
    """An error in a line a user reads (clipped)."""
    if isinstance(exc, (ValueError, PermissionError)) and str(exc):
        return clip(str(exc), 500)
    return clip(f"{type(exc).__name__}: {exc}", 500)


def error(exc: BaseException, viewer, actor, names) -> str:
    """An error as `viewer` may read it: an illegal move can describe the actor's hand."""
    if viewer is None or viewer == actor or actor is None or not isinstance(exc, IllegalAction):
        return message(exc)
    who = names[actor] if 0 <= actor < len(names) else f"seat {actor}"
    return f"[{exc.rule}] not a legal move for {who} (the details are hidden from this view)"


__all__ = ["Eyes", "Reader", "error", "exercise", "feedback", "legal", "lesson", "marks", "message"]
