"""The second paddy and the water: where the starting gate points, how the second paddy is closed without
sealing the field, when a gate may move, and how water flows from the reservoir through gates at the flood
and in the drain step. It rests on the rulebook (002_bb030e3577f242d1.txt) sections 設置 (set-up),
蓋牆或閘門 (building walls or gates), 使用牆跟閘門 (using walls and gates), 移除石頭 (removing rocks),
排水 (draining) and 灌水 (flooding), cited by rule id from data/rules/rice_paddy.toml.

>>> study = build()
>>> len(study.chapters), sum(len(c.exercises) for c in study.chapters)
(6, 10)
"""
from __future__ import annotations

import explorer
from explorer import bots
from explorer.studies import mistakes
from explorer.study import Study

SEED = 10  # two players: Red gets set-up card 8 (rocks c f g j, two free walls), Blue card 9 (rocks b e g i)
DRAFT = ("keep 17", "keep 16", "keep 12", "keep 11", "keep 2", "keep 8", "play 2", "play 8", "use 2")

INTRO = (
    "Two players, one field each: ten hexes, a reservoir at the top left, and a starting paddy on hex a "
    "closed by two walls and a gate. Every other paddy has to be built, and water reaches it only through "
    "gates, down a single chain from the reservoir. This study follows a real game (seed 10) through its "
    "first round, then set-up positions and the rulebook's flood example for moving a gate, flooding and "
    "draining; the last chapter is a game reviewed by the search (explorer.analysis.review): find the moves "
    "the search preferred.\n\n"
    "Assumed values (the rulebook does not print them; explorer.provenance('rice_paddy') lists them): the "
    "field layout (hexes a-j in two zig-zag rows of five, a by the reservoir, every side on the board's edge "
    "a printed wall), so which hexes touch and how many pieces close a paddy are assumed; the set-up cards "
    "(card 8: rocks on c, f, g, j and two free walls; card 9: rocks on b, e, g, i and three workers); rain "
    "card 1 (2 discs with two players); spirit card 2 (1 water disc); and the harvest table (3 rice for a "
    "clean one-hex paddy in rounds 1-6). The engine's own readings of unclear rules are named where they "
    "decide something (kind 'interpretation' in the ledger).")


def build() -> Study:
    study = Study("The second paddy and the water", intro=INTRO)
    start = explorer.load("rice_paddy", players=2, seed=SEED)
    _starting_gate(study, start)
    _second_paddy(study, start)
    _moving_a_gate(study)
    _flood(study)
    _drain(study)
    mistakes.add(study, "rice_paddy", {"players": 2, "seed": SEED}, iterations=40)  # learn from your mistakes
    return study


def _heuristic(state) -> dict[str, float]:
    """The heuristic bot's analysis of `state`: {move: value}, the move it picks first."""
    df = bots.make("heuristic", seed=0).analyse(state)
    rows = sorted(df.itertuples(), key=lambda r: not r.chosen)
    return {r.action: float(r.value) for r in rows}


def _bot_says(state, expect: str, other: str) -> str:
    """What the heuristic bot picks here, against `other`; the text around it explains `expect`, so a bot
    that now picks something else stops the build."""
    values = _heuristic(state)
    pick = next(iter(values))
    if pick != expect:
        raise ValueError(f"the study says the heuristic bot picks {expect} here, but it now picks {pick}")
    return (f"The heuristic bot (explorer.bots.make('heuristic').analyse) picks {pick}: value "
            f"{values[pick]:.1f}, against {values[other]:.1f} for {other} and {len(values) - 2} other moves.")


