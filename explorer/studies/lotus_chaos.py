"""Reading the secret objectives, and when to accuse: what a seat's own token moves give away about its
hidden objective card (north, centre and south need the holder's own token on one hex; purple, green and
blue count anyone's tokens), why a tell alone is not worth an accusation, how a check that ends nothing
proves who holds an objective, and why two players left means an accusation at once. It rests on the
rulebook 003_bd38199092c283b4.txt, sections Rules (the turn, the one-hex move, the first round,
accusations), Objective and Objective Cards.

>>> from explorer.studies.lotus_chaos import build
>>> study = build()
>>> [len(ch.exercises) for ch in study.chapters]
[2, 1, 2, 1]
"""
from __future__ import annotations

import explorer
from explorer import bots
from explorer.games.lotus_chaos.heuristic import candidates
from explorer.study import Chapter, Study

GAME = "lotus_chaos"
SEED = 5
# Seed 5 played to the end by six bots of the first heuristic (bots.make("heuristic", seed=0) for every seat,
# with heuristic.py as it was at 11fa4a8: each chased its own objective and ignored the others'). A record:
# today's heuristic, which also reads the others' objectives, plays it differently.
MOVES = (
    "place N", "place SW", "place S", "place NE", "place NW", "place SE",
    "keep 6 >4", "play 6", "move N", *["pass"] * 6,
    'write "all tokens move 1 away from centre except centre"', "move NE", "end", *["pass"] * 6,
    'write "odd tokens move 1 N then even tokens move 1 S"', "play b2", "move N", *["pass"] * 6,
    "keep 16 >2", "move N", "play 27", "play 16", *["pass"] * 6,
    'write "blind swap 1 with deck"', "move S", "play b3", *["pass"] * 6,
    "keep 5 >4", "move N", "play 5", *["pass"] * 6,
    'write "blind swap 1 with player on left"', "play b4", "play b1", "move S", *["pass"] * 6,
    "keep 3 >5", "move S", "play b4", "end", *["pass"] * 6,
    'write "give swap 1 with a high player"', "play b2", "play b5", "with 6", "give b5", "move N",
)
OBJECTIVES = ["north", "centre", "south", "purple", "green", "blue"]
PURPLE_RING = ["0,-1", "1,-1", "1,0", "0,1", "-1,1", "-1,0"]

INTRO = (
    "Every turn each player must move their own token one hex, and chooses which way "
    "(lotus_chaos.move.mandatory): that free step is the loudest tell at the table. Cards move whole groups "
    "of tokens, so a token pushed by someone else's card tells you about the player who activated it. A "
    "correct accusation puts the accused out of the game, a wrong one puts the accuser out "
    "(lotus_chaos.accuse.target, lotus_chaos.accuse.correct, lotus_chaos.accuse.wrong), and whoever is out "
    "shows their objective to everyone (lotus_chaos.accuse.reveal). Chapter 1 reads a recorded game between "
    "six bots that each chase their own objective; chapter 2 turns down an accusation on a tell; chapter 3 "
    "proves who holds an objective from a check that ended nothing; chapter 4 accuses with two players left.\n\n"
    "Assumed values (explorer.provenance('lotus_chaos')): the rulebook gives no board size, so the board is "
    "the assumed board_radius 3 (37 hexes: the red centre, a purple ring of 6, a plain ring of 12 and an "
    "edge ring of 18 with the six blue corners and 12 green hexes), and every distance and ring in this "
    "study is counted on it. The cards the bots write in chapter 1 come from the assumed written_menu: the "
    "rulebook leaves a blank card's text to the player. Interpretations used: after each turn every player "
    "still in the game may accuse, in turn from the active player (lotus_chaos.accuse.window), except in "
    "chapter 4, the rulebook's own example, where only the active player accuses; 'your token and one other' "
    "means at least one other (lotus_chaos.objective.count).\n\n"
    "The bot quoted in chapters 2 and 4 is the heuristic bot (explorer.bots.make('heuristic'): a rating per "
    "move, no search budget), not the search bot: in this game the search, at the 55 iterations one CPU "
    "second buys, does not beat the heuristic (about even over 100 games, README: bot strength), and it "
    "leaves every accusation to the heuristic's judgement."
)


def build() -> Study:
    """The study: four chapters, built from seed 5, a set-up position and a rulebook example."""
    study = Study("Reading the secret objectives, and when to accuse", intro=INTRO)
    _reading(study)
    _tell(study)
    _proof(study)
    _last_two(study)
    return study


