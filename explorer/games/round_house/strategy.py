"""The plan behind the Round House heuristic (explorer/games/round_house/heuristic.py): what each thing is worth
to the acting seat, read from its view only, in points.

One `Plan` per decision. It prices the pieces of the game (money, goods, a worker in the resource area, a
worker in a town, a recruit, a chair, a specialist, an amulet, an order) from the seat's position: goods by the
orders in its hand, a worker in a town by how much it lengthens the line that town would lay, an amulet by the
set it completes. Every legal action is then rated by what it brings (a reward bundle, a room's best option, a
worship) minus what it costs. No state is rebuilt and nothing is searched: one pass over the view.

    >>> import explorer
    >>> s = explorer.load("round_house", players=3, seed=1)
    >>> plan = Plan(s.view(0))
    >>> plan.line_points(4) > plan.line_points(3) > 0
    True
"""
from __future__ import annotations

import functools

from .board import _ends
from .config import GOLD, GOOD_LETTER, GOODS, HALL, config, parse_bundle, sale_terms
from .scoring import best_sets

GOOD_TOKENS = {"fruit": 0, "cel": 1, "tea": 2, "gold": 3}
LETTER = {c: k for k, c in enumerate(GOOD_LETTER)}

# what a unit is worth when nothing more specific applies (points)
MONEY = 0.45       # a third of a point at the end, and it pays caravan moves, the bank, the exchange
GOOD = 0.55        # a third of a point at the end, and it sells (markets, black market)
GOLD_BASE = 0.7
RESOURCE = 0.5     # a worker in the resource area: a third of a point at the end, and the next dispatch
TURNS_PER_WORSHIP = 6.0  # turns (all seats together) between two family worships
SIDE = 1.5         # what the sides of a line's end cell bring, on average, when planning
KEEP = 0.6         # of an order's points, what holding the right goods for it is worth
# family worship: a line is worth its points minus this much per worker taken out of the town (the workers
# would count 1 each at the end, and more workers would make a longer line later)
TOWN_WORKER = 1.0
# an elder on the end cell: per later line, this much of the points a line of four gains by passing over it
STONE = 0.5
# a leader that can reach the hall next turn, while the planned line is worth it
NEAR_HALL = 0.15
# static usefulness of a second execution, per room kind (for investments)
ROOM_USE = {"goods": 1.6, "gold_pirate": 1.0, "market": 0.8, "specialist": 1.0, "counting_house": 1.3,
            "great_hall": 0.8, "retail": 0.8, "wholesale": 0.8, "bank": 1.0, "black_market": 0.6,
            "exchange": 1.0, "meeting_hall": 0.4, "warehouse": 1.0}
ABILITY = {"goods": 2.0, "caravan": 1.5, "invest": 1.0, "worship": 1.5}