def _starting_gate(study, start):
    ch = study.chapter("Where the starting gate points", start, intro=(
        "Set-up (設置): each player closes the starting paddy on hex a with two walls and a gate, and the gate "
        "may go on any of a's three inner sides (rice_paddy.setup.gate-side). The reservoir is the starting "
        "paddy's inlet, so that gate is its only outlet (rice_paddy.walls.gates-limit): it decides where the "
        "second paddy goes. Rests on the assumed field layout and set-up cards."))
    tl = ch.timeline
    tl.comment(tl.root, "Both set-up cards are dealt. Red's put rocks on c, f, g and j and gave two free "
               "walls; Blue's put rocks on b, e, g and i and gave three workers. A rock keeps water out of "
               "its paddy, and so planting too (rice_paddy.rocks.block).")
    tl.annotate(tl.root, highlights=[(f"Red {h}", "red") for h in "cfgj"] + [(f"Blue {h}", "red") for h in "begi"])
    ch.exercise(tl.root, ["start ab"], prompt="Red: which side of the starting paddy a gets the gate?",
                hint="Count the pieces each neighbour of a still needs before it is a closed paddy.",
                explanation=(
                    "start ab. In this layout b touches only a and d: its other sides are the board's edge, "
                    "which counts as a printed wall (rice_paddy.build.edge). With the gate on ab, one piece on "
                    "bd closes b as a paddy (rice_paddy.paddy.definition), and Red's set-up card gives two "
                    "free pieces. c would need two pieces and holds a rock (rice_paddy.rocks.block); d needs "
                    "four. A gate can move later (rice_paddy.walls.move-gate), but only in the step after "
                    "building, and never so as to join another completed paddy "
                    "(rice_paddy.walls.move-gate-join): pointed at b now, it lets the free pieces close b "
                    "this round."))
    red = tl.play("start ab")
    tl.comment(red, "The gate faces b. One more piece, on bd, and b is Red's second paddy.")
    tl.annotate(red, arrows=[("Red reservoir", "Red a", "blue"), ("Red a", "Red b")],
                highlights=["Red bd"], glyph="!")
    ch.exercise(red, ["start ac"], prompt="Blue: which side of the starting paddy a gets the gate?",
                hint="Which of a's neighbours can hold water soon?",
                explanation=(
                    "start ac. Blue's b holds a rock: a paddy there could not be flooded or planted "
                    "(rice_paddy.rocks.block) until livestock removes the rock (rice_paddy.rocks.remove), and "
                    "Blue has none. c is free of rocks and needs two pieces, cd and ce; three workers build a "
                    "piece (rice_paddy.build.cost) and Blue has 13. d would need four."))
    blue = tl.play("start ac")
    tl.comment(blue, "Blue's gate faces c; walls cd and ce will close it.")
    tl.annotate(blue, arrows=[("Blue reservoir", "Blue a", "blue"), ("Blue a", "Blue c")],
                highlights=["Blue cd", "Blue ce", ("Blue b", "red")], glyph="!")
    tl.goto(red)
    worse = tl.play("start ab")
    tl.comment(worse, "Blue copying Red: b would close with one piece, but its rock keeps the water out "
               "until an ox removes it, and Blue owns no livestock.")
    tl.annotate(worse, highlights=[("Blue b", "red")], glyph="?")
    tl.start()


