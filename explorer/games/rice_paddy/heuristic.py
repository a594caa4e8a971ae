"""Bot hooks for Rice Paddy (see explorer.bots.base.hooks): a greedy rating read from one seat's view, the
per-seat columns `explorer.simulate` adds, and a record of what the automatic farm steps did.

The rating replays `examples.simple_policy` on a state rebuilt from the view (`from_view`; the policy only
reads the acting seat's own field, resources and legal actions, which the view shows in full): the action
it picks scores 1, the others 0. Spirit draft and play choices are left to chance (all score 0).

`result_columns(state)` reads a finished game's state only. The state keeps no history (no list of
harvests), so per-harvest numbers come from replaying a game instead: `apply_recorded(state, action)` is
`state.apply(action)` plus a record of what the automatic steps it set off did (planting, weeding, pests
and fertiliser, harvest, rot), `play_recorded` plays a whole game as `explorer.simulate` does (same seeds,
same bots) and `crops(events)` joins the records into one row per crop, from planting to harvest or rot.
"""
from __future__ import annotations

import random

from ...bots.base import Bot
from .examples import simple_policy
from .player import GROWN, NONE, PLANTED
from .state import RicePaddyState
from .steps import infestation

ROWS = ("clean", "one pest", "one weed", "more")


def rate(view: dict, actions, **params) -> list[float]:
    from . import from_view
    if view.get("step") in ("draft", "play"):
        return [0.0] * len(actions)
    state = from_view(view, 0)
    pick = simple_policy(state, random.Random(0))
    return [1.0 if a == pick else 0.0 for a in actions]


# ---- simulation columns ----------------------------------------------------------------------------

def result_columns(state) -> list[dict]:
    """Per seat, for explorer.simulate, read from the final state:

    rice (the score), workers and livestock owned at the end, achievements taken and the rice they paid,
    setup_rice (the set-up card's bonus), end_bonus (rice the passive spirit cards added at the final
    scoring: end_rice plus end_per_paddy per paddy), paddies, paddy_hexes, largest_paddy and chain
    (paddies joined to the reservoir through gates) of the finished field, rocks_removed and rocks_left,
    grown_left / planted_left (hexes of crops still on the field: grown but never harvested, planted but
    never grown) and spirits (the cards played, in order, joined by '+')."""
    cfg = state.cfg
    out = []
    for i, p in enumerate(state.players):
        F = state.F(i)
        sizes = {r: len(F.members[r]) for r in F.paddies}
        out.append({
            "rice": p.rice, "workers": p.workers, "livestock": p.livestock,
            "achievements": len(p.tiles), "achievement_rice": sum(cfg.ach[a].rice for a in p.tiles),
            "setup_rice": cfg.setup[p.setup].rice,
            "end_bonus": state.passive(i, "end_rice") + state.passive(i, "end_per_paddy") * len(F.paddies),
            "paddies": len(F.paddies), "paddy_hexes": sum(sizes.values()),
            "largest_paddy": max(sizes.values(), default=0), "chain": len(F.chain),
            "rocks_removed": p.removed, "rocks_left": bin(p.rocks).count("1"),
            "grown_left": sum(s for r, s in sizes.items() if p.crop[r] == GROWN),
            "planted_left": sum(s for r, s in sizes.items() if p.crop[r] == PLANTED),
            "spirits": "+".join(str(c) for c in p.played),
        })
    return out


# ---- what the automatic farm steps did -------------------------------------------------------------

_SINK: list | None = None  # the event list of the apply_recorded call in progress


def _snap(s) -> list[tuple]:
    return [(p.rice, p.crop, p.weeds, p.pests, p.fert, p.water) for p in s.players]


def _paddy(s, seat, r) -> dict:
    F = s.F(seat)
    return {"round": s.round, "seat": seat, "paddy": "".join(s.cfg.labels[h] for h in F.members[r]),
            "size": len(F.members[r])}


