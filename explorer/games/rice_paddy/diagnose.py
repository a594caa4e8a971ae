"""Why an action is not legal here: the broken rule's ledger id and a sentence (NotationError for text
that is not a Rice Paddy action at all)."""
from __future__ import annotations

from ...core.errors import IllegalAction, NotationError, clip
from .notation import GRAMMAR, STEP_OF

RULE_OF = {"keep": "rice_paddy.draft.first", "play": "rice_paddy.spirit.play",
           "use": "rice_paddy.spirit.optional", "skip": "rice_paddy.spirit.optional",
           "invoke": "rice_paddy.spirit.anytime",
           "w": "rice_paddy.alloc.useful", "l": "rice_paddy.alloc.useful",
           "wall": "rice_paddy.build.edge", "gate": "rice_paddy.build.edge",
           "move": "rice_paddy.walls.move-gate", "rock": "rice_paddy.rocks.remove",
           "drain": "rice_paddy.drain.downstream", "flow": "rice_paddy.drain.downstream",
           "ach": "rice_paddy.achieve.condition", "buy": "rice_paddy.market.price", "hold": "rice_paddy.magic.choice",
           "start": "rice_paddy.setup.gate-side", "flood": "rice_paddy.flood.flow"}

MOVE_WHY = {"rice_paddy.walls.move-gate": "only a completed paddy's gate moves, once a round",
            "rice_paddy.walls.move-gate-shape": "a gate trades places with a wall of its own paddy (shape unchanged)",
            "rice_paddy.walls.move-gate-join": "the gate would join another completed paddy (a second inlet)",
            "rice_paddy.walls.move-gate-flow": "a paddy would lose its inlet or outlet (cut off from the water)"}