def _second_paddy(study, start):
    s = start
    for move in ("start ab", "start ac") + DRAFT:
        s = s.apply(move)
    ch = study.chapter("Closing the second paddy", s, intro=(
        "Round 1 of the same game, after the spirit draft. Red played spirit card 2 and Blue card 8; the "
        "lower card goes first (rice_paddy.spirit.order), so Red took the rain card's 2 discs "
        "(rice_paddy.rain.take) and card 2 added one: Red's reservoir holds 3. Building (蓋牆或閘門) and "
        "flooding (灌水) decide where they go. Rests on the assumed layout, set-up, rain and spirit cards."))
    tl = ch.timeline
    tl.comment(tl.root, "Red to allocate workers. Red's two free walls need no workers; they are built in "
               "the build step (rice_paddy.setup.bonus-walls).")
    n = tl.play("w plant b")
    tl.comment(n, "One worker to plant b, though b is not closed yet: this round's walls may close it, and "
               "planting resolves after the flood, if the paddy then holds water (rice_paddy.alloc.useful, "
               "rice_paddy.plant.water, an interpretation).")
    for move in ("done",) + ("w build",) * 6 + ("w plant c", "done"):
        n = tl.play(move)
    tl.comment(n, "Both have allocated, and the allocations are shown: Red one worker on planting b; Blue "
               "six workers on building (two pieces) and one on planting c.")
    ch.exercise(n, ["gate bd"], prompt="Red builds with its two free pieces. Close the second paddy, and keep "
                "the rest of the field in reach of the water.",
                hint="A wall never moves. Where could the water go after b?",
                explanation=(
                    "gate bd. b touches only a and d, so a piece on bd closes it "
                    "(rice_paddy.paddy.definition). As a gate it is b's outlet: a paddy has one inlet and one "
                    "outlet (rice_paddy.walls.gates-limit), so the chain can go on to d later. A wall on bd "
                    "closes b too, but walls never move (rice_paddy.build.permanent), a and b would have no "
                    "open side left, and the gate ab joins two completed paddies so it may not move either "
                    "(rice_paddy.walls.move-gate-flow): no other paddy could ever join the reservoir's chain, "
                    "and a paddy off the chain gets no water (rice_paddy.walls.unconnected)."))
    good = tl.play("gate bd")
    tl.comment(good, "b is closed, with ab as its inlet and bd as its outlet toward d.")
    tl.annotate(good, arrows=[("Red reservoir", "Red a", "blue"), ("Red a", "Red b"), ("Red b", "Red d")],
                highlights=["Red bd"], glyph="!")
    tl.back()
    bad = tl.play("wall bd")
    tl.comment(bad, "b is closed, but the chain ends there for the whole game. "
               + _bot_says(n.state, "gate eg", "gate bd") + " It plans a different field: one five-hex paddy b, c, "
               "d, e, f, which three pieces (eg, eh, fh) close together with a second paddy g, h, i, j behind the "
               "gate eg, since the harvest table pays more rice a hex for bigger paddies; Red's rocks on c and f "
               "must go (an ox each) before it takes water. Wall bd and gate bd fit no part of that plan, so the "
               "bot rates them alike.")
    tl.annotate(bad, highlights=[("Red bd", "red"), ("Red ab", "red")], glyph="??")
    tl.goto(good)
    n = tl.play("wall cd")
    tl.comment(n, "Red's second free piece starts the walls of d, the next paddy down the chain.")
    tl.annotate(n, highlights=["Red cd"])
    ch.question(n, "Red's reservoir holds 3 water discs. After this round's flood, which of Red's hexes will "
                "hold water?", ["a only", "a and b", "a, b and d", "a, b, c and d"], "a and b",
                hint="Water only enters closed paddies joined through gates.",
                explanation=(
                    "a and b. The water enters the starting paddy and goes on through gates, only into "
                    "completed paddies (rice_paddy.flood.flow, an interpretation; "
                    "rice_paddy.drain.complete-rockfree). a is full, so the water passes it and fills b. d still "
                    "has two open sides, de and df, so it is not a paddy (rice_paddy.paddy.definition); c is "
                    "not closed either, and holds a rock. The other 2 discs go on to Blue's reservoir "
                    "(rice_paddy.flood.surplus)."))
    tl.play("wall ce")
    n = tl.play("gate cd")
    tl.comment(n, "Blue has closed c, with its outlet gate cd facing d rather than the rock on e.")
    tl.annotate(n, arrows=[("Blue a", "Blue c"), ("Blue c", "Blue d")], highlights=["Blue cd"])
    for move in ("done", "done", "done"):  # Blue keeps its gate; Red and Blue drain nothing
        n = tl.play(move)
    tl.comment(n, "The round's automatic steps have run. At the flood Red went first: a was full, b took one "
               "disc and the other two went on to Blue's reservoir (rice_paddy.flood.surplus). Blue's water "
               "passed its full a and filled c; the last disc went back to the supply, as Blue is last in "
               "turn order. Then a grew on both fields (rice_paddy.grow.auto), and b and c were planted: closed and "
               "wet when planting resolved.")
    tl.annotate(n, arrows=[("Red reservoir", "Red b", "blue"), ("Red reservoir", "Blue reservoir", "blue"),
                           ("Blue reservoir", "Blue c", "blue")], highlights=["Red b", "Blue c"])
    tl.start()


def _two(red: dict, **top):
    """A two-player set-up position, Red first in turn order (docs/positions/rice_paddy.md)."""
    seats = {"red": {"bonus_walls": 0, **red}, "blue": {"bonus_walls": 0}}
    return explorer.setup("rice_paddy", {"players": 2, "order": ["red", "blue"], "seats": seats, **top}, seed=3)


