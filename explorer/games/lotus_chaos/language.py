"""The action language of the cards (printed and written on blank cards), parsed with lark (never eval).

A card is one or more clauses joined by ``then`` (or ``;``). Case, ``center``/``colour``/``greyscale``
spellings and the filler words *the, hex, hexes, space(s), currently, for, of, your, their* are ignored.

Movement (everyone's token, or the members of up to two groups; groups are ``odd even color wheel grayscale
low high``, a group created earlier ``[red shirts]`` or a new one ``[red shirts: 1 4]`` naming the number
identifiers of its members; ``odd color wheel`` (also ``all odd color wheel players``) means in both groups,
``odd or grayscale`` in either, an extension of the engine's own; a path stops at its first step off the board)::

    even color wheel tokens move 2 north          all tokens move 1 towards centre
    odd tokens move 1 away from centre except tokens in centre
    grayscale tokens move 2 towards token 3       [hats: 2 5] tokens move 1 towards red
    all tokens move path n ne se                  high tokens jump 3 sw       low tokens jump to centre
    odd or grayscale tokens move 2 towards ne corner

Written cards may also turn tokens around the centre along their own ring (``lotus_chaos.movement.rotate``;
``anticlockwise``, ``anti-clockwise`` and ``counterclockwise`` are one word; the centre hex stays) and move
them towards the nearest hex of a board zone, ``red purple blue green`` or ``corner`` (= blue), by hex
distance with the ``tiebreak`` option's tie-breaks (``lotus_chaos.movement.nearest-zone``; ``towards red``
without ``nearest`` is still the red token)::

    odd tokens move 1 clockwise                   all tokens move 2 anticlockwise except centre
    grayscale tokens move 2 towards nearest green     high tokens move 3 towards nearest corner

Swaps (mode ``blind``, ``take`` = each side chooses the cards it takes, ``give`` = each side chooses the
cards it gives, no mode = blind; ``n`` cards each way, ``a`` card, or whole ``hands``)::

    blind swap 1 with a color wheel player        take swap 1 with an odd color wheel player
    give swap 2 with player on left               blind swap 1 with deck
    blind swap hands with each high player        all players pass hands left

A swap may name who makes it instead of the card's holder: ``each <groups> player`` (or ``<groups>
players``, ``all players``, ``each player``), existing groups only; each member still in the game makes the
swap in turn from the holder, ``left``/``right``/``a ... player`` seen from that member
(``lotus_chaos.swap.others``)::

    each odd player blind swap 1 with player on left      each player give swap 1 with a high player

>>> render(parse("Each odd player blindly swaps a card with the player on his left"))
'each odd player blind swap 1 with player on left'
>>> parse("Odd tokens move 1 hex clockwise")
(('move', ('odd',), ('ring', 'cw', 1), False),)
>>> render(parse("Grayscale tokens move 2 hexes towards the nearest green hex"))
'grayscale tokens move 2 towards nearest green'
>>> check(parse("each odd low player swap 1 with a high player"), Table(range(6), (1, 2, 3, 4, 5, 6),
...       ("red", "blue", "yellow", "grey", "white", "black"), {}))[0]
'lotus_chaos.write.swap-groups'

`parse(text)` gives a program (nested tuples); `check(program, ...)` names the rulebook boundary a
newly written card breaks.
"""
from __future__ import annotations

import functools
import re

from lark import Lark, Transformer, v_args
from lark.exceptions import LarkError, UnexpectedInput

from ...core.errors import NotationError, clip

MAX_TEXT = 240  # characters of card text, checked before parsing
BUILTIN = ("odd", "even", "colorwheel", "grayscale", "low", "high")
BUILTIN_TEXT = {"odd": "odd", "even": "even", "colorwheel": "color wheel", "grayscale": "grayscale",
                "low": "low", "high": "high"}
