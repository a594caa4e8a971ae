"""The board editor's Lotus part (explorer/editor.py calls it): the palette, the places, and one edit.

Places (the board's `data-place`; seats by colour, flowers by name or petal count):
  "garden"            a card put here goes onto the flower of its type (so a new flower can be started)
  "flower:Lily"       a growing flower (cards of its type; guardians)
  "hand:Red", "deck:Red", "pile:Red"   a seat's hand, deck (put on top) and scoring pile
  "display", "wild_deck"               the wildflower display and the wildflower deck (put on top)
  "supply:Red"        the seat's guardian supply
  "tokens:Red"        the seat's scoring tokens
Pieces (the board's `data-piece` and the palette's ids):
  a card by its id ("B6s2"), or a new card by kind ("B6s", "R4d", "W6": taken from its owner's deck or the
  wildflower deck, else from the cards out of the game, else (a wildflower) from the display; if none is
  left there, set-up says so);
  "guardian:Red", "elder:Red" (an Elder Guardian brings the elder power); "token" (a scoring token; the
  board names one of Red's "token:Red").
Removing sends a card to the bottom of its owner's deck or of the wildflower deck (a card removed from a deck
goes out of the game), a guardian on a flower to its supply, an Elder Guardian in the supply out of the game
(with the elder power), a token back to the box. A flower left empty sends its guardians to their supplies.

Edits that cannot be written in the position format raise PositionError saying what was expected; a position
that is written but illegal (a card on the wrong flower, a third insect) is returned for set-up to report.
"""
from __future__ import annotations

import copy
from types import SimpleNamespace

from ...core.errors import PositionError, brief
from ...core.fields import Fields
from ...core.registry import position_options
from .config import SYM_LETTER, config
from .position import FORMAT_VERSION
from .shorthand import card, flower_type, seat

SEAT_PLACES = ("hand", "deck", "pile", "supply", "tokens")
CARD_PLACES = ("hand", "deck", "pile")
SYM_WORD = ("", "single", "double")


def _fail(msg):
    Fields("lotus edit").fail(None, msg)


def _colour(cfg, i) -> str:
    """The seat's colour as places name it: "Red" (the board's `cap(color)`)."""
    c = cfg.colors[i]
    return c[:1].upper() + c[1:]


def _kinds(cfg):
    """(owner, type, symbols) of every card kind in the game, seats first, wildflowers last."""
    aside = set(cfg.aside)
    kinds = {(cfg.OWNER[c], cfg.TYPE[c], cfg.SYM[c]) for c in range(cfg.ncards) if c not in aside}
    return sorted(kinds, key=lambda k: (k[0] < 0, k))


def _kind_id(cfg, kind) -> str:
    o, t, sym = kind
    return f"W{cfg.petals[t]}" if o < 0 else f"{cfg.letters[o]}{cfg.petals[t]}{SYM_LETTER[sym]}"


def palette(state) -> list[dict]:
    """What may be added: a card of each kind, each seat's guardian (and Elder Guardian), a scoring token."""
    cfg = state.cfg
    out = []
    for kind in _kinds(cfg):
        o, t, sym = kind
        if o < 0:
            label, group = f"wild {cfg.petals[t]}-petal", "wildflowers"
        else:
            label, group = f"{cfg.colors[o]} {cfg.petals[t]}-petal {SYM_WORD[sym]}", f"{_colour(cfg, o)} cards"
        out.append({"piece": _kind_id(cfg, kind), "label": label, "group": group})
    for i in range(cfg.seats):
        out.append({"piece": f"guardian:{_colour(cfg, i)}", "label": f"{_colour(cfg, i)} guardian",
                    "group": "guardians"})
        if "elder" in cfg.powers:
            out.append({"piece": f"elder:{_colour(cfg, i)}", "label": f"{_colour(cfg, i)} Elder Guardian",
                        "group": "guardians"})
    if not cfg.solo:
        out.append({"piece": "token", "label": "scoring token", "group": "tokens"})
    return out