def _moving_a_gate(study):
    s = _two({"livestock": 0, "field": {"paddies": ["a", "b", "c", "d"], "gates": ["ab", "bd", "df"],
                                        "water": "abd", "rocks": "f", "crop": {"b": "planted"}}},
             round=2, step="gates")
    ch = study.chapter("Moving a gate", s, intro=(
        "Using walls and gates (使用牆跟閘門): walls never move, but a completed paddy's gate may, once a "
        "round, if the paddy keeps its shape, its inlet and its outlet, and is not joined to another "
        "completed paddy (rice_paddy.walls.move-gate and the three rules after it; the engine's reading is "
        "that a gate trades places with a wall of its own paddy). A set-up position: Red's chain runs "
        "a, b, d; c is closed but has no gate; f holds a rock. Rests on the assumed layout."))
    tl = ch.timeline
    tl.annotate(tl.root, arrows=[("Red reservoir", "Red a", "blue"), ("Red a", "Red b"), ("Red b", "Red d")],
                highlights=[("Red f", "red")])
    ch.question(tl.root, "Red's 'use walls and gates' step. Which of these gate moves may Red make?",
                ["move df de", "move df cd", "move bd de", "move ab ac"], "move df de",
                hint="A gate between two completed paddies is the outlet of one and the inlet of the other.",
                explanation=(
                    "move df de. The gate stays on d's own boundary and still faces the same open ground "
                    "(rice_paddy.walls.move-gate-shape, rice_paddy.walls.move-gate-shared). df to cd would "
                    "join d to the completed paddy c, a second inlet (rice_paddy.walls.move-gate-join). bd "
                    "joins b and d: moved away, d loses its inlet (rice_paddy.walls.move-gate-flow). ab joins "
                    "a and b, so it may not leave them either; on ac it would also join c."))
    n = tl.play("move df de")
    tl.comment(n, "d's outlet now faces e instead of the rock on f: Red owns no livestock to remove it "
               "(rice_paddy.rocks.remove), and a paddy with a rock takes no water. The move cost no workers; "
               "this gate may not move again this round.")
    tl.annotate(n, arrows=[("Red d", "Red e")], highlights=["Red de", ("Red f", "red")], glyph="!")
    tl.start()


def _flood(study):
    s = explorer.example("rice_paddy", "flood through gates")
    ch = study.chapter("The flood fills whole paddies", s, intro=(
        "Flooding (灌水), the rulebook's example as explorer.example('rice_paddy', 'flood through gates'): in "
        "turn order each player's reservoir water enters the starting paddy and flows down the chain through "
        "gates; after the flood no paddy may be partly filled, and what is left goes to the next player's "
        "reservoir, from the last player to the supply (rice_paddy.flood.flow, an interpretation; "
        "rice_paddy.flood.no-partial, rice_paddy.flood.surplus). The engine fills as far as the water goes "
        "(option flood='auto', rice_paddy.flood.choose). Rests on the assumed layout."))
    tl = ch.timeline
    tl.annotate(tl.root, arrows=[("Red reservoir", "Red a", "blue"), ("Red a", "Red d"), ("Red d", "Red f")])
    ch.question(tl.root, "Red's reservoir holds 2 discs; a is full, d (one hex) and fh (two hexes) are empty. "
                "Both players end the drain step without moving water. Where do Red's two discs end up?",
                ["both in fh", "one in d, one in f", "one in d, one in Blue's reservoir", "both in Blue's "
                 "reservoir"], "one in d, one in Blue's reservoir",
                hint="No paddy may be left partly filled.",
                explanation=(
                    "One fills d; the other cannot fill fh whole, so it goes on to Blue's reservoir "
                    "(rice_paddy.flood.no-partial, rice_paddy.flood.surplus). Blue's only paddy is full, and "
                    "Blue is last in turn order, so at Blue's flood that disc returns to the supply."))
    n = tl.play("done")
    n = tl.play("done")
    tl.comment(n, "After the flood: d is wet, fh is still dry, both reservoirs are empty, and the disc "
               "that could not fill fh went through Blue's reservoir to the supply.")
    tl.annotate(n, arrows=[("Red reservoir", "Red d", "blue"), ("Red reservoir", "Blue reservoir", "red")],
                highlights=["Red d", ("Red f", "yellow"), ("Red h", "yellow")])
    tl.start()


