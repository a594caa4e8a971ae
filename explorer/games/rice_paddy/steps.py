"""The round track: which step comes next, and the steps that need no decision (rain, flood, grow ...)."""
from __future__ import annotations

import functools

from .fields import GATE, WALL
from .player import GROWN, NONE, PLANTED, put

DECIDE = frozenset(("setup", "draft", "play", "spirits", "alloc", "build", "gates", "rocks", "drain", "grow", "grow2",
                    "achieve", "market"))


@functools.cache
def steps_of(rnd: int) -> tuple:
    """rice_paddy.round.steps, rice_paddy.sixth.second-grow, rice_paddy.sixth.no-market,
    rice_paddy.final.steps."""
    if rnd == 7:  # rice_paddy.final.steps: no rain, no spirit cards
        return ("dry", "alloc", "weeds", "pests", "harvest", "score")
    out = ["setup", "draft"] if rnd == 1 else ["draft"] if rnd == 4 else []
    # rice_paddy.farm.order: weeds, pests, harvest in the listed order; rice_paddy.grow.harvest-later: harvest
    # comes before grow in a round, so a paddy that grew is harvested in a later round at the earliest
    out += ["rain", "play", "take", "spirits", "alloc", "build", "gates", "rocks", "drain", "weeds", "pests",
            "harvest", "rot", "flood", "grow", "plant"]
    if rnd == 6:
        out.append("grow2")  # rice_paddy.sixth.second-grow
    out.append("achieve")
    if rnd < 6:
        out.append("market")  # rice_paddy.sixth.no-market
    return tuple(out)


