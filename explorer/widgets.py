"""The explorer widget: one anywidget for every game, driven by a Timeline.

>>> ex = Explorer("lotus", players=3, seed=7)      # displays in Jupyter (board, controls, tree, score race)
>>> _ = ex.play("4s"); ex.back(); _ = ex.play("5s")  # a variation at ply 1 (Red holds 4s 5s 6s 7s)
>>> ex.set_seat(1)                                 # now only what Blue may see

Python decides everything; the front end (widgets/*.js) only draws the synced traits and sends
intents such as ``{"type": "act", "text": "5ss"}``. Each game's board is a file in
``widgets/boards/``; the shell (``widgets/explorer.js``) is the same for every game.

Hidden information: when the viewer is a seat, every synced trait is built from
``state.view(seat)``, action texts pass through ``state.redact``, and the legal moves (which
reveal a hand) are sent only to the seat to act. The front end cannot write synced traits;
with ``lock_seat=True`` it cannot change the seat either.

What is synced is bounded: the log and the variation tree are windows around the current node
(``WINDOW`` moves back, ``AHEAD`` forward), so a 10,000-node timeline is never shipped whole.

Viewers follow the engine's one convention (``explorer.core.seats``), in Python and on the wire (the
``seat`` trait): ``None`` or ``"everything"`` = everything (``view(None)``), ``-1`` or ``"spectator"`` =
the public spectator view, ``0..n-1`` = that seat. Other numbers are refused.

Branching in a seat's view does not peek at the future: when a viewer who is not omniscient opens a
new variation, the move is played on a copy of the position whose hidden parts (other hands, deck
orders) were re-sampled from that viewer's view (the game's ``from_view``, as the bots do), with a
seed saved in the timeline. A locked seat may delete only its own moves and the variations it opened.
"""
from __future__ import annotations

import functools
from pathlib import Path

import anywidget
import traitlets as t

from .annotations import click as _annotate_click
from .compare import turn_counter
from .core import IllegalAction, State, rng, widgets_root
from .core.data import front_end
from .core.errors import clip as _clip_text
from .core.seats import SPECTATOR
from .core.seats import viewer as _viewer
from .editor import Editor, EditSession
from .insight import Insight
from .lesson import Lesson
from .reader import Eyes, Reader
from .reader import legal as reader_legal
from .timeline import Node, Timeline
from .writer import INTENTS as WRITER_INTENTS
from .writer import Desk

_SYNCED = ("view", "seat", "legal", "log", "tree", "error", "title", "meta", "diff", "preview", "analysis",
           "edit_state", "lesson", "rules", "study", "evaluation", "review_panel")
BOT_NAMES = ("random", "heuristic", "mcts", "search")
_BOT_OPTIONS = {"mcts": {"iterations": 300}}  # the search: its one-second budget per game unless told
_PLAYOUT_LIMIT = 10_000
PAGE = 30     # the synced log/tree is a window of 3 pages of plies around the current node, moving a
              # page at a time, so stepping inside it resends nothing but the current-node marker
ALTS = 8      # variations listed per node
ALT_MOVES = 4  # moves shown of each variation


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


def _unknown(kind):
    raise ValueError(f"unknown intent {kind!r}")


def _message(exc: BaseException) -> str:
    if isinstance(exc, (ValueError, PermissionError)) and str(exc):
        return _clip_text(str(exc), 500)
    return _clip_text(f"{type(exc).__name__}: {exc}", 500)


def _close_plot(plot) -> None:
    """Close a Plot and its BokehModel so the page drops their data (jupyter_bokeh's close is not
    idempotent: the figure leaves its document first, so the close at garbage collection is a no-op). An SVG
    chart's widget (drawn without Bokeh) just closes."""
    bokeh = getattr(plot, "plot", None)
    if bokeh is not None:
        fig = bokeh._model
        if bokeh.comm is not None:
            bokeh.close()
        if fig.document is not None:
            fig.document.remove_root(fig)
    plot.close()


