"""What each seat may see, plain-English descriptions, and action explanations."""
from __future__ import annotations

from ...core.action import Action
from ...core.explanation import Explanation, citing
from .actions import DRAW, ELDER_PIECE, EXCH, MOVE, PASS, PLAY, PLUCK, POWER, TOKEN, WILD, card_token
from .config import POWER_BIT

SPECTATOR = -1
KIND_WORD = ("wildflower", "single-symbol", "double-symbol")


class ViewMixin:
    __slots__ = ()

    def _card(self, c) -> dict:
        cfg = self.cfg
        o = cfg.OWNER[c]
        return {"id": cfg.NAME[c], "petals": cfg.petals[cfg.TYPE[c]], "symbols": cfg.SYM[c],
                "owner": o if o >= 0 else None}

    def svg(self, seat: int | None = None) -> str:
        """A static picture of the position as `seat` sees it (see picture.py)."""
        from .picture import svg
        return svg(self.view(seat))

    def turn_label(self) -> str:
        """'turn 12 · action 2 of 2', 'turn 12 · draw', 'turn 12 · reward', 'final scores'."""
        from .config import ACT, CHOOSE, DRAW_PHASE, OVER, REWARD
        p = self.phase
        if p == OVER:
            return f"turn {self.turn} · final scores"
        where = {CHOOSE: "choosing powers", DRAW_PHASE: "draw", REWARD: "reward"}.get(p)
        if p == ACT:
            where = f"action {3 - self.left} of 2"
        final = " · final round" if self.final >= 0 else ""
        return f"turn {self.turn} · {where}{final}"

    def private_ids(self, seat: int) -> frozenset:
        """The cards in `seat`'s hand: no other seat may see them."""
        name = self.cfg.NAME
        return frozenset(name[c] for c in self.hands[seat])

    @staticmethod
    def _all_ids(cfg):
        """Every component id (State.component_ids)."""
        return cfg.NAME

    @property
    def num_players(self) -> int:
        return self.cfg.seats

    def seat_name(self, seat: int) -> str:
        return self.cfg.color_names[seat]

    def _view(self, seat: int | None) -> dict:
        """JSON-safe: seat None = omniscient, -1 = spectator, else only what that seat may see."""
        from .state import OVER, PHASES
        cfg = self.cfg
        scores = self.scores()["seats"]
        seats = []
        for i in range(cfg.seats):
            i1, i2, e = self.guards[i]
            mine = seat is None or seat == i
            seats.append({
                "seat": i, "color": cfg.colors[i], "name": cfg.color_names[i],
                "team": i % 2 if cfg.family else None,
                "hand": [self._card(c) for c in self.hands[i]] if mine else None,
                "hand_size": len(self.hands[i]), "hand_limit": self.hand_limit(i),
                "deck_size": len(self.decks[i]), "pile_size": len(self.piles[i]),
                "tokens": self.tokens[i],
                "powers": [p for p in cfg.powers if self.powers[i] & POWER_BIT[p]],
                "supply": {"insects": (i1 == -1) + (i2 == -1), "elder": e == -1},
                "score": scores[i],
            })
        flowers = []
        for t, f in enumerate(self.flowers):
            if not f:
                continue
            guards = [{"seat": i, "elder": False} for i, g in enumerate(self.guards) for x in g[:2] if x == t]
            guards += [{"seat": i, "elder": True} for i, g in enumerate(self.guards) if g[2] == t]
            infl = self.influence(t)
            ctrl = self.controllers(t)
            flowers.append({
                "petals": cfg.petals[t], "name": cfg.flower_names[t], "placed": len(f),
                "cards": [self._card(c) for c in f], "guardians": guards, "influence": infl,
                "leaders": ctrl, "reward": ctrl,
                "wild": self.wild_petals(t),
            })
        result = None
        if self.phase == OVER:
            sc = self.scores()
            result = {"seats": sc["seats"], "teams": sc["teams"], "winners": self.winners(),
                      "outcome": self.outcome}
        return {
            "game": "lotus", "viewer": seat, "players": cfg.players, "solo": cfg.solo, "edition": cfg.edition,
            "family": cfg.family, "phase": PHASES[self.phase], "current_player": self.current_player,
            "actions_left": self.left, "pending_rewards": list(self.pending), "final_round": self.final >= 0,
            "final_turns_left": None if self.final < 0 else self.final, "turn_seat": self.seat,
            "plucked": bool(self.plucked), "options": dict(cfg.options),
            "turn": self.turn, "seats": seats, "flowers": flowers,
            "display": [self._card(c) for c in self.display], "wild_deck": len(self.wild),
            "out": len(self.out),
            "tokens_left": None if cfg.token_limit is None else cfg.token_limit - sum(self.tokens),
            "winter_lotus": self.winter if cfg.solo else None,
            "winter_pending": self.wmoves if cfg.solo else None,
            "solo_completed": [cfg.petals[t] for t in self.done] if cfg.solo else None,
            "result": result,
        }

    def describe(self) -> str:
        from .state import PHASES
        cfg = self.cfg
        mode = "solo" if cfg.solo else f"{cfg.players} players" + (", family teams" if cfg.family else "")
        lines = [f"Lotus ({mode}, {cfg.edition}-power edition), turn {self.turn}."]
        who = self.current_player
        if who is None:
            res = self.view(None)["result"]
            if cfg.solo:
                lines.append(f"Game over: {self.outcome}.")
            else:
                names = ", ".join(cfg.color_names[w] for w in res["winners"])
                lines.append(f"Game over. Scores {res['seats']}" +
                             (f", teams {res['teams']}" if res["teams"] else "") + f"; winner(s): {names}.")
        else:
            lines.append(f"{cfg.color_names[who]} to act ({PHASES[self.phase]}"
                         + (f", {self.left} action(s) left" if PHASES[self.phase] == "actions" else "")
                         + (", final round" if self.final >= 0 else "") + ").")
        for t, f in enumerate(self.flowers):
            if f:
                infl = self.influence(t)
                ctrl = self.controllers(t)
                who_ctrl = ", ".join(cfg.color_names[c] for c in ctrl) or "nobody"
                lines.append(f"  {cfg.flower_names[t]} {len(f)}/{cfg.petals[t]}: influence "
                             + " ".join(f"{cfg.colors[i]} {v}" for i, v in enumerate(infl))
                             + f"; control: {who_ctrl}")
        if not any(self.flowers):
            lines.append("  The garden is empty.")
        if not cfg.solo:
            lines.append("  Display: " + (" ".join(card_token(cfg.KIND[c]) for c in self.display) or "empty")
                         + f" (wildflower deck {len(self.wild)})")
        else:
            lines.append(f"  Winter Lotus {self.winter}/{cfg.winter_max}; wildflower deck {len(self.wild)}; "
                         f"completed {[cfg.petals[t] for t in self.done]}")
        for i in range(cfg.seats):
            pw = [p for p in cfg.powers if self.powers[i] & POWER_BIT[p]]
            lines.append(f"  {cfg.color_names[i]}: hand {len(self.hands[i])}, deck {len(self.decks[i])}, "
                         f"pile {len(self.piles[i])}, tokens {self.tokens[i]}"
                         + (f", powers {', '.join(pw)}" if pw else ""))
        return "\n".join(lines)

    def _explain(self, a) -> Explanation:
        """A sentence for `a` played here, with the ledger ids it relies on (`.rules`), chosen branch by branch."""
        cfg = self.cfg
        a = self.parse_action(a) if a.__class__ is not Action else self._legal_one(a)
        who = self.current_player
        name = cfg.color_names[who] if who is not None else "?"
        k = a.kind
        if k == PLAY:
            t = a.a
            n = sum(a.b)
            from ...compare import listing
            from .words import kind_words
            colour = cfg.colors[who] if who is not None else None
            parts = [kind_words(cfg.petals[t], i, colour, x) for i, x in enumerate(a.b) if x]
            after = len(self.flowers[t]) + n
            new = "the" if self.flowers[t] else "a new"
            rules = ["lotus.play.one-or-two" if n <= 2 else "lotus.power.growth", "lotus.play.one-flower-per-type"]
            text = f"{name} plays {listing(parts)} onto {new} {cfg.flower_names[t]} ({after}/{cfg.petals[t]})"
            if after == cfg.petals[t]:
                ctrl = self._controllers_after(a)
                names = ", ".join(cfg.color_names[c] for c in ctrl) or "nobody"
                if cfg.solo:
                    text += f", completing it; controlled: {'yes' if ctrl else 'no'}"
                    rules += ["lotus.solo.control"]
                else:
                    text += f", completing it: {name} picks it; control: {names}"
                    rules += ["lotus.complete.control", "lotus.complete.pick"]
            return citing(text, *rules)
        if k == EXCH:
            from .words import kind_words
            kinds = {x: a.a.count(x) for x in a.a}
            what = " and ".join(kind_words(cfg.petals[x // 3], x % 3, cfg.colors[who], n) for x, n in kinds.items())
            return citing(f"{name} exchanges {what} to the bottom of the deck and draws {len(a.a)}",
                          "lotus.exchange.one-or-two")
        if k == MOVE:
            piece = "the Elder Guardian" if a.a == ELDER_PIECE else "a guardian"
            src = "supply" if a.b < 0 else f"the {cfg.flower_names[a.b]}"
            return citing(f"{name} moves {piece} from {src} to the {cfg.flower_names[a.c]}", "lotus.move.incomplete")
        if k == PLUCK:
            rule = "lotus.solo.fortune" if cfg.solo else "lotus.power.fortune"
            what = "a wildflower" if not a.b else f"a {cfg.colors[cfg.letter_seat[a.b]]} {a.c}-symbol petal"
            return citing(f"{name} plucks {what} from the {cfg.flower_names[a.a]}", rule)
        if k == DRAW:
            return citing(f"{name} draws from their deck", "lotus.draw.refill")
        if k == WILD:
            return citing(f"{name} takes the {a.a + 3}-petal wildflower from the display", "lotus.draw.sources")
        if k == TOKEN:
            return citing(f"{name} takes a scoring token (5 points)", "lotus.complete.reward")
        if k == POWER:
            rule = "lotus.solo.difficulty" if cfg.solo else "lotus.complete.reward"
            return citing(f"{name} takes the {a.a} power", rule, f"lotus.power.{a.a}")
        if k == PASS:
            return citing(f"{name} passes: no action is possible", "lotus.turn.pass")
        return Explanation(str(a))  # pragma: no cover

    def _controllers_after(self, a):
        """Controllers of the flower `a` plays onto, as they stand when it completes."""
        t = a.a
        infl = self.influence(t)
        infl[self.seat] += a.b[1] + 2 * a.b[2]
        return self.controllers(t, infl, self.wild_petals(t) + a.b[0])

    def _redact(self, a, viewer) -> str:
        """An exchange shows only how many cards went back, except to its player (and omniscient)."""
        if a.kind == EXCH and viewer is not None and viewer != self.current_player:
            return f"x{len(a.a)}"
        return a.text
