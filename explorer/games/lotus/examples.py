"""The worked examples and pictured situations of the Lotus rulebooks, built with `explorer.setup`.

`EXAMPLES` (name -> explorer.core.setup.Example) is what `explorer.examples("lotus")` serves. The older
functions (`turn_player1()` ...) return (state, actions, note) and are used by notebook 1. Rulebooks:
001_21a030570a0992c9.txt (English), 000_58387628eea236ca.txt (Traditional Chinese, three powers). Their
pictures are not in the text, so cards the text does not name are chosen to fit what it says. Three players
unless said: seat 0 Red Ladybug (Player 1), 1 Blue Dragonfly (Player 2), 2 Yellow Butterfly (Player 3).
"""
from __future__ import annotations

from ...core.setup import Example
from ...core.setup import setup as _setup

EN = "001_21a030570a0992c9.txt"
ZH = "000_58387628eea236ca.txt"


def _pos(players=3, seed=2024, **fields):
    return _setup("lotus", fields, players=players, seed=seed)


def turn_player1():
    """TURN EXAMPLES, Player 1: move a Guardian to the Iris, then complete it with two cards."""
    s = _pos(
        hands={"Red": ["3d", "W3", "6s", "7s"]},
        flowers={"Iris": ["blue single"]},
        guardians={"Blue": ["Iris"]},
    )
    return s, ["g-3", "3dw", "+t", "d", "d"], (
        "Red moves a guardian onto the Iris and plays a double-symbol card and a wildflower to complete it: "
        "Red 3 (guardian + 2 symbols) beats Blue 2 (symbol + guardian). Red takes the 3 cards and a reward; "
        "Red's and Blue's guardians go home; Red draws two.")


def turn_player2():
    """TURN EXAMPLES, Player 2: exchange two cards, then Infinite Growth plays three 5-petal cards."""
    s = _pos(
        hands={"Blue": ["5s", "W5", "3s", "4s"]},
        deck_tops={"Blue": ["7s", "5s"]},
        flowers={"Cherry Blossom": ["red single", "yellow single"]},
        powers={"Blue": ["growth"]},
        turn={"seat": "Blue"},
    )
    return s, ["x3s4s", "5ssw", "+t", "d", "d", "d"], (
        "Blue exchanges two cards (drawing a 5-petal card), then uses Infinite Growth to play three 5-petal "
        "cards (two with a guardian symbol) and complete the Cherry Blossom: Blue 2 beats Red 1 and Yellow 1.")


def turn_player3():
    """TURN EXAMPLES, Player 3: two 6-petal cards, then one more completes the Lily; the elder counts two."""
    s = _pos(
        hands={"Yellow": ["6s", "6s", "W6w2", "3s"]},
        flowers={"Lily": ["red double", "blue single", "W6w1"]},
        guardians={"Red": ["Lily"], "Blue": ["Lily"], "Yellow": {"elder": "Lily"}},
        turn={"seat": "Yellow"},
    )
    return s, ["6ss", "6w", "+t", "d", "d", "d"], (
        "Yellow completes the Lily: Yellow 4 (two symbols + Elder Guardian worth two) beats Red 3 and Blue 2. "
        "All three players' guardians go home; Yellow draws three.")


def completed_flower(**options):
    """COMPLETING FLOWERS example: Blue places the last card of the Lotus; Red controls it."""
    s = _pos(
        hands={"Blue": ["W7w3", "3s", "4s", "5s"]},
        flowers={"Lotus": ["R7s", "R7d", "B7s", "W7w1", "W7w2", "Y7s"]},
        turn={"seat": "Blue"},
        options=options,
    )
    return s, ["7w"], "Blue collects the seven cards; Red (3 symbols) has control and chooses a reward."


def end_game_ties():
    """END OF THE GAME: the three pictured claims of incomplete flowers, after Yellow's last turn."""
    s = _pos(
        hands={"Yellow": ["7s", "3s", "4s", "5s"]},
        flowers={"Primrose": ["R4d", "W4"], "Lily": ["R6s", "Y6s", "W6"], "Iris": ["W3", "W3"]},
        guardians={"Red": ["Lily", "Iris"], "Blue": {"insects": ["Primrose", "Iris"], "elder": "Primrose"},
                   "Yellow": ["Lily", "Iris"]},
        turn={"seat": "Yellow", "actions_left": 1, "final_turns_left": 0},
    )
    return s, ["7s", "d"], (
        "Primrose: Blue 3 (elder + guardian) beats Red 2 and keeps both cards. Lily: Red and Yellow tie at 2, "
        "each keeps one card, the third leaves the game. Iris: all three tie at 1; two cards cannot be split "
        "three ways, so both leave the game. Yellow's new Lotus petal is Yellow's alone.")


