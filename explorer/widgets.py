"""The explorer widget: one anywidget for every game, driven by a Timeline.

>>> ex = Explorer("lotus", players=3, seed=7)      # displays in Jupyter (board, controls, tree, score race)
>>> _ = ex.play("4s"); ex.back(); _ = ex.play("5s")  # a variation at ply 1 (Red holds 4s 5s 6s 7s)
>>> ex.set_seat(1)                                 # now only what Blue may see

Python decides everything; the front end (widgets/*.js) only draws the synced traits and sends
intents such as ``{"type": "act", "text": "5ss"}``. Each game's board is a file in
``widgets/boards/``; the shell (``widgets/explorer.js``) is the same for every game.

The widget holds its parts, each an object with one concern: the session (explorer.session: the timeline,
the lesson, the edit session, marks, compare, moves and analysis), the page's intents (explorer.front), what
is synced to a viewer (explorer.screen, through explorer.reader) and the panel under it (explorer.panel).

Hidden information: when the viewer is a seat, every synced trait is built from
``state.view(seat)``, action texts pass through ``state.redact``, and the legal moves (which
reveal a hand) are sent only to the seat to act. The front end cannot write synced traits;
with ``lock_seat=True`` it cannot change the seat either.

Viewers follow the engine's one convention (``explorer.core.seats``), in Python and on the wire (the
``seat`` trait): ``None`` or ``"everything"`` = everything (``view(None)``), ``-1`` or ``"spectator"`` =
the public spectator view, ``0..n-1`` = that seat. Other numbers are refused.

A viewer's new variation is played on a re-sampled copy (explorer.moves); a locked seat may delete only its
own moves and the variations it opened (explorer.front).
"""
from __future__ import annotations

import functools
from pathlib import Path

import anywidget
import traitlets as t

from . import reader, screen
from .core import State, widgets_root
from .core.data import front_end
from .core.errors import clip as _clip_text
from .core.seats import SPECTATOR
from .core.seats import viewer as _viewer
from .editor import Editor
from .front import Front
from .insight import Insight
from .moves import BOT_NAMES, Moves
from .panel import Panel
from .screen import PAGE
from .session import Session
from .timeline import Node, Timeline

_SYNCED = ("view", "seat", "legal", "log", "tree", "error", "title", "meta", "diff", "preview", "analysis",
           "edit_state", "lesson", "rules", "study", "evaluation", "review_panel")


@functools.cache
def _bundle() -> str:
    """The explorer's front end: the boards, the editor, the marks, then the shell."""
    return front_end("editor.js", "marks.js", "writer.js", "explorer.js")


def _seat_value(seat) -> int | None:
    """Any spelling of a viewer -> the seat trait's value (None, -1 or a seat)."""
    if isinstance(seat, str) and seat.strip().lower() in ("public", "omniscient"):  # older spellings
        seat = "spectator" if seat.strip().lower() == "public" else "everything"
    return _viewer(seat)


def _rule_notes(game: str) -> dict:
    from .core.data import rule_notes
    try:
        return rule_notes(game)
    except ValueError:  # a game registered without a ledger
        return {}


def _default_title(state) -> str:
    name = getattr(state, "game_name", "") or type(state).__name__
    try:
        from .core import spec
        name = spec(name).title
    except ValueError:
        pass
    return name


def _start(source, chapter, example, components, load_kwargs) -> tuple[Timeline, object]:
    """An Explorer's `source` -> (its Timeline, the study chapter it is or None)."""
    from .study import Chapter
    if isinstance(source, Chapter):
        source, chapter = source.timeline, source
    if load_kwargs and not isinstance(source, str):
        raise TypeError(f"options {sorted(load_kwargs)} only apply when starting from a game name")
    if example is not None:
        if not isinstance(source, str) or load_kwargs:
            raise TypeError("example= goes with a game name alone: Explorer('lotus', example='...')")
        from .core.setup import example as _example
        source = _example(source, example)
    return _timeline(source, load_kwargs, components), chapter


