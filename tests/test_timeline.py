"""The variation tree: playing, branching, moving, editing, reading, saving and loading."""
from __future__ import annotations

import json
import random
import sys
from dataclasses import dataclass

import pytest

import explorer
from explorer import IllegalAction, NotationError, PositionError, State
from explorer.timeline import Node, Timeline

# -- a tiny private game (not registered): take 1-3 pebbles and secretly pick a colour


@dataclass(frozen=True)
class Take:
    n: int
    colour: str

    def __str__(self):
        return f"{self.n}{self.colour}"


class Pebbles(State):
    __slots__ = ("colours", "pile", "taken", "turn")
    game_name = "pebbles"

    def __init__(self, pile=7, turn=0, taken=(0, 0), colours=((), ())):
        self.pile, self.turn, self.taken, self.colours = pile, turn, tuple(taken), tuple(map(tuple, colours))

    @property
    def current_player(self):
        return None if self.pile == 0 else self.turn

    def legal_actions(self):
        return [Take(n, c) for n in range(1, min(3, self.pile) + 1) for c in "rb"]

    def parse_action(self, text):
        t = text.strip().lower()
        if len(t) != 2 or t[0] not in "0123456789" or t[1] not in "rb":
            raise NotationError(f"expected a count and r/b, like '2r', got {text!r}")
        if self.pile == 0:
            raise IllegalAction("P1", "the game is over")
        if not 1 <= int(t[0]) <= min(3, self.pile):
            raise IllegalAction("P2", f"take 1-3 pebbles, at most the {self.pile} left")
        return Take(int(t[0]), t[1])

    def apply(self, action):
        a = self.parse_action(str(action))
        taken = list(self.taken)
        taken[self.turn] += a.n
        colours = list(self.colours)
        colours[self.turn] += (a.colour,)
        return Pebbles(self.pile - a.n, 1 - self.turn, taken, colours)

    def view(self, seat=None):
        v = {"pile": self.pile, "turn": self.turn, "taken": list(self.taken)}
        if seat is None:
            v["colours"] = [list(c) for c in self.colours]
        return v

    def to_json(self):
        return {"game": "pebbles", **self.view(None)}

    def describe(self):
        return f"{self.pile} pebbles left"

    def redact(self, action, viewer):
        return str(action) if viewer in (None, self.turn) else f"{action.n}?"

    def _key(self):
        return (self.pile, self.turn, self.taken, self.colours)


def pebbles_from_json(d):
    if set(d) != {"game", "pile", "turn", "taken", "colours"} or d["game"] != "pebbles":
        raise PositionError("not a pebbles position")
    return Pebbles(d["pile"], d["turn"], d["taken"], d["colours"])


@pytest.fixture
def tl():
    return Timeline(Pebbles())


def shape(t: Timeline):
    """Ids, actions, comments and children order, for comparing trees."""
    return [(n.id, n.action, n.actor, n.comment, n.ply, [c.id for c in n.children]) for n in t]


# -- playing and branching


def test_new_timeline_has_only_the_root(tl):
    assert len(tl) == 1
    assert tl.current is tl.root
    r = tl.root
    assert (r.id, r.parent, r.action, r.actor, r.ply, r.children, r.comment) == (0, None, None, None, 0, [], "")
    assert tl.nodes[0] is r
    with pytest.raises(TypeError):
        Timeline("pebbles")


def test_play_adds_child_with_cached_state(tl):
    s0 = tl.root.state
    a = tl.play("2R")  # non-canonical text is canonicalised
    assert isinstance(a, Node)
    assert a.action == "2r" and a.actor == 0 and a.ply == 1 and a.parent is tl.root
    assert a.state == s0.apply("2r") and s0.pile == 7  # the root state is untouched
    assert tl.current is a and tl.root.children == [a]
    b = tl.play(Take(1, "b"))  # an action object works too
    assert b.action == "1b" and b.actor == 1 and b.state.pile == 4 and b.ply == 2
    assert not hasattr(b, "__dict__")  # slots keep nodes small


