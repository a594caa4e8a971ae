"""Hand-made Rice Paddy positions for the rulebook's examples (used by the notebooks and tests).

    s = until(explorer.load("rice_paddy", players=2, seed=1), "alloc")   # play on to a step
    s = edit(s, lambda js: field(js, 0, **CHAIN))                       # change the JSON, rebalance supply

`rebalance` keeps every conservation law: the supply (water, magic water, weeds, pests, fertiliser, walls,
gates, rocks) and each market hold whatever the seats do not.
"""
from __future__ import annotations

from ...core.setup import Example
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
    """Give seats exactly these played spirit cards (the cards they replace go back to their deck; a hand or draft
    hand that gives one up takes the top card of that card's deck instead, so every hand keeps its size)."""
    want = {c for cs in played.values() for c in cs}
    lost = []  # (seat, "hand" or "draft", the deck the card given up came from)
    for i, x in enumerate(js["seats"]):
        for k in ("hand", "played", "draft"):
            lost += [(i, k, 0 if c <= 20 else 1) for c in x[k] if c in want and k != "played"]
            x[k] = [c for c in x[k] if c not in want]
    for d in js["spirit_decks"]:
        d[:] = [c for c in d if c not in want]
    for seat, cs in played.items():
        for c in js["seats"][seat]["played"]:
            js["spirit_decks"][0 if c <= 20 else 1].append(c)
        js["seats"][seat]["played"] = list(cs)
    for i, k, d in lost:
        if js["spirit_decks"][d]:
            x = js["seats"][i]
            x[k] = sorted(x[k] + [js["spirit_decks"][d].pop(0)])


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


__all__ = ["CHAIN", "EXAMPLES", "until", "rebalance", "edit", "field", "set_played", "in_order", "finish",
           "simple_policy"]


ALLOC_ORDER = ("w harvest", "w plant", "w weed", "l pest", "l rock", "w build", "l build")


def simple_policy(state, rnd):
    """A small heuristic player for demonstrations (not a bot, no search): harvest, plant and weed first,
    build pieces that grow the water chain, drain grown paddies before harvest, buy when rich.
    `rnd` is a random.Random; the same seed gives the same game."""
    acts = state.legal_actions()
    how = _SIMPLE.get(state.step)
    return how(state, acts, rnd) if how else next((a for a in acts if a in FINISH), acts[0])


def _first(state, acts, rnd):
    return acts[0]


def _alloc(state, acts, rnd):
    seat = state.current_player
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


def _build(state, acts, rnd):
    seat = state.current_player
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


def _drain(state, acts, rnd):
    seat = state.current_player
    p, F = state.players[seat], state.F(seat)
    for a in acts:
        if a.startswith("drain"):
            r = F.paddy_of(state.cfg.index[a[-1]])
            if r is not None and p.crop[r] == 2:
                return a
    flows = [a for a in acts if a.startswith("flow R")]
    return flows[0] if flows else "done"


def _market(state, acts, rnd):
    p = state.players[state.current_player]
    if p.rice >= 12 and len(acts) > 1:
        return acts[-2] if p.livestock < 2 and "buy livestock" in acts else acts[0]
    return "done"


_SIMPLE = {"draft": lambda state, acts, rnd: rnd.choice(acts), "play": lambda state, acts, rnd: rnd.choice(acts),
           "spirits": lambda state, acts, rnd: next((a for a in acts if a.startswith("use")), acts[0]),
           "alloc": _alloc, "build": _build, "rocks": _first, "drain": _drain,
           "achieve": _first, "flood": _first,  # flood (option flood='choose'): fill as far as the water goes
           "market": _market}


# ---- the rulebook's worked examples as named positions (issue 15), built with explorer.setup -------------

BOOK = "002_bb030e3577f242d1.txt"
LAYOUT = ("Rests on an assumed value: the field layout (hexes a-j in two zig-zag rows of five, a by the "
          "reservoir; the rulebook prints no layout).")
