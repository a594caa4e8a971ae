"""Studying Rice Paddy by simulation: per-crop records of played games and a designed experiment.

The state keeps no history (no list of harvests), so per-harvest numbers come from replaying a game:
`apply_recorded(state, action)` is `state.apply(action)` plus the engine's reports of what the automatic
steps it set off did (planting, weeding, pests and fertiliser, harvest, rot), `play_recorded` plays a
whole game as `explorer.simulate` does (same seeds, same bots) and `crops(events)` joins the reports into
one row per crop, from planting to harvest or rot. `one_paddy_game` and `FarmerBot` set up the designed
games of notebooks/rice_paddy/04-strategy.ipynb.
"""
from __future__ import annotations

from ...bots.base import Bot
from .player import GROWN, PLANTED


def apply_recorded(state, action) -> tuple:
    """(state.apply(action), events): the engine's reports of the farm steps the action set off
    (`RicePaddyState.apply_with_events`, water moves left out). Every event has step, round, seat, paddy
    (its hexes' labels) and size; then

    - plant: workers allocated to it, planted (whether it was planted: a whole paddy, no rock) and by
      ("workers"; "spirit" for a spirit card's plant effect);
    - weeds: workers, wet (a wet paddy is not weeded), crop (0 none, 1 planted, 2 grown), weeds_removed;
    - pests: livestock, wet, crop, pests_removed, fertilised (newly, by this step);
    - harvest: workers, harvested, hexes (counted as the size), fertilised, weeds, pests, row (of the
      harvest table), table_rice, bonus (passive harvest_bonus), rice (table_rice + bonus, what the seat
      got) and unfertilised_rice (what the same harvest would have paid without the fertiliser);
    - rot: fertilised (the fertiliser lost with the crop)."""
    after, events = state.apply_with_events(action)
    return after, [e for e in events if e["step"] != "water"]


def play_recorded(bots, game_seed: int, players: int = 3, rotate: int = 0, state=None, **options) -> tuple:
    """Play one game exactly as explorer.simulate.play_game does (the game seeded with `game_seed`, seat i
    played by bots[(i - rotate) % len(bots)] re-seeded with derive(game_seed, i)); return (final state,
    events), each event of apply_recorded with "game_seed" and "ply" added. Game i of
    simulate(..., seed=S) has game_seed = explorer.bots.derive(S, i) (and rotate = i with rotate=True).
    `state`: play on from this position instead of a new game (e.g. `one_paddy_game(...)`)."""
    from ...bots import derive
    from ...core.registry import load
    from ...simulate import as_bot
    objs = [as_bot(b) for b in (bots if isinstance(bots, (list, tuple)) else [bots])]
    if state is None:
        state = load("rice_paddy", players=players, seed=game_seed, **options)
    players = state.cfg.players
    seated = [objs[(i - rotate) % len(objs)].spawn(derive(game_seed, i)) for i in range(players)]
    events = [{"game_seed": game_seed, "ply": 0,  # rice_paddy.setup.start-paddy
               **state.paddy_event("plant", i, r, round=0, workers=0, planted=True, by="start")}
              for i, p in enumerate(state.players) for r in state.F(i).paddies if p.crop[r] == PLANTED]
    ply = 0
    while not state.is_terminal:
        state, evs = apply_recorded(state, seated[state.current_player].choose(state))
        ply += 1
        events += [{"game_seed": game_seed, "ply": ply, **e} for e in evs]
    return state, events