def places(state) -> list[str]:
    """Every place the board marks (widgets/boards/lotus.js) in this position."""
    cfg = state.cfg
    out = ["garden"] + [f"flower:{cfg.flower_names[t]}" for t, f in enumerate(state.flowers) if f]
    if not cfg.solo or state.display:
        out.append("display")
    out.append("wild_deck")
    for i in range(cfg.seats):
        out += [f"{kind}:{_colour(cfg, i)}" for kind in SEAT_PLACES]
    return out


# ---- reading ops -------------------------------------------------------------------------------------

def _config(pos):
    if not isinstance(pos, dict):
        _fail(f"expected a position dict, got {type(pos).__name__}")
    from . import SPEC
    opts = pos.get("options") or {}
    head = SimpleNamespace(game=pos.get("game", "lotus"), version=pos.get("version", FORMAT_VERSION),
                           players=pos.get("players"), seed=pos.get("seed", 0), data=pos.get("data"),
                           options=opts if isinstance(opts, dict) else {})
    try:
        return config(head.players, position_options(SPEC, head, FORMAT_VERSION), head.data)
    except (ValueError, TypeError) as exc:
        _fail(f"the position's players and options do not make a game: {exc}")


def _text(op, key, what):
    v = op.get(key)
    if not isinstance(v, str) or not v.strip():
        _fail(f"'{key}' must be {what}, got {brief(v)}")
    return v.strip()


def _place(cfg, text):
    """('garden'|'flower'|'hand'|'deck'|'pile'|'supply'|'tokens'|'display'|'wild_deck', key or None)."""
    head, sep, key = text.partition(":")
    head = head.strip().lower()
    try:
        if not sep and head in ("garden", "display", "wild_deck"):
            return head, None
        if sep and head == "flower":
            return head, flower_type(cfg, key)
        if sep and head in SEAT_PLACES:
            return head, seat(cfg, key)
    except ValueError as exc:
        _fail(f"place {brief(text)}: {exc}")
    names = ", ".join(cfg.flower_names)
    _fail(f"unknown place {brief(text)}; expected garden, flower:<{names}>, display, wild_deck, or "
          f"hand/deck/pile/supply/tokens:<colour> (e.g. hand:{_colour(cfg, 0)})")


def _piece(cfg, text):
    """('card', id) | ('kind', (owner, type, symbols)) | ('guardian'|'elder', seat) | ('token', None)."""
    head, sep, key = text.partition(":")
    try:
        if sep and head.strip().lower() in ("guardian", "elder"):
            who = head.strip().lower()
            if who == "elder" and "elder" not in cfg.powers:
                _fail(f"this edition has no Elder Guardians (powers: {', '.join(cfg.powers)})")
            return who, seat(cfg, key)
        if text.lower() in ("token", "scoring token") or (sep and head.strip().lower() == "token"):
            return "token", None  # token:Red on the board: the seat is the place it is taken from
        exact, kind = card(cfg, text)
    except ValueError as exc:
        if isinstance(exc, PositionError):
            raise
        _fail(f"unknown piece {brief(text)}: {exc}; or guardian:<colour>, elder:<colour>, token")
    return ("card", exact) if exact is not None else ("kind", kind)


# ---- the position's lists ----------------------------------------------------------------------------

def _list(pos, cfg, place, create=True):
    """The card list at `place` (created empty if missing and `create`)."""
    kind, key = place
    if kind == "flower":
        flowers = pos.setdefault("flowers", {})
        k = str(cfg.petals[key])
        return flowers.setdefault(k, []) if create else flowers.get(k, [])
    if kind in CARD_PLACES:
        field = kind + "s"
        rows = pos.get(field)
        if not isinstance(rows, list) or len(rows) != cfg.seats:
            rows = pos[field] = [[] for _ in range(cfg.seats)]
        if rows[key] is None:
            rows[key] = []
        return rows[key]
    if kind in ("display", "wild_deck"):
        if pos.get(kind) is None:
            pos[kind] = []
        return pos[kind]
    return None


def _card_lists(pos, cfg):
    """Every (place, list) of cards in the position, the out-of-game cards last."""
    out = [(("flower", cfg.petals.index(int(k))), v) for k, v in (pos.get("flowers") or {}).items()
           if k in {str(p) for p in cfg.petals} and isinstance(v, list)]
    for kind in CARD_PLACES:
        out += [((kind, i), _list(pos, cfg, (kind, i))) for i in range(cfg.seats)]
    out += [(("display", None), _list(pos, cfg, ("display", None))),
            (("wild_deck", None), _list(pos, cfg, ("wild_deck", None)))]
    if isinstance(pos.get("out"), list):
        out.append((("out", None), pos["out"]))
    return out