class _Watched(RicePaddyState):
    """The same state with the farm steps watched (same slots, so an instance can switch class)."""
    __slots__ = ()

    def _auto_weeds(self):
        pooled = [self._pooled(i, "weed") for i in range(self.cfg.players)]
        before = _snap(self)
        super()._auto_weeds()
        for i, box in enumerate(pooled):
            p = self.players[i]
            for r, n in sorted(box.items()):
                wet = bool(before[i][5] & self.F(i).mask[r])
                _SINK.append({"step": "weeds", **_paddy(self, i, r), "workers": n, "wet": wet,
                              "crop": before[i][1][r], "weeds_removed": before[i][2][r] - p.weeds[r]})

    def _auto_pests(self):
        pooled = [self._pooled(i, "pest") for i in range(self.cfg.players)]
        before = _snap(self)
        super()._auto_pests()
        for i, box in enumerate(pooled):
            p = self.players[i]
            for r, n in sorted(box.items()):
                wet = bool(before[i][5] & self.F(i).mask[r])
                _SINK.append({"step": "pests", **_paddy(self, i, r), "livestock": n, "wet": wet,
                              "crop": before[i][1][r], "pests_removed": before[i][3][r] - p.pests[r],
                              "fertilised": bool(p.fert >> r & 1 and not before[i][4] >> r & 1)})

    def _auto_harvest(self):
        cfg = self.cfg
        table = cfg.harvest[1 if self.round == 7 else 0]
        pooled = [self._pooled(i, "harvest") for i in range(cfg.players)]
        bonus = [self.passive(i, "harvest_bonus") for i in range(cfg.players)]
        before = _snap(self)
        super()._auto_harvest()
        for i, box in enumerate(pooled):
            rice0, crop0, weeds0, pests0, fert0, _ = before[i]
            p = self.players[i]
            F = self.F(i)
            got = 0
            for r, n in sorted(box.items()):
                done = crop0[r] == GROWN and p.crop[r] == NONE
                k = min(len(F.members[r]), n // 2) if done else 0
                fert = bool(fert0 >> r & 1)
                row = infestation(weeds0[r], pests0[r])
                rice = table[row][k + fert - 1] + bonus[i] if done else 0
                got += rice
                _SINK.append({"step": "harvest", **_paddy(self, i, r), "workers": n, "harvested": done,
                              "hexes": k, "fertilised": fert, "weeds": weeds0[r], "pests": pests0[r],
                              "row": ROWS[row], "table_rice": rice - bonus[i] if done else 0,
                              "bonus": bonus[i] if done else 0, "rice": rice,
                              "unfertilised_rice": table[row][k - 1] + bonus[i] if done else 0})
            if got != p.rice - rice0:  # the record must add up to what the engine paid
                raise AssertionError(f"seat {i}: recorded harvests {got} != rice gained {p.rice - rice0}")

    def _auto_rot(self):
        before = _snap(self)
        super()._auto_rot()
        for i, p in enumerate(self.players):
            for r in self.F(i).paddies:
                if before[i][1][r] == GROWN and p.crop[r] == NONE:
                    _SINK.append({"step": "rot", **_paddy(self, i, r), "fertilised": bool(before[i][4] >> r & 1)})

    def _auto_plant(self):
        pooled = [self._pooled(i, "plant") for i in range(self.cfg.players)]
        before = _snap(self)
        super()._auto_plant()
        for i, box in enumerate(pooled):
            for r, n in sorted(box.items()):
                done = before[i][1][r] == NONE and self.players[i].crop[r] == PLANTED
                _SINK.append({"step": "plant", **_paddy(self, i, r), "workers": n, "planted": done, "by": "workers"})


def apply_recorded(state, action) -> tuple:
    """(state.apply(action), events): the same next state, and one dict per thing the automatic farm steps
    it set off did, in order. Every event has step, round, seat, paddy (its hexes' labels) and size; then

    - plant: workers allocated to it, planted (whether it was planted: a whole paddy, no rock) and by
      ("workers"; "spirit" for a spirit card's plant effect, which is not an automatic step);
    - weeds: workers, wet (a wet paddy is not weeded), crop (0 none, 1 planted, 2 grown), weeds_removed;
    - pests: livestock, wet, crop, pests_removed, fertilised (newly, by this step);
    - harvest: workers, harvested, hexes (counted as the size), fertilised, weeds, pests, row (of the
      harvest table), table_rice, bonus (passive harvest_bonus), rice (table_rice + bonus, what the seat
      got) and unfertilised_rice (what the same harvest would have paid without the fertiliser);
    - rot: fertilised (the fertiliser lost with the crop).

    The harvest record is checked against the rice the engine paid. Not thread-safe (one call at a time)."""
    global _SINK
    text = action if action.__class__ is str and action in state.legal_actions() else state.parse_action(action)
    events: list = []
    s = state._copy()
    s.__class__ = _Watched
    saved, _SINK = _SINK, events
    try:
        s._do(text)
        word, *rest = text.split()
        if word == "use" and len(rest) == 2 and state.cfg.spirit[int(rest[0])].effect == "plant":
            seat = state.queue[0][0]
            r = s.F(seat).paddy_of(state.cfg.index[rest[1]])
            events.append({"step": "plant", **_paddy(s, seat, r), "workers": 0, "planted": True, "by": "spirit"})
        s._advance()
    finally:
        _SINK = saved
        s.__class__ = RicePaddyState
    s._freeze()
    return s, events


def play_recorded(bots, game_seed: int, players: int = 3, rotate: int = 0, state=None, **options) -> tuple:
    """Play one game exactly as explorer.simulate.play_game does (the game seeded with `game_seed`, seat i
    played by bots[(i - rotate) % len(bots)] re-seeded with derive(game_seed, i)); return (final state,
    events), each event of apply_recorded with "game_seed" and "ply" added. Game i of
    simulate(..., seed=S) has game_seed = explorer.bots.derive(S, i) (and rotate = i with rotate=True).
    `state`: play on from this position instead of a new game (e.g. `one_paddy_game(...)`)."""
    from ...bots import Bot, derive, make
    from ...core.registry import load
    listed = list(bots) if isinstance(bots, (list, tuple)) else [bots]
    objs = [b if isinstance(b, Bot) else make(b) if isinstance(b, str) else
            make(b["name"], **{k: v for k, v in b.items() if k != "name"}) for b in listed]
    if state is None:
        state = load("rice_paddy", players=players, seed=game_seed, **options)
    players = state.cfg.players
    seated = [objs[(i - rotate) % len(objs)].spawn(derive(game_seed, i)) for i in range(players)]
    events = [{"game_seed": game_seed, "ply": 0, "step": "plant", **_paddy(state, i, r), "round": 0,
               "workers": 0, "planted": True, "by": "start"}  # rice_paddy.setup.start-paddy
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
    plant every empty paddy it can staff whole (1 worker a hex; not in round 7); weed a dry planted paddy.
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
            picks += [f"w plant {L[r]}" for r in mine if p.crop[r] == NONE and (p.count(f"w plant {L[r]}") or
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
