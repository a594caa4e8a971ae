"""Hypothesis fuzzing of loaders (issue 13): real positions and saved timelines, mutated (fields dropped,
retyped, huge, deeply nested, hostile paths), may only raise the documented errors; a position that loads
keeps every invariant (the JSON round trip included) and plays on; nothing opens a file the user did not name."""
from __future__ import annotations

import functools
import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import explorer
from explorer import DataError, IllegalAction, NotationError, PositionError
from explorer.study import Study
from explorer.timeline import Timeline
from tests.hostile_helpers import opened

GAMES = ("lotus", "lotus_chaos", "rice_paddy", "round_house")
DOCUMENTED = (PositionError, DataError, NotationError, IllegalAction)
FUZZ = settings(max_examples=70, deadline=2000, database=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
HOSTILE_PATHS = ["/etc/passwd", "/proc/self/environ", "/etc/shadow", "../../../etc/hostname"]


def _deep(n):
    x: list = []
    for _ in range(n):
        x = [x]
    return x


# factories, so that a mutation never changes a value another example will use
VALUES = st.sampled_from([
    lambda: None, lambda: True, lambda: False, lambda: 0, lambda: -1, lambda: 1, lambda: 7, lambda: 2 ** 64,
    lambda: 10 ** 5000, lambda: -(10 ** 40), lambda: 1.5, lambda: float("inf"), lambda: float("nan"), lambda: "",
    lambda: "x", lambda: "x" * 100_000, lambda: "R5s1", lambda: "supply", lambda: "over", lambda: [], lambda: {},
    lambda: [None], lambda: [[]], lambda: {"a": 1}, lambda: _deep(3000), lambda: {"k": _deep(3000)},
    *[lambda p=p: p for p in HOSTILE_PATHS]]).map(lambda make: make()) | st.text(max_size=12) | st.integers(-10, 60)


@functools.cache
def position(game: str, moves: int) -> dict:
    s = explorer.load(game, seed=moves)
    rnd = random.Random(moves)
    for _ in range(moves):
        if s.is_terminal:
            break
        s = s.apply(rnd.choice(s.legal_actions()))
    return json.loads(s.to_json_text())


def _paths(node, prefix=(), out=None, limit=400):
    """Every (container path, key) in a JSON value, up to `limit`."""
    out = [] if out is None else out
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for k, v in items:
        if len(out) >= limit:
            break
        out.append((prefix, k))
        _paths(v, prefix + (k,), out, limit)
    return out


def mutate(data, draw) -> dict:
    """1-3 mutations of a deep copy: drop a field, replace a value, or add an unknown field."""
    data = json.loads(json.dumps(data))
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(data)
        if not paths:
            break
        where, key = paths[draw(st.integers(0, len(paths) - 1))]
        box = data
        for k in where:
            box = box[k]
        op = draw(st.sampled_from(["drop", "set", "set", "set", "add"]))
        if op == "drop":
            if isinstance(box, dict):
                del box[key]
            else:
                box.pop(key)
        elif op == "set":
            box[key] = draw(VALUES)
        elif isinstance(box, dict):
            box[draw(st.sampled_from(["extra", "data", "x" * 10_000]))] = draw(VALUES)
    return data


def _check_loaded(s):
    """A position that loads is whole: invariants and round trip hold, and it plays on: it is over, or it has a
    legal move and every legal move applies and keeps the invariants (issue 21), and so on one move further."""
    s.check_invariants()
    for _ in range(2):
        if s.is_terminal:
            return
        acts = s.legal_actions()
        assert acts, "a loaded position that is not over has a legal action"
        for a in acts:
            after = s.apply(a)
            after.check_invariants()
        s = s.apply(acts[0])


def _no_hostile_file(files):
    bad = [f for f in files if any(p.strip("./") in f for p in HOSTILE_PATHS)]
    assert not bad, bad


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(data=st.data())
def test_mutated_positions_raise_only_documented_errors(game, data):
    base = position(game, data.draw(st.sampled_from([0, 6, 25])))
    bad = mutate(base, data.draw)
    with opened() as files:
        try:
            s = explorer.from_json(bad)
        except DOCUMENTED as exc:
            assert len(str(exc)) < 3000
        else:
            _check_loaded(s)
    _no_hostile_file(files)


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(data=st.data())
def test_mutated_position_text_raises_only_documented_errors(game, data):
    """The same as JSON text, with the text itself cut or spliced."""
    text = json.dumps(position(game, 6))
    cut = data.draw(st.integers(0, len(text)))
    splice = data.draw(st.sampled_from(["", "[", "{", "1e999", "Infinity", "NaN", '"', "9" * 5000, "[" * 20_000]))
    with opened() as files:
        try:
            s = explorer.from_json(text[:cut] + splice + text[cut:])
        except DOCUMENTED:
            pass
        else:
            _check_loaded(s)
    _no_hostile_file(files)


@functools.cache
def timeline(game: str) -> dict:
    s = explorer.load(game, seed=3)
    tl = Timeline(s)
    rnd = random.Random(3)
    for i in range(8):
        if tl.current.state.is_terminal:
            break
        tl.play(rnd.choice(tl.current.state.legal_actions()))
        if i == 3:  # a variation
            tl.back()
            acts = [a for a in tl.current.state.legal_actions() if str(a) not in
                    {c.action for c in tl.current.children}]
            if acts:
                tl.play(acts[-1])
    tl.comment(tl.current, "a note")
    return json.loads(json.dumps(tl.to_json()))


@pytest.mark.parametrize("game", ["lotus", "lotus_chaos", "round_house"])
@FUZZ
@given(data=st.data())
def test_mutated_saved_timelines_raise_only_position_errors(game, data):
    base = timeline(game)
    bad = json.loads(json.dumps(base))
    part = data.draw(st.sampled_from(["nodes", "root", "top", "action"]))
    if part == "root":
        bad["root"] = mutate(bad["root"], data.draw)
    elif part == "action":
        node = bad["nodes"][data.draw(st.integers(1, len(bad["nodes"]) - 1))]
        node["action"] = data.draw(st.text(max_size=20) | VALUES)
    elif part == "nodes":
        bad["nodes"] = mutate({"n": bad["nodes"]}, data.draw).get("n", [])
    else:
        bad = mutate(bad, data.draw)
    as_text = data.draw(st.booleans())
    if as_text:
        try:
            bad = json.dumps(bad)
        except (ValueError, RecursionError):  # a value JSON cannot write: pass the dict itself
            pass
    with opened() as files:
        try:
            tl = Timeline.from_json(bad)
        except PositionError as exc:
            assert len(str(exc)) < 3000
        else:
            tl.current.state.check_invariants()
    _no_hostile_file(files)


# ---- issue 21: a big hostile file is refused fast and in bounded memory -----------------------------------------

def _status_mb(field: str) -> float:
    with open("/proc/self/status") as fh:
        return int(next(line for line in fh if line.startswith(field)).split()[1]) / 1024


def _reset_peak() -> bool:
    """Reset this process's peak resident memory (Linux), so VmHWM measures from here."""
    try:
        with open("/proc/self/clear_refs", "w") as fh:
            fh.write("5")
        return True
    except OSError:
        return False


UNITS = ["{}", "[]", "0", "null", '"x"', '{"a":0}', "[[]]", '{"id":1,"parent":0}', "[0,[0]]"]
# where the filler goes: (what loads it, the text around it: @F@ a list's items, @K@ an object's fields)
HOSTILE_FILES = {
    "timeline nodes": ("timeline", '{"format":"explorer-timeline","version":2,"root":@ROOT@,"current":0,'
                                   '"nodes":[@F@]}'),
    "timeline fields": ("timeline", '{"format":"explorer-timeline","version":2,"root":@ROOT@,"current":0,'
                                    '"nodes":[{@K@}]}'),
    "timeline top": ("timeline", '{"format":"explorer-timeline","version":2,@K@}'),
    "timeline root": ("timeline", '{"format":"explorer-timeline","version":2,"root":{"game":"lotus","hands":[@F@]},'
                                  '"current":0,"nodes":[{"id":0,"parent":null,"action":null}]}'),
    "study chapters": ("study", '{"format":"explorer-study","version":1,"title":"t","chapters":[@F@]}'),
    "study exercises": ("study", '{"format":"explorer-study","version":1,"title":"t","chapters":[{"title":"c",'
                                 '"timeline":{},"exercises":[{"node":0,"kind":"move","prompt":"p","answers":[@F@]}]}]}'),
    "study fields": ("study", '{"format":"explorer-study","version":1,"title":"t","chapters":[{@K@}]}'),
    "position list": ("position", '{"game":"@GAME@","version":1,"players":3,"hands":[@F@]}'),
    "position fields": ("position", '{"game":"@GAME@","version":1,"players":3,@K@}'),
}


def _hostile_text(where: str, unit: str, size: int, game: str) -> bytes:
    """The file `where` names, `unit` repeated to about `size` bytes."""
    shape = HOSTILE_FILES[where][1].replace("@GAME@", game)
    room = max(size - len(shape.replace("@ROOT@", json.dumps(position(game, 0)))), 10)
    if "@K@" in shape:  # hundreds of thousands of distinct fields
        filler = ",".join(f'"k{i}":{unit}' for i in range(room // (len(unit) + 12)))
    else:
        filler = ",".join([unit] * (room // (len(unit) + 1)))
    text = shape.replace("@K@", filler).replace("@F@", filler)
    return text.replace("@ROOT@", json.dumps(position(game, 0)), 1).encode()


@pytest.mark.parametrize("what", ["timeline", "study", "position"])
def test_a_ten_megabyte_file_is_refused_unparsed(what, tmp_path):
    path = tmp_path / "big.json"
    path.write_bytes(b"[" + b"{}," * 3_333_333 + b"{}]")
    load = {"timeline": Timeline.load, "study": Study.load,
            "position": lambda p: explorer.from_json(p.read_bytes())}[what]
    with pytest.raises(PositionError, match="at most 5,000,000"):
        load(path)


@settings(max_examples=14, deadline=None, database=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(where=st.sampled_from(sorted(HOSTILE_FILES)), unit=st.sampled_from(UNITS),
       size=st.sampled_from([4_990_000, 10_000_000]), game=st.sampled_from(GAMES))
def test_a_big_hostile_file_is_refused_in_under_a_second_and_200_mb(where, unit, size, game):
    """Issue 21: 1.3 MB of `{}` nodes took 1.16 GB and 5.3 s; 10 MB killed the process. Measured in this process:
    CPU time, and the peak resident memory (reset before the load) over the memory in use before it."""
    import gc
    import tempfile
    import time
    text = _hostile_text(where, unit, size, game)
    what = HOSTILE_FILES[where][0]
    with tempfile.TemporaryDirectory() as tmp:
        path = f"{tmp}/hostile.json"
        with open(path, "wb") as fh:
            fh.write(text)
        del text
        load = {"timeline": Timeline.load, "study": Study.load,
                "position": lambda p: explorer.from_json(Path(p).read_bytes())}[what]
        gc.collect()
        if not _reset_peak():
            pytest.skip("no /proc/self/clear_refs: cannot measure peak memory here")
        before, start = _status_mb("VmRSS"), time.process_time()
        with pytest.raises(PositionError) as err:
            load(path)
        cpu, peak = time.process_time() - start, _status_mb("VmHWM") - before
    assert len(str(err.value)) < 3000
    assert cpu < 1.0, f"{where} {unit}: {cpu:.2f} s"
    assert peak < 200, f"{where} {unit}: {peak:.0f} MB"


# ---- plausible mutations (issue 21): a value nudged, a component moved between places, a list cut or
# reordered, a name swapped for another the position uses. What loads must be over or play on: every legal move
# applies and keeps the invariants.

@functools.cache
def positions(game: str) -> tuple:
    """Real positions of `game` at several player counts and depths, as JSON."""
    out = []
    spec = explorer.spec(game)
    for players in spec.players:
        for seed, moves in ((1, 0), (2, 7), (3, 30), (4, 90), (5, 400)):
            s = explorer.load(game, players=players, seed=seed)
            rnd = random.Random(seed)
            for _ in range(moves):
                if s.is_terminal:
                    break
                s = s.apply(rnd.choice(s.legal_actions()))
            out.append(json.loads(s.to_json_text()))
    return tuple(out)


def _leaves(node, prefix=()):
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for k, v in items:
        yield prefix, k, v
        yield from _leaves(v, prefix + (k,))


def _box(data, where):
    for k in where:
        data = data[k]
    return data


def plausible(data, draw) -> dict:
    """1-3 mutations that keep the position's shape: the kind a hand-edited or half-remembered position has."""
    data = json.loads(json.dumps(data))
    for _ in range(draw(st.integers(1, 3))):
        found = [x for x in _leaves(data) if x[1] not in ("game", "version", "data")]
        ints = [x for x in found if isinstance(x[2], int) and not isinstance(x[2], bool)]
        lists = [x for x in found if isinstance(x[2], list)]
        full = [x for x in lists if x[2]]
        strings = [x for x in found if isinstance(x[2], str)]
        bools = [x for x in found if isinstance(x[2], bool)]
        op = draw(st.sampled_from(["nudge", "nudge", "move", "move", "cut", "order", "name", "flip", "copy"]))
        if op == "nudge" and ints:  # turn counters and the like (near the top) as often as anything deeper
            shallow = [x for x in ints if len(x[0]) <= 2]
            where, k, v = draw(st.sampled_from(shallow if shallow and draw(st.booleans()) else ints))
            _box(data, where)[k] = v + draw(st.sampled_from([-5, -2, -1, 1, 2, 5])) if draw(st.booleans()) else 0
        elif op == "move" and full and lists:  # one item of a list to another list (a card to another pile)
            where, k, v = draw(st.sampled_from(full))
            item = _box(data, where)[k].pop(draw(st.integers(0, len(v) - 1)))
            where, k, v = draw(st.sampled_from([x for x in _leaves(data) if isinstance(x[2], list)] or [((), "x", [])]))
            if not where and k == "x":
                continue
            _box(data, where)[k].insert(draw(st.integers(0, len(v))), item)
        elif op == "cut" and full:
            where, k, v = draw(st.sampled_from(full))
            _box(data, where)[k] = v[:draw(st.integers(0, len(v) - 1))] if draw(st.booleans()) else []
        elif op == "order" and full:
            where, k, v = draw(st.sampled_from(full))
            _box(data, where)[k] = draw(st.permutations(v)) + ([v[0]] if draw(st.booleans()) else [])
        elif op == "name" and strings:  # a phase, step, card or edge name another field of the position uses
            where, k, v = draw(st.sampled_from(strings))
            _box(data, where)[k] = draw(st.sampled_from(sorted({x[2] for x in strings})))
        elif op == "flip" and bools:
            where, k, v = draw(st.sampled_from(bools))
            _box(data, where)[k] = not v
        elif op == "copy" and found:  # a value of the right shape from elsewhere in the position
            where, k, v = draw(st.sampled_from(found))
            other = draw(st.sampled_from([x[2] for x in found if type(x[2]) is type(v)]))
            _box(data, where)[k] = json.loads(json.dumps(other))
    return data


PLAUSIBLE = settings(max_examples=400, deadline=None, database=None, derandomize=True,
                     suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@pytest.mark.parametrize("game", GAMES)
@PLAUSIBLE
@given(data=st.data())
def test_plausibly_mutated_positions_are_refused_or_play_on(game, data):
    """The game's own loader (without explorer.core.playable's check, which explorer.from_json adds) already
    refuses what would break: each case is a field check at the right depth, naming the field."""
    base = data.draw(st.sampled_from(positions(game)))
    bad = plausible(base, data.draw)
    try:
        s = explorer.spec(game).from_json(bad)
    except (PositionError, DataError) as exc:
        assert len(str(exc)) < 3000
    else:
        _check_loaded(s)
        explorer.from_json(bad)  # and the public loader agrees