def _words(cfg, place):
    kind, key = place
    if kind == "flower":
        return f"the {cfg.flower_names[key]}"
    if kind in SEAT_PLACES:
        return f"{_colour(cfg, key)}'s {kind}"
    return {"garden": "the garden", "wild_deck": "the wildflower deck", "out": "the cards out of the game"}.get(
        kind, f"the {kind}")


def _is_kind(cfg, name, kind):
    c = cfg.by_name.get(name)
    return c is not None and (cfg.OWNER[c], cfg.TYPE[c], cfg.SYM[c]) == kind


def _take(cfg, cards, piece):
    """Index in `cards` of the piece (an exact id, or the first card of a kind), or None."""
    what, val = piece
    for j, name in enumerate(cards):
        if name == val or (what == "kind" and (_is_kind(cfg, name, val) or name == _kind_id(cfg, val))):
            return j
    return None


def _flower_emptied(pos, cfg, place):
    """A flower left with no card goes; its guardians return to their supplies."""
    if place[0] != "flower":
        return
    k = str(cfg.petals[place[1]])
    if (pos.get("flowers") or {}).get(k) == []:
        del pos["flowers"][k]
        for g in pos.get("guardians") or []:
            if isinstance(g, dict):
                g["insects"] = ["supply" if _same_flower(cfg, x, place[1]) else x for x in g.get("insects") or []]
                if _same_flower(cfg, g.get("elder"), place[1]):
                    g["elder"] = "supply"


def _same_flower(cfg, v, t):
    try:
        return v != "supply" and v is not None and flower_type(cfg, v) == t
    except ValueError:
        return False


# ---- cards -------------------------------------------------------------------------------------------

def _card_from(pos, cfg, piece, src):
    """Take the piece out of `src` (a place, or None: wherever a free one is); returns its name."""
    what, val = piece
    if src is not None:
        return _card_at(pos, cfg, piece, src)
    if what == "card":  # an exact card without `from`: moved from wherever it is
        for where, cards in _card_lists(pos, cfg):
            if val in cards:
                cards.remove(val)
                _flower_emptied(pos, cfg, where)
                return val
        return val  # set aside or not yet placed: set-up says which
    owner = val[0]
    pools = [_list(pos, cfg, ("wild_deck", None) if owner < 0 else ("deck", owner))]
    pools.append(pos["out"] if isinstance(pos.get("out"), list) else [])
    if owner < 0:
        pools.append(_list(pos, cfg, ("display", None)))
    for cards in pools:
        found = sorted((cfg.by_name[n], j) for j, n in enumerate(cards) if _is_kind(cfg, n, val))
        if found:
            return cards.pop(found[0][1])
    return _kind_id(cfg, val)  # none free: set-up reports that no such card is left


def _card_at(pos, cfg, piece, src):
    """Take the piece out of place `src`; its name (PositionError when it is not there)."""
    what, val = piece
    if src[0] == "garden":
        lists = [(p, v) for p, v in _card_lists(pos, cfg) if p[0] == "flower"]
    else:
        lists = [(src, _list(pos, cfg, src, create=False))] if src[0] not in ("supply", "tokens") else []
    for where, cards in lists:
        j = _take(cfg, cards, piece)
        if j is not None:
            name = cards.pop(j)
            _flower_emptied(pos, cfg, where)
            return name
    _fail(f"{val if what == 'card' else _kind_id(cfg, val)} is not in {_words(cfg, src)}")


def _card_to(pos, cfg, name, dest):
    if dest[0] in ("supply", "tokens"):
        _fail(f"a card goes to the garden, a flower, a hand, deck or pile, the display or the wildflower deck, "
              f"not {_words(cfg, dest)}")
    if dest[0] == "garden":
        c = cfg.by_name.get(name)
        kind = None if c is not None else card(cfg, name)[1]
        dest = ("flower", cfg.TYPE[c] if c is not None else kind[1])
    _list(pos, cfg, dest).append(name)