def test_new_move_becomes_a_variation_without_overwriting(tl):
    a = tl.play("2r")
    tl.play("1b")
    tl.back()
    tl.back()
    b = tl.play("3b")
    assert tl.root.children == [a, b]  # appended after the main line
    assert a.children[0].action == "1b"  # the old line is intact
    assert len(tl) == 4 and b.id not in (0, a.id)


def test_playing_an_existing_move_follows_it(tl):
    a = tl.play("2r")
    tl.back()
    tl.play("3b")
    tl.start()
    n = len(tl)
    assert tl.play("2R") is a  # same canonical action: follow, don't duplicate
    tl.start()
    assert tl.play(Take(2, "r")) is a
    assert len(tl) == n and len(tl.root.children) == 2


@pytest.mark.parametrize("bad, error", [("9r", IllegalAction), ("zz", NotationError), ("", NotationError)])
def test_illegal_or_malformed_move_leaves_tree_unchanged(tl, bad, error):
    tl.play("2r")
    before, cur = shape(tl), tl.current
    with pytest.raises(error):
        tl.play(bad)
    with pytest.raises(IllegalAction):
        tl.play(Take(9, "r"))
    assert shape(tl) == before and tl.current is cur and tl._next_id == 2


def test_ids_are_unique_and_never_reused(tl):
    a = tl.play("1r")
    tl.delete(a)
    b = tl.play("1r")
    assert b.id != a.id
    assert sorted(tl.nodes) == [0, b.id]


# -- moving around


def test_back_forward_start_end(tl):
    a, b, c = tl.play("1r"), tl.play("1r"), tl.play("1r")
    tl.back()
    tl.back()
    tl.play("3b")  # variation at ply 2
    tl.goto(a)
    assert tl.forward() is b  # main line, not the variation
    assert tl.end() is c and tl.forward() is c  # stays at the leaf
    assert tl.back() is b
    assert tl.start() is tl.root and tl.back() is tl.root  # stays at the root
    assert tl.end() is c


def test_goto_by_node_or_id_and_rejects_strangers(tl):
    a = tl.play("1r")
    tl.play("2b")
    assert tl.goto(a.id) is a and tl.current is a
    assert tl.goto(tl.root) is tl.root
    tl.current = a  # the setter validates like goto
    assert tl.current is a
    other = Timeline(Pebbles()).play("1r")
    with pytest.raises(ValueError, match="not in this timeline"):
        tl.goto(other)
    with pytest.raises(ValueError, match="no node with id 99"):
        tl.goto(99)
    with pytest.raises(TypeError):
        tl.goto(True)
    assert tl.current is a


def test_goto_is_a_jump_not_a_replay(tl):
    for _ in range(3):
        tl.play("1r")
    leaf = tl.current
    calls = []
    original = Pebbles.apply
    Pebbles.apply = lambda self, a: calls.append(a) or original(self, a)
    try:
        tl.start()
        assert tl.goto(leaf.id).state is leaf.state
    finally:
        Pebbles.apply = original
    assert calls == []


def test_variations_mainline_and_line(tl):
    a = tl.play("1r")
    b = tl.play("1b")
    tl.back()
    c = tl.play("2b")
    assert tl.variations() == [b, c]  # default: current
    assert tl.variations(b) == [b, c] and tl.variations(tl.root) == [tl.root]
    tl.variations(b).clear()  # a copy: the tree is unaffected
    assert a.children == [b, c]
    assert tl.mainline() == [tl.root, a, b]
    assert tl.line() == [tl.root, a, c]
    assert tl.line(b.id) == [tl.root, a, b] and tl.line(tl.root) == [tl.root]


def test_len_and_iter_depth_first(tl):
    a = tl.play("1r")
    b = tl.play("1b")
    tl.goto(a)
    c = tl.play("2b")
    tl.start()
    d = tl.play("3r")
    assert len(tl) == 5
    assert list(tl) == [tl.root, a, b, c, d]


# -- editing


