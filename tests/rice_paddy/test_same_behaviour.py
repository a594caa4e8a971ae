"""Rice Paddy computes exactly what it computed when its playthroughs were recorded (issue 17: engine speed-ups
must not change any output). Seeded random games are replayed and compared, line by line, with
tests/rice_paddy/playthroughs/ (tests/playthroughs.py): every action and legal-action list (in full every 25th
state, else its count and digest), and every 25th state its description, the explanation, event report and
preview of the action, and digests of its JSON, views, scores and successor; from_view samples and bot
choices.

Regenerate only for an intended rule change, never to make a speed-up pass:
    .venv/bin/python -m tests.playthroughs --update rice_paddy
"""
from __future__ import annotations

import json

import pytest

import explorer
from explorer.core import rng
from explorer.games import rice_paddy
from tests.playthroughs import Playthrough, actions, compare, digest, dumps, path

VARIANTS = ({"players": 2}, {"players": 3}, {"players": 4}, {"players": 3, "flood": "choose"},
            {"players": 2, "plant_water": "any"}, {"players": 4, "flood": "choose", "plant_water": "any"})
GAMES = tuple((k, VARIANTS[k % len(VARIANTS)]) for k in range(36))
EVERY = 25  # a checkpoint every 25th state, and the last
SAMPLED = 20  # games whose positions are also rebuilt with from_view
BOT_GAMES = (1, 8, 15, 22, 29)  # games whose late positions the bots decide


def _checkpoint(pt, s, action) -> None:
    pt.text("describe", s.describe())
    pt.note("digests", f"json {digest(s.to_json_text())} everything {digest(dumps(s.view(None)))} "
                       f"seat-0 {digest(dumps(s.view(0)))} spectator {digest(dumps(s.view(-1)))}")
    pt.note("scores", {"seats": s.scores(), "winners": s.winners()})
    if action is not None:
        after, events = s.apply_with_events(action)
        pt.text("explain", s.explain(action))
        pt.note("events", digest(dumps(events)))
        pt.note("preview", digest(dumps(s.preview(action))))
        pt.note("after", digest(after.to_json_text()))


def _samples(s, seat: int, seeds) -> str:
    """from_view on one view object with several seeds in a row (as a search calls it)."""
    view = s.view(seat)
    return f"seat {seat}, seeds {list(seeds)}: " + " ".join(
        digest(rice_paddy.from_view(view, seed).to_json_text()) for seed in seeds)


def play(k: int, opts: dict) -> Playthrough:
    """One seeded random game: its playthrough."""
    s = explorer.load("rice_paddy", seed=k, **opts)
    pt = Playthrough(f"rice_paddy, seed {k}, options {json.dumps(opts, sort_keys=True)}", every=EVERY)
    st = rng.seed_state(k)
    states = []
    while not s.is_terminal:
        acts = s.legal_actions()
        st, i = rng.below(st, len(acts))
        n = len(states)
        pt.step(n, s, acts, acts[i])
        if n % EVERY == 0:
            _checkpoint(pt, s, acts[i])
        states.append(s)
        s = s.apply(acts[i])
    pt.step(len(states), s, s.legal_actions(), None)
    _checkpoint(pt, s, None)
    if k < SAMPLED:  # a position at each seat's turn, and one where allocations are hidden
        n = opts["players"]
        picks = [(k * 37 + 11 * j) % len(states) for j in range(2)]
        picks += [i for i in range(len(states) // 3, len(states))
                  if states[i].step == "alloc" and len(states[i].queue) < n][:1]
        seeds = [(k * 7 + j, k + 1000 * j, 2 ** 40 + k) for j in range(len(picks))]
        for j, i in enumerate(picks):
            pt.note(f"from_view at ply {i}", _samples(states[i], (k + j) % n, seeds[j]))
    if k in BOT_GAMES:  # late positions keep the MCTS playouts short
        late = next(i for i in range(max(0, len(states) - 60), len(states)) if len(states[i].legal_actions()) > 1)
        pt.note(f"bots at ply {late}", {"heuristic": explorer.bots.make("heuristic", seed=k).choose(states[late]),
                                       "mcts": explorer.bots.make("mcts", seed=k, iterations=100).choose(states[late])})
    return pt


def playthroughs():
    for k, opts in GAMES:
        yield f"seed-{k:02d}", play(k, opts)


@pytest.mark.parametrize("k", range(len(GAMES)))
def test_game_replays_the_same(k):
    compare("rice_paddy", f"seed-{k:02d}", play(*GAMES[k]))


def test_the_playthroughs_are_big_enough():
    texts = [path("rice_paddy", f"seed-{k:02d}").read_text(encoding="utf-8") for k, _ in GAMES]
    assert sum(map(actions, texts)) >= 10_000
    assert sum(t.count("\n  from_view at ply ") for t in texts) >= 20  # each with 3 seeds
    assert sum("\n  bots at ply " in t for t in texts) >= 5
