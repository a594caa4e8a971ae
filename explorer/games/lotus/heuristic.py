"""Bot hooks for Lotus: a greedy policy a tutorial can explain, MCTS values and simulation columns.

`rate(view, actions, prefer="auto")` scores each legal action from the acting seat's view alone (see
explorer/bots/base.py for the hook contract); explorer.bots.HeuristicBot plays a best-rated one.

With two to four players the scores are points (explorer/games/lotus/strategy.py lists the rules in plain
words): what the action is expected to gain the seat, less what it hands the others. Completing a flower is
worth its petals plus the controllers' rewards; a growing flower is worth its reward (or, near the end, its
petals) to whoever leads it; a play that leaves a flower where the rivals acting first can finish it pays for
the petals they would take; the turn's two actions are planned together (each first action is tried on a
game rebuilt from the view, plus the best second action after it: a guardian moves in to take the lead before
the completion); a Fortune Teller pluck is a point plus what it does to the flower; and a reward is a 5-point
token or the power worth more in the turns left (`prefer`: "auto" weighs them; "token" or a power name always
takes that one when offered). Cost (2026-11-28, x86_64, 2 shared cores, ten 3-player games): 0.1 ms for a decision
without lookahead, 6 ms for a turn's first action, 1.7 ms on average; a three-player game of heuristic bots
takes 0.2 to 0.5 s (median 0.3 s).

Solo, the wildflowers play against you, and the older rules below apply:

1. **Rewards** (the set-up powers): your preferred reward (`prefer`) if offered, else a token, else any power.
2. **Plays**: completing a flower is best only when you control it; completing one you do not control
   loses the game, so never. Otherwise play cards where you lead (or take the lead); wildflower cards you
   play feed the enemy, and a new flower is one more to defend.
3. **Guardians, Fortune Teller and exchanges** cost Winter Lotus petals: they are for rescuing a flower whose
   wildflowers match your influence.
4. **Draw**: a wildflower from the display for a flower you lead, otherwise from your deck.
"""
from __future__ import annotations

import math

from . import strategy
from .strategy import Table

PREFERENCES = ("auto", "token", "elder", "path", "fortune", "growth")
# MCTS playouts: 16 random actions (about two turns at three players), then valued by the score lead.
# Random play to the end of a Lotus game (about 350 actions) says little about a position: in seeded
# 12-game trials against this heuristic, cut-off playouts won about a third, full ones none.
MCTS_ROLLOUT_DEPTH = 16


def _lead(infl, me, wild, solo) -> tuple[bool, bool]:
    """(controls, controls alone) with influence list `infl` (and `wild` wildflower petals, solo)."""
    if solo:
        return infl[me] > wild, infl[me] > wild
    others = max((v for i, v in enumerate(infl) if i != me), default=0)
    return infl[me] > 0 and infl[me] >= others, infl[me] > others


def _reward(text, prefer):
    got = "token" if text == "+t" else text[1:]
    if got == prefer:
        return 20.0
    return 10.0 if got == "token" else 5.0


def _play(text, me, n, flowers, solo):
    petals = int(text[0])
    s, d, w = text.count("s"), text.count("d"), text.count("w")
    f = flowers.get(petals)
    placed = f["placed"] if f else 0
    infl = list(f["influence"]) if f else [0] * n
    wild = (f["wild"] if f else 0) + w
    had, _ = _lead(infl, me, wild - w, solo)
    infl[me] += s + 2 * d
    ctrl, alone = _lead(infl, me, wild, solo)
    after = placed + s + d + w
    if after == petals:  # completes it
        if solo:
            return 30.0 + petals if ctrl else -100.0
        return 3.0 + petals + (8.0 if ctrl else 0.0)
    v = 1.0 + 0.2 * (s + d + w) + (1.5 if ctrl else -0.5) + (1.0 if ctrl and not had else 0.0)
    if petals - after <= 2 and not alone:
        v -= 3.0
    if solo:  # wildflowers are the opponent: rescue a flower they threaten, do not feed them
        if ctrl and not had:
            v += 2.0 + 3.0 * after / petals
        v -= 1.5 * w + (0.0 if f else 1.0)
    return v


