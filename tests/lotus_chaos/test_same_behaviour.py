"""The engine computes exactly what it computed when reference_trajectories.json was recorded.

Speed work on the lotus_chaos engine must not change any output: states, legal actions (and their order),
JSON, views, explanations, `from_view` samples and the bots' choices. The fixture holds ~30 seeded games
(random moves drawn from `explorer.core.rng`), digests of their states along the way, `from_view` samples
and bot choices. Regenerate it only for a deliberate rule change:
``.venv/bin/python tests/lotus_chaos/test_same_behaviour.py``.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

import explorer
from explorer.bots import make
from explorer.core import rng
from explorer.games.lotus_chaos.actions import ACCUSE
from explorer.games.lotus_chaos.position import from_view

FIXTURE = Path(__file__).with_name("reference_trajectories.json")
EVERY = 25  # a full snapshot every 25th state (and the last)
CAP = 2000  # actions per game at most

VARIANTS = [
    {},
    {"radius": 2, "accusations": "active"},
    {"tiebreak": "clockwise", "objective_count": "exactly", "simultaneous": "turn_order", "trade_pick": "give",
     "house_rules": True, "objections": "table", "whole_hands": "complete"},
    {"radius": 4, "accusations": "active", "diagonal": "corner"},
    {"radius": 5, "trade_pick": "give", "objections": "table"},
    {"radius": 6, "whole_hands": "complete", "house_rules": True, "diagonal": "corner"},
]


def games() -> list[dict]:
    """30 games: the first six uniformly random (random accusations end them fast); the rest accuse only
    once in 40 chances and, for their first 700 actions, redraw a move that would end the game, so that
    they run long and reach the late-game rules (reshuffles, eliminations, blank cards used up)."""
    return [{"seed": k, "options": VARIANTS[k % len(VARIANTS)], "accuse_one_in": 1 if k < 6 else 40,
             "play_on": 0 if k < 6 else 700} for k in range(30)]


def _digest(*parts: str) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(p.encode())
        h.update(b"\0")
    return h.hexdigest()[:20]


def _snapshot(s, chosen) -> str:
    return _digest(s.to_json_text(), json.dumps(s.view(None), sort_keys=True), json.dumps(s.view(0), sort_keys=True),
                   "|".join(str(a) for a in s.legal_actions()), s.explain(chosen) if chosen is not None else "")


def play(game: dict, moves: list[str] | None = None):
    """Play one game: from `moves` (replay) or choosing at random. Returns (moves, snapshots, every-state
    digest, states kept for the from_view and bot checks)."""
    s = explorer.load("lotus_chaos", seed=game["seed"], **game["options"])
    r = rng.seed_state(game["seed"])
    played, snaps, states = [], [], [s]
    every = hashlib.sha256()
    i = 0
    while not s.is_terminal and i < CAP:
        legal = s.legal_actions()
        every.update((s.to_json_text() + "|".join(str(a) for a in legal)).encode())
        if moves is not None:
            a = s.parse_action(moves[i])
        else:
            acts = legal
            r, x = rng.below(r, game["accuse_one_in"])
            if x:
                acts = [a for a in legal if a.kind != ACCUSE] or legal
            acts = list(acts)
            while True:
                r, j = rng.below(r, len(acts))
                a = acts[j]
                if i >= game["play_on"] or len(acts) == 1 or not s.apply(a).is_terminal:
                    break
                acts = acts[:j] + acts[j + 1:]
        if i % EVERY == 0:
            snaps.append(_snapshot(s, a))
        played.append(str(a))
        s = s.apply(a)
        states.append(s)
        i += 1
    every.update(s.to_json_text().encode())
    snaps.append(_snapshot(s, None))
    return played, snaps, every.hexdigest()[:20], states


def _picks(states, n_games):
    """Mid-game positions with a real choice: one per game for from_view, five for the bots."""
    out = []
    for g, st in enumerate(states[:n_games]):
        mid = [s for s in st[len(st) // 3:] if not s.is_terminal and len(s.legal_actions()) > 1]
        out.append((g, st.index(mid[0]) if mid else len(st) // 2))
    return out


def _from_view_rows(all_states):
    rows = []
    for g, idx in _picks(all_states, 30)[6:26]:
        s = all_states[g][idx]
        seat = s.current_player
        d = from_view(s.view(seat), 1000 + g)
        rows.append({"game": g, "state": idx, "seat": seat, "sha": _digest(d.to_json_text())})
    return rows


def _bot_rows(all_states):
    rows = []
    for g, idx in _picks(all_states, 30)[6:26:4]:
        s = all_states[g][idx]
        mcts = make("mcts", seed=11, iterations=100)
        pick = mcts.choose(s)
        visits = {str(a): k.visits for a, k in mcts.last_root.children.items()}
        rows.append({"game": g, "state": idx, "heuristic": str(make("heuristic", seed=7).choose(s)),
                     "mcts": str(pick), "mcts_visits": dict(sorted(visits.items()))})
    return rows


def record() -> dict:
    out, all_states = [], []
    for game in games():
        moves, snaps, every, states = play(game)
        out.append(dict(game, moves=moves, snapshots=snaps, every_state=every))
        all_states.append(states)
    return {"every": EVERY, "games": out, "from_view": _from_view_rows(all_states), "bots": _bot_rows(all_states)}


@pytest.fixture(scope="module")
def reference():
    return json.loads(FIXTURE.read_text())


@pytest.fixture(scope="module")
def replayed(reference):
    return [play(g, g["moves"]) for g in reference["games"]]


def test_the_fixture_is_big_enough(reference):
    assert len(reference["games"]) == 30
    assert sum(len(g["moves"]) for g in reference["games"]) >= 10_000
    assert len(reference["from_view"]) == 20 and len(reference["bots"]) == 5


def test_random_games_replay_identically(reference, replayed):
    for g, (moves, snaps, every, _) in zip(reference["games"], replayed):
        assert moves == g["moves"], f"game {g['seed']}"
        bad = [i * EVERY for i, (a, b) in enumerate(zip(snaps, g["snapshots"])) if a != b]
        assert not bad and len(snaps) == len(g["snapshots"]), f"game {g['seed']}: snapshots differ from state {bad[:1]}"
        assert every == g["every_state"], f"game {g['seed']}: some state's JSON or legal actions differ"


def test_random_choices_are_the_same(reference):
    """The moves themselves came from the legal-action order: choosing afresh picks the same ones."""
    for g in reference["games"][:12]:
        assert play(g)[0] == g["moves"], f"game {g['seed']}"


def test_from_view_samples_the_same_states(reference, replayed):
    for row in reference["from_view"]:
        s = replayed[row["game"]][3][row["state"]]
        assert s.current_player == row["seat"]
        d = from_view(s.view(row["seat"]), 1000 + row["game"])
        assert _digest(d.to_json_text()) == row["sha"], f"game {row['game']} state {row['state']}"


def test_bots_choose_the_same(reference, replayed):
    for row in reference["bots"]:
        s = replayed[row["game"]][3][row["state"]]
        # the heuristic's moves were re-recorded when the heuristic changed on purpose (issue 17: stronger bots)
        assert str(make("heuristic", seed=7).choose(s)) == row["heuristic"]
        mcts = make("mcts", seed=11, iterations=100)
        assert str(mcts.choose(s)) == row["mcts"], f"game {row['game']} state {row['state']}"
        visits = {str(a): k.visits for a, k in mcts.last_root.children.items()}
        assert dict(sorted(visits.items())) == row["mcts_visits"]


if __name__ == "__main__":
    data = record()
    FIXTURE.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    print(FIXTURE, sum(len(g["moves"]) for g in data["games"]), "actions")
