"""The board editor's chaos part (explorer/editor.py calls it): the palette, the places, and one edit.

Places (the board's `data-place`):
  "hex:N", "hex:1,-2"  a hex: the blue corners by name (N NE SE S SW NW), any other hex as axial "q,r" (the
                       centre is "hex:0,0"); every form set-up reads is also accepted ("hex:centre", "hex:ring 2 #5")
  "area:Red"           a seat's play area, by its token's colour (any case)
  "deck"               the action deck (a card put here goes on top)
Pieces (the board's `data-piece` and the palette's ids):
  "token:Red"          a seat's token: put on a hex it moves there (a token out of the game comes back in);
                       removed, its seat is out of the game and its cards are discarded, as after an accusation
                       (lotus_chaos.eliminated.cards)
  "12", "b3"           a card by name: put in a play area or on the deck; without `from` it is taken from wherever
                       it is (a revealed card taken is replaced by the top card of the deck)
  "card"               the top card of the deck
  "blank"              a blank card not in play; its text is the first written-card menu line until written
Removing a printed card from a play area puts it at the bottom of the deck; a blank card goes back to the blank
cards, its text erased. Printed cards never leave the game, so nothing is removed from the deck.

Edits that cannot be written in the position format raise PositionError saying what was expected; a position
that is written but illegal (six cards in a play area, a blank card in the deck) is returned for set-up to report.
"""
from __future__ import annotations

import copy

from ...core.errors import PositionError, brief
from ...core.fields import Fields
from .config import config
from .setup import _options, hex_of


def _fail(msg):
    Fields("lotus_chaos edit").fail(None, msg)


def _cap(colour: str) -> str:
    return colour[:1].upper() + colour[1:]


def hex_place(cfg, h) -> str:
    """A hex's place id: a corner by name, else "q,r"."""
    h = tuple(h)
    return "hex:" + (cfg.board.corner_of.get(h) or f"{h[0]},{h[1]}")


def palette(state) -> list[dict]:
    """What may be added: the top card of the deck, a blank card, each seat's token (which moves it)."""
    out = [{"piece": "card", "label": "top card of the deck", "group": "cards"}]
    if state.cfg.nblank:
        out.append({"piece": "blank", "label": "a blank card", "group": "cards"})
    return out + [{"piece": f"token:{_cap(state.colour[i])}", "label": f"{state.name(i)}'s token", "group": "tokens"}
                  for i in range(state.cfg.players)]


def places(state) -> list[str]:
    """Every place the board marks (widgets/boards/lotus_chaos.js)."""
    cfg = state.cfg
    return ([hex_place(cfg, h) for h in cfg.board.hexes] + [f"area:{_cap(c)}" for c in state.colour] + ["deck"])


# ---- reading ops -------------------------------------------------------------------------------------

def _config(pos):
    if not isinstance(pos, dict):
        _fail(f"expected a position dict, got {type(pos).__name__}")
    seats = pos.get("seats")
    if not (isinstance(seats, list) and len(seats) == 6 and all(isinstance(st, dict) and
                                                              isinstance(st.get("colour"), str) for st in seats)):
        _fail("expected a complete position (six seats with their colours, as to_json writes it)")
    _, opts = _options(pos, {})
    try:
        return config(6, opts, pos.get("data"))
    except (ValueError, TypeError) as exc:
        _fail(f"the position's options and data do not make a game: {exc}")


def _text(op, key, what):
    v = op.get(key)
    if not isinstance(v, str) or not v.strip() or len(v) > 60:
        _fail(f"'{key}' must be {what}, got {brief(v)}")
    return v.strip()


def _seat(pos, who):
    """A seat from its colour (any case) or its number 0..5."""
    colours = [st["colour"].lower() for st in pos["seats"]]
    if isinstance(who, int) and not isinstance(who, bool) and 0 <= who < 6:
        return who
    if isinstance(who, str) and who.strip().lower() in colours:
        return colours.index(who.strip().lower())
    _fail(f"expected a seat 0..5 or a token colour ({', '.join(map(_cap, colours))}), got {brief(who)}")


