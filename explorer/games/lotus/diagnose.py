"""Why an action is not legal here: the broken rule's ledger id and a sentence."""
from __future__ import annotations

from ...core.errors import IllegalAction
from .actions import DRAW, ELDER_PIECE, EXCH, MOVE, PASS, PLAY, PLUCK, POWER, TOKEN, WILD
from .config import CHOOSE, DRAW_PHASE, FORTUNE, GROWTH, NOT_OWNED, OVER, POWER_BIT, REWARD, SUPPLY


def why_illegal(s, a) -> IllegalAction:  # noqa: C901  (one branch per rule)
    cfg = s.cfg
    k = a.kind
    name = lambda seat: cfg.color_names[seat]  # noqa: E731
    if s.phase == OVER:
        return IllegalAction("lotus.end.scoring", "the game is over; no more actions can be taken")
    if s.phase == CHOOSE:
        if k == POWER and a.a not in cfg.powers:
            return IllegalAction("lotus.edition.three", f"this edition has no {a.a} power")
        if k == POWER:
            return IllegalAction("lotus.power.once", f"the {a.a} power is already chosen")
        return IllegalAction("lotus.solo.difficulty",
                             f"first choose {cfg.solo_power_count} Special Powers for the "
                             f"{cfg.options['difficulty']} difficulty (+elder, +path, +fortune, +growth)")
    if s.phase == REWARD:
        seat = s.pending[0]
        if k == POWER and a.a not in cfg.powers:
            return IllegalAction("lotus.edition.three", f"the {cfg.edition}-power edition has no {a.a} power")
        if k == POWER and s.powers[seat] & POWER_BIT[a.a]:
            return IllegalAction("lotus.power.once", f"{name(seat)} already has the {a.a} power")
        if k == TOKEN:
            return IllegalAction("lotus.tokens.limit", "the scoring tokens have run out; choose a power")
        return IllegalAction("lotus.complete.reward",
                             f"{name(seat)} controls the completed flower and must first choose a reward "
                             "(+t for a scoring token, or a power they do not have)")
    p = s.seat
    hand = s.hands[p]
    if s.phase == DRAW_PHASE:
        if k == DRAW:
            return IllegalAction("lotus.draw.sources", "your Player Deck is empty; draw from the wildflowers")
        if k == WILD:
            return IllegalAction("lotus.draw.sources", f"there is no {a.a + 3}-petal wildflower in the display")
        return IllegalAction("lotus.draw.refill",
                             f"your two actions are done: draw back up to {s.hand_limit(p)} cards "
                             "('d' from your deck or 'w<petals>' from the display)")
    # actions phase
    if k in (DRAW, WILD):
        if cfg.solo:
            return IllegalAction("lotus.solo.draw", "in solo play you draw only at the end of your turn, "
                                 "from your own deck")
        return IllegalAction("lotus.turn.two-actions",
                             f"draw only after your two actions ({s.left} left this turn)")
    if k in (TOKEN, POWER):
        if cfg.solo:
            return IllegalAction("lotus.solo.no-rewards", "solo play has no rewards; powers come from the difficulty")
        return IllegalAction("lotus.complete.reward", "rewards are chosen only when a flower you control is completed")
    if k == PASS:
        return IllegalAction("lotus.turn.pass", "you must take two actions; passing is allowed only when "
                             "no action is possible")
    KIND = cfg.KIND
    have = [KIND[c] for c in hand]
    if k == PLAY:
        t = a.a
        kinds = [t * 3] * a.b[0] + [t * 3 + 1] * a.b[1] + [t * 3 + 2] * a.b[2]
        n = len(kinds)
        for kd in set(kinds):
            if kinds.count(kd) > have.count(kd):
                from .words import kind_words
                want = kind_words(cfg.petals[kd // 3], kd % 3, cfg.colors[p], kinds.count(kd))
                held = " ".join(sorted(f"{x // 3 + 3}{'wsd'[x % 3]}" for x in have))
                return IllegalAction("lotus.play.from-hand",
                                     f"you do not hold {want} ({a.text}); your hand is "
                                     + (_hand_words(cfg, p, have) + f" (in notation: {held})" if have else "empty"))
        if n > 2 and not s.powers[p] & GROWTH:
            return IllegalAction("lotus.play.one-or-two",
                                 "play one or two cards per action; more needs the Infinite Growth power")
        if not s.flowers[t] and cfg.solo and not cfg.longer and t in s.done:
            return IllegalAction("lotus.solo.no-restart",
                                 f"the {cfg.flower_names[t]} was completed; that type cannot be started again")
        room = cfg.petals[t] - len(s.flowers[t])
        return IllegalAction("lotus.complete.max-petals",
                             f"the {cfg.flower_names[t]} needs only {room} more petal(s); a flower never "
                             f"has more than {cfg.petals[t]}")
    if k == EXCH:
        if len(a.a) > 2:
            return IllegalAction("lotus.exchange.one-or-two", "exchange one or two cards per action")
        if not cfg.exchange_wild and any(x % 3 == 0 for x in a.a):
            return IllegalAction("lotus.exchange.wildflowers",
                                 "with exchange_wildflowers=False, wildflowers cannot be exchanged into your deck")
        if all(a.a.count(x) <= have.count(x) for x in a.a):
            return IllegalAction("lotus.exchange.new-cards",
                                 f"your deck has {len(s.decks[p])} card(s): an exchange draws as many new cards "
                                 "as it puts back")
        return IllegalAction("lotus.play.from-hand", f"you do not hold the cards of {a.text}")
    if k == MOVE:
        piece, src, dst = a.a, a.b, a.c
        i1, i2, e = s.guards[p]
        if piece == ELDER_PIECE and e == NOT_OWNED:
            return IllegalAction("lotus.power.elder", "you have no Elder Guardian (take the Elder Guardian power)")
        here = [e] if piece == ELDER_PIECE else [i1, i2]
        if src not in here:
            where = "your supply" if src == SUPPLY else f"the {src + 3}-petal flower"
            return IllegalAction("lotus.move.own", f"you have no such guardian in {where}")
        if not s.flowers[dst]:
            return IllegalAction("lotus.move.incomplete", f"there is no growing {dst + 3}-petal flower to move to")
        return IllegalAction("lotus.move.must-move", "a move must take the guardian to a different flower")
    if k == PLUCK:
        if not s.powers[p] & FORTUNE:
            rule = "lotus.edition.three" if "fortune" not in cfg.powers else "lotus.power.fortune"
            return IllegalAction(rule, "plucking a petal needs the Fortune Teller power")
        if s.plucked:
            return IllegalAction("lotus.power.fortune", "the Fortune Teller may be used once per turn")
        if cfg.solo and a.b:
            return IllegalAction("lotus.solo.fortune", "in solo play the Fortune Teller removes only wildflowers")
        return IllegalAction("lotus.power.fortune", f"there is no such petal on a growing {a.a + 3}-petal flower")
    return IllegalAction("lotus.turn.two-actions", f"{a.text} is not an action here")  # pragma: no cover


def _hand_words(cfg, seat, kinds) -> str:
    """A hand of card kinds as a player says it: 'two red 5-petal single-symbol cards and a 4-petal wildflower'."""
    from ...compare import listing
    from .words import kind_words
    counts = {k: kinds.count(k) for k in sorted(kinds)}
    return listing(kind_words(cfg.petals[k // 3], k % 3, cfg.colors[seat], n) for k, n in counts.items())
