"""The explorer widget: one anywidget for every game, driven by a Timeline.

>>> w = Explorer.new("lotus", players=3, seed=1)     # displays in Jupyter
>>> w.act("4s"); w.back(); w.act("6d")             # a variation at ply 1
>>> w.set_seat(1)                                  # now only what Blue may see

Python decides everything; the front end (widgets/explorer.js) only draws the synced traits and
sends intents such as ``{"type": "act", "text": "5ss"}``.

Hidden information: when the viewer is a seat, every synced trait is built from
``state.view(seat)``, action texts pass through ``state.redact``, and the legal moves (which
reveal a hand) are sent only to the seat to act. The front end cannot write synced traits;
with ``lock_seat=True`` it cannot change the seat either.

Seats on the wire (the ``seat`` trait): ``-1`` = everything (omniscient, ``view(None)``),
``-2`` = public spectator (``view(-1)``), ``0..n-1`` = that seat. In Python, pass
``None``, ``"public"`` or a seat number (see ``set_seat``).
"""
from __future__ import annotations

import anywidget
import traitlets as t

from .core import IllegalAction, State, rng, widgets_root
from .timeline import Node, Timeline

OMNISCIENT = -1  # seat trait value for view(None)
PUBLIC = -2      # seat trait value for the spectator view, view(-1)
_SYNCED = ("view", "seat", "legal", "log", "branches", "error", "title", "meta")
_PLAYOUT_LIMIT = 10_000
_ENGINE_ERRORS = (ValueError, TypeError, KeyError, IndexError, NotImplementedError)


def _seat_value(seat) -> int:
    """Python's way of naming a viewer -> the seat trait's value."""
    if seat is None or seat == "omniscient":
        return OMNISCIENT
    if seat in ("public", "spectator"):
        return PUBLIC
    if isinstance(seat, int) and not isinstance(seat, bool):
        if seat >= 0:
            return seat
        raise ValueError(
            f"seat {seat} is ambiguous here: pass seat=None for the omniscient view, "
            "seat='public' for the spectator view, or a seat number 0, 1, ...")
    raise TypeError(f"seat must be None, 'public' or a seat number, got {seat!r}")


def _ids(value, out: set | None = None) -> set:
    """Every string under an 'id' key, anywhere in a view."""
    out = set() if out is None else out
    if isinstance(value, dict):
        for k, v in value.items():
            if k == "id" and isinstance(v, str):
                out.add(v)
            else:
                _ids(v, out)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _ids(v, out)
    return out


def _unknown(kind):
    raise ValueError(f"unknown intent {kind!r}")


def _message(exc: BaseException) -> str:
    if isinstance(exc, (ValueError, PermissionError)) and str(exc):
        return str(exc)
    return f"{type(exc).__name__}: {exc}"