def test_promote_moves_one_place_up(tl):
    a = tl.play("1r")
    tl.start()
    b = tl.play("2r")
    tl.start()
    c = tl.play("3r")
    assert tl.promote(c) is c
    assert tl.root.children == [a, c, b]
    tl.promote(c)
    assert tl.root.children == [c, a, b]
    tl.promote(c)  # already first: nothing changes
    tl.promote(tl.root)
    assert tl.root.children == [c, a, b]
    assert tl.mainline() == [tl.root, c]


def test_promote_to_main_lifts_the_whole_line(tl):
    a = tl.play("1r")
    a2 = tl.play("1r")
    tl.start()
    b = tl.play("2r")
    b2 = tl.play("1r")
    tl.back()
    b3 = tl.play("2b")
    assert tl.mainline() == [tl.root, a, a2]
    tl.promote_to_main(b3)
    assert tl.mainline() == [tl.root, b, b3]
    assert tl.root.children == [b, a] and b.children == [b3, b2]
    assert a.children == [a2]  # other lines keep their order


def test_delete_subtree(tl):
    a = tl.play("1r")
    tl.play("1r")
    tl.start()
    b = tl.play("2r")
    tl.goto(a)
    assert tl.delete(b) is None
    assert tl.root.children == [a] and b.id not in tl.nodes and len(tl) == 3
    assert tl.current is a  # current was outside: unchanged
    with pytest.raises(ValueError):
        tl.goto(b)  # a stale node


def test_delete_moves_current_out_of_the_deleted_subtree(tl):
    a = tl.play("1r")
    b = tl.play("1r")
    c = tl.play("1r")
    tl.delete(b)
    assert tl.current is a and a.children == [] and len(tl) == 2
    assert c.id not in tl.nodes and b.id not in tl.nodes
    tl.delete(a)  # current is the deleted node itself
    assert tl.current is tl.root and len(tl) == 1


def test_deleting_the_root_is_an_error(tl):
    tl.play("1r")
    with pytest.raises(ValueError, match="root"):
        tl.delete(tl.root)
    assert len(tl) == 2


def test_comments(tl):
    a = tl.play("1r")
    assert tl.comment(a, "opening") is a and a.comment == "opening"
    tl.comment(a.id, "solid")
    tl.comment(tl.root, "start")
    assert a.comment == "solid" and tl.root.comment == "start"
    with pytest.raises(TypeError):
        tl.comment(a, 5)
    assert tl.export() == "{start} 1. 1r {solid}"


# -- reading


def test_diff_lists_public_changes_only(tl):
    a = tl.play("2r")
    b = tl.play("3b")
    assert tl.diff(tl.root, a) == ["pile: 7 → 5", "turn: 0 → 1", "taken[0]: 0 → 2"]  # no words: the fields
    assert tl.diff(tl.root, b.id) == ["pile: 7 → 2", "taken[0]: 0 → 2", "taken[1]: 0 → 3"]
    assert tl.changes(tl.root, b) == {"sentences": tl.diff(tl.root, b), "details": tl.diff(tl.root, b)}
    assert tl.diff(b, b) == []
    assert not any("colour" in line for line in tl.diff(tl.root, b))  # hidden choices stay hidden


def test_diff_handles_added_removed_and_type_changes():
    from explorer.compare import field_diff
    out = field_diff({"a": [1, 2, 3], "b": {"c": "x"}, "d": 1, "e": True},
                     {"a": [1, 5], "b": {"c": "y", "n": None}, "f": [0], "e": 1})
    assert out == ['a[1]: 2 → 5', 'a[2]: removed 3', 'b › c: "x" → "y"', "b › n: added null",
                   "d: removed 1", "e: true → 1", "f: added [0]"]


def test_export_line_and_tree(tl):
    tl.play("2r")
    tl.play("1b")
    tl.comment(tl.current, "greedy")
    tl.back()
    tl.play("3b")
    tl.play("1r")
    tl.back()
    tl.play("2r")
    tl.start()
    tl.play("1r")
    assert tl.export(tl.root) == ""
    assert tl.export(tl.mainline()[-1]) == "1. 2r 2. 1b {greedy}"
    assert tl.export() == "1. 1r"  # default: current
    assert tl.export_tree() == "1. 2r (1. 1r) 2. 1b {greedy} (2. 3b 3. 1r (3. 2r))"


