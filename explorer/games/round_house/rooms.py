"""The thirteen room actions: their options, costs and effects."""
from __future__ import annotations

from itertools import combinations

from .actions import BM, COPY, DO, TAKE
from .config import GOOD_LETTER, HALL, sale_terms

CHAIR = "chair:"  # in `used`: a normal investment in that room used this turn, its worker still on the chair


class RoomMixin:
    __slots__ = ()

    # ---- options -----------------------------------------------------------------------------
    def room_choices(self, r: int, p: int, money: int | None = None) -> list:
        """Option suffixes ('' for a room with a single action) for executing room r now."""
        cfg = self.cfg
        kind = self.kinds[r]
        money = self.money[p] if money is None else money
        g = self.goods[p]
        if kind in ("goods", "specialist", "black_market"):
            return [""]
        if kind == "gold_pirate":
            return ["gold", "pirate"]
        if kind == "counting_house":
            return ["money", "good"]
        if kind == "great_hall":
            fee = cfg.costs["great_hall"]
            if money < fee:
                return []
            return ["a", "copy"] if self.copy_options(p, money - fee) else ["a"]
        if kind == "market":
            return [str(i + 1) for i, (k, _rw) in enumerate(cfg.markets[cfg.market_of[r]])
                    if self.slots[r][i] < 0 and g[k] > 0]
        if kind in ("retail", "wholesale"):  # round_house.room.retail-kinds: this action's goods, gold counts
            free = sum(1 for x in self.slots[r] if x < 0)
            out = []
            have = [k for k in range(4) if g[k] > 0]
            for n in range(1, free + 1):
                if kind == "retail":
                    out += ["".join(GOOD_LETTER[k] for k in c) for c in combinations(have, n)]
                else:
                    out += [GOOD_LETTER[k] * n for k in have if g[k] >= n]
            return out
        if kind == "bank":
            out, cost = [], 0
            for i, (c, _rw) in enumerate(cfg.bank):
                cost += c
                if cost <= money:
                    out.append(str(i + 1))
            return out
        if kind == "exchange":
            return [str(i + 1) for i, c in enumerate(cfg.costs["exchange"]) if c <= money]
        if kind == "meeting_hall":
            if money < cfg.costs["meeting_hall_money"] or not (self.spec_up or self.spec_deck or self.spec_disc):
                return []
            return [str(i + 1) for i, w in enumerate(cfg.costs["meeting_hall_workers"]) if w <= self.res[p]]
        if kind == "warehouse":
            return [str(i + 1) for i, c in enumerate(cfg.costs["warehouse"]) if c <= money]
        return []

    def room_options(self, r: int, p: int) -> list:
        return [DO[x] for x in self.room_choices(r, p)]

    def copy_options(self, p: int, money: int | None = None) -> list:
        """Great hall: any room holding a leader, but not the great hall itself (round_house.room.copy-self)."""
        cfg = self.cfg
        out = []
        rooms = sorted({r for ls in self.leaders for r in ls if r != HALL})
        for r in rooms:
            if self.kinds[r] == "great_hall":
                continue
            for x in self.room_choices(r, p, money):
                out.append(COPY[f"{cfg.room_ids[r]}:{x}" if x else cfg.room_ids[r]])
        return out

    # ---- execution ---------------------------------------------------------------------------
    def execute_room(self, p: int, a: str):
        """Carry out the room's action; the second execution, allowed by an investment in the room, uses up a
        normal investment unless a permanent one is there: its worker returns to the resource area as the
        second execution starts, so that execution may use it again, or with investment_return='room_end'
        once the room phase is over."""
        r = self.room
        if self.left == 1:  # round_house.effect.invest-return (round_house.effect.double gave the second)
            mine = [c for c in self.chairs[r] if c[0] == p]
            if mine and not any(perm for _q, perm in mine):
                if self.cfg.return_at_room_end:
                    self._mut("used").append(CHAIR + self.cfg.room_ids[r])
                else:
                    self._mut("chairs")[r].remove(mine[0])
                    self._mut("res")[p] += 1
        self.left -= 1
        self.run_room(p, r, a[3:] if a.startswith("do:") else "")

    def return_used_chairs(self, p: int):
        """Take back the workers of the normal investments used this turn (investment_return='room_end')."""
        cfg = self.cfg
        for mark in [u for u in self.used if u.startswith(CHAIR)]:
            r = cfg.room_index[mark[len(CHAIR):]]
            mine = [c for c in self.chairs[r] if c[0] == p and not c[1]]
            if mine:
                self._mut("chairs")[r].remove(mine[0])
                self._mut("res")[p] += 1
            self._mut("used").remove(mark)

    def copy_room(self, p: int, arg: str):
        room, _, opt = arg.partition(":")
        self.run_room(p, self.cfg.room_index[room], opt)

    def run_room(self, p: int, r: int, opt: str):
        cfg = self.cfg
        kind = self.kinds[r]
        if kind == "goods":  # round_house.room.goods
            self._mut("tasks").extend(["good", "car"])
        elif kind == "gold_pirate":  # round_house.room.goldpirate
            if opt == "gold":
                self.gain_goods(p, 3)
            else:
                self._mut("tasks").append("pir")
        elif kind == "specialist":  # round_house.room.specialist
            self._mut("tasks").append("spec")
        elif kind == "counting_house":  # round_house.room.counting
            if opt == "money":
                self._mut("money")[p] += self.counting
                self.counting = 0
                self.counting += cfg.disp["counting_house"]
                self.bank -= cfg.disp["counting_house"]
            else:
                self._mut("tasks").append("good")
            self._mut("tasks").append("car")
        elif kind == "great_hall":  # round_house.room.greathall (the fee goes to the counting house)
            self.pay(p, cfg.costs["great_hall"], to_counting=True)  # round_house.room.greathall-money
            if opt == "a":
                self.recruit(p)
                self.recruit(p)
                self._mut("tasks").extend(["inv", "car"])
            else:
                self._mut("tasks").append("copy")
                self.recruit(p)
        elif kind == "market":  # round_house.room.market
            i = int(opt) - 1
            k, bundle = cfg.markets[cfg.market_of[r]][i]
            self._mut("goods")[p][k] -= 1
            self._mut("slots")[r][i] = k
            self.reward(p, bundle)
            self.clear_if_full(r)
        elif kind in ("retail", "wholesale"):  # round_house.room.retail / .wholesale
            rewards = cfg.retail if kind == "retail" else cfg.wholesale
            for ch in opt:
                k = GOOD_LETTER.index(ch)
                i = self.slots[r].index(-1)
                self._mut("goods")[p][k] -= 1
                self._mut("slots")[r][i] = k
                self.reward(p, rewards[i])
            self.clear_if_full(r)
        elif kind == "bank":  # round_house.room.bank
            for c, bundle in cfg.bank[: int(opt)]:
                self.pay(p, c)
                self.reward(p, bundle)
        elif kind == "black_market":  # round_house.room.blackmarket
            self._mut("tasks").extend(["bm", "bm"])
        elif kind == "exchange":  # round_house.room.exchange
            n = int(opt)
            self.pay(p, cfg.costs["exchange"][n - 1])
            self._mut("tasks").extend(["ex"] * n)
        elif kind == "meeting_hall":  # round_house.room.meeting
            n = int(opt)
            self.pay(p, cfg.costs["meeting_hall_money"])
            w = cfg.costs["meeting_hall_workers"][n - 1]
            self.return_workers(p, w)  # round_house.effect.return
            self._mut("tasks").extend(["spec"] * n)
        elif kind == "warehouse":  # round_house.room.warehouse
            n = int(opt)
            self.pay(p, cfg.costs["warehouse"][n - 1])
            self._mut("tasks").extend(["take"] * n)
            self.recruit(p)

    def clear_if_full(self, r: int):
        """A market's goods go back to the supply once its three spaces are full."""
        slots = self.slots[r]
        if slots and all(x >= 0 for x in slots):  # round_house.room.clear
            for k in slots:
                self._mut("supply")[k] += 1
            self._mut("slots")[r] = [-1] * len(slots)

    # ---- warehouse, black market, specialist sales ---------------------------------------------
    def take_options(self) -> list:
        cfg = self.cfg
        out = []
        for r, slots in enumerate(self.slots):
            for k in sorted({x for x in slots if x >= 0}):
                out.append(TAKE[f"{cfg.room_ids[r]}:{GOOD_LETTER[k]}"])
        return out

    def take_good(self, p: int, r: int, k: int):
        i = self.slots[r].index(k)
        self._mut("slots")[r][i] = -1
        self._mut("goods")[p][k] += 1
        self.goods_hooks(p, k)

    def refill_warehouse(self):
        """The warehouse is topped up once no take is pending (round_house.room.warehouse)."""
        if "take" in self.tasks or "warehouse" not in self.kinds:
            return
        r = self.kinds.index("warehouse")  # the only one: room tiles are all different
        if -1 not in self.slots[r]:
            return
        for i, k in enumerate(self.cfg.warehouse_stock):
            if self.slots[r][i] < 0 and self.supply[k] > 0:
                self._mut("supply")[k] -= 1
                self._mut("slots")[r][i] = k

    def black_market_options(self, p: int) -> list:
        cfg = self.cfg
        out = []
        for k in range(4):
            if self.money[p] >= cfg.bm_price[k] and self.supply[k] > 0:
                out.append(BM["+" + GOOD_LETTER[k]])
        for k in range(4):
            if self.goods[p][k] > 0:
                out.append(BM["-" + GOOD_LETTER[k]])
        return out

    def black_market(self, p: int, a: str):
        """Buy at the price or sell for the price plus 2."""
        cfg = self.cfg
        k = GOOD_LETTER.index(a[3])  # round_house.blackmarket.price
        if a[2] == "+":
            self.pay(p, cfg.bm_price[k])
            self.gain_goods(p, k)
        else:
            self.lose_goods(p, k)
            self.gain_money(p, cfg.bm_price[k] + cfg.bm_bonus)

    def specialist_sale(self, p: int, task: str, arg: str):
        """round_house.specialist.sell: no recruit, invest or caravan from a sale by a specialist."""
        cfg = self.cfg
        room, _, sp = arg.partition(".")
        sp, _, good = sp.partition(":")
        r, i = cfg.room_index[room], int(sp) - 1
        if good:  # the retail or wholesale market (round_house.specialist.sell-markets)
            k = GOOD_LETTER.index(good)
            bundle = (cfg.retail if self.kinds[r] == "retail" else cfg.wholesale)[i]
        else:
            k, bundle = cfg.markets[cfg.market_of[r]][i]
        self._mut("goods")[p][k] -= 1
        self._mut("slots")[r][i] = k
        self.reward(p, bundle, mult=sale_terms(task)[1], effects=False)  # the card's multiplier
        self.clear_if_full(r)
        if task == "sell":
            self.tasks = [f"sell!{r}" if t == "sell" else t for t in self.tasks]
