"""Hand-made Rice Paddy positions for the rulebook's examples (used by the notebooks and tests).

    s = until(explorer.load("rice_paddy", players=2, seed=1), "alloc")   # play on to a step
    s = edit(s, lambda js: field(js, 0, **CHAIN))                       # change the JSON, rebalance supply

`rebalance` keeps every conservation law: the supply (water, magic water, weeds, pests, fertiliser, walls,
gates, rocks) and each market hold whatever the seats do not.
"""
from __future__ import annotations

from .config import components

FINISH = ("done", "skip", "pass")

# Seat 0's field in several examples:  a (start) -> d -> {f, h} through gates ad and df; b alone (no gate);
# {c, e, g, i, j} a 5-hex paddy with no gate. Every hex is in a paddy; no rocks.
CHAIN = dict(walls=["ab", "ac", "bd", "cd", "de", "ef", "eh", "gh", "hi", "hj"], gates=["ad", "df"], rocks="")


def until(s, step: str, rnd: int | None = None):
    """Play 'done'/'skip'/'pass' (else the first legal action) until the game reaches `step` (of round `rnd`)."""
    for _ in range(5000):
        if s.step == step and (rnd is None or s.round == rnd):
            return s
        acts = s.legal_actions()
        if not acts:
            break
        s = s.apply(next((a for a in acts if a in FINISH), acts[0]))
    raise ValueError(f"the game never reached step {step!r}" + (f" of round {rnd}" if rnd else ""))


def rebalance(js: dict) -> dict:
    """Make the supply and the markets hold what the seats do not (after editing a position by hand)."""
    comp = components(js.get("data"))
    seats = js["seats"]
    total = comp.water_discs - comp.water_removed[str(js["players"])]
    sup = js["supply"]
    sup["water"] = total - js["rain"]["water"] - sum(len(s["field"]["water"]) + s["reservoir"] for s in seats)
    sup["magic"] = comp.magic_water - sum(len(s["field"]["magic"]) for s in seats)
    sup["weeds"] = comp.weeds - sum(sum(s["field"]["weeds"].values()) for s in seats)
    sup["pests"] = comp.pests - sum(sum(s["field"]["pests"].values()) for s in seats)
    sup["fertiliser"] = comp.fertiliser - sum(len(s["field"]["fertilised"]) for s in seats)
    sup["walls"] = comp.walls - sum(len(s["field"]["walls"]) for s in seats)
    sup["gates"] = comp.gates - sum(len(s["field"]["gates"]) for s in seats)
    sup["rocks"] = comp.rocks - sum(len(s["field"]["rocks"]) for s in seats)
    for s in seats:
        s["worker_market"] = comp.workers_per_player - s["workers"]
        s["livestock_market"] = comp.livestock_per_player - s["livestock"]
    return js


def edit(s, fn):
    """A new state: `fn` edits a copy of s.to_json() in place; the supply is rebalanced; JSON is validated."""
    js = s.to_json()
    fn(js)
    return type(s).from_json(rebalance(js))


def field(js: dict, seat: int, **kw) -> None:
    """Set parts of a seat's field: walls, gates, rocks, water, magic, weeds, pests, crop, fertilised."""
    js["seats"][seat]["field"].update(kw)


def set_played(js: dict, played: dict) -> None:
    """Give seats exactly these played spirit cards (the cards they replace go back to their deck)."""
    want = {c for cs in played.values() for c in cs}
    for x in js["seats"]:
        for k in ("hand", "played", "draft"):
            x[k] = [c for c in x[k] if c not in want]
    for d in js["spirit_decks"]:
        d[:] = [c for c in d if c not in want]
    for seat, cs in played.items():
        for c in js["seats"][seat]["played"]:
            js["spirit_decks"][0 if c <= 20 else 1].append(c)
        js["seats"][seat]["played"] = list(cs)


def in_order(js: dict, *seats: int) -> None:
    """Fix the turn order (and the queue of a step everyone takes part in)."""
    js["order"] = list(seats)
    if js["step"] not in ("draft", "play", "spirits"):
        js["queue"] = list(seats)


def finish(s, step: str):
    """Play 'done'/'pass' (else the first action) until this round reaches `step` or goes past it."""
    from .steps import steps_of
    rnd = s.round
    seq = steps_of(rnd)
    target = seq.index(step)
    while s.round == rnd and s.step != "over" and seq.index(s.step) < target:
        acts = s.legal_actions()
        s = s.apply("done" if "done" in acts else "pass" if "pass" in acts else acts[0])
    return s


__all__ = ["CHAIN", "until", "rebalance", "edit", "field", "set_played", "in_order", "finish", "simple_policy"]


ALLOC_ORDER = ("w harvest", "w plant", "w weed", "l pest", "l rock", "w build", "l build")


def simple_policy(state, rnd):
    """A small heuristic player for demonstrations (not a bot, no search): harvest, plant and weed first,
    build pieces that grow the water chain, drain grown paddies before harvest, buy when rich.
    `rnd` is a random.Random; the same seed gives the same game."""
    acts = state.legal_actions()
    st = state.step
    seat = state.current_player
    if st in ("draft", "play"):
        return rnd.choice(acts)
    if st == "spirits":
        return next((a for a in acts if a.startswith("use")), acts[0])
    if st == "alloc":
        for prefix in ALLOC_ORDER:
            opts = [a for a in acts if a.startswith(prefix)]
            if prefix == "w plant":  # paddies that exist now, free of rocks, that the flood reaches
                F, p = state.F(seat), state.players[seat]
                reach = set(F.paddies) if state.cfg.plant_dry else set(F.chain)
                opts = [a for a in opts if (r := F.paddy_of(state.cfg.index[a[-1]])) in reach
                        and not p.rocks & F.mask[r]]
            if opts:
                return opts[0] if prefix != "w build" or rnd.random() < 0.9 else "done"
        return "done"
    if st == "build":
        best, score = "done", (len(state.F(seat).chain), len(state.F(seat).paddies), 0)
        for a in acts:
            if a == "done":
                continue
            F = state.apply(a).F(seat)
            sc = (len(F.chain), len(F.paddies), rnd.random())
            if sc > score:
                best, score = a, sc
        if best == "done" and len(acts) > 1:
            walls = [a for a in acts if a.startswith("wall")]
            return rnd.choice(walls or acts[:-1])
        return best
    if st == "rocks":
        return acts[0]
    if st == "drain":
        p = state.players[seat]
        F = state.F(seat)
        for a in acts:
            if a.startswith("drain"):
                r = F.paddy_of(state.cfg.index[a[-1]])
                if r is not None and p.crop[r] == 2:
                    return a
        flows = [a for a in acts if a.startswith("flow R")]
        return flows[0] if flows else "done"
    if st in ("achieve", "flood"):  # flood (option flood='choose'): fill as far as the water goes
        return acts[0]
    if st == "market":
        p = state.players[seat]
        if p.rice >= 12 and len(acts) > 1:
            return acts[-2] if p.livestock < 2 and "buy livestock" in acts else acts[0]
        return "done"
    return next((a for a in acts if a in FINISH), acts[0])
