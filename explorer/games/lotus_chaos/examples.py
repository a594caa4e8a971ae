"""The chaos game's rulebook (003_bd38199092c283b4.txt) as named positions: its worked examples (the edge
stops, John's five-card limit), its own wordings for written cards, and the situations its text describes
(set-up on the corners, each objective card met, accusations). The rulebook has no pictures and gives no
board size: positions use the default board of radius 3 and the default table (seat i is Red 1, Blue 2,
Yellow 3, Grey 4, White 5, Black 6 in turn), with hexes named as in docs/positions/lotus_chaos.md.

    import explorer
    explorer.example("lotus_chaos", "edge: one hex north from the north-most hex")
    explorer.example_notes("lotus_chaos")["john's five-card limit"].actions
"""
from __future__ import annotations

from ...core.setup import Example, setup

RULEBOOK = "003_bd38199092c283b4.txt"
OBJECTIVES = ("north", "centre", "south", "purple", "green", "blue")


def _example(description, section, partial, actions=(), seed=0, **options) -> Example:
    def build():
        return setup("lotus_chaos", partial, seed=seed, **options)
    return Example(f"{description} ({RULEBOOK}, {section})", build, tuple(actions), section)


def _objectives(first: str) -> list:
    """Red 1 holds `first`; the others keep the default order."""
    rest = [k for k in OBJECTIVES if k != first]
    return [first] + rest


def _seats(hexes: dict, objectives=None, **extra) -> dict:
    objs = objectives or list(OBJECTIVES)
    out = {i: {"hex": h, "objective": objs[i]} for i, h in hexes.items()}
    for i, o in enumerate(objs):
        out.setdefault(i, {"objective": o})
    for i, e in extra.items():
        out[int(i[1:])].update(e)
    return {str(i): e for i, e in sorted(out.items())}


def _objective_met(key, hexes, move, note) -> Example:
    return _example(
        f"Objective card '{key}': {note} Red 1, holding it, makes the move that completes it; the turn ends "
        f"(no card to play), the objective is checked and Red 1 wins",
        "Objective Cards",
        {"seats": _seats(hexes, _objectives(key)), "turn": {"phase": "actions", "seat": 0}},
        (f"move {move}",))


def _written(description, section, text, seats=None, **options) -> Example:
    return _example(description, section, {"seats": seats or {}, "turn": {"phase": "draw", "seat": 0}},
                    (f'write "{text}"',), **options)


