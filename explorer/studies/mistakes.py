""""Learn from your mistakes": a study chapter made by reviewing a game (explorer.analysis.review), whose
exercises are the positions where one seat's move lost chances to win (explorer.analysis.mistakes_chapter).

The game is played by bots from a seeded start: one seat plays the heuristic bot's move, except every
`slip`-th move of its own, which is a random legal move; the other seats play the heuristic bot. The learner
is the seat whose moves the review marked most. Everything is seeded, so the chapter is the same at every build.
"""
from __future__ import annotations

import copy
import json

import explorer
from explorer import analysis, bots
from explorer.bots.base import derive
from explorer.timeline import Timeline


def played(game: str, load: dict, seat: int, plies: int, seed: int, slip: int = 3) -> Timeline:
    """The bots' game of `plies` moves (see the module)."""
    tl = Timeline(explorer.load(game, **load))
    n = len(tl.root.state.scores()["seats"])
    players = [bots.make("heuristic", seed=derive(seed, k)) for k in range(n)]
    rand = bots.make("random", seed=derive(seed, 99))
    own = 0
    while len(tl.mainline()) <= plies and not tl.current.state.is_terminal:
        s = tl.current.state
        mover = s.current_player
        if mover == seat and len(s.legal_actions()) > 1:
            own += 1
            tl.play((rand if own % slip == 0 else players[mover]).choose(s))
        else:
            tl.play(players[mover].choose(s))
    tl.start()
    return tl


_REVIEWED: dict = {}


def reviewed(game: str, load: dict, slips: int, plies: int, seed: int, iterations: int | None):
    """(the game `played`, its review): the review writes its glyphs and better lines into the timeline. Both
    are kept for this process and handed out as copies: the review is deterministic, so a second build of a
    study (the tests build each more than once) need not repeat it."""
    key = json.dumps([game, load, slips, plies, seed, iterations], sort_keys=True)
    if key not in _REVIEWED:
        tl = played(game, load, slips, plies, seed)
        rev = analysis.review(tl, None, iterations, seed, progress=False)
        _REVIEWED[key] = (tl.to_json(), rev)
    data, rev = _REVIEWED[key]
    return Timeline.from_json(data), copy.deepcopy(rev)


def add(study, game: str, load: dict, slips: int = 0, plies: int = 60, seed: int = 1,
        iterations: int | None = None, least: str = "?!"):
    """Add the chapter to `study`: the game `played` (seat `slips` slipping), reviewed at `iterations` per
    move (None: analysis.review_budget); the learner is the seat with the most
    moves marked `least` or worse, whose marked moves become the exercises, read in its eyes."""
    tl, rev = reviewed(game, load, slips, plies, seed, iterations)
    names = analysis.seat_names(tl.root.state)
    counts = [sum(p.variation is not None for p in rev.mistakes(k, least)) for k in range(len(names))]
    seat = max(range(len(names)), key=lambda k: (counts[k], k == slips))
    if not counts[seat]:
        raise ValueError(f"{game}: the review marked no move of this game; try another seed or more plies")
    ch = analysis.mistakes_chapter(tl, rev, title=f"Learn from your mistakes: {names[seat]}", seat=seat,
                                   least=least)
    slipped = f"{names[slips]} played the heuristic bot's move except every third of its own moves, a random " \
              "legal move; the others played the heuristic bot"
    ch.intro = (f"A game played by bots ({plies} moves from a seeded start): {slipped}. The review "
                f"(explorer.analysis.review, {rev.bot} per move, seed {seed}) judged every move with its mover's "
                "information and marked those that lost chances to win: ?! at least 5 percentage points, ? at "
                f"least 10, ?? at least 15. {names[seat]} has the most marked moves: at each, find the move the "
                "search preferred. The figures are the search's estimates at this budget, not certainties.")
    ch.study = study
    study.chapters.append(ch)
    return ch, rev