def _start(source, load_kwargs, components=None) -> Timeline:
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
        tl = _start(source, load_kwargs, components)
        self._ready = False
        self._tl = tl
        self._height = height
        self._random_seed = int(random_seed)
        self._random_count = 0
        self._mark: Node | None = None
        self._last_analysis = None
        self._panel = None
        self._race = None  # the score race (explorer.race), made with the panel
        self._race_checked = None  # (tip id, viewer) last found flat, in a chapter's explorer
        self._score_panel = bool(score_panel)
        if bot not in BOT_NAMES:
            raise ValueError(f"bot must be one of {', '.join(BOT_NAMES)}, not {bot!r}")
        self._bot_name = bot
        self._bot_options = dict(_BOT_OPTIONS.get(bot, {}) if bot_options is None else bot_options)
        self._bot_count = 0
        self._analysis_plot = None
        self._insight = Insight(self)  # the eval bar and the review (explorer/insight.py)
        self._edits = EditSession()  # the board editor while editing, and the timelines edits left behind
        self._marks_undo: list[tuple] = []  # (node id, its marks before a click), newest last
        self._marks_redo: list[tuple] = []
        self._lesson = Lesson(chapter, tl)  # a study chapter's exercises and the reader's progress
        self._desk = Desk(chapter) if self._lesson.author else None  # the writer's tools (explorer.writer)
        self._seats(tl)
        super().__init__()
        self._title = title if title is not None else self._default_title(tl.root.state)  # synced redacted
        self.lock_seat = bool(lock_seat)
        self.seat = _seat_value(seat)
        self.rules = _rule_notes(tl.root.state.game_name)
        self._ready = True
        self._sync()
        self.on_msg(self._on_msg)

    def _seats(self, tl: Timeline) -> None:
        """The seats of `tl`'s game: how many, their names, and the reader that names them."""
        state = tl.root.state
        self._players = state.num_players
        self._seat_names = state.seat_names()
        self._reader = Reader(self._seat_names)  # what each viewer reads of each node (explorer.reader)

    @staticmethod
    def _default_title(state) -> str:
        name = getattr(state, "game_name", "") or type(state).__name__
        try:
            from .core import spec
            name = spec(name).title
        except ValueError:
            pass
        return name

    # -- display: the widget plus its Bokeh score-race panel
    @property
    def panel(self):
        """The explorer with its score-race panel below (what a notebook cell shows)."""
        if self._panel is None:
            import ipywidgets
            self._panel = ipywidgets.VBox([self])
            self._add_race()
        return self._panel

    def _add_race(self) -> None:
        """Put the score race under the explorer; in a study chapter's explorer only once the line it would
        draw says something (its values differ somewhere): a flat, empty chart under a lesson is noise."""
        if self._race is not None or self._panel is None or not self._score_panel or not self._players:
            return
        from .race import ScoreRace, flat
        if self._lesson.chapter is not None:
            tip, _, viewer = self._race_where()
            if (tip.id, viewer) == self._race_checked:
                return
            self._race_checked = (tip.id, viewer)
            if flat(self._tl.line(tip), viewer):
                return
        self._race = ScoreRace(self._players, self._race_where, lambda tip: self._tl.line(tip))
        self._panel.children = (*self._panel.children[:1], self._race.plot, *self._panel.children[1:])

    def _repr_mimebundle_(self, **kwargs):
        if self._score_panel and self._players:
            bundle = self.panel._repr_mimebundle_(**kwargs)
        else:
            bundle = super()._repr_mimebundle_(**kwargs)
        if isinstance(bundle, dict):  # a stable text form (no object addresses) for nbval and plain consoles
            bundle["text/plain"] = repr(self)
        return bundle

    def __repr__(self):
        game = self.meta.get("game", "") if self.meta else ""
        return (f"<Explorer {game}: ply {self.node.ply}, {len(self._tl)} node(s); "
                f"{self.meta.get('counter', '') if self.meta else ''}>")

    # -- what Python code reads
    @property
    def timeline(self) -> Timeline:
        return self._tl

    @property
    def node(self) -> Node:
        return self._tl.current

    @property
    def state(self) -> State:
        return self._tl.current.state

    @property
    def viewer(self) -> int | None:
        """Who is looking: None (everything), -1 (spectator) or a seat (the `seat` trait)."""
        return self.seat

    # -- the Python API (trusted: may move for any seat; errors raise after setting `error`)
    def play(self, action) -> Node:
        """Play an action (text or object) here; at an earlier node this opens a variation."""
        self._run(lambda: self._play(action))
        return self.node

    def back(self) -> None:
        self._run(self._tl.back)

    def forward(self) -> None:
        self._run(self._tl.forward)

    def start(self) -> None:
        self._run(self._tl.start)

    def end(self) -> None:
        self._run(self._tl.end)

    def goto(self, node) -> None:
        self._run(lambda: self._tl.goto(node))

    def set_seat(self, seat) -> None:
        """None or "everything", -1 or "spectator", or a seat number 0..n-1."""
        self._run(lambda: setattr(self, "seat", _seat_value(seat)))

    def random_move(self) -> None:
        self._run(lambda: self._play(self._random_action()))

    def playout(self) -> None:
        self._run(self._playout)

    def promote(self, node=None) -> None:
        self._run(lambda: self._tl.promote_to_main(self._tl.current if node is None else node))

    def delete(self, node=None) -> None:
        self._run(lambda: self._delete(self._tl.current if node is None else node))

    def comment(self, text: str, node=None) -> None:
        self._run(lambda: self._tl.comment(self._tl.current if node is None else node, text, viewer=self.viewer))

    def mark(self, node=None) -> None:
        """Remember a node to compare the current one with (see `compare`)."""
        self._run(lambda: self._set_mark(self._tl.current if node is None else node))

    def bot_move(self, bot: str | None = None):
        """Let a bot (default: the explorer's) play for the seat to act; returns the new node."""
        self._run(lambda: self._play(self._bot(bot).choose(self.state)))
        return self.node

    def analyse(self, bot: str | None = None):
        """What the bot would play here and why. The search bot ("search", the default): its top moves, each a
        dict with its chance to win and its reasons in words (explorer.analysis.reasons), the best line drawn on
        the board. Other bots: a DataFrame (action, visits, value, chosen), also drawn as a bar chart under the
        explorer. Both are listed in the widget."""
        self._run(lambda: self._analyse(bot))
        return self._last_analysis

    def evaluate(self, on: bool = True) -> dict:
        """Show (or hide) the eval bar: each seat's chance to win here, from this viewer's information
        (explorer.analysis.evaluate). Returns what the bar shows ({} when off)."""
        self._run(lambda: self._set_bar(on))
        return dict(self.evaluation)

    def review(self, iterations: int | None = None, seed: int | None = None, background: bool = False):
        """Review the main line in this viewer's eyes (explorer.analysis.review): glyphs on the moves that
        lost chances, the better moves as variations, the advantage chart under the board. Returns the
        Review (None with `background=True`: the page shows its progress and a Cancel button)."""
        got = []
        self._run(lambda: got.append(self._insight.start(self.viewer, iterations, seed, background)))
        return got[0] if got else None

    def _set_bar(self, on) -> None:
        if not isinstance(on, bool):
            raise ValueError("the eval bar is on (true) or off (false)")
        self._insight.bar = on

    def annotate(self, arrows=None, highlights=None, glyph=None, node=None) -> None:
        """Draw on this position (or `node`'s): arrows [(from, to[, colour])], highlights [place or
        (place, colour)], a glyph ('!', '?', '!!', '??', '!?', '?!', or '' for none). Each part given
        replaces that part. Places as ``explorer.annotations.places(ex.state, ex.viewer)`` lists them."""
        self._run(lambda: self._tl.annotate(self._tl.current if node is None else node, arrows=arrows,
                                            highlights=highlights, glyph=glyph, viewer=self.viewer))

    def answer(self, answer=None, show: bool = False) -> dict:
        """Answer the exercise here as a reader would: a move's text (or a choice's number for a question),
        or ``show=True`` for the answer. Returns the feedback the widget shows ({"result", "message", ...})."""
        msg = {"show": True} if show else {"text": answer, "choice": answer}
        node = self._tl.current
        self._run(lambda: self._front_answer(msg))
        return dict(self._lesson.feedback.get(node.id, {}))

    # -- editing the position (explorer.editor)
    def edit(self) -> Editor:
        """Start editing the current position; returns the Editor (see `edit_apply`, `edit_done`)."""
        self._run(self._start_edit, editing=True)
        return self._edits.editor

    def edit_apply(self, op: dict) -> list[str]:
        """One edit, e.g. ``{"op": "put", "piece": "B6s", "to": "flower:Lily"}``; returns the problems."""
        self._run(lambda: self._edits.apply(op), editing=True)
        return list(self._edits.editor.problems)

    def edit_done(self) -> Timeline:
        """Make the edited position the root of a new line (the previous timeline goes to `timelines`)."""
        self._run(self._finish_edit, editing=True)
        return self._tl

    def edit_cancel(self) -> None:
        self._run(self._edits.cancel, editing=True)

    @property
    def timelines(self) -> list[Timeline]:
        """Earlier timelines, left behind by edits (oldest first); the current one is `timeline`."""
        return list(self._edits.timelines)

    @property
    def editing(self) -> bool:
        return self._edits.editor is not None

    def _start_edit(self) -> None:
        if self._lesson.reader:  # Done would replace the lesson's line with the edited position
            raise PermissionError("a lesson is read, not edited: open the chapter's own explorer "
                                  "(Explorer(study.chapters[i])) to edit its positions")
        if self._edits.start(self.state, self.lock_seat, self.viewer):
            self.diff, self.analysis, self.preview = {}, {}, {}

    def _finish_edit(self) -> None:
        """A new line from the edited position; in a chapter's explorer, the chapter's (Chapter.edited)."""
        chapter = self._lesson.chapter if self._lesson.author else None
        if chapter is not None and chapter.written() and chapter.study is None:  # refused before anything changes
            raise ValueError("this chapter is in no study, and it already has moves or notes: Cancel, then add the "
                             "edited position as a chapter of a study (study.chapter(title, state))")
        tl = self._edits.finish(self._tl)
        self._use_timeline(tl, chapter.edited(tl) if chapter is not None else None)
        if self._race is not None:
            self._race.restart()

    def _use_timeline(self, tl: Timeline, chapter=None) -> None:
        """Show `tl` (a line an edit started, or a chapter's): what was said of the old line's nodes goes, as
        their ids start again at 0. `chapter`: the chapter `tl` is, which the writer now writes."""
        self._tl = tl
        if chapter is not None:
            self._lesson = Lesson(chapter, tl)
            self._desk.chapter = chapter
        self._mark = None
        self._marks_undo.clear()
        self._marks_redo.clear()
        self._seats(tl)
        self._insight.reset()
        self.diff, self.analysis, self.preview = {}, {}, {}

    def compare(self, a=None, b=None) -> list[str]:
        """What changed from node `a` (default: the marked node) to `b` (default: current), as the viewer sees it."""
        self._run(lambda: self._compare(a, b))
        return list(self.diff.get("lines", []))

    # -- intents from the front end (untrusted: a seat viewer may only move for itself)
    def _on_msg(self, _widget, content, _buffers=None) -> None:
        """Never raises: a bad message sets `error` to what was expected."""
        kind = content.get("type") if isinstance(content, dict) else None
        if not isinstance(kind, str):
            self._run(lambda: _unknown(kind), front=True)
            return
        handlers = {
            "act": lambda: self._front_act(content.get("text")),
            "back": self._tl.back, "forward": self._tl.forward,
            "start": self._tl.start, "end": self._tl.end,
            "annotate": lambda: self._front_annotate(content.get("op")),
            "exercise": lambda: self._lesson.toggle(self._tl.current),
            "answer": lambda: self._front_answer(content),
            "goto": lambda: self._tl.goto(self._node_id(content.get("id"))),
            "seat": lambda: self._front_seat(content.get("seat")),
            "random": lambda: self._front_move(self._random_action),
            "playout": self._front_playout,
            "promote": lambda: self._tl.promote_to_main(self._target(content)),
            "delete": lambda: self._front_delete(self._target(content)),
            "comment": lambda: self._front_comment(content),
            "mark": lambda: self._set_mark(self._target(content)),
            "compare": lambda: self._compare(None, None),
            "clear_compare": self._clear_compare,
            **{k: (lambda k=k: self._front_write(k, content)) for k in WRITER_INTENTS},
            "edit": self._start_edit, "edit_op": lambda: self._edits.apply(content.get("op")),
            "edit_done": self._finish_edit, "edit_cancel": self._edits.cancel,
            "edit_undo": self._edits.undo, "edit_redo": self._edits.redo,
            "edit_drop": lambda: self._edits.drop(content.get("index")),
            "annotate_undo": lambda: self._marks_history(undo=True),
            "annotate_redo": lambda: self._marks_history(undo=False),
            "preview": lambda: self._front_preview(content.get("text")),
            "bot": lambda: self._front_bot(content.get("bot"), play=True),
            "evaluate": lambda: self._set_bar(content.get("on")),
            "review": lambda: self._insight.start(self.viewer),
            "review_cancel": self._insight.stop,
            "analyse": lambda: self._front_bot(content.get("bot"), play=False),
        }
        self._run(lambda: (self._edits.guard(kind), self._lesson.guard(kind, content, self._tl, self._mark),
                           (handlers.get(kind) or (lambda: _unknown(kind)))()), front=True, editing=True)

    def _front_delete(self, node: Node) -> None:
        """A locked seat's moves on the game's own line are played, as at the table: it may delete only inside
        the variations it opened (played on re-sampled copies), so it cannot play a move, read what it
        revealed (a drawn card, an accusation's answer) and take it back."""
        seat = self.viewer
        if self.lock_seat and seat is not None:
            opened = any(n.sampled is not None and n.sampled[0] == seat for n in self._tl.line(node))
            if not opened:
                who = self._seat_names[seat] if seat >= 0 else "a spectator"
                raise PermissionError(f"viewing as {who}, moves on the game's line are played and stay played: "
                                      "you may delete only the variations you opened")
        self._delete(node)

    def _delete(self, node) -> None:
        self._tl.delete(node)
        live = self._tl.nodes  # forget what was said of deleted nodes
        self._reader.forget(live)
        if self._race is not None:
            self._race.forget(live)

    def _target(self, content) -> Node:
        ref = content.get("id")
        return self._tl.current if ref is None else self._tl._node(self._node_id(ref))

    def _front_act(self, text) -> None:
        if not isinstance(text, str) or not text.strip():
            raise ValueError("type an action in the game's notation")
        self._may_act()
        if self._lesson.asks_move(self.node):  # an answer to judge, played only if right
            self._front_answer({"text": text})
        else:
            self._play(text.strip())

    def _front_write(self, kind: str, content) -> None:
        """A writer's intent (explorer.writer): chapters, exercises, Save and Publish."""
        if self._desk is None:
            raise PermissionError("a study is written in a chapter's own explorer: Explorer(study.chapters[i])")
        chapter = self._desk.do(kind, content, self._tl.current)
        if chapter is not self._lesson.chapter:
            self._open_chapter(chapter)

    def _open_chapter(self, chapter) -> None:
        """Write another chapter of the study (added, chosen, or the one left when this one was deleted)."""
        game = self._tl.root.state.game_name
        self._use_timeline(chapter.timeline, chapter)
        if self._tl.root.state.game_name != game:
            self.rules = _rule_notes(self._tl.root.state.game_name)
            self._title = self._default_title(self._tl.root.state)
        if self._race is not None:  # drawn again for this chapter's line (another game may have other seats)
            if self._panel is not None:
                self._panel.children = tuple(k for k in self._panel.children if k is not self._race.plot)
            self._race, self._race_checked = None, None
            self._add_race()

    def _front_annotate(self, op) -> None:
        """One click of the annotate tool (explorer.annotations.click)."""
        if self.lock_seat and self.viewer is not None and self._lesson.chapter is not None:
            raise PermissionError("this lesson is read-only: its marks are the author's")
        node = self._tl.current
        parts, checked = _annotate_click(node.marks, op)
        old = node.marks
        self._tl.annotate(node, viewer=self.viewer if checked else None, **parts)
        if node.marks != old:  # Undo takes it back (the annotate bar's Undo / Redo)
            self._marks_undo.append((node.id, old))
            self._marks_redo.clear()

    def _marks_history(self, undo: bool) -> None:
        """Undo (or redo) the last change of marks made by clicking, going to its position."""
        if self.lock_seat and self.viewer is not None and self._lesson.chapter is not None:
            raise PermissionError("this lesson is read-only: its marks are the author's")
        take, give = (self._marks_undo, self._marks_redo) if undo else (self._marks_redo, self._marks_undo)
        while take:
            node_id, marks = take.pop()
            node = self._tl.nodes.get(node_id)
            if node is None:  # deleted since
                continue
            give.append((node_id, node.marks))
            node.marks = marks
            self._tl.goto(node)
            return
        raise ValueError(f"nothing to {'undo' if undo else 'redo'} in the marks")

    def _front_answer(self, content) -> None:
        move = self._lesson.answer(self._tl.current, content)
        if move is not None:
            self._play(move)

    def _front_move(self, choose) -> None:
        self._may_act()
        self._play(choose())

    def _may_act(self) -> None:
        state = self.state
        viewer = self.viewer
        if state.is_terminal:
            raise ValueError("the game is over: there is no move to make")
        if viewer == -1:
            raise PermissionError("a spectator cannot move: view the game as the seat to act")
        if viewer is not None and viewer != state.current_player:
            raise PermissionError(
                f"it is {self._seat_names[state.current_player]}'s turn; "
                f"you are viewing as {self._seat_names[viewer]}")

    def _front_seat(self, seat) -> None:
        if self.lock_seat:
            raise PermissionError("the seat is locked for this explorer")
        if seat is not None and (not isinstance(seat, (int, str)) or isinstance(seat, bool)):
            raise ValueError(f"not a viewer: {_clip_text(repr(seat), 40)} (expected null, -1 or a seat number)")
        self.seat = _seat_value(seat)

    def _front_playout(self) -> None:
        if self.viewer is not None:
            raise PermissionError("play out moves for every seat: view everything to use it")
        self._playout()

    def _front_comment(self, content) -> None:
        if self._lesson.reader:
            raise PermissionError("a lesson's comments are its author's: open Explorer(study.chapters[i]) to write")
        text = content.get("text")
        if not isinstance(text, str) or len(text) > 2000:
            raise ValueError("a comment is text of at most 2000 characters")
        self._tl.comment(self._target(content), text, viewer=self.viewer)

    def _front_preview(self, text) -> None:
        self._may_act()
        if not isinstance(text, str) or len(text) > 2000:
            raise ValueError("an action is text in the game's notation")
        state = self.state
        self.preview = dict(state.preview(state.parse_action(text)) or {}, action=text, node=self.node.id)

    def _front_bot(self, name, play: bool) -> None:
        if name is not None and (not isinstance(name, str) or name not in BOT_NAMES):
            raise ValueError(f"bot must be one of {', '.join(BOT_NAMES)}, not {_clip_text(repr(name), 40)}")
        self._may_act()  # a bot acts for, and reads the view of, the seat to act only
        if play:
            self._play(self._bot(name).choose(self.state))
        else:
            self._analyse(name)

    def _bot(self, name: str | None):
        from . import bots
        name = name or self._bot_name
        opts = self._bot_options if name == self._bot_name else _BOT_OPTIONS.get(name, {})
        seed = (self._random_seed * 1_000_033 + self._bot_count) & rng.MASK
        self._bot_count += 1
        return bots.make(name, seed=seed, **opts)

    def _analyse(self, name: str | None) -> None:
        state = self.state
        if state.is_terminal:
            raise ValueError("the game is over: there is nothing to analyse")
        viewer, actor = self.viewer, state.current_player
        if viewer is not None and viewer != actor:  # the moves it weighs would spell out the actor's hand
            raise PermissionError(f"an analysis lists {self._seat_names[actor]}'s possible moves, which this "
                                  f"view may not see: view as {self._seat_names[actor]} or everything")
        if (name or self._bot_name) == "search":  # the top moves with their win chance and reasons in words
            self._drop_analysis_plot()
            seed = (self._random_seed * 1_000_033 + self._bot_count) & rng.MASK
            self.analysis = self._insight.analyse(self.node, viewer, seed)
            self._last_analysis = self.analysis["rows"]
            return
        bot = self._bot(name)
        df = bot.analyse(state)
        self._last_analysis = df
        heuristic = not bot.searches  # it rates moves: there are no visits to show
        rows = [{"action": str(r.action), "value": None if r.value != r.value else round(float(r.value), 4),
                 "chosen": bool(r.chosen), **({} if heuristic else {"visits": int(r.visits)})}
                for r in df.itertuples()]
        self.analysis = {"bot": bot.label, "node": self.node.id, "seat": state.current_player, "rows": rows,
                         "viewer": viewer, "kind": "rating" if heuristic else "table"}
        if self._panel is not None:
            from .bots.plots import analysis_plot
            from .plots import Plot
            self._drop_analysis_plot()
            self._analysis_plot = Plot(analysis_plot(df, title=f"What {bot.label} would play here, and why"))
            self._panel.children = (*self._panel.children, self._analysis_plot)

    def _drop_analysis_plot(self) -> None:
        """Take the analysis chart out of the panel and close its models (they are synced to the page)."""
        plot, self._analysis_plot = self._analysis_plot, None
        if plot is None:
            return
        if self._panel is not None:
            self._panel.children = tuple(k for k in self._panel.children if k is not plot)
        _close_plot(plot)

    def _node_id(self, value) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"not a node id: {value!r}")
        return value

    # -- doing things
    def _run(self, fn, front: bool = False, editing: bool = False) -> None:
        with self._insight.lock:  # a review in the background writes into the timeline under the same lock
            self._run_locked(fn, front, editing)

    def _run_locked(self, fn, front: bool, editing: bool) -> None:
        actor = self.state.current_player
        with self.hold_sync():
            try:
                if not editing:
                    self._edits.guard("")
                fn()
            except Exception as exc:
                self.error = self._shown_error(exc, actor)
                if not front:
                    raise
                return
            self.error = ""
            self._sync()

    def _shown_error(self, exc: BaseException, actor) -> str:
        """The error as the current viewer may read it: an illegal move can describe the actor's hand."""
        viewer = self.viewer
        if viewer is None or viewer == actor or actor is None or not isinstance(exc, IllegalAction):
            return _message(exc)
        who = self._seat_names[actor] if 0 <= actor < self._players else f"seat {actor}"
        return f"[{exc.rule}] not a legal move for {who} (the details are hidden from this view)"

    def _play(self, action) -> Node:
        """Play here; a viewer who is not omniscient opening a new variation plays on a re-sampled copy."""
        viewer = self.viewer
        here = self._tl.current
        if viewer is None or not here.children or here.state.is_terminal:
            return self._tl.play(action)
        state = here.state
        if isinstance(action, str):
            try:  # following a move already in the tree reveals nothing new
                text = str(state.parse_action(action))
            except ValueError:
                text = None
        else:
            text = str(action)
        if text is not None and any(c.action == text for c in here.children):
            return self._tl.play(action)
        who = state.current_player if viewer == -1 else viewer  # a spectator knows less than any seat
        seed = (self._random_seed * 1_000_037 + self._tl._next_id) & rng.MASK
        return self._tl.play(str(action), sample=(who, seed))

    def _random_action(self):
        state = self.state
        if state.is_terminal:
            raise ValueError("the game is over: there is no move to make")
        legal = state.legal_actions()
        if not legal:
            raise ValueError("no legal action here")
        seed = (self._random_seed * 1_000_003 + self._random_count) & rng.MASK
        self._random_count += 1
        _, k = rng.below(rng.seed_state(seed), len(legal))
        return str(legal[k])

    def _playout(self) -> None:
        for _ in range(_PLAYOUT_LIMIT):
            if self.state.is_terminal:
                return
            self._play(self._random_action())
        raise RuntimeError(f"play-out stopped after {_PLAYOUT_LIMIT} moves without reaching the end")

    def _set_mark(self, node) -> None:
        self._mark = self._tl._node(node)

    def _clear_compare(self) -> None:
        self._mark = None
        self.diff = {}

    def _compare(self, a, b) -> None:
        a = self._mark if a is None else self._tl._node(a)
        if a is None:
            raise ValueError("mark a node first (the 'mark' button), then go to another and compare")
        b = self._tl.current if b is None else self._tl._node(b)
        viewer = self.viewer
        said = self._tl.changes(a, b, viewer=viewer)  # in the game's own words, then the fields as details
        self.diff = {"a": a.id, "b": b.id, "a_ply": a.ply, "b_ply": b.ply,
                     "lines": said["sentences"] or ["no visible difference"],
                     "details": said["details"] if said["details"] != said["sentences"] else []}

    @t.validate("seat")
    def _check_seat(self, proposal):
        v = proposal["value"]
        if v is None or v == SPECTATOR or 0 <= v < self._players:
            return v
        raise t.TraitError(f"seat must be None (everything), -1 (spectator) or 0..{self._players - 1}, got {v} "
                           "(-2 no longer means the spectator: use -1 or 'spectator')")

    @t.observe("seat", "lock_seat")
    def _resync(self, _change) -> None:
        if self._ready:  # whatever was shown to the previous viewer goes: errors, compare, analysis
            with self.hold_sync():
                self.error = ""
                self.diff = {}
                self.preview = {}
                self.analysis = {}
                self._lesson.reset()
                self._drop_analysis_plot()
                if self.seat is not None:  # the editor shows everything: it ends with the omniscient view
                    self._edits.cancel()
                self._sync()

    def set_state(self, sync_data):
        """State sent by the front end: it may not write the synced game traits."""
        blocked = [k for k in sync_data if k in _SYNCED]
        allowed = {k: v for k, v in sync_data.items() if k not in _SYNCED}
        if allowed:
            super().set_state(allowed)
        if blocked:
            self.send_state(blocked)  # put the front end back in step

    # -- building the synced traits
    def _window(self, node: Node) -> tuple[list[Node], list[Node], bool]:
        """The line's nodes with plies in [lo, lo + 3 * PAGE): `node` and its ancestors, then the main
        continuation; and whether the continuation goes on past the window."""
        lo = max(1, ((node.ply - 1) // PAGE) * PAGE + 1 - PAGE)
        hi = lo + 3 * PAGE - 1
        back = []
        n = node
        while n.parent is not None and n.ply >= lo:
            back.append(n)
            n = n.parent
        back.reverse()
        ahead = []
        n = node
        while n.children and n.ply < hi and not self._lesson.unsolved(n):
            n = n.children[0]
            ahead.append(n)
        return back, ahead, n.children != [] and not self._lesson.unsolved(n)

    def _alts(self, n: Node, viewer) -> list[dict]:
        """The other moves at `n`'s parent (main line first), each with its first few moves."""
        out = []
        for i, alt in enumerate(n.parent.children):
            if alt is n:
                continue
            if len(out) == ALTS:
                out.append({"more": len(n.parent.children) - 1 - ALTS})
                break
            moves, m = [], alt
            while m is not None and len(moves) < ALT_MOVES:
                moves.append({"id": m.id, "ply": m.ply, "text": self._reader.move(m, viewer)[0]})
                m = m.children[0] if m.children else None
            out.append({"id": alt.id, "main": i == 0, "moves": moves, "longer": m is not None,
                        "variation": i + 1})
        return out

    def _sync(self) -> None:
        tl = self._tl
        node = tl.current
        state = node.state
        viewer = self.viewer
        editor = self._edits.editor
        if editor is not None:  # the position being edited, seen whole (edit mode needs the omniscient view)
            state = editor.state
        eyes = Eyes.of(state, viewer)  # what this viewer is shown of the position: explorer.reader decides
        view = eyes.view
        to_move = state.current_player
        terminal = state.is_terminal
        can_act = editor is None and eyes.may_act()
        legal = reader_legal(eyes) if can_act else []

        back, ahead, cut = self._window(node)
        log = [self._reader.entry(n, eyes) for n in back + ahead]
        tree = [{"id": n.id, "ply": n.ply, "text": e["text"], "comment": e["comment"], "glyph": e["glyph"],
                 "main": n.parent.children[0] is n,
                 "alts": self._alts(n, viewer) if len(n.parent.children) > 1 else []}
                for e, n in zip(log, back + ahead)]
        here = [{"id": c.id, "text": self._reader.move(c, viewer)[0], "main": i == 0,
                 "label": self._reader.label(c, eyes)} for i, c in enumerate(node.children[:ALTS])]
        stopped = self._lesson.unsolved(node)  # an unsolved exercise: its moves are not shown yet
        if stopped:
            here = []

        if terminal:
            hint = "the game is over"
        elif viewer == -1:  # advice only where the reader can follow it
            hint = "spectators see no moves" + ("" if self.lock_seat else ": view as the seat to act")
        elif not can_act:
            hint = f"waiting for {self._seat_names[to_move]} to act"
        else:
            hint = ""
        last = ahead[-1] if ahead else node
        meta = {
            "game": view.get("game", getattr(state, "game_name", "")), "players": self._players,
            "seat_names": self._seat_names, "lock_seat": bool(self.lock_seat), "height": self._height,
            "node": node.id, "ply": node.ply, "last_ply": last.ply, "more_ahead": cut,
            "line_end": self._tip().ply if cut else last.ply,  # where the main line from here ends
            "earlier": bool(back) and back[0].parent is not tl.root,
            "at_start": node.parent is None, "at_end": not node.children or stopped, "to_move": to_move,
            "terminal": terminal, "can_act": can_act, "can_playout": viewer is None and not terminal and editor is None,
            "hint": hint, "counter": turn_counter(state, self._seat_names), "nodes": len(tl),
            "bots": list(BOT_NAMES), "bot": self._bot_name, "eval_bar": self._insight.bar,
            "comment": eyes.words(node.comment), "children": here, "editing": editor is not None,
            "exercise": stopped,  # an unsolved exercise here: no bot, random move or play-out may answer it
            "author": self._lesson.author,  # Explorer(chapter): the chapter's writer may set exercises by clicking
            "writer": not self._lesson.reader,  # may comment here (a lesson's reader reads its comments)
            "mark": self._mark.id if self._mark is not None and self._mark.id in tl.nodes else None,
            "mark_ply": self._mark.ply if self._mark is not None and self._mark.id in tl.nodes else None,
        }
        if editor is not None:
            meta["hint"] = "editing the position: Done starts a new line from it, Cancel leaves it"
        with self.hold_sync():
            self.title = Eyes.of(tl.root.state, viewer).words(eyes.words(self._title))
            self.view = view
            self.edit_state = editor.synced(self._seat_names) if editor is not None else {}
            self.legal = legal
            self.log = log
            self.tree = tree
            self.meta = meta
            self.lesson = self._lesson.synced(node, eyes)
            self.study = self._desk.synced(node, eyes) if self._desk is not None else {}
            self.evaluation = self._insight.evaluation(node, viewer) if editor is None else {}
            self.review_panel = self._insight.synced_review(viewer)
            if self.preview and self.preview.get("node") != node.id:
                self.preview = {}
            if self.analysis and (self.analysis.get("node") != node.id or not can_act
                                  or self.analysis.get("viewer", viewer) != viewer):
                self.analysis = {}
            if not self.analysis and self._analysis_plot is not None:  # the chart goes with its table
                self._drop_analysis_plot()
        if self._race is not None:
            self._race.schedule()
        elif self._panel is not None:
            self._add_race()

    # -- the score race (explorer.race, drawn with Bokeh)
    def _tip(self) -> Node:
        tip = self._tl.current
        while tip.children and not self._lesson.unsolved(tip):
            tip = tip.children[0]
        return tip

    def _race_where(self):
        """What the score race draws: the end of the line, the current node, the viewer."""
        return self._tip(), self._tl.current, self.viewer


def show(state, seat=None, **kwargs) -> Explorer:
    """An Explorer on `state` (or a Timeline), e.g. ``show(s, seat=0, lock_seat=True)``."""
    return Explorer(state, seat=seat, **kwargs)


__all__ = ["Explorer", "show"]
