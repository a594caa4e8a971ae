"""Two positions compared as a player would say it, and moves narrated as each seat may read them.

    changes(a, b, viewer)      {"sentences": [...], "details": [...]}: the game's own words for what changed
                               from `a` to `b`, and a readable field diff of the two views as details
    narrate(state, act, viewer)  how a move taken in `state` reads to `viewer`: English with rule ids,
                               only the parts hidden from `viewer` redacted

`viewer` is None (everything), -1 (a spectator) or a seat. Everything is computed from what `viewer` may
see. A game speaks through `explorer.games.<game>.words` (`describe_changes`, `narrate`); a game without
one gets the field diff as sentences and its own `explain` for public moves.
"""
from __future__ import annotations

import json
import re
from types import ModuleType

from .core.registry import spec
from .core.state import State

ARROW = "→"


# -- the game's words, if it has any

_HOOKS: dict[str, ModuleType | None] = {}


def words(state: State) -> ModuleType | None:
    """The "words" part of `state`'s game (GameSpec.part), or None if the game has none or is not registered."""
    game = getattr(state, "game_name", "") or ""
    if game not in _HOOKS:
        try:
            got = spec(game)
        except ValueError:
            got = None
        _HOOKS[game] = got and got.part("words")
    return _HOOKS[game]


# -- comparing

_VIEWS: dict = {}  # (id(state), viewer) -> (state, view): the last few views, read-only by convention


def view_of(state: State, viewer: int | None) -> dict:
    """`state.view(viewer)`, remembered for the last few states (callers must not change it)."""
    key = (id(state), viewer)
    hit = _VIEWS.get(key)
    if hit is not None and hit[0] is state:
        return hit[1]
    view = state.view(viewer)
    if len(_VIEWS) >= 32:
        _VIEWS.pop(next(iter(_VIEWS)))
    _VIEWS[key] = (state, view)
    return view


def changes(a: State, b: State, viewer: int | None = -1) -> dict:
    """What changes from `a` to `b` as `viewer` sees it: {"sentences": [...], "details": [...]}."""
    details = field_diff(view_of(a, viewer), view_of(b, viewer))
    hook = words(a)
    if hook is None or type(a) is not type(b):
        return {"sentences": list(details), "details": details}
    sentences = list(hook.describe_changes(a, b, viewer))
    if not sentences and details:
        sentences = ["nothing a player would mention: see the details"]
    return {"sentences": sentences, "details": details}


def field_diff(a, b) -> list[str]:
    """'path: old → new' lines for every leaf that differs between two views.

    Paths read 'seats › Red › hand size'; a list of items with ids compares as a set (its order is
    no change): 'seats › Red › hand: added R4s3, R7s4; removed R6s5'. A view's top-level "position"
    (Rice Paddy embeds the seat's position for from_view) repeats the rest of the view: it is not diffed.
    """
    out: list[str] = []
    if isinstance(a, dict) and isinstance(b, dict):
        a, b = ({k: v for k, v in x.items() if k != EMBEDDED} for x in (a, b))
    _diff(a, b, [], out)
    return out


EMBEDDED = "position"  # a view's own copy of the position, for rebuilding a state from the view


def _show(value) -> str:
    for field in ("id", "name"):
        if isinstance(value, dict) and isinstance(value.get(field), str):
            return value[field]
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = type(value).__name__
    return text if len(text) <= 80 else text[:79] + "…"


def _where(path: list[str]) -> str:
    return " › ".join(path) if path else "(view)"


def _key(k) -> str:
    return str(k).replace("_", " ")


def _keys(items) -> list[str] | None:
    """The unique string 'id' (else 'name') of every item of a list of dicts, else None."""
    for field in ("id", "name"):
        keys = [x.get(field) if isinstance(x, dict) else None for x in items]
        if keys and all(isinstance(k, str) for k in keys) and len(set(keys)) == len(keys):
            return keys
    return None


def _diff(a, b, path: list[str], out: list[str]) -> None:
    if type(a) is type(b) and a == b:  # equal subtrees (most of a view) are compared in C
        return
    if isinstance(a, dict) and isinstance(b, dict):
        _diff_dicts(a, b, path, out)
    elif isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        ka, kb = _keys(a), _keys(b)
        if (ka or not a) and (kb or not b) and (a or b):  # items with ids (or names): a set
            _diff_sets(a, b, ka or [], kb or [], path, out)
        else:
            _diff_lists(a, b, path, out)
    else:
        out.append(f"{_where(path)}: {_show(a)} {ARROW} {_show(b)}")


