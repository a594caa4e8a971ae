"""Bot hooks: a greedy policy read from the acting seat's view alone (see explorer/bots/base.py).

`rate(view, actions)` rebuilds a position consistent with the view (hidden objectives and deck order
sampled with a fixed seed), applies each action there and scores:

1. winning (your objective met at the end of a turn after the first round) above everything;
2. otherwise progress towards your own objective: for the north, south and centre objectives your token's
   distance to that hex and how near the other tokens are; for the purple, green and blue objectives how far
   the count of tokens on those hexes is from the number wanted;
3. accusations only when the public and private evidence leaves the accused a single possible objective
   (a wrong accusation puts you out), and a written card the table would reject a little below the rest.

`result_columns(state)` gives explorer.simulate its per-seat columns (objective, how the seat's game ended,
turns played); `NeverAccuseRandomBot` is random play that always passes instead of accusing.
"""
from __future__ import annotations

from ...bots.random_bot import RandomBot
from ...core import hexgrid as hx

WIN, OUT = 1000.0, -1000.0


def candidates(view, seat) -> set:
    """The objectives `seat` may hold, as the viewer of `view` can tell."""
    st = view["seats"][seat]
    if st["objective"]:
        return {st["objective"]["key"]}
    known = {x["objective"]["key"] for x in view["seats"] if x["objective"]}
    out = set(view["objective_keys"]) - known
    out -= {a["named"] for a in view["accusations"] if a["accused"] == seat and not a["correct"]}
    return out


def progress(state, seat) -> float:
    """How near `seat` is to meeting its objective in `state` (0 when met; more negative is farther)."""
    if not state.alive[seat]:
        return OUT
    if state.objective_met(seat):
        return 0.0
    cfg = state.cfg
    key = cfg.objectives[state.objective[seat]]
    others = [state.pos[i] for i in state.alive_seats() if i != seat and state.pos[i] is not None]
    if state.pos[seat] is None:  # set-up: not placed yet
        return -10.0
    if key in ("north", "south", "centre"):
        target = hx.CENTRE if key == "centre" else cfg.board.corners["N" if key == "north" else "S"]
        need = 2 if key == "centre" else 1
        near = sorted(hx.distance(h, target) for h in others)[:need]
        return -2.0 * hx.distance(state.pos[seat], target) - sum(near) - 0.5
    from .board import BLUE, GREEN, PURPLE
    zone = cfg.board.zone
    tokens = [state.pos[i] for i in state.alive_seats() if state.pos[i] is not None]
    if key == "purple":
        n, want = sum(zone[h] == PURPLE for h in tokens), 4
    elif key == "green":
        n, want = sum(zone[h] == GREEN for h in tokens), 3
    else:
        n, want = sum(zone[h] == BLUE and cfg.board.corner_of[h] not in ("N", "S") for h in tokens), 2
    return -1.5 * abs(n - want) - 0.5


def rate(view, actions, seed: int = 0) -> list[float]:
    from .position import from_view
    me = view["viewer"] if isinstance(view.get("viewer"), int) and view["viewer"] >= 0 else view["current_player"]
    state = from_view(view, seed)
    out = []
    for a in actions:
        text = str(a)
        if text.startswith("accuse"):
            _, number, key = text.split()
            accused = next(i for i, st in enumerate(view["seats"]) if st["number"] == int(number))
            out.append(WIN / 2 if candidates(view, accused) == {key} else OUT / 2)
            continue
        after = state.apply(a)
        if after.is_terminal:
            out.append(WIN if me in after.winners() else OUT)
            continue
        score = progress(after, me)
        if text.startswith("write") and after.notice is not None:
            score -= 0.25
        out.append(score)
    return out


def own_turns(state) -> list:
    """How many turns each seat has played, read from the final (or any) position; None where the
    position does not tell.

    Turns go left (rising seat index) through the seats still in the game and the round number rises when
    play wraps past the highest seat, so a seat still on the board has played one turn in every earlier
    round and one in the current round if it sits at or before the active seat. The position does not
    record when an eliminated seat went out; its count is known only when it is the one eliminated seat
    (the turn number counts every turn played, so it is the turn number less the others' turns)."""
    n = state.cfg.players
    if state.round < 1:  # set-up: no turn played yet
        return [0] * n
    out = [state.round - 1 + (1 if i <= state.seat else 0) if state.alive[i] else None for i in range(n)]
    gone = [i for i in range(n) if not state.alive[i]]
    if len(gone) == 1:
        out[gone[0]] = state.turn - sum(t for t in out if t is not None)
    return out


def result_columns(state) -> list[dict]:
    """Per seat, for explorer.simulate, read from the final position:

    - colour, number: the seat's token; objective: its objective's key (north centre south purple green blue);
    - result: "won (objective)", "won (last token)", "out (accused)" (a correct accusation against it),
      "out (wrong accusation)" (it accused wrongly), "lost (on board)"; "in play" before the end, "out" for
      a seat out of a hand-written position with no accusation recorded;
    - objective_met: its token is on the board and its objective holds in the final position;
    - accusations: how many accusations it made;
    - own_turns: the turns it played (see `own_turns`: None for an eliminated seat when it cannot be told);
    - rounds, turns: the round the game ended in and the number of turns played by everyone (the same on
      every row of a game; for a seat that won by its objective, when it was completed).
    """
    cfg = state.cfg
    won = set(state.winners())
    by_objective = state.is_terminal and (state.outcome or "").startswith("objective")
    accused = {b for _, b, _, ok in state.accusations if ok}
    wrong = {a for a, _, _, ok in state.accusations if not ok}
    turns = own_turns(state)
    rows = []
    for i in range(cfg.players):
        if i in won:
            result = "won (objective)" if by_objective else "won (last token)"
        elif not state.alive[i]:  # a hand-written position may have a seat out with no accusation recorded
            result = "out (accused)" if i in accused else "out (wrong accusation)" if i in wrong else "out"
        else:
            result = "lost (on board)" if state.is_terminal else "in play"
        rows.append({"colour": state.colour[i], "number": state.number[i],
                     "objective": cfg.objectives[state.objective[i]], "result": result,
                     "objective_met": bool(state.alive[i] and state.objective_met(i)),
                     "accusations": sum(1 for a, *_ in state.accusations if a == i),
                     "own_turns": turns[i], "rounds": state.round, "turns": state.turn})
    return rows


class NeverAccuseRandomBot(RandomBot):
    """Random play that never accuses: a uniformly random legal action, except that in the accusation
    window it always passes. (With six tokens on the board a uniformly random player picks one of 30
    accusations rather than the one pass; a guess names one of six objectives and a wrong one puts the
    accuser out, so games between random players usually end with the last token on the board.) Defined
    here rather than in a notebook so that `simulate(..., backend="processes")` can send it to workers."""

    name = "random (never accuses)"

    def _pick(self, actions):
        return super()._pick([a for a in actions if not str(a).startswith("accuse")] or actions)
