"""Why an action is not legal here: the broken rule's ledger id and a sentence."""
from __future__ import annotations

from ...core.errors import IllegalAction
from .actions import ACCUSE, AGREE, DISCARD, END, GIVE, KEEP, MOVE, OBJECT, PLACE, PLAY, TAKE, WITH, WRITE
from .state import ACT, DRAW, OVER, SETUP


def why_illegal(s, a) -> IllegalAction:
    k = a.kind
    if s.phase == OVER:
        return IllegalAction("lotus_chaos.end.objective", "the game is over")
    if s.queue:
        task = s.queue[0]
        want = {"discard": (DISCARD,), "partner": (WITH,), "swap": (TAKE, GIVE), "vote": (AGREE, OBJECT)}[task[0]]
        if k not in want:
            return IllegalAction("lotus_chaos.turn.pending",
                                 f"{s.name(task[1])} must first decide: "
                                 + ", ".join(str(x) for x in s.legal_actions()[:6]))
        if task[0] == "discard":
            return IllegalAction("lotus_chaos.limit.five", f"{a.a} is not a card {s.name(task[1])} may "
                                 "discard (a card already in their play area)")
        if task[0] == "partner":
            return IllegalAction("lotus_chaos.swap.partner", f"player {a.a} is not one of the players "
                                 "this swap may be made with")
        return IllegalAction("lotus_chaos.swap.pick", f"{a.a} is not a card that may be picked in this swap "
                             f"(the card's mode is {'take' if task[4][1] == ('take',) else 'give'})")
    ph = s.phase
    if k == WRITE:
        if ph == DRAW:
            return IllegalAction("lotus_chaos.draw.blank", "no blank action card is left to write on")
        return IllegalAction("lotus_chaos.turn.order", "a blank card is taken instead of the revealed cards, "
                             "at the start of a turn")
    if ph == SETUP:
        if k == PLACE:
            return IllegalAction("lotus_chaos.setup.corners", f"the {a.a} corner is already taken")
        return IllegalAction("lotus_chaos.turn.order", "set-up first: each player places a token on a corner")
    if ph == DRAW:
        if k == KEEP:
            if a.a not in [s.cfg.NAME[c] for c in s.revealed]:
                return IllegalAction("lotus_chaos.draw.reveal", f"card {a.a} is not one of the two revealed")
            return IllegalAction("lotus_chaos.draw.give", f"player {a.b} is not another player in the game")
        return IllegalAction("lotus_chaos.turn.order", "first keep a revealed card (and give the other) or "
                             "write a blank card")
    if ph == ACT:
        if k == MOVE:
            if s.moved:
                return IllegalAction("lotus_chaos.move.mandatory", "the token moves exactly one hex per turn, "
                                     "and it has moved")
            return IllegalAction("lotus_chaos.move.on-board", f"moving {a.a} would leave the board")
        if k == PLAY:
            c = s.cfg.by_name.get(a.a)
            if c is None or c not in s.areas[s.seat]:
                return IllegalAction("lotus_chaos.act.own-card", f"card {a.a} is not in your play area")
            if c in s.activated:
                return IllegalAction("lotus_chaos.act.distinct", f"card {a.a} was already activated this turn")
            return IllegalAction("lotus_chaos.act.two", "two cards were already activated this turn")
        if k == END:
            return IllegalAction("lotus_chaos.move.mandatory", "move your token one hex before ending the turn")
        return IllegalAction("lotus_chaos.turn.order", "now activate cards, move your token, or end")
    if k == ACCUSE:
        return IllegalAction("lotus_chaos.accuse.target", f"player {a.a} is not another player in the game")
    return IllegalAction("lotus_chaos.turn.order", "now each player may accuse (or pass)")