def _diff_dicts(a: dict, b: dict, path, out) -> None:
    for k, v in a.items():
        if k in b:
            _diff(v, b[k], [*path, _key(k)], out)
        else:
            out.append(f"{_where([*path, _key(k)])}: removed {_show(v)}")
    for k, v in b.items():
        if k not in a:
            out.append(f"{_where([*path, _key(k)])}: added {_show(v)}")


def _diff_sets(a, b, ka, kb, path, out) -> None:
    """Lists of items with ids: the same ids compared, the others added or removed."""
    old, new = dict(zip(ka, a)), dict(zip(kb, b))
    for k in ka:
        if k in new:
            _diff(old[k], new[k], [*path, k], out)
    added = [k for k in kb if k not in old]
    removed = [k for k in ka if k not in new]
    if added or removed:
        parts = ([f"added {', '.join(added)}"] if added else []) + \
                ([f"removed {', '.join(removed)}"] if removed else [])
        out.append(f"{_where(path)}: {'; '.join(parts)}")


def _diff_lists(a, b, path, out) -> None:
    for i in range(min(len(a), len(b))):
        _diff(a[i], b[i], [*path[:-1], f"{path[-1]}[{i}]"] if path else [f"[{i}]"], out)
    for i in range(len(b), len(a)):
        out.append(f"{_where(path)}[{i}]: removed {_show(a[i])}")
    for i in range(len(a), len(b)):
        out.append(f"{_where(path)}[{i}]: added {_show(b[i])}")


# -- narrating

def narrate(state: State, action, viewer: int | None = -1) -> str:
    """How `action`, taken in `state` by state.current_player, reads to `viewer` (None: everything,
    -1: a spectator, else a seat): English with rule ids, only what `viewer` may not see redacted."""
    act = state.parse_action(action) if isinstance(action, str) else action
    hook = words(state)
    text = hook.narrate(state, act, viewer) if hook is not None else _narrate(state, act, viewer)
    if viewer is not None and leaks(text, state, act, viewer):  # a last guard: never show a hidden id
        text = f"{seat_name(state, state.current_player)} acts (hidden)"
    return text


ENGINE_ERRORS = (ValueError, TypeError, KeyError, IndexError, NotImplementedError)


def move_words(before: State, text: str, viewer) -> tuple[str, str]:
    """(the move `text` as `viewer` may read it, its narration or '') for a move played in `before`; the
    narration may still name what `viewer` cannot see in a game's own words: callers check it. Shared by the
    explorer's log and the study page."""
    try:
        act = before.parse_action(text)
        shown = before.redact(act, viewer)
    except ENGINE_ERRORS:  # a game that cannot redact this: show nothing hidden
        return (text if viewer is None else "?"), ""
    try:
        return shown, narrate(before, act, viewer)  # the same English in every view, hidden parts redacted
    except ENGINE_ERRORS:
        return shown, ""


def turn_counter(state: State, names) -> str:
    """'turn 12 · action 2 of 2 · Red to act' (or '… · game over'), with `names` the seats' names."""
    try:
        where = state.turn_label()
    except ENGINE_ERRORS:
        where = ""
    if state.is_terminal:
        who = "" if "game over" in where else "game over"
    else:
        p = state.current_player
        who = f"{names[p] if 0 <= p < len(names) else f'seat {p}'} to act"
    return " · ".join(x for x in (where, who) if x)


def _narrate(state: State, act, viewer) -> str:
    if viewer is None or viewer == state.current_player or state.redact(act, viewer) == str(act):
        return state.explain(act)
    return f"{seat_name(state, state.current_player)}: {state.redact(act, viewer)}"


def seat_name(state: State, seat: int | None) -> str:
    """The seat's name ('Red', State.seat_name), or 'nobody'."""
    return "nobody" if seat is None else state.seat_name(seat)


def mentions(text: str, ident: str) -> bool:
    """Whether `ident` appears in `text` as a whole id (not inside a longer one)."""
    return re.search(rf"(?<![\w-]){re.escape(ident)}(?![\w-])", text) is not None


def others_private(state: State, viewer: int | None) -> set[str]:
    """Ids private to seats other than `viewer` (all of them for a spectator)."""
    if viewer is None:
        return set()
    out: set[str] = set()
    for seat in range(state.num_players):
        if seat != viewer:
            out.update(state.private_ids(seat))
    return out


def leaks(text: str, state: State, act, viewer: int | None) -> bool:
    """Whether `text`, about `act` taken in `state`, tells `viewer` of a component it may not see: one private
    to another seat after the move, or before it and not shown to `viewer` by the move, named by its id or
    described in the game's words (`described`)."""
    if viewer is None:
        return False
    after = state.apply(act)
    now = others_private(after, viewer)
    if any(mentions(text, i) for i in now):
        return True
    view = after.view(viewer)
    seen = json.dumps(view)
    gone = {i for i in others_private(state, viewer) if f'"{i}"' not in seen}
    if any(mentions(text, i) for i in gone):
        return True
    return described(text, state, now | gone, view_ids(view_of(state, viewer)) | view_ids(view) | revealed(state, act))


