"""Bot hooks for Round House (see explorer.bots.base.hooks): a greedy rating read from the acting seat's view,
and the per-seat columns of explorer.simulate.

The policy prices everything in points for the seat to act (explorer/games/round_house/strategy.py) and plays
the action that brings the most:

1. Worship lines. A worker in a town is worth 1 point at the end, or more in the town whose line it makes
   longer: the bot dispatches into the town where it gathers workers, paying money to move the caravan there
   when the longer line is worth it.
2. The ancestral hall. Entering the hall is worth the best worship it allows: a small temple's reward, or a
   family worship's line (the best end cell, the chairs, the rewards on the cell's sides) less what the
   workers were worth in their town. It goes when that beats the best room.
3. The line's end. It ends the line on the cell worth most now (points, chairs and side rewards, an amulet by
   the set it completes), plus a little when the new elder lets later lines reach farther.
4. Orders. Goods are worth more when an order in hand needs them (most when one good completes it); it
   completes every order it can, and at an order mark takes the face-up order worth most for the goods it
   still lacks (or an amulet, when that adds more to its set).
5. Rooms. A move into a room is worth the room's best option (twice with a chair of its own there), every
   reward priced the same way: money a little under half a point, a recruit half a point (more as the personal
   board empties), a chair 1 point at the end and 1 in every later line, a specialist by what it does (it uses
   one when the effect is worth about a point). While a line is worth laying, a room from which the hall is in
   reach next turn gets a little more.
6. Spending. Money, goods and workers are paid only where what comes back is worth more, so the bank, the
   exchange, the warehouse, caravan moves and sales are weighed against keeping them.

With `prefer="S09"` (a specialist id) it also seeks that specialist: while the card is face up it moves a leader
to a specialist room or the meeting hall whenever one is reachable, takes it whenever it may, and never
discards it.

    >>> import explorer
    >>> s = explorer.load("round_house", players=3, seed=1)
    >>> r = rate(s.view(0), s.legal_actions())
    >>> len(r) == len(s.legal_actions())
    True
"""
from __future__ import annotations

import re

from .board import _ends
from .config import GOLD, GOOD_LETTER, parse_bundle, sale_terms
from .strategy import Plan, hall_steps

STOP = {"done": 0.0, "skip": 0.9, "end": 0.0, "ord:no": 0.0}
SEEK_ROOMS = ("specialist", "meeting_hall")
TOP = 1000.0  # above any rating the plan gives


def rate(view: dict, actions, prefer: str | None = None, **_params) -> list[float]:
    if prefer is not None and not (isinstance(prefer, str) and re.fullmatch(r"S\d\d", prefer)):
        raise ValueError(f"prefer: a specialist id like 'S09', got {prefer!r}")
    out = _base(view, actions)
    if prefer is None:
        return out
    face_up = any(x["id"] == prefer for x in view.get("specialist_supply") or [])
    kinds = {r["id"]: r["kind"] for r in view.get("rooms") or []}
    for i, a in enumerate(map(str, actions)):
        if a == f"spec:{prefer}":
            out[i] = TOP + 30.0
        elif a == f"disc:{prefer}":
            out[i] = -TOP
        elif face_up and ">" in a and kinds.get(a.split(">")[1]) in SEEK_ROOMS:
            out[i] = TOP + 25.0
    return out


def family_points(view: dict, seat: int, town: int) -> int:
    """What a family-temple worship with `seat`'s workers in `town` would score at once (round_house.worship.score):
    the best cell a line of them can end on, through the seat's own elders, plus 1 per worker on a chair."""
    n = view["towns"][town]["workers"][seat]
    if n <= 0:
        return 0
    grid = view["grid"]
    mask = sum(1 << c for c, e in enumerate(grid["elders"]) if seat in e)
    _placed, ends = _ends(grid["rows"], grid["cols"], mask, n)
    return max((grid["points"][c] for c in ends), default=0) + view["seats"][seat]["chairs"]


def _base(view: dict, actions) -> list[float]:
    if view["current_player"] is None:
        return [0.0 for _ in actions]
    plan = Plan(view)
    return [_rate(plan, str(a)) for a in actions]


def _rate(plan: Plan, a: str) -> float:  # noqa: C901 - one branch per kind of action
    view = plan.view
    if a in STOP:
        return STOP[a]
    if ">" in a:
        return _move(plan, a)
    head, _, arg = a.partition(":")
    if head == "order":
        o = plan.cfg.orders[arg]
        return 10.0 + o.points
    if head == "line":
        cell = plan.view["grid"]["cells"].index(arg)
        n = view["towns"][view["family_town"]]["workers"][plan.seat]
        return plan.line_ends(n).get(cell, 0.0)
    if head == "fam":
        return plan.family(int(arg) - 1)
    if head == "temple":
        return plan.temple(int(arg) - 1)
    if head == "do" or a == "do":
        return plan.room_options(view["room"]).get(arg, 0.0)
    if head == "car":
        return plan.dispatch(int(arg))
    if head == "good":
        return plan.good_value(GOOD_LETTER.index(arg))
    if head in ("perm", "inv"):
        return plan.invest(arg, head == "perm")
    if head == "pir":
        reward = next(x["reward"] for x in view["pirate_supply"] if x["id"] == arg)
        return plan.bundle(parse_bundle(reward))
    if head == "spec":
        return plan.take_specialist(arg)
    if head == "amu":
        return plan.amulet_gain([next(x["kind"] for x in view["amulet_supply"] if x["id"] == arg)])
    if head == "ex":
        return plan.good_value(GOLD) if arg == "gold" else plan.token(arg)
    if head == "take":
        return plan.good_value(GOOD_LETTER.index(arg[-1]))
    if head == "dup":
        return plan.good_value(GOOD_LETTER.index(arg))
    if a.startswith("bm"):
        return plan.black_market(plan.money).get(a, 0.0)
    if head == "copy":
        return plan.copy_options(plan.money).get(a, 0.0)
    if head == "sell":
        return _sale(plan, a)
    if head == "use":
        return _use(plan, arg)
    if head == "disc":
        return -plan.specialist(arg)
    if head == "ord":
        return _draw(plan, arg)
    return 0.0