TABLE = "Rests on assumed values: the field layout and the harvest table's numbers (neither is printed)."
# Red's field in several examples: a (start) -> d -> fh through gates ad and df; b alone; cegij with no gate.
PADDIES = {"paddies": ["a", "b", "d", "fh", "cegij"], "gates": ["ad", "df"]}


def _two(red: dict, blue: dict | None = None, **top):
    """A two-player position, Red first in turn order, no bonus walls (so no free build step)."""
    import explorer
    seats = {"red": {"bonus_walls": 0, **red}, "blue": {"bonus_walls": 0, **(blue or {})}}
    return explorer.setup("rice_paddy", {"players": 2, "order": ["red", "blue"], "seats": seats, **top}, seed=1)


def starting_paddy():
    return _two({}, {}, order=[], round=1, step="setup")


def two_oxen_two_rocks():
    return _two({"livestock": 2, "field": {"walls": ["ab", "ac"], "gates": ["ad"], "rocks": "bej", "water": "a",
                                           "crop": {"a": "planted"}}})


def workers_and_ox_build():
    return _two({"workers": 10, "livestock": 1})


def drain_through_full_paddies():
    return _two({"reservoir": 1, "field": {**PADDIES, "water": "ad"}}, round=3, step="drain")


def weeding(weeds: int):
    return _two({"workers": 10, "field": {**PADDIES, "water": "a", "weeds": {"f": weeds}}}, round=2)


def partial_harvest():
    return _two({"workers": 10, "field": {**PADDIES, "water": "a", "crop": {"cegij": "grown"}, "pests": "c"}},
                round=2)


def flood_through_gates():
    return _two({"reservoir": 2, "field": {**PADDIES, "water": "a"}}, {"reservoir": 0}, round=2, step="drain")


def rot():
    return _two({"field": {**PADDIES, "crop": {"fh": "grown"}, "weeds": "f", "pests": "h", "fertilised": "f"}},
                round=2)


def market_tax():
    return _two({"rice": 30, "workers": 10, "livestock": 0}, round=1, step="market")


def turn_order():
    return _two({"played": [12], "hand": [3, 7]}, {"played": [5], "hand": [18, 9]}, order=["blue", "red"],
                round=2, step="play")


def gate_move():
    return _two({"field": {"paddies": ["a", "d"], "gates": ["ad", "df"], "water": "ad"}}, round=2, step="gates")


def draft():
    return _two({"draft": [2, 6, 11, 17]}, {"draft": [4, 9, 13, 20]}, order=[], round=1, step="draft")


