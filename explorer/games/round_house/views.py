"""What each seat may see, descriptions, explanations and action redaction."""
from __future__ import annotations

import functools
import math

from ...core.explanation import Explanation, citing
from .board import cell_name
from .config import GOOD_LETTER, GOODS, HALL

SPECTATOR = -1
ROOM_TITLES = {
    "goods": "Goods & caravan", "gold_pirate": "Gold or pirates", "market": "Market", "specialist": "Specialists",
    "counting_house": "Counting house", "great_hall": "Great hall", "retail": "Retail market",
    "wholesale": "Wholesale market", "bank": "Bank", "black_market": "Black market", "exchange": "Exchange",
    "meeting_hall": "Meeting hall", "warehouse": "Warehouse",
}
GOOD_NAMES = {"f": "fruit", "c": "celadon", "t": "tea", "g": "gold"}


@functools.lru_cache(maxsize=16)
def layout(cfg) -> dict:
    """Pixel positions for the picture: rooms on two rings, the hall at the top-left, towns at the corners,
    the worship grid on the right (a drawing convention, not a rule)."""
    cx = cy = 330.0
    t0 = -135.0
    pos = {"h": (round(cx + 175 * math.cos(math.radians(t0)), 1), round(cy + 175 * math.sin(math.radians(t0)), 1))}
    for ring, radius in (("outer", 250.0), ("inner", 135.0)):
        seq = cfg.ring_order[ring]
        for k, r in enumerate(seq):
            a = math.radians(t0 + 360.0 * (k + 1) / (len(seq) + 1))
            pos[cfg.room_ids[r]] = (round(cx + radius * math.cos(a), 1), round(cy + radius * math.sin(a), 1))
    corners = {"southeast": (615, 615), "southwest": (45, 615), "northwest": (45, 45), "northeast": (615, 45)}
    towns = []
    for i, name in enumerate(cfg.towns):
        towns.append(corners.get(name, (45 + 570 * (i % 2), 45 + 570 * (i // 2 % 2))))
    return {"rooms": pos, "towns": towns, "centre": (cx, cy), "grid": (700, 40), "cell": 46}


class ViewMixin:
    __slots__ = ()

    def svg(self, seat: int | None = None) -> str:
        from .picture import svg
        return svg(self.view(seat))

    def turn_label(self) -> str:
        if self.phase == "over":
            return f"turn {self.turn} · final scores"
        last = " · last round" if self.end_seat is not None else ""
        return f"turn {self.turn} · worship {self.marker}/{self.cfg.length} · {self.phase}{last}"

    def private_ids(self, seat: int) -> frozenset:
        """Orders in a hand are secret (round_house.hidden.orders)."""
        return frozenset(self.hand[seat])

    def _spec_info(self, sid):
        sp = self.cfg.specs[sid]
        return {"id": sid, "name": sp.name, "zh": sp.zh, "kind": sp.kind, "effect": sp.effect}

    def _order_info(self, oid):
        o = self.cfg.orders[oid]
        return {"id": oid, "cost": {g: o.cost.get(g, 0) for g in GOODS}, "points": o.points, "ability": o.ability,
                "ability_text": self.cfg.comp.order_abilities[o.ability]}

    def _amulet_info(self, aid):
        cfg = self.cfg
        return {"id": aid, "kind": cfg.amulet_kinds[cfg.amulet_kind[cfg.amulet_ids.index(aid)]]}

    @staticmethod
    def _all_ids(cfg):
        """Every component id (State.component_ids)."""
        return (*cfg.amulet_ids, *cfg.pirate_ids, *cfg.spec_ids, *cfg.order_ids, *cfg.room_ids)

    @property
    def num_players(self) -> int:
        return self.cfg.players

    def seat_name(self, seat: int) -> str:
        return self.cfg.names[seat]

    def _view(self, seat: int | None) -> dict:
        cfg = self.cfg
        lay = layout(cfg)
        name = self._room_name
        seats = []
        for p in range(cfg.players):
            mine = seat is None or seat == p
            seats.append({
                "seat": p, "name": cfg.names[p], "color": cfg.colors[p], "money": self.money[p],
                "points": self.points[p], "score": self.points[p], "goods": dict(zip(GOODS, self.goods[p])),
                "board": self.board[p],
                "resource": self.res[p], "returned": self.gone[p], "leaders": [name(r) for r in self.leaders[p]],
                "specialists": [self._spec_info(x) for x in self.specs[p]],
                "amulets": [self._amulet_info(x) for x in self.amulets[p]],
                "specialist_amulets": [self._spec_info(x) for x in self.spec_amulets[p]],
                "hand": [self._order_info(o) for o in self.hand[p]] if mine else None,
                "hand_size": len(self.hand[p]),
                "completed": [dict(self._order_info(o), turn=t) for o, t in self.done[p]],
                "chairs": self.chairs_of(p),
                "reachable": [sorted(self.reachable(li, p)) for li in range(len(self.leaders[p]))],
            })
        leader_at = {r: p for p, ls in enumerate(self.leaders) for r in ls if r != HALL}
        rooms = []
        for r, rid in enumerate(cfg.room_ids):
            kind = self.kinds[r]
            rooms.append({
                "id": rid, "ring": cfg.ring[r], "space": cfg.slot_kind[r], "kind": kind,
                "title": ROOM_TITLES[kind], "xy": list(lay["rooms"][rid]),
                "chairs": [{"seat": q, "permanent": bool(perm)} for q, perm in self.chairs[r]],
                "capacity": cfg.chairs[r], "goods": [GOODS[k] if k >= 0 else None for k in self.slots[r]],
                "market": [{"good": GOODS[k], "reward": _code(b)} for k, b in cfg.markets[cfg.market_of[r]]]
                if kind == "market" else None,
                "leader": leader_at.get(r), "exits": [name(x) for x in cfg.exits[r]],
            })
        grid = {
            "rows": cfg.rows, "cols": cfg.cols, "points": list(cfg.cell_points),
            "cells": [cell_name(cfg, c) for c in range(cfg.rows * cfg.cols)],
            "elders": [list(e) for e in self.elders], "edges": [_code(b) for b in cfg.edges],
            "sides": [list(x) for x in cfg.cell_sides],
            # round_house.worship.visible: the grid's amulets are face up, in every seat's view
            "amulets": [{"edge": e, "amulet": None if a is None else self._amulet_info(a)}
                        for e, a in zip(cfg.amulet_edges, self.grid)],
        }
        result = None
        if self.phase == "over":
            result = {"seats": list(self.points), "winners": self.winners(),
                      "breakdown": [self.final[str(p)] for p in range(cfg.players)]}
        return {
            "game": "round_house", "viewer": seat, "players": cfg.players, "options": dict(cfg.options),
            "data": cfg.data,
            "phase": self.phase,
            "current_player": self.current_player, "turn": self.turn, "turn_label": self.turn_label(),
            "marker": self.marker, "length": cfg.length, "end_triggered_by": self.end_seat,
            "seats": seats, "rooms": rooms, "hall": {"xy": list(lay["rooms"]["h"]),
                                                    "leaders": [p for p, ls in enumerate(self.leaders)
                                                                for r in ls if r == HALL],
                                                    "exits": [name(x) for x in cfg.exits[HALL]]},
            "stairs": [[cfg.room_ids[a], cfg.room_ids[b]] for a, b in cfg.stairs],
            "towns": [{"name": t, "xy": list(lay["towns"][i]), "workers": list(self.towns[i]),
                       "caravan": i == self.caravan} for i, t in enumerate(cfg.towns)],
            "grid": grid, "grid_origin": list(lay["grid"]), "cell": lay["cell"],
            "end_amulet": None if self.end_amulet is None else self._amulet_info(self.end_amulet),  # face up
            "amulet_supply": [self._amulet_info(a) for a in self.amu_up], "amulet_deck": len(self.amu_deck),
            "pirate_supply": [{"id": x, "reward": _code(cfg.pirates[cfg.pirate_ids.index(x)])} for x in self.pir_up],
            "pirate_deck": len(self.pir_deck), "pirate_discard": list(self.pir_disc),
            "specialist_supply": [self._spec_info(x) for x in self.spec_up], "specialist_deck": len(self.spec_deck),
            "specialist_discard": [self._spec_info(x) for x in self.spec_disc],
            "order_supply": [self._order_info(o) for o in self.ord_up], "order_deck": len(self.ord_deck),
            "temples": [{"reward": _code(b), "flipped": f} for b, f in zip(cfg.temples, self.temples)],
            "counting_house": self.counting, "supply": dict(zip(GOODS, self.supply)), "bank": self.bank,
            "out_tiles": list(self.out_tiles), "room": None if self.room is None else cfg.room_ids[self.room],
            "executions_left": self.left, "tasks": list(self.tasks), "priority": list(self.prio),
            "used_this_turn": list(self.used), "specialist_used": self.spec_used,
            "family_town": self.fam_town, "result": result,
        }

    def describe(self) -> str:
        cfg = self.cfg
        lines = [f"Round House, {cfg.players} players, {self.turn_label()}."]
        if self.phase == "over":
            w = ", ".join(cfg.names[p] for p in self.winners())
            lines.append(f"Game over. Scores {list(self.points)}; winner(s): {w}.")
        else:
            extra = f" in {cfg.room_ids[self.room]}" if self.room is not None and self.phase == "room" else ""
            todo = (f"; pending: {', '.join(self.prio + self.tasks)}" if self.prio or self.tasks else "")
            lines.append(f"{cfg.names[self.seat]} to act ({self.phase}{extra}{todo}).")
        for p in range(cfg.players):
            g = " ".join(f"{GOOD_LETTER[k]}{n}" for k, n in enumerate(self.goods[p]))
            where = ", ".join(self._room_name(r) for r in self.leaders[p])
            lines.append(f"  {cfg.names[p]}: {self.points[p]} pts, {self.money[p]} money, goods {g}, "
                         f"workers board {self.board[p]} / resource {self.res[p]}, leaders at {where}, "
                         f"{len(self.hand[p])} order(s) in hand, {len(self.done[p])} completed")
        towns = ", ".join(f"{t}{'*' if i == self.caravan else ''} {self.towns[i]}" for i, t in enumerate(cfg.towns))
        lines.append(f"  Towns (caravan *): {towns}; counting house {self.counting}.")
        return "\n".join(lines)

    def _explain(self, action) -> Explanation:
        """A sentence for `action`, with the ledger ids it relies on (`.rules`), chosen branch by branch."""
        a = str(action)
        cfg = self.cfg
        if a == "skip":
            return citing("Use no specialist this turn", "round_house.specialist.use", style="()")
        if a == "done":
            return citing("Stop: forfeit the effects still pending and go on", "round_house.room.action", style="()")
        if a == "end":
            return citing("End the turn; the next player clockwise plays", "round_house.turn.order", style="()")
        if ">" in a:
            li, dest = a.split(">")
            where = "the ancestral hall, to worship" if dest == "h" else \
                f"{dest} ({ROOM_TITLES[self.kinds[cfg.room_index[dest]]]})"
            return citing(f"Move leader {li} clockwise to {where}", "round_house.move.steps", "round_house.move.skip",
                          style="()")
        if a.startswith("bm"):
            return citing(f"Black market: {'buy' if a[2] == '+' else 'sell'} {GOOD_NAMES[a[3]]}",
                          "round_house.room.blackmarket", style="()")
        head, _, arg = a.partition(":")
        said = _EXPLAIN.get(head)
        if said is None:
            return Explanation(a)  # pragma: no cover - every token's head is in _EXPLAIN
        sentence, *rules = said(self, arg)
        return citing(sentence, *rules, style="()")

    def preview(self, action) -> dict | None:
        a = str(action)
        if ">" in a and self.phase == "move":
            li, dest = a.split(">")
            start = self.leaders[self.seat][int(li) - 1]
            return {"type": "move", "seat": self.seat, "from": self._room_name(start), "to": dest}
        return None


def _named(state, x: str) -> str:
    """A component as a player names it; the notation if it is none."""
    from .words import name
    try:
        return name(x, state)
    except KeyError:
        return x


def _sale(arg: str) -> tuple:
    if ":" not in arg:
        return (f"Specialist sale onto market space {arg}", "round_house.specialist.sell")
    return (f"Specialist sale of a {GOOD_NAMES.get(arg[-1], arg[-1])} onto space {arg[:-2]} of the retail or "
            "wholesale market", "round_house.specialist.sell", "round_house.specialist.sell-markets")


def _order_mark(state, arg: str) -> str:
    what = "decline" if arg == "no" else "draw the top order of the deck" if arg == "deck" else \
        "take " + _named(state, arg)
    return "Order mark reached: " + what


# token head -> (state, argument) -> (sentence, the ledger ids it relies on, ...)
_EXPLAIN = {
    "use": lambda s, arg: (f"Use {_named(s, arg)}", "round_house.specialist.use"),
    "temple": lambda s, arg: (f"Small-temple worship: take temple {arg}'s reward and flip it",
                              "round_house.worship.small"),
    "fam": lambda s, arg: (f"Family-temple worship with your workers in town {arg}", "round_house.worship.family",
                           "round_house.worship.marker"),
    "line": lambda s, arg: (f"End the line of workers at {arg}: it becomes an elder", "round_house.worship.line",
                            "round_house.worship.score"),
    "do": lambda s, arg: ("Execute the room's action" + (f" ({arg})" if arg else ""), "round_house.room.action"),
    "good": lambda s, arg: (f"Gain one {GOOD_NAMES.get(arg, arg)}", "round_house.effect.good"),
    "car": lambda s, arg: (f"Caravan dispatch after {arg} paid move(s)", "round_house.effect.caravan"),
    "inv": lambda s, arg: (f"Invest a worker on a chair in {arg}, usable once", "round_house.effect.invest"),
    "perm": lambda s, arg: (f"Invest permanently in {arg}", "round_house.effect.permanent"),
    "pir": lambda s, arg: (f"Smuggle with {_named(s, arg)}", "round_house.effect.pirate"),
    "spec": lambda s, arg: (f"Take {_named(s, arg)}", "round_house.room.specialist"),
    "amu": lambda s, arg: (f"Take {_named(s, arg)}", "round_house.order.amulet-instead"),
    "ex": lambda s, arg: (f"Exchange: {arg}", "round_house.room.exchange"),
    "take": lambda s, arg: (f"Warehouse: take {arg}", "round_house.room.warehouse"),
    "copy": lambda s, arg: (f"Great hall: execute {arg}'s room action", "round_house.room.greathall"),
    "sell": lambda s, arg: _sale(arg),
    "ord": lambda s, arg: (_order_mark(s, arg), "round_house.order.draw"),
    "disc": lambda s, arg: (f"Discard {_named(s, arg)} to keep at most three", "round_house.specialist.limit"),
    "dup": lambda s, arg: (f"Goods order: take one more {GOOD_NAMES.get(arg, arg)}", "round_house.order.optional"),
    "order": lambda s, arg: (f"Complete {_named(s, arg)}", "round_house.order.complete"),
}


def _code(bundle) -> str:
    """A reward bundle back to its short code ('m2+car')."""
    out = []
    for tok, n in bundle:
        if tok in ("money", "points"):
            out.append(f"{tok[0]}{n}")
        else:
            out.append(tok if n == 1 else f"{n}{tok}")
    return "+".join(out)
