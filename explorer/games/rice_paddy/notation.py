"""Rice Paddy action notation (each action is an explorer.Action, a str: actions.py; hexes are the letters a-j, R
 is the reservoir).

    start ab          set-up: put the starting paddy's gate on side ab (its other inner sides get walls)
    keep 7            spirit draft: keep card 7 (hidden until everyone has chosen)
    play 7            play spirit card 7 this round (hidden until everyone has played)
    use 13 c          use spirit card 13's effect (target hex c if it needs one);  skip 13
    invoke 41 c       use played any-time spirit card 41's effect now, on one of your own decisions in any step
                      (target hex c if it needs one); once a round, or once a game if the card says so
    w build           allocate one worker to building (3 a piece); l build: one livestock (1 a piece)
    l rock            one livestock to remove a rock
    w weed c          one worker to weeding the paddy of hex c (its size per weed)
    l pest c          one livestock to the pests/fertiliser box of the paddy of hex c
    w harvest c       one worker to harvesting the paddy of hex c (2 a hex)
    w plant c         one worker to planting the paddy of hex c (1 a hex, whole paddy)
    done              finish allocating / building / moving gates / removing rocks / draining / flooding / buying
    wall ab, gate ab  build a wall or gate between hexes a and b
    move ad ab        move the gate on edge ad to the wall on edge ab of the same paddy (each paddy keeps its
                      inlet and outlet; no other completed paddy is joined)
    rock e            remove the rock on hex e
    drain a           drain the disc on hex a (to the next player's reservoir)
    flow R d, flow a d  let a disc flow from the reservoir / hex a down to hex d
    flood d           flood step (option flood='choose'): fill the next paddy down the chain, here d's
    hold b            grow step: do not count the magic water in paddy b (it stays planted, not grown)
    ach 5, pass       take achievement 5, or none this round
    buy worker, buy livestock
"""
from __future__ import annotations

import re

GRAMMAR = re.compile(
    r"(keep|play|skip) \d{1,2}|(use|invoke) \d{1,2}( [a-z])?|[wl] (build|rock)|[wl] (weed|harvest|plant|pest) [a-z]"
    r"|done|pass|(wall|gate) [a-z]{2}|move [a-z]{2} [a-z]{2}|rock [a-z]|drain [a-z]|flow ([a-z]|R) [a-z]"
    r"|ach \d{1,3}|buy (worker|livestock)|hold [a-z]|start [a-z]{2}|flood [a-z]")

STEP_OF = {"keep": "draft", "play": "play", "use": "spirits", "skip": "spirits", "w": "alloc", "l": "alloc",
           "wall": "build", "gate": "build", "move": "gates", "rock": "rocks", "drain": "drain", "flow": "drain",
           "ach": "achieve", "buy": "market", "hold": "grow",
           "start": "setup", "flood": "flood"}