EXAMPLES: dict[str, Example] = {
    "set-up: tokens on the blue corners": _example(
        "Set-up: each player puts a token on an unoccupied blue corner hex, so each corner holds one token. "
        "Red 1, Blue 2 and Yellow 3 have taken N, NE and S; Grey 4 may take SE, SW or NW; once all six are "
        "placed, Red 1 (the start player) reveals two cards",
        "Setup",
        {"seats": {"0": {"hex": "N"}, "1": {"hex": "NE"}, "2": {"hex": "S"}}, "turn": {"phase": "setup", "seat": 3}},
        ("place SE", "place SW", "place NW")),
    "edge: one hex north from the north-most hex": _example(
        "Tokens move as far as they can: card 9 (Grayscale tokens move 1 hex north) leaves Grey 4, already on "
        "the north-most hex, where it is; White 5 and Black 6 move one hex north",
        "Rules",
        {"seats": {"red": {"hex": "centre", "cards": [9]}, "grey": {"hex": "N"}, "white": {"hex": "ring 1 #3"},
                   "black": {"hex": "SW"}},
         "turn": {"phase": "actions", "seat": 0}},
        ("play 9",)),
    "edge: two hexes north from one south of the north-most hex": _example(
        "Card 3 (High Grayscale tokens move 2 hexes north) moves Grey 4, one hex south of the north-most hex, "
        "one hex onto it, where it stops; White 5 and Black 6 move the full two hexes",
        "Rules",
        {"seats": {"red": {"hex": "ring 1 #2", "cards": [3]}, "grey": {"hex": "ring 2 #0"},
                   "white": {"hex": "centre"}, "black": {"hex": "S"}},
         "turn": {"phase": "actions", "seat": 0}},
        ("play 3",)),
    "john's five-card limit": _example(
        "John (Blue 2) has three action cards and two written blank cards: his limit of five. Red 1 keeps card 7 "
        "and gives him card 22, a sixth, so John must first discard a card that was already in his play area; "
        "he discards one of his blank cards, which is erased and goes back to the blank supply",
        "Rules",
        {"seats": {"blue": {"cards": [5, 12, 30, {"written": "All Odd Color Wheel players move 1 space north"},
                                      {"written": "blindly swap a card with the player on your left"}]}},
         "revealed": [7, 22], "turn": {"phase": "draw", "seat": 0}},
        ("keep 7 >2", "discard b2")),
    "a card exchange at the five-card limit": _example(
        "The limit's exception: a card exchange leaves a player back at five. Grey 4 holds five cards; Red 1 "
        "activates card 45 (Blindly swap an Action card with a High player) and chooses Grey 4: one card each "
        "way, and Grey 4 ends with five, no discard",
        "Rules",
        {"seats": {"red": {"cards": [45]}, "grey": {"cards": [1, 2, 3, 4, 6]}},
         "turn": {"phase": "actions", "seat": 0}},
        ("play 45", "with 4")),
    "written: All Odd Color Wheel players move 1 space north": _written(
        "The rulebook's own example of a new action naming two groups. Odd Color Wheel players are Red 1 and "
        "Yellow 3, two players, so the card is within the boundaries and Red 1 keeps it",
        "Token movement boundaries:", "All Odd Color Wheel players move 1 space north"),
    "written: the same card isolating a player": _written(
        "The same wording once Yellow 3 is out of the game: Odd Color Wheel is Red 1 alone, and a combination "
        "may not isolate a player when the card is written, so it is erased and Red 1 gets no card this turn",
        "Token movement boundaries:", "All Odd Color Wheel players move 1 space north",
        {"yellow": {"alive": False}}),
    "written: The Steve Group": _written(
        "A new group needs one identifiable property: 'The Steve Group' is fine when more than one player is "
        "named Steve (here Blue 2 and Grey 4, named when the card is written)",
        "Token movement boundaries:", "[The Steve Group: 2 4] tokens move 1 N"),
    "written: The Steve Group of one": _written(
        "A group may not have a sole member when it is first named: with only Blue 2 named Steve the card is "
        "refused",
        "Token movement boundaries:", "[The Steve Group: 2] tokens move 1 N"),
    "written: Dave and Jim": _written(
        "'Dave and Jim' lists players instead of naming one property, so the card is refused",
        "Token movement boundaries:", "[Dave and Jim: 2 4] tokens move 1 N"),
    "written: Sue, Bill and Mary": _written(
        "'Sue, Bill and Mary' is a list of players too, and is refused",
        "Token movement boundaries:", "[Sue, Bill and Mary: 1 2 4] tokens move 1 N"),
    "written: Red Shirts": _written(
        "'Red Shirts' is a group with one identifiable property when more than one player wears a red shirt "
        "(Blue 2 and Grey 4); the group is recorded for later cards",
        "Token movement boundaries:", "[Red Shirts: 2 4] tokens move 1 N"),
    "written: blindly swap a card with the player on your left": _written(
        "A swap may single a player out by a generalisation, the rulebook's 'blindly swap a card with the player "
        "on your left': accepted",
        "Swapping cards boundaries:", "blindly swap a card with the player on your left"),
    "written: two players left": _written(
        "With only two players left every new movement action must affect both: 'odd tokens move 1 N' "
        "(Red 1 only) is refused; 'all tokens move 1 N' would be accepted",
        "Token movement boundaries:", "odd tokens move 1 N",
        {c: {"alive": False} for c in ("yellow", "grey", "white", "black")}),
    "written: tokens leaving the board": _written(
        "A new movement action must leave every token on the board: a card removing tokens is refused",
        "Token movement boundaries:", "all tokens leave board"),
    "objective: north": _objective_met(
        "north", {0: "ring 2 #0", 1: "N", 2: "centre", 3: "centre", 4: "centre", 5: "centre"}, "N",
        "your token and one other in the north blue hex."),
    "objective: centre": _objective_met(
        "centre", {0: "ring 1 #0", 1: "centre", 2: "centre", 3: "N", 4: "S", 5: "ring 2 #4"}, "S",
        "your token and two others in the red centre hex."),
    "objective: south": _objective_met(
        "south", {0: "ring 2 #6", 1: "S", 2: "N", 3: "centre", 4: "centre", 5: "centre"}, "S",
        "your token and one other in the south blue hex."),
    "objective: purple": _objective_met(
        "purple", {0: "ring 2 #0", 1: "ring 1 #1", 2: "ring 1 #3", 3: "ring 1 #5", 4: "centre", 5: "centre"}, "S",
        "exactly four tokens on the purple ring around the centre."),
    "objective: green": _objective_met(
        "green", {0: "ring 2 #0", 1: "ring 3 #4", 2: "ring 3 #8", 3: "centre", 4: "centre", 5: "centre"}, "NE",
        "exactly three tokens on green edge hexes."),
    "objective: blue": _objective_met(
        "blue", {0: "ring 2 #4", 1: "NE", 2: "N", 3: "centre", 4: "centre", 5: "centre"}, "SE",
        "exactly two tokens on the NE, SE, SW and NW blue corners."),
    "objective in the first round": _example(
        "Nobody can meet an objective in the first round: the north position again in round 1, so Red 1's "
        "move wins nothing and the accusations follow",
        "Rules",
        {"seats": _seats({0: "ring 2 #0", 1: "N", 2: "centre", 3: "centre", 4: "centre", 5: "centre"},
                         _objectives("north")),
         "turn": {"phase": "actions", "seat": 0, "round": 1}},
        ("move N",)),
    "accusation: correct": _example(
        "Red 1 accuses Yellow 3 of holding the south objective, which is right: Yellow 3's token leaves the "
        "board, Yellow 3 is out of the game and shows the objective to everyone",
        "Rules",
        {"seats": _seats({}), "turn": {"phase": "accusations", "seat": 0}},
        ("accuse 3 south",), accusations="active"),
    "accusation: wrong": _example(
        "Red 1 accuses Yellow 3 of holding the north objective, which is wrong: Red 1's own token leaves the "
        "board and Red 1 is out of the game",
        "Rules",
        {"seats": _seats({}), "turn": {"phase": "accusations", "seat": 0}},
        ("accuse 3 north",), accusations="active"),
    "accusation: the last token on the board": _example(
        "Two players are left; Red 1 accuses Blue 2 correctly (centre), so Red 1's is the last token on the "
        "board and Red 1 wins",
        "Objective",
        {"seats": _seats({}, **{f"s{i}": {"alive": False} for i in (2, 3, 4, 5)}),
         "turn": {"phase": "accusations", "seat": 0}},
        ("accuse 2 centre",), accusations="active"),
}

__all__ = ["EXAMPLES"]