def _place(pos, cfg, text):
    """('hex', (q, r)) | ('area', seat) | ('deck', None)."""
    head, sep, key = text.partition(":")
    head = head.strip().lower()
    if not sep and head == "deck":
        return "deck", None
    if sep and head == "hex":
        try:
            return "hex", hex_of(key.strip(), "hex", cfg.radius)
        except PositionError:
            _fail(f"place {brief(text)}: expected hex:<corner N NE SE S SW NW> or hex:<q,r> on the board of "
                  f"radius {cfg.radius}")
    if sep and head == "area":
        return "area", _seat(pos, key)
    _fail(f"unknown place {brief(text)}; expected hex:<N, NE, ... or q,r>, area:<colour> (e.g. "
          f"area:{_cap(pos['seats'][0]['colour'])}) or deck")


def _piece(pos, cfg, text):
    """('token', seat) | ('card', name) | ('top', None) | ('blank', None)."""
    head, sep, key = text.partition(":")
    if sep and head.strip().lower() == "token":
        return "token", _seat(pos, key)
    t = text.lower()
    if t in ("card", "blank"):
        return ("top" if t == "card" else "blank"), None
    if t in cfg.by_name:
        return "card", t
    _fail(f"unknown piece {brief(text)}; expected token:<colour>, a card 1..{cfg.nprinted} or "
          f"b1..b{cfg.nblank}, card (the top of the deck) or blank")


def _words(pos, place):
    kind, key = place
    if kind == "area":
        return f"{_cap(pos['seats'][key]['colour'])}'s play area"
    return "the deck" if kind == "deck" else f"hex {key[0]},{key[1]}"


# ---- the position's lists ----------------------------------------------------------------------------

def _list(pos, field):
    if not isinstance(pos.get(field), list):
        pos[field] = []
    return pos[field]


def _cards(pos, i):
    st = pos["seats"][i]
    if not isinstance(st.get("cards"), list):
        st["cards"] = []
    return st["cards"]


def _erase(pos, name):
    """A blank card leaving a play area loses its text."""
    if isinstance(pos.get("blanks"), dict):
        pos["blanks"].pop(name, None)


def _take_anywhere(pos, cfg, name):
    """Take the card out of wherever it is (a play area, the deck, the discard pile, the revealed cards)."""
    for i in range(6):
        if name in _cards(pos, i):
            _cards(pos, i).remove(name)
            return
    for field in ("deck", "discard"):
        if name in _list(pos, field):
            pos[field].remove(name)
            return
    rev = pos.get("revealed")
    if isinstance(rev, list) and name in rev:
        deck = _list(pos, "deck")
        j = rev.index(name)
        if deck:
            rev[j] = deck.pop()
        else:
            rev.pop(j)


def _card_from(pos, cfg, piece, src):
    """Take the piece out of `src` (a place, or None: wherever it is); returns the card's name."""
    what, name = piece
    if src is not None and src[0] == "hex":
        _fail(f"a card is in a play area or the deck, not on {_words(pos, src)}")
    if what == "blank":
        if src is not None:
            _fail("'blank' is a new blank card from the palette: pick a blank card on the board by its name (b3)")
        used = {c for i in range(6) for c in _cards(pos, i)}
        used |= {c for f in ("deck", "discard", "revealed") for c in (pos.get(f) or [])}
        free = [n for n in cfg.NAME[cfg.nprinted:] if n not in used]
        if not free:
            _fail(f"all {cfg.nblank} blank cards are in play")
        return free[0]
    if what == "top":
        if src is not None and src[0] != "deck":
            _fail(f"'card' is the top card of the deck, not a card in {_words(pos, src)}: pick that card by its "
                  "name")
        deck = _list(pos, "deck")
        if not deck:
            _fail("the deck is empty")
        return deck.pop()
    if src is None:
        _take_anywhere(pos, cfg, name)
        return name
    cards = _cards(pos, src[1]) if src[0] == "area" else _list(pos, "deck")
    if name not in cards:
        _fail(f"card {name} is not in {_words(pos, src)}")
    cards.remove(name)
    return name


