"""How an explorer makes moves: who may move, a viewer's new variation played on a re-sampled copy, random
moves, play-outs and bots, each seeded from the explorer's `random_seed` so a session replays the same.

>>> import explorer
>>> from explorer.timeline import Timeline
>>> tl = Timeline(explorer.load("lotus", players=3, seed=7))
>>> moves = Moves(seed=0)
>>> node = moves.play(tl, moves.random(tl.current.state), viewer=None)
>>> node.ply
1

Branching in a seat's view does not peek at the future: when a viewer who is not omniscient opens a new
variation, the move is played on a copy of the position whose hidden parts (other hands, deck orders) were
re-sampled from that viewer's view (the game's ``from_view``, as the bots do), with a seed saved in the
timeline.
"""
from __future__ import annotations

from .core import rng

BOT_NAMES = ("random", "heuristic", "mcts", "search")
BOT_OPTIONS = {"mcts": {"iterations": 300}}  # the search: its one-second budget per game unless told
PLAYOUT_LIMIT = 10_000


def may_act(state, viewer, names) -> None:
    """Refuse a move by a viewer who is not the seat to act (or when the game is over)."""
    if state.is_terminal:
        raise ValueError("the game is over: there is no move to make")
    if viewer == -1:
        raise PermissionError("a spectator cannot move: view the game as the seat to act")
    if viewer is not None and viewer != state.current_player:
        raise PermissionError(f"it is {names[state.current_player]}'s turn; you are viewing as {names[viewer]}")


class Moves:
    """The explorer's move makers: `seed` (its `random_seed`), its bot by name and that bot's options."""

    def __init__(self, seed: int = 0, bot: str = "search", bot_options: dict | None = None):
        if bot not in BOT_NAMES:
            raise ValueError(f"bot must be one of {', '.join(BOT_NAMES)}, not {bot!r}")
        self.seed = int(seed)
        self.bot_name = bot
        self.bot_options = dict(BOT_OPTIONS.get(bot, {}) if bot_options is None else bot_options)
        self._randoms = 0
        self._bots = 0

    def play(self, tl, action, viewer):
        """Play `action` at `tl`'s current node; a viewer who is not omniscient opening a new variation plays
        on a re-sampled copy. Returns the node reached."""
        here = tl.current
        if viewer is None or not here.children or here.state.is_terminal:
            return tl.play(action)
        state = here.state
        if isinstance(action, str):
            try:  # following a move already in the tree reveals nothing new
                text = str(state.parse_action(action))
            except ValueError:
                text = None
        else:
            text = str(action)
        if text is not None and any(c.action == text for c in here.children):
            return tl.play(action)
        who = state.current_player if viewer == -1 else viewer  # a spectator knows less than any seat
        seed = (self.seed * 1_000_037 + tl.next_id) & rng.MASK
        return tl.play(str(action), sample=(who, seed))

    def random(self, state) -> str:
        """A random legal move's text, from the explorer's own stream of seeds."""
        if state.is_terminal:
            raise ValueError("the game is over: there is no move to make")
        legal = state.legal_actions()
        if not legal:
            raise ValueError("no legal action here")
        seed = (self.seed * 1_000_003 + self._randoms) & rng.MASK
        self._randoms += 1
        _, k = rng.below(rng.seed_state(seed), len(legal))
        return str(legal[k])

    def playout(self, tl, viewer) -> None:
        """Random moves for every seat to the end of the game (as `play` plays them for `viewer`)."""
        for _ in range(PLAYOUT_LIMIT):
            if tl.current.state.is_terminal:
                return
            self.play(tl, self.random(tl.current.state), viewer)
        raise RuntimeError(f"play-out stopped after {PLAYOUT_LIMIT} moves without reaching the end")

    def bot_seed(self) -> int:
        """The seed the next bot gets."""
        return (self.seed * 1_000_033 + self._bots) & rng.MASK

    def bot(self, name: str | None = None):
        """A fresh bot (default: the explorer's), seeded from the explorer's stream."""
        from . import bots
        name = name or self.bot_name
        opts = self.bot_options if name == self.bot_name else BOT_OPTIONS.get(name, {})
        seed = self.bot_seed()
        self._bots += 1
        return bots.make(name, seed=seed, **opts)


__all__ = ["BOT_NAMES", "Moves", "may_act"]