COLOURS = ("red", "blue", "yellow", "grey", "white", "black")
_DIR_WORDS = {"n": "N", "north": "N", "ne": "NE", "northeast": "NE", "se": "SE", "southeast": "SE",
              "s": "S", "south": "S", "sw": "SW", "southwest": "SW", "nw": "NW", "northwest": "NW"}

GRAMMAR = r"""
start: clause (_SEP clause)*
_SEP: "then" | ";"

?clause: move | remove | swap | passing

move: who "move" INT motion exc?        -> move
    | who "move" "path" dir+ exc?       -> path
    | who "jump" INT dir exc?           -> jump
    | who "jump" "to" place exc?        -> jumpto
remove: "remove" who | who "leave" "board"

who: "all" _units?                      -> everyone
   | "all"? gterm+ _units?              -> groups
_units: "tokens" | "token" | "players" | "player"

?gterm: group
      | group "or" group                -> union

group: "odd"             -> odd
     | "even"            -> even
     | "color" "wheel"   -> colorwheel
     | "grayscale"       -> grayscale
     | "low"             -> low
     | "high"            -> high
     | GROUPNAME         -> custom

motion: dir                              -> m_dir
      | "towards" dir                    -> m_dir
      | "towards" dir "corner"           -> m_corner
      | "towards" "centre"               -> m_centre
      | "away" "from" "centre"           -> m_away
      | "towards" ("token" | "player") INT  -> m_token
      | "towards" COLOUR "token"?        -> m_colour
      | "off" "board"                    -> m_off
      | "clockwise" _around?             -> m_cw
      | "anticlockwise" _around?         -> m_acw
      | "towards" "nearest" ZONE         -> m_zone
_around: "around" "centre"

exc: "except" "tokens"? "in"? "centre"

place: "centre"                          -> p_centre
     | dir "corner"                      -> p_corner
     | HEX                               -> p_hex

dir: DIR

swap: subject? mode* _swapverb amount kind? _card? "with" partner erase?
_swapverb: "swap" | "swaps"
subject: "each" gterm* _units             -> subject_each
       | who                              -> subject_who
_card: "card" | "cards"
amount: INT                               -> n_cards
      | "a"                               -> one_card
      | "hands"                           -> hands
      | "all"                             -> hands
      | INT "for" INT                     -> ratio
mode: "blind" -> blind_mode
    | "blindly" -> blind_mode
    | "take" -> take_mode
    | "give" -> give_mode
kind: "blank" -> blank
    | "printed" -> printed
partner: "deck"                          -> deck
       | "player" "on" "left"            -> left
       | "player" "on" "right"           -> right
       | "a" "player"                    -> any
       | "any" "player"                  -> any
       | "a" gterm+ "player"             -> one_of
       | "each" gterm+ "player"          -> each_of
       | "every" gterm+ "player"         -> each_of
       | "player" INT                    -> named
       | COLOUR "player"                 -> named_colour
erase: "erasing" "blank" "cards"?

passing: "all" "players"? "pass" ("hands" | "cards") "to"? "player"? "on"? side
side: "left" -> left | "right" -> right

DIR: /\b(north|northeast|northwest|south|southeast|southwest|ne|nw|se|sw|n|s)\b/
COLOUR: /\b(red|blue|yellow|grey|white|black)\b/
ZONE: /\b(red|purple|blue|green|corner)\b/
INT: /\b[0-9]{1,2}\b/
HEX: /-?[0-9]{1,2},-?[0-9]{1,2}/
GROUPNAME: /\[[a-z0-9 '&:,-]{1,40}\]/
%import common.WS
%ignore WS
"""

_FILLER = {"the", "hex", "hexes", "space", "spaces", "currently", "for", "of", "your", "their", "his", "her", "its",
           "an", "action"}
_ANTICLOCKWISE = re.compile(r"\b(?:anti|counter)[- ]?clockwise\b")


_BRACKETS = re.compile(r"(\[[^\[\]]*\])")