def _timeline(source, load_kwargs, components=None) -> Timeline:
    """A game name, a State, a Timeline or a saved timeline file -> a Timeline."""
    if isinstance(source, Timeline):
        return source
    if isinstance(source, State):
        return Timeline(source)
    if isinstance(source, str):
        from .core import games
        from .core.registry import canonical_name
        if canonical_name(source) in {g["name"] for g in games()}:  # any case: "Lotus"
            from .core import load
            return Timeline(load(source, **load_kwargs))
        if len(source) < 4096 and Path(source).is_file():
            source = Path(source)
        else:
            names = ", ".join(g["name"] for g in games())
            raise ValueError(f"{_clip_text(repr(source), 80)} is neither a game ({names}) nor a saved timeline file")
    if isinstance(source, Path):
        return Timeline.load(source, components=components)
    raise TypeError(f"Explorer needs a game name, a State, a Timeline or a saved timeline path, got {source!r}")


def _step(name: str):
    """Explorer.back, forward, start and end: a step along the timeline (Timeline.back...)."""
    def step(self) -> None:
        self._run(lambda: getattr(self.timeline, name)())
    step.__name__, step.__qualname__ = name, f"Explorer.{name}"
    return step


class Explorer(anywidget.AnyWidget):
    """Browse and play a game: board view, controls, legal moves, log, variation tree, compare, score race."""

    _esm = _bundle()
    _css = widgets_root() / "explorer.css"

    view = t.Dict().tag(sync=True)
    seat = t.Int(None, allow_none=True).tag(sync=True)  # None everything, -1 spectator, or a seat
    legal = t.List().tag(sync=True)
    log = t.List().tag(sync=True)
    tree = t.List().tag(sync=True)
    error = t.Unicode("").tag(sync=True)
    title = t.Unicode("").tag(sync=True)
    meta = t.Dict().tag(sync=True)  # players, seat names, counter, navigation flags, compare mark, height
    diff = t.Dict().tag(sync=True)  # {"a": id, "b": id, "lines": [...]} or {}
    preview = t.Dict().tag(sync=True)  # state.preview(action) for the action the front end points at
    analysis = t.Dict().tag(sync=True)  # {"bot", "node", "rows": [{action, visits, value, chosen}]} or {}
    edit_state = t.Dict().tag(sync=True)  # the board editor: {"palette", "problems", "to_move", ...} or {}
    lesson = t.Dict().tag(sync=True)  # marks on this position, the exercise here and its feedback (lesson.py)
    rules = t.Dict().tag(sync=True)  # rule id -> its paraphrase and rulebook section, for hovering an id (once)
    study = t.Dict().tag(sync=True)  # a chapter's writer: its study's chapters, this one's exercise (writer.py)
    evaluation = t.Dict().tag(sync=True)  # the eval bar: each seat's chance to win here for this viewer, or {}
    review_panel = t.Dict().tag(sync=True)  # a review of the main line: progress, marked plies, advantage series

    lock_seat = t.Bool(False)

    def __init__(self, source, seat=None, lock_seat: bool = False, height=None, title: str | None = None,
                 random_seed: int = 0, score_panel: bool = True, bot: str = "search", bot_options: dict | None = None,
                 components=None, example: str | None = None, chapter=None, **load_kwargs):
        """`source`: a game name (with `load` options, or `example=` one of `explorer.examples(game)`),
        a State, a Timeline, a study Chapter, or a saved timeline file (`components=`: the components file
        it may name). `chapter`: the study chapter whose timeline `source` is (a lesson: see lesson.py)."""
        tl, chapter = _start(source, chapter, example, components, load_kwargs)
        self._ready = False
        self._height = height
        insight = Insight(int(random_seed), lambda progress: setattr(self, "review_panel", progress),
                          lambda: self._run(lambda: None, front=True))  # the eval bar, analysis, review
        self._session = s = Session(tl, chapter, Moves(random_seed, bot, bot_options), insight, self._line_changed)
        self._front = Front(s, lambda seat: setattr(self, "seat", _seat_value(seat)))
        self._panel = Panel(self, score_panel, lambda: (s.tip(), s.tl.current, self.viewer),
                            lambda tip: s.tl.line(tip))
        super().__init__()
        self._title = title if title is not None else _default_title(tl.root.state)  # synced redacted
        self.lock_seat = bool(lock_seat)
        self.seat = _seat_value(seat)
        self.rules = _rule_notes(tl.root.state.game_name)
        self._ready = True
        self._sync()
        self.on_msg(self._on_msg)

    # -- display: the widget plus its Bokeh score-race panel (explorer.panel)
    @property
    def panel(self):
        """The explorer with its score-race panel below (what a notebook cell shows)."""
        return self._panel.open(self._session.lesson.chapter is not None)

    def _repr_mimebundle_(self, **kwargs):
        shown = self.panel if self._panel.on and self._session.players else super()
        bundle = shown._repr_mimebundle_(**kwargs)
        if isinstance(bundle, dict):  # a stable text form (no object addresses) for nbval and plain consoles
            bundle["text/plain"] = repr(self)
        return bundle

    def __repr__(self):
        meta = self.meta or {}
        return (f"<Explorer {meta.get('game', '')}: ply {self.node.ply}, {len(self.timeline)} node(s); "
                f"{meta.get('counter', '')}>")

    # -- what Python code reads
    @property
    def timeline(self) -> Timeline:
        return self._session.tl

    @property
    def node(self) -> Node:
        return self._session.tl.current

    @property
    def state(self) -> State:
        return self._session.tl.current.state

    @property
    def viewer(self) -> int | None:
        """Who is looking: None (everything), -1 (spectator) or a seat (the `seat` trait)."""
        return self.seat

    @property
    def timelines(self) -> list[Timeline]:
        """Earlier timelines, left behind by edits (oldest first); the current one is `timeline`."""
        return list(self._session.edits.timelines)

    @property
    def editing(self) -> bool:
        return self._session.edits.editor is not None

    # -- the Python API (trusted: may move for any seat; errors raise after setting `error`)
    def play(self, action) -> Node:
        """Play an action (text or object) here; at an earlier node this opens a variation."""
        self._run(lambda: self._session.play(action, self.viewer))
        return self.node

    back, forward, start, end = _step("back"), _step("forward"), _step("start"), _step("end")

    def goto(self, node) -> None:
        self._run(lambda: self.timeline.goto(node))

    def set_seat(self, seat) -> None:
        """None or "everything", -1 or "spectator", or a seat number 0..n-1."""
        self._run(lambda: setattr(self, "seat", _seat_value(seat)))

    def random_move(self) -> None:
        self._run(lambda: self._session.play(self._session.moves.random(self.state), self.viewer))

    def playout(self) -> None:
        self._run(lambda: self._session.moves.playout(self.timeline, self.viewer))

    def promote(self, node=None) -> None:
        self._run(lambda: self.timeline.promote_to_main(self.node if node is None else node))

    def delete(self, node=None) -> None:
        self._run(lambda: self._session.delete(self.node if node is None else node))

    def comment(self, text: str, node=None) -> None:
        self._run(lambda: self.timeline.comment(self.node if node is None else node, text, viewer=self.viewer))

    def annotate(self, arrows=None, highlights=None, glyph=None, node=None) -> None:
        """Draw on this position (or `node`'s): arrows [(from, to[, colour])], highlights [place or
        (place, colour)], a glyph ('!', '?', '!!', '??', '!?', '?!', or '' for none). Each part given
        replaces that part. Places as ``explorer.annotations.places(ex.state, ex.viewer)`` lists them."""
        self._run(lambda: self.timeline.annotate(self.node if node is None else node, arrows=arrows,
                                                 highlights=highlights, glyph=glyph, viewer=self.viewer))

    def mark(self, node=None) -> None:
        """Remember a node to compare the current one with (see `compare`)."""
        self._run(lambda: self._session.comparison.set_mark(self.timeline, self.node if node is None else node))

    def compare(self, a=None, b=None) -> list[str]:
        """What changed from node `a` (default: the marked node) to `b` (default: current), as the viewer sees it."""
        self._run(lambda: self._session.comparison.compare(self.timeline, a, b, self.viewer))
        return list(self.diff.get("lines", []))

    def bot_move(self, bot: str | None = None):
        """Let a bot (default: the explorer's) play for the seat to act; returns the new node."""
        self._run(lambda: self._session.play(self._session.moves.bot(bot).choose(self.state), self.viewer))
        return self.node

    def analyse(self, bot: str | None = None):
        """What the bot would play here and why, listed in the widget. The search (the default): its top moves,
        each a dict with its chance to win and its reasons in words, the best line drawn on the board. Other
        bots: a DataFrame (action, visits, value, chosen), drawn as a bar chart under the explorer too."""
        self._run(lambda: self._session.analyse(bot, self.viewer))
        return self._session.insight.last

    def evaluate(self, on: bool = True) -> dict:
        """Show (or hide) the eval bar: each seat's chance to win here, from this viewer's information
        (explorer.analysis.evaluate). Returns what the bar shows ({} when off)."""
        self._run(lambda: self._session.insight.set_bar(on))
        return dict(self.evaluation)

    def review(self, iterations: int | None = None, seed: int | None = None, background: bool = False):
        """Review the main line in this viewer's eyes (explorer.analysis.review): glyphs on the moves that
        lost chances, the better moves as variations, the advantage chart under the board. Returns the
        Review (None with `background=True`: the page shows its progress and a Cancel button)."""
        got = []
        self._run(lambda: got.append(self._session.review(self.viewer, iterations, seed, background)))
        return got[0] if got else None

    def answer(self, answer=None, show: bool = False) -> dict:
        """Answer the exercise here as a reader would: a move's text (or a choice's number for a question),
        or ``show=True`` for the answer. Returns the feedback the widget shows ({"result", "message", ...})."""
        msg = {"show": True} if show else {"text": answer, "choice": answer}
        node = self.node
        self._run(lambda: self._session.answer(msg, self.viewer))
        return dict(self._session.lesson.feedback.get(node.id, {}))

    # -- editing the position (explorer.editor)
    def edit(self) -> Editor:
        """Start editing the current position; returns the Editor (see `edit_apply`, `edit_done`)."""
        self._run(lambda: self._session.start_edit(self.lock_seat, self.viewer), editing=True)
        return self._session.edits.editor

    def edit_apply(self, op: dict) -> list[str]:
        """One edit, e.g. ``{"op": "put", "piece": "B6s", "to": "flower:Lily"}``; returns the problems."""
        self._run(lambda: self._session.edits.apply(op), editing=True)
        return list(self._session.edits.editor.problems)

    def edit_done(self) -> Timeline:
        """Make the edited position the root of a new line (the previous timeline goes to `timelines`)."""
        self._run(self._session.finish_edit, editing=True)
        return self.timeline

    def edit_cancel(self) -> None:
        self._run(self._session.edits.cancel, editing=True)

    # -- intents from the front end (untrusted: explorer.front checks them)
    def _on_msg(self, _widget, content, _buffers=None) -> None:
        """Never raises: a bad message sets `error` to what was expected."""
        self._run(lambda: self._front.handle(content, self.viewer, self.lock_seat), front=True, editing=True)

    def set_state(self, sync_data):
        """State sent by the front end: it may not write the synced game traits."""
        allowed = {k: v for k, v in sync_data.items() if k not in _SYNCED}
        if allowed:
            super().set_state(allowed)
        if len(allowed) < len(sync_data):
            self.send_state([k for k in sync_data if k in _SYNCED])  # put the front end back in step

    # -- doing things: under the lock a background review writes under, then one sync
    def _run(self, fn, front: bool = False, editing: bool = False) -> None:
        with self._session.insight.lock, self.hold_sync():
            actor = self.state.current_player
            try:
                if not editing:
                    self._session.edits.guard("")
                fn()
            except Exception as exc:
                self.error = reader.error(exc, self.viewer, actor, self._session.names)
                if not front:
                    raise
                return
            self.error = ""
            self._sync()

    def _line_changed(self, kind: str) -> None:
        """The session dropped nodes or replaced its timeline (explorer.session): the panel follows."""
        root = self.timeline.root.state
        if kind == "game":
            self.rules = _rule_notes(root.game_name)
            self._title = _default_title(root)
        self._panel.changed(kind, self.timeline.nodes, self._session.lesson.chapter is not None)

    @t.validate("seat")
    def _check_seat(self, proposal):
        v, n = proposal["value"], self._session.players
        if v is None or v == SPECTATOR or 0 <= v < n:
            return v
        raise t.TraitError(f"seat must be None (everything), -1 (spectator) or 0..{n - 1}, got {v} "
                           "(-2 no longer means the spectator: use -1 or 'spectator')")

    @t.observe("seat", "lock_seat")
    def _resync(self, _change) -> None:
        if self._ready:  # whatever was shown to the previous viewer goes: errors, compare, analysis
            self._run(lambda: self._session.new_viewer(self.seat), front=True, editing=True)

    def _sync(self) -> None:
        shown = screen.synced(self._session, self.viewer, self.lock_seat, self._height, self._title)
        with self.hold_sync():
            for name, value in shown.items():
                setattr(self, name, value)
        self._panel.update(self._session.lesson.chapter is not None, self._session.insight.chart)


def show(state, seat=None, **kwargs) -> Explorer:
    """An Explorer on `state` (or a Timeline), e.g. ``show(s, seat=0, lock_seat=True)``."""
    return Explorer(state, seat=seat, **kwargs)


__all__ = ["BOT_NAMES", "PAGE", "Explorer", "show"]
