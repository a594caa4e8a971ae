"""Check the search's changes to the heuristic's moves one by one (issue 23).

    python benchmarks/check_switches.py round_house --games 2 --search-iterations 100 --worlds 100

Plays heuristic games; at every decision with a choice the search (explorer.bots.search) also thinks from the
acting seat's view. Where it would play another move than the heuristic's (outside the heuristic's tied
best), both moves are played on `--worlds` common worlds sampled from that seat's view (others' hidden parts
dealt by `from_view`, seeds the search never used), each to the end with the heuristic for every seat, and
the mover's final margin (its score less the best other seat's) and share of other seats beaten are
compared. Prints one line per change and a summary: how many changes, and the mean gain with its standard
error. The game itself goes on with the heuristic's move.
"""
from __future__ import annotations

import argparse
import math
import random

import explorer
from explorer.bots import HeuristicBot, SearchBot
from explorer.bots.base import derive
from explorer.core.registry import spec


def finish(game, world, rand, first, hooks):
    s = world.scratch()
    s.apply_in_place(first)
    while not s.is_terminal:
        acts = s.legal_actions()
        if len(acts) == 1:
            a = acts[0]
        else:
            rated = hooks.rate(s.view(s.current_player), acts)
            best = max(rated)
            tops = [x for x, v in zip(acts, rated) if v == best]
            a = tops[int(rand() * len(tops))]
        s.apply_in_place(a)
    return [float(x) for x in s.scores()["seats"]]


def outcome(seats, me):
    others = [x for i, x in enumerate(seats) if i != me]
    beat = sum(1.0 if seats[me] > x else 0.5 if seats[me] == x else 0.0 for x in others) / len(others)
    return seats[me] - max(others), beat


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--seed", type=int, default=100)
    ap.add_argument("--search-iterations", type=int, default=None)
    ap.add_argument("--worlds", type=int, default=100)
    args = ap.parse_args(argv)
    from explorer.bots.base import hooks as game_hooks
    hooks = game_hooks(args.game)
    fv = spec(args.game).from_view
    gains, beats = [], []
    decisions = 0
    for g in range(args.games):
        s = explorer.load(args.game, seed=args.seed + g)
        h = HeuristicBot(seed=g)
        bot = SearchBot(iterations=args.search_iterations, seed=g)
        while not s.is_terminal:
            acts = s.legal_actions()
            pick = h.choose(s)
            if len(acts) > 1:
                decisions += 1
                me = s.current_player
                rated = hooks.rate(s.view(me), acts)
                tops = {str(a) for a, v in zip(acts, rated) if v == max(rated)}
                got = bot.choose(s)
                if str(got) not in tops:
                    view = s.view(me)
                    diff, dbeat = [], []
                    for w in range(args.worlds):
                        world = fv(view, derive(991, g, s.turn, w))
                        legal = world.legal_actions()
                        a1 = next(x for x in legal if str(x) == str(got))
                        a0 = next(x for x in legal if str(x) == str(pick))
                        m1, b1 = outcome(finish(args.game, world, random.Random(w).random, a1, hooks), me)
                        m0, b0 = outcome(finish(args.game, world, random.Random(w).random, a0, hooks), me)
                        diff.append(m1 - m0)
                        dbeat.append(b1 - b0)
                    mean = sum(diff) / len(diff)
                    se = math.sqrt(sum((x - mean) ** 2 for x in diff) / (len(diff) - 1) / len(diff))
                    gains.append(mean)
                    beats.append(sum(dbeat) / len(dbeat))
                    print(f"game {g} turn {s.turn} seat {me}: {pick} -> {got}: margin {mean:+.2f} ± {se:.2f}, "
                          f"others beaten {beats[-1]:+.3f}", flush=True)
            s = s.apply(pick)
    n = len(gains)
    if n:
        m = sum(gains) / n
        se = math.sqrt(sum((x - m) ** 2 for x in gains) / max(1, n - 1) / n)
        print(f"{n} changes in {decisions} decisions; mean margin gain {m:+.2f} ± {se:.2f}; "
              f"mean share of others beaten {sum(beats) / n:+.3f}")
    else:
        print(f"no changes in {decisions} decisions")


if __name__ == "__main__":
    main()