def why_illegal(state, text: str) -> Exception:
    """Why `text` is not legal here: NotationError if it is not an action at all, else IllegalAction."""
    if not isinstance(text, str) or not GRAMMAR.fullmatch(text):
        shown = repr(clip(text, 40)) if isinstance(text, str) else type(text).__name__
        return NotationError(f"not a Rice Paddy action: {shown} (e.g. 'play 7', 'w plant c', 'wall ab', "
                             "'flow R d', 'done'; see explorer.games.rice_paddy.notation)")
    word, *rest = text.split()
    if state.is_terminal:
        return IllegalAction("rice_paddy.turn.step", "the game is over")
    cfg = state.cfg
    st = state.step
    if word == "invoke":
        return _why_not_invoke(state, text, int(rest[0]))
    want = STEP_OF.get(word)
    if word in ("done", "pass"):
        if (word == "pass") != (st == "achieve"):
            return IllegalAction("rice_paddy.turn.step", f"'{word}' does not end the {st} step")
        return IllegalAction("rice_paddy.turn.step", f"nothing to finish in the {st} step")
    if want == "grow" and st == "grow2":
        want = st
    if word == "flood" and not state.cfg.flood_choice:
        return IllegalAction("rice_paddy.flood.choose", "flooding is automatic (load with flood='choose' to decide)")
    if want != st:
        return IllegalAction("rice_paddy.turn.step", f"'{text}' belongs to the {want} step; this is the {st} step")
    seat = state.current_player
    p = state.players[seat]
    if word in ("wall", "gate"):
        k = cfg.edge_index.get(rest[0])
        if k is None:
            return IllegalAction("rice_paddy.build.edge",
                                 f"{rest[0]} is not a side between two field hexes (board edges are walls)")
        if p.build_left + p.bonus <= 0:
            return IllegalAction("rice_paddy.build.cost", "no pieces left to build this round")
        why = state.can_place(seat, k, 1 if word == "wall" else 2)
        return IllegalAction(why or "rice_paddy.build.edge", f"cannot build a {word} on {rest[0]}")
    if word == "move":
        g, w = cfg.edge_index.get(rest[0]), cfg.edge_index.get(rest[1])
        if g is None or w is None:
            return IllegalAction("rice_paddy.build.edge", "gates and walls sit on sides between two field hexes")
        why = state.gate_move_rule(seat, g, w) or "rice_paddy.walls.move-gate"
        return IllegalAction(why, MOVE_WHY.get(why, f"cannot move the gate {rest[0]} to {rest[1]}"))
    if word == "drain":
        h = cfg.index.get(rest[0])
        if h is not None and p.magic >> h & 1 and not p.water >> h & 1:
            return IllegalAction("rice_paddy.magic.never-removed", f"hex {rest[0]} holds magic water, never drained")
        return IllegalAction("rice_paddy.drain.discs", f"hex {rest[0]} holds no water disc to drain")
    if word == "flow":
        L = cfg.index
        if rest[1] not in L or (rest[0] != "R" and rest[0] not in L):
            return IllegalAction("rice_paddy.drain.downstream", "unknown hex")
        h = L[rest[1]]
        if (p.water | p.magic) >> h & 1:
            return IllegalAction("rice_paddy.drain.one-per-hex", f"hex {rest[1]} already holds a disc")
        F = state.F(seat)
        r = F.paddy_of(h)
        if r is None:
            return IllegalAction("rice_paddy.paddy.definition", "water only enters completed paddies")
        if p.rocks & F.mask[r]:
            return IllegalAction("rice_paddy.rocks.block", "water cannot enter a paddy with a rock")
        return IllegalAction("rice_paddy.drain.downstream",
                             "water flows only downstream from the reservoir, through gates and full paddies")
    if word == "buy":
        if state.round >= 6:
            return IllegalAction("rice_paddy.market.rounds", "no market in rounds 6 and 7")
        if p.bought >= 3:
            return IllegalAction("rice_paddy.market.limit", "at most three purchases a round")
        return IllegalAction("rice_paddy.market.price", f"cannot afford or none left: {text}")
    if word == "ach" and p.achieved:
        return IllegalAction("rice_paddy.achieve.one-per-round", "one achievement a round")
    if word in ("w", "l"):
        if state.round == 7 and rest[0] not in ("weed", "pest", "harvest"):
            return IllegalAction("rice_paddy.final.allocate", "round 7: only weeds, pests/fertiliser, harvest")
        uw, ul = p.used()
        if (word == "w" and uw >= p.workers) or (word == "l" and ul >= p.livestock):
            return IllegalAction("rice_paddy.alloc.available", "none of those left to allocate")
        wrong = {("w", "rock"): ("rice_paddy.rocks.remove", "only livestock remove rocks"),
                 ("w", "pest"): ("rice_paddy.pests.remove", "only livestock remove pests and fertilise"),
                 ("l", "weed"): ("rice_paddy.weeds.cost", "weeds are pulled by workers"),
                 ("l", "harvest"): ("rice_paddy.harvest.cost", "workers harvest"),
                 ("l", "plant"): ("rice_paddy.plant.cost", "workers plant")}.get((word, rest[0]))
        if wrong:
            return IllegalAction(*wrong)
    return IllegalAction(RULE_OF[word], f"'{text}' is not possible now")


def _why_not_invoke(state, text: str, c: int) -> IllegalAction:
    """Why an any-time card cannot be used now (rice_paddy.spirit.anytime)."""
    cfg = state.cfg
    card = cfg.spirit.get(c)
    if card is None or card.kind != "anytime":
        what = "no such card" if card is None else f"a{'n' if card.kind == 'active' else ''} {card.kind} card"
        return IllegalAction("rice_paddy.spirit.anytime", f"spirit card {c} is not an any-time card ({what})")
    seat = state.current_player
    p = state.players[seat]
    if c not in p.played:
        return IllegalAction("rice_paddy.spirit.anytime",
                             f"{cfg.colors[seat]} has not played spirit card {c}: only the owner of a played "
                             "any-time card uses it, on their own decisions")
    if p.spent >> c & 1:
        if card.once:
            return IllegalAction("rice_paddy.spirit.once", f"spirit card {c} works once a game and was used")
        return IllegalAction("rice_paddy.spirit.anytime", f"spirit card {c} was used this round (once a round)")
    if not state._step_options(state.queue[0]):
        return IllegalAction("rice_paddy.spirit.anytime", "no decision of yours is pending here")
    return IllegalAction("rice_paddy.spirit.optional",
                         f"'{text}' cannot be used in full now (an effect is used in full or not at all)")