class Explorer(anywidget.AnyWidget):
    """Browse and play a game: board view, legal moves, move log with variations."""

    _esm = widgets_root() / "explorer.js"
    _css = widgets_root() / "explorer.css"

    view = t.Dict().tag(sync=True)
    seat = t.Int(OMNISCIENT).tag(sync=True)
    legal = t.List().tag(sync=True)
    log = t.List().tag(sync=True)
    branches = t.List().tag(sync=True)
    error = t.Unicode("").tag(sync=True)
    title = t.Unicode("").tag(sync=True)
    meta = t.Dict().tag(sync=True)  # players, seat names, lock, navigation flags, height

    lock_seat = t.Bool(False)

    def __init__(self, state_or_timeline, seat=None, lock_seat: bool = False, height=None,
                 title: str | None = None, random_seed: int = 0, **kwargs):
        if isinstance(state_or_timeline, Timeline):
            tl = state_or_timeline
        elif isinstance(state_or_timeline, State):
            tl = Timeline(state_or_timeline)
        else:
            raise TypeError(f"Explorer needs a State or a Timeline, got {state_or_timeline!r}")
        self._ready = False
        self._tl = tl
        self._height = height
        self._random_seed = int(random_seed)
        self._random_count = 0
        self._texts: dict[tuple[int, int | None], tuple[str, str]] = {}
        full = tl.root.state.view(None)
        seats = full.get("seats") if isinstance(full.get("seats"), list) else None
        self._players = len(seats) if seats is not None else int(full.get("players") or 0)
        self._seat_names = [
            (s.get("name") if isinstance(s, dict) else None) or f"Seat {i + 1}"
            for i, s in enumerate(seats or [None] * self._players)]
        super().__init__(**kwargs)
        self.title = title if title is not None else self._default_title(tl.root.state)
        self.lock_seat = bool(lock_seat)
        self.seat = _seat_value(seat)
        self._ready = True
        self._sync()
        self.on_msg(self._on_msg)

    @classmethod
    def new(cls, game: str, *, seat=None, lock_seat: bool = False, height=None, title: str | None = None,
            random_seed: int = 0, **load_kwargs) -> Explorer:
        """A new game by name: ``Explorer.new("lotus", players=3, seed=1)``."""
        from .core import load
        return cls(load(game, **load_kwargs), seat=seat, lock_seat=lock_seat, height=height,
                   title=title, random_seed=random_seed)

    @staticmethod
    def _default_title(state) -> str:
        name = getattr(state, "game_name", "") or type(state).__name__
        try:
            from .core import spec
            name = spec(name).title
        except ValueError:
            pass
        return name

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
        """The engine's viewer for the current seat: None (omniscient), -1 (spectator) or a seat."""
        return None if self.seat == OMNISCIENT else -1 if self.seat == PUBLIC else self.seat

    # -- the Python API (trusted: may move for any seat; errors raise after setting `error`)
    def act(self, text: str) -> None:
        self._run(lambda: self._play(text))

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
        """None (everything), 'public' (spectator) or a seat number."""
        self._run(lambda: setattr(self, "seat", _seat_value(seat)))

    def random_move(self) -> None:
        self._run(lambda: self._play(self._random_action()))

    random = random_move  # the front end's "random" intent

    def playout(self) -> None:
        self._run(self._playout)

    def promote(self) -> None:
        self._run(lambda: self._tl.promote_to_main(self._tl.current))

    def delete(self) -> None:
        self._run(lambda: self._tl.delete(self._tl.current))

    # -- intents from the front end (untrusted: a seat viewer may only move for itself)
    def _on_msg(self, _widget, content, _buffers=None) -> None:
        kind = content.get("type") if isinstance(content, dict) else None
        handlers = {
            "act": lambda: self._front_act(content.get("text")),
            "back": self._tl.back, "forward": self._tl.forward,
            "start": self._tl.start, "end": self._tl.end,
            "goto": lambda: self._tl.goto(self._node_id(content.get("id"))),
            "seat": lambda: self._front_seat(content.get("seat")),
            "random": lambda: self._front_move(self._random_action),
            "playout": self._front_playout,
            "promote": lambda: self._tl.promote_to_main(self._tl.current),
            "delete": lambda: self._tl.delete(self._tl.current),
        }
        self._run(handlers.get(kind) or (lambda: _unknown(kind)), front=True)

    def _front_act(self, text) -> None:
        if not isinstance(text, str) or not text.strip():
            raise ValueError("type an action in the game's notation")
        self._front_move(lambda: text.strip())

    def _front_move(self, choose) -> None:
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
        self._play(choose())

    def _front_seat(self, seat) -> None:
        if self.lock_seat:
            raise PermissionError("the seat is locked for this explorer")
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise TypeError(f"not a seat: {seat!r}")
        self.seat = seat

    def _front_playout(self) -> None:
        if self.viewer is not None:
            raise PermissionError("play out moves for every seat: view everything to use it")
        self._playout()

    def _node_id(self, value) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"not a node id: {value!r}")
        return value

    # -- doing things
    def _run(self, fn, front: bool = False) -> None:
        actor = self.state.current_player
        with self.hold_sync():
            try:
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
        return self._tl.play(action)

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

    @t.validate("seat")
    def _check_seat(self, proposal):
        v = proposal["value"]
        if v in (OMNISCIENT, PUBLIC) or 0 <= v < self._players:
            return v
        raise t.TraitError(f"seat must be -1 (everything), -2 (public) or 0..{self._players - 1}, got {v}")

    @t.observe("seat", "lock_seat")
    def _resync(self, _change) -> None:
        if self._ready:
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
    def _move_texts(self, node: Node, viewer) -> tuple[str, str]:
        """(text as `viewer` may read it, unsanitised explanation or '') for the move into `node`."""
        key = (node.id, viewer)
        if key not in self._texts:
            before = node.parent.state
            try:
                act = before.parse_action(node.action)
                text = before.redact(act, viewer)
            except _ENGINE_ERRORS:  # a game that cannot redact this: show nothing hidden
                act, text = None, node.action if viewer is None else "?"
            explain = ""
            if act is not None and (viewer is None or viewer == node.actor):
                try:
                    explain = before.explain(act)
                except _ENGINE_ERRORS:
                    explain = ""
            self._texts[key] = (text, explain)
        return self._texts[key]

    def _label(self, node: Node, viewer, hidden: set) -> str:
        text, explain = self._move_texts(node, viewer)
        if explain and not any(i in explain for i in hidden):
            return explain
        who = self._seat_names[node.actor] if node.actor is not None and node.actor < self._players else "?"
        return f"{who}: {text}"

    def _sync(self) -> None:
        tl = self._tl
        node = tl.current
        state = node.state
        viewer = self.viewer
        full = state.view(None)
        view = full if viewer is None else state.view(viewer)
        hidden = set() if viewer is None else _ids(full) - _ids(view)
        to_move = state.current_player
        terminal = state.is_terminal
        can_act = not terminal and (viewer is None or viewer == to_move)

        legal = []
        if can_act:
            seen = set()
            for a in state.legal_actions():
                text = str(a)
                if text in seen:
                    continue
                seen.add(text)
                try:
                    label = state.explain(a)
                except _ENGINE_ERRORS:
                    label = text
                if any(i in label for i in hidden):
                    label = text
                legal.append({"text": text, "label": label})

        path = tl.line(node)[1:]
        ahead = []
        n = node
        while n.children:
            n = n.children[0]
            ahead.append(n)
        log = []
        for n in path + ahead:
            log.append({
                "id": n.id, "ply": n.ply, "text": self._move_texts(n, viewer)[0],
                "label": self._label(n, viewer, hidden), "current": n is node, "future": n.ply > node.ply,
                "variations": len(n.parent.children) - 1, "actor": n.actor,
            })
        branches = []
        if len(node.children) > 1:
            branches = [{"id": c.id, "text": self._move_texts(c, viewer)[0], "main": i == 0,
                         "label": self._label(c, viewer, hidden)} for i, c in enumerate(node.children)]

        if terminal:
            hint = "the game is over"
        elif viewer == -1:
            hint = "spectators see no moves: view as the seat to act"
        elif not can_act:
            hint = f"waiting for {self._seat_names[to_move]} to act"
        else:
            hint = ""
        meta = {
            "game": view.get("game", getattr(state, "game_name", "")), "players": self._players,
            "seat_names": self._seat_names, "lock_seat": bool(self.lock_seat), "height": self._height,
            "node": node.id, "ply": node.ply, "last_ply": (ahead[-1].ply if ahead else node.ply),
            "at_start": node.parent is None, "at_end": not node.children, "to_move": to_move,
            "terminal": terminal, "can_act": can_act, "can_playout": viewer is None and not terminal,
            "hint": hint,
        }
        with self.hold_sync():
            self.view = view
            self.legal = legal
            self.log = log
            self.branches = branches
            self.meta = meta


def show(state, seat=None, **kwargs) -> Explorer:
    """An Explorer on `state` (or a Timeline), e.g. ``show(s, seat=0, lock_seat=True)``."""
    return Explorer(state, seat=seat, **kwargs)


__all__ = ["OMNISCIENT", "PUBLIC", "Explorer", "show"]
