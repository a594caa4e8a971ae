"""Rebuild a full Lotus state from one seat's view, sampling what that seat cannot see (for bots).

`from_view(view, seed)` is the GameSpec hook behind information-set search by determinisation: the
bot searches states that agree with everything its seat sees, never the true one. What is sampled
(uniformly, from `seed` through explorer.core.rng):

- other seats' hands and every deck's order (the viewer's own deck too: its order is hidden from it);
- which unseen cards sit in decks, scoring piles or out of the game (the view gives only their counts):
  each hand and deck takes its owner's unseen cards, plus only as many unseen wildflowers (drawn from
  the display, or exchanged into a deck) as the counts force (exact until a seat's own cards reach a
  scoring pile: the view does not list pile contents);
- the wildflower deck's order.

Some public facts are not in the Lotus view, so they are inferred (exact in ordinary play) unless the
view carries them under the keys named here: "options" (the game's options; otherwise edition, family
and the token limit are read from the view, the others take their defaults, the solo difficulty is read
from the powers held and Longer Play from a restarted type), "final_turns_left" (otherwise worked out
from the seat whose deck ran out first), "plucked" (whether Fortune was used this turn; otherwise False)
and "turn_seat" (whose turn it is during a reward phase; otherwise (turn - 1) mod players).
"""
from __future__ import annotations

from ...core.fields import Fields
from ...core.rng import Draws
from .config import DIFFICULTY, DRAW_PHASE, NOT_OWNED, OVER, PHASES, POWER_BIT, REWARD, SUPPLY, config
from .position import check_options

_COUNT_DIFFICULTY = {v: k for k, v in DIFFICULTY.items()}


def _fail(msg):
    Fields("lotus view").fail(None, msg)


def view_options(view: dict) -> dict:
    """The game's options as far as the view shows them (see the module docstring)."""
    from . import OPTIONS
    opts = {k: o.default for k, o in OPTIONS.items()}
    given = view.get("options")
    if isinstance(given, dict):
        opts.update({k: v for k, v in given.items() if k in opts})
        return opts
    opts["edition"] = view.get("edition", opts["edition"])
    opts["family"] = bool(view.get("family"))
    solo = view.get("solo")
    if not solo and view.get("tokens_left", 0) is None:
        opts["scoring_tokens"] = "unlimited"
    if solo:
        if view.get("phase") != "choose_powers":
            held = len(view["seats"][0]["powers"])
            opts["difficulty"] = _COUNT_DIFFICULTY.get(held, opts["difficulty"])
        done = view.get("solo_completed") or []
        growing = {f["petals"] for f in view.get("flowers", ())}
        opts["longer_play"] = len(set(done)) < len(done) or bool(growing & set(done))
    return opts


def _final_turns(view, seat, phase, players) -> int:
    if "final_turns_left" in view:
        v = view["final_turns_left"]
        return -1 if v is None else int(v)
    if not view.get("final_round"):
        return -1
    empty = [s["seat"] for s in view["seats"] if s["deck_size"] == 0]
    if not empty:
        return 0
    # the trigger seat emptied its deck first: its turn lies furthest back. A seat on turn whose deck is
    # empty emptied it a full round ago, unless it is drawing and the only one (it has just triggered).
    if phase == DRAW_PHASE and empty == [seat]:
        return players
    k = max((seat - p) % players or players for p in empty)
    return players - k