def crops(events) -> list[dict]:
    """Join one game's events into one row per crop (a paddy from planting to harvest or rot).

    play_recorded lists the starting paddy of every seat as planted at set-up (round 0, by "start", no
    workers); a spirit card's planting costs no workers either. Weeding and livestock on a paddy while it
    holds the crop are charged to it. outcome: "harvested", "rotted" or "left" (still on the field when the game ended).
    Columns: game_seed, seat, paddy, size, planted_round, by, plant_workers, weed_workers, livestock,
    fertilised, harvest_round, hexes, harvest_workers, row, table_rice, bonus, rice, unfertilised_rice,
    outcome, workers (plant + weed + harvest workers)."""
    open_: dict = {}
    rows = []
    seeds = {e.get("game_seed") for e in events}
    if len(seeds) > 1:
        raise ValueError("crops() joins the events of one game; group them by game_seed first")
    seed = seeds.pop() if seeds else None

    def start(seat, paddy, size, rnd, by, workers):
        open_[seat, paddy] = {"game_seed": seed, "seat": seat, "paddy": paddy, "size": size, "planted_round": rnd,
                              "by": by, "plant_workers": workers, "weed_workers": 0, "livestock": 0,
                              "fertilised": False, "harvest_round": None, "hexes": 0, "harvest_workers": 0,
                              "row": None, "table_rice": 0, "bonus": 0, "rice": 0, "unfertilised_rice": 0,
                              "outcome": "left"}

    for e in events:
        key = (e["seat"], e["paddy"])
        crop = open_.get(key)
        st = e["step"]
        if st == "plant":
            if e["planted"]:
                start(e["seat"], e["paddy"], e["size"], e["round"], e["by"], e["workers"])
        elif crop is None:
            continue  # work on an empty paddy (e.g. weeding after a harvest) belongs to no crop
        elif st == "weeds":
            crop["weed_workers"] += e["workers"]
        elif st == "pests":
            crop["livestock"] += e["livestock"]
            crop["fertilised"] |= e["fertilised"]
        elif st == "harvest":
            crop["harvest_workers"] += e["workers"]
            if e["harvested"]:
                crop.update(harvest_round=e["round"], hexes=e["hexes"], row=e["row"], table_rice=e["table_rice"],
                            bonus=e["bonus"], rice=e["rice"], fertilised=e["fertilised"],
                            unfertilised_rice=e["unfertilised_rice"], outcome="harvested")
                rows.append(open_.pop(key))
        elif st == "rot":
            crop.update(outcome="rotted", fertilised=e["fertilised"])
            rows.append(open_.pop(key))
    rows += open_.values()
    for r in rows:
        r["workers"] = r["plant_workers"] + r["weed_workers"] + r["harvest_workers"]
    return rows


# ---- a designed experiment: one paddy per field, a farmer that never builds ----------------------------

# Walls that close hex a (next to the reservoir) and its neighbours into one paddy of 1..5 hexes, on the
# packaged (assumed) board: a b | c d | e f | g h | i j in two zig-zag rows (components.toml, [board]).
ONE_PADDY = {1: ("a", ("ab", "ac", "ad")), 2: ("ab", ("ac", "ad", "bd")), 3: ("abd", ("ac", "cd", "de", "df")),
             4: ("abcd", ("ce", "de", "df")), 5: ("abcde", ("df", "ef", "eg", "eh"))}


def one_paddy_game(game_seed: int, sizes, **options):
    """A new seeded game (set-up step played: the start gate stays on its first side) in which seat i's
    field is replaced by one walled paddy of sizes[i] hexes holding hex a, so the reservoir's water flows
    straight into it; no gate, no crop, no water, no weed or pest, and one rock on hex j (outside every
    such paddy: with 5 hexes walled, the other 5 form a second paddy, and the rock keeps it unplantable).
    Everything else (decks, rain, set-up card bonuses, achievements) is the seeded game's."""
    from ...core.registry import load
    from .examples import edit, field
    sizes = tuple(sizes)
    if any(k not in ONE_PADDY for k in sizes):
        raise ValueError(f"sizes must be 1..5, got {sizes!r}")
    s = load("rice_paddy", players=len(sizes), seed=game_seed, **options)
    while s.step == "setup":
        s = s.apply(s.legal_actions()[0])

    def build(js):
        for i, k in enumerate(sizes):
            field(js, i, walls=list(ONE_PADDY[k][1]), gates=[], rocks="j", water="", magic="", weeds={}, pests={},
                  crop={}, fertilised="")

    s = edit(s, build)
    for i, k in enumerate(sizes):
        F = s.F(i)
        if "".join(s.cfg.labels[h] for h in F.members[F.region[s.cfg.start]]) != ONE_PADDY[k][0]:
            raise ValueError("one_paddy_game needs the packaged board (hexes a-j as in components.toml)")
    return s


