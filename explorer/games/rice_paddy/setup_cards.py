"""Spirit cards for explorer.setup: how many each seat holds at a step, dealing the rest, the turn order.

Cards 1-20 are drafted before round 1 (3 kept each) and played in rounds 1-3; cards 21-40 drafted before
round 4's rain and played in rounds 4-6 (rice_paddy.draft.first, .second, rice_paddy.spirit.play).
"""
from __future__ import annotations

from ...core.errors import brief
from .setup_fields import fail

R1, R2 = tuple(range(1, 21)), tuple(range(21, 41))


def _cards(value, where: str) -> list[int]:
    if not isinstance(value, list) or any(not isinstance(c, int) or isinstance(c, bool) or not 1 <= c <= 40
                                          for c in value):
        fail(where, f"expected a list of spirit card numbers 1-40, got {brief(value)}")
    return list(value)


def plan(S) -> None:
    """How many cards each seat holds where at S.round / S.step (and the draft stage)."""
    rnd, step, after = S.round, S.step, S.after
    S.played_n = 6 if step == "over" else min(6, rnd - 1 + (rnd <= 6 and after("play")))
    d1 = rnd > 1 or after("draft")
    d2 = rnd > 4 or (rnd == 4 and after("draft"))
    S.in_draft = step == "draft"
    stage = S.p.get("draft_stage")
    if stage is None and S.in_draft:
        sizes = {len(sp["hand"]) for sp in S.seats.values() if isinstance(sp.get("hand"), list)}
        sizes |= {4 - len(sp["draft"]) for sp in S.seats.values() if isinstance(sp.get("draft"), list)}
        stage = min(sizes) if len(sizes) == 1 and 0 <= min(sizes) <= 2 else 0
        S.said.append(f"draft stage: {stage} (cards kept so far in this draft)")
    elif stage is None:
        stage = 2 if d1 else 0
    if not isinstance(stage, int) or isinstance(stage, bool) or not 0 <= stage <= 2:
        fail("draft_stage", f"expected 0, 1 or 2, got {brief(stage)}")
    S.stage = stage
    kept = 3 * d1 + 3 * d2 + (stage if S.in_draft else 0)
    S.hand_n = kept - S.played_n
    S.draft_n = 4 - stage if S.in_draft else 0
    S.hand_range = R2 if d2 or (rnd == 4 and S.in_draft) else R1
    S.draft_range = R1 if rnd == 1 else R2


def _slot_range(S, slot: str, j: int):
    if slot == "played":
        return R1 if j < 3 else R2
    return S.hand_range if slot == "hand" else S.draft_range


_WHY = {"hand": "kept in the drafts and not yet played", "played": "one a round from round 1",
        "draft": "four dealt, one kept a stage"}