def _drain(study):
    s = _two({"reservoir": 1, "workers": 10, "allocation": {"w harvest b": 2, "w plant f": 2},
              "field": {"paddies": ["a", "b", "d", "fh"], "gates": ["ab", "bd", "df"], "water": "abd",
                        "crop": {"a": "planted", "b": "grown", "d": "planted"}}}, round=3, step="drain")
    ch = study.chapter("Draining into your own new paddy", s, intro=(
        "Draining (排水): in turn order each player may drain discs from the field to the next player's "
        "reservoir (rice_paddy.drain.to-next), or let water flow from the reservoir or a paddy nearer it "
        "through gates to paddies further down, never upstream; it may only enter completed paddies without "
        "rocks, and need not fill a new paddy (rice_paddy.drain.downstream, "
        "rice_paddy.drain.complete-rockfree, rice_paddy.drain.partial-ok). The engine lets water pass only "
        "through paddies that are full (its reading in rice_paddy.drain.downstream): this chapter turns on "
        "that. A set-up position; rests on the assumed layout and harvest table."))
    tl = ch.timeline
    tl.comment(tl.root, "Red's chain is a, b, d, fh. a and d are planted and should stay wet to grow; b is "
               "grown, with 2 workers on harvesting it, and harvesting needs a dry paddy "
               "(rice_paddy.farm.dry-only); the new paddy fh is empty, with 2 workers on planting it. Red's "
               "reservoir holds 1 disc.")
    tl.annotate(tl.root, arrows=[("Red reservoir", "Red a", "blue"), ("Red a", "Red b"), ("Red b", "Red d"),
                                 ("Red d", "Red f")], highlights=[("Red b", "yellow"), "Red f", "Red h"])
    why = ("Water passes only full paddies, so the reservoir's disc can reach fh only while a, b and d are all "
           "full: move it first, then empty b into fh.")
    ch.exercise(tl.root, ["flow R f", "flow R h"], prompt="Red: dry b for the harvest without giving any "
                "water away, and fill fh before the flood. What comes first?",
                hint="Water flows only through full paddies.", explanation=(
                    "flow R f (or flow R h). " + why + " Emptying b first would stop the reservoir's disc at "
                    "b, and b would be wet again."))
    first = tl.play("flow R f")
    tl.annotate(first, arrows=[("Red reservoir", "Red f", "blue")], glyph="!")
    tl.comment(first, "The disc passed a, b and d, all full, and entered f. fh may stay half full during the "
               "drain step (rice_paddy.drain.partial-ok).")
    ch.exercise(first, ["flow b h"], prompt="Red: and now?", hint="Which paddy must be dry for the harvest?",
                explanation=(
                    "flow b h. b's disc flows down through full d into h: b is dry for the harvest and fh is "
                    "full, so the flood will not empty it (rice_paddy.flood.no-partial) and it can be planted "
                    "(rice_paddy.plant.water, an interpretation). Moving a's or d's disc would leave a planted "
                    "paddy dry, and it would not grow (rice_paddy.grow.auto)."))
    n = tl.play("flow b h")
    tl.annotate(n, arrows=[("Red b", "Red h")], highlights=["Red b", "Red f", "Red h"], glyph="!")
    tl.comment(n, "Red keeps all its water: a and d wet, b dry, fh full.")
    n = tl.play("done")
    n = tl.play("done")
    tl.comment(n, "The round ran on. b was harvested dry: 3 rice for a clean one-hex paddy (assumed harvest "
               "table). a and d grew, and fh was planted, wet after the flood. Nothing went to Blue.")
    tl.annotate(n, highlights=["Red f", "Red h", "Red a", "Red d"])
    # the other order of the answer
    tl.goto(tl.root)
    alt = tl.play("flow R h")
    tl.comment(alt, "The same plan, starting on h.")
    ch.exercise(alt, ["flow b f"], prompt="Red: and now?", hint="Which paddy must be dry for the harvest?",
                explanation="flow b f: b is dry for the harvest and fh is full. " + why)
    tl.play("flow b f")
    # the tempting moves
    tl.goto(tl.root)
    n = tl.play("drain b")
    tl.comment(n, "b is dry, but its disc goes to Blue's reservoir (rice_paddy.drain.to-next), and the "
               "reservoir's single disc cannot fill fh whole at the flood: it fills b again, after the "
               "harvest, and fh stays dry and unplanted. " + _bot_says(s, "flow R f", "drain b")
               + " Its rule lets the reservoir's water pass a paddy that must be dried while that paddy is still "
               "full, then lets the paddy's own water flow down the chain into a paddy that can use it, and drains "
               "to the next player only what no paddy below can take.")
    tl.annotate(n, arrows=[("Red b", "Blue reservoir", "red")], glyph="?")
    tl.goto(tl.root)
    n = tl.play("flow b f")
    tl.comment(n, "Emptying b first: b is no longer full, so the reservoir's disc could now reach only b, "
               "which must stay dry for the harvest. At the flood that disc fills b again, after the harvest; "
               "f is emptied (rice_paddy.flood.no-partial) and its disc goes to Blue.")
    tl.annotate(n, arrows=[("Red reservoir", "Red b", "red")], glyph="?!")
    tl.start()