def _words(t: str) -> list:
    """The words of a stretch of card text outside a group's brackets, spellings and filler normalised."""
    t = t.replace("center", "centre").replace("colour", "color").replace("greyscale", "grayscale")
    t = re.sub(r"\bgray\b", "grey", t).replace(".", " ; ")
    t = _ANTICLOCKWISE.sub("anticlockwise", t)
    t = re.sub(r"(-?\d+)\s*,\s*(-?\d+)", r"\1,\2", t)  # a hex "3, -1" stays one word
    t = re.sub(r",(?!-?\d)", " ", t)
    words = []
    for w in t.split():
        if w == "an":
            words.append("a")
        elif w in _FILLER and w != "for":
            continue
        else:
            words.append(w)
    return words


def normalise(text: str) -> str:
    words = []
    # a group's name in brackets is kept as written (commas and all: lotus_chaos.write.move-identifiable)
    for i, part in enumerate(_BRACKETS.split(text.lower())):
        words += ["[" + " ".join(part[1:-1].split()) + "]"] if i % 2 else _words(part)
    # "for" only matters between two counts ("2 for 1")
    out = []
    for i, w in enumerate(words):
        if w == "for" and not (0 < i < len(words) - 1 and words[i - 1].isdigit() and words[i + 1].isdigit()):
            continue
        out.append(w)
    while out and out[-1] == ";":  # a full stop ending the card
        out.pop()
    return " ".join(out)


@v_args(inline=True)
class _Build(Transformer):
    def start(self, *clauses):
        return tuple(clauses)

    # who
    def everyone(self, *_):
        return None

    def groups(self, *gs):
        return tuple(gs)

    def odd(self):
        return "odd"

    def even(self):
        return "even"

    def colorwheel(self):
        return "colorwheel"

    def grayscale(self):
        return "grayscale"

    def low(self):
        return "low"

    def high(self):
        return "high"

    def custom(self, tok):
        body = str(tok)[1:-1].strip()
        if ":" in body:
            name, _, members = body.partition(":")
            nums = members.replace(",", " ").split()
            if not nums or not all(n.isdigit() for n in nums):
                raise NotationError(f"a new group lists its members' number identifiers: [{name.strip()}: 1 4]")
            return ("custom", " ".join(name.split()), tuple(sorted({int(n) for n in nums})))
        return ("custom", " ".join(body.split()), None)

    def union(self, a, b):
        return ("or", a, b)

    def dir(self, tok):
        return _DIR_WORDS[str(tok)]

    # motions
    def m_dir(self, d):
        return ("dir", d)

    def m_corner(self, d):
        return ("corner", d)

    def m_centre(self):
        return ("centre",)

    def m_away(self):
        return ("away",)

    def m_token(self, n):
        return ("token", int(n))

    def m_colour(self, c):
        return ("colour", "grey" if str(c) == "gray" else str(c))

    def m_off(self):
        return ("off",)

    def m_cw(self, *_):  # lotus_chaos.movement.rotate
        return ("ring", "cw")

    def m_acw(self, *_):
        return ("ring", "acw")

    def m_zone(self, tok):  # lotus_chaos.movement.nearest-zone
        z = str(tok)
        return ("zone", "blue" if z == "corner" else z)

    def exc(self, *_):
        return True

    def move(self, who, n, motion, exc=None):
        n = int(n)
        if motion[0] == "off":
            return ("remove", who)
        return ("move", who, motion + (n,), bool(exc))

    def path(self, who, *rest):
        dirs = tuple(d for d in rest if isinstance(d, str))
        exc = any(r is True for r in rest)
        return ("move", who, ("path", dirs), exc)

    def jump(self, who, n, d, exc=None):
        return ("move", who, ("jump", d, int(n)), bool(exc))

    def jumpto(self, who, where, exc=None):
        return ("move", who, ("jumpto", where), bool(exc))

    def p_centre(self):
        return ("centre",)

    def p_corner(self, d):
        return ("corner", d)

    def p_hex(self, tok):
        q, r = str(tok).split(",")
        return ("hex", int(q), int(r))

    def remove(self, who):
        return ("remove", who)

    # swaps
    def blind_mode(self):
        return ("mode", "blind")

    def take_mode(self):
        return ("mode", "take")

    def give_mode(self):
        return ("mode", "give")

    def subject_each(self, *gs):
        return ("subject", tuple(gs) or None)

    def subject_who(self, who):
        return ("subject", who)

    def swap(self, *children):
        modes, amount, kind, partner, erase, subject = set(), None, None, None, False, None
        for c in children:
            if isinstance(c, tuple) and c[0] == "subject":
                subject = c
            elif c == "erase":
                erase = True
            elif c in ("blank", "printed"):
                kind = c
            elif isinstance(c, tuple) and c[0] == "mode":
                modes.add(c[1])
            elif isinstance(c, int) or c == "hands" or (isinstance(c, tuple) and c[0] == "ratio"):
                amount = c
            else:
                partner = c
        if not modes:  # lotus_chaos.write.swap-default-blind: a swap that names no mode is blind
            modes.add("blind")
        clause = ("swap", tuple(sorted(modes)), amount, kind, partner, erase)
        if subject is not None:  # lotus_chaos.swap.others: each player of a group makes this swap
            return ("each", subject[1], clause)
        return clause

    def n_cards(self, n):
        return int(n)

    def one_card(self):
        return 1

    def hands(self):
        return "hands"

    def ratio(self, a, b):
        return ("ratio", int(a), int(b))

    def blank(self):
        return "blank"

    def printed(self):
        return "printed"

    def deck(self):
        return ("deck",)

    def left(self):
        return ("left",)

    def right(self):
        return ("right",)

    def any(self):
        return ("any",)

    def one_of(self, *gs):
        return ("a", tuple(gs))

    def each_of(self, *gs):
        return ("each", tuple(gs))

    def named(self, n):
        return ("player", int(n))

    def named_colour(self, c):
        return ("colour", str(c))

    def erase(self):
        return "erase"

    def passing(self, side):
        return ("pass", side[0])


