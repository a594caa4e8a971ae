"""The heuristic bot's plan for one Rice Paddy seat (see heuristic.py for the policy in plain words).

Everything here reads one seat's own field and resources and the public board, never another seat's hidden
cards: `Farm(state, seat)` (farm.py) gathers what the rules below need, and `scores(state, actions)` rates each
legal action of the seat to act. The state may be one rebuilt from the seat's view (`from_view`).

A *plan* is a target field: a chain of paddies from the starting paddy, each joined to the one before by a
gate (rice_paddy.walls.gates-limit allows one inlet and one outlet), listed once per board by `plans(cfg)`
(plans.py). The bot follows the best plan that its walls and gates still allow.
"""
from __future__ import annotations

from collections import Counter
from operator import attrgetter

from .farm import FERTILISE, WEED_FIRST, WEED_GAIN, Farm
from .plans import CHAIN_WEIGHT, HARVESTS, LINKS, PIECE_COST, PIECES, ROCK_COST, Plan, Plans, best_plan, plans
from .player import PLANTED, Player


def scores(state, actions) -> list[float]:
    """A value per legal action of the seat to act (higher is better)."""
    seat = state.current_player
    farm = Farm(state, seat)
    rule = RULES.get(state.step)
    anytime = [a for a in actions if a.startswith("invoke")] if state.cfg.anytime else ()
    step_actions = [a for a in actions if not a.startswith("invoke")] if anytime else actions
    if rule is None:
        got = {a: 1.0 for a in step_actions if a in ("done", "pass")}
    else:
        got = rule(farm, step_actions)
    if anytime:
        got.update(_anytime(farm, anytime))
    return [float(got.get(a, 0.0)) for a in actions]


def _setup(farm, actions) -> dict:
    return {a: best_plan(farm.s.apply(a), farm.seat).score for a in actions}


def _draft(farm, actions) -> dict:
    uses = 6 - farm.s.round  # kept cards are played over this round and the next two
    return {a: farm.card_value(int(a.split()[1]), uses) for a in actions}


def _play(farm, actions) -> dict:
    return {a: farm.play_value(int(a.split()[1])) for a in actions}


def _anytime(farm, actions) -> dict:
    """rice_paddy.spirit.anytime: use an any-time card as soon as its effect helps (aimed as in the spirit
    step), before the decision at hand; keep it while it would be wasted: free walls with nothing planned to
    build, and in round 7 anything but rice, weeding and pest removal (nothing grows or is built any more)."""
    out = {}
    late = farm.s.round == 7
    aims = _spirits(farm, actions)
    for a in actions:
        e = farm.cfg.spirit[int(a.split()[1])].effect
        wasted = (late and e not in ("rice", "remove_weed", "remove_pest")) or \
            (e == "free_walls" and not farm.next_pieces()) or aims[a] < 1.0
        out[a] = -1.0 if wasted else 100.0 + aims[a]
    return out


def _spirits(farm, actions) -> dict:
    p, F = farm.p, farm.F
    out = {}
    rocks = farm.plan_rocks()
    for a in actions:
        word, c, *target = a.split()
        if word == "skip":
            out[a] = 0.0
            continue
        e = farm.cfg.spirit[int(c)].effect
        if not target:
            out[a] = 1.0
            continue
        h = farm.cfg.index[target[0]]
        r = F.paddy_of(h)
        if e in ("remove_weed", "remove_pest"):
            out[a] = 1 + F.sizes[r] + 2 * bool(p.crop[r])
        elif e == "remove_rock":
            out[a] = 1 + (len(rocks) - rocks.index(h) if h in rocks else 0)
        elif e == "magic_water":
            out[a] = 1 + F.sizes[r] + 2 * (p.crop[r] == PLANTED) + (r in F.pos)
        else:  # plant a whole paddy: the biggest one that holds water or is on the chain
            filled = (p.water | p.magic) & F.mask[r] == F.mask[r]
            out[a] = F.sizes[r] * (2 if filled else 1 if r in F.pos else 0.1)
    return out


_WISHES: dict = {}
_WISH_READS = attrgetter(*(f for f in Player.FIELDS if f not in ("alloc", "hand", "draft", "pick")))


def _wishes(farm) -> list:
    """farm.wishes(), remembered: it reads the seat's pieces but not its allocation so far, so it stays the
    same while the seat places its workers one by one."""
    s = farm.s
    key = (s.cfg.key, farm.seat, s.round, s.fert, s.walls, s.gates, _WISH_READS(farm.p))
    got = _WISHES.get(key)
    if got is None:
        if len(_WISHES) > 4000:
            _WISHES.clear()
        got = _WISHES[key] = farm.wishes()
    return got


def _alloc(farm, actions) -> dict:
    have = Counter(dict(farm.p.alloc))
    out = {"done": 1.0}
    wishes = _wishes(farm)
    n = len(wishes)
    for i, (text, value) in enumerate(wishes):
        if have[text] > 0:
            have[text] -= 1
            continue
        if text in actions and text not in out:
            out[text] = 2.0 + value + (n - i) / (n + 1)
    return out


def _build(farm, actions) -> dict:
    out = {"done": 1.0}
    n = 0
    for k, piece in farm.next_pieces():
        text = farm.cfg.piece_text[k][piece]
        if text in actions:
            out[text] = 10.0 - n - farm.plan.rank[k]
            n += 1
    return out


def _rocks(farm, actions) -> dict:
    rocks = farm.plan_rocks()
    out = {"done": 0.0}
    for a in actions:
        if a.startswith("rock"):
            h = farm.cfg.index[a.split()[1]]
            out[a] = 1 + (len(rocks) - rocks.index(h) if h in rocks else 0)
    return out


def _drain(farm, actions) -> dict:
    return {farm.drain_move(actions): 1.0}


def _achieve(farm, actions) -> dict:
    return {a: (farm.cfg.ach[int(a.split()[1])].rice if a.startswith("ach") else 0.0) for a in actions}


def _market(farm, actions) -> dict:
    s, p = farm.s, farm.p
    out = {"done": 0.5}
    if s.round >= 6:
        return out
    rocks = len(farm.plan_rocks())
    price_w = s.price(farm.seat, "worker")
    if "buy livestock" in actions and p.bought == 0 and s.round <= 4 and \
            (p.livestock == 0 and (rocks or farm.next_pieces()) or (p.livestock == 1 and rocks >= 2)):
        out["buy livestock"] = 2.0
    elif "buy worker" in actions and p.bought == 0 and p.rice >= price_w + 3 and farm.short_of_workers():
        out["buy worker"] = 1.0

    return out


def _flood(farm, actions) -> dict:
    return {a: (1.0 if a.startswith("flood") else 0.0) for a in actions}


RULES = {"setup": _setup, "draft": _draft, "play": _play, "spirits": _spirits, "alloc": _alloc, "build": _build,
         "rocks": _rocks, "drain": _drain, "achieve": _achieve, "market": _market, "flood": _flood}


__all__ = ["CHAIN_WEIGHT", "FERTILISE", "HARVESTS", "LINKS", "PIECES", "PIECE_COST", "ROCK_COST", "RULES",
           "WEED_FIRST", "WEED_GAIN", "Farm", "Plan", "Plans", "best_plan", "plans", "scores"]
