"""JSON positions, views, notation, data files and properties."""
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import explorer
from explorer.core.registry import spec

from .helpers import edit, fresh


def line(players=3, seed=0, n=400):
    s = fresh(players, seed)
    rnd = random.Random(seed)
    out = [s]
    while not s.is_terminal and len(out) < n:
        s = s.apply(rnd.choice(s.legal_actions()))
        out.append(s)
    return out


def test_json_round_trip_along_a_game():
    for s in line(4, 2)[::7]:
        back = explorer.from_json(json.loads(json.dumps(s.to_json())))
        assert back == s and back.legal_actions() == s.legal_actions()


@pytest.mark.parametrize("field,value,needle", [
    ("marker", 99, "marker"), ("seat", 7, "seat"), ("phase", "dance", "phase"),
    ("rooms", ["goods"] * 16, "rooms["), ("towns", [[0, 0, 0]], "towns"), ("tasks", ["fly"], "tasks"),
    ("bank", 0, "conservation"), ("caravan", 9, "caravan"),
])
def test_bad_positions_name_the_field(field, value, needle):
    d = fresh(3).to_json()
    d[field] = value
    with pytest.raises(explorer.PositionError) as err:
        explorer.from_json(d)
    assert needle in str(err.value)


def test_corrupt_json():
    with pytest.raises(explorer.PositionError):
        explorer.from_json("{not json")
    d = fresh(3).to_json()
    d["seats"][0]["goods"] = "lots"
    with pytest.raises(explorer.PositionError):
        explorer.from_json(d)
    d = fresh(3).to_json()
    d["seats"][0]["money"] += 1
    with pytest.raises(explorer.PositionError, match="money not conserved"):
        explorer.from_json(d)


def test_notation_errors_and_round_trip():
    s = fresh(3)
    for bad in ("?? not an action", "1>>o3", "do:", "eat:cake", 42):
        with pytest.raises(explorer.NotationError):
            s.apply(bad)
    for a in s.legal_actions():
        assert s.parse_action(str(a)) == a
        assert s.explain(a)


def test_from_view_samples_hidden_orders():
    """round_house.hidden.orders: a state rebuilt from seat 1's view keeps what seat 1 sees."""
    for s in line(3, 5)[::23]:
        if s.is_terminal:
            continue
        v = s.view(1)
        t = spec("round_house").from_view(v, seed=3)
        assert t.hand[1] == s.hand[1]
        assert [len(h) for h in t.hand] == [len(h) for h in s.hand]
        assert t.view(1) == v
        assert t.legal_actions() == s.legal_actions()


def test_from_view_keeps_the_component_file_and_options(tmp_path):
    """Bots rebuild states from a view: a game loaded with a user's component file (here an eleventh pirate
    tile) and non-default options is rebuilt with that file and those options, and gives back the same view."""
    src = (explorer.core.data_root() / "round_house" / "components.toml").read_text(encoding="utf-8")
    old = 'value = ["m4", "2good",'
    assert old in src
    mine = tmp_path / "mine.toml"
    mine.write_text(src.replace(old, 'value = ["m5", "m4", "2good",'), encoding="utf-8")
    s = explorer.load("round_house", players=3, seed=4, data=str(mine), leftovers="separate",
                      investment_return="room_end")
    rnd = random.Random(4)
    for _ in range(30):
        s = s.apply(rnd.choice(s.legal_actions()))
    assert len(s.cfg.pirate_ids) == 11
    v = s.view(s.current_player)
    # a view names the component file by a label of its contents, never by its local path
    assert v["data"].startswith("components-sha256:") and str(tmp_path) not in json.dumps(v)
    assert v["options"]["investment_return"] == "room_end"
    t = spec("round_house").from_view(json.loads(json.dumps(v)), seed=8)
    assert t.cfg is s.cfg and t.view(s.current_player) == v
    assert sorted(t.pir_up + t.pir_deck + t.pir_disc) == sorted(s.cfg.pirate_ids)
    assert t.legal_actions() == s.legal_actions()


def test_views_svg_and_labels():
    s = line(3, 1, 60)[-1]
    v = s.view(-1)
    assert v["game"] == "round_house" and len(v["seats"]) == 3 and "rng" not in v
    assert all("reachable" in x for x in v["seats"])
    pic = s.svg(0)
    assert pic.startswith("<svg") and "Ancestral hall" in pic
    assert s.turn_label().startswith("turn ")
    assert "Round House" in s.describe()
    m = fresh(3)
    assert m.preview("1>o1") == {"type": "move", "seat": 0, "from": "h", "to": "o1"}