def _card(pos, cfg, op, piece, src, dest):
    if op == "remove":
        if src[0] != "area":
            _fail(f"only a card in a play area can be removed (printed cards never leave the game), not from "
                  f"{_words(pos, src)}")
        name = _card_from(pos, cfg, piece, src)
        if cfg.by_name[name] < cfg.nprinted:
            _list(pos, "deck").insert(0, name)  # the bottom of the deck
        else:
            _erase(pos, name)
        return
    if dest[0] == "hex":
        _fail(f"a card goes to a play area (area:<colour>) or the deck, not {_words(pos, dest)}")
    name = _card_from(pos, cfg, piece, src)
    if dest[0] == "deck" and cfg.by_name[name] >= cfg.nprinted:
        _erase(pos, name)
    if dest[0] == "area":
        _cards(pos, dest[1]).append(name)
    else:
        _list(pos, "deck").append(name)  # the top; a blank card here is refused by set-up


# ---- tokens ------------------------------------------------------------------------------------------

def _token(pos, cfg, op, i, src, dest):
    st = pos["seats"][i]
    who = _cap(st["colour"])
    for p in (src, dest):
        if p is not None and p[0] != "hex":
            _fail(f"{who}'s token stands on a hex (hex:N, hex:1,-2), not in {_words(pos, p)}")
    if src is not None and (st.get("hex") is None or tuple(st["hex"]) != src[1]):
        _fail(f"{who}'s token is not on {_words(pos, src)}")
    if op == "put":
        st["hex"], st["alive"] = list(dest[1]), True
        return
    st["hex"], st["alive"] = None, False  # out of the game: its cards are discarded
    for name in _cards(pos, i):
        if cfg.by_name.get(name, 0) < cfg.nprinted:
            _list(pos, "discard").append(name)
        else:
            _erase(pos, name)
    st["cards"] = []
    turn = pos.get("turn")
    if isinstance(turn, dict) and isinstance(turn.get("window"), list):
        turn["window"] = [w for w in turn["window"] if w != i]


# ---- the turn ----------------------------------------------------------------------------------------

def _turn(pos, who):
    """Seat `who` at the start of its turn: about to reveal two cards (any revealed ones go back on top)."""
    i = _seat(pos, who)
    old = pos.get("turn") if isinstance(pos.get("turn"), dict) else {}
    rnd = old.get("round") if isinstance(old.get("round"), int) and old.get("round", 0) >= 1 else 1
    keep = old.get("phase") == "draw" and isinstance(pos.get("revealed"), list) and len(pos["revealed"]) == 2
    if not keep:
        _list(pos, "deck").extend(pos.get("revealed") or [])
        pos["revealed"] = None  # set-up reveals the top two
    pos["turn"] = {"phase": "draw", "seat": i, "round": rnd, "number": 6 * (rnd - 1) + i + 1, "moved": False,
                   "activated": [], "window": []}
    pos["queue"], pos["notice"], pos["result"] = [], None, None


# ---- one edit ----------------------------------------------------------------------------------------

def apply(position: dict, op: dict) -> dict:
    """`position` with the edit `op` made (a new dict; see the module docstring for pieces and places)."""
    if not isinstance(op, dict):
        _fail(f"an edit is a dict like {{'op': 'put', 'piece': ..., 'to': ...}}, got {brief(op)}")
    pos = copy.deepcopy(position)
    cfg = _config(pos)
    kind = op.get("op")
    if kind == "turn":
        _turn(pos, op.get("seat"))
        return pos
    if kind not in ("put", "remove"):
        _fail(f"unknown op {brief(kind)}; expected put, remove or turn")
    piece = _piece(pos, cfg, _text(op, "piece", "a piece id (token:<colour>, a card like 12 or b3, card, blank)"))
    if kind == "remove":
        src, dest = _place(pos, cfg, _text(op, "from", "the place the piece is taken from")), None
    else:
        src = _place(pos, cfg, _text(op, "from", "a place")) if op.get("from") is not None else None
        dest = _place(pos, cfg, _text(op, "to", "the place to put the piece"))
    if isinstance(pos.get("turn"), dict) and pos["turn"].get("phase") == "over":
        pos["result"] = None  # set-up works the result out again from the edited board
    if piece[0] == "token":
        _token(pos, cfg, kind, piece[1], src, dest)
    else:
        if kind == "remove" and piece[0] in ("top", "blank"):
            _fail(f"'{piece[0] if piece[0] == 'blank' else 'card'}' is a new card from the palette: pick the "
                  "card on the board to remove it")
        _card(pos, cfg, kind, piece, src, dest)
    return pos


__all__ = ["apply", "hex_place", "palette", "places"]
