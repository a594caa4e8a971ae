"""Round House behaves exactly as recorded: speed work on the engine must not change anything it computes.

reference_trajectories.json was written once by the engine before it was optimised (run this file as a script
to rewrite it: `.venv/bin/python tests/round_house/test_same_behaviour.py`, only after a deliberate rule
change). For seeded random games (moves drawn with explorer.core.rng) it holds the actions played and digests
of the legal actions at every state and, every 25th state and the last, of the JSON, the omniscient and seat-0
views, the explanation of the chosen move, every successor's JSON (and that the state itself did not change),
plus the scores. It also holds digests of positions rebuilt by `from_view` (some from one view with several
seeds in a row, as MCTS calls it) and the moves of the heuristic and MCTS bots.
"""
import hashlib
import json
from pathlib import Path

import explorer
from explorer.bots import make
from explorer.core import rng
from explorer.games import round_house

FIXTURE = Path(__file__).with_name("reference_trajectories.json")
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


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _checkpoint(s, chosen) -> str:
    """The digest of everything observable about `s` (and of its successors)."""
    before = s.to_json_text()
    legal = [str(a) for a in s.legal_actions()]
    parts = [before, json.dumps(s.view(None), sort_keys=True), json.dumps(s.view(0), sort_keys=True),
             json.dumps(legal), "" if chosen is None else s.explain(chosen)]
    for a in legal:  # every successor; applying must leave the state itself unchanged
        parts.append(s.apply(a).to_json_text())
    assert s.to_json_text() == before, "applying an action changed the state it was applied to"
    if s.is_terminal:
        parts.append(json.dumps([s.scores(), s.winners()]))
    s.check_invariants()
    return _sha("\n".join(parts))[:16]


def play(seed, players, options, checkpoints=True):
    """One random game: (actions played, running digest of every state's legal actions, checkpoint digests,
    the states)."""
    s = explorer.load("round_house", players=players, seed=seed, **options)
    r = rng.seed_state(seed)
    actions, states, checks = [], [s], []
    legal_digest = hashlib.sha256()
    while True:
        legal = s.legal_actions()
        legal_digest.update(("|".join(map(str, legal)) + "\n").encode())
        a = None
        if legal:
            r, i = rng.below(r, len(legal))
            a = legal[i]
        if checkpoints and (len(actions) % EVERY == 0 or a is None):
            checks.append(_checkpoint(s, a))
        if a is None:
            break
        actions.append(str(a))
        s = s.apply(a)
        states.append(s)
    return actions, legal_digest.hexdigest()[:16], checks, states


def _late(states):
    """A state three quarters into a game with a real choice to make (short playouts keep MCTS quick)."""
    for s in states[len(states) * 3 // 4:]:
        if len(s.legal_actions()) > 1:
            return s
    raise AssertionError("no choice in the last quarter of the game")


def samples_and_bots() -> dict:
    """Digests of positions rebuilt by from_view (the middle state of a game, seen by the seat to act or another)
    and the moves of the heuristic and MCTS bots in late states."""
    sampled, bots = [], []
    for k, (seed, players, options) in enumerate(GAMES[:max(SAMPLED, BOT_GAMES)]):
        states = play(seed, players, options, checkpoints=False)[3]
        if k < SAMPLED:
            s = states[len(states) // 2]
            view = s.view((s.seat + k) % players)
            for n in range(8 if k < RESAMPLED else 1):
                d = round_house.from_view(view, seed + n)
                sampled.append(_sha(d.to_json_text() + json.dumps([str(a) for a in d.legal_actions()]))[:16])
        if k < BOT_GAMES:
            s = _late(states)
            bots.append({"heuristic": str(make("heuristic", seed=7).choose(s)),
                         "mcts": str(make("mcts", seed=7, iterations=100).choose(s))})
    return {"from_view": sampled, "bots": bots}


def record() -> dict:
    games = []
    for seed, players, options in GAMES:
        actions, legal, checks, _states = play(seed, players, options)
        games.append({"seed": seed, "players": players, "options": options, "actions": actions,
                      "legal": legal, "checks": checks})
    return {"games": games, **samples_and_bots()}


def test_random_games_are_unchanged():
    ref = json.loads(FIXTURE.read_text())
    assert sum(len(g["actions"]) for g in ref["games"]) >= 10_000
    assert len(ref["games"]) == len(GAMES)
    for g, (seed, players, options) in zip(ref["games"], GAMES):
        assert (g["seed"], g["players"], g["options"]) == (seed, players, options)
        actions, legal, checks, _states = play(seed, players, options)
        where = f"seed {seed}, {players} players, {options}"
        n = next((i for i, (x, y) in enumerate(zip(actions, g["actions"])) if x != y), None)
        assert n is None and len(actions) == len(g["actions"]), f"{where}: the moves differ from move {n}"
        assert legal == g["legal"], f"{where}: some legal-action list differs"
        bad = [i * EVERY for i, (x, y) in enumerate(zip(checks, g["checks"])) if x != y]
        assert checks == g["checks"], f"{where}: the states differ at the checkpoints after moves {bad[:5]}"


def test_sampled_positions_and_bot_moves_are_unchanged():
    ref = json.loads(FIXTURE.read_text())
    got = samples_and_bots()
    assert got["from_view"] == ref["from_view"], "from_view rebuilds different positions"
    # the heuristic's moves were re-recorded when the heuristic changed on purpose (issue 17: stronger bots)
    assert got["bots"] == ref["bots"], "the bots choose differently"


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps(record(), separators=(",", ":")) + "\n")
    print("wrote", FIXTURE)