class _Deal:
    """The cards placed so far (card -> where), each seat's slots, and the decks left to deal from."""

    def __init__(self, S):
        self.S, self.at = S, f"round {S.round}'s {S.step} step"
        self.want = {"hand": S.hand_n, "played": S.played_n, "draft": S.draft_n}
        self.where: dict[int, str] = {}
        self.slots: dict[tuple[int, str], list[int]] = {}
        self.picks: dict[int, int] = {}
        self.pool: dict = {}

    def place(self, c, name) -> None:
        if c in self.where:
            fail(name, f"card {c} is in two places: {self.where[c]} and {name}")
        self.where[c] = name

    def given(self, i, sp) -> None:
        """Seat i's hand, played cards and draft hand as given: the right number, from the right deck."""
        S, want = self.S, self.want
        for slot in (s for s in want if s in sp):
            cs = _cards(sp[slot], f"seats.{i}.{slot}")
            if len(cs) != want[slot]:
                fail(f"seats.{i}.{slot}", f"expected {want[slot]} cards at {self.at} ({_WHY[slot]}), got {len(cs)}")
            for j, c in enumerate(cs):
                r = _slot_range(S, slot, j)
                if c not in r:
                    fail(f"seats.{i}.{slot}", f"card {c}: at {self.at} this card comes from the {r[0]}-{r[-1]} deck")
                self.place(c, f"seats.{i}.{slot}")
            self.slots[i, slot] = cs

    def decks(self, decks) -> None:
        if not isinstance(decks, list) or len(decks) != 2:
            fail("spirit_decks", f"expected two lists (cards 1-20, cards 21-40), got {brief(decks)}")
        for d, (cs, r) in enumerate(zip(decks, (R1, R2))):
            for c in _cards(cs, f"spirit_decks.{d}"):
                if c not in r:
                    fail(f"spirit_decks.{d}", f"card {c} belongs to the {R2[0] if d == 0 else R1[0]}- deck")
                self.place(c, f"spirit_decks.{d}")

    def pick(self, i, c) -> None:
        """Seat i's picked card: in its draft hand (draft step) or hand (play step)."""
        S = self.S
        if S.step not in ("draft", "play"):
            fail(f"seats.{i}.pick", f"a card is picked only in the draft and play steps, not at {self.at}")
        slot = "draft" if S.in_draft else "hand"
        if (i, slot) in self.slots and c not in self.slots[i, slot]:
            fail(f"seats.{i}.pick", f"card {brief(c)} is not in the seat's {slot}")
        if (i, slot) not in self.slots:
            if not isinstance(c, int) or isinstance(c, bool) or c not in _slot_range(S, slot, 0):
                fail(f"seats.{i}.pick", f"expected a card of the seat's {slot}, got {brief(c)}")
            self.place(c, f"seats.{i}.pick")
        self.picks[i] = c

    def hands_of_picks(self) -> None:
        """A pick given without its hand: the hand holds it and more, dealt."""
        slot = "draft" if self.S.in_draft else "hand"
        for i, c in self.picks.items():
            if (i, slot) not in self.slots:
                self.slots[i, slot] = [c] + self.take(_slot_range(self.S, slot, 0), self.want[slot] - 1,
                                                      f"seats.{i}.{slot}")

    def take(self, r, k, name) -> list[int]:
        pool = self.pool
        if len(pool[r]) < k:
            fail(name, f"not enough {r[0]}-{r[-1]} spirit cards left to deal {k} (all 40 are accounted for)")
        out, pool[r][:] = pool[r][:k], pool[r][k:]
        return out

    def fill(self, i) -> None:
        """Seat i's slots not given, dealt from the decks."""
        S, want = self.S, self.want
        for slot in (s for s in want if (i, s) not in self.slots):
            if slot == "played":
                cs = self.take(R1, min(3, want[slot]), f"seats.{i}.played") + \
                    self.take(R2, max(0, want[slot] - 3), f"seats.{i}.played")
            else:
                cs = self.take(_slot_range(S, slot, 0), want[slot], f"seats.{i}.{slot}")
            self.slots[i, slot] = cs
        if not all(k in S.seats.get(i, {}) for k in want) and any(want.values()):
            S.said.append(f"{S.name(i)}'s spirit cards: " + ", ".join(
                f"{slot} {self.slots[i, slot]}" for slot in want if want[slot]) + " (dealt from the decks)")


def deal(S) -> None:
    """Every seat's hand, played cards, draft hand and pick; the two decks; the order."""
    D = _Deal(S)
    for i, sp in S.seats.items():
        D.given(i, sp)
    decks = S.p.get("spirit_decks")
    if decks is not None:
        D.decks(decks)
    for i, sp in S.seats.items():
        if sp.get("pick") is not None:
            D.pick(i, sp["pick"])
    D.pool = pool = {r: S.shuffle(c for c in r if c not in D.where) for r in (R1, R2)}
    D.hands_of_picks()
    order = _given_order(S)
    if order and S.played_n:
        _fit_order(S, order, D.slots, pool)
    for i in range(S.n):
        D.fill(i)
    if decks is not None:
        left = sorted(pool[R1] + pool[R2])
        if left:
            fail("spirit_decks", f"cards {left} are nowhere: every one of the 40 is in a deck or with a seat")
        S.decks = [list(decks[0]), list(decks[1])]
    else:
        S.decks = [pool[R1], pool[R2]]
        S.said.append(f"the spirit decks: the cards no one holds, shuffled ({len(pool[R1])} of 1-20, "
                      f"{len(pool[R2])} of 21-40)")
    S.slots, S.picks = D.slots, D.picks
    _set_order(S, order)