def _line(ch: Chapter, moves) -> list:
    """Play `moves` from the chapter's start; the nodes reached, in order."""
    return [ch.timeline.play(m) for m in moves]


def _bot(node) -> dict:
    """The heuristic bot's value of each legal move at `node`: {move: value}."""
    df = bots.make("heuristic", seed=0).analyse(node.state)
    return {str(r.action): float(r.value) for r in df.itertuples()}


# -- chapter 1 -----------------------------------------------------------------------------------------

def _reading(study: Study) -> None:
    ch = study.chapter(
        "Reading a game: what the moves give away", explorer.load(GAME, seed=SEED), viewer="spectator",
        intro="Seed 5, played to the end by six bots of this project's first heuristic, each chasing its "
              "own objective from its own view and paying no attention to the others' (a recorded game: "
              "today's heuristic bot also reads the others' objectives, and plays differently). North, "
              "centre and south need the holder's own token on one hex, so the holder steers it there; "
              "purple, green and blue count anyone's tokens, so their holders can win without "
              "moving at all (lotus_chaos.objective.cards). Watch each seat's own one-hex move: it is the one "
              "move a player chooses alone.")
    tl = ch.timeline
    tl.comment(tl.root, "Set-up: each player in turn puts a token on a free blue corner "
               "(lotus_chaos.setup.corners; the order is the engine's reading, lotus_chaos.setup.corner-order). "
               "Numbers and colours are public; the objective cards are secret, one each "
               "(lotus_chaos.setup.objectives).")
    n = _line(ch, MOVES)

    tl.comment(n[0], "Red 1 places first, with all six corners free, and takes N. Only the north objective "
               "cares about that corner, but somebody has to take it: a faint hint.")
    tl.annotate(n[0], highlights=["N"])
    tl.comment(n[2], "Black 2 takes S while NE, SE and NW are still free: the same faint hint, for south.")
    tl.annotate(n[2], highlights=["S"])
    tl.comment(n[7], "Red 1 kept card 6 and gave card 27 to Grey 4 (lotus_chaos.draw.give), then activates "
               "6: Low Color Wheel tokens move one hex towards the centre. That is Red 1 and Blue 3, so Red 1's "
               "own token leaves the north corner.")
    tl.annotate(n[7], arrows=[("N", "0,-2"), ("SW", "-2,2", "blue")])
    tl.comment(n[8], "Then the one-hex move every player must make (lotus_chaos.move.mandatory) takes Red 1 "
               "straight back onto the north corner. Of six steps, Red 1 chose the one that ends on N.")
    tl.annotate(n[8], arrows=[("0,-2", "N")], highlights=["N"], glyph="!?")
    ch.question(
        n[8], "Red 1's card pulled its token off the north corner, and its own one-hex move took it straight "
        "back. Which objective does that fit best?", OBJECTIVES, "north",
        hint="Which objectives care where the holder's own token stands?",
        explanation="Only north, centre and south need the holder's own token on a given hex "
        "(lotus_chaos.objective.cards), and Red 1 chose to end its turn on the north corner (it also took N "
        "first at set-up). Blue needs tokens on NE, SE, SW or NW, not N. It is a tell, not proof: in round 1 "
        "nobody can win (lotus_chaos.objective.first-round), so a player may stand anywhere to mislead.")

    tl.comment(n[16], "Blue 3's own step, NE, goes from the plain ring into the purple ring beside the centre. "
               "It is the only one of its six steps that gets nearer the centre.")
    tl.annotate(n[16], arrows=[("-2,2", "-1,1")], highlights=[(h, "yellow") for h in PURPLE_RING] + ["centre"])
    ch.question(
        n[17], "Blue 3 had six one-hex moves to choose from and took the only one into the purple ring, next "
        "to the centre. Which objectives does that step fit best?",
        ["centre or purple", "north or south", "green or blue"], "centre or purple",
        hint="Count rings: where does the step lead, and which objectives care about that?",
        explanation="The step brings Blue 3's token next to the centre (where the centre objective needs it) "
        "and adds a token to the purple ring (the purple objective wants exactly four there). It also comes one "
        "hex nearer the north corner, but so does the step N that stays in the plain ring; and north has a "
        "likelier owner after Red 1's turn, since each objective card is dealt to one player only "
        "(lotus_chaos.setup.objectives). The green edge and the blue corners lie the other way.")

    tl.comment(n[25], "Black 2 writes a card and activates it (lotus_chaos.draw.blank, lotus_chaos.write.accept): "
               "odd tokens one hex north, then even tokens one hex south. Red 1 is already on N and Black 2 on "
               "S, so both stay where they are (lotus_chaos.movement.clamp).")
    tl.comment(n[26], "Black 2 steps off S. That looks like a tell against south, but a token on a corner has "
               "no choice: every step leaves the corner (lotus_chaos.move.mandatory). Holders of north and "
               "south circle their corner and use cards to come back, so judge a corner-sitter by where it "
               "returns, not by the step off.")
    tl.annotate(n[26], arrows=[("S", "0,2", "red")])
    tl.comment(n[34], "Grey 4 steps back onto the NE corner. The blue objective counts tokens on NE, SE, SW "
               "and NW, but any player's tokens count, so a token on a corner says little about its owner.")
    tl.annotate(n[34], arrows=[("3,-2", "NE")])
    tl.comment(n[36], "Grey 4's card 16 (Even tokens move one hex away from the centre) puts Black 2 back on S. "
               "A token moved by another player's card tells you about the player who activated it, not about "
               "the token's owner.")
    tl.annotate(n[36], arrows=[("0,2", "S", "blue")])
    tl.comment(n[44], "White 6 steps S along the edge, from one green hex to another: the green objective "
               "wants exactly three tokens on green hexes, and White 6's own token is only one of them.")
    tl.annotate(n[44], arrows=[("-3,1", "-3,2")])
    tl.comment(n[54], "Yellow 5 steps N along the edge, then its card 5 (High Color Wheel tokens move one hex "
               "towards the centre) pulls its own token inward. Mixed signals: nothing to act on.")
    tl.annotate(n[54], arrows=[("3,-2", "2,-1")])
    tl.comment(n[60], "Round 1 is over. Nobody could win in it (lotus_chaos.objective.first-round); from now "
               "on an objective is checked after every turn, for every player (lotus_chaos.objective.check).")
    tl.comment(n[64], "Red 1 must leave N (it stood there and has to move) and steps S.")
    tl.annotate(n[64], arrows=[("N", "0,-2", "red")])
    tl.comment(n[72], "Blue 3's own step goes inward again, into the purple ring and one hex farther from the "
               "north corner: the second free choice pointing at the centre or the purple ring.")
    tl.annotate(n[72], arrows=[("0,-2", "0,-1")], highlights=["centre"])
    tl.comment(n[82], "Black 2's card again: odd tokens north, even tokens south. It puts Yellow 5 on NE and "
               "White 6 on SW, and takes Grey 4 off NE.")
    tl.annotate(n[82], arrows=[("3,-2", "NE", "yellow"), ("-3,2", "SW", "yellow")])
    tl.comment(n[86], "Grey 4 wins on Black 2's turn: exactly two tokens stand on the NE, SE, SW and NW "
               "corners, and the check after the actions counts every player's objective "
               "(lotus_chaos.objective.check). Grey 4 shows the blue objective (lotus_chaos.objective.show). Its "
               "own moves said little: an objective that counts anyone's tokens can be met by anyone's moves, "
               "so watch the counts, not only the movers.")
    tl.annotate(n[86], highlights=["NE", "SW", "Grey objective"], glyph="!")