def test_provenance_lists_assumed_components():
    names = {p["name"] for p in explorer.provenance("round_house")}
    assert {"rooms", "stairs", "orders", "pirates", "worship_points", "amulet_set_points", "markets",
            "small_temples", "board_bonus", "order_marks"} <= names
    assert "specialists" not in names and "goods" not in names


def test_rulebook_components_cite_the_section_that_prints_them():
    """Every component value taken from the rulebook names a section heading found verbatim in the rulebook;
    the specialist limit is printed under 1.使用專家卡, the leftover ratio under 遊戲結束 and the caravan's move
    cost under 效果介紹 (not where the set-up or the rooms are described)."""
    import pathlib
    comps = explorer.core.data.load_components("round_house")
    book = pathlib.Path(__file__).resolve().parents[3] / "shared" / "seeds" / "004_00010dfb1d46ff35.txt"
    text = book.read_text(encoding="utf-8") if book.is_file() else None
    for name, e in comps.items():
        if e.source == "rulebook":
            assert e.file == "004_00010dfb1d46ff35.txt", name
            assert text is None or e.section in text, (name, e.section)
    assert (comps["max_specialists"].value, comps["max_specialists"].section) == (3, "1.使用專家卡")
    assert (comps["leftover_ratio"].value, comps["leftover_ratio"].section) == (3, "遊戲結束")
    assert (comps["caravan_move"].value, comps["caravan_move"].section) == (1, "效果介紹")
    assert "max_specialists" not in comps["display"].value and "caravan_move" not in comps["costs"].value
    cfg = fresh(3).cfg
    assert cfg.disp["max_specialists"] == 3 and cfg.disp["leftover_ratio"] == 3 and cfg.costs["caravan_move"] == 1


def test_replacement_data_file(tmp_path):
    src = (explorer.core.data_root() / "round_house" / "components.toml").read_text(encoding="utf-8")
    good = tmp_path / "mine.toml"
    good.write_text(src.replace('value = [2, 4]\nsource = "assumed"', 'value = [5, 7]\nsource = "assumed"'),
                    encoding="utf-8")
    s = explorer.load("round_house", players=2, data=str(good))
    assert s.cfg.board_bonus == (5, 7)
    bad = tmp_path / "bad.toml"
    bad.write_text(src.replace('value = [[1, 2, 3, 5, 7]', 'value = [[1, 2]'), encoding="utf-8")
    with pytest.raises(explorer.DataError):
        explorer.load("round_house", players=2, data=str(bad))


@settings(max_examples=25, deadline=None)
@given(choices=st.lists(st.integers(min_value=0, max_value=10_000), max_size=120),
       seed=st.integers(min_value=0, max_value=2**32), players=st.sampled_from([2, 3, 4, 5]))
def test_property_random_sequences_conserve(choices, seed, players):
    s = fresh(players, seed)
    for c in choices:
        if s.is_terminal:
            break
        acts = s.legal_actions()
        old = s.to_json()
        nxt = s.apply(acts[c % len(acts)])
        assert s.to_json() == old
        s = nxt
        s.check_invariants()
    assert explorer.from_json(s.to_json()) == s


def test_determinism():
    a = [s.to_json() for s in line(3, 9, 200)]
    b = [s.to_json() for s in line(3, 9, 200)]
    assert a == b
    assert fresh(3, 1) != fresh(3, 2)


def test_edit_helper_keeps_state_valid():
    s = edit(fresh(2), lambda d: None)
    assert s == fresh(2)


def test_copy_sets_every_field():
    s = line(3, 4, 30)[-1]
    c = s._copy()
    for f in type(s).__slots__:
        assert hasattr(c, f), f
    assert c == s and c is not s and c.goods is not s.goods and c.goods[0] is not s.goods[0]


def test_positions_that_would_leave_no_action_are_refused():
    d = fresh(3).to_json()
    d.update(phase="over")
    with pytest.raises(explorer.PositionError, match="final"):
        explorer.from_json(d)
    d = fresh(3).to_json()
    d.update(phase="family", family_town=0)
    with pytest.raises(explorer.PositionError, match="family_town"):
        explorer.from_json(d)
    d = fresh(3).to_json()
    d.update(prio=["disc"])
    with pytest.raises(explorer.PositionError, match="prio"):
        explorer.from_json(d)