def _end_game(flower, cards, guardians):
    """One pictured flower, as Yellow takes the last action of the game."""
    return _pos(hands={"Yellow": ["7s", "3s", "4s", "5s"]}, flowers={flower: cards}, guardians=guardians,
                turn={"seat": "Yellow", "actions_left": 1, "final_turns_left": 0})


def scoring():
    """SCORING example: 25 cards + 4 tokens = 45, 11 + 6 = 41, 21 + 3 = 36; Player 1 wins."""
    from . import SPEC
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


def _state(fn, *args, **kwargs):
    return lambda: fn(*args, **kwargs)[0]


def _actions(fn):
    return tuple(fn()[1])


def _ex(description, build, actions=(), section=""):
    return Example(description=description, build=build, actions=tuple(actions), section=section)


EXAMPLES: dict[str, Example] = {
    "setup_three_players": _ex(
        f"{EN}, SETUP (3-Player Example) and GAMEPLAY 1: each player's deck less one single-symbol card of "
        "each type (26 cards), four dealt to each hand, four wildflowers face up; Red begins.",
        lambda: _pos(), (), "SETUP"),
    "exchange_two_cards": _ex(
        f"{EN}, Exchange Petal Cards (the picture: player's hand, exchange two cards, new hand): Red puts a 3 "
        "and a 4 under the deck and draws the two cards on top, a 7 and a 5.",
        lambda: _pos(hands={"Red": ["3s", "4s", "5s", "6s"]}, deck_tops={"Red": ["7s", "5s"]}),
        ("x3s4s",), "Exchange Petal Cards"),
    "move_guardian": _ex(
        f"{EN}, Move a Guardian (the picture: 1 from the personal supply to a flower, 2 from a flower to "
        "another): Red moves an insect from the supply onto the Iris, then moves it on to the Lily.",
        lambda: _pos(flowers={"Iris": ["B3s"], "Lily": ["Y6s", "W6"]}),
        ("g-3", "g3-6"), "Move a Guardian"),
    "draw_back_up": _ex(
        f"{EN}, Draw Cards: after two actions Red holds two cards and draws back up to four, one from the "
        "deck and the face-up 5-petal wildflower; the display is refilled to four and Blue's turn begins.",
        lambda: _pos(hands={"Red": ["3s", "6s"]}, display=["W5", "W3", "W4", "W7"], turn={"phase": "draw"}),
        ("d", "w5"), "Draw Cards"),
    "turn_player1": _ex(
        f"{EN}, TURN EXAMPLES, Player 1 (Red): a guardian from the supply to the Iris, then a double-symbol "
        "3 and a wildflower complete it; Red controls (3 against Blue's 2), takes a reward and draws two.",
        _state(turn_player1), _actions(turn_player1), "TURN EXAMPLES"),
    "turn_player2": _ex(
        f"{EN}, TURN EXAMPLES, Player 2 (Blue): exchange two cards, then Infinite Growth plays three 5-petal "
        "cards (two with a symbol) to complete the Cherry Blossom, which Blue controls.",
        _state(turn_player2), _actions(turn_player2), "TURN EXAMPLES"),
    "turn_player3": _ex(
        f"{EN}, TURN EXAMPLES, Player 3 (Yellow): two single-symbol 6s, then a wildflower completes the Lily; "
        "the Elder Guardian counts two, so Yellow controls with 4 against Red's 3 and Blue's 2.",
        _state(turn_player3), _actions(turn_player3), "TURN EXAMPLES"),
    "completed_flower": _ex(
        f"{EN}, COMPLETING FLOWERS (Example): Blue places the last card of the Lotus and collects all seven; "
        "Red, with three symbols, controls it and chooses a scoring token or a special power.",
        _state(completed_flower), _actions(completed_flower), "COMPLETING FLOWERS"),
    "completed_flower_three_powers": _ex(
        f"{ZH}, 完成花朵 (範例), the Traditional Chinese edition: the same Lotus, but Red's reward is a scoring "
        "token or one of three powers (no Fortune Teller in this edition).",
        _state(completed_flower, edition="three"), ("7w", "+growth"), "完成花朵"),
    "end_game_primrose": _ex(
        f"{EN}, END OF THE GAME (first picture): on the Primrose Blue has the Elder Guardian (worth two) and an "
        "insect, 3, against Red's two symbols; Blue keeps both cards.",
        lambda: _end_game("Primrose", ["R4d", "W4"], {"Red": [], "Blue": {"insects": ["Primrose"],
                                                                           "elder": "Primrose"}}),
        ("7s", "d"), "END OF THE GAME"),
    "end_game_lily": _ex(
        f"{EN}, END OF THE GAME (second picture): Red and Yellow tie on the Lily with two each; each keeps one "
        "card and the third leaves the game.",
        lambda: _end_game("Lily", ["R6s", "Y6s", "W6"], {"Red": ["Lily"], "Yellow": ["Lily"]}),
        ("7s", "d"), "END OF THE GAME"),
    "end_game_iris": _ex(
        f"{EN}, END OF THE GAME (third picture): all three tie on the Iris with one guardian each; two cards "
        "cannot be split three ways, so both leave the game.",
        lambda: _end_game("Iris", ["W3", "W3"], {"Red": ["Iris"], "Blue": ["Iris"], "Yellow": ["Iris"]}),
        ("7s", "d"), "END OF THE GAME"),
    "end_game_ties": _ex(
        f"{EN}, END OF THE GAME: the three pictures at once, as Yellow takes the game's last action.",
        _state(end_game_ties), _actions(end_game_ties), "END OF THE GAME"),
    "scoring": _ex(
        f"{EN}, SCORING: 25 cards + 4 tokens = 45, 11 + 6 = 41, 21 + 3 = 36; Player 1 (Red) wins.",
        _state(scoring), (), "SCORING"),
    "family_partners_count_apart": _ex(
        f"{EN}, FAMILY VARIANT (Example and Note): Red and Yellow are partners against Blue and Green, seated "
        "alternately; partners do not add their guardians or symbols, so when Red completes the Iris, Blue's "
        "double symbol (2) beats Red's and Yellow's single guardians (1 each) and only Blue is rewarded.",
        lambda: _pos(players=4, options={"family": True}, flowers={"Iris": ["B3d", "W3"]},
                     guardians={"Red": ["Iris"], "Yellow": ["Iris"]}, hands={"Red": ["W3", "4s", "5s", "6s"]}),
        ("3w",), "FAMILY VARIANT"),
    "solo_setup": _ex(
        f"{EN}, SOLO MODE RULES, Setup: medium difficulty with two powers (Elder Guardian and Infinite Growth); "
        "four cards dealt, then four wildflowers turned into the garden.",
        lambda: _pos(players=1, options={"difficulty": "medium", "solo_powers": "elder+growth"}),
        (), "SOLO MODE RULES"),
    "solo_winter_lotus": _ex(
        f"{EN}, SOLO MODE RULES, End of the Turn and End of the Game: six Winter Lotus petals are out; a "
        "guardian move costs the seventh at the end of the turn, and the Winter Lotus blooms: defeat.",
        lambda: _pos(players=1, options={"difficulty": "hard"}, powers=["path"], winter=6,
                     flowers={"Cherry Blossom": ["W5"]}, hands=[["5s", "6s", "7s", "4s"]], wild_deck=["W4"]),
        ("g-5", "5s"), "SOLO MODE RULES"),
    "solo_tie_is_defeat": _ex(
        f"{EN}, SOLO MODE RULES, Completing Flowers: two wildflowers on the Iris against the player's guardian "
        "and one symbol; a tie is not control, so completing it loses.",
        lambda: _pos(players=1, options={"difficulty": "hard"}, powers=["growth"], flowers={"Iris": ["W3", "W3"]},
                     guardians=[["Iris"]], hands=[["3s", "4s", "5s", "6s"]]),
        ("3s",), "SOLO MODE RULES"),
    "solo_fortune_teller": _ex(
        f"{EN}, SOLO MODE RULES, Gameplay: the Fortune Teller's solo action removes a wildflower from an "
        "incomplete flower to the discard pile, scores nothing, and costs a Winter Lotus petal.",
        lambda: _pos(players=1, options={"difficulty": "hard"}, powers=["fortune"],
                     flowers={"Lotus": ["W7", "W7", "R7s"]}, hands=[["7s", "4s", "5s", "6s"]]),
        ("f7w",), "SOLO MODE RULES"),
}
