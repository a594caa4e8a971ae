"""The parts every game has besides its engine, checked once for all games (issue 22.8): the rulebook
examples, the editor's palette and places, and the annotation places. What only one game has (its
required place names, its piece kinds) stays in tests/<game>/."""
import importlib
import json
import random

import pytest

import explorer
from explorer.annotations import hidden_ids
from explorer.core.data import rulebooks

GAMES = [g["name"] for g in explorer.games()]


def part(game, name):
    return importlib.import_module(f"explorer.games.{game}.{name}")


def examples():
    return [(g, name) for g in GAMES for name in explorer.example_notes(g)]


def _played(game, opts, seed, plies):
    opts = dict(opts)
    s, rnd = explorer.load(game, players=opts.pop("players", None), seed=seed, **opts), random.Random(seed)
    for _ in range(plies):
        if s.is_terminal:
            break
        s = s.apply(rnd.choice(s.legal_actions()))
    return s


def positions(game):
    """For each variant the game lists: its start, random games 10 and 60 plies in and played out; and
    every rulebook example."""
    out = {}
    for k, opts in enumerate(explorer.spec(game).variants()):
        out.update({f"{opts}: start": _played(game, opts, k, 0), f"{opts}: 10 plies": _played(game, opts, k, 10),
                    f"{opts}: 60 plies": _played(game, opts, k, 60), f"{opts}: over": _played(game, opts, k, 20_000)})
        assert out[f"{opts}: over"].is_terminal
    out.update({f"example: {k}": s for k, s in explorer.examples(game).items()})
    return out


# ---- rulebook examples --------------------------------------------------------------------------------

@pytest.mark.parametrize("game,name", examples(), ids=[f"{g}: {n}" for g, n in examples()])
def test_each_example_builds_round_trips_cites_its_rulebook_and_plays(game, name):
    ex = explorer.example_notes(game)[name]
    s = ex.build()
    s.check_invariants()
    assert explorer.from_json(json.loads(json.dumps(s.to_json()))) == s
    assert ex.build() == s and explorer.examples(game)[name] == s  # deterministic, and served by the core
    books = {f for f in rulebooks() if f in ex.description}
    assert books and {explorer.ledger(game)[r].source for r in explorer.ledger(game)} & books, ex.description
    assert ex.section and ex.section in ex.description
    for a in ex.actions:
        assert s.why_illegal(a) is None, (name, a, s.why_illegal(a))
        s = s.apply(a)
        s.check_invariants()


# ---- the position editor ----------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_the_palette_names_each_piece_once_with_words_and_the_places_are_distinct(game):
    edit = part(game, "edit")
    for n in explorer.spec(game).players:
        s = explorer.load(game, players=n, seed=n)
        pal = edit.palette(s)
        pieces = [p["piece"] for p in pal]
        assert pieces and len(pieces) == len(set(pieces)), pieces
        assert all(isinstance(p["label"], str) and p["label"].strip() and p["group"] for p in pal), pal
        marked = edit.places(s)
        assert marked and len(marked) == len(set(marked)), marked
        assert all(isinstance(m, str) and m == m.strip() and m for m in marked)


# ---- annotation places ------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_annotation_places_are_unique_described_stable_and_hide_nothing(game):
    places = part(game, "places").places
    for name, s in positions(game).items():
        seats = range(len(s.scores()["seats"]))
        for v in [None, -1, *seats]:
            view = s.view(v)
            p = places(view)
            where = f"{name}, viewer {v}"
            assert len({k.lower() for k in p}) == len(p), f"{where}: names clash ignoring case"
            assert all(k and k == k.strip() for k in p), where
            assert all(isinstance(d, str) and d.strip() for d in p.values()), where
            assert list(places(s.view(v))) == list(p), f"{where}: the order is not stable"
            if v is None:
                continue
            secret = set(hidden_ids(s, v, view)).union(*(s.private_ids(o) for o in seats if o != v or v < 0))
            # a place named by a hidden id, or a description quoting one (bare numbers like chaos's card ids
            # are also words anyone uses: 'ring 3'; they count only as whole names)
            words = set(" ".join([*p, *p.values()]).replace(",", " ").split())
            leaks = (set(p) & secret) | {w for w in words & secret if not w.isdigit()}
            assert not leaks, f"{where} names what it cannot see: {leaks}"