# -- chapter 2 -----------------------------------------------------------------------------------------

def _tell(study: Study) -> None:
    start = explorer.load(GAME, seed=SEED)
    for m in MOVES[:18]:
        start = start.apply(m)
    ch = study.chapter(
        "A tell is not proof: when not to accuse", start,
        intro="The same game after Blue 3's turn 2, in the accusations that follow each turn "
              "(lotus_chaos.accuse.window). Blue 3 has just stepped into the purple ring. A guess puts the "
              "accuser out if it is wrong (lotus_chaos.accuse.wrong); a right one removes one rival of five.")
    tl = ch.timeline
    tl.comment(tl.root, "No objective was met (none can be in round 1), so every player still in the game may "
               "now accuse or pass, in turn from Blue 3.")
    blue_pass, = _line(ch, ["pass"])
    tl.comment(blue_pass, "Blue 3 passes. Black 2 to decide.")
    view = blue_pass.state.view(blue_pass.state.current_player)
    left = len(candidates(view, 1))
    values = _bot(blue_pass)
    worst = max(v for a, v in values.items() if a.startswith("accuse"))
    bot_says = "agrees" if values["pass"] > worst else "does not agree"
    ch.viewer = blue_pass.state.current_player  # read as Black 2: the others' objectives stay hidden
    ch.exercise(
        blue_pass, answers=["pass"],
        prompt="You are Black 2. Blue 3 has just stepped into the purple ring beside the centre. Accuse "
        "Blue 3 (accuse 3 <objective>) or pass?",
        hint="What does a wrong guess cost, and can anyone win this round?",
        explanation=f"Pass. From your seat Blue 3 may hold any of {left} objectives (every card but your own); "
        "the step points to centre or purple, and a coin toss is the best the evidence gives. A wrong guess puts "
        "you out of the game (lotus_chaos.accuse.wrong); a right one removes one rival of five. And nobody can "
        "win in round 1 (lotus_chaos.objective.first-round), so there is no threat to stop yet. The heuristic "
        f"bot {bot_says}: it puts its chance of winning at {values['pass']:.2f} if it passes and {worst:.2f} "
        "at best if it accuses (it accuses only when its reading of the tells and proofs makes the accused's "
        "objective likely enough to be worth the risk of going out).")
    black_pass, = _line(ch, ["pass"])
    tl.comment(black_pass, "Black 2 passes: keep the tell in mind, and wait for proof or for a threat.")
    tl.annotate(black_pass, highlights=[("Blue token", "yellow")], glyph="!")
    _line(ch, ["pass"] * 4)
    tl.goto(blue_pass)
    guess = tl.play("accuse 3 purple")
    tl.comment(guess, "Had Black 2 guessed purple, the guess would have been wrong: Black 2's token leaves "
               "the board, Black 2 is out and shows its own objective to everyone (lotus_chaos.accuse.wrong, "
               "lotus_chaos.accuse.reveal). Only Black 2 was shown Blue 3's card; the others learn just that "
               "it is not purple.")
    tl.annotate(guess, highlights=[("Black objective", "red")], glyph="?")
    tl.goto(tl.root)


