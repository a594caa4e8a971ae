""""Learn from your mistakes": a study chapter made by reviewing a game (explorer.analysis.review), whose
exercises are the positions where one seat's move lost chances to win (explorer.analysis.mistakes_chapter).

The game is played by bots from a seeded start: the learner's seat plays the heuristic bot's move, except
every `slip`-th move of its own, which is a random legal move (the slips a review should find); the other
seats play the heuristic bot. Everything is seeded, so the chapter is the same at every build.
"""
from __future__ import annotations

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


def add(study, game: str, load: dict, seat: int = 0, plies: int = 60, seed: int = 1,
        iterations: int = analysis.REVIEW_BUDGET, least: str = "?!"):
    """Add the chapter to `study`: the game `played`, reviewed at `iterations` per move, `seat`'s mistakes
    (`least` or worse) as exercises, read in `seat`'s eyes."""
    tl = played(game, load, seat, plies, seed)
    names = analysis.seat_names(tl.root.state)[seat]
    rev = analysis.review(tl, None, iterations, seed, progress=False)
    ch = analysis.mistakes_chapter(tl, rev, title=f"Learn from your mistakes: {names}'s game", seat=seat,
                                   least=least)
    ch.intro = (f"A game played by bots ({plies} moves from a seeded start): {names} played the heuristic bot's "
                "move, except every third of its own moves, which was a random legal move; the others played the "
                f"heuristic bot. The review (explorer.analysis.review, {rev.bot} per move, seed {seed}) judged "
                f"every move with its mover's information and marked those that lost chances to win: ?! at least "
                f"5 points of percentage, ? at least 10, ?? at least 15. Here are {names}'s worst ones: find the "
                "move the search preferred. The figures are the search's estimates at this small budget, not "
                "certainties.")
    ch.study = study
    study.chapters.append(ch)
    return ch, rev