def _card_remove(pos, cfg, piece, src):
    name = _card_from(pos, cfg, piece, src)
    c = cfg.by_name.get(name)
    if src[0] in ("deck", "wild_deck") or c is None:
        pos.setdefault("out", []).append(name)
    else:
        back = ("wild_deck", None) if cfg.OWNER[c] < 0 else ("deck", cfg.OWNER[c])
        _list(pos, cfg, back).insert(0, name)  # the bottom of the deck


# ---- guardians and tokens -----------------------------------------------------------------------------

def _guardians(pos, cfg, i):
    rows = pos.get("guardians")
    if not isinstance(rows, list) or len(rows) != cfg.seats:
        rows = pos["guardians"] = [{"insects": ["supply"] * cfg.insects, "elder": None} for _ in range(cfg.seats)]
    g = rows[i]
    if isinstance(g, list):
        g = rows[i] = {"insects": g, "elder": None}
    if not isinstance(g, dict):
        g = rows[i] = {"insects": ["supply"] * cfg.insects, "elder": None}
    g.setdefault("insects", [])
    g.setdefault("elder", None)
    return g


def _spot(cfg, place):
    """A guardian's place in the position format: 'supply' or a petal count."""
    return "supply" if place[0] == "supply" else cfg.petals[place[1]]


def _at(cfg, v, place):
    if place[0] == "supply":
        return v == "supply"
    return _same_flower(cfg, v, place[1])


def _guardian(pos, cfg, op, piece, src, dest):
    what, i = piece
    who = _colour(cfg, i)
    name = "Elder Guardian" if what == "elder" else "guardian"
    for p in (src, dest):
        if p is not None and p[0] not in ("flower", "supply"):
            _fail(f"{who}'s {name} goes on a flower or in {who}'s supply (supply:{who}), not {_words(cfg, p)}")
        if p is not None and p[0] == "supply" and p[1] != i:
            _fail(f"{who}'s {name} belongs in {who}'s supply (supply:{who}), not {_words(cfg, p)}")
    g = _guardians(pos, cfg, i)
    powers = pos.get("powers")
    if not isinstance(powers, list) or len(powers) != cfg.seats:
        powers = pos["powers"] = [[] for _ in range(cfg.seats)]
    if powers[i] is None:
        powers[i] = []
    (_elder if what == "elder" else _insect)(cfg, op, i, who, g, powers, src, dest)


def _elder(cfg, op, i, who, g, powers, src, dest):
    if src is not None and (g["elder"] is None or not _at(cfg, g["elder"], src)):
        _fail(f"{who}'s Elder Guardian is not in {_words(cfg, src)}")
    if op == "remove":
        g["elder"] = "supply" if src[0] == "flower" else None
        if g["elder"] is None:
            powers[i] = [p for p in powers[i] if p != "elder"]
        return
    if src is None and g["elder"] not in (None, "supply"):
        _fail(f"{who} has one Elder Guardian and it is on a flower: pick it there to move it")
    g["elder"] = _spot(cfg, dest)
    if "elder" not in powers[i]:
        powers[i] = powers[i] + ["elder"]


def _insect(cfg, op, i, who, g, powers, src, dest):
    insects = g["insects"]
    look = src or ("supply", i)
    j = next((k for k, v in enumerate(insects) if _at(cfg, v, look)), None)
    if op == "remove":
        if src[0] == "supply":
            _fail(f"{who}'s {cfg.insects} guardians stay in the game: move one to a flower, or to the supply")
        if j is None:
            _fail(f"no {who} guardian is on {_words(cfg, src)}")
        insects[j] = "supply"
        return
    if j is None and src is not None:
        _fail(f"no {who} guardian is in {_words(cfg, src)}")
    if j is None:
        insects.append(_spot(cfg, dest))  # a guardian more than the seat has: set-up says so
    else:
        insects[j] = _spot(cfg, dest)