# -- chapter 3 -----------------------------------------------------------------------------------------

PROOF = {
    "seats": {
        "0": {"objective": "blue", "hex": "ring 2 #8", "cards": 2},
        "1": {"objective": "south", "hex": "N", "cards": 1},
        "2": {"objective": "purple", "alive": False},
        "3": {"objective": "centre", "hex": "ring 2 #0"},
        "4": {"objective": "green", "alive": False},
        "5": {"objective": "north", "hex": "ring 1 #3", "cards": 2},
    },
    "accusations": [{"accuser": 5, "accused": 2, "named": "purple", "correct": True},
                    {"accuser": 4, "accused": 0, "named": "north", "correct": False}],
    "turn": {"phase": "actions", "seat": 3, "round": 3},
}


def _proof(study: Study) -> None:
    ch = study.chapter(
        "Proof: the check that ended nothing", explorer.setup(GAME, PROOF, seed=SEED),
        intro="A set-up position in round 3. Yellow 3 was accused correctly and showed purple; White 5 "
              "accused Red 1 of north, was wrong, went out and showed green (lotus_chaos.accuse.reveal). The "
              "objective check after every turn (lotus_chaos.objective.check) is evidence too: if a check finds "
              "a player standing where an objective would be met and nobody wins, that player does not hold "
              "that objective.")
    tl = ch.timeline
    tl.comment(tl.root, "Grey 4 to move, with no card to play. Blue 2 stands on the north corner.")
    tl.annotate(tl.root, highlights=["N"])
    step, grey, black = _line(ch, ["move N", "pass", "pass"])
    tl.comment(step, "Grey 4 steps onto the north corner beside Blue 2. Its turn ends, the objectives are "
               "checked, nobody has won, and the accusations begin (lotus_chaos.accuse.window).")
    tl.annotate(step, arrows=[("0,-2", "N")], highlights=[("N", "red")])
    ch.question(
        step, "Round 3: Grey 4 has stepped onto the north corner, where Blue 2 already stood, and the game goes "
        "on to the accusations. What does that prove?",
        ["Grey 4 holds north", "Blue 2 holds north", "Neither Grey 4 nor Blue 2 holds north",
         "Nothing: it is only a tell"], 2,
        hint="What happens after the actions when a player's objective is met?",
        explanation="The north objective is met by its holder's token and one other on the north corner "
        "(lotus_chaos.objective.cards, lotus_chaos.objective.count), and after every turn from round 2 on the "
        "objectives of all players are checked: a player whose objective is met wins "
        "(lotus_chaos.objective.check, lotus_chaos.objective.first-round). Both tokens stood on N at the check "
        "and nobody won, so neither holds north. In round 1 the same picture would prove nothing.")
    tl.comment(grey, "Grey 4 passes.")
    tl.comment(black, "Black 6 passes. Red 1 to decide.")
    values = _bot(black)
    ch.viewer = black.state.current_player  # read as Red 1
    ch.exercise(
        black, answers=["accuse 6 north"],
        prompt="You are Red 1. Grey 4 and Black 6 have passed. Is there an accusation you can be sure of? Find "
        "the move: an accusation (accuse <number> <objective>) or pass.",
        hint="Which objectives can still be held by players in the game, and who was just cleared of one?",
        explanation="Six cards, one per player (lotus_chaos.setup.objectives): yours is blue, and Yellow 3 "
        "and White 5 showed purple and green when they went out, so Blue 2, Grey 4 and Black 6 hold north, "
        "centre and south. The check you just saw clears Blue 2 and Grey 4 of north, so Black 6 holds it. A "
        "certain accusation costs nothing and puts Black 6 out (lotus_chaos.accuse.correct). If you wait, Blue 2, "
        "next in the accusations and able to work it out as well, may take the chance.")
    accused, = _line(ch, ["accuse 6 north"])
    found = values["accuse 6 north"] > values["pass"]
    verdict = ("finds it too: it reads a check that ended nothing as proof" if found else
               "misses it: it does not read the check that ended nothing as proof")
    tl.comment(accused, "Right: Black 6's token leaves the board and Black 6 shows the north objective "
               f"(lotus_chaos.accuse.correct, lotus_chaos.accuse.reveal). The heuristic bot {verdict}, and "
               f"puts its chance of winning at {values['accuse 6 north']:.2f} after this accusation and "
               f"{values['pass']:.2f} if it passes. Grey 4's pass "
               "was a missed chance: it knew its own card, saw the same check and heard White 5's wrong "
               "accusation clear Red 1 of north, so it could have found Black 6 first.")
    tl.annotate(accused, highlights=[("Black objective", "green"), ("N", "red")], glyph="!!")
    _line(ch, ["pass"])
    tl.goto(tl.root)


