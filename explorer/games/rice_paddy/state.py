"""The Rice Paddy rules: legal actions and their effects. Round flow lives in steps.py, views in views.py.

Actions are explorer.Action values, each a str, its notation (actions.py, notation.py): legal_actions() is a
tuple of them in a stable order.
"""
from __future__ import annotations

from ...core.action import Action
from ...core.state import State
from .actions import (
    ACH,
    BUY,
    DONE,
    DRAIN,
    FLOOD,
    FLOW,
    GATE_MOVE,
    HOLD,
    INVOKE,
    KEEP,
    L_BUILD,
    L_ROCK,
    PASS,
    PLAY,
    ROCK,
    SKIP,
    START,
    USE,
    W_BUILD,
)
from .diagnose import why_illegal
from .fields import GATE, OPEN, WALL, fields, move_rule
from .player import GROWN, PLANTED, bits, put
from .position import PositionMixin
from .steps import StepsMixin
from .views import ViewMixin

__all__ = ["RicePaddyState"]


class RicePaddyState(PositionMixin, ViewMixin, StepsMixin, State):
    """A Rice Paddy position. Never mutate one: `apply` returns a new state."""

    game_name = "rice_paddy"
    # The attributes (no __slots__: _copy is one dict copy): cfg, seed, round, step, queue, order, players,
    # water, magic, rainw, rain, rain_deck, rain_seen, weeds, pests, fert, walls, gates, rocks, ach, decks,
    # dstage (all in _key), and _log, _legal, _dirty (bookkeeping).

    # ---- contract ---------------------------------------------------------------------------
    @property
    def current_player(self):
        if self.step == "over" or not self.queue:
            return None
        q = self.queue[0]
        return q[0] if isinstance(q, tuple) else q

    @property
    def is_terminal(self):
        return self.step == "over"

    def legal_actions(self) -> tuple:
        acts = self._legal
        if acts is None:
            acts = self._legal = tuple(self._options(self.queue[0])) if self.step != "over" and self.queue else ()
        return acts

    def parse_action(self, text) -> Action:
        """Notation (or an Action) -> the legal action it names here (NotationError/IllegalAction if none)."""
        text = " ".join(str(text).split())
        legal = self.legal_actions()
        try:
            return legal[legal.index(text)]  # the interned value
        except ValueError:
            raise why_illegal(self, text) from None

    def _checked(self, action) -> Action:
        """`action` (an action or its text) as the legal action it names here; raises if none."""
        return action if action.__class__ is Action and action in self.legal_actions() else self.parse_action(action)

    def _effects(self, action: Action) -> None:
        """The action's effects (core State.apply), then the steps that follow by themselves."""
        self._do(action.text)
        self._advance()
        self._freeze()

    def _thaw(self) -> None:
        """A scratch state about to change in place: players are still copied on their first change (pm),
        as a copy shares them."""
        self.players = list(self.players)
        self._dirty = set()
        self._legal = None

    def scratch(self) -> RicePaddyState:
        s = self._copy()
        s._freeze()
        return s

    # ---- copy-on-write ------------------------------------------------------------------------
    def _copy(self) -> RicePaddyState:
        s = object.__new__(RicePaddyState)
        d = s.__dict__ = self.__dict__.copy()
        d["players"] = list(self.players)
        d["_dirty"] = set()
        d["_legal"] = None
        return s

    _fork = _copy  # the copy apply changes (core State._fork)

    def _freeze(self):
        self.players = tuple(self.players)
        self._dirty = None

    def pm(self, i: int):
        """Player i, copied once per apply so that the previous state is untouched."""
        if i not in self._dirty:
            self.players[i] = self.players[i].copy()
            self._dirty.add(i)
        return self.players[i]

    def pop(self):
        self.queue = self.queue[1:]

    # ---- helpers --------------------------------------------------------------------------
    def F(self, seat: int):
        """The seat's paddies (Fields), kept on the player while its edges stay the same tuple."""
        p = self.players[seat]
        got = p.walled
        if got is None or got[0] is not p.edges or got[1] is not self.cfg:
            got = p.walled = (p.edges, self.cfg, fields(self.cfg, p.edges))
        return got[2]

    def passive(self, seat: int, effect: str) -> int:
        """The summed amount of `effect` on the seat's played passive cards; a card lasting 'round' counts
        only in the round it was played (rounds 1-6 play one card each, so that is the last card while
        len(played) == round)."""
        sp = self.cfg.spirit
        played = self.players[seat].played
        total = 0
        for c in played:
            card = sp[c]
            # rice_paddy.spirit.passive: from the round played on; rice_paddy.spirit.lasting: or that round only
            if card.kind == "passive" and card.effect == effect and \
                    (card.lasting == "game" or (c == played[-1] and len(played) == self.round)):
                total += card.amount
        return total

    def next_seat(self, seat: int):
        """The next player in turn order, or None after the last (water then goes to the supply)."""
        i = self.order.index(seat)
        return self.order[i + 1] if i + 1 < len(self.order) else None

    def give_water(self, seat: int, n: int):
        """Discs to the next player's reservoir (after the last player, to the supply)."""
        if n <= 0:  # rice_paddy.drain.to-next, rice_paddy.flood.surplus
            return
        nxt = self.next_seat(seat)
        if nxt is None:
            self.water += n
        else:
            self.pm(nxt).reservoir += n

    def is_empty(self, p, F, rep) -> bool:
        m = F.mask[rep]
        return not ((p.water | p.magic | p.fert) & m) and not p.weeds[rep] and not p.pests[rep] and not p.crop[rep]

    def is_full(self, p, F, rep) -> bool:
        m = F.mask[rep]
        return (p.water | p.magic) & m == m

    # ---- legal actions --------------------------------------------------------------------------
    def _options(self, item) -> list:
        out = self._step_options(item)
        if self.cfg.anytime and out:  # rice_paddy.spirit.anytime: on any of the owner's own decisions
            got = self.anytime_options(item[0] if item.__class__ is tuple else item)
            if got:
                out = out + got
        return out

    def anytime_options(self, seat) -> list:
        """rice_paddy.spirit.anytime: 'invoke <card> [hex]' for each any-time card `seat` has played and not
        used up (this round; a once card this game) whose effect can be used in full now."""
        p = self.players[seat]
        any_ = self.cfg.anytime
        out = []
        for c in sorted(p.played):
            if c in any_ and not p.spent >> c & 1:
                out += self._effect_uses(seat, c, INVOKE)
        return out

    def _step_options(self, item) -> list:
        st = self.step
        if st == "spirits":
            return self._spirit_options(*item)
        p = self.players[item]
        if st == "setup":
            return self._setup_options(item)
        if st == "flood":
            r = self.flood_next(item)
            return ([FLOOD[self.cfg.labels[r]]] if r is not None else []) + [DONE]
        if st == "draft":
            return [KEEP[c] for c in sorted(p.draft)]
        if st == "play":
            return [PLAY[c] for c in sorted(p.hand)]
        if st == "alloc":
            return self._alloc_options(item) + [DONE]
        if st == "build":
            return self._build_options(item) + [DONE]
        if st == "gates":
            return self._gate_options(item) + [DONE]
        if st == "rocks":
            return [ROCK[self.cfg.labels[h]] for h in range(self.cfg.H) if p.rocks >> h & 1] + [DONE]
        if st == "drain":
            return self._drain_options(item) + [DONE]
        if st == "achieve":
            return [ACH[a] for a in self._achievable(item)] + [PASS]
        if st in ("grow", "grow2"):
            return [HOLD[self.cfg.labels[r]] for r in self.magic_only(item) if not p.hold >> r & 1] + [DONE]
        if st == "market":
            return self._market_options(item) + [DONE]
        return []

    def _needs(self, item) -> bool:
        """Whether the queued seat (or spirit card) has a real decision; if not it is skipped."""
        st = self.step
        if st in ("draft", "play"):
            return True
        if st == "spirits":
            return self._keep_options(item)
        p = self.players[item]
        if st == "build" and p.build_left + p.bonus == 0:
            return False
        if st == "rocks" and (p.rock_left == 0 or not p.rocks):
            return False
        if st == "achieve" and p.achieved:
            return False
        return self._keep_options(item)

    def _keep_options(self, item) -> bool:
        """Whether `item` has more than one option; if so they are kept as the legal actions (_advance
        stops here, so nothing changes before legal_actions() would list them again)."""
        acts = self._options(item)
        if len(acts) > 1:
            self._legal = tuple(acts)
            return True
        return False

    def _setup_options(self, seat) -> list:
        """rice_paddy.setup.gate-side: the starting paddy's gate may sit on any of its inner sides (the
        board data's side first). Only before the first draft, while the start paddy is as set up."""
        cfg = self.cfg
        p = self.players[seat]
        sides = (cfg.start_gate,) + cfg.start_walls
        if any(p.edges[k] == OPEN for k in sides):
            return []
        return [START[cfg.edge_name[k]] for k in sides]

    def _spirit_options(self, seat, c) -> list:
        """rice_paddy.spirit.optional: skip, or use the whole effect if it can be used in full."""
        return [SKIP[c]] + self._effect_uses(seat, c, USE)

    def _effect_uses(self, seat, c, use) -> list:
        """The actions `use c` or `use c <hex>` (`use` is the table USE or INVOKE) for each way card c's effect
        can be used in full now."""
        cfg = self.cfg
        card = cfg.spirit[c]
        p = self.players[seat]
        e, a = card.effect, card.amount
        out = []
        if e in ("rice", "free_walls"):
            out.append(use[c])
        elif e == "water":
            if self.water >= a:
                out.append(use[c])
        elif e == "worker":
            if p.wmarket >= a:
                out.append(use[c])
        elif e == "livestock":
            if p.lmarket >= a:
                out.append(use[c])
        elif e in ("remove_weed", "remove_pest"):
            row = p.weeds if e == "remove_weed" else p.pests
            F = self.F(seat)
            out += [use[c, cfg.labels[r]] for r in F.paddies if row[r] >= a]
        elif e == "remove_rock":
            out += [use[c, cfg.labels[h]] for h in range(cfg.H) if p.rocks >> h & 1]
        elif e == "magic_water":
            if self.magic > 0:
                F = self.F(seat)
                for r in F.paddies:
                    if not p.rocks & F.mask[r]:
                        out += [use[c, cfg.labels[h]] for h in F.members[r] if not (p.water | p.magic) >> h & 1]
        elif e == "plant":  # rice_paddy.spirit.plant: a whole paddy, no tiles and no rock, for no workers
            F = self.F(seat)
            out += [use[c, cfg.labels[r]] for r in F.paddies if not p.crop[r] and not p.rocks & F.mask[r]]
        return out

    def _alloc_options(self, seat) -> list:
        """rice_paddy.alloc.multiples, rice_paddy.alloc.useful, rice_paddy.final.allocate."""
        cfg = self.cfg
        p = self.players[seat]
        F = self.F(seat)
        on = dict(p.alloc).get  # units already on a box
        uw, ul = p.used()
        wl, ll = p.workers - uw, p.livestock - ul
        final = self.round == 7
        wboxes, lboxes = self._alloc_boxes(p, F, final)
        out = []
        if wl > 0:
            if not final and (on("w build", 0) + 3) // 3 + on("l build", 0) <= F.open_edges:
                out.append(W_BUILD)
            out += [t for t, cap in zip(*wboxes) if on(t, 0) < cap]
        if ll > 0:
            if not final:
                if (on("w build", 0) + 2) // 3 + on("l build", 0) + 1 <= F.open_edges:
                    out.append(L_BUILD)
                if on("l rock", 0) < (p.rocks & cfg.every_hex).bit_count():  # rocks on the field
                    out.append(L_ROCK)
            out += [t for t, cap in zip(*lboxes) if on(t, 0) < cap]
        return out

    def _alloc_boxes(self, p, F, final: bool) -> tuple:
        """The weed, harvest and plant boxes (workers) and pest boxes (livestock) player p may use, each
        with the most units useful on it: ((texts, caps), (texts, caps)). They do not depend on the
        allocation, so the player keeps them while its field and its contents stay the same."""
        key = (F, p.weeds, p.pests, p.crop, p.water | p.magic, p.fert, final)
        got = p.boxes
        if got is not None and got[0] == key:
            return got[1]
        box = self.cfg.alloc_text
        weed, harvest, plant, pest = box["w weed"], box["w harvest"], box["w plant"], box["l pest"]
        w = [(weed[r], F.sizes[r] * p.weeds[r]) for r in F.paddies if p.weeds[r]]
        w += [(harvest[r], 2 * F.sizes[r]) for r in F.paddies if p.crop[r] == GROWN]
        if not final:
            used = {r for r in F.paddies if not self.is_empty(p, F, r)}
            for h in range(self.cfg.H):
                r = F.region[h]
                if r in F.pset:
                    # any hex of an empty paddy: this round's walls may split it (rice_paddy.walls.split-empty);
                    # a grown paddy is harvested or rots before planting, so it may be planted again
                    if p.crop[r] == PLANTED or (r != h and r in used):
                        continue
                    w.append((plant[h], F.sizes[r]))
                else:
                    w.append((plant[h], self.cfg.max_paddy))
        pests = [(pest[r], max(p.pests[r], 1)) for r in F.paddies
                 if p.pests[r] or (p.crop[r] == PLANTED and not p.fert >> r & 1)]
        boxes = (tuple(zip(*w)) or ((), ()), tuple(zip(*pests)) or ((), ()))
        p.boxes = (key, boxes)
        return boxes

    def can_place(self, seat, k, piece) -> str | None:
        """None if `piece` (WALL or GATE) may go on inner edge k, else the ledger id of the rule it breaks."""
        return self._place_rule(self.players[seat], self.F(seat), k, piece)

    def _place_rule(self, p, F, k, piece) -> str | None:
        """can_place for player p with Fields F."""
        if p.edges[k] != OPEN:
            return "rice_paddy.build.permanent"
        if (self.walls if piece == WALL else self.gates) <= 0:
            return "rice_paddy.components.limits"
        r = F.region[self.cfg.edges[k][0]]
        if r in F.pset and not self.is_empty(p, F, r):
            return "rice_paddy.walls.split-empty"
        if not F.ok_after(self.cfg, p.edges, k, piece):
            return "rice_paddy.walls.gates-limit"
        return None

    def _build_options(self, seat) -> list:
        cfg = self.cfg
        p = self.players[seat]
        F = self.F(seat)
        # _place_rule reads the walls and gates (F), whether the supply has each piece, and which paddies
        # are not empty: the options are remembered for those
        key = ("build", self.walls > 0, self.gates > 0, tuple(r for r in F.paddies if not self.is_empty(p, F, r)))
        got = F.memo.get(key)
        if got is None:
            got = F.remember(key, tuple(cfg.piece_text[k][piece] for k in range(cfg.E) for piece in (WALL, GATE)
                                        if self._place_rule(p, F, k, piece) is None))
        return list(got)

    def gate_moves(self, seat) -> list[tuple[int, int]]:
        """rice_paddy.walls.move-gate: (gate, wall) pairs of completed paddies that may trade places."""
        cfg = self.cfg
        p = self.players[seat]
        F = self.F(seat)
        moves = F.memo.get(("moves", p.moved))  # the answer depends on the walls and gates and p.moved only
        if moves is None:
            found = set()
            for r in F.paddies:
                gs = [g for g in F.gates[r] if not p.moved >> g & 1]
                if gs:
                    walls = [w for h in F.members[r] for w in cfg.hex_edges[h] if p.edges[w] == WALL]
                    found.update((g, w) for g in gs for w in walls if move_rule(cfg, p, F, g, w) is None)
            moves = F.remember(("moves", p.moved), tuple(sorted(found)))
        return list(moves)

    def gate_move_rule(self, seat, g: int, w: int) -> str | None:
        """None if the gate on inner edge g may move to edge w now, else the ledger id of the broken rule."""
        return move_rule(self.cfg, self.players[seat], self.F(seat), g, w)

    def _gate_options(self, seat) -> list:
        n = self.cfg.edge_name
        return [GATE_MOVE[n[g], n[w]] for g, w in self.gate_moves(seat)]

    def flow_targets(self, seat, start: int) -> list[int]:
        """Hexes water may flow to from chain position `start` (-1: the reservoir)."""
        p = self.players[seat]
        F = self.F(seat)
        out = []
        for t in range(start + 1, len(F.chain)):  # rice_paddy.drain.downstream
            r = F.chain[t]
            if p.rocks & F.mask[r]:  # rice_paddy.drain.complete-rockfree (the chain holds completed paddies)
                break
            out += [h for h in F.members[r] if not (p.water | p.magic) >> h & 1]  # rice_paddy.drain.one-per-hex
            if not self.is_full(p, F, r):  # rice_paddy.drain.partial-ok: into a paddy it need not fill
                break
        return out

    def _drain_options(self, seat) -> list:
        cfg = self.cfg
        L = cfg.labels
        p = self.players[seat]
        F = self.F(seat)
        out = [DRAIN[L[h]] for h in range(cfg.H) if p.water >> h & 1]
        if p.reservoir:
            out += [FLOW["R", L[h]] for h in self.flow_targets(seat, -1)]
        for t, r in enumerate(F.chain):
            wet = [h for h in F.members[r] if p.water >> h & 1]
            if wet:
                targets = self.flow_targets(seat, t)
                out += [FLOW[L[s], L[h]] for s in wet for h in targets]
        return out

    def qualifies(self, seat, a) -> bool:
        """Whether seat meets achievement a's condition (the sample vocabulary in components.toml)."""
        cfg = self.cfg
        p = self.players[seat]
        F = self.F(seat)
        k, n = a.kind, a.n
        sizes = F.sizes
        if k == "paddies":
            return len(F.paddies) >= n
        if k == "big_paddy":
            return max(sizes.values(), default=0) >= n
        if k == "planted_hexes":
            return sum(s for r, s in sizes.items() if p.crop[r]) >= n
        if k == "grown_hexes":
            return sum(s for r, s in sizes.items() if p.crop[r] == GROWN) >= n
        if k == "wet_hexes":
            return bits(p.water | p.magic, range(cfg.H)) >= n
        if k == "no_rocks":
            return p.rocks == 0
        if k == "rocks_removed":
            return p.removed >= n
        if k == "livestock":
            return p.livestock >= n
        if k == "workers":
            return p.workers >= n
        if k == "gates":
            return sum(1 for e in p.edges if e == GATE) >= n
        if k == "clean_paddies":
            return sum(1 for r in F.paddies if p.crop[r] and not p.weeds[r] and not p.pests[r]) >= n
        if k == "fertilised":
            return bits(p.fert, range(cfg.H)) >= n
        if k == "chain":
            return len(F.chain) >= n
        return False

    def _achievable(self, seat) -> list[int]:
        """rice_paddy.achieve.one-per-round: nothing once you took one this round."""
        if self.players[seat].achieved:
            return []
        return [a for a in self.ach if self.qualifies(seat, self.cfg.ach[a])]

    def price(self, seat, what: str) -> int | None:
        """Rice for the next purchase (cheapest space + tax step), or None if none is left.
        rice_paddy.market.price, rice_paddy.market.cheapest, rice_paddy.market.tax."""
        cfg = self.cfg
        p = self.players[seat]
        if what == "worker":
            if not p.wmarket:
                return None
            base = cfg.wprice[len(cfg.wprice) - p.wmarket]  # rice_paddy.market.cheapest space left
        else:
            if not p.lmarket:
                return None
            base = cfg.lprice[len(cfg.lprice) - p.lmarket]  # rice_paddy.market.cheapest
        tax = cfg.tax[p.bought] - (cfg.tax[p.bought - 1] if p.bought else 0)
        return max(0, base - self.passive(seat, "market_discount")) + tax

    def _market_options(self, seat) -> list:
        """rice_paddy.market.limit: at most three purchases a round."""
        p = self.players[seat]
        out = []
        if p.bought < 3:
            for what in ("worker", "livestock"):
                c = self.price(seat, what)
                if c is not None and p.rice >= c:
                    out.append(BUY[what])
        return out

    # ---- effects --------------------------------------------------------------------------------
    def _do(self, text: str):
        cfg = self.cfg
        word, *rest = text.split()
        item = self.queue[0]
        if word == "invoke":  # rice_paddy.spirit.anytime: the decision at hand stays pending
            seat = item[0] if item.__class__ is tuple else item
            c = int(rest[0])
            self._use(seat, c, rest[1] if len(rest) > 1 else None)
            self.pm(seat).spent |= 1 << c  # used up for the round (a once card: for the game)
            return
        if word == "use":
            c = int(rest[0])
            self._use(item[0], c, rest[1] if len(rest) > 1 else None)
            if cfg.spirit[c].once:  # rice_paddy.spirit.once
                self.pm(item[0]).spent |= 1 << c
            self.pop()
            return
        if word == "skip":
            self.pop()
            return
        seat = item
        p = self.pm(seat)
        idx = cfg.index
        if word in ("keep", "play"):
            p.pick = int(rest[0])
            self.pop()
        elif word in ("w", "l"):
            p.add_alloc(text)
        elif word in ("done", "pass"):
            if self.step == "build":
                p.build_left = 0
            elif self.step == "rocks":
                p.rock_left = 0
            elif self.step == "flood":
                self.flood_end(seat)
            self.pop()
        elif word == "start":
            sides = (cfg.start_gate,) + cfg.start_walls
            k = cfg.edge_index[rest[0]]
            for j in sides:
                p.edges = put(p.edges, j, GATE if j == k else WALL)
            self.pop()
        elif word == "flood":
            self.flood_fill(seat, idx[rest[0]])
        elif word in ("wall", "gate"):
            k = cfg.edge_index[rest[0]]
            p.edges = put(p.edges, k, WALL if word == "wall" else GATE)
            if word == "wall":
                self.walls -= 1
            else:
                self.gates -= 1
            if p.build_left:  # paid pieces first: unused ones are lost, bonus ones kept (rice_paddy.setup.bonus-walls)
                p.build_left -= 1
            else:
                p.bonus -= 1
        elif word == "hold":
            p.hold |= 1 << idx[rest[0]]
        elif word == "move":
            g, w = cfg.edge_index[rest[0]], cfg.edge_index[rest[1]]
            p.edges = put(put(p.edges, g, WALL), w, GATE)
            p.moved |= 1 << w
        elif word == "rock":
            h = idx[rest[0]]
            p.rocks &= ~(1 << h)
            p.removed += 1
            p.rock_left -= 1
            self.rocks += 1
        elif word == "drain":
            p.water &= ~(1 << idx[rest[0]])
            self.give_water(seat, 1)
            if self._log is not None:
                self._log.append(((seat, idx[rest[0]]), (self.next_seat(seat), "reservoir")))
        elif word == "flow":
            if rest[0] == "R":
                p.reservoir -= 1
            else:
                p.water &= ~(1 << idx[rest[0]])
            p.water |= 1 << idx[rest[1]]
            if self._log is not None:
                self._log.append(((seat, "reservoir" if rest[0] == "R" else idx[rest[0]]), (seat, idx[rest[1]])))
        elif word == "ach":
            a = int(rest[0])
            p.rice += cfg.ach[a].rice
            p.achieved = True
            p.tiles = p.tiles + (a,)
            self.ach = tuple(x for x in self.ach if x != a)
            self.pop()
        elif word == "buy":
            cost = self.price(seat, rest[0])
            p.rice -= cost
            p.bought += 1
            if rest[0] == "worker":
                p.workers += 1
                p.wmarket -= 1
            else:
                p.livestock += 1
                p.lmarket -= 1
        else:  # pragma: no cover - legal_actions only offers the words above
            raise AssertionError(text)

    def _use(self, seat, c, target):
        """rice_paddy.spirit.resolve (rice_paddy.spirit.anytime): the effect of active (or any-time) spirit
        card c, used in full."""
        cfg = self.cfg
        card = cfg.spirit[c]
        e, a = card.effect, card.amount
        p = self.pm(seat)
        if e == "rice":
            p.rice += a
        elif e == "water":
            self.water -= a
            p.reservoir += a
        elif e == "worker":
            p.workers += a
            p.wmarket -= a
        elif e == "livestock":
            p.livestock += a
            p.lmarket -= a
        elif e == "free_walls":
            p.bonus += a
        elif e == "remove_weed":
            h = cfg.index[target]
            p.weeds = put(p.weeds, h, p.weeds[h] - a)
            self.weeds += a
        elif e == "remove_pest":
            h = cfg.index[target]
            p.pests = put(p.pests, h, p.pests[h] - a)
            self.pests += a
        elif e == "remove_rock":
            p.rocks &= ~(1 << cfg.index[target])
            p.removed += 1
            self.rocks += 1
        elif e == "magic_water":
            p.magic |= 1 << cfg.index[target]
            self.magic -= 1
        elif e == "plant":  # rice_paddy.sixth.spirit-plant: grows at this round's grow like any planted paddy
            p.crop = put(p.crop, cfg.index[target], PLANTED)
            if self._log is not None:
                self._note("plant", seat, self.F(seat).paddy_of(cfg.index[target]), workers=0, planted=True,
                           by="spirit")

    def _logged(self, action):
        text = self._checked(action).text
        s = self._copy()
        s._log = log = []
        s._do(text)
        s._advance()
        s._log = None
        L = self.cfg.labels
        for j, e in enumerate(log):
            if e.__class__ is tuple:  # a water disc: ((seat, hex or "reservoir"), (seat or None, hex or place))
                (fs, fh), (ts, th) = e
                if ts is None:
                    ts, th = fs, "supply"
                log[j] = {"step": "water", "from": [fs, fh if isinstance(fh, str) else L[fh]],
                          "to": [ts, th if isinstance(th, str) else L[th]]}
        return s, log

    def apply_with_events(self, action) -> tuple[RicePaddyState, list[dict]]:
        """(self.apply(action), what the automatic steps it set off did, in order): water discs moved
        ({"step": "water", "from": [seat, hex or "reservoir"], "to": [seat, hex, "reservoir" or "supply"]})
        and one report per paddy that plant, weeds, pests, harvest or rot worked on, with step, round,
        seat, paddy (its hexes' labels), size and what happened (see StepsMixin: workers or livestock
        placed; harvest: hexes, fertilised, row, table_rice, bonus, rice, unfertilised_rice; ...)."""
        s, log = self._logged(action)
        s._freeze()
        return s, log

    def preview(self, action) -> dict | None:
        """The water discs `action` moves, drain/flow/flood and any automatic flood or round-7 clearing it
        sets off: {"water": [{"from": [seat, hex or "reservoir"], "to": [seat, hex, "reservoir" or
        "supply"]}, ...]} (for "supply", the seat the disc leaves). None if it moves no water."""
        water = [{"from": e["from"], "to": e["to"]} for e in self._logged(action)[1] if e["step"] == "water"]
        return {"water": water} if water else None

    def _key(self) -> tuple:
        return (self.cfg.key, self.seed, self.round, self.step, self.queue, self.order,
                tuple(p.key() for p in self.players), self.water, self.magic, self.rainw, self.rain,
                self.rain_deck, self.rain_seen, self.weeds, self.pests, self.fert, self.walls, self.gates,
                self.rocks, self.ach, self.decks, self.dstage)


