"""Small builders for hand-written Lotus positions (see `_Position` in explorer/games/lotus/position.py).

Cards are named like R5s1 (colour letter R/B/Y/G for seats 0..3, petals 3-7, s single or d double
symbol, number) and W5w1 for wildflowers. Cards a position does not place are shuffled into their
owner's deck (or the wildflower deck); decks and the wildflower deck are listed bottom to top.
"""
from __future__ import annotations

import random

import pytest

import explorer
from explorer.games.lotus import SPEC
from explorer.games.lotus.config import config

LETTERS = "RBYG"
WILD = [f"W{p}w{i}" for p in range(3, 8) for i in range(1, 5)]
SEED = 11


def defaults(**options) -> dict:
    opts = {k: o.default for k, o in SPEC.options.items()}
    opts.update(options)
    return opts


def cfg_for(players: int, **options):
    return config(players, defaults(**options))


def colour_cards(players: int, seat: int, **options) -> list[str]:
    """Every card of seat's colour that is in the game at this player count (set-aside ones left out)."""
    cfg = cfg_for(players, **options)
    letter = LETTERS[seat]
    return [n for i, n in enumerate(cfg.NAME) if n[0] == letter and i not in cfg.aside]


def pos(players: int = 3, **fields):
    """A hand-written position through explorer.from_json, with a fixed seed unless one is given."""
    base = {"game": "lotus", "players": players, "seed": SEED}
    base.update(fields)
    return explorer.from_json(base)


def solo(**fields):
    return pos(1, **fields)


def wild_deck(top=(), exclude=()):
    """The whole wildflower deck with `top` on top (its last card is the top card), all the other
    wildflowers not in `exclude` below it."""
    top = list(top)
    rest = [w for w in WILD if w not in top and w not in exclude]
    return rest + top


def others(players: int, seat: int, *used, **options) -> list[str]:
    """seat's cards not named in `used` (lists of names): for piles/out when a deck is given whole."""
    taken = {c for group in used for c in group}
    return [c for c in colour_cards(players, seat, **options) if c not in taken]


def wild_rest(*used) -> list[str]:
    taken = {c for group in used for c in group}
    return [w for w in WILD if w not in taken]


def run(s, *actions):
    """Apply actions in order, checking the conservation laws after each; return the last state."""
    for a in actions:
        s = s.apply(a)
        s.check_invariants()
    return s


def j(s) -> dict:
    return s.to_json()


def hand(s, seat: int) -> list[str]:
    return sorted(s.to_json()["hands"][seat])


def pile(s, seat: int) -> list[str]:
    return sorted(s.to_json()["piles"][seat])


def flower(s, petals: int) -> list[str]:
    return s.to_json()["flowers"].get(str(petals), [])


def guards(s, seat: int) -> dict:
    return s.to_json()["guardians"][seat]


def turn(s) -> dict:
    return s.to_json()["turn"]


def assert_illegal(s, text, rule: str):
    """`s.apply(text)` raises IllegalAction citing `rule` and leaves `s` exactly as it was."""
    before = s.to_json()
    twin = explorer.from_json(before)
    legal_before = tuple(s.legal_actions())
    with pytest.raises(explorer.IllegalAction) as err:
        s.apply(text)
    assert err.value.rule == rule, f"{text!r}: expected {rule}, got {err.value.rule} ({err.value})"
    assert err.value.rule in explorer.ledger("lotus")
    assert s.to_json() == before
    assert s == twin
    assert tuple(s.legal_actions()) == legal_before
    return err.value


def legal_texts(s) -> set[str]:
    return {str(a) for a in s.legal_actions()}


def take_turn(s, rng: random.Random | None = None):
    """Play out the current turn (first legal action, or a random one) until the next turn starts
    or the game ends. Returns (state, seat that played)."""
    seat = turn(s)["seat"]
    number = turn(s)["number"]
    while not s.is_terminal and turn(s)["number"] == number:
        acts = s.legal_actions()
        s = s.apply(rng.choice(acts) if rng else acts[0])
        s.check_invariants()
    return s, seat


def finished(players: int, piles, decks, tokens=None, **options):
    """A game-over position: seat i has piles[i] cards in its scoring pile and decks[i] in its deck
    (its own cards), the rest out of the game."""
    pl, dk, out = [], [], []
    for seat in range(players):
        mine = colour_cards(players, seat, **options)
        assert piles[seat] + decks[seat] <= len(mine)
        pl.append(mine[: piles[seat]])
        dk.append(mine[piles[seat]: piles[seat] + decks[seat]])
        out += mine[piles[seat] + decks[seat]:]
    return pos(players, options=options, hands=[[] for _ in range(players)], piles=pl, decks=dk,
               out=out, display=[], wild_deck=WILD, tokens=tokens or [0] * players,
               turn={"phase": "over"}, outcome="over")
