"""What each seat may see, descriptions, explanations, the SVG picture and move previews."""
from __future__ import annotations

from ...core.explanation import Explanation, citing
from .actions import ACCUSE, AGREE, DISCARD, END, GIVE, KEEP, MOVE, OBJECT, PASS, PLACE, PLAY, TAKE, WITH, WRITE
from .language import BUILTIN, render

PHASE_NAMES = ("setup", "draw", "actions", "accusations", "over")


def objective_id(key: str) -> str:
    return f"objective-{key}"


class ViewMixin:
    __slots__ = ()

    # ---- who knows which objective -------------------------------------------------------------------
    def shown(self, seat) -> bool:
        """Whether `seat` has shown its objective card to everyone: it is out of the game
        (lotus_chaos.accuse.reveal), or the game is over and its objective is met (lotus_chaos.objective.show)."""
        return not self.alive[seat] or (self.is_terminal and self.objective_met(seat))

    def knows(self, viewer, seat) -> bool:
        """Whether `viewer` (None: omniscient, -1: spectator) may see `seat`'s objective card."""
        if viewer is None or viewer == seat or self.shown(seat):
            return True
        if viewer < 0:
            return False
        # a wrong accuser was shown the accused's card (and only they were)
        return any(a == viewer and b == seat and not ok for a, b, _, ok in self.accusations)

    def private_ids(self, seat: int) -> frozenset:
        """Seat's objective card while nobody else has seen it (lotus_chaos.setup.objectives)."""
        if self.shown(seat):
            return frozenset()
        if any(b == seat and not ok for _, b, _, ok in self.accusations):
            return frozenset()
        return frozenset({objective_id(self.cfg.objectives[self.objective[seat]])})

    def _card(self, c) -> dict:
        cfg = self.cfg
        if c < cfg.nprinted:
            return {"id": cfg.NAME[c], "text": cfg.TEXT[c], "printed": cfg.PRINTED[c], "blank": False}
        return {"id": cfg.NAME[c], "text": self.texts[c - cfg.nprinted], "printed": None, "blank": True}

    @staticmethod
    def _all_ids(cfg):
        """Every component id (State.component_ids)."""
        return (*cfg.NAME, *(objective_id(k) for k in cfg.objectives))

    @property
    def num_players(self) -> int:
        return self.cfg.players

    def _view(self, seat: int | None) -> dict:
        """JSON-safe: seat None = omniscient, -1 = spectator, else only what that seat may see."""
        cfg = self.cfg
        seats = []
        table = self.table()
        builtin = [(g, table.members(g)) for g in BUILTIN]
        for i in range(cfg.players):
            key = cfg.objectives[self.objective[i]]
            obj = None
            if self.knows(seat, i):
                obj = {"id": objective_id(key), "key": key, "text": cfg.objective_text[self.objective[i]],
                       "zones": self.objective_zone(key)}
            seats.append({
                "seat": i, "name": self.name(i), "color": self.colour[i], "number": self.number[i],
                "alive": self.alive[i], "hex": list(self.pos[i]) if self.pos[i] is not None else None,
                "cards": [self._card(c) for c in self.areas[i]], "objective": obj,
                "groups": [g for g, members in builtin if i in members]
                + [n for n, m in self.groups if i in m and self.alive[i]],
            })
        result = None
        if self.phase == 4:
            result = {"seats": self.scores()["seats"], "teams": None, "winners": list(self.winners_),
                      "outcome": self.outcome}
        js = self.to_json()
        return {
            "game": "lotus_chaos", "viewer": seat, "players": cfg.players, "radius": cfg.radius,
            "options": dict(cfg.options), "data": cfg.data,
            "phase": PHASE_NAMES[self.phase], "current_player": self.current_player, "active": self.seat,
            "round": self.round, "turn": js["turn"], "seats": seats,
            "zones": self.zones(),
            "objective_keys": list(cfg.objectives),
            "reference": [{"key": k, "text": t} for k, t in zip(cfg.objectives, cfg.objective_text)],
            "revealed": [self._card(c) for c in self.revealed], "deck_size": len(self.deck),
            "discard": [cfg.NAME[c] for c in self.discard], "blanks_left": sum(t is None for t in self.texts),
            "groups": js["groups"], "queue": js["queue"], "accusations": js["accusations"],
            "notice": js["notice"], "result": result,
        }

    def race(self, viewer=None) -> dict:
        """The race chart's measure: how far each seat is from its objective, for the objectives `viewer`
        may see (None where it cannot). Hexes its own token must still travel to a corner or the centre,
        plus tokens short of (or over, when the count is exact) what the objective asks; 0 = met."""
        from ...core import hexgrid as hx
        from .board import BLUE, GREEN, PURPLE
        cfg = self.cfg
        b = cfg.board
        tokens = [self.pos[i] for i in self.alive_seats() if self.pos[i] is not None]
        out = []
        for i in range(cfg.players):
            if not self.alive[i] or self.pos[i] is None or not self.knows(viewer, i):
                out.append(None)
                continue
            key = cfg.objectives[self.objective[i]]
            if key in ("north", "centre", "south"):
                where = hx.CENTRE if key == "centre" else b.corners["N" if key == "north" else "S"]
                need = 2 if key == "centre" else 1
                others = sum(1 for h in tokens if h == where) - (self.pos[i] == where)
                short = abs(need - others) if cfg.exact else max(0, need - others)
                out.append(hx.distance(self.pos[i], where) + short)
                continue
            zone, need = {"purple": (PURPLE, 4), "green": (GREEN, 3), "blue": (BLUE, 2)}[key]
            there = sum(1 for h in tokens
                        if b.zone[h] == zone and (key != "blue" or b.corner_of.get(h) not in ("N", "S")))
            out.append(abs(need - there) if cfg.exact else max(0, need - there))
        return {"label": "distance from objective (0 = met)", "values": out}

    def zones(self) -> list:
        """[q, r, zone] for every hex (zone: plain, red, purple, blue, green), with corner names."""
        from .board import ZONE_NAMES
        b = self.cfg.board
        return [[h[0], h[1], ZONE_NAMES[b.zone[h]], b.corner_of.get(h)] for h in b.hexes]

    def objective_zone(self, key) -> list:
        """The hexes an objective is about (for highlighting)."""
        from .board import BLUE, GREEN, PURPLE
        b = self.cfg.board
        if key == "north":
            return [list(b.corners["N"])]
        if key == "south":
            return [list(b.corners["S"])]
        if key == "centre":
            return [[0, 0]]
        want = {"purple": PURPLE, "green": GREEN, "blue": BLUE}[key]
        return [list(h) for h in b.hexes if b.zone[h] == want and b.corner_of.get(h) not in ("N", "S")]

    # ---- text ------------------------------------------------------------------------------------------------
    def turn_label(self) -> str:
        p = self.phase
        if p == 0:
            return f"set-up · {self.name(self.seat)} places"
        if p == 4:
            return f"round {self.round} · turn {self.turn} · game over"
        what = {1: "draw", 2: f"actions ({len(self.activated)} of 2 played{', moved' if self.moved else ''})",
                3: "accusations"}[p]
        return f"round {self.round} · turn {self.turn} · {self.name(self.seat)} · {what}"

    def describe(self) -> str:
        cfg = self.cfg
        lines = [f"Lotus, the six-player chaos game (board radius {cfg.radius}): {self.turn_label()}."]
        if self.phase == 4:
            lines.append(f"Game over: {self.outcome}.")
        elif self.current_player is not None:
            lines.append(f"{self.name(self.current_player)} to decide.")
        if self.revealed:
            lines.append("  Revealed: " + "; ".join(f"[{cfg.NAME[c]}] {cfg.PRINTED[c]}" for c in self.revealed))
        for i in range(cfg.players):
            where = "out of the game" if not self.alive[i] else (
                f"at {list(self.pos[i])}" if self.pos[i] is not None else "not placed")
            cards = ", ".join(f"[{cfg.NAME[c]}]" for c in self.areas[i]) or "no cards"
            lines.append(f"  {self.name(i)}: {where}; {cards}")
        if self.notice:
            lines.append(f"  Rejected card: {self.notice[1]} [{self.notice[0]}]")
        lines.append(f"  Deck {len(self.deck)}, discard {len(self.discard)}, blank cards left "
                     f"{sum(t is None for t in self.texts)}.")
        return "\n".join(lines)

    def _explain(self, a) -> Explanation:
        """A sentence for `a` played here, with the ledger ids it relies on (`.rules`), chosen branch by branch."""
        a = self.parse_action(a)
        cfg = self.cfg
        who = self.name(self.current_player)
        k = a.kind
        if k == PLACE:
            return citing(f"{who} places their token on the {a.a} blue corner", "lotus_chaos.setup.corners")
        if k == KEEP:
            other = next(cfg.NAME[c] for c in self.revealed if cfg.NAME[c] != a.a)
            to = self.name(self.seat_of_number(a.b))
            from .words import name
            return citing(f"{who} keeps {name(a.a, self)} and gives {name(other, self)} to {to}",
                          "lotus_chaos.draw.give", "lotus_chaos.limit.five")
        if k == WRITE:
            from . import language as L
            verdict = L.check(L.parse(a.a), self.table())
            if verdict and cfg.house and verdict[0] in L.SOCIAL:
                return citing(f"{who} writes '{a.a}' on a blank card; the table overrules the validator ({verdict[1]})",
                              "lotus_chaos.write.house-rules")
            if verdict:  # the id of the boundary the text breaks, then the rejection
                return citing(f"{who} writes '{a.a}', which is rejected: {verdict[1]}; the blank card goes back and "
                              f"{who} gets no card this turn", verdict[0], "lotus_chaos.write.reject")
            if cfg.table_vote:
                return citing(f"{who} takes a blank card and writes '{a.a}'; the other players may object",
                              "lotus_chaos.draw.blank", "lotus_chaos.write.table")
            return citing(f"{who} takes a blank card and writes '{a.a}'", "lotus_chaos.draw.blank",
                          "lotus_chaos.write.accept", *L.construct_ids(L.parse(a.a)))
        if k == DISCARD:
            from .words import name
            return citing(f"{who} discards {name(a.a, self)} to get back to the card limit",
                          "lotus_chaos.limit.discard")
        if k == PLAY:
            c = cfg.by_name[a.a]
            from .language import construct_ids
            return citing(f"{who} activates card {a.a}: {render(self.program(c))}", "lotus_chaos.act.two",
                          "lotus_chaos.movement.clamp", *construct_ids(self.program(c)))
        if k == MOVE:
            return citing(f"{who} moves their token one hex {a.a}", "lotus_chaos.move.mandatory",
                          "lotus_chaos.move.on-board")
        if k == END:
            return citing(f"{who} ends the actions of the turn", "lotus_chaos.act.two")
        if k == WITH:
            return citing(f"{who} swaps with {self.name(self.seat_of_number(a.a))}", "lotus_chaos.swap.partner")
        if k in (TAKE, GIVE):
            verb = "takes" if k == TAKE else "gives"
            from .words import name
            return citing(f"{who} {verb} {name(a.a, self)} in the swap", "lotus_chaos.swap.pick")
        if k == ACCUSE:
            return citing(f"{who} accuses {self.name(self.seat_of_number(a.a))} of having the {a.b} objective",
                          "lotus_chaos.accuse.correct", "lotus_chaos.accuse.wrong")
        if k == PASS:
            return citing(f"{who} makes no accusation", "lotus_chaos.accuse.window")
        if k in (AGREE, OBJECT):
            text = self.queue[0][2]
            if k == AGREE:
                return citing(f"{who} agrees that '{text}' is within the rule boundaries", "lotus_chaos.write.table")
            return citing(f"{who} objects to '{text}': the card is erased and {self.name(self.seat)} gets no card "
                          "this turn", "lotus_chaos.write.table", "lotus_chaos.write.reject")
        return Explanation(str(a))  # pragma: no cover

    # ---- pictures ---------------------------------------------------------------------------------------------
    def preview(self, a) -> dict | None:
        """{"moves": [...]} for an action that moves tokens (a move, or activating a movement card)."""
        a = self.parse_action(a)
        if a.kind == MOVE:
            h = self.pos[self.seat]
            from ...core import hexgrid as hx
            to = hx.neighbor(h, a.a)
            return {"moves": [{"seat": self.seat, "from": list(h), "to": list(to), "path": [list(h), list(to)]}]}
        if a.kind != PLAY:
            return None
        program = self.program(self.cfg.by_name[a.a])
        if program[0][0] != "move":
            return None
        s = self._copy()
        record = []
        for clause in program:
            if clause[0] != "move":
                break
            s._movement(clause, record)
        return {"moves": record}

    def svg(self, seat: int | None = None) -> str:
        from .picture import svg
        return svg(self.view(seat))
