"""`explorer.setup("rice_paddy", partial)`: a whole position from the part a picture shows.

`partial` is a dict in the position format (the tables below); give only what you see. Set-up completes
the rest from `seed`, the same way every time, and balances every pool: the supply's eight pools (water,
magic water, weeds, pests, fertiliser, walls, gates, rocks), each player's worker and livestock markets,
and all 40 spirit cards (cards no one holds are in their deck). `explain=True` also returns what it filled in.

**Defaults.** 3 players; round 1; step `"alloc"` (workers and livestock go out) with the first player in
turn order about to act. A seat left out starts as set up: a random set-up card (its rocks, rice, workers,
livestock and bonus walls), the starting paddy `a` with its two walls and gate, a water disc and a planting
tile. Spirit cards are dealt as the round needs them (kept in the drafts, played one a round), turn order
follows the highest played card, the rain cards seen are one a round, and the achievements on display are
players + 6 less those taken.

**A seat's `field` is the picture**: what it leaves out is not there (no water, no rocks: the set-up card's
rocks count as removed), except its walls: with no `walls`, `gates` or `paddies`, the starting paddy's.

**Shorthands** (hexes by their labels a-j: an *assumed* layout, two zig-zag rows of five with `a` at the
top left by the reservoir; the rulebook prints no layout, see `explorer.provenance("rice_paddy")`):

- `seats` may be an object keyed by seat number or colour (`{"red": {...}, "2": {...}}`) giving only some seats.
- `to_act`: the seat (number or colour) about to act; those before it in this step have finished.
- `order`, `to_act`: colours (`"blue"`) as well as seat numbers.
- In a field, `paddies: ["a", "d", "fh", "cegij"]` instead of `walls`: a wall goes on every side between two
  paddies or between a paddy and open field, except the sides listed in `gates`.
- `water`, `magic`, `rocks`, `fertilised`: a string of labels (`"adf"`) or a list of labels.
- `weeds`, `pests`, `crop`: keyed by any hex of the paddy or the whole paddy (`{"fh": "grown"}`, `{"h": 2}`);
  weeds and pests may also be a string with one label per token (`"ff"`: two on f). They are recorded on
  the paddy's first hex.
- `gates`, `walls`: edge names in either order (`"da"` is `"ad"`), or one string (`"ad df"`).

Anything given that the rules cannot reach is refused with `PositionError` naming the field: a card in two
places, more water than there are discs, water outside a paddy or in one with a rock, a hand of the wrong
size for the step, a turn order the played cards contradict.
"""
from __future__ import annotations

from ...core import rng
from ...core.data import position_data
from ...core.errors import DataError, brief, clip
from .config import config
from .position import FORMAT_VERSION, _Position, _Seat
from .setup_fields import FIELDS, complete_field, fail, start_field
from .steps import steps_of

TOP = (*_Position.model_fields, "to_act")
SEAT_KEYS = tuple(_Seat.model_fields)
BY_ORDER = ("alloc", "build", "gates", "rocks", "drain", "achieve", "market", "grow", "grow2", "flood")
POOLS = ("water", "magic", "weeds", "pests", "fertiliser", "walls", "gates", "rocks")

DOC_EXAMPLE = {
    "players": 2, "round": 3, "step": "drain", "order": ["red", "blue"],
    "seats": {"red": {"field": {"paddies": ["a", "d", "fh", "cegij"], "gates": ["ad", "df"],
                                "water": "ad", "crop": {"a": "grown", "d": "planted"}, "weeds": {"h": 1}},
                      "reservoir": 1}},
}
DOC_EXAMPLE_ARGS = {"seed": 1}


_int = FIELDS.integer


