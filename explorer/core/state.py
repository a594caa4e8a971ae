"""The engine contract every game implements (modelled on OpenSpiel's State, but immutable)."""
from __future__ import annotations

import html
import json

_ALL_IDS: dict = {}  # id(cfg) -> (cfg, its component ids): a game's Config lives as long as the session


class State:
    """A position. Callers never mutate it: `apply` returns a new State.

    Subclasses implement the methods that raise NotImplementedError, plus `_key()`, a tuple of everything
    that defines the position (used for ==, hash and round trips), and either `legal_actions()` or the
    `_legal` slot and `_generate()` that the cached `legal_actions()` here uses.

    What every engine repeats lives here as template methods, each calling a hook the game writes:
    `view` and `redact` check the viewer and call `_view(seat)` / `_redact(action, viewer)`; `apply` is
    `_checked(action)` -> `_fork()` (the copy it changes) -> `_effects(action)` on that copy, and
    `apply_in_place` the same on the scratch state itself after `_thaw()`; `check_invariants` runs the game's
    `_laws()`, then the JSON round trip. A game may override the template instead (the test games do).
    """

    __slots__ = ()
    game_name: str = ""

    # -- whose move and what they may do
    @property
    def current_player(self) -> int | None:
        raise NotImplementedError

    @property
    def num_players(self) -> int:
        """How many seats the game has. The games read it from their set-up; this fallback counts a view's."""
        return len(self.view(None).get("seats") or ())

    def seat_name(self, seat: int) -> str:
        """The name players call `seat` by ('Red'), as the views give it; 'Seat 2' when they give none."""
        try:
            got = self.view(-1)["seats"][seat]["name"]
        except (LookupError, TypeError, ValueError, NotImplementedError):
            got = None
        return got if isinstance(got, str) and got else f"Seat {seat + 1}"

    def seat_names(self) -> list[str]:
        return [self.seat_name(i) for i in range(self.num_players)]

    @property
    def is_terminal(self) -> bool:
        return self.current_player is None

    def legal_actions(self) -> tuple:
        """The actions current_player may take, in a stable order (empty when the game is over).
        A tuple: it is cached on the state, so callers cannot corrupt it. Subclasses either override
        this or give a `_legal` slot (None when not yet known) and a `_generate()` yielding the actions."""
        acts = self._legal
        if acts is None:
            acts = self._legal = tuple(self._generate())
        return acts

    def parse_action(self, text: str):
        """Text in the game's notation -> an action legal here (NotationError/IllegalAction if not)."""
        raise NotImplementedError

    def apply(self, action) -> State:
        """Return the state after `action` (an action object or its text); self is unchanged."""
        a = self._checked(action)
        s = self._fork()
        s._effects(a)
        return s

    def why_illegal(self, action):
        """Why `action` (an action or its text) is not legal here: the IllegalAction each game's diagnosis
        (its `diagnose.py` or notation module) gives, with `.rule`, the ledger id of the broken rule, and
        `.explanation`, in plain words; None when the action is legal. Text that is not in the game's
        notation at all raises NotationError."""
        from .errors import IllegalAction
        try:
            self.apply(action)
        except IllegalAction as err:
            return err
        return None

    # -- for search and simulation only: a state the caller owns, changed in place
    def scratch(self) -> State:
        """A copy that a search may change with `apply_in_place` (this state stays as it is). Never hand a
        scratch state to a user: states are immutable everywhere else."""
        return self._fork()

    def apply_in_place(self, action) -> None:
        """`self = self.apply(action)`, without a new object: only on a state from `scratch()` (or one that
        nothing else holds). The same legality checks and errors as `apply`."""
        a = self._checked(action)
        self._thaw()
        self._effects(a)

    # -- the hooks of apply and apply_in_place
    def _checked(self, action):
        """`action` (an action or its text) as the legal action it names here; raises if none."""
        return action

    def _fork(self) -> State:
        """The copy `apply` changes: it may share with this state what the effects replace, never edit."""
        import copy
        return copy.copy(self)

    def _thaw(self) -> None:
        """Make this scratch state ready for `_effects` in place: by default, forget its legal actions."""
        if hasattr(self, "_legal"):
            self._legal = None

    def _effects(self, action) -> None:
        """Change this state (a fork, or a scratch state) by `action`, already checked. This generic
        version, for a game that overrides `apply` instead, takes over the fields of the state it returns."""
        if type(self).apply is State.apply:
            raise NotImplementedError(f"{type(self).__name__} implements neither apply nor _effects")
        new = self.apply(action)
        if hasattr(new, "__dict__"):
            self.__dict__ = new.__dict__
        for cls in type(new).__mro__:
            for name in getattr(cls, "__slots__", ()):
                if hasattr(new, name):
                    setattr(self, name, getattr(new, name))

    # -- results
    def scores(self) -> dict:
        """{'seats': [points per seat], 'teams': [points per team] or None}."""
        raise NotImplementedError

    def winners(self) -> list[int]:
        raise NotImplementedError

    # -- serialisation and views
    def to_json(self) -> dict:
        raise NotImplementedError

    def view(self, seat: int | None = None) -> dict:
        """JSON-safe dict of what `seat` may see: None or "everything" is the omniscient view, -1 or
        "spectator" the public one, 0..n-1 that seat's (see explorer.core.seats). Checks the viewer, then
        calls the game's `_view(seat)` with None, -1 or a seat number."""
        if seat is not None and (type(seat) is not int or not -1 <= seat < self.num_players):
            seat = self._viewer(seat)
        return self._view(seat)

    def _view(self, seat: int | None) -> dict:
        raise NotImplementedError

    def _viewer(self, seat) -> int | None:
        """Any spelling of a viewer (explorer.core.seats) as None, -1 or a seat of this game (ValueError)."""
        from .seats import viewer
        v = viewer(seat)
        n = self.num_players
        if v is not None and v >= n:
            raise ValueError(f"seat must be None, -1 (spectator) or 0..{n - 1}, got {seat!r}")
        return v

    def describe(self) -> str:
        raise NotImplementedError

    def explain(self, action):
        """One sentence saying what `action` does here (a str, explorer.core.explanation.Explanation) that
        also carries `.rules`, the ledger ids it relies on. The game writes `_explain(action)`: an
        Explanation built where it chooses the rules (explanation.citing), or a plain sentence citing none."""
        from .explanation import Explanation
        said = self._explain(action)
        return said if isinstance(said, Explanation) else Explanation(said, ())

    def _explain(self, action) -> str:
        return str(action)

    def redact(self, action, viewer: int | None) -> str:
        """How `action` (taken here by current_player) reads to `viewer`: hidden parts removed. Checks the
        viewer, then calls the game's `_redact(action, viewer)`."""
        if viewer is not None and (type(viewer) is not int or not -1 <= viewer < self.num_players):
            viewer = self._viewer(viewer)
        return self._redact(action, viewer)

    def _redact(self, action, viewer: int | None) -> str:
        return str(action)

    def turn_label(self) -> str:
        """Where the game stands, for a move counter: e.g. 'turn 12 · action 2 of 2' ('' if unknown)."""
        return ""

    def private_ids(self, seat: int) -> frozenset:
        """Ids (as they appear in views) of the components only `seat` may see now, e.g. its hand.
        No other seat's view may contain them (the conformance suite checks)."""
        return frozenset()

    def component_ids(self) -> frozenset:
        """Every id (as views spell them) that a component of this game can have, wherever it is: in a
        hand, a deck, the supply or out of the game. What a viewer may not be told of is this set less
        the ids of its view (explorer.annotations.hidden_ids), so a seat cannot tell "in another hand"
        from "in a deck" by what gets redacted. A game lists them in `_all_ids(cfg)` from its `cfg` (once
        per components); without one, only the omniscient view's ids are known."""
        cfg = getattr(self, "cfg", None)
        if cfg is None or not hasattr(self, "_all_ids"):
            from ..compare import view_ids
            return frozenset(view_ids(self.view(None)))
        got = _ALL_IDS.get(id(cfg))
        if got is None or got[0] is not cfg:
            got = _ALL_IDS[id(cfg)] = (cfg, frozenset(self._all_ids(cfg)))
        return got[1]

    def race(self, viewer=None) -> dict:
        """What the explorer's race chart plots for each seat as `viewer` sees it: {"label": axis title,
        "values": [a number per seat, or None where the viewer cannot know it]}. By default the score."""
        seats = self.view(-1 if viewer is None else viewer).get("seats") or []
        return {"label": "score", "values": [s.get("score", 0) if isinstance(s, dict) else 0 for s in seats]}

    def preview(self, action) -> dict | None:
        """What `action` would do, for a board to draw before it is applied (e.g. movement arrows)."""
        return None

    def svg(self, seat: int | None = None) -> str:
        """A static SVG picture of the position as `seat` sees it (None: everything)."""
        raise NotImplementedError

    def check_invariants(self) -> None:
        """Raise AssertionError if a conservation law (the game's `_laws()`) is broken or the JSON round
        trip, from_json(to_json()) == self, does not hold (explorer.core.checks)."""
        from .checks import round_trip
        self._laws()
        round_trip(self)

    def _laws(self) -> None:
        raise NotImplementedError

    def _key(self) -> tuple:
        raise NotImplementedError

    # -- generic behaviour
    def __eq__(self, other):
        return type(other) is type(self) and self._key() == other._key()

    def __hash__(self):
        return hash(self._key())

    def __repr__(self):
        turn = "over" if self.is_terminal else f"seat {self.current_player} to act"
        return f"<{type(self).__name__} {self.game_name}: {turn}>"

    def to_json_text(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))

    def _repr_svg_(self):
        try:
            return self.svg(None)
        except NotImplementedError:
            return None

    def _repr_html_(self):
        text = "<pre>" + html.escape(self.describe()) + "</pre>"
        picture = self._repr_svg_()
        return text if picture is None else f"<div>{picture}{text}</div>"