def test_export_redacts_for_a_viewer(tl):
    tl.play("2r")
    tl.play("1b")
    assert tl.export(viewer=0) == "1. 2r 2. 1?"
    assert tl.export(viewer=1) == "1. 2? 2. 1b"
    assert tl.export(viewer=-1) == "1. 2? 2. 1?"
    assert tl.export_tree(viewer=-1) == "1. 2? 2. 1?"


def test_repr_html_shows_the_tree_with_current_marked(tl):
    assert "no moves" in tl._repr_html_()
    tl.play("2r")
    tl.back()
    tl.play("1b")
    tl.comment(tl.current, "<b>&")
    page = tl._repr_html_()
    assert "1. 2r (<b>1. 1b</b> {&lt;b&gt;&amp;})" in page
    assert "3 positions" in page
    assert "Timeline pebbles: 3 positions" in repr(tl)


# -- saving and loading


class Heap(Pebbles):
    """Pebbles that forgets the colours, so each state stays small and quick on very long lines."""
    __slots__ = ()

    def __init__(self, pile=7, turn=0, taken=(0, 0), colours=((), ())):
        self.pile, self.turn, self.taken, self.colours = pile, turn, tuple(taken), ((), ())

    def apply(self, action):
        n = self.parse_action(str(action)).n
        taken = (self.taken[0] + n, self.taken[1]) if self.turn == 0 else (self.taken[0], self.taken[1] + n)
        return Heap(self.pile - n, 1 - self.turn, taken)


def heap_from_json(d):
    return Heap(*pebbles_from_json(d)._key()[:3])


def build(t: Timeline, seed=3, plies=40):
    rng = random.Random(seed)
    for _ in range(plies):
        s = t.current.state
        if s.is_terminal or rng.random() < 0.3:
            t.goto(rng.choice(list(t.nodes)))
            continue
        t.play(rng.choice(s.legal_actions()))
    return t


def assert_same(t1: Timeline, t2: Timeline):
    assert shape(t1) == shape(t2)
    assert [n.state for n in t1] == [n.state for n in t2]
    assert t1.current.id == t2.current.id


def test_json_round_trip(tl):
    build(tl)
    tl.comment(tl.root, "root note")
    tl.delete(tl.root.children[0])  # leave gaps in the ids
    data = tl.to_json()
    assert list(data) == ["format", "version", "root", "current", "nodes"]
    assert data["format"] == "explorer-timeline" and data["version"] == 2
    assert data["root"] == tl.root.state.to_json() and data["current"] == tl.current.id
    assert data["nodes"][0] == {"id": 0, "parent": None, "action": None, "comment": "root note"}
    # flat, depth first, main line first: the order of iteration, each parent before its children
    assert [(d["id"], d["parent"], d["action"]) for d in data["nodes"]] == [
        (n.id, n.parent and n.parent.id, n.action) for n in tl]
    assert sum(d["parent"] is None for d in data["nodes"]) == 1
    text = json.dumps(data)
    assert "state" not in text  # states are replayed, not stored
    back = Timeline.from_json(json.loads(text), loader=pebbles_from_json)
    assert_same(tl, back)
    assert back.to_json() == data
    assert back._next_id == max(tl.nodes) + 1  # new ids never reuse saved ones


def test_save_and_load(tl, tmp_path):
    build(tl)
    tl.comment(tl.current, "caf\u00e9 \ud800")  # even a lone surrogate survives: the file is ASCII
    path = tmp_path / "t.json"
    tl.save(path)
    assert path.read_bytes().isascii() and json.loads(path.read_text()) == tl.to_json()
    assert_same(tl, Timeline.load(path, loader=pebbles_from_json))
    assert_same(tl, Timeline.from_json(path.read_text(), loader=pebbles_from_json))
    assert_same(tl, Timeline.from_json(path.read_bytes(), loader=pebbles_from_json))
    assert Timeline.load(path, loader=pebbles_from_json).current.comment == "caf\u00e9 \ud800"


