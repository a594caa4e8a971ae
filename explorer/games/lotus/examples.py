"""The worked examples of the English rulebook (001_21a030570a0992c9.txt) as set-up positions.

Each function returns (state, actions, note): the position just before the example, the actions
the example takes, in notation, and a sentence on what the rulebook says happens. The rulebook's
pictures are not in the text, so cards the text does not name are chosen to fit what it says.
Three players: seat 0 Red Ladybug (Player 1), 1 Blue Dragonfly (Player 2), 2 Yellow Butterfly (Player 3).
"""
from __future__ import annotations

from ...core.registry import from_json


def _pos(**fields):
    base = {"game": "lotus", "players": 3, "seed": 2024}
    base.update(fields)
    return from_json(base)


def turn_player1():
    """TURN EXAMPLES, Player 1: move a Guardian to the Iris, then complete it with two cards."""
    s = _pos(
        hands=[["R3d1", "W3w1", "R6s1", "R7s1"], None, None],
        flowers={"3": ["B3s1"]},
        guardians=[{"insects": ["supply", "supply"]}, {"insects": [3, "supply"]}, {"insects": ["supply", "supply"]}],
    )
    return s, ["g-3", "3dw", "+t", "d", "d"], (
        "Red moves a guardian onto the Iris and plays a double-symbol card and a wildflower to complete it: "
        "Red 3 (guardian + 2 symbols) beats Blue 2 (symbol + guardian). Red takes the 3 cards and a reward; "
        "Red's and Blue's guardians go home; Red draws two.")


def turn_player2():
    """TURN EXAMPLES, Player 2: exchange two cards, then Infinite Growth plays three 5-petal cards."""
    s = _pos(
        hands=[None, ["B5s1", "W5w1", "B3s1", "B4s1"], None],
        deck_tops=[[], ["B7s1", "B5s2"], []],
        flowers={"5": ["R5s1", "Y5s1"]},
        powers=[[], ["growth"], []],
        turn={"seat": 1},
    )
    return s, ["x3s4s", "5ssw", "+t", "d", "d", "d"], (
        "Blue exchanges two cards (drawing a 5-petal card), then uses Infinite Growth to play three 5-petal "
        "cards (two with a guardian symbol) and complete the Cherry Blossom: Blue 2 beats Red 1 and Yellow 1.")


def turn_player3():
    """TURN EXAMPLES, Player 3: two 6-petal cards, then one more completes the Lily; the elder counts two."""
    s = _pos(
        hands=[None, None, ["Y6s1", "Y6s2", "W6w2", "Y3s1"]],
        flowers={"6": ["R6d1", "B6s1", "W6w1"]},
        powers=[[], [], ["elder"]],
        guardians=[{"insects": [6, "supply"]}, {"insects": [6, "supply"]},
                   {"insects": ["supply", "supply"], "elder": 6}],
        turn={"seat": 2},
    )
    return s, ["6ss", "6w", "+t", "d", "d", "d"], (
        "Yellow completes the Lily: Yellow 4 (two symbols + Elder Guardian worth two) beats Red 3 and Blue 2. "
        "All three players' guardians go home; Yellow draws three.")


def completed_flower():
    """COMPLETING FLOWERS example: Blue places the last card of the Lotus; Red controls it."""
    s = _pos(
        hands=[None, ["W7w3", "B3s1", "B4s1", "B5s1"], None],
        flowers={"7": ["R7s1", "R7d1", "B7s1", "W7w1", "W7w2", "Y7s1"]},
        turn={"seat": 1},
    )
    return s, ["7w"], "Blue collects the seven cards; Red (3 symbols) has control and chooses a reward."


def end_game_ties():
    """END OF THE GAME: the three pictured claims of incomplete flowers, after Yellow's last turn."""
    s = _pos(
        hands=[None, None, ["Y7s1", "Y3s1", "Y4s1", "Y5s1"]],
        flowers={"4": ["R4d1", "W4w1"], "6": ["R6s1", "Y6s1", "W6w1"], "3": ["W3w1", "W3w2"]},
        powers=[[], ["elder"], []],
        guardians=[{"insects": [6, 3]}, {"insects": [4, 3], "elder": 4}, {"insects": [6, 3]}],
        turn={"seat": 2, "actions_left": 1, "final_turns_left": 0},
    )
    return s, ["7s", "d"], (
        "Primrose: Blue 3 (elder + guardian) beats Red 2 and keeps both cards. Lily: Red and Yellow tie at 2, "
        "each keeps one card, the third leaves the game. Iris: all three tie at 1; two cards cannot be split "
        "three ways, so both leave the game. Yellow's new Lotus petal is Yellow's alone.")


def scoring():
    """SCORING example: 25 cards + 4 tokens = 45, 11 + 6 = 41, 21 + 3 = 36; Player 1 wins."""
    from . import SPEC  # noqa: F401  (registered)
    from .config import config
    cfg = config(3, {k: o.default for k, o in SPEC.options.items()})
    names = [n for n in cfg.NAME if cfg.by_name[n] not in cfg.aside]
    piles = [[], [], []]
    counts = [25, 11, 21]
    i = 0
    for seat, k in enumerate(counts):
        piles[seat], i = names[i:i + k], i + k
    s = _pos(piles=piles, tokens=[4, 6, 3], hands=[[], [], []], display=[],
             turn={"seat": 0, "phase": "over"}, outcome="over")
    return s, [], "Red 45, Blue 41, Yellow 36: Red (Player 1) wins."


ALL = {
    "turn_player1": turn_player1, "turn_player2": turn_player2, "turn_player3": turn_player3,
    "completed_flower": completed_flower, "end_game_ties": end_game_ties, "scoring": scoring,
}