class Plan:
    """Values for the seat to act, from its view."""

    def __init__(self, view: dict):
        self.view = view
        self.seat = seat = view["current_player"]
        self.cfg = config(view["players"], view.get("options") or {}, view.get("data"))
        self.me = me = view["seats"][seat]
        self.money = me["money"]
        self.goods = [me["goods"][g] for g in GOODS]
        self.res = me["resource"]
        self.chairs = me["chairs"]
        self.last_round = view["end_triggered_by"] is not None
        self.left = 0 if self.last_round else max(0, view["length"] - view["marker"])  # family worships left
        players = view["players"]
        # my turns left (about two per family worship with the heuristic's pace) and my lines to come
        self.turns = 0 if self.last_round else max(1.0, TURNS_PER_WORSHIP * self.left / players)
        self.lines_ahead = 0.0 if self.last_round else min(3.0, self.left / players + 0.3)
        grid = view["grid"]
        self.mask = sum(1 << c for c, e in enumerate(grid["elders"]) if seat in e)
        self.towns = [t["workers"][seat] for t in view["towns"]]
        self.caravan = next(i for i, t in enumerate(view["towns"]) if t["caravan"])
        self.rooms = view["rooms"]
        self.hand = me["hand"] or []
        self.done_abilities = {o["ability"] for o in me["completed"]}
        self.held = [x["id"] for x in me["specialists"]]
        self._cache: dict = {}
        self.mark = 0.0 if self.last_round else 2.0  # an order draw at an order mark
        self._points = me["points"]

    @functools.cached_property
    def mine(self) -> set:
        """The rooms where the seat has a worker on a chair (a leader of its acts twice there)."""
        seat = self.seat
        return {r["id"] for r in self.rooms if any(c["seat"] == seat for c in r["chairs"])}

    @functools.cached_property
    def passives(self) -> set:
        cfg = self.cfg
        return {cfg.spec_effect[x] for x in self.held if cfg.spec_kind[x] == "passive"}

    # ---- the line ------------------------------------------------------------------------------
    def line_points(self, n: int, mask: int | None = None) -> int:
        """The best cell a line of `n` workers can end on (through the seat's elders), without the sides."""
        if n <= 0:
            return 0
        cfg = self.cfg
        _placed, ends = _ends(cfg.rows, cfg.cols, self.mask if mask is None else mask, n)
        return max((cfg.cell_points[c] for c in ends), default=0)

    def line_value(self, n: int) -> float:
        """Planning value of laying a line of `n` workers: its cell, the chairs, average sides."""
        key = ("line", n)
        if key not in self._cache:
            self._cache[key] = self.line_points(n) + self.chairs + SIDE if n > 0 else 0.0
        return self._cache[key]

    def best_town(self) -> tuple[int, float]:
        key = "best_town"
        if key not in self._cache:
            vals = [self.line_value(n) for n in self.towns]
            t = max(range(len(vals)), key=lambda i: (vals[i], i == self.caravan))
            self._cache[key] = (t, vals[t])
        return self._cache[key]

    def town_worker(self, t: int) -> float:
        """A worker dispatched into town `t`: it counts 1 at the end, or lengthens the line planned there."""
        base = 1.0 - RESOURCE
        if self.last_round or self.left <= 0:
            return base
        _best, best = self.best_town()
        grown = self.line_value(self.towns[t] + 1)
        gain = max(0.0, grown - best) + 0.25 * (grown - self.line_value(self.towns[t]))
        return base + 0.9 * gain

    def dispatch(self, moves: int) -> float:
        """car:<moves>: pay 1 per town moved, then a worker into the town the caravan reaches."""
        if self.res < 1:
            return 0.0
        t = (self.caravan + moves) % len(self.towns)
        bonus = MONEY if "caravan" in self.done_abilities else 0.0
        return self.town_worker(t) - moves * self.cfg.costs["caravan_move"] * MONEY + bonus

    def best_dispatch(self, money: int | None = None) -> float:
        money = self.money if money is None else money
        key = ("car", money)
        if key not in self._cache:
            n = len(self.towns)
            self._cache[key] = max(self.dispatch(k) for k in range(min(n - 1, max(money, 0)) + 1))
        return self._cache[key]

    def family(self, t: int) -> float:
        """fam:<t+1>: the best end of the town's line, less what the workers were worth where they stood."""
        n = self.towns[t]
        if n <= 0:
            return -1.0
        ends = self.line_ends(n)
        best = max(ends.values(), default=0.0)
        per = 1.0 if self.last_round or self.left <= 1 else TOWN_WORKER
        return best - per * n + (n - 1) * RESOURCE

    def line_ends(self, n: int) -> dict:
        """End cell -> value of ending a line of `n` workers there (cell, chairs, sides, stepping stone)."""
        key = ("ends", n)
        if key in self._cache:
            return self._cache[key]
        cfg, grid = self.cfg, self.view["grid"]
        _placed, ends = _ends(cfg.rows, cfg.cols, self.mask, n)
        amulet_at = {a["edge"]: a["amulet"] for a in grid["amulets"]}
        out = {}
        future = self.lines_ahead - 1 if not self.last_round else 0
        for c in ends:
            points, v = cfg.cell_points[c] + self.chairs, 0.0
            for e in cfg.cell_sides[c]:
                for tok, k in cfg.edges[e]:
                    if tok == "points":
                        points += k
                    elif tok == "A":
                        a = amulet_at.get(e)
                        if a is not None:
                            v += self.amulet_gain([a["kind"]])
                    else:
                        v += k * self.token(tok)
            v += points + (self.mark if self._crosses(points) else 0.0)
            if future > 0:
                step = self.line_points(4, self.mask | 1 << c) - self.line_points(4)
                v += STONE * future * max(0, step)
            out[c] = v
        self._cache[key] = out
        return out

    # ---- goods and orders ------------------------------------------------------------------------
    def good_value(self, k: int) -> float:
        """One more good of kind `k` (0..3): its end value, or more when an order in hand needs it."""
        key = ("good", k)
        if key in self._cache:
            return self._cache[key]
        v = GOLD_BASE if k == GOLD else GOOD
        for o in self.hand:
            cost = [o["cost"][g] for g in GOODS]
            if cost[k] <= self.goods[k]:
                continue
            missing = sum(max(0, c - h) for c, h in zip(cost, self.goods))
            if missing > self.turns + 1:
                continue
            worth = (o["points"] + ABILITY[o["ability"]]) / missing * (1.0 if missing == 1 else 0.8)
            v = max(v, worth)
        self._cache[key] = v
        return v

    def keep_value(self, k: int) -> float:
        """What giving up one good of kind `k` costs: more when an order in hand needs every one held."""
        v = GOLD_BASE if k == GOLD else GOOD
        for o in self.hand:
            need = o["cost"][GOODS[k]]
            if need and self.goods[k] <= need:
                cost = [o["cost"][g] for g in GOODS]
                missing = sum(max(0, c - h) for c, h in zip(cost, self.goods))
                v = max(v, KEEP * (o["points"] + ABILITY[o["ability"]]) / (missing + 1))
        return v

    def any_good(self) -> float:
        supply = self.view["supply"]
        return max((self.good_value(k) for k in range(3) if supply[GOODS[k]] > 0), default=0.0)

    def order_value(self, o: dict) -> float:
        """An order taken at an order mark: its points (and ability) by how near the seat's goods are."""
        cost = [o["cost"][g] for g in GOODS]
        missing = sum(max(0, c - h) for c, h in zip(cost, self.goods))
        if missing > self.turns:
            return 0.3
        return (o["points"] + ABILITY[o["ability"]]) * 0.8 ** missing * (0.9 if missing else 1.0)

    # ---- amulets and specialists -----------------------------------------------------------------
    def amulet_kinds(self) -> list:
        key = "kinds"
        if key not in self._cache:
            cfg = self.cfg
            kinds = [a["kind"] for a in self.me["amulets"]]
            kinds += [cfg.amulet_kinds[cfg.spec_amulet[x["id"]]] for x in self.me["specialist_amulets"]]
            self._cache[key] = kinds
        return self._cache[key]

    def amulet_gain(self, extra: list) -> float:
        """Points the final set scoring gains with the amulets of kinds `extra` added."""
        cfg = self.cfg
        have = self.amulet_kinds()

        def score(kinds):
            counts = {}
            for x in kinds:
                counts[x] = counts.get(x, 0) + 1
            return best_sets(cfg.set_points, tuple(sorted(counts.values(), reverse=True)))
        return score(have + extra) - score(have)

    def specialist(self, sid: str) -> float:
        """Taking specialist `sid`: what using it brings (or its passive effect over the turns left)."""
        cfg = self.cfg
        kind = cfg.spec_kind[sid]
        if kind == "passive":
            eff = cfg.spec_effect[sid]
            per = {"invest_p3": 3.0 * min(2.0, 0.25 * self.turns), "gold_p2": 2.0 * min(3.0, 0.25 * self.turns),
                   "goods_p1": min(5.0, 0.5 * self.turns), "specialist_p2": 2.0 * min(2.0, 0.15 * self.turns)}
            v = per[eff]
        else:
            v = 0.85 * max(self.bundle(b) for b in cfg.spec_effect[sid])
            if self.last_round:
                v *= 0.3  # too late to use most of it
            if kind == "amulet":
                v += self.amulet_gain([cfg.amulet_kinds[cfg.spec_amulet[sid]]])
        if "specialist_p2" in self.passives:
            v += 2.0
        return v

    def take_specialist(self, sid: str) -> float:
        v = self.specialist(sid)
        if len(self.held) >= self.cfg.disp["max_specialists"]:
            v -= min(self.specialist(x) for x in self.held)
        return v

    # ---- investments -----------------------------------------------------------------------------
    def invest(self, rid: str, permanent: bool) -> float:
        """inv:/perm:<room>: a worker on a chair there counts 1 at the end and 1 in every later line, and
        lets a leader act twice in the room."""
        if self.res < 1:
            return 0.0
        room = self.rooms[self.cfg.room_index[rid]]
        use = ROOM_USE.get(room["kind"], 0.5) * (0.5 if rid in self.mine else 1.0) * min(1.0, self.turns / 6)
        if permanent:
            v = 1.0 + self.lines_ahead + use
        else:
            v = 0.3 * self.lines_ahead + use
        v -= RESOURCE
        if "invest_p3" in self.passives:
            v += 3.0
        if "invest" in self.done_abilities:
            v += 1.0
        return v

    def best_invest(self) -> float:
        key = "inv"
        if key not in self._cache:
            free = [r["id"] for r in self.rooms if len(r["chairs"]) < r["capacity"]]
            self._cache[key] = max((self.invest(r, True) for r in free), default=0.0) if self.res >= 1 else 0.0
        return self._cache[key]

    # ---- reward bundles --------------------------------------------------------------------------
    def token(self, tok: str) -> float:
        """One unit of a reward token (components.toml's codes)."""
        key = ("tok", tok)
        if key in self._cache:
            return self._cache[key]
        v = self._token(tok)
        self._cache[key] = v
        return v

    def _token(self, tok: str) -> float:
        view = self.view
        if tok == "money":
            return MONEY
        if tok == "points":
            return 1.0
        if tok in GOOD_TOKENS:
            return self.good_value(GOOD_TOKENS[tok])
        if tok == "good":
            return self.any_good()
        if tok == "rec":
            board = self.me["board"]
            if board <= 0:
                return 0.0
            # the personal board's last two spaces score once uncovered (final scoring)
            bonus = {2: self.cfg.board_bonus[0], 1: self.cfg.board_bonus[1]}.get(board, 0.0)
            bonus *= min(1.0, self.turns / 3 + 0.5)
            return RESOURCE + (0.3 if self.res == 0 else 0.0) + bonus
        if tok == "car":
            return self.best_dispatch()
        if tok == "inv":
            return self.best_invest()
        if tok == "pir":
            return max((self.bundle(parse_bundle(x["reward"])) for x in view["pirate_supply"]), default=0.0)
        if tok == "spec":
            return max((self.take_specialist(x["id"]) for x in view["specialist_supply"]), default=0.0)
        if tok == "amu":
            return max((self.amulet_gain([x["kind"]]) for x in view["amulet_supply"]), default=0.0)
        if tok == "ret":
            return -RESOURCE - 0.5
        if tok == "others":
            return -0.2 * (view["players"] - 1)
        if tok == "book":
            return (self.res + 1) * MONEY
        if tok.startswith("sell"):
            return max(self.sales(tok).values(), default=0.0)
        return 0.0

    def bundle(self, bundle) -> float:
        v = 0.0
        for tok, n in bundle:
            if tok == "points":
                v += n + (self.mark if self._crosses(n) else 0.0)
            else:
                v += n * self.token(tok)
        return v

    def _crosses(self, n: int) -> bool:
        return any(self._points < m <= self._points + n for m in self.cfg.marks)

    def sales(self, task: str) -> dict:
        """A specialist's sale options for pending `task` -> value (the reward, doubled for the x2 cards)."""
        cfg = self.cfg
        want, mult, _banned = sale_terms(task)
        out = {}
        for r, room in enumerate(self.rooms):
            if room["kind"] == "market":
                for i, (k, rw) in enumerate(cfg.markets[cfg.market_of[r]]):
                    if room["goods"][i] is None and self.goods[k] > 0 and (want is None or want == k):
                        out[f"sell:{room['id']}.{i + 1}"] = mult * self._plain(rw) - self.keep_value(k)
        return out

    def _plain(self, bundle) -> float:
        """A bundle without recruit, investment and dispatch (a specialist's sale drops them)."""
        return self.bundle(tuple((t, n) for t, n in bundle if t not in ("rec", "inv", "car")))

    # ---- rooms -----------------------------------------------------------------------------------
    def room_options(self, rid: str, money: int | None = None) -> dict:
        """Option suffix ('' for a room with one action) -> value of executing room `rid` that way."""
        money = self.money if money is None else money
        key = ("room", rid, money)
        if key in self._cache:
            return self._cache[key]
        out = self._room_options(rid, money)
        self._cache[key] = out
        return out

    def _room_options(self, rid: str, money: int) -> dict:  # noqa: C901 - one branch per room kind
        cfg = self.cfg
        r = cfg.room_index[rid]
        room = self.rooms[r]
        kind = room["kind"]
        g = self.goods
        if kind == "goods":
            return {"": self.any_good() + self.best_dispatch(money)}
        if kind == "gold_pirate":
            return {"gold": self.good_value(GOLD), "pirate": self.token("pir")}
        if kind == "counting_house":
            car = self.best_dispatch(money)
            return {"money": self.view["counting_house"] * MONEY + car, "good": self.any_good() + car}
        if kind == "specialist":
            return {"": self.token("spec")}
        if kind == "market":
            out = {}
            for i, (k, rw) in enumerate(cfg.markets[cfg.market_of[r]]):
                if room["goods"][i] is None and g[k] > 0:
                    out[str(i + 1)] = self.bundle(rw) - self.keep_value(k)
            return out
        if kind in ("retail", "wholesale"):
            return self._sell_row(room, kind)
        if kind == "bank":
            out, paid, v = {}, 0, 0.0
            for i, (c, rw) in enumerate(cfg.bank):
                paid += c
                if paid > money:
                    break
                v += self.bundle(rw) - c * MONEY
                out[str(i + 1)] = v
            return out
        if kind == "black_market":
            return {"": sum(max(0.0, v) for v in sorted(self.black_market(money).values(), reverse=True)[:2])}
        if kind == "exchange":
            best = max(self.token("rec"), self.token("car"), self.token("inv"), self.good_value(GOLD))
            out, v = {}, 0.0
            for i, c in enumerate(cfg.costs["exchange"]):  # each further choice a little less useful
                if c > money:
                    break
                v += best * 0.85 ** i
                out[str(i + 1)] = v - c * MONEY
            return out
        if kind == "meeting_hall":
            if money < cfg.costs["meeting_hall_money"]:
                return {}
            specs = sorted((self.take_specialist(x["id"]) for x in self.view["specialist_supply"]), reverse=True)
            out, v = {}, 0.0
            for i, w in enumerate(cfg.costs["meeting_hall_workers"]):
                if w > self.res or i >= max(1, len(specs)):
                    break
                v += specs[i] if i < len(specs) else 0.0
                out[str(i + 1)] = v - w * (RESOURCE + 0.7) - cfg.costs["meeting_hall_money"] * MONEY
            return out
        if kind == "warehouse":
            takes = sorted((self.good_value(LETTER[x[0]]) for rm in self.rooms for x in
                            [gd for gd in rm["goods"] if gd]), reverse=True)
            out, v = {}, self.token("rec")
            for i, c in enumerate(cfg.costs["warehouse"]):
                if c > money or i >= len(takes):
                    break
                v += takes[i]
                out[str(i + 1)] = v - c * MONEY
            return out
        if kind == "great_hall":
            fee = cfg.costs["great_hall"]
            if money < fee:
                return {}
            out = {"a": 2 * self.token("rec") + self.best_invest() + self.best_dispatch(money - fee) - fee * MONEY}
            copies = self.copy_options(money - fee)
            if copies:
                out["copy"] = max(copies.values()) + self.token("rec") - fee * MONEY
            return out
        return {}

    def _sell_row(self, room, kind) -> dict:
        cfg = self.cfg
        rewards = cfg.retail if kind == "retail" else cfg.wholesale
        free = [i for i, x in enumerate(room["goods"]) if x is None]
        out = {}
        have = [k for k in range(4) if self.goods[k] > 0]
        if kind == "retail":
            from itertools import combinations
            for n in range(1, len(free) + 1):
                for combo in combinations(have, n):
                    v = sum(self.bundle(rewards[free[j]]) for j in range(n)) - sum(self.keep_value(k) for k in combo)
                    out["".join(GOOD_LETTER[k] for k in combo)] = v
        else:
            for k in have:
                for n in range(1, min(len(free), self.goods[k]) + 1):
                    v = sum(self.bundle(rewards[free[j]]) for j in range(n)) - n * self.keep_value(k)
                    out[GOOD_LETTER[k] * n] = v
        return out

    def black_market(self, money: int) -> dict:
        """Black-market trades ('bm+t' buy, 'bm-f' sell for the price plus the bonus) -> value."""
        cfg = self.cfg
        out = {}
        for k in range(4):
            if money >= cfg.bm_price[k] and self.view["supply"][GOODS[k]] > 0:
                out[f"bm+{GOOD_LETTER[k]}"] = self.good_value(k) - cfg.bm_price[k] * MONEY
            if self.goods[k] > 0:
                out[f"bm-{GOOD_LETTER[k]}"] = (cfg.bm_price[k] + cfg.bm_bonus) * MONEY - self.keep_value(k)
        return out

    def copy_options(self, money: int) -> dict:
        """Great hall copies: 'copy:<room>[:<opt>]' -> value."""
        out = {}
        leaders = {r["id"] for r in self.rooms if r["leader"] is not None}
        for rid in sorted(leaders):
            if self.rooms[self.cfg.room_index[rid]]["kind"] == "great_hall":
                continue
            for opt, v in self.room_options(rid, money).items():
                out[f"copy:{rid}" + (f":{opt}" if opt else "")] = v
        return out

    def room_value(self, rid: str) -> float:
        """Moving a leader into `rid`: its best option (twice over a chair of the seat's)."""
        opts = self.room_options(rid)
        best = max(opts.values(), default=0.0)
        if rid in self.mine and best > 0:
            best *= 1.8
        return max(best, 0.0)

    # ---- worship ---------------------------------------------------------------------------------
    def temple(self, i: int) -> float:
        t = self.view["temples"][i]
        return -1.0 if t["flipped"] else self.bundle(parse_bundle(t["reward"]))

    def hall(self) -> float:
        """Moving a leader into the ancestral hall: the best worship it allows."""
        key = "hall"
        if key not in self._cache:
            temples = [self.temple(i) for i in range(len(self.view["temples"]))]
            fams = [self.family(t) for t in range(len(self.towns))]
            self._cache[key] = max(temples + fams + [0.0])
        return self._cache[key]

    def near_hall(self) -> float:
        """A bonus for a leader ending its move from where the hall is in reach next turn, when the planned
        line is worth laying."""
        _t, best = self.best_town()
        return NEAR_HALL * max(0.0, best - 4.0) if not self.last_round else 0.0


@functools.lru_cache(maxsize=16)
def hall_steps(cfg) -> dict:
    """Room index -> fewest steps to the ancestral hall along the exits (no rooms skipped)."""
    out = {HALL: 0}
    todo = [HALL]
    back: dict = {}
    for a, exits in cfg.exits.items():
        for b in exits:
            back.setdefault(b, []).append(a)
    while todo:
        x = todo.pop(0)
        for a in back.get(x, []):
            if a not in out:
                out[a] = out[x] + 1
                todo.append(a)
    return out