def test_hand_written_nodes():
    # any order with parents first is read; comments may be left out; ids need not start at 0
    data = {"format": "explorer-timeline", "version": 2, "root": Pebbles().to_json(), "current": 7,
            "nodes": [{"id": 10, "parent": None, "action": None},
                      {"id": 5, "parent": 10, "action": "2R"},
                      {"id": 30, "parent": 10, "action": "3b", "comment": "alt"},
                      {"id": 7, "parent": 5, "action": "1b"}]}
    t = Timeline.from_json(data, loader=pebbles_from_json)
    assert [(n.id, n.action) for n in t] == [(10, None), (5, "2r"), (7, "1b"), (30, "3b")]
    assert t.root.id == 10 and t.current.action == "1b" and t.nodes[30].comment == "alt"
    assert t.mainline()[-1] is t.current and t.variations(t.nodes[30]) == [t.nodes[5], t.nodes[30]]
    assert t.play("1r").id == 31
    assert [d["id"] for d in t.to_json()["nodes"]] == [10, 5, 7, 31, 30]  # written depth first


def good():
    t = Timeline(Pebbles())
    t.play("2r")
    t.play("1b")
    t.start()
    t.play("3r")
    return t.to_json()  # nodes: 0 root, 1 2r (parent 0), 2 1b (parent 1), 3 3r (parent 0)


def mutate(path, value):
    data = good()
    *parents, last = path
    target = data
    for key in parents:
        target = target[key]
    if value is KeyError:
        del target[last]
    else:
        target[last] = value
    return data


@pytest.mark.parametrize("path, value, message", [
    (("format",), "pgn", "format: expected 'explorer-timeline', got \"pgn\""),
    (("format",), KeyError, "format: required field is missing"),
    (("version",), 1, "version: this build reads version 2 timelines, got 1"),
    (("version",), True, "version: input should be a valid integer"),
    (("current",), "1", "current: input should be a valid integer"),
    (("current",), 99, "current: no node has id 99"),
    (("extra",), 1, "extra: unknown field (expected format, version, root, current, nodes)"),
    (("nodes",), KeyError, "nodes: required field is missing"),
    (("nodes",), {"0": {}}, "nodes: input should be a valid list"),
    (("nodes",), [], "nodes: no root (exactly one node must have parent null)"),
    (("root",), {"game": "pebbles"}, "root: not a pebbles position"),
    (("root",), [], "root: input should be a valid dictionary"),
    (("nodes", 0, "action"), "1r", "nodes.0.action: the root has no move, expected null"),
    (("nodes", 0, "parent"), 3, "nodes: no root"),
    (("nodes", 1), "2r", "nodes.1: expected a node object with id, parent, action, comment, sampled, arrows, "
                         "highlights, glyph, got \"2r\""),
    (("nodes", 1), None, "nodes.1: expected a node object"),
    (("nodes", 1), [1, 0, "2r", ""], "nodes.1: expected a node object"),
    (("nodes", 1, "id"), KeyError, "nodes.1.id: required field is missing"),
    (("nodes", 1, "id"), 1.0, "nodes.1.id: input should be a valid integer, got 1.0"),
    (("nodes", 1, "id"), "1", "nodes.1.id: input should be a valid integer"),
    (("nodes", 1, "parent"), KeyError, "nodes.1.parent: required field is missing"),
    (("nodes", 1, "parent"), "0", "nodes.1.parent: input should be a valid integer"),
    (("nodes", 1, "action"), KeyError, "nodes.1.action: required field is missing"),
    (("nodes", 1, "action"), 2, "nodes.1.action: input should be a valid string"),
    (("nodes", 1, "action"), None, "nodes.1.action: expected the move's text, got null"),
    (("nodes", 1, "comment"), None, "nodes.1.comment: input should be a valid string"),
    (("nodes", 1, "colour"), "r", "nodes.1.colour: unknown field (expected id, parent, action, comment, sampled, "
                                  "arrows, highlights, glyph)"),
    (("nodes", 2, "action"), "9zz", "nodes.2.action: illegal action '9zz' after 1. 2r: "),
    (("nodes", 3, "action"), "4b", "nodes.3.action: illegal action '4b' at the start: [P2]"),
    (("nodes", 3, "action"), "2R", "nodes.3.action: '2R' repeats the move '2r' of its sibling id 1"),
    (("nodes", 3, "id"), 1, "nodes.3.id: id 1 is already used by nodes.1"),
    (("nodes", 3, "id"), 0, "nodes.3.id: id 0 is already used by nodes.0"),
    (("nodes", 2, "parent"), 99, "nodes.2.parent: unknown parent id 99 (parents must come before their children)"),
    (("nodes", 1, "parent"), 2, "nodes.1.parent: unknown parent id 2"),  # a forward reference
    (("nodes", 3, "parent"), 3, "nodes.3.parent: unknown parent id 3"),  # its own parent
    (("nodes", 3, "parent"), None, "nodes.3.parent: null, but nodes.0 is already the root"),
])
def test_bad_json_is_rejected_naming_the_field(path, value, message):
    with pytest.raises(PositionError) as err:
        Timeline.from_json(mutate(path, value), loader=pebbles_from_json)
    assert str(err.value).startswith(message)


