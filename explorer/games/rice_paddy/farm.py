"""One Rice Paddy seat's farm as the heuristic bot reads it: its paddies, the plan it follows
(explorer.games.rice_paddy.plans) and this round's wishes (the allocation, draining, spirit cards).

Everything here reads one seat's own field and resources and the public board, never another seat's hidden
cards. The state may be one rebuilt from the seat's view (`from_view`).
"""
from __future__ import annotations

from .fields import GATE, OPEN, WALL
from .plans import Plan, best_plan
from .player import GROWN, NONE, PLANTED
from .steps import infestation

WEED_FIRST = True  # pull the weeds of a dry paddy before planting it
WEED_GAIN = 0.6  # rice a worker pulling weeds from a harvest must add (rounds 1-6)
FERTILISE = True  # put an ox on a planted paddy to fertilise it when the water can refill it


class Farm:
    """What the rules read of one seat: its paddies, the plan, and this round's wishes."""

    def __init__(self, state, seat: int):
        self.s, self.seat, self.cfg = state, seat, state.cfg
        self.p = state.players[seat]
        self.F = state.F(seat)
        self.L = self.cfg.labels
        self._plan = None

    @property
    def plan(self) -> Plan:
        if self._plan is None:
            self._plan = best_plan(self.s, self.seat)
        return self._plan

    def rice(self, r, hexes: int, weeds: int, pests: int, final: bool) -> int:
        """The harvest table's rice for `hexes` of paddy r with these weeds and pests (plus bonus)."""
        if hexes <= 0:
            return 0
        row = infestation(weeds, pests)
        col = min(hexes + (self.p.fert >> r & 1), self.cfg.max_paddy + 1)
        return self.cfg.harvest[1 if final else 0][row][col - 1] + self.s.passive(self.seat, "harvest_bonus")

    def magic(self, r) -> int:
        return (self.p.magic & self.F.mask[r]).bit_count()

    def plan_rocks(self) -> list[int]:
        """Rocks in the planned paddies, nearest the reservoir first."""
        out = []
        for m in self.plan.paddies:
            out += [h for h in range(self.cfg.H) if (self.p.rocks & m) >> h & 1]
        return out

    def next_pieces(self) -> list[tuple[int, int]]:
        """(edge, WALL or GATE) still to build for the plan, the first paddy down the chain first."""
        p, plan = self.p, self.plan
        todo = [k for k in plan.edges if p.edges[k] == OPEN]
        todo.sort(key=lambda k: (plan.rank[k], k not in plan.gates, k))
        return [(k, GATE if k in plan.gates else WALL) for k in todo]

    def first_paddy_pieces(self) -> int:
        """Pieces still needed to finish the next unfinished planned paddy (and those before it)."""
        todo = self.next_pieces()
        if not todo:
            return 0
        first = self.plan.rank[todo[0][0]]
        return sum(1 for k, _ in todo if self.plan.rank[k] == first)

    # ---- water ------------------------------------------------------------------------------------
    def chain_after(self, new: int = 0) -> list:
        """The water chain after this round's building: (key, hex mask, size) per paddy, the existing
        chain then, if `new` is a planned paddy's mask that this round's pieces finish, that paddy."""
        F = self.F
        out = [(r, F.mask[r], F.sizes[r]) for r in F.chain]
        if new:
            out.append((("new", new), new, new.bit_count()))
        return out

    def full_after_flood(self, chain, drying, rocks_gone: int = 0) -> tuple[set, int]:
        """Which paddies of `chain` will be full after the flood if the paddies in `drying` are emptied
        in the drain step (their water flowing down the chain where a paddy below can take it), and the
        reservoir then floods from the top (whole paddies only, a rock stops it). Returns (keys, discs
        left over)."""
        p = self.p
        res = p.reservoir  # water the players before may pass on is not counted on
        down = 0
        for i, (key, m, _) in enumerate(chain):
            if key in drying:
                below = any(k not in drying and (p.water | p.magic) & mm != mm for k, mm, _ in chain[i + 1:])
                if below:
                    down += (p.water & m).bit_count()
        full = set()
        flowing = True  # whether the flood still passes: a rock or a paddy it cannot fill stops it
        for key, m, size in chain:
            have = (p.magic & m).bit_count() + (0 if key in drying else (p.water & m).bit_count())
            free = size - have
            if free == 0:
                full.add(key)  # a full paddy stays full, even below where the flood stops
                continue
            if not flowing or p.rocks & m & ~rocks_gone:
                flowing = False
                continue
            if key not in drying:
                take = min(down, free)
                down -= take
                free -= take
            if free <= res:
                res -= free
                full.add(key)
            else:
                flowing = False
        return full, res + down

    # ---- the allocation ----------------------------------------------------------------------------
    def harvests(self, workers: int, livestock: int, final: bool) -> dict:
        """{grown paddy: (hexes, weeds removed, pests removed)}: the most rice for these workers (2 a hex,
        and in the last round also the paddy's size a weed) and livestock (1 a pest), pests first on the
        biggest harvests. Before the last round weeds wait: planting may need those workers more."""
        p, F = self.p, self.F
        grown = sorted((r for r in F.paddies if p.crop[r] == GROWN), key=lambda r: (-F.sizes[r], r))
        pests = {}
        for r in grown:
            k = min(p.pests[r], livestock)
            if k and self.rice(r, F.sizes[r], p.weeds[r], p.pests[r] - k, final) > \
                    self.rice(r, F.sizes[r], p.weeds[r], p.pests[r], final):
                pests[r] = k
                livestock -= k
        best = {0: (0.0, {})}  # workers used -> (rice, choice)
        for r in grown:
            size = F.sizes[r]
            nxt = dict(best)
            for used, (val, choice) in best.items():
                for k in range(1, size + 1):
                    for w in range(p.weeds[r] + 1 if final else 1):
                        cost = used + 2 * k + size * w
                        if cost > workers:
                            break
                        v = val + self.rice(r, k, p.weeds[r] - w, p.pests[r] - pests.get(r, 0), final)
                        if cost not in nxt or nxt[cost][0] < v:
                            nxt[cost] = (v, {**choice, r: (k, w, pests.get(r, 0))})
            best = nxt
        return max(best.values(), key=lambda vc: vc[0])[1]

    def wishes(self) -> list[tuple[str, float]]:
        """This round's allocation, one (box, value) per worker or ox, in the order the bot places them:
        harvest what has grown (with the weeds and pests worth removing first), oxen on the rocks of the
        planned paddies, plant the paddies the flood will fill, build the next planned paddy, fertilise,
        then build further with the workers left."""
        s, p, F, L = self.s, self.p, self.F, self.L
        final = s.round == 7
        W, Lv = p.workers, p.livestock
        out = []

        def add(text, n, value):
            out.extend([(text, value)] * n)

        harvest = self.harvests(W, Lv, final)
        weeds = list(p.weeds)  # weeds left after those pulled in this allocation
        for r, (k, w, q) in sorted(harvest.items(), key=lambda x: -F.sizes[x[0]]):
            weeds[r] -= w
            v = self.rice(r, k, p.weeds[r] - w, p.pests[r] - q, final)
            add(f"w harvest {L[r]}", 2 * k, v)
            add(f"w weed {L[r]}", F.sizes[r] * w, v)
            add(f"l pest {L[r]}", q, v)
            W -= 2 * k + F.sizes[r] * w
            Lv -= q
        if final:
            return out
        # oxen on the rocks in the way of the planned paddies
        rocks = self.plan_rocks()
        n = min(Lv, len(rocks))
        add("l rock", n, 8)
        Lv -= n
        gone = sum(1 << h for h in rocks[:n])
        drying = set() if s.passive(self.seat, "harvest_wet") else set(harvest)
        # plant the chain's paddies that the flood fills
        planned = []

        def plant(chain, value):
            nonlocal W
            full, _ = self.full_after_flood(chain, drying, gone)
            for key, m, size in chain:
                if key in full and key not in planned and size <= W:
                    if key.__class__ is int and p.crop[key] == PLANTED:  # a grown paddy is harvested or rots first
                        continue
                    rep = (m & -m).bit_length() - 1
                    add(f"w plant {L[rep]}", size, value + size)
                    planned.append(key)
                    W -= size
                    if key.__class__ is int:
                        weed(key, value)

        def weed(r, value):  # pull the weeds of a paddy that is dry at the weeds step, before it is planted
            nonlocal W
            n = weeds[r] * F.sizes[r]
            if WEED_FIRST and n and n <= W and (r in drying or not p.water & F.mask[r]):
                add(f"w weed {L[r]}", n, value)
                W -= n
                weeds[r] = 0

        chain = self.chain_after()
        plant(chain, 6)
        # build the next planned paddy
        todo = self.next_pieces()
        need = max(0, self.first_paddy_pieces() - p.bonus)
        built = 0
        oxen = min(Lv, need)
        add("l build", oxen, 5)
        Lv -= oxen
        built += oxen
        hands = min(W // 3, need - built)
        add("w build", 3 * hands, 5)
        W -= 3 * hands
        built += hands
        if todo and built + p.bonus >= self.first_paddy_pieces():
            first = self.plan.rank[todo[0][0]]
            new = self.plan.paddies[first] if first < len(self.plan.paddies) else 0
            if new and not any(m == new for _, m, _ in chain):
                plant(self.chain_after(new), 4)
        # pull weeds from the paddies harvested this round when it pays the workers left
        for r, (k, _, q) in harvest.items():
            size = F.sizes[r]
            while weeds[r] and size <= W:
                pests = p.pests[r] - q
                gain = self.rice(r, k, weeds[r] - 1, pests, final) - self.rice(r, k, weeds[r], pests, final)
                if gain < WEED_GAIN * size:
                    break
                add(f"w weed {L[r]}", size, gain)
                W -= size
                weeds[r] -= 1
        # fertilise planted paddies that can be drained and flooded again before they grow
        for r in self.chain_order():
            if Lv <= 0:
                break
            if FERTILISE and p.crop[r] == PLANTED and not p.fert >> r & 1 and s.fert > 0:
                if self.magic(r) or r in self.full_after_flood(chain, drying | {r}, gone)[0]:
                    add(f"l pest {L[r]}", 1, 3)
                    drying.add(r)
                    Lv -= 1
        # more pieces with the workers (and oxen) left
        more = max(0, len(todo) - p.bonus - built)
        oxen = min(Lv, more)
        add("l build", oxen, 2)
        more -= oxen
        hands = min(W // 3, more)
        add("w build", 3 * hands, 2)
        W -= 3 * hands
        # workers still idle: plant the chain's other empty paddies, in case more water comes
        for key, m, size in chain:
            if key not in planned and size <= W and not p.crop[key] == PLANTED and not p.rocks & m & ~gone:
                add(f"w plant {L[key]}", size, 1)
                W -= size
                weed(key, 1)
        return out

    def short_of_workers(self) -> bool:
        """Whether next round's farming (harvest and plant again what is planted now, plant the chain's
        empty paddies) needs more workers than the seat has."""
        p, F = self.p, self.F
        need = sum(3 * F.sizes[r] for r in F.paddies if p.crop[r] == PLANTED)
        need += sum(F.sizes[r] for r in F.chain if p.crop[r] == NONE)
        return need > p.workers

    def chain_order(self) -> list:
        """The seat's paddies: the chain's in order, then the others."""
        F = self.F
        return list(F.chain) + [r for r in F.paddies if r not in F.pos]

    # ---- draining -----------------------------------------------------------------------------------
    def drying(self) -> list:
        """Paddies that must be dry this round: grown ones with harvest workers (unless a spirit lets the
        seat harvest wet paddies), planted ones given oxen (fertiliser, pests) or weeding workers."""
        p, L = self.p, self.L
        wet_ok = self.s.passive(self.seat, "harvest_wet")
        out = []
        for r in self.chain_order():
            if p.crop[r] == GROWN and not wet_ok and p.count(f"w harvest {L[r]}"):
                out.append(r)
            elif p.crop[r] == PLANTED and (p.count(f"l pest {L[r]}") or p.count(f"w weed {L[r]}")):
                out.append(r)
        return out

    def wants_water(self, r) -> bool:
        """Whether paddy r should fill up this round: workers are on planting it, or it is planted."""
        p, F, L = self.p, self.F, self.L
        if p.crop[r] == PLANTED:
            return True
        return sum(p.count(f"w plant {L[h]}") for h in F.members[r]) >= F.sizes[r]

    def drain_move(self, actions) -> str:
        """Empty the paddies that must be dry, the one nearest the reservoir first: each disc flows down the
        chain into a paddy that need not be dry if one can take it, else drains to the next player."""
        p, F, L = self.p, self.F, self.L
        legal = set(actions)
        dry = self.drying()
        if p.reservoir and dry:  # while the paddies to dry are still full, the reservoir's water passes them
            for t in self.s.flow_targets(self.seat, -1):
                r = F.region[t]
                if r not in dry and self.wants_water(r) and f"flow R {L[t]}" in legal:
                    return f"flow R {L[t]}"
        for r in dry:
            wet = [h for h in F.members[r] if p.water >> h & 1]
            if not wet:
                continue
            start = F.pos.get(r)
            if start is not None:
                for t in self.s.flow_targets(self.seat, start):
                    if F.region[t] not in dry:
                        move = f"flow {L[wet[0]]} {L[t]}"
                        if move in legal:
                            return move
            return f"drain {L[wet[0]]}"
        return "done"

    # ---- spirit cards -------------------------------------------------------------------------------
    def room(self) -> int:
        """Discs of water the seat could use: empty hexes of its chain and of the next planned paddy."""
        p, F = self.p, self.F
        n = sum(F.sizes[r] - ((p.water | p.magic) & F.mask[r]).bit_count() for r in F.chain)
        todo = self.next_pieces()
        if todo:
            first = self.plan.rank[todo[0][0]]
            if first < len(self.plan.paddies):
                n += self.plan.paddies[first].bit_count()
        return n

    def card_value(self, c: int, uses: int) -> float:
        """Rice a spirit card is worth if it acts in `uses` spirit steps from now on (an estimate)."""
        card = self.cfg.spirit[c]
        e, a = card.effect, card.amount
        p = self.p
        if card.kind != "passive":  # active, or any-time (rice_paddy.spirit.anytime): once a round too
            if e == "rice":
                per = a
            elif e == "water":
                per = 0.8 * a if self.room() else 0.2 * a
            elif e == "worker":
                per = 2.0 * a if p.wmarket else 0
            elif e == "livestock":
                per = 3.0 * a if p.lmarket else 0
            elif e in ("remove_weed", "remove_pest"):
                per = 0.6 * a
            elif e == "remove_rock":
                return 2.0 * min(uses, (p.rocks & self.cfg.every_hex).bit_count())
            elif e == "free_walls":
                per = 1.5 * a if self.next_pieces() else 0.3 * a
            elif e == "magic_water":
                per = 5.0
            else:  # plant
                per = 3.0
            return per if card.once else per * uses
        if e == "harvest_bonus":
            return a * (0.7 * uses + 1)
        if e == "market_discount":
            return 0.5 * a * (1 if card.lasting == "round" else uses)
        if e == "end_rice":
            return a
        if e == "end_per_paddy":
            return a * max(len(self.F.paddies), len(self.plan.paddies))
        return 2 + 0.5 * uses  # harvest_wet

    def first_chance(self, c: int) -> float:
        """The chance that playing card c leaves the seat first in turn order this round (lowest highest
        card played); cards the others play now are unknown, any card of this half not seen."""
        s, p = self.s, self.p
        mine = max(p.played + (c,))
        lo, hi = (1, 20) if s.round <= 3 else (21, 40)
        seen = {x for q in s.players for x in q.played} | set(p.hand)
        unseen = [x for x in range(lo, hi + 1) if x not in seen and x != c]
        above = sum(1 for x in unseen if x > mine) / max(1, len(unseen))
        chance = 1.0
        for i, q in enumerate(s.players):
            if i != self.seat:
                chance *= 1.0 if max(q.played, default=0) > mine else above
        return chance

    def play_value(self, c: int) -> float:
        """Playing card c now rather than next round: one more use of an active card, the chance of going
        first and taking this round's rain, and the card's own worth."""
        rounds_left = 7 - self.s.round
        card = self.cfg.spirit[c]
        now = self.card_value(c, rounds_left)
        later = self.card_value(c, rounds_left - 1)
        rain = min(self.s.rainw, self.room()) * 0.8
        return (now - later) + rain * self.first_chance(c) + 0.01 * now - (0.001 * c if card.kind else 0)


__all__ = ["FERTILISE", "Farm", "WEED_FIRST", "WEED_GAIN"]