EXAMPLES: dict[str, Example] = {
    "starting paddy": Example(
        f"{BOOK}, 設置 (set-up): every player gets two walls, a gate, a planting tile, a water disc, 20 workers "
        "(10 on the market) and 6 livestock (all on the market), builds the starting paddy at the top left with "
        "the gate on any side, and takes a set-up card's rocks and bonus; two players see 8 achievements "
        "(players + 6). Here Red puts the gate on side ab. The starting hex and its sides are an assumed layout; "
        "the set-up cards are assumed sample cards.",
        starting_paddy, ("start ab",), "設置"),
    "two oxen remove two rocks": Example(
        f"{BOOK}, 步驟5 (allocating workers and livestock): an action may be taken several times by allocating "
        "multiples; two oxen remove two rocks. Red has rocks on b, e and j and two livestock; it puts both on "
        "'remove a rock' and removes the rocks on b and j in the rocks step. " + LAYOUT,
        two_oxen_two_rocks, ("l rock", "l rock", "done", "done", "done", "done", "rock b", "rock j"), "步驟5"),
    "three workers and an ox build two walls": Example(
        f"{BOOK}, 步驟5 and 蓋牆或閘門 (building walls or gates): three workers or one ox build one wall or gate, "
        "so three workers and one ox build two. Red builds a wall on bd and a gate on df. " + LAYOUT,
        workers_and_ox_build, ("w build",) * 3 + ("l build", "done", "done", "wall bd", "gate df"), "步驟5"),
    "moving a gate": Example(
        f"{BOOK}, 使用牆跟閘門 (using walls and gates): walls never move, but a completed paddy's gate may move "
        "if the paddy keeps its shape, its inlet and outlet, and joins no other completed paddy. Red's paddy d "
        "has its outlet df facing open field; Red moves it to de. " + LAYOUT,
        gate_move, ("move df de",), "使用牆跟閘門"),
    "drain: through full paddies into a new one": Example(
        f"{BOOK}, 排水 (draining), its example: water may flow from the reservoir through paddies that already "
        "hold water into a newly completed paddy, and need not fill it. Red's reservoir disc passes the full "
        "paddies a and d through gates ad and df into paddy fh, filling only f. " + LAYOUT,
        drain_through_full_paddies, ("flow R f",), "排水"),
    "weeding: one weed in a two-hex paddy": Example(
        f"{BOOK}, 移除雜草 (removing weeds), its example: a weed takes as many workers as its paddy has hexes; "
        "one weed in the 2-hex paddy fh takes 2 workers. " + LAYOUT,
        lambda: weeding(1), ("w weed f", "w weed f", "done"), "移除雜草"),
    "weeding: two weeds in a two-hex paddy": Example(
        f"{BOOK}, 移除雜草 (removing weeds), its example: two weeds in the 2-hex paddy fh take 4 workers. "
        + LAYOUT, lambda: weeding(2), ("w weed f",) * 4 + ("done",), "移除雜草"),
    "partial harvest": Example(
        f"{BOOK}, 收成部分 (partial harvest): a player may harvest only some hexes of a paddy (2 workers a hex); "
        "the harvest counts as a paddy of the hexes harvested, but the weeds and pests of the whole paddy "
        "choose the row, and every tile and fertiliser is removed. Red's grown 5-hex paddy cegij has one pest; "
        "6 workers harvest 3 hexes: the one-pest row, size 3. " + TABLE,
        partial_harvest, ("w harvest c",) * 6 + ("done",), "收成部分"),
    "flood through gates": Example(
        f"{BOOK}, 灌水 (flooding): in turn order, each player's reservoir water flows from the starting paddy "
        "through the gates down the chain; no paddy may stay partly filled, and what is left goes to the next "
        "player's reservoir (from the last player, to the supply). Red's 2 discs fill d, cannot fill fh whole, "
        "and the last disc goes on to Blue, whose full start paddy passes it to the supply. " + LAYOUT,
        flood_through_gates, ("done", "done"), "灌水"),
    "rot": Example(
        f"{BOOK}, 稻田腐爛 (rot): a grown paddy not harvested rots: its tiles, fertiliser, weeds and pests are "
        "removed and it gives no rice. Red's grown paddy fh (a weed, a pest, fertilised) is not harvested. "
        + LAYOUT, rot, ("done",), "稻田腐爛"),
    "market tax": Example(
        f"{BOOK}, 雇用勞工跟購買牲畜 (hiring workers and buying livestock): prices are on the player's market, "
        "cheapest first; a second item in a round costs 4 rice more, a third 9 more in all. Red buys two workers "
        "and an ox. Rests on assumed values: the market prices (2, 2 for the first workers, 3 for the first ox).",
        market_tax, ("buy worker", "buy worker", "buy livestock"), "雇用勞工跟購買牲畜"),
    "turn order from the highest played card": Example(
        f"{BOOK}, 步驟二 打出精靈卡 (playing spirit cards): players reveal a card together and compare the "
        "highest card each has played so far; the lowest goes first. Blue (5) went before Red (12) in round 1; "
        "in round 2 Red plays 3 (still 12) and Blue 18, so Red goes first.",
        turn_order, ("play 3", "play 18"), "打出精靈卡"),
    "the first draft": Example(
        f"{BOOK}, 選擇精靈卡 (choosing spirit cards): four cards of 1-20 each; keep one and pass three to the left, "
        "keep one of those and pass two, keep one and return the last face down to the deck. Red keeps 2, Blue "
        "keeps 20; Red then chooses from Blue's other three.",
        draft, ("keep 2", "keep 20"), "選擇精靈卡"),
}