# -- chapter 4 -----------------------------------------------------------------------------------------

def _last_two(study: Study) -> None:
    name = "accusation: the last token on the board"
    ch = study.chapter(
        "Two left: accuse at once", explorer.example(GAME, name),
        intro="The rulebook's own example (Objective section): the game also ends when one token is left on "
              "the board (lotus_chaos.end.last-token). Here only the active player may accuse "
              "(accusations='active'). When too few players are left for your own objective (three tokens in "
              "the centre need three players, four on purple need four), it can no longer be met "
              "(lotus_chaos.objective.impossible) and accusations are your only way to win.")
    tl = ch.timeline
    tl.comment(tl.root, "Four players are out and have shown their objectives. Red 1, the active player, may "
               "accuse.")
    ch.viewer = tl.root.state.current_player  # read as Red 1
    ch.exercise(
        tl.root, answers=["accuse 2 centre"],
        prompt="You are Red 1, and only Blue 2 is left besides you. Find the move.",
        hint="Count the objective cards you have seen, your own included.",
        explanation="Four players went out and showed south, purple, green and blue "
        "(lotus_chaos.accuse.reveal); yours is north. Six cards, one per player (lotus_chaos.setup.objectives), "
        "so Blue 2 holds centre. The accusation is certain: Blue 2's token leaves the board "
        "(lotus_chaos.accuse.correct) and yours is the last one on it, so you win (lotus_chaos.end.last-token).")
    won, = _line(ch, ["accuse 2 centre"])
    tl.comment(won, "Red 1 wins as the last token on the board; Blue 2 shows the centre objective.")
    tl.annotate(won, highlights=["Red token", "Blue objective"], glyph="!!")
    tl.goto(tl.root)
    wait, *_, lost = _line(ch, ["pass", "keep 36 >1", "move S", "end", "accuse 1 north"])
    tl.comment(wait, "Passing hands the same certainty to Blue 2, who has seen the same four cards and knows "
               "its own: after its turn it may accuse Red 1 and win the same way.")
    tl.annotate(wait, glyph="??")
    tl.comment(lost, "Blue 2 plays its turn, then accuses Red 1 of north, correctly: Red 1 is out and Blue 2 "
               "wins as the last token on the board (lotus_chaos.end.last-token).")
    tl.annotate(lost, highlights=["Blue token", ("Red objective", "red")])
    tl.goto(tl.root)


__all__ = ["build"]