def from_view(view: dict, seed: int, cls=None):
    """A LotusState consistent with `view` (any seat's, the spectator's or the omniscient one)."""
    from .state import LotusState
    cls = cls or LotusState
    if not isinstance(view, dict) or view.get("game") != "lotus":
        _fail("expected the dict returned by LotusState.view(seat)")
    players = view["players"]
    opts = view_options(view)
    try:
        check_options(players, opts)
        cfg = config(players, opts, view.get("data"))
    except ValueError as exc:
        _fail(str(exc))
    by_name = cfg.by_name

    def ids(cards, where):
        try:
            return tuple(by_name[c["id"]] for c in cards)
        except KeyError as exc:
            _fail(f"unknown card {exc.args[0]!r} in {where} (a view of another component file?)")

    seats = view["seats"]
    known_hands = [ids(s["hand"], f"seat {i}'s hand") if s.get("hand") is not None else None
                   for i, s in enumerate(seats)]
    flowers, guards = _garden(view, cfg, ids)
    display = tuple(sorted(ids(view.get("display", ()), "the display")))
    seen = set(display).union(*flowers, *(h for h in known_hands if h))
    draw = Draws(seed)
    wild_unseen = draw.shuffled([c for c in cfg.start_wild if c not in seen])
    nwild = view.get("wild_deck", 0)
    if nwild > len(wild_unseen):
        _fail("the wildflower deck holds more cards than are unseen")
    wild, spare = tuple(wild_unseen[:nwild]), wild_unseen[nwild:]
    hands, decks, pool = [], [], []
    for i, s in enumerate(seats):
        spare = _hand_and_deck(cfg, draw, i, s, known_hands[i], seen, spare, hands, decks, pool)
    pool.extend(spare)
    if any(s["pile_size"] for s in seats):  # else every card left is out of the game: no order to draw
        pool = draw.shuffled(pool)
    piles = []
    for s in seats:
        k = s["pile_size"]
        piles.append(tuple(sorted(pool[:k])))
        pool = pool[k:]
    if len(pool) != view.get("out", 0):
        _fail(f"{len(pool)} cards are left for the out-of-game pile, the view says {view.get('out', 0)}")

    st = object.__new__(cls)
    st.cfg, st.seed, st._legal = cfg, seed, None
    st.hands, st.decks, st.piles, st.flowers = tuple(hands), tuple(decks), tuple(piles), tuple(flowers)
    st.display, st.wild, st.out = display, wild, tuple(sorted(pool))
    st.guards = tuple((min(ins), max(ins), elder) for ins, elder in
                      ((insects + [SUPPLY] * (2 - len(insects)), elder) for insects, elder in guards))
    st.tokens = tuple(s["tokens"] for s in seats)
    st.powers = tuple(sum(POWER_BIT[p] for p in s["powers"]) for s in seats)
    _turn(st, view, cfg)
    return st


def _garden(view, cfg, ids):
    """The flowers' cards by type; each seat's [guardian flowers, Elder Guardian's place]."""
    flowers = [()] * 5
    guards = [[[], SUPPLY if s["supply"]["elder"] else NOT_OWNED] for s in view["seats"]]
    for f in view.get("flowers", ()):
        t = cfg.petals.index(f["petals"])
        flowers[t] = ids(f["cards"], f"the {f['petals']}-petal flower")
        for g in f["guardians"]:
            if g["elder"]:
                guards[g["seat"]][1] = t
            else:
                guards[g["seat"]][0].append(t)
    return flowers, guards


def _hand_and_deck(cfg, draw, i, s, hand, seen, spare, hands, decks, pool):
    """Seat i's hand (sampled unless known) and deck from its unseen cards; the wildflowers left spare."""
    unseen = draw.shuffled([c for c in cfg.start_decks[i] if c not in seen])
    k = 0 if hand is not None else s["hand_size"]
    need = k + s["deck_size"]
    # wildflowers drawn or exchanged in: as few as the counts allow (exact until own cards reach piles)
    extra = max(0, need - len(unseen))
    if extra > len(spare):
        _fail(f"seat {i}'s hand and deck hold more cards than are unseen")
    mine = unseen[:need - extra] + spare[:extra]
    pool.extend(unseen[need - extra:])
    if hand is None:
        mine = draw.shuffled(mine)
        hand = tuple(sorted(mine[:k]))
    hands.append(hand)
    decks.append(tuple(draw.shuffled(mine[k:])))
    return spare[extra:]


def _turn(st, view, cfg):
    """Phase, seat, actions left and the rest of the turn from the view."""
    n = cfg.seats
    phase = PHASES.index(view["phase"])
    st.phase = phase
    st.pending = tuple(view.get("pending_rewards") or ())
    if phase == REWARD or phase == OVER:
        seat = view.get("turn_seat", (view["turn"] - 1) % n)
    else:
        seat = view["current_player"]
    st.seat = seat
    st.left = view["actions_left"]
    st.plucked = bool(view.get("plucked", False))
    st.final = -1 if cfg.solo else _final_turns(view, seat, phase, cfg.players)
    st.turn = view["turn"]
    st.winter = view.get("winter_lotus") or 0
    st.wmoves = view.get("winter_pending") or 0
    st.done = tuple(cfg.petals.index(p) for p in view.get("solo_completed") or ())
    result = view.get("result")
    st.outcome = result["outcome"] if result else None


__all__ = ["from_view", "view_options"]