class _Setup:
    """One completion: the partial, the config, the rng state and the sentences said so far."""

    def __init__(self, partial: dict, players, seed: int, options: dict):
        from . import SPEC
        FIELDS.only(partial, TOP)
        if partial.get("game", "rice_paddy") != "rice_paddy":
            fail("game", f"expected 'rice_paddy', got {brief(partial['game'])}")
        self.said: list[str] = []
        raw = partial.get("seats", {})
        self.n = self._players(partial, players, raw, SPEC)
        opts = partial.get("options", {})
        if not isinstance(opts, dict):
            fail("options", f"expected an object of options, got {brief(opts)}")
        opts = {**opts, **options}
        for k, v in opts.items():
            if k not in SPEC.options:
                fail(f"options.{clip(str(k), 40)}", f"unknown option; valid options are {', '.join(SPEC.options)}")
            try:
                opts[k] = SPEC.options[k].value(k, v)
            except ValueError as exc:
                fail(f"options.{k}", str(exc))
        if k := [k for k in options if k in partial.get("options", {}) and partial["options"][k] != options[k]]:
            fail(f"options.{k[0]}", "given twice with different values (in the partial and as an argument)")
        self.options = opts
        try:
            self.data = position_data(partial.get("data"), "data")
            self.cfg = config(self.n, opts, self.data)
        except (DataError, OSError, ValueError) as exc:
            fail("data", clip(exc, 300))
        self.seed = _int(partial.get("seed", seed), "seed", -(2 ** 63), 2 ** 64 - 1)
        self.st = rng.seed_state(seed)
        self.p = partial
        self.seats = self._seats(raw)

    # ---- small helpers ----------------------------------------------------------------------------
    def name(self, i: int) -> str:
        return self.cfg.colors[i].capitalize()

    def seat_of(self, value, where: str) -> int:
        return FIELDS.seat(value, where, self.cfg.colors)

    def shuffle(self, items) -> list:
        self.st, out = rng.shuffled(self.st, list(items))
        return out

    def pick(self, items):
        items = list(items)
        self.st, k = rng.below(self.st, len(items))
        return items[k]

    def _players(self, partial, players, raw, spec) -> int:
        given = [("players argument", players), ("players", partial.get("players"))]
        if isinstance(raw, list):
            given.append(("seats", len(raw)))
        vals = {v for _, v in given if v is not None}
        if len(vals) > 1:
            fail("players", "the players argument, 'players' and the number of seats disagree: "
                            + ", ".join(f"{w} {brief(v)}" for w, v in given if v is not None))
        if vals:
            n = vals.pop()
            if n not in spec.players:
                fail("players", f"expected one of {list(spec.players)}, got {brief(n)}")
            return n
        n = spec.default_players
        if isinstance(raw, dict) and any(str(k).strip().lower() == "green" or str(k).strip() == "3" for k in raw):
            n = 4
        self.said.append(f"players: {n} (the default)" if n == spec.default_players else
                         f"players: {n} (a seat numbered 3 is given)")
        return n

    def _seats(self, raw) -> dict[int, dict]:
        out = FIELDS.per_seat(raw, "seats", self.cfg.colors)
        for i, v in out.items():
            FIELDS.only(FIELDS.mapping(v, f"seats.{i}"), SEAT_KEYS, f"seats.{i}")
        return out

    # ---- round and step -----------------------------------------------------------------------------
    def round_step(self) -> None:
        p = self.p
        step = p.get("step", "alloc")
        if not isinstance(step, str):
            fail("step", f"expected a step name like 'alloc' or 'drain', got {brief(step)}")
        if "round" in p:
            rnd = _int(p["round"], "round", 1, 7)
        else:
            rnd = 7 if step == "over" else 6 if step == "grow2" else 1
            self.said.append(f"round: {rnd}" + (" (the default)" if rnd == 1 else f" (the only round with {step})"))
        if step != "over" and step not in steps_of(rnd):
            fail("step", f"round {rnd} has the steps {', '.join(steps_of(rnd))}, not {brief(step)}")
        if step == "over" and rnd != 7:
            fail("step", "the game ends in round 7")
        if "step" not in p:
            self.said.append("step: alloc (the default: workers and livestock go out)")
        self.round, self.step = rnd, step
        seq = steps_of(rnd)
        self.after = lambda s: step == "over" or (s in seq and seq.index(step) > seq.index(s))

    # ---- set-up cards, fields and what each seat owns --------------------------------------------------
    def boards(self) -> None:
        cfg, n = self.cfg, self.n
        used = self._given_setup_cards()
        self.fields: dict[int, dict] = {}
        for i in range(n):
            if "field" in self.seats.get(i, {}):
                self.fields[i], said = complete_field(cfg, self.seats[i]["field"], f"seats.{i}.field", self.name(i))
                self.said += said
        self.final_dry = self.round == 7 and self.step != "dry"
        for i in range(n):
            self._setup_card(i, used)
        self.setup_card = used
        self._start_fields(used)
        if self.final_dry:
            for i in range(n):
                if self.fields[i]["water"] or self.seats.get(i, {}).get("reservoir", 0):
                    fail(f"seats.{i}.field.water", "round 7 begins by removing all water from the fields and "
                                                   "reservoirs (rice_paddy.final.remove-water)")

    def _given_setup_cards(self) -> dict[int, int]:
        cfg, used = self.cfg, {}
        for i, sp in self.seats.items():
            if "setup_card" not in sp:
                continue
            c = sp["setup_card"]
            if c not in cfg.setup or isinstance(c, bool):
                fail(f"seats.{i}.setup_card", f"expected a set-up card of {sorted(cfg.setup)}, got {brief(c)}")
            if c in used.values():
                owner = min(k for k, v in used.items() if v == c)
                fail(f"seats.{i}.setup_card", f"card {c} is already {self.name(owner)}'s: one set-up card each")
            used[i] = c
        return used

    def _setup_card(self, i, used) -> None:
        """Seat i's set-up card: the given one must put rocks where its field has them; else one dealt at
        random among the free cards that do."""
        cfg = self.cfg
        rocks = set(self.fields[i]["rocks"]) if i in self.fields else set()
        if i in used:
            card = cfg.setup[used[i]]
            if not rocks <= set(card.rocks):
                fail(f"seats.{i}.field.rocks", f"rocks come only from the set-up card: card {card.id} puts them on "
                                               f"{''.join(card.rocks)} (assumed sample cards)")
            return
        free = [c for c in sorted(cfg.setup) if c not in used.values()]
        fit = [c for c in free if rocks <= set(cfg.setup[c].rocks)]
        used[i] = self.pick(fit or free)
        self.said.append(f"{self.name(i)}'s set-up card: {used[i]}, dealt at random"
                         + (f" among those with rocks on {''.join(sorted(rocks))}" if rocks and fit else "")
                         + (" (no set-up card puts rocks on all of its rock hexes)" if rocks and not fit else ""))

    def _start_fields(self, used) -> None:
        """Fields not given, as set up: a water disc in the starting paddy while the water lasts."""
        cfg = self.cfg
        wet = sum(len(f["water"]) for f in self.fields.values()) + sum(
            sp.get("reservoir", 0) for sp in self.seats.values() if isinstance(sp.get("reservoir", 0), int))
        for i in (i for i in range(self.n) if i not in self.fields):
            card = cfg.setup[used[i]]
            water = not self.final_dry and wet < cfg.total_water
            wet += water
            self.fields[i] = start_field(cfg, card, water)
            self.said.append(f"{self.name(i)}'s field: as set up (the starting paddy {cfg.labels[cfg.start]} "
                             f"{'with a water disc and' if water else 'with'} a planting tile; rocks on "
                             f"{''.join(card.rocks)} from set-up card {card.id})")

    def owned(self) -> None:
        """Rice, workers, livestock and the markets, from each seat's set-up card unless given."""
        cfg, comp = self.cfg, self.cfg.comp
        self.out = [dict() for _ in range(self.n)]
        for i in range(self.n):
            sp, o, f = self.seats.get(i, {}), self.out[i], f"seats.{i}"
            card = cfg.setup[self.setup_card[i]]
            o["setup_card"] = card.id
            for own, market, total, bonus in (("workers", "worker_market", cfg.n_workers,
                                               cfg.n_workers - comp.workers_on_market + min(card.workers,
                                                                                           comp.workers_on_market)),
                                              ("livestock", "livestock_market", cfg.n_livestock,
                                               min(card.livestock, cfg.n_livestock))):
                a = _int(sp[own], f"{f}.{own}", 0, total) if own in sp else None
                b = _int(sp[market], f"{f}.{market}", 0, total) if market in sp else None
                if a is not None and b is not None and a + b != total:
                    fail(f"{f}.{market}", f"{own} and {market} add up to {total}, got {a} + {b}")
                a = a if a is not None else total - b if b is not None else bonus
                o[own], o[market] = a, total - a
                if own not in sp and market not in sp:
                    self.said.append(f"{self.name(i)}'s {own}: {a} (as set up with card {card.id}); "
                                     f"the market holds the other {total - a}")
            o["rice"] = _int(sp.get("rice", card.rice), f"{f}.rice", 0, 10 ** 6)
            early = self.round == 1 and not self.after("build")
            o["bonus_walls"] = _int(sp.get("bonus_walls", card.walls if early else 0), f"{f}.bonus_walls", 0, 80)
            if "rice" not in sp and self.round > 1:
                self.said.append(f"{self.name(i)}'s rice: {card.rice}, as set up")
            rocks = self.fields[i]["rocks"]
            o["rocks_removed"] = _int(sp.get("rocks_removed", max(0, len(card.rocks) - len(rocks))),
                                      f"{f}.rocks_removed", 0, cfg.comp.rocks)
            if "field" in sp and "rocks_removed" not in sp and o["rocks_removed"]:
                self.said.append(f"{self.name(i)}'s rocks removed: {o['rocks_removed']} (set-up card {card.id}'s "
                                 f"{len(card.rocks)} rocks less the {len(rocks)} in the picture)")
            o["reservoir"] = _int(sp.get("reservoir", 0), f"{f}.reservoir", 0, cfg.total_water)
            o["field"] = self.fields[i]
            for k, default in (("moved", []), ("hold", ""), ("spent", []), ("achievements", []),
                               ("achieved", False), ("bought", 0), ("allocation", {})):
                o[k] = sp.get(k, default)
            if not isinstance(o["allocation"], dict) or not all(isinstance(v, int) for v in o["allocation"].values()):
                fail(f"{f}.allocation", f"expected {{'w build': 3, 'l pest c': 1, ...}}, got {brief(o['allocation'])}")

    # ---- whose turn ---------------------------------------------------------------------------------------
    def turn(self) -> None:
        """Picks, the queue and the per-step counters for 'this seat is about to act'."""
        step, p = self.step, self.p
        to_act = self.seat_of(p["to_act"], "to_act") if "to_act" in p else None
        queue = p.get("queue")
        if queue is not None and not isinstance(queue, list):
            fail("queue", f"expected a list (seats, or [seat, card] in the spirits step), got {brief(queue)}")
        default = self._default_queue(to_act, queue)
        if to_act is not None and queue is None:
            heads = [j for j, q in enumerate(default) if (q[0] if isinstance(q, list) else q) == to_act]
            if not heads:
                fail("to_act", f"{self.name(to_act)} has nothing to decide at round {self.round}'s {step} step")
            default = default[heads[0]:] if step not in ("draft", "play") else \
                [to_act] + [i for i in default if i != to_act]
        if queue is None:
            queue = self._queue_from(default, to_act)
        elif to_act is not None and (not queue or (queue[0][0] if isinstance(queue[0], list) else queue[0]) != to_act):
            fail("to_act", "disagrees with the first seat of the queue")
        self.queue = queue
        self._counters(queue)

    def _default_queue(self, to_act, queue) -> list:
        """Who decides in this step, in order, before `to_act` is taken into account."""
        n, step = self.n, self.step
        if step in ("draft", "play"):
            return self._waiting_to_pick(to_act, queue)
        if step == "setup":
            return list(range(n))
        if step == "spirits":
            sp = self.cfg.spirit
            return [[s, c] for s in self.order for c in sorted(self.slots[s, "played"])
                    if sp[c].kind == "active" and c not in self.out[s]["spent"]]
        if step in BY_ORDER and (step != "flood" or self.cfg.flood_choice):
            return list(self.order)
        return []

    def _waiting_to_pick(self, to_act, queue) -> list[int]:
        """Draft and play steps: the seats that have not picked (those done pick at random when not given)."""
        n, step = self.n, self.step
        slot = "draft" if step == "draft" else "hand"
        done = set(self.picks)
        if queue is not None:
            done |= {i for i in range(n) if i not in queue}
        elif to_act is not None:
            done |= set(range(to_act))
        for i in sorted(done - set(self.picks)):
            if "pick" in self.seats.get(i, {}):
                fail(f"seats.{i}.pick", f"{self.name(i)} has picked already in this step (it is not "
                                        "waiting): a card of its " + slot)
            self.picks[i] = self.pick(self.slots[i, slot])
            self.said.append(f"{self.name(i)}'s face-down pick: {self.picks[i]}, at random from its {slot}")
        if to_act in self.picks:
            fail(f"seats.{to_act}.pick", f"{self.name(to_act)} is to act, so it has not picked yet")
        default = [i for i in range(n) if i not in self.picks]
        if not default:
            fail("queue", f"every seat has picked: the {step} step would be over")
        return default

    def _queue_from(self, default, to_act) -> list:
        """The queue when not given: the default, passing over seats with nothing left to build or remove."""
        step, queue = self.step, default
        while step in ("build", "rocks") and to_act is None and queue and not self.has_left(queue[0], step):
            self.said.append(f"{self.name(queue[0])} has nothing left to "
                             f"{'build' if step == 'build' else 'remove'}: passed over, as in play")
            queue = queue[1:]
        if not queue and default:
            fail("queue", f"no seat has anything left to do in the {step} step: it would be over")
        if queue and to_act is None:
            head = queue[0][0] if step == "spirits" else queue[0]
            self.said.append(f"to act: {self.name(head)}" + (" (first in turn order)" if step in BY_ORDER else ""))
        return queue

    def _counters(self, queue) -> None:
        """Each seat's builds and rock removals left, its pick and its cards."""
        step = self.step
        waiting = {q[0] if isinstance(q, list) else q for q in queue if isinstance(q, (int, list)) and q}
        for i, o in enumerate(self.out):
            sp = self.seats.get(i, {})
            alloc = o["allocation"]
            w, ll = alloc.get("w build", 0), alloc.get("l build", 0)
            o["build_left"] = sp.get("build_left", w // 3 + ll if step == "build" and i in waiting else 0)
            o["rock_left"] = sp.get("rock_left", alloc.get("l rock", 0) if step == "rocks" and i in waiting else 0)
            o["pick"] = self.picks.get(i)
            for slot in ("hand", "played", "draft"):
                o[slot] = self.slots[i, slot]

    def has_left(self, i: int, step: str) -> bool:
        """Whether seat i has a wall or gate to place (build step: paid ones, as its allocation pays, and bonus
        ones) or a rock to remove (rocks step); the engine passes over a seat that has not."""
        sp, o = self.seats.get(i, {}), self.out[i]
        alloc = o["allocation"]
        if step == "build":
            left = sp.get("build_left", alloc.get("w build", 0) // 3 + alloc.get("l build", 0))
            extra = o.get("bonus_walls", 0)
        else:
            left, extra = sp.get("rock_left", alloc.get("l rock", 0)), 0
            if not self.fields[i]["rocks"]:
                return False
        return not isinstance(left, int) or not isinstance(extra, int) or left + extra > 0

    # ---- rain, achievements, supply -------------------------------------------------------------------
    def rain(self) -> dict:
        cfg, given = self.cfg, self.p.get("rain", {})
        if not isinstance(given, dict) or any(k not in ("card", "water", "deck", "seen") for k in given):
            fail("rain", f"expected an object with some of card, water, deck, seen, got {brief(given)}")
        n_seen = 6 if self.round == 7 or self.step == "over" else self.round - (not self.after("rain"))
        ids = sorted(cfg.rain)
        for k in ("deck", "seen"):
            if k in given and (not isinstance(given[k], list) or any(c not in cfg.rain for c in given[k])):
                fail(f"rain.{k}", f"expected a list of rain cards from {ids}, got {brief(given[k])}")
        card = given.get("card")
        if card is not None and card not in cfg.rain:
            fail("rain.card", f"expected a rain card from {ids} or null, got {brief(card)}")
        if "seen" in given:
            seen = list(given["seen"])
        else:
            rest = [c for c in self.shuffle(ids) if c != card and c not in given.get("deck", [])]
            seen = rest[:n_seen - (card is not None)] + ([card] if card is not None else [])
            self.said.append(f"rain cards seen: {len(seen)} (one a round so far), at random")
        if len(seen) != n_seen:
            fail("rain.seen", f"expected {n_seen} rain cards revealed by round {self.round}'s {self.step} step")
        if card is not None and (not seen or seen[-1] != card):
            fail("rain.card", "this round's rain card is the last one revealed (rain.seen's last)")
        deck = given["deck"] if "deck" in given else self.shuffle(c for c in ids if c not in seen)
        if sorted(seen + deck) != ids:
            fail("rain.deck", "every rain card once, in the deck or seen")
        card = seen[-1] if seen else None
        held = sum(len(o["field"]["water"]) + o["reservoir"] for o in self.out)
        on_card = min(max(0, cfg.total_water - held), cfg.rain[card].water[str(self.n)]) \
            if card is not None and self.step == "play" else 0
        water = _int(given.get("water", on_card), "rain.water", 0, cfg.total_water)
        if self.step != "play" and water:
            fail("rain.water", "water waits on the rain card only between the rain and take steps (the play step)")
        return {"card": card, "water": water, "deck": deck, "seen": seen}

    def achievements(self) -> list[int]:
        cfg = self.cfg
        taken: dict[int, int] = {}
        for i, o in enumerate(self.out):
            tiles = o["achievements"]
            if not isinstance(tiles, list) or any(a not in cfg.ach for a in tiles):
                fail(f"seats.{i}.achievements", f"expected achievement ids from {sorted(cfg.ach)}, got {brief(tiles)}")
            for a in tiles:
                if a in taken:
                    fail(f"seats.{i}.achievements", f"achievement {a} is already {self.name(taken[a])}'s")
                taken[a] = i
        size = self.n + cfg.comp.achievements_extra - len(taken)
        if size < 0:
            fail("achievements", f"only {self.n + cfg.comp.achievements_extra} achievements are drawn; the seats hold "
                                 f"{len(taken)}")
        if "achievements" in self.p:
            shown = self.p["achievements"]
            if not isinstance(shown, list) or any(a in taken for a in shown if isinstance(a, int)):
                fail("achievements", "achievements on display: ids no seat holds")
            return shown
        self.said.append(f"achievements on display: {size} at random (players + "
                         f"{cfg.comp.achievements_extra} drawn, less those taken)")
        return sorted(self.shuffle(a for a in sorted(cfg.ach) if a not in taken)[:size])

    def supply(self, rain_water: int) -> dict:
        comp, seats = self.cfg.comp, [o["field"] for o in self.out]
        held = {
            "water": rain_water + sum(len(f["water"]) + o["reservoir"] for f, o in zip(seats, self.out)),
            "magic": sum(len(f["magic"]) for f in seats), "weeds": sum(sum(f["weeds"].values()) for f in seats),
            "pests": sum(sum(f["pests"].values()) for f in seats),
            "fertiliser": sum(len(f["fertilised"]) for f in seats),
            "walls": sum(len(f["walls"]) for f in seats), "gates": sum(len(f["gates"]) for f in seats),
            "rocks": sum(len(f["rocks"]) for f in seats)}
        total = {"water": self.cfg.total_water, "magic": comp.magic_water, "weeds": comp.weeds, "pests": comp.pests,
                 "fertiliser": comp.fertiliser, "walls": comp.walls, "gates": comp.gates, "rocks": comp.rocks}
        given = self.p.get("supply", {})
        if not isinstance(given, dict) or any(k not in POOLS for k in given):
            fail("supply", f"expected an object with some of {', '.join(POOLS)}, got {brief(given)}")
        out = {}
        for k in POOLS:
            out[k] = total[k] - held[k]
            if out[k] < 0:
                fail(f"supply.{k}", f"the game has {total[k]} {k}"
                     + (f" (with {self.n} players)" if k == "water" else "") + f"; the position uses {held[k]}")
            if k in given and given[k] != out[k]:
                fail(f"supply.{k}", f"expected {out[k]}: the {total[k]} in the game less the {held[k]} in play")
        if len(given) < len(POOLS):
            self.said.append("the supply: " + ", ".join(f"{k} {v}" for k, v in out.items()) + " (what no one holds)")
        return out

    def position(self) -> dict:
        rain = self.rain()
        seats = []
        keys = [k for k in SEAT_KEYS if k != "field"]
        for o in self.out:
            seats.append({**{k: o[k] for k in keys}, "field": o["field"]})
        return {"game": "rice_paddy", "version": self.p.get("version", FORMAT_VERSION), "players": self.n,
                "seed": self.seed, "options": self.options, "data": self.data, "round": self.round,
                "step": self.step, "queue": self.queue, "order": self.order, "supply": self.supply(rain["water"]),
                "rain": rain, "achievements": self.achievements(), "spirit_decks": self.decks,
                "draft_stage": self.stage, "seats": seats}


def complete(partial: dict, players: int | None, seed: int, options: dict):
    """(state, sentences): `partial` completed to a whole position (see the module docstring)."""
    from .setup_cards import deal, plan
    from .state import RicePaddyState
    s = _Setup(partial, players, seed, options)
    s.round_step()
    s.boards()
    s.owned()
    plan(s)
    deal(s)
    s.turn()
    return RicePaddyState.from_json(s.position()), s.said


__all__ = ["complete", "DOC_EXAMPLE", "DOC_EXAMPLE_ARGS"]