def _set_order(S, order) -> None:
    """The turn order the played cards give; a given order must be it."""
    derived = sorted(range(S.n), key=lambda i: max(S.slots[i, "played"])) if S.played_n else []
    if order and order != derived:
        fail("order", "the turn order follows each seat's highest played spirit card, lowest first: these cards "
                      f"give {', '.join(S.name(i) for i in derived) or 'no order yet'}")
    if not order and derived:
        S.said.append("turn order: " + ", ".join(S.name(i) for i in derived) + " (lowest highest played card first)")
    S.order = derived


def _given_order(S) -> list[int]:
    if "order" not in S.p:
        return []
    order = S.p["order"]
    if not isinstance(order, list):
        fail("order", f"expected a list of seats, first player first, got {brief(order)}")
    order = [S.seat_of(x, "order") for x in order]
    if order and not S.played_n:
        fail("order", f"no spirit card is played yet at round {S.round}'s {S.step} step: there is no turn order")
    if order and sorted(order) != list(range(S.n)):
        fail("order", f"expected every seat once, first player first, got {brief(S.p['order'])}")
    return order


def _fit_order(S, order, slots, pool) -> None:
    """Deal the deciding played cards of seats without given ones so that `order` holds (their highest
    played card sets it). Tried at random, then lowest first (which finds a way when there is one)."""
    r = R1 if S.played_n <= 3 else R2
    k_of = min(3, S.played_n) if r is R1 else S.played_n - 3
    fixed = {i: max(slots[i, "played"]) for i in range(S.n) if (i, "played") in slots}
    free = [i for i in order if i not in fixed]
    if not free:
        return
    chosen = _try_order(S, order, fixed, pool[r], k_of, "random")
    if chosen is None:
        chosen = _try_order(S, order, fixed, pool[r], k_of, "lowest")
    if chosen is None:
        fail("order", "the played spirit cards given cannot give this turn order (the highest played card "
                      "sets it, lowest first)")
    for s, cs in chosen.items():
        for c in cs:
            pool[r].remove(c)
        early = [] if r is R1 else pool[R1][:3]
        if len(early) != (0 if r is R1 else 3):
            fail("order", "not enough 1-20 spirit cards left to deal the played cards")
        del pool[R1][:len(early)]
        slots[s, "played"] = early + cs


def _try_order(S, order, fixed, pool, k_of, attempt) -> dict | None:
    """One try of `_fit_order`: {seat: its played cards}, or None when this way finds none."""
    avail, chosen, lo = sorted(pool), {}, 0
    for idx, s in enumerate(order):
        if s in fixed:
            if fixed[s] <= lo:
                return None
            lo = fixed[s]
            continue
        later = order[idx + 1:]
        nxt = next((j for j, t in enumerate(later) if t in fixed), len(later))
        hi = fixed[later[nxt]] if nxt < len(later) else 41
        cands = [c for c in avail if lo < c < hi and sum(c < x < hi for x in avail) >= nxt
                 and sum(x < c for x in avail) >= k_of - 1]
        if not cands:
            return None
        c = S.pick(cands) if attempt == "random" else cands[0]
        below = [x for x in avail if x < c]
        others = S.shuffle(below)[:k_of - 1] if attempt == "random" else below[:k_of - 1]
        chosen[s] = S.shuffle(others + [c])
        avail = [x for x in avail if x != c and x not in others]
        lo = c
    return chosen


__all__ = ["plan", "deal"]