def revealed(state: State, act) -> set[str]:
    """Ids the move `act` shows every seat though no view after it holds them (the game's words'
    `revealed`): a Lotus play that completes a flower shows its cards on their way to a scoring pile."""
    hook = words(state)
    fn = getattr(hook, "revealed", None)
    try:
        return set(fn(state, act)) if fn is not None else set()
    except ENGINE_ERRORS:
        return set()


def described(text: str, state: State, hidden, shown=()) -> bool:
    """Whether `text` describes a component in `hidden` in the game's words (its `words.name`, e.g. 'a red
    5-petal single-symbol card') where no component in `shown` (ids the viewer sees) reads the same: a hidden
    card told by what it is, not by its id."""
    hook = words(state)
    name = getattr(hook, "name", None)
    if name is None or not hidden or not text:
        return False
    said = {_named(name, i, state) for i in shown} - {None}
    return any(d is not None and d not in said and d in text for d in (_named(name, i, state) for i in hidden))


def _named(name, ident: str, state: State) -> str | None:
    """The game's words for `ident` without their article, or None for an id it does not name."""
    try:
        return _bare(name(ident, state))
    except (KeyError, ValueError, IndexError, TypeError):
        return None


def _bare(words_: str) -> str:
    """A component's words without their article: 'red 5-petal single-symbol card'."""
    for art in ("a ", "an ", "the "):
        if words_.startswith(art):
            return words_[len(art):]
    return words_


def view_ids(view) -> set[str]:
    """Every string under an 'id' key in a view."""
    out: set[str] = set()
    stack = [view]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            for k, v in x.items():
                if k == "id" and isinstance(v, str):
                    out.add(v)
                else:
                    stack.append(v)
        elif isinstance(x, (list, tuple)):
            stack.extend(x)
    return out


# -- small helpers for the games' words

NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def plural(n: int, word: str, words: bool = False) -> str:
    """'1 card', '2 cards' (words=True: 'one card', 'two cards')."""
    count = NUMBERS[n] if words and 0 <= n < len(NUMBERS) else str(n)
    return f"{count} {word}" if n == 1 else f"{count} {word}s"


def listing(names) -> str:
    """'Red', 'Red and Blue', 'Red, Blue and Yellow'."""
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def scored(va: dict, vb: dict, unit: str = "point", units: str | None = None) -> list[str]:
    """'Red scored 5 points (3 → 8)' for every seat whose view 'score' changed."""
    out = []
    for sa, sb in zip(va["seats"], vb["seats"]):
        x, y = sa.get("score"), sb.get("score")
        if isinstance(x, int) and isinstance(y, int) and x != y:
            n = abs(y - x)
            word = unit if n == 1 else (units or unit + "s")
            out.append(f"{sb['name']} {'scored' if y > x else 'lost'} {n} {word} ({x} {ARROW} {y})")
    return out


def winners(vb: dict, va: dict | None = None) -> list[str]:
    """'game over: Red wins' once the result appears in `vb`."""
    res = vb.get("result")
    if not res or (va is not None and va.get("result")):
        return []
    names = [vb["seats"][w]["name"] for w in res.get("winners", [])]
    if not names:
        return ["game over: nobody wins"]
    return [f"game over: {listing(names)} {'wins' if len(names) == 1 else 'share the win'}"]


class Comparison:
    """An explorer's compare: the node marked to compare with, and the last comparison shown (`diff`)."""

    def __init__(self):
        self.mark = None
        self.diff: dict = {}

    def set_mark(self, tl, node) -> None:
        self.mark = tl.node(node)

    def marked(self, tl):
        """The marked node if `tl` still holds one by its id, else None."""
        return self.mark if self.mark is not None and self.mark.id in tl.nodes else None

    def clear(self) -> None:
        self.mark = None
        self.diff = {}

    def compare(self, tl, a, b, viewer) -> None:
        """What changed from node `a` (None: the marked one) to `b` (None: the current one), in `viewer`'s eyes."""
        a = self.mark if a is None else tl.node(a)
        if a is None:
            raise ValueError("mark a node first (the 'mark' button), then go to another and compare")
        b = tl.current if b is None else tl.node(b)
        said = tl.changes(a, b, viewer=viewer)  # in the game's own words, then the fields as details
        self.diff = {"a": a.id, "b": b.id, "a_ply": a.ply, "b_ply": b.ply,
                     "lines": said["sentences"] or ["no visible difference"],
                     "details": said["details"] if said["details"] != said["sentences"] else []}