class StepsMixin:
    __slots__ = ()

    # ---- driving the round ------------------------------------------------------------------
    def _advance(self):
        while self.step != "over":
            st = self.step
            if st in DECIDE or (st == "flood" and self.cfg.flood_choice):
                while self.queue and not self._needs(self.queue[0]):
                    item = self.queue[0]
                    if st == "build":
                        self.pm(item).build_left = 0
                    elif st == "rocks":
                        self.pm(item).rock_left = 0
                    elif st == "flood":
                        self.flood_end(item)
                    self.pop()
                if self.queue:
                    return
                if not self._end(st):
                    continue
            else:
                getattr(self, "_auto_" + st)()
                if st == "score":
                    self.step, self.queue = "over", ()
                    return
            self._next()

    def _next(self):
        seq = steps_of(self.round)
        i = seq.index(self.step)
        if i + 1 < len(seq):
            self.step = seq[i + 1]
        else:
            self.round += 1
            self.step = steps_of(self.round)[0]
            mask = self.cfg.anytime_round
            if mask:  # rice_paddy.spirit.anytime: once a round, so each round makes them ready again
                for i in range(self.cfg.players):
                    if self.players[i].spent & mask:
                        self.pm(i).spent &= ~mask
        self._enter(self.step)

    def _enter(self, st):
        n = self.cfg.players
        self.queue = ()
        if st == "setup":  # rice_paddy.setup.gate-side
            self.queue = tuple(range(n))
        elif st == "flood":
            if self.cfg.flood_choice:  # rice_paddy.flood.choose
                self.queue = self.order
        elif st == "draft":
            d = 0 if self.round == 1 else 1
            deck = self.decks[d]
            k = self.cfg.comp.draft_hand
            for i in range(n):  # rice_paddy.draft.first / rice_paddy.draft.second: four cards each
                self.pm(i).draft = tuple(sorted(deck[i * k:(i + 1) * k]))
            self.decks = put(self.decks, d, deck[n * k:])
            self.dstage = 0
            self.queue = tuple(range(n))
        elif st == "play":
            self.queue = tuple(range(n))
        elif st == "spirits":
            sp = self.cfg.spirit
            # rice_paddy.spirit.once: a once-per-game card that was used is not resolved again
            self.queue = tuple((s, c) for s in self.order for c in sorted(self.players[s].played)
                               if sp[c].kind == "active" and not self.players[s].spent >> c & 1)
        elif st in ("grow", "grow2"):
            self.queue = self.order
            for i in range(n):
                if self.players[i].hold:
                    self.pm(i).hold = 0
        elif st in ("alloc", "build", "gates", "rocks", "drain", "achieve", "market"):
            # rice_paddy.drain.order, rice_paddy.achieve.order, rice_paddy.market.order: in turn order
            self.queue = self.order
            for i in range(n):
                p = self.players[i]
                if st == "alloc":
                    self._reset(i, "alloc", ())
                elif st == "build":  # rice_paddy.build.cost: 3 workers or 1 livestock a piece
                    self._reset(i, "build_left", p.count("w build") // 3 + p.count("l build"))
                elif st == "gates":
                    self._reset(i, "moved", 0)
                elif st == "rocks":
                    self._reset(i, "rock_left", p.count("l rock"))
                elif st == "achieve":
                    self._reset(i, "achieved", False)
                elif st == "market":
                    self._reset(i, "bought", 0)

    def _reset(self, i: int, name: str, value):
        """Set player i's counter `name` for the new step, copying the player only if it changes."""
        if getattr(self.players[i], name) != value:
            setattr(self.pm(i), name, value)

    def _end(self, st) -> bool:
        """A decision step's queue ran out: finish it (True) or start its next stage (False)."""
        n = self.cfg.players
        if st == "draft":
            d = 0 if self.round == 1 else 1
            rest = []
            for i in range(n):
                p = self.pm(i)
                p.hand = tuple(sorted(p.hand + (p.pick,)))
                rest.append(tuple(c for c in p.draft if c != p.pick))
                p.pick = -1
            if self.dstage < 2:  # rice_paddy.draft.first: pass left (draft 2: right)
                step = 1 if d == 0 else -1  # rice_paddy.setup.seats: left is the next seat number
                for i in range(n):
                    self.pm((i + step) % n).draft = rest[i]
                self.dstage += 1
                self.queue = tuple(range(n))
                return False
            for i in range(n):
                self.pm(i).draft = ()
            # the last card of each hand goes back face down on top of its deck
            self.decks = put(self.decks, d, tuple(c for r in rest for c in r) + self.decks[d])
            return True
        if st == "play":  # rice_paddy.spirit.play: revealed together
            for i in range(n):
                p = self.pm(i)
                p.hand = tuple(c for c in p.hand if c != p.pick)
                p.played = p.played + (p.pick,)
                p.pick = -1
            # rice_paddy.spirit.order: lowest highest-played card first
            self.order = tuple(sorted(range(n), key=lambda i: max(self.players[i].played)))
        if st in ("grow", "grow2"):
            self._grow()
        return True

    # ---- automatic steps -------------------------------------------------------------------
    def _auto_rain(self):
        """Reveal the rain card: its water, and weeds or pests in the paddies it names."""
        cfg = self.cfg
        card = cfg.rain[self.rain_deck[0]]  # rice_paddy.rain.reveal
        self.rain = card.id
        self.rain_deck = self.rain_deck[1:]
        self.rain_seen = self.rain_seen + (card.id,)
        k = min(self.water, card.water[str(cfg.players)])  # rice_paddy.rain.reveal: as many as the supply has
        self.water -= k
        self.rainw = k
        if not (card.weeds or card.pests):
            return
        for i in range(cfg.players):
            p = self.players[i]
            F = self.F(i)
            if card.target == "largest":
                reps = sorted(F.paddies, key=lambda r: (-len(F.members[r]), r))[:1]
            else:
                reps = [r for r in F.paddies if _matches(card.target, p, F, r)]
            for r in reps:  # rice_paddy.rain.weeds-pests
                p = self.pm(i)
                w, q = min(card.weeds, self.weeds), min(card.pests, self.pests)
                p.weeds = put(p.weeds, r, p.weeds[r] + w)
                p.pests = put(p.pests, r, p.pests[r] + q)
                self.weeds -= w
                self.pests -= q

    def _auto_take(self):
        """The first player takes the rain water into their reservoir."""
        self.pm(self.order[0]).reservoir += self.rainw  # rice_paddy.rain.take
        self.rainw = 0

    def _pooled(self, seat, kind) -> dict:
        """Workers/livestock on `kind` boxes summed per paddy, targets resolved now (after building)."""
        p = self.players[seat]
        F = self.F(seat)
        box = self.cfg.alloc_box
        out: dict[int, int] = {}
        for t, n in p.alloc:
            kh = box.get(t)
            if kh is not None and kh[0] == kind:
                r = F.paddy_of(kh[1])
                if r is not None:
                    out[r] = out.get(r, 0) + n
        return out

    def paddy_event(self, step: str, seat: int, r: int, **what) -> dict:
        """A report of what `step` did to `seat`'s paddy r: step, round, seat, paddy (its hexes' labels), size."""
        F = self.F(seat)
        return {"step": step, "round": self.round, "seat": seat,
                "paddy": "".join(self.cfg.labels[h] for h in F.members[r]), "size": len(F.members[r]), **what}

    def _note(self, step: str, seat: int, r: int, **what):
        """Report what an automatic step did to paddy r, while a caller records (apply_with_events)."""
        self._log.append(self.paddy_event(step, seat, r, **what))

    def _auto_weeds(self):
        """rice_paddy.weeds.cost: workers equal to the paddy's size per weed, dry paddies only."""
        for i in range(self.cfg.players):
            F = self.F(i)
            for r, n in self._pooled(i, "weed").items():
                p = self.players[i]
                k = min(p.weeds[r], n // len(F.members[r]))
                wet = bool(p.water & F.mask[r])
                if self._log is not None:
                    self._note("weeds", i, r, workers=n, wet=wet, crop=p.crop[r], weeds_removed=0 if wet else k)
                if k and not wet:  # rice_paddy.farm.dry-only, rice_paddy.farm.wet-symbol
                    p = self.pm(i)
                    p.weeds = put(p.weeds, r, p.weeds[r] - k)
                    self.weeds += k

    def _auto_pests(self):
        """Livestock remove pests, and fertilise planted paddies (dry paddies only)."""
        for i in range(self.cfg.players):
            F = self.F(i)
            for r, n in self._pooled(i, "pest").items():
                p = self.players[i]
                wet = bool(p.water & F.mask[r])
                k = 0 if wet else min(p.pests[r], n)  # rice_paddy.pests.remove
                # rice_paddy.pests.fertilise: livestock on a planted paddy fertilise it, pest or not, once
                fert = not wet and n and p.crop[r] == PLANTED and not p.fert >> r & 1 and self.fert > 0
                if self._log is not None:
                    self._note("pests", i, r, livestock=n, wet=wet, crop=p.crop[r], pests_removed=k,
                               fertilised=bool(fert))
                if wet:  # rice_paddy.farm.dry-only
                    continue
                p = self.pm(i)
                p.pests = put(p.pests, r, p.pests[r] - k)
                self.pests += k
                if fert:
                    p.fert |= 1 << r
                    self.fert -= 1

    def _auto_harvest(self):
        """Harvest the grown paddies workers were allocated to: rice from the harvest table."""
        cfg = self.cfg
        table = cfg.harvest[1 if self.round == 7 else 0]  # rice_paddy.harvest.round7
        for i in range(cfg.players):
            F = self.F(i)
            wet_ok = self.passive(i, "harvest_wet")  # rice_paddy.spirit.harvest-wet overrides dry-only
            for r, n in self._pooled(i, "harvest").items():
                p = self.players[i]
                # rice_paddy.harvest.grown-only, rice_paddy.farm.dry-only
                ok = p.crop[r] == GROWN and not (p.water & F.mask[r] and not wet_ok)
                k = min(len(F.members[r]), n // 2) if ok else 0  # rice_paddy.harvest.cost, rice_paddy.harvest.partial
                fert = p.fert >> r & 1
                row = infestation(p.weeds[r], p.pests[r])  # rice_paddy.harvest.table: the whole paddy's
                bonus = self.passive(i, "harvest_bonus") if k else 0
                got = table[row][k + fert - 1] if k else 0  # rice_paddy.harvest.fertilised: one size larger
                if self._log is not None:
                    self._note("harvest", i, r, workers=n, harvested=bool(k), hexes=k, fertilised=bool(fert),
                               weeds=p.weeds[r], pests=p.pests[r], row=ROWS[row], table_rice=got, bonus=bonus,
                               rice=got + bonus, unfertilised_rice=table[row][k - 1] + bonus if k else 0)
                if not k:
                    continue
                p = self.pm(i)
                p.rice += got + bonus
                p.crop = put(p.crop, r, NONE)  # rice_paddy.harvest.clears: tiles and fertiliser; weeds, pests stay
                if fert:
                    p.fert &= ~(1 << r)
                    self.fert += 1

    def _auto_rot(self):
        """Grown paddies not harvested rot: they lose tiles, fertiliser, weeds and pests."""
        for i in range(self.cfg.players):
            p = self.players[i]
            for r in self.F(i).paddies:
                if p.crop[r] == GROWN:  # rice_paddy.rot.clear
                    if self._log is not None:
                        self._note("rot", i, r, fertilised=bool(p.fert >> r & 1))
                    p = self.pm(i)
                    p.crop = put(p.crop, r, NONE)
                    if p.fert >> r & 1:
                        p.fert &= ~(1 << r)
                        self.fert += 1
                    self.weeds += p.weeds[r]
                    self.pests += p.pests[r]
                    p.weeds = put(p.weeds, r, 0)
                    p.pests = put(p.pests, r, 0)

    def _auto_flood(self):
        """Each player in turn fills paddies down the chain as far as the water goes (with the option
        flood='choose' the players decide instead)."""
        for i in self.order:  # rice_paddy.flood.order: no workers, in turn order
            while (t := self.flood_next(i)) is not None:
                self.flood_fill(i, t)
            self.flood_end(i)

    def flood_next(self, seat):
        """The next paddy the reservoir's water can fill whole: water passes full paddies; a rock, a paddy
        it cannot fill whole or the end of the chain stops it (rice_paddy.rocks.block). None if none."""
        p = self.players[seat]
        if not p.reservoir:
            return None
        F = self.F(seat)
        # rice_paddy.flood.route, rice_paddy.walls.unconnected: water runs down the one chain of paddies
        # joined to the reservoir through gates; a paddy off the chain gets none
        for r in F.chain:
            m = F.mask[r]
            if p.rocks & m:
                return None
            free = F.members[r] if not (p.water | p.magic) & m else \
                [h for h in F.members[r] if not (p.water | p.magic) >> h & 1]
            if free:  # rice_paddy.flood.flow: only a paddy the water fills whole
                return r if len(free) <= p.reservoir else None
        return None

    def flood_fill(self, seat, r):
        """Fill paddy r's empty hexes from the reservoir."""
        p = self.pm(seat)
        F = self.F(seat)
        log = self._log
        for h in F.members[r]:
            if not (p.water | p.magic) >> h & 1:
                p.water |= 1 << h
                p.reservoir -= 1
                if log is not None:
                    log.append(((seat, "reservoir"), (seat, h)))

    def flood_end(self, seat):
        """Partly filled paddies are emptied, and that water and the reservoir's go to the next player
        (the last player's to the supply)."""
        p = self.pm(seat)
        F = self.F(seat)
        w, p.reservoir = p.reservoir, 0
        nxt = self.next_seat(seat)
        log = self._log
        if log is not None:
            log.extend(((seat, "reservoir"), (nxt, "reservoir")) for _ in range(w))
        for r in F.paddies:
            m = F.mask[r]
            if p.water & m and not self.is_full(p, F, r):  # rice_paddy.flood.no-partial
                for h in F.members[r]:
                    if p.water >> h & 1:
                        w += 1
                        if log is not None:
                            log.append(((seat, h), (nxt, "reservoir")))
                p.water &= ~m
        self.give_water(seat, w)  # rice_paddy.flood.surplus

    def magic_only(self, seat) -> list[int]:
        """Planted paddies whose only water is magic water: their owner chooses whether it counts
        (rice_paddy.magic.choice), so they grow unless held back with 'hold x'."""
        F = self.F(seat)
        p = self.players[seat]
        return [r for r in F.paddies if p.crop[r] == PLANTED and p.magic & F.mask[r] and not p.water & F.mask[r]]

    def _grow(self):
        """Planted paddies with water grow; magic water counts unless held back."""
        for i in range(self.cfg.players):
            F = self.F(i)
            p = self.players[i]
            for r in F.paddies:
                # rice_paddy.grow.auto, rice_paddy.magic.choice
                if p.crop[r] == PLANTED and (p.water | p.magic) & F.mask[r] and not p.hold >> r & 1:
                    p = self.pm(i)
                    p.crop = put(p.crop, r, GROWN)
            if p.hold:
                self.pm(i).hold = 0

    def _auto_plant(self):
        """Plant each paddy enough workers were allocated to, if it may be planted."""
        dry_ok = self.cfg.plant_dry
        for i in range(self.cfg.players):
            F = self.F(i)
            for r, n in self._pooled(i, "plant").items():
                p = self.players[i]
                ok = (p.crop[r] == NONE  # rice_paddy.plant.whole
                      and not p.rocks & F.mask[r]  # rice_paddy.plant.rocks
                      and n >= len(F.members[r])  # rice_paddy.plant.cost
                      # rice_paddy.plant.water, rice_paddy.farm.wet-symbol: checked now, after the flood
                      and (dry_ok or (p.water | p.magic) & F.mask[r]))
                if self._log is not None:
                    self._note("plant", i, r, workers=n, planted=ok, by="workers")
                if ok:
                    p = self.pm(i)
                    p.crop = put(p.crop, r, PLANTED)

    def _auto_dry(self):
        """Round 7 begins by taking all water off the paddies (magic water stays)."""
        log = self._log
        for i in range(self.cfg.players):
            p = self.pm(i)
            if log is not None:
                log.extend(((i, h), (None, "supply")) for h in range(self.cfg.H) if p.water >> h & 1)
                log.extend(((i, "reservoir"), (None, "supply")) for _ in range(p.reservoir))
            self.water += bin(p.water).count("1") + p.reservoir
            p.water, p.reservoir = 0, 0  # rice_paddy.final.remove-water, rice_paddy.magic.never-removed
        self.water += self.rainw
        self.rainw = 0

    def _auto_score(self):
        """Passive end-of-game spirit bonuses are added to the rice."""
        for i in range(self.cfg.players):  # rice_paddy.end.score
            bonus = self.passive(i, "end_rice") + self.passive(i, "end_per_paddy") * len(self.F(i).paddies)
            if bonus:
                self.pm(i).rice += bonus


ROWS = ("clean", "one pest", "one weed", "more")  # the harvest table's rows, by infestation()


def infestation(weeds: int, pests: int) -> int:
    """The harvest table's row: 0 clean, 1 one pest, 2 one weed, 3 more than one."""  # rice_paddy.harvest.table
    if weeds + pests == 0:
        return 0
    if weeds + pests > 1:
        return 3
    return 1 if pests else 2


def _matches(target, p, F, r) -> bool:
    m = F.mask[r]
    if target == "planted":
        return p.crop[r] != NONE
    if target == "wet":
        return bool(p.water & m)
    return not p.water & m  # dry


__all__ = ["DECIDE", "StepsMixin", "steps_of", "infestation", "WALL", "GATE"]