def _move(plan: Plan, a: str) -> float:
    li, dest = a.split(">")
    if dest == "h":
        return plan.hall()
    v = plan.room_value(dest)
    steps = hall_steps(plan.cfg)
    others = [x for i, x in enumerate(plan.me["leaders"]) if i != int(li) - 1]
    near = [steps[plan.cfg.room_index[x]] if x != "h" else 9 for x in others]
    if steps[plan.cfg.room_index[dest]] <= 3 and not any(n <= 3 for n in near):
        v += plan.near_hall()
    return v


def _sale(plan: Plan, a: str) -> float:
    tasks = [t for t in plan.view["tasks"] if t.startswith("sell")]
    best = None
    for t in tasks:
        v = plan.sales(t.split("!")[0]).get(a)
        if v is not None:
            best = v if best is None else max(best, v)
    if best is not None:
        return best
    # a sale onto the retail or wholesale market (specialist_markets='all'): sell:o8.1:t
    cfg = plan.cfg
    room, _, rest = a[5:].partition(".")
    space, _, good = rest.partition(":")
    kind = plan.rooms[cfg.room_index[room]]["kind"]
    if not good or kind not in ("retail", "wholesale"):
        return 0.0
    reward = (cfg.retail if kind == "retail" else cfg.wholesale)[int(space) - 1]
    mult = max(sale_terms(t)[1] for t in tasks) if tasks else 1
    return mult * plan._plain(reward) - plan.keep_value(GOOD_LETTER.index(good))


def _use(plan: Plan, arg: str) -> float:
    cfg = plan.cfg
    sid, _, alt = arg.partition(".")
    v = plan.bundle(cfg.spec_effect[sid][int(alt or 1) - 1])
    if cfg.spec_kind[sid] == "amulet":
        v += plan.amulet_gain([cfg.amulet_kinds[cfg.spec_amulet[sid]]])
    return v


def _draw(plan: Plan, arg: str) -> float:
    view = plan.view
    if arg == "deck":
        return 2.5
    if arg.startswith("O"):
        return plan.order_value(next(o for o in view["order_supply"] if o["id"] == arg))
    return plan.amulet_gain([next(x["kind"] for x in view["amulet_supply"] if x["id"] == arg)])


def result_columns(state) -> list[dict]:
    """Per seat, for explorer.simulate, read from the final state (the "+"-joined lists are sorted ids):

    - specialists: every specialist the seat took during the game (in a specialist room, the meeting hall, by a
      great-hall copy or from a pirate tile), whether it was later used up, discarded over the limit or is still
      held (the state's `taken` record); a card taken twice (the discards are reshuffled) is listed once;
    - specialist_takes: how many times the seat took a specialist (repeats counted);
    - specialists_held: specialists still in hand at the end (passive ones and unused ones);
    - specialist_amulets: used amulet-type specialists, kept as amulets (a used one-shot card or one discarded
      over the limit of three is in `specialists` only);
    - orders: orders completed; order_points: their points (final scoring);
    - amulets: amulet tiles held (not counting amulet-type specialists); amulet_points: the final set scoring
      of the tiles and the kept amulet-type specialists together;
    - elders: the seat's elders on the worship grid, one per family-temple worship that laid out workers;
    - chairs: the seat's workers on room chairs at the end (investments still standing);
    - money: money at the end (the tie-break).
    """
    cfg = state.cfg
    final = state.final or {}
    out = []
    for p in range(cfg.players):
        b = final.get(str(p), {})
        out.append({
            "specialists": "+".join(sorted(set(state.taken[p]))),
            "specialist_takes": len(state.taken[p]),
            "specialists_held": "+".join(sorted(state.specs[p])),
            "specialist_amulets": "+".join(sorted(state.spec_amulets[p])),
            "orders": len(state.done[p]),
            "order_points": b.get("orders", sum(cfg.orders[o].points for o, _ in state.done[p])),
            "amulets": len(state.amulets[p]),
            "amulet_points": b.get("amulets", state.amulet_points(p)),
            "elders": sum(e.count(p) for e in state.elders),
            "chairs": state.chairs_of(p),
            "money": state.money[p],
        })
    return out