def test_cycles_cannot_be_written():
    data = good()
    data["nodes"][0]["parent"] = 2  # 0 -> 2 -> 1 -> 0: no root, and a forward reference
    with pytest.raises(PositionError, match="^nodes: no root"):
        Timeline.from_json(data, loader=pebbles_from_json)
    data = good()
    data["nodes"].append({"id": 4, "parent": 5, "action": "1r"})  # 4 <-> 5 beside a real root
    data["nodes"].append({"id": 5, "parent": 4, "action": "1r"})
    with pytest.raises(PositionError, match="^nodes.4.parent: unknown parent id 5"):
        Timeline.from_json(data, loader=pebbles_from_json)


def test_root_listed_late_is_a_forward_reference():
    data = good()
    data["nodes"].append(data["nodes"].pop(0))
    with pytest.raises(PositionError, match=r"^nodes\.0\.parent: unknown parent id 0 \(parents must come"):
        Timeline.from_json(data, loader=pebbles_from_json)


def test_validation_stops_at_the_first_bad_node():
    """Issue 21: errors are not collected for every node (a million of them took gigabytes)."""
    data = good()
    data["nodes"] = ["x", 1, None, [], {"id": 4}] * 20_000
    with pytest.raises(PositionError) as err:
        Timeline.from_json(data, loader=pebbles_from_json)
    assert str(err.value) == ('nodes.0: expected a node object with id, parent, action, comment, sampled, arrows, '
                              'highlights, glyph, got "x"')


@pytest.mark.parametrize("data, message", [
    ([], "timeline: expected a timeline object, got []"),
    (5, "timeline: expected a timeline object, got 5"),
    ("{not json", "timeline is not valid JSON"),
    (b"\xff\xfe{", "timeline is not valid JSON"),
    ('{"format": 1,}', "timeline is not valid JSON"),
    ("[" * 100_000 + "]" * 100_000, "timeline: JSON nested too deeply"),
    ("[]", "timeline: expected a timeline object"),
    ({}, "format: required field is missing"),
])
def test_non_timelines_are_rejected(data, message):
    with pytest.raises(PositionError) as err:
        Timeline.from_json(data, loader=pebbles_from_json)
    assert str(err.value).startswith(message)


def chain(depth, last="1r"):
    """A single line of `depth` moves of Heap (a huge pile, so every '1r' is legal)."""
    nodes = [{"id": 0, "parent": None, "action": None, "comment": ""}]
    nodes += [{"id": i, "parent": i - 1, "action": "1r" if i < depth else last, "comment": ""}
              for i in range(1, depth + 1)]
    return {"format": "explorer-timeline", "version": 2, "root": Heap(pile=10**6).to_json(),
            "current": depth, "nodes": nodes}


