"""Check the search's changes to the heuristic's moves one by one (issue 23).

    python benchmarks/check_switches.py round_house --games 2 --search-iterations 100 --worlds 100
    python benchmarks/check_switches.py lotus_chaos --games 10 --seed 500 --worlds 60

Plays heuristic games; at every decision with a choice that the search (explorer.bots.search) decides by
searching (not one its game settles without a search, such as a chaos accusation window) it also thinks from
the acting seat's view. Where it would play another move than the heuristic's (outside the heuristic's tied
best), both moves are played on `--worlds` common worlds sampled from that seat's view (others' hidden parts
dealt as the search deals them: the game's `sampler`, else `from_view`; seeds the search never used), each to
the end with the heuristic for every seat, and the mover's final margin (its score less the best other
seat's), share of other seats beaten and share of the win are compared. Prints one line per change and a
summary: how many changes, and the mean gains with their standard errors. The game itself goes on with the
heuristic's move. `--search key=value` sets the search's other parameters (as in bench_strength.py).
"""
from __future__ import annotations

import argparse
import math
import random

from bench_strength import search_params

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
    return [float(x) for x in s.scores()["seats"]], s.winners()


def outcome(result, me):
    """(margin, share of the other seats beaten, share of the win) of seat `me` in a finished game."""
    seats, won = result
    others = [x for i, x in enumerate(seats) if i != me]
    beat = sum(1.0 if seats[me] > x else 0.5 if seats[me] == x else 0.0 for x in others) / len(others)
    return seats[me] - max(others), beat, (1.0 / len(won) if me in won else 0.0)


def mean_se(xs):
    m = sum(xs) / len(xs)
    return m, math.sqrt(sum((x - m) ** 2 for x in xs) / max(1, len(xs) - 1) / len(xs))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--seed", type=int, default=100)
    ap.add_argument("--search-iterations", type=int, default=None)
    ap.add_argument("--worlds", type=int, default=100)
    ap.add_argument("--search", action="append", default=[], metavar="KEY=VALUE")
    args = ap.parse_args(argv)
    extra = search_params(args.search)
    from explorer.bots.base import hooks as game_hooks
    hooks = game_hooks(args.game)
    from explorer.bots.search import evaluation
    ev = evaluation(args.game)
    settled = getattr(ev, "settled", None)
    sampler = getattr(ev, "sampler", None)
    fv = spec(args.game).from_view
    gains, beats, wins = [], [], []
    decisions = 0
    for g in range(args.games):
        s = explorer.load(args.game, seed=args.seed + g)
        h = HeuristicBot(seed=g)
        bot = SearchBot(iterations=args.search_iterations, seed=g, **extra)
        while not s.is_terminal:
            acts = s.legal_actions()
            pick = h.choose(s)
            me = s.current_player
            if len(acts) > 1 and (settled is None or settled(s.view(me), acts) is None):
                decisions += 1
                rated = hooks.rate(s.view(me), acts)
                tops = {str(a) for a, v in zip(acts, rated) if v == max(rated)}
                got = bot.choose(s)
                if str(got) not in tops:
                    view = s.view(me)
                    deal = sampler(view) if sampler is not None else (lambda seed, view=view: fv(view, seed))
                    diff, dbeat, dwin = [], [], []
                    for w in range(args.worlds):
                        world = deal(derive(991, g, s.turn, w))
                        legal = world.legal_actions()
                        a1 = next(x for x in legal if str(x) == str(got))
                        a0 = next(x for x in legal if str(x) == str(pick))
                        m1, b1, w1 = outcome(finish(args.game, world, random.Random(w).random, a1, hooks), me)
                        m0, b0, w0 = outcome(finish(args.game, world, random.Random(w).random, a0, hooks), me)
                        diff.append(m1 - m0)
                        dbeat.append(b1 - b0)
                        dwin.append(w1 - w0)
                    mean, se = mean_se(diff)
                    gains.append(mean)
                    beats.append(sum(dbeat) / len(dbeat))
                    won, won_se = mean_se(dwin)
                    wins.append(won)
                    print(f"game {g} turn {s.turn} seat {me}: {pick} -> {got}: margin {mean:+.2f} ± {se:.2f}, "
                          f"others beaten {beats[-1]:+.3f}, win {won:+.3f} ± {won_se:.3f}", flush=True)
            s = s.apply(pick)
    n = len(gains)
    if n:
        m, se = mean_se(gains)
        w, wse = mean_se(wins)
        print(f"{n} changes in {decisions} searched decisions; mean margin gain {m:+.2f} ± {se:.2f}; "
              f"mean share of others beaten {sum(beats) / n:+.3f}; mean win gain {w:+.4f} ± {wse:.4f}")
    else:
        print(f"no changes in {decisions} searched decisions")


if __name__ == "__main__":
    main()