def _token(pos, cfg, op, src, dest):
    for p in (src, dest):
        if p is not None and p[0] != "tokens":
            _fail(f"a scoring token goes to a seat's tokens (tokens:{_colour(cfg, 0)}), not {_words(cfg, p)}")
    tokens = pos.get("tokens")
    if not isinstance(tokens, list) or len(tokens) != cfg.seats:
        tokens = pos["tokens"] = [0] * cfg.seats
    if src is not None:
        if not isinstance(tokens[src[1]], int) or tokens[src[1]] < 1:
            _fail(f"{_colour(cfg, src[1])} has no scoring token")
        tokens[src[1]] -= 1
    if dest is not None:
        tokens[dest[1]] = (tokens[dest[1]] if isinstance(tokens[dest[1]], int) else 0) + 1


# ---- the turn ----------------------------------------------------------------------------------------

def _turn(pos, cfg, who):
    if isinstance(who, bool) or not isinstance(who, (int, str)):
        _fail(f"'seat' must be a seat number 0..{cfg.seats - 1} or a colour, got {brief(who)}")
    try:
        i = seat(cfg, who)
    except ValueError as exc:
        _fail(f"seat {brief(who)}: {exc}")
    old = pos.get("turn") if isinstance(pos.get("turn"), dict) else {}
    phase = "choose_powers" if old.get("phase") == "choose_powers" else "actions"
    pos["turn"] = {"seat": i, "phase": phase, "actions_left": 2, "plucked": False, "pending": [],
                   "final_turns_left": old.get("final_turns_left"), "number": old.get("number", 1),
                   "winter_actions": 0}
    pos["outcome"] = None


# ---- one edit ----------------------------------------------------------------------------------------

def apply(position: dict, op: dict) -> dict:
    """`position` with the edit `op` made (a new dict; see the module docstring for pieces and places)."""
    if not isinstance(op, dict):
        _fail(f"an edit is a dict like {{'op': 'put', 'piece': ..., 'to': ...}}, got {brief(op)}")
    pos = copy.deepcopy(position)
    cfg = _config(pos)
    kind = op.get("op")
    if kind == "turn":
        _turn(pos, cfg, op.get("seat"))
        return pos
    if kind not in ("put", "remove"):
        _fail(f"unknown op {brief(kind)}; expected put, remove or turn")
    piece = _piece(cfg, _text(op, "piece", "a piece id (a card like B6s2 or B6s, guardian:<colour>, token)"))
    if kind == "remove":
        src, dest = _place(cfg, _text(op, "from", "the place the piece is taken from")), None
    else:
        src = _place(cfg, _text(op, "from", "a place")) if op.get("from") is not None else None
        dest = _place(cfg, _text(op, "to", "the place to put the piece"))
    if piece[0] in ("guardian", "elder"):
        _guardian(pos, cfg, kind, piece, src, dest)
    elif piece[0] == "token":
        if kind == "put" and cfg.solo:
            _fail("the solo game has no scoring tokens")
        _token(pos, cfg, kind, src, dest)
    elif kind == "remove":
        _card_remove(pos, cfg, piece, src)
    else:
        if dest[0] in ("supply", "tokens"):
            _card_to(pos, cfg, "", dest)  # refused, naming the place
        _card_to(pos, cfg, _card_from(pos, cfg, piece, src), dest)
    return pos


__all__ = ["apply", "palette", "places"]


_SEAT_FIELDS = {"hands": "hand", "decks": "deck", "piles": "scoring pile", "tokens": "scoring tokens",
                "powers": "special powers", "guardians": "guardians"}
_FIELDS = {"display": "the wildflower display", "wild_deck": "the wildflower deck", "out": "the cards out of the game",
           "turn": "whose turn it is", "winter": "the Winter Lotus"}


def where(path: list[str], state) -> str | None:
    """A position field said as a player says the place (explorer.editor's messages): 'flowers.6.0' (the
    6-petal flower's first card) -> 'the Lily', 'hands.1' -> "Blue Dragonfly's hand"; None for what has no
    place name."""
    head = path[0]
    if head == "flowers" and len(path) > 1 and path[1].isdigit():  # keyed by petal count
        cfg = state.cfg
        return f"the {cfg.flower_names[cfg.petals.index(int(path[1]))]}"
    if head in _SEAT_FIELDS and len(path) > 1 and path[1].isdigit():
        return f"{state.view(None)['seats'][int(path[1])]['name']}'s {_SEAT_FIELDS[head]}"
    return _FIELDS.get(head)