def test_a_line_far_deeper_than_the_recursion_limit_round_trips(tmp_path):
    depth = 20 * sys.getrecursionlimit()  # any recursive walk would fail long before
    t = Timeline.from_json(json.dumps(chain(depth)), loader=heap_from_json)
    assert len(t) == depth + 1 and t.current.ply == depth and t.current.state.pile == 10**6 - depth
    assert t.end() is t.current and t.line()[0] is t.root
    t.comment(t.current, "deep")
    t.save(tmp_path / "deep.json")
    back = Timeline.load(tmp_path / "deep.json", loader=heap_from_json)
    assert back.to_json() == json.loads(json.dumps(t.to_json())) and back.current.comment == "deep"
    # no recursion anywhere (a recursive walk would overflow); speed is measured in benchmarks/, not here


def test_bad_move_deep_in_a_line_shows_the_last_moves():
    with pytest.raises(PositionError, match=r"^nodes\.3000\.action: illegal action '9r' "
                                            r"after … 2994\. 1r 2995\. 1r .* 2999\. 1r: \[P2\]"):
        Timeline.from_json(chain(3000, last="9r"), loader=heap_from_json)


def test_loading_stops_at_the_first_bad_node():
    data = good()
    data["nodes"] += [{"id": i, "parent": i - 1 if i > 4 else 2, "action": "1r"} for i in range(4, 200_004)]
    with pytest.raises(PositionError, match=r"^nodes\.8\.action: illegal action '1r' after 1\. 2r 2\. 1b 3\. 1r "
                                            r"4\. 1r 5\. 1r 6\. 1r: \[P1\] the game is over"):
        Timeline.from_json(data, loader=pebbles_from_json)  # raised at node 8: nothing after it is replayed


def test_hostile_strings():
    data = good()
    data["nodes"][2]["comment"] = "{" * 2_000  # a comment is just text, as long as the comment box takes
    t = Timeline.from_json(json.dumps(data), loader=pebbles_from_json)
    assert len(t.nodes[2].comment) == 2_000
    data["nodes"][2]["comment"] = "{" * 10_000_000  # longer is refused (issue 21)
    with pytest.raises(PositionError, match=r"^nodes\.2\.comment: expected at most 2,000 characters"):
        Timeline.from_json(data, loader=pebbles_from_json)
    del data["nodes"][2]["comment"]
    data["nodes"][2]["action"] = "9" * 2_000  # a bad move is cut short in the message
    with pytest.raises(PositionError) as err:
        Timeline.from_json(data, loader=pebbles_from_json)
    assert str(err.value).startswith("nodes.2.action: illegal action '9999") and len(str(err.value)) < 500
    data["nodes"][2]["action"] = "9" * 1_000_000
    with pytest.raises(PositionError, match=r"^nodes\.2\.action: expected at most 2,000 characters"):
        Timeline.from_json(data, loader=pebbles_from_json)
    data["nodes"][2]["action"] = ["9" * 1_000_000]
    with pytest.raises(PositionError) as err:
        Timeline.from_json(data, loader=pebbles_from_json)
    assert str(err.value).startswith("nodes.2.action: input should be a valid string") and len(str(err.value)) < 500


def test_default_loader_is_the_registry():
    data = good()
    with pytest.raises(PositionError, match="root: .*pebbles"):
        Timeline.from_json(data)  # pebbles is private, so the registry does not know it


# -- the real game


@pytest.fixture
def lotus():
    return Timeline(explorer.load("lotus", players=3, seed=1))


def test_lotus_branches_follows_and_rejects(lotus):
    root = lotus.root
    assert [str(a) for a in root.state.legal_actions()][:5] == ["4s", "6d", "7d", "7s", "7sd"]
    a = lotus.play("7s")
    b = lotus.play(a.state.parse_action("7d"))
    assert (a.actor, b.actor, b.ply) == (0, 0, 2) and b.state == root.state.apply("7s").apply("7d")
    lotus.start()
    c = lotus.play("x4s6d")
    assert root.children == [a, c] and a.children == [b]
    lotus.start()
    assert lotus.play("7S") is a and len(lotus) == 4
    before = shape(lotus)
    with pytest.raises(NotationError):
        lotus.play("9zz")
    with pytest.raises(IllegalAction):
        lotus.play("pass")
    assert shape(lotus) == before and lotus.current is a