def farmer_policy(state, rnd, fertilise: bool = False) -> str:
    """A scripted farmer for the designed games: it farms the paddies of its water chain and never builds.

    alloc, in this order while workers/livestock last: harvest every grown paddy (2 workers a hex, as many
    hexes as it can staff); weed a grown paddy (its size in workers a weed); with `fertilise`, one livestock
    on each planted, unfertilised paddy (rice_paddy.pests.fertilise); livestock on pests of grown paddies;
    plant every paddy that is empty or harvested this round if it can staff it whole (1 worker a hex; not in
    round 7; it is planted only if the flood has filled it by then); weed a dry planted paddy.
    drain: every grown paddy, and (with `fertilise`) a planted paddy given livestock, since pests and
    fertiliser need a dry paddy (its water goes to the next player, as draining always does).
    market: with `fertilise`, one livestock when it has none; otherwise it buys nothing.
    Spirit cards: drafted and played at random (from `rnd`), active ones used when they can be.
    Achievements: the one paying most rice. Everything else: done / pass. It reads only its own seat."""
    acts = state.legal_actions()
    st = state.step
    if len(acts) == 1:
        return acts[0]
    if st in ("draft", "play"):
        return acts[int(rnd.random() * len(acts))]
    if st == "spirits":
        return next((a for a in acts if a.startswith("use")), acts[0])
    cfg = state.cfg
    seat = state.current_player
    p = state.players[seat]
    F = state.F(seat)
    L = cfg.labels
    mine = [r for r in F.chain if not p.rocks & F.mask[r]]
    if st == "alloc":
        uw, ul = p.used()
        wl, ll = p.workers - uw, p.livestock - ul

        def first(cands):
            return next((t for t in cands if t in acts), None)

        size = {r: len(F.members[r]) for r in mine}
        grown = [r for r in mine if p.crop[r] == GROWN]
        planted = [r for r in mine if p.crop[r] == PLANTED]
        picks = []
        if wl:
            picks += [f"w harvest {L[r]}" for r in grown if p.count(f"w harvest {L[r]}") % 2 or wl >= 2]
            picks += [f"w weed {L[r]}" for r in grown if p.weeds[r] and (p.count(f"w weed {L[r]}") % size[r] or
                                                                        wl >= size[r])]
        if ll:
            if fertilise:
                picks += [f"l pest {L[r]}" for r in planted if not p.fert >> r & 1]
            picks += [f"l pest {L[r]}" for r in grown if p.pests[r]]
        if wl and state.round < 7:
            picks += [f"w plant {L[r]}" for r in mine if p.crop[r] != PLANTED and (p.count(f"w plant {L[r]}") or
                                                                                 wl >= size[r])]
        if wl:
            picks += [f"w weed {L[r]}" for r in planted if p.weeds[r] and not p.water & F.mask[r] and
                      (p.count(f"w weed {L[r]}") % size[r] or wl >= size[r])]
        return first(picks) or "done"
    if st == "drain":
        for r in mine:
            if p.crop[r] == GROWN or (fertilise and p.crop[r] == PLANTED and p.count(f"l pest {L[r]}")):
                wet = [h for h in F.members[r] if p.water >> h & 1]
                if wet:
                    return f"drain {L[wet[0]]}"
        return "done"
    if st == "achieve":
        return max((a for a in acts if a.startswith("ach")), key=lambda a: cfg.ach[int(a.split()[1])].rice,
                   default="pass")
    if st == "market":
        return "buy livestock" if fertilise and p.livestock == 0 and "buy livestock" in acts else "done"
    return next((a for a in acts if a in ("done", "pass")), acts[0])


class FarmerBot(Bot):
    """`farmer_policy` as a bot (fertilise=True or False). Not registered with explorer.bots.make: pass an
    instance, e.g. play_recorded(FarmerBot(fertilise=True), seed, state=one_paddy_game(seed, (1, 3, 5))).
    It reads the acting seat's own field and resources, all of which its view shows; `choose` takes them
    from the state directly (no view to build), like the random bot."""
    name = "farmer"

    def __init__(self, seed: int = 0, fertilise: bool = False):
        super().__init__(seed, fertilise=bool(fertilise))

    def choose(self, state):
        if state.current_player is None:
            raise ValueError("the game is over: nobody is to act")
        return farmer_policy(state, self.rand, **self.params)

    def _choose(self, game, view, actions, state):
        if state is None:
            from . import from_view
            state = from_view(view, self._next_seed())
        return farmer_policy(state, self.rand, **self.params)