@functools.lru_cache(maxsize=1)
def _parser():
    return Lark(GRAMMAR, parser="lalr", maybe_placeholders=False)


@functools.lru_cache(maxsize=4096)
def parse(text: str) -> tuple:
    """Card text -> program (a tuple of clauses). NotationError for text outside the language."""
    if not isinstance(text, str):
        raise NotationError(f"card text must be a string, got {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise NotationError(f"card text is {len(text)} characters long; a card holds at most {MAX_TEXT}")
    t = normalise(text)
    if not t:
        raise NotationError("the card text is empty")
    try:
        return _Build().transform(_parser().parse(t))
    except NotationError:
        raise
    except UnexpectedInput as exc:
        near = t[exc.pos_in_stream:][:24] if isinstance(getattr(exc, "pos_in_stream", None), int) else t[:24]
        raise NotationError(f"cannot read the card text {text[:60]!r} (near {near!r}); e.g. "
                            "'odd tokens move 1 north' or 'blind swap 1 with a high player'") from None
    except LarkError as exc:
        inner = getattr(exc, "orig_exc", None)
        if isinstance(inner, NotationError):
            raise inner from None
        raise NotationError(f"cannot read the card text {text[:60]!r}: {str(exc)[:120]}") from None


# ---- canonical text -------------------------------------------------------------------------------

def _group_text(g) -> str:
    if isinstance(g, str):
        return BUILTIN_TEXT[g]
    if g[0] == "or":
        return f"{_group_text(g[1])} or {_group_text(g[2])}"
    name, members = g[1], g[2]
    return f"[{name}: {' '.join(map(str, members))}]" if members else f"[{name}]"


def _who_text(who) -> str:
    return "all tokens" if who is None else " ".join(_group_text(g) for g in who) + " tokens"


def _motion_text(m) -> str:
    k = m[0]
    if k == "dir":
        return f"move {m[2]} {m[1]}"
    if k == "centre":
        return f"move {m[1]} towards centre"
    if k == "corner":
        return f"move {m[2]} towards {m[1]} corner"
    if k == "away":
        return f"move {m[1]} away from centre"
    if k == "token":
        return f"move {m[2]} towards token {m[1]}"
    if k == "colour":
        return f"move {m[2]} towards {m[1]}"
    if k == "path":
        return "move path " + " ".join(m[1])
    if k == "ring":
        return f"move {m[2]} {'clockwise' if m[1] == 'cw' else 'anticlockwise'}"
    if k == "zone":
        return f"move {m[2]} towards nearest {m[1]}"
    if k == "jump":
        return f"jump {m[2]} {m[1]}"
    w = m[1]
    return "jump to " + ("centre" if w[0] == "centre" else f"{w[1]} corner" if w[0] == "corner"
                         else f"{w[1]},{w[2]}")


def _partner_text(p) -> str:
    k = p[0]
    if k in ("a", "each"):
        return f"{k} " + " ".join(_group_text(g) for g in p[1]) + " player"
    if k == "player":
        return f"player {p[1]}"
    if k == "colour":
        return f"{p[1]} player"
    return {"deck": "deck", "left": "player on left", "right": "player on right", "any": "a player"}[k]


def _subject_text(who) -> str:
    return "each player" if who is None else "each " + " ".join(_group_text(g) for g in who) + " player"


def clause_text(c) -> str:
    k = c[0]
    if k == "move":
        return f"{_who_text(c[1])} {_motion_text(c[2])}" + (" except centre" if c[3] else "")
    if k == "remove":
        return f"remove {_who_text(c[1])}"
    if k == "pass":
        return f"all players pass hands {c[1]}"
    if k == "each":
        return f"{_subject_text(c[1])} {clause_text(c[2])}"
    _, modes, amount, kind, partner, erase = c
    mode = " ".join(modes) if modes else "blind"
    amt = amount if isinstance(amount, (int, str)) else f"{amount[1]} for {amount[2]}"
    return (f"{mode} swap {amt}" + (f" {kind}" if kind else "") + f" with {_partner_text(partner)}"
            + (" erasing blank cards" if erase else ""))


def render(program) -> str:
    """The canonical text of a program (parse(render(p)) == p)."""
    return " then ".join(clause_text(c) for c in program)


def construct_ids(program) -> list:
    """Ledger ids of the written-card constructs a program uses beyond the printed cards' (for explanations)."""
    out = []
    for c in program:
        k = c[2][0] if c[0] == "move" else None
        rid = ("lotus_chaos.movement.rotate" if k == "ring" else "lotus_chaos.movement.nearest-zone" if k == "zone"
               else "lotus_chaos.swap.others" if c[0] == "each" else None)
        if rid and rid not in out:
            out.append(rid)
    return out


# ---- groups ------------------------------------------------------------------------------------------

def builtin_members(g: str, number: int, colour: str) -> bool:  # lotus_chaos.groups.builtin
    if g == "odd":
        return number % 2 == 1
    if g == "even":
        return number % 2 == 0
    if g == "low":
        return number <= 3
    if g == "high":
        return number >= 4
    if g == "colorwheel":
        return colour in ("red", "blue", "yellow")
    return colour in ("grey", "white", "black")


class Table:
    """What a group or a boundary check needs to know about the players still in the game."""

    def __init__(self, alive, numbers, colours, groups, radius=3, limit=5):
        self.alive = tuple(alive)          # seats still in the game, in seat order
        self.radius, self.limit = radius, limit
        self.numbers = numbers            # seat -> number identifier
        self.colours = colours            # seat -> colour name
        self.groups = dict(groups)        # created group name -> member seats (at creation)

    def name(self, seat) -> str:
        return f"{self.colours[seat].capitalize()} {self.numbers[seat]}"

    def members(self, g) -> tuple:
        """Seats still in the game that belong to group g (a built-in name or ('custom', name, numbers))."""
        if isinstance(g, str):
            return tuple(i for i in self.alive if builtin_members(g, self.numbers[i], self.colours[i]))
        if g[0] == "or":  # lotus_chaos.groups.union
            return tuple(sorted(set(self.members(g[1])) | set(self.members(g[2]))))
        if g[2] is not None:
            return tuple(i for i in self.alive if self.numbers[i] in g[2])
        seats = self.groups.get(g[1], ())
        return tuple(i for i in self.alive if i in seats)

    def select(self, groups) -> tuple:
        """Seats in every group of `groups` (None: everyone still in the game)."""
        if groups is None:
            return self.alive
        out = set(self.alive)
        for g in groups:
            out &= set(self.members(g))
        return tuple(sorted(out))


def _names(table, seats) -> str:
    return ", ".join(table.name(i) for i in seats) or "nobody"


def _gname(g) -> str:
    if isinstance(g, str):
        return BUILTIN_TEXT[g].title()
    return f"{_gname(g[1])} or {_gname(g[2])}" if g[0] == "or" else f"'{g[1]}'"


def flat(groups) -> list:
    """The groups named in a who/partner list, unions opened up ("odd or grayscale" names two)."""
    out = []
    for g in groups:
        for x in (flat(g[1:]) if not isinstance(g, str) and g[0] == "or" else [g]):
            if x not in out:
                out.append(x)
    return out


def swap_clauses(program) -> list:
    """The swap clauses of a program, those made by each member of a group ("each") opened up."""
    return [c[2] if c[0] == "each" else c for c in program if c[0] in ("swap", "each")]


def groups_of(program):
    refs = []
    for c in program:
        if c[0] in ("move", "remove", "each") and c[1] is not None:
            refs += [g for g in flat(c[1]) if g not in refs]
        if c[0] == "each":
            c = c[2]
        if c[0] == "swap" and c[4][0] in ("a", "each"):
            refs += [g for g in flat(c[4][1]) if g not in refs]
    return refs


_ENUMERATION = set(COLOURS) | {"gray", "and", "&", "or", "players", "player", "group", "the"}
# a name joining words with "and", "or", "&" or a comma lists players ("Dave and Jim", "Sue, Bill and Mary")
_LIST_NAME = re.compile(r"\b(?:and|or)\b|&|,")

# boundaries a table may overrule (house rules); the others the engine could not carry out
SOCIAL = {"lotus_chaos.write.move-sole", "lotus_chaos.write.move-identifiable",
          "lotus_chaos.write.move-combination", "lotus_chaos.write.move-two-left",
          "lotus_chaos.write.swap-groups"}


def check(program, table: Table):
    """None if a newly written `program` keeps every rule boundary, else (ledger id, message)."""
    kinds = {"move" if c[0] in ("move", "remove") else "swap" for c in program}
    if len(kinds) > 1:
        return ("lotus_chaos.write.kind",
                "mixes token movement and card swapping: a new action does one or the other")
    alive = {table.numbers[i] for i in table.alive}
    for g in groups_of(program):  # lotus_chaos.write.group-members: never overruled (nobody to put in it)
        if not isinstance(g, str) and g[2] is not None:
            missing = [n for n in g[2] if n not in alive]
            if missing:
                return ("lotus_chaos.write.group-members",
                        f"no player with number {missing[0]} is still in the game to belong to "
                        f"'{clip(g[1], 40)}': a new group's members are numbers of players still in the game")
    if "move" in kinds:
        return _check_movement(program, table)
    return _check_swaps(program, table)


def _key(g):
    """One group however it is written: a created group by its name, with or without its members."""
    return g if isinstance(g, str) else ("custom", g[1])


def _existing_groups(groups, table, named: list):
    """lotus_chaos.write.swap-groups: the groups a swap names (added to `named`) must exist already; the refusal
    (rule id, words) or None."""
    for g in flat(groups):
        named.append(g)
        if not isinstance(g, str):
            if g[2] is not None:
                return ("lotus_chaos.write.swap-groups", f"creates the group '{g[1]}': a swap may only use "
                        "existing groups")
            if g[1] not in table.groups:
                return ("lotus_chaos.write.swap-groups", f"no existing group is named '{g[1]}'")
    return None


def _distinct(groups) -> list:
    out, keys = [], set()
    for g in groups:
        if _key(g) not in keys:
            keys.add(_key(g))
            out.append(g)
    return out


def _check_new_group(g, table):
    name, nums = g[1], g[2]
    words = name.replace(",", " ").split()
    if all(w in _ENUMERATION or w.isdigit() for w in words) or name in BUILTIN_TEXT.values():
        return ("lotus_chaos.write.move-identifiable",
                f"'{name}' is not one identifiable property (a group cannot just list players)")
    if _LIST_NAME.search(name):
        return ("lotus_chaos.write.move-identifiable",
                f"'{name}' lists players (joined by 'and', 'or', '&' or a comma), not one identifiable property")
    by_number = {table.numbers[i]: i for i in table.alive}
    missing = [n for n in nums if n not in by_number]
    if missing:
        return ("lotus_chaos.write.move-identifiable",
                f"no player with number {missing[0]} is still in the game to belong to '{name}'")
    seats = tuple(sorted(by_number[n] for n in nums))
    old = table.groups.get(name)
    if old is not None and tuple(sorted(old)) != seats:
        return ("lotus_chaos.write.move-identifiable", f"a group named '{name}' already exists with other members")
    if len(seats) < 2:
        return ("lotus_chaos.write.move-sole",
                f"the new group '{name}' has a sole member ({_names(table, seats)})")
    return None


def _check_movement(program, table):
    groups = groups_of(program)
    for c in program:
        if c[0] == "remove":
            return ("lotus_chaos.write.move-on-board", "removes tokens from the board")
        m = c[2]
        if m[0] not in ("path", "jumpto") and m[-1] == 0:  # lotus_chaos.write.move-count
            return ("lotus_chaos.write.move-count",
                    f"'{clause_text(c)}' moves tokens no hex: a movement action moves them one hex or more")
        if m[0] == "jumpto" and m[1][0] == "hex" and len_hex(m[1][1:]) > table.radius:
            return ("lotus_chaos.write.move-on-board", f"the hex {m[1][1]},{m[1][2]} is off the board")
        if m[0] == "token" and m[1] not in [table.numbers[i] for i in table.alive]:
            return ("lotus_chaos.write.move-on-board", f"token {m[1]} is not on the board")
        if m[0] == "colour" and m[1] not in [table.colours[i] for i in table.alive]:
            return ("lotus_chaos.write.move-on-board", f"the {m[1]} token is not on the board")
    # the groups this card creates: one name, one set of members; later clauses may refer to them by name
    created = {}
    for g in groups:
        if not isinstance(g, str) and g[2] is not None:
            if created.get(g[1], g[2]) != g[2]:
                return ("lotus_chaos.write.move-identifiable",
                        f"the card creates the group '{g[1]}' twice, with different members")
            created[g[1]] = g[2]
    if created:
        by_number = {table.numbers[i]: i for i in table.alive}
        new = {n: tuple(sorted(by_number[x] for x in nums if x in by_number))
               for n, nums in created.items() if n not in table.groups}
        table = Table(table.alive, table.numbers, table.colours, {**table.groups, **new}, table.radius, table.limit)
    if len(table.alive) == 2 and any(c[1] is not None and len(table.select(c[1])) < 2 for c in program):
        return ("lotus_chaos.write.move-two-left", "with two players left, a new move must affect both of them")
    for g in groups:
        if not isinstance(g, str):
            if g[2] is not None:
                bad = _check_new_group(g, table)
                if bad:
                    return bad
            elif g[1] not in table.groups:
                return ("lotus_chaos.write.move-identifiable",
                        f"no group named '{g[1]}' exists yet; create it with its members, e.g. [{g[1]}: 1 4]")
        seats = table.members(g)
        if len(seats) < 2:
            return ("lotus_chaos.write.move-sole",
                    f"the {_gname(g)} group has a sole member: only {_names(table, seats)}")
    distinct = _distinct(groups)
    if len(distinct) > 2:
        return ("lotus_chaos.write.move-combination",
                f"refers to {len(distinct)} groups ({', '.join(_gname(g) for g in distinct)}); at most two")
    for c in program:
        if c[1] is None:
            continue
        seats = table.select(c[1])
        label = " and ".join(_gname(g) for g in c[1])
        if len(seats) == 1:
            return ("lotus_chaos.write.move-combination",
                    f"isolates a single player: only {_names(table, seats)} is {label}")
        if not seats:
            return ("lotus_chaos.write.move-combination", f"no player is {label}: the groups must hold two or more")
    return None


def _check_swaps(program, table):
    swaps = swap_clauses(program)
    modes = sorted({m for c in swaps for m in c[1]})  # lotus_chaos.write.swap-uniform: across the whole card
    if len(modes) > 1:
        return ("lotus_chaos.write.swap-uniform",
                f"mixes {' and '.join(modes)} swapping: a swap is all blind, all choose what to give, "
                "or all choose what to take, on the whole card")
    for c in swaps:  # first what the engine could not carry out, on every clause (never overruled)
        _, modes, amount, kind, partner, erase = c
        if isinstance(amount, tuple):
            if amount[1] != amount[2]:
                return ("lotus_chaos.write.swap-ratio", f"swaps {amount[1]} for {amount[2]}: swaps are one for one")
            amount = amount[1]
        if amount == 0:
            return ("lotus_chaos.write.swap-count", "swaps no card: a swap moves one or more cards per player")
        if isinstance(amount, int) and amount > table.limit:
            return ("lotus_chaos.write.swap-limit",
                    f"swaps {amount} cards: nobody holds more than {table.limit}, the card limit")
        if erase:
            return ("lotus_chaos.write.swap-blank-text", "erases swapped blank cards: their actions stay on them")
        if partner[0] == "deck":
            if modes != ("blind",):
                return ("lotus_chaos.write.swap-deck-blind", "a swap with the deck must be blind")
            if kind == "blank":
                return ("lotus_chaos.write.swap-deck-blank", "blank action cards cannot be swapped with the deck")
    named = []  # then whom they name (lotus_chaos.write.swap-groups, which a table may overrule)
    for c in program:  # lotus_chaos.swap.others: the players making the swap are existing groups too
        if c[0] != "each" or c[1] is None:
            continue
        refused = _existing_groups(c[1], table, named)
        if refused:
            return refused
        if not table.select(c[1]):
            label = " and ".join(_gname(g) for g in c[1])
            return ("lotus_chaos.write.swap-groups", f"no player is {label}: nobody would make the swap")
    for c in swaps:
        partner = c[4]
        k = partner[0]
        if k in ("player", "colour"):
            who = f"player {partner[1]}" if k == "player" else f"the {partner[1]} player"
            return ("lotus_chaos.write.swap-groups",
                    f"singles out {who} by name: name a generalisation (player on left) or existing groups")
        if k in ("a", "each"):
            refused = _existing_groups(partner[1], table, named)
            if refused:
                return refused
    named = _distinct(named)
    if len(named) > 2:
        return ("lotus_chaos.write.swap-groups", f"refers to {len(named)} groups "
                f"({', '.join(_gname(g) for g in named)}); at most two existing groups on the card")
    return None


def len_hex(h) -> int:
    q, r = h
    return (abs(q) + abs(r) + abs(q + r)) // 2
