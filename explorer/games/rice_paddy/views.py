"""What each seat may see, plain-English descriptions, action explanations and redaction."""
from __future__ import annotations

from ...core.explanation import Explanation, citing
from .fields import GATE, WALL
from .player import GROWN

SPECTATOR = -1
STEP_NAME = {
    "setup": "set-up",
    "draft": "spirit draft", "rain": "rain", "play": "play spirits", "take": "take rain", "spirits": "resolve spirits",
    "alloc": "allocate", "build": "build walls and gates", "gates": "use walls and gates", "rocks": "remove rocks",
    "drain": "drain", "weeds": "remove weeds", "pests": "pests and fertilise", "harvest": "harvest", "rot": "rot",
    "flood": "flood", "grow": "grow", "plant": "plant", "grow2": "second grow", "achieve": "achievements",
    "market": "market", "dry": "remove water", "score": "final scoring", "over": "final scores",
}
HIDDEN_WORDS = {"keep": "keeps a spirit card", "play": "plays a spirit card face down", "w": "allocates",
                "l": "allocates"}


def card_id(n: int) -> str:
    return f"spirit-{n}"


class ViewMixin:
    __slots__ = ()

    def _card(self, n: int) -> dict:
        c = self.cfg.spirit[n]
        return {"id": card_id(n), "n": n, "kind": c.kind, "effect": c.effect, "amount": c.amount, "once": c.once,
                "lasting": c.lasting}

    def _hidden_alloc(self) -> bool:
        return self.step == "alloc"

    def private_ids(self, seat: int) -> frozenset:
        """Spirit cards in `seat`'s hand, draft hand and face-down pick; its allocation while hidden."""
        p = self.players[seat]
        ids = {card_id(c) for c in (*p.hand, *p.draft)}
        if p.pick >= 0:
            ids.add(card_id(p.pick))
        if self._hidden_alloc():
            ids.update(f"alloc{seat}:{t}" for t, _ in p.alloc)
        return frozenset(ids)

    def turn_label(self) -> str:
        if self.step == "over":
            return "final scores"
        if self.step == "setup":
            return "set-up · starting gate"
        if self.step == "draft":
            return f"spirit draft {1 if self.round == 1 else 2} · pick {self.dstage + 1} of 3"
        return f"round {self.round} · {STEP_NAME[self.step]}"

    def svg(self, seat: int | None = None) -> str:
        from .picture import svg
        return svg(self.view(seat))

    @staticmethod
    def _all_ids(cfg):
        """Every component id (State.component_ids)."""
        return (*(card_id(n) for n in cfg.spirit), *(f"ach-{a}" for a in cfg.ach), *(f"rain-{r}" for r in cfg.rain))

    @property
    def num_players(self) -> int:
        return self.cfg.players

    def seat_name(self, seat: int) -> str:
        return self.cfg.colors[seat].capitalize()

    def _view(self, seat: int | None) -> dict:
        """JSON-safe: None = omniscient, -1 = spectator, n = what seat n may see. No seed, no deck order."""
        cfg = self.cfg
        pos = self.to_json()
        pos.pop("seed")
        pos["rain"]["deck_size"] = len(pos["rain"].pop("deck"))
        pos["spirit_decks"] = [len(d) for d in self.decks]
        L = cfg.labels
        seats = []
        for i, s in enumerate(pos["seats"]):
            p = self.players[i]
            mine = seat is None or seat == i
            s["hand_size"], s["draft_size"], s["picked"] = len(p.hand), len(p.draft), p.pick >= 0
            if not mine:
                s["hand"] = s["draft"] = s["pick"] = None
                if self._hidden_alloc():
                    s["allocation"] = None
            F = self.F(i)
            paddies = []
            for r in F.paddies:
                paddies.append({
                    "hexes": "".join(L[h] for h in F.members[r]), "size": len(F.members[r]),
                    "chain": F.pos.get(r), "weeds": p.weeds[r], "pests": p.pests[r],
                    "crop": {0: None, 1: "planted", 2: "grown"}[p.crop[r]], "fertilised": bool(p.fert >> r & 1),
                    "rocks": bool(p.rocks & F.mask[r]), "full": self.is_full(p, F, r),
                    "dry": not p.water & F.mask[r]})
            alloc = None
            if mine or not self._hidden_alloc():
                alloc = [{"id": f"alloc{i}:{t}", "box": t, "count": c} for t, c in p.alloc]
            seats.append({
                "seat": i, "name": cfg.colors[i].capitalize(), "color": cfg.colors[i], "score": p.rice,
                "rice": p.rice, "reservoir": p.reservoir, "workers": p.workers, "livestock": p.livestock,
                "free": None if alloc is None else {"workers": p.workers - p.used()[0],
                                                    "livestock": p.livestock - p.used()[1]},
                "hand": [self._card(c) for c in p.hand] if mine else None,
                "draft": [self._card(c) for c in p.draft] if mine else None,
                "pick": self._card(p.pick) if mine and p.pick >= 0 else None,
                "hand_size": len(p.hand), "draft_size": len(p.draft), "picked": p.pick >= 0,
                "played": [self._card(c) for c in p.played],
                "spent": [c for c in p.played if p.spent >> c & 1],
                "highest": max(p.played) if p.played else None,
                "allocation": alloc, "paddies": paddies,
                "chain": ["".join(L[h] for h in F.members[r]) for r in F.chain],
                "walls": [cfg.edge_name[k] for k in range(cfg.E) if p.edges[k] == WALL],
                "gates": [cfg.edge_name[k] for k in range(cfg.E) if p.edges[k] == GATE],
                "rocks": pos["seats"][i]["field"]["rocks"], "water": pos["seats"][i]["field"]["water"],
                "magic": pos["seats"][i]["field"]["magic"],
                "achievements": list(p.tiles),
            })
        rain = None
        if self.rain:
            c = cfg.rain[self.rain]
            rain = {"id": f"rain-{c.id}", "water": self.rainw, "weeds": c.weeds, "pests": c.pests,
                    "target": c.target, "discs": c.water[str(cfg.players)]}
        result = None
        if self.step == "over":
            sc = self.scores()
            result = {"seats": sc["seats"], "teams": None, "winners": self.winners()}
        return {
            "game": "rice_paddy", "viewer": seat, "players": cfg.players, "round": self.round, "step": self.step,
            "label": self.turn_label(), "current_player": self.current_player, "order": list(self.order),
            "board": {"hexes": [{"label": L[h], "q": q, "r": r} for h, (q, r) in enumerate(cfg.pos)],
                      "reservoir": list(cfg.reservoir), "start": L[cfg.start], "edges": list(cfg.edge_name)},
            "rain": rain, "supply": pos["supply"],
            "achievements": [{"id": f"ach-{a}", "n": a, "kind": cfg.ach[a].kind, "need": cfg.ach[a].n,
                              "rice": cfg.ach[a].rice} for a in self.ach],
            "seats": seats, "result": result, "position": pos,
        }

    # ---- results ---------------------------------------------------------------------------
    def scores(self) -> dict:
        return {"seats": [p.rice for p in self.players], "teams": None}

    def winners(self) -> list[int]:
        """Most rice wins; ties go to the highest spirit card."""
        if self.step != "over":
            return []
        best = max(p.rice for p in self.players)  # rice_paddy.end.score
        tied = [i for i, p in enumerate(self.players) if p.rice == best]
        top = max(max(self.players[i].played, default=0) for i in tied)  # rice_paddy.end.tie
        return [i for i in tied if max(self.players[i].played, default=0) == top]

    # ---- text ---------------------------------------------------------------------------------
    def describe(self) -> str:
        cfg = self.cfg
        lines = [f"Spirits of the Rice Paddy, {cfg.players} players: {self.turn_label()}."]
        who = self.current_player
        if who is None:
            lines.append(f"Game over. Rice {self.scores()['seats']}; winner(s): "
                         + ", ".join(cfg.colors[w] for w in self.winners()) + ".")
        else:
            lines.append(f"{cfg.colors[who].capitalize()} to decide.")
        if self.order:
            lines.append("Turn order: " + ", ".join(cfg.colors[i] for i in self.order) + ".")
        for i, p in enumerate(self.players):
            F = self.F(i)
            pad = []
            for r in F.paddies:
                bits = "".join(cfg.labels[h] for h in F.members[r])
                tags = []
                if p.water & F.mask[r]:
                    tags.append("wet")
                if p.crop[r]:
                    tags.append("grown" if p.crop[r] == GROWN else "planted")
                if p.weeds[r]:
                    tags.append(f"{p.weeds[r]} weed")
                if p.pests[r]:
                    tags.append(f"{p.pests[r]} pest")
                if p.fert >> r & 1:
                    tags.append("fertilised")
                if p.rocks & F.mask[r]:
                    tags.append("rock")
                pad.append(bits + (f"({', '.join(tags)})" if tags else ""))
            ready = ""
            if cfg.anytime:  # rice_paddy.spirit.anytime
                cards = [c for c in p.played if c in cfg.anytime and not p.spent >> c & 1]
                ready = f", any-time cards ready {cards}" if cards else ""
            lines.append(f"  {cfg.colors[i]}: rice {p.rice}, workers {p.workers}, livestock {p.livestock}, "
                         f"reservoir {p.reservoir}, played {list(p.played)}{ready}; paddies {' '.join(pad) or '-'}")
        return "\n".join(lines)

    def _explain(self, action) -> Explanation:
        """A sentence for `action`, with the ledger id it relies on (`.rules`): RULE_OF its first word."""
        text = str(self.parse_action(action))
        word = text.split()[0]
        if word == "invoke":  # rice_paddy.spirit.anytime
            card = self.cfg.spirit[int(text.split()[1])]
            when = "once a game" if card.once else "once a round"
            return citing(f"{text}: use this any-time spirit card's effect ({card.effect.replace('_', ' ')} "
                          f"{card.amount}) in full now, {when}; the decision at hand stays yours",
                          "rice_paddy.spirit.anytime", style="()")
        rule = {
            "keep": "rice_paddy.draft.first", "play": "rice_paddy.spirit.play", "use": "rice_paddy.spirit.resolve",
            "skip": "rice_paddy.spirit.optional", "w": "rice_paddy.alloc.multiples",
            "l": "rice_paddy.livestock.ox-duck", "wall": "rice_paddy.build.cost", "gate": "rice_paddy.build.cost",
            "move": "rice_paddy.walls.move-gate", "rock": "rice_paddy.rocks.remove",
            "drain": "rice_paddy.drain.to-next", "flow": "rice_paddy.drain.downstream",
            "ach": "rice_paddy.achieve.one-per-round", "buy": "rice_paddy.market.tax",
            "done": "rice_paddy.round.steps", "pass": "rice_paddy.achieve.one-per-round",
            "hold": "rice_paddy.magic.choice", "start": "rice_paddy.setup.gate-side",
            "flood": "rice_paddy.flood.choose",
        }[word]
        what = {
            "keep": "keep this spirit card from the draft hand and pass the rest",
            "play": "play this spirit card face down; turn order follows each player's highest card",
            "use": "use the effect of this spirit card in full", "skip": "do not use the effect of this spirit card",
            "w": "put one worker on this farm action", "l": "put one livestock (ox or duck) on this farm action",
            "wall": "build a wall on this edge", "gate": "build a gate on this edge",
            "move": "move a gate around the same paddy", "rock": "remove this rock",
            "drain": "drain this disc to the next player's reservoir",
            "flow": "let a disc flow downstream into this hex", "ach": "take the rice of this achievement",
            "buy": "buy from the cheapest market space (plus tax for a second or third item)",
            "done": "finish this step", "pass": "take no achievement this round",
            "hold": "count this paddy's magic water as absent: it does not grow now",
            "start": "put the starting paddy's gate on this side (walls on its other sides)",
            "flood": "fill this paddy from the reservoir, through the full paddies above it",
        }[word]
        arg = text.split()[1] if len(text.split()) == 2 else ""
        if arg.isdigit() and word in ("keep", "play", "use", "skip", "ach"):  # the card or tile by what it is
            from .words import name
            try:
                what = what.replace("this spirit card" if word != "ach" else "this achievement",
                                    name(f"{'ach' if word == 'ach' else 'spirit'}-{arg}", self), 1)
            except KeyError:
                pass
        return citing(f"{text}: {what}", rule, style="()")

    def _redact(self, action, viewer) -> str:
        """Draft picks, face-down spirit plays and allocations read as bare verbs to the other seats."""
        text = str(action)
        word = text.split()[0]
        if word in HIDDEN_WORDS and viewer != self.current_player and viewer is not None:
            return HIDDEN_WORDS[word]
        return text
