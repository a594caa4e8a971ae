"""Round House behaves exactly as recorded: speed work on the engine must not change anything it computes.

tests/round_house/playthroughs/ (tests/playthroughs.py) holds, for seeded random games (moves drawn with
explorer.core.rng), every action played and every legal-action list (in full every 25th state, else its count
and digest) and, every 25th state and the last, its description, the explanation of the chosen move and
digests of its JSON, the omniscient and seat-0 views and every successor's JSON (and that the state itself did
not change), plus the scores. It also holds digests of positions rebuilt by `from_view` (some from one view
with several seeds in a row, as MCTS calls it) and the moves of the heuristic and MCTS bots. The test replays
the games and compares line by line.

Regenerate only after a deliberate rule change: `.venv/bin/python -m tests.playthroughs --update round_house`.
"""
import json

import pytest

import explorer
from explorer.bots import make
from explorer.core import rng
from explorer.games import round_house
from tests.playthroughs import Playthrough, actions, compare, digest, dumps, path

EVERY = 25
ALL_ON = {"amulet_specialist_slot": "occupied", "returned_workers": "board", "leftovers": "separate",
          "investment_return": "room_end", "specialist_markets": "all"}
# (players, options) cycled over the seeds: every player count, each option alone, and all of them together
SETUPS = [(2, {}), (3, {}), (4, {}), (5, {}), (3, ALL_ON), (4, ALL_ON), (2, ALL_ON), (5, ALL_ON)] + \
    [(p, {k: v}) for p, (k, v) in zip((2, 3, 4, 5, 3), ALL_ON.items())]
GAMES = [(k, *SETUPS[k % len(SETUPS)]) for k in range(60)]
SAMPLED = 20  # from_view positions: the middle state of the first 20 games
RESAMPLED = 4  # ... of which the first 4 are also rebuilt from one view with 8 seeds in a row (as MCTS does)
BOT_GAMES = 5  # bot moves: a late state of the first 5 games


def _checkpoint(pt, s, chosen) -> None:
    """Everything observable about `s` (and its successors): readable, or as digests."""
    before = s.to_json_text()
    legal = [str(a) for a in s.legal_actions()]
    pt.text("describe", s.describe())
    if chosen is not None:
        pt.text("explain", s.explain(chosen))
    after = [s.apply(a).to_json_text() for a in legal]  # every successor; the state itself stays unchanged
    assert s.to_json_text() == before, "applying an action changed the state it was applied to"
    pt.note("digests", f"json {digest(before)} everything {digest(dumps(s.view(None)))} "
                       f"seat-0 {digest(dumps(s.view(0)))} successors {digest(*after)}")
    if s.is_terminal:
        pt.note("result", {"scores": s.scores(), "winners": s.winners()})
    s.check_invariants()


def _late(states):
    """A state three quarters into a game with a real choice to make (short playouts keep MCTS quick)."""
    for i in range(len(states) * 3 // 4, len(states)):
        if len(states[i].legal_actions()) > 1:
            return i
    raise AssertionError("no choice in the last quarter of the game")


def play(k, seed, players, options) -> Playthrough:
    """One random game, the k-th: its playthrough."""
    s = explorer.load("round_house", players=players, seed=seed, **options)
    pt = Playthrough(f"round_house, seed {seed}, {players} players, options {json.dumps(options, sort_keys=True)}",
                     every=EVERY)
    r = rng.seed_state(seed)
    states = [s]
    while True:
        legal = s.legal_actions()
        a = None
        if legal:
            r, i = rng.below(r, len(legal))
            a = legal[i]
        n = len(states) - 1
        pt.step(n, s, legal, a)
        if n % EVERY == 0 or a is None:
            _checkpoint(pt, s, a)
        if a is None:
            break
        s = s.apply(a)
        states.append(s)
    if k < SAMPLED:
        i = len(states) // 2
        seat = (states[i].seat + k) % players
        view = states[i].view(seat)
        rebuilt = [round_house.from_view(view, seed + n) for n in range(8 if k < RESAMPLED else 1)]
        pt.note(f"from_view at ply {i}, seat {seat}", " ".join(
            digest(d.to_json_text() + json.dumps([str(a) for a in d.legal_actions()])) for d in rebuilt))
    if k < BOT_GAMES:
        i = _late(states)
        pt.note(f"bots at ply {i}", {"heuristic": str(make("heuristic", seed=7).choose(states[i])),
                                    "mcts": str(make("mcts", seed=7, iterations=100).choose(states[i]))})
    return pt


def playthroughs():
    for k, game in enumerate(GAMES):
        yield f"seed-{game[0]:02d}", play(k, *game)


@pytest.mark.parametrize("k", range(len(GAMES)))
def test_random_game_is_unchanged(k):
    compare("round_house", f"seed-{GAMES[k][0]:02d}", play(k, *GAMES[k]))


def test_the_playthroughs_are_big_enough():
    texts = [path("round_house", f"seed-{seed:02d}").read_text(encoding="utf-8") for seed, _p, _o in GAMES]
    assert sum(map(actions, texts)) >= 10_000
    assert sum("\n  from_view at ply " in t for t in texts) == SAMPLED
    assert sum("\n  bots at ply " in t for t in texts) == BOT_GAMES
