"""Money, points, goods, workers and card rows of a Round House state: the gains and payments every effect uses."""
from __future__ import annotations

from itertools import chain

from ...core import rng
from .board import reach
from .config import GOLD
from .phases import DUP, HALL_ONLY, OVER


class ResourceMixin:
    __slots__ = ()

    def occupied(self) -> frozenset:
        return frozenset(chain.from_iterable(self.leaders)) - HALL_ONLY

    def reachable(self, leader: int, seat: int | None = None) -> dict:
        """Room id ('h' for the hall) -> steps, for `seat`'s leader number `leader` (0-based)."""
        seat = self.seat if seat is None else seat
        return dict(reach(self.cfg, self.leaders[seat][leader], self.occupied()))

    def elder_mask(self, p: int) -> int:
        return sum(1 << c for c, e in enumerate(self.elders) if p in e)

    def chairs_of(self, p: int) -> int:
        return sum(1 for ch in self.chairs for (q, _perm) in ch if q == p)

    def _active_orders(self, p, ability):
        """Completed orders of `p` with this ability, usable now."""
        cfg = self.cfg
        # round_house.order.ability-next-turn: completed on an earlier turn
        return [o for o, t in self.done[p] if t < self.turn and cfg.orders[o].ability == ability]

    def _trigger_order(self, p, ability, use=True) -> bool:
        """Use (or, without `use`, look for) one unused completed order with `ability` this turn."""
        for o in self._active_orders(p, ability):
            if o not in self.used:  # round_house.order.ability-once
                if use:
                    self._mut("used").append(o)
                return True
        return False

    def _passive(self, p, effect) -> bool:
        """A passive specialist of `p` fires at most once per turn (round_house.specialist.passive)."""
        sid = self.cfg.passive_of.get(effect)
        if sid is not None and sid in self.specs[p] and sid not in self.used:
            self._mut("used").append(sid)
            return True
        return False

    # ---- gains -------------------------------------------------------------------------------
    def gain_money(self, p, n):
        self._mut("money")[p] += n
        self.bank -= n  # round_house.supply.money: unlimited, but booked, so money is conserved

    def pay(self, p, n, to_counting=False):
        self._mut("money")[p] -= n
        if to_counting:
            self.counting += n
        else:
            self.bank += n

    def gain_points(self, p, n):
        """Points move the score marker; each order mark passed or reached gives a draw (round_house.order.draw)."""
        if n <= 0:
            return
        old = self.points[p]
        self._mut("points")[p] = old + n
        if self.phase != OVER:
            for m in self.cfg.marks:
                if old < m <= old + n:
                    self._mut("prio").append("ord")

    def gain_goods(self, p, k, n=1, hooks=True):
        """Goods come from the limited supply: a gain beyond it is lost."""
        n = min(n, self.supply[k])  # round_house.supply.goods
        if n <= 0:
            return 0
        self._mut("supply")[k] -= n
        self._mut("goods")[p][k] += n
        if hooks:
            self.goods_hooks(p, k)
        return n

    def goods_hooks(self, p, k):
        """Passive specialists (round_house.specialist.passive) react to a gain of goods; an unused goods order
        (round_house.order.abilities) offers one more of that kind, which the player may take or keep for a
        later gain this turn (round_house.order.optional)."""
        if k == GOLD and self._passive(p, "gold_p2"):
            self.gain_points(p, 2)
        if k != GOLD and self._passive(p, "goods_p1"):
            self.gain_points(p, 1)
        if self.phase != OVER and self._trigger_order(p, "goods", use=False):  # round_house.order.abilities
            t = DUP[k]
            if t not in self.tasks:
                self._mut("tasks").append(t)

    def lose_goods(self, p, k, n=1):
        self._mut("goods")[p][k] -= n
        self._mut("supply")[k] += n

    def return_workers(self, p, n):
        """Workers sent back 'to the worker supply' leave play, or with returned_workers='board' go back onto
        free spaces of the personal board (round_house.effect.return)."""
        self._mut("res")[p] -= n
        back = min(n, self.cfg.board_spaces - self.board[p]) if self.cfg.return_to_board else 0
        self._mut("board")[p] += back
        self._mut("gone")[p] += n - back

    def held_specialists(self, p) -> int:
        """Cards counted against the limit of three (round_house.specialist.limit); used amulet-type ones
        count only with amulet_specialist_slot='occupied'."""
        # round_house.specialist.amulet-slot: a used amulet-type card leaves its slot unless the option says not
        return len(self.specs[p]) + (len(self.spec_amulets[p]) if self.cfg.amulet_slot else 0)

    def recruit(self, p):
        """Take the leftmost worker off the personal board into the resource area."""
        if self.board[p] > 0:  # round_house.effect.recruit
            self._mut("board")[p] -= 1
            self._mut("res")[p] += 1

    def reward(self, p, bundle, mult=1, effects=True):
        """Apply a reward bundle; choices become tasks. Without `effects`, recruit/invest/caravan are
        dropped (round_house.specialist.sell)."""
        for tok, n in bundle:
            n *= mult
            if tok == "money":
                self.gain_money(p, n)
            elif tok == "points":
                self.gain_points(p, n)
            elif tok in ("fruit", "cel", "tea", "gold"):
                self.gain_goods(p, ("fruit", "cel", "tea", "gold").index(tok), n)
            elif tok == "rec":
                if effects:
                    for _ in range(n):
                        self.recruit(p)
            elif tok in ("car", "inv"):  # round_house.specialist.investment: S15's 投機 is "inv", an investment
                if effects:
                    self._mut("tasks").extend([tok] * n)
            elif tok in ("good", "pir", "spec", "amu"):
                self._mut("tasks").extend([tok] * n)

    def take_specialist(self, p, sid):
        if self._passive(p, "specialist_p2"):
            self.gain_points(p, 2)
        self._mut("specs")[p].append(sid)
        self._mut("taken")[p].append(sid)  # a record for statistics only: no rule reads it
        if self.held_specialists(p) > self.cfg.disp["max_specialists"]:
            self._mut("prio").append("disc")

    def refill(self, up, deck, size, disc=None):
        """Refill a face-up row from its deck; an empty deck is reshuffled from `disc` if given (the names
        of the three list fields)."""
        up, deck, disc = self._mut(up), self._mut(deck), disc and self._mut(disc)
        while len(up) < size:
            if not deck and disc:
                self.rng, fresh = rng.shuffled(self.rng, sorted(disc))
                deck.extend(fresh)
                disc.clear()
            if not deck:
                break
            up.append(deck.pop())