def _move(text, me, flowers, solo):
    weight = 2 if text[0] == "e" else 1
    src, dst = text[1:].split("-")
    f = flowers.get(int(dst))
    if f is None:
        return 0.0
    wild = f["wild"]
    infl = list(f["influence"])
    had, _ = _lead(infl, me, wild, solo)
    infl[me] += weight
    ctrl, alone = _lead(infl, me, wild, solo)
    v = 0.2
    if ctrl and not had:
        v = 0.8 + 1.5 * f["placed"] / f["petals"]
    if solo:  # a move costs a Winter Lotus petal: only to rescue a flower
        v = 1.5 + 3.0 * f["placed"] / f["petals"] if ctrl and not had else -1.0
    g = flowers.get(int(src)) if src else None
    if g is not None:  # leaving a flower: do not give up its lead
        infl = list(g["influence"])
        was, _ = _lead(infl, me, g["wild"], solo)
        infl[me] -= weight
        if was and not _lead(infl, me, g["wild"], solo)[0]:
            v -= 2.0 + 3.0 * g["placed"] / g["petals"]
    return v


def _pluck(text, me, flowers):
    """Solo Fortune Teller: removing a wildflower is worth a Winter Lotus petal if it restores control."""
    f = flowers.get(int(text[1]))
    if f is None:
        return 0.0
    mine, wild = f["influence"][me], f["wild"]
    return 1.5 + 3.0 * f["placed"] / f["petals"] if mine <= wild < mine + 1 else -1.0


def rate(view: dict, actions, prefer: str = "auto") -> list[float]:
    """A score per legal action (higher is better), from the acting seat's view only. Multiplayer
    scores are points: what the action is expected to gain the seat, less what it hands the others."""
    if prefer not in PREFERENCES:
        raise ValueError(f"prefer must be one of {PREFERENCES}, got {prefer!r}")
    if not view.get("solo"):
        if strategy.PLAN and view.get("phase") == "actions" and view.get("actions_left") == 2 and len(actions) > 1:
            return strategy.plan(view, actions, prefer)
        return Table(view).rate(actions, prefer)
    me = view["current_player"]
    n = len(view["seats"])
    flowers = {f["petals"]: f for f in view.get("flowers", ())}
    # moves and exchanges alone never end a game (no deck runs out): past 100 turns per player the
    # game has stalled and they go below every play
    stalled = view.get("turn", 0) > 100 * n
    out = []
    for a in actions:
        text = str(a)
        c = text[0]
        if c == "+":
            v = _reward(text, "token" if prefer == "auto" else prefer)
        elif c.isdigit():
            v = _play(text, me, n, flowers, True)
        elif c in "ge":
            v = _move(text, me, flowers, True) - (5.0 if stalled else 0.0)
        elif c == "f":
            v = _pluck(text, me, flowers)
        elif text == "d":
            v = 1.0
        elif c == "w":
            f = flowers.get(int(text[1:]))
            v = 2.0 if f and me in f["leaders"] else 0.5
        elif c == "x":
            v = -0.5 - (5.0 if stalled else 0.0)  # solo: it costs a Winter Lotus petal
        else:  # pass
            v = 0.0
        out.append(v)
    return out


def values(state) -> list[float]:
    """MCTS value per seat in 0..1. A finished game: mostly the win (shared by tied winners), a little the
    score relative to the best. A cut-off playout: the lead over the best other seat through a logistic
    curve (8 points = 0.73). Solo: a win is 1, anything else counts the types completed."""
    cfg = state.cfg
    if cfg.solo:
        if state.is_terminal and state.outcome == "victory":
            return [1.0]
        return [0.6 * len(state.done) / (7 if cfg.longer else 5)]
    seats = state.scores()["seats"]
    if cfg.family:
        teams = state.scores()["teams"]
        seats = [teams[i % 2] for i in range(len(seats))]
    if not state.is_terminal:  # a cut-off playout: the lead over the best other seat, squashed into 0..1
        return [1.0 / (1.0 + math.exp(-(v - max(w for j, w in enumerate(seats) if j != i)) / 8.0))
                for i, v in enumerate(seats)]
    best = max(seats) or 1
    won = state.winners()
    return [0.8 * (1.0 / len(won) if i in won else 0.0) + 0.2 * v / best for i, v in enumerate(seats)]


def result_columns(state) -> list[dict]:
    """Per seat, for explorer.simulate: scoring tokens, powers taken, cards in the scoring pile, outcome."""
    cfg = state.cfg
    from .config import POWER_BIT
    return [{"tokens": state.tokens[i], "powers": "+".join(p for p in cfg.powers if state.powers[i] & POWER_BIT[p]),
             "pile": len(state.piles[i]), "outcome": state.outcome}
            for i in range(cfg.seats)]