def test_lotus_diff_of_public_view(lotus):
    a = lotus.play("7s")
    b = lotus.play("7d")
    assert lotus.diff(a, b) == [
        "Red Ladybug played a red 7-petal double-symbol card", "Lotus 1/7 → 2/7",
        "control of the Lotus: Red Ladybug 1 → 3 [lotus.complete.control]", "Red Ladybug to act (draw)"]
    assert lotus.changes(a, b)["details"] == [
        'phase: "actions" → "draw"', "actions left: 1 → 0", "seats › Red Ladybug › hand size: 3 → 2",
        "flowers › Lotus › placed: 1 → 2", "flowers › Lotus › cards: added R7d1",
        "flowers › Lotus › influence[0]: 1 → 3"]
    c = lotus.play("d")
    assert lotus.diff(b, c) == ["Red Ladybug drew 1 card (hidden)"]  # not which card
    assert lotus.changes(b, c)["details"] == ["seats › Red Ladybug › hand size: 2 → 3",
                                              "seats › Red Ladybug › deck size: 22 → 21"]
    assert lotus.diff(b, c, viewer=0) == ["Red Ladybug drew a red 4-petal single-symbol card"]  # R4s4


def test_lotus_export_redacts_exchanges(lotus):
    lotus.play("x4s6d")
    lotus.comment(lotus.current, "fishing")
    lotus.start()
    lotus.play("7s")
    lotus.play("7d")
    assert lotus.export() == "1. 7s 2. 7d"
    assert lotus.export_tree() == "1. x4s6d {fishing} (1. 7s 2. 7d)"
    lotus.promote_to_main(lotus.current)
    assert lotus.export_tree() == "1. 7s (1. x4s6d {fishing}) 2. 7d"
    assert lotus.export_tree(viewer=1) == "1. 7s (1. x2 {fishing}) 2. 7d"
    assert lotus.export_tree(viewer=0) == "1. 7s (1. x4s6d {fishing}) 2. 7d"
    assert lotus.export(lotus.root.children[1], viewer=-1) == "1. x2 {fishing}"


def test_lotus_random_tree_round_trips(lotus, tmp_path):
    build(lotus, seed=5, plies=400)
    assert len(lotus) > 150
    data = lotus.to_json()
    back = Timeline.from_json(data)  # the registry rebuilds the root
    assert_same(lotus, back)
    assert back.to_json() == data
    lotus.save(tmp_path / "lotus.json")
    assert_same(lotus, Timeline.load(tmp_path / "lotus.json"))


def test_lotus_whole_game_line_round_trips(lotus, tmp_path):
    rng = random.Random(15)
    while not lotus.current.state.is_terminal:
        lotus.play(rng.choice(lotus.current.state.legal_actions()))
    assert lotus.current.ply > 300 and lotus.current.state.current_player is None
    lotus.save(tmp_path / "game.json")
    back = Timeline.load(tmp_path / "game.json")
    assert_same(lotus, back)
    assert back.current.state.winners() == lotus.current.state.winners()


def test_lotus_bad_move_in_json_names_the_field(lotus):
    lotus.play("7s")
    lotus.play("7d")
    lotus.back()
    lotus.play("6d")
    data = lotus.to_json()
    assert [d["action"] for d in data["nodes"]] == [None, "7s", "7d", "6d"]
    data["nodes"][3]["action"] = "9zz"
    with pytest.raises(PositionError, match=r"^nodes\.3\.action: illegal action '9zz' after 1\. 7s: "
                                            r"cannot read '9zz'"):
        Timeline.from_json(data)
    data["nodes"][3]["action"] = "pass"
    with pytest.raises(PositionError, match=r"^nodes\.3\.action: illegal action 'pass' .*lotus\.turn\.pass"):
        Timeline.from_json(data)
    data["root"]["game"] = "chess"
    with pytest.raises(PositionError, match="^root: unknown game 'chess'"):
        Timeline.from_json(data)
