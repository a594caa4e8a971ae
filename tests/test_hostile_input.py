"""Hostile and broken input (issue 13 items 4-9, issue 14 item 9): every loader raises only the documented
errors, messages stay short, a saved position opens no file the user did not name, and game names are read
in any case. The fuzzing is at the end (Hypothesis, small and bounded)."""
from __future__ import annotations

import json
import random

import pytest

import explorer
from explorer import DataError, IllegalAction, NotationError, PositionError, cli
from explorer.core import data as core_data
from explorer.timeline import Timeline

GAMES = ("lotus", "lotus_chaos", "rice_paddy", "round_house")
DOCUMENTED = (PositionError, DataError, NotationError, IllegalAction)

from tests.hostile_helpers import opened  # noqa: E402  (records the files a block opens)


def played(game, n, seed=1, **kw):
    s = explorer.load(game, seed=seed, **kw)
    rnd = random.Random(seed)
    for _ in range(n):
        if s.is_terminal:
            break
        s = s.apply(rnd.choice(s.legal_actions()))
    return s


def custom_components(tmp_path, game):
    path = tmp_path / f"{game}-mine.toml"
    path.write_bytes((core_data.data_root() / game / "components.toml").read_bytes())
    return path


@pytest.fixture
def new_session(monkeypatch):
    """No component file allowed yet, as in a fresh Python session."""
    monkeypatch.setattr(core_data, "_ALLOWED", {})
    monkeypatch.setattr(core_data, "_LABELS", {})


# ---- item 4: a card naming an absent number; check_invariants proves the round trip ---------------------------

def test_house_rules_cannot_create_a_group_with_an_absent_number():
    """lotus_chaos.write.group-members"""
    from tests.lotus_chaos.helpers import cards_of, pos
    s = pos(phase="draw", revealed=["3", "4"], options={"house_rules": True})
    t = s.apply('write "[g: 0 0] tokens move 1 n"')
    assert t.notice[0] == "lotus_chaos.write.group-members" and "number 0" in t.notice[1]
    assert cards_of(t, 0) == [] and t.to_json()["groups"] == []
    t.check_invariants()
    assert explorer.from_json(t.to_json()) == t
    assert "lotus_chaos.write.group-members" in explorer.ledger("lotus_chaos")


@pytest.mark.parametrize("game", GAMES)
def test_check_invariants_includes_the_json_round_trip(game, monkeypatch):
    s = played(game, 5)
    s.check_invariants()
    real = type(s).to_json

    def drifting(self):  # a writer that loses something: the seed
        js = real(self)
        js["seed"] = js["seed"] + 1
        return js

    monkeypatch.setattr(type(s), "to_json", drifting)
    with pytest.raises(AssertionError, match="JSON"):
        s.check_invariants()


# ---- item 5: loaders validate fully ----------------------------------------------------------------------

def test_chaos_seat_to_act_must_be_in_the_game():
    from tests.lotus_chaos.helpers import pos
    for phase in ("draw", "actions"):
        with pytest.raises(PositionError, match="turn.seat"):
            pos(seat=2, phase=phase, alive=[True, True, False, True, True, True])


def test_lotus_solo_hand_left_out_before_the_deal_is_not_dealt_twice():
    s = explorer.load("lotus", players=1, seed=3)
    js = s.to_json()
    del js["hands"]
    t = explorer.from_json(js)
    assert t == s  # no hand before the powers are chosen
    rnd = random.Random(1)
    for _ in range(12):
        t = t.apply(rnd.choice(t.legal_actions()))
        t.check_invariants()
    js["hands"] = [["R3s1"]]
    with pytest.raises(PositionError, match="hands.0"):
        explorer.from_json(js)


# ---- item 6: only documented exception types -------------------------------------------------------------------

def test_a_huge_component_path_is_a_data_error():
    for data in ("A" * 5000, "a\0b", 12):
        with pytest.raises(DataError):
            explorer.load("lotus", data=data)


def test_chaos_accuser_infinity_names_the_field():
    s = played("lotus_chaos", 3)
    text = s.to_json_text().replace('"accusations":[]',
                                    '"accusations":[{"accuser":Infinity,"accused":1,"named":"north","correct":false}]')
    with pytest.raises(PositionError, match="accusations.0.accuser"):
        explorer.from_json(text)


@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000, '{"game": "lotus", "players": 3, "seed": ' +
                                  "9" * 5000 + "}", b"\xff\xfe", "", "null", '{"game": {}}'])
def test_json_text_that_python_cannot_take_is_a_position_error(text):
    with pytest.raises(PositionError):
        explorer.from_json(text)
    with pytest.raises(PositionError):
        Timeline.from_json(text)


def test_python_values_that_break_the_engine_are_position_errors():
    base = played("lotus_chaos", 2).to_json()
    deep: list = []
    for _ in range(5000):
        deep = [deep]
    for patch in ({"seed": 10 ** 5000}, {"seed": float("inf")}, {"rng": -1}, {"groups": [deep]},
                  {"turn": {"phase": "actions", "seat": 10 ** 30}}, {"notice": {"rule": deep, "message": 1}}):
        with pytest.raises(PositionError):
            explorer.from_json({**base, **patch})


@pytest.mark.parametrize("game", GAMES)
def test_every_game_loader_raises_position_error_for_text_and_junk(game):
    cls = type(explorer.load(game))
    for bad in ("[" * 50_000, "{}", [], 7, {"game": game}, {"game": game, "players": [3]}):
        with pytest.raises(PositionError):
            cls.from_json(bad)


def test_timeline_load_of_a_missing_or_odd_file_is_a_position_error(tmp_path):
    for path in (tmp_path / "missing.json", tmp_path, "x" * 5000):
        with pytest.raises(PositionError):
            Timeline.load(path)


def test_a_timeline_loader_raising_anything_is_a_position_error():
    tl = Timeline(explorer.load("lotus", seed=1))

    def loader(raw):
        raise RuntimeError("boom")

    with pytest.raises(PositionError, match="root"):
        Timeline.from_json(tl.to_json(), loader=loader)


# ---- item 7: a position names only component files the user allows ------------------------------------------

@pytest.mark.parametrize("path", ["/etc/shadow", "/proc/self/environ", "/etc/passwd", "/no/such/file.toml",
                                  "../../../../etc/hostname", "/dev/zero"])
def test_a_saved_position_opens_no_local_path(path):
    js = explorer.load("lotus", seed=1).to_json()
    js["data"] = path
    with opened() as files:
        with pytest.raises(PositionError) as err:
            explorer.from_json(js)
    assert not [f for f in files if "etc" in f or "proc" in f or "dev" in f or "no/such" in f]
    msg = str(err.value)
    assert "field data" in msg and "components=" in msg
    assert "not found" not in msg and "exist" not in msg  # the same words whether the file exists or not


@pytest.mark.parametrize("game", GAMES)
def test_views_and_saved_positions_carry_no_local_path(game, tmp_path, new_session):
    mine = custom_components(tmp_path, game)
    s = played(game, 6, data=str(mine))
    for viewer in [None, -1, *range(s.cfg.players)]:
        assert str(tmp_path) not in json.dumps(s.view(viewer)), viewer
    saved = s.to_json_text()
    assert str(tmp_path) not in saved and core_data.LABEL_PREFIX in saved
    assert explorer.from_json(saved) == s  # allowed in this session: load(data=...) named it


def test_a_custom_file_must_be_named_again_in_a_new_session(tmp_path, new_session, monkeypatch):
    mine = custom_components(tmp_path, "lotus")
    s = played("lotus", 4, data=str(mine))
    tl = Timeline(s)
    tl.play(s.legal_actions()[0])
    saved = tmp_path / "line.json"
    tl.save(saved)
    monkeypatch.setattr(core_data, "_ALLOWED", {})
    monkeypatch.setattr(core_data, "_LABELS", {})
    with pytest.raises(PositionError, match="components=path"):
        explorer.from_json(s.to_json())
    with pytest.raises(PositionError, match="components=path"):
        Timeline.load(saved)
    assert explorer.from_json(s.to_json(), components=str(mine)) == s
    assert Timeline.load(saved, components=mine).root.state == s
    other = tmp_path / "other.toml"  # a different file (other bytes) does not stand in for it
    other.write_text(mine.read_text() + "\n# changed\n")
    monkeypatch.setattr(core_data, "_ALLOWED", {})
    monkeypatch.setattr(core_data, "_LABELS", {})
    with pytest.raises(PositionError, match="components=path"):
        explorer.from_json(s.to_json(), components=str(other))


def test_a_hand_written_position_may_name_an_allowed_path(tmp_path, new_session):
    mine = custom_components(tmp_path, "round_house")
    js = explorer.load("round_house", seed=2).to_json()
    js["data"] = str(mine)
    with pytest.raises(PositionError, match="field data"):
        explorer.from_json(js)
    s = explorer.from_json(js, components=str(mine))
    assert s.cfg.data.startswith(core_data.LABEL_PREFIX)


# ---- item 8: messages are clipped ---------------------------------------------------------------------------

HUGE = "x" * 10_000_000


def _short(call, limit=2500):
    with pytest.raises((ValueError, DataError)) as err:
        call()
    assert len(str(err.value)) < limit, len(str(err.value))
    return str(err.value)


def test_a_ten_megabyte_game_name_gives_a_short_message():
    _short(lambda: explorer.load(HUGE))
    _short(lambda: explorer.spec(HUGE))
    _short(lambda: explorer.from_json({"game": HUGE}))
    _short(lambda: explorer.from_json({"game": "lotus", "players": 3, HUGE: 1}))
    _short(lambda: explorer.from_json({"game": "lotus", "players": 3, "options": {HUGE: 1}}))
    _short(lambda: explorer.from_json({"game": "lotus", "players": 3, "options": {"edition": HUGE}}))
    _short(lambda: explorer.load("lotus", edition=HUGE))
    _short(lambda: explorer.load("lotus", players=HUGE))
    _short(lambda: explorer.load("lotus", data=HUGE))
    _short(lambda: explorer.ledger(HUGE))
    _short(lambda: Timeline.from_json({"format": HUGE, "version": 2}))


@pytest.mark.parametrize("game", GAMES)
def test_huge_notation_and_fields_give_short_messages(game):
    s = played(game, 3)
    _short(lambda: s.parse_action(HUGE), 1200)
    _short(lambda: s.parse_action(HUGE[:5000] + " " + HUGE[:5000]), 1200)
    js = s.to_json()
    key = next(k for k, v in js.items() if isinstance(v, list) and v and k not in ("seats",)) \
        if game != "round_house" else "out_tiles"
    _short(lambda: explorer.from_json({**js, key: [HUGE]}))
    _short(lambda: explorer.from_json({**js, "seats": [{HUGE: HUGE}] * 3}))


# ---- item 9: the command line -------------------------------------------------------------------------------------

@pytest.mark.parametrize("where", ["/etc/passwd", "/proc/nope/x", "/etc/passwd/sub"])
def test_lab_dir_that_cannot_hold_notebooks_is_one_line(where, capsys):
    code = cli.main(["lab", "--dir", where, "--no-launch"])
    out, err = capsys.readouterr()
    assert code == 2 and err.startswith("rules-explorer lab: error: ") and err.count("\n") == 1
    assert "Traceback" not in err


# ---- issue 14 item 9: names in any case; notation errors say what was expected ---------------------------

def test_game_names_in_any_case(capsys):
    assert explorer.load("Lotus", seed=1) == explorer.load("lotus", seed=1)
    assert explorer.spec(" lotus_chaos").name == "lotus_chaos"
    assert explorer.spec("ROUND_HOUSE").name == "round_house"
    assert "lotus.setup.decks" in explorer.ledger("LOTUS")
    assert explorer.provenance("Lotus_Chaos") == explorer.provenance("lotus_chaos")
    js = explorer.load("rice_paddy", seed=1).to_json()
    assert explorer.from_json({**js, "game": "Rice_Paddy"}) == explorer.from_json(js)
    with pytest.raises(ValueError, match="the games are: lotus, lotus_chaos, rice_paddy, round_house"):
        explorer.load("chess")
    assert cli.main(["rules", "Lotus"]) == 0 and cli.main(["provenance", "LOTUS"]) == 0
    assert cli.main(["play", "Lotus", "--quiet"]) == 0
    capsys.readouterr()


def test_lotus_notation_says_which_flowers_and_symbols_exist():
    s = explorer.load("lotus", seed=7)
    with pytest.raises(NotationError, match=r"no 9-petal flower: the flowers have 3, 4, 5, 6 or 7 petals"):
        s.parse_action("9s")
    with pytest.raises(NotationError, match=r"'q' is not a card symbol: each card is s .*d .*or w"):
        s.parse_action("5q")


def test_round_house_notation_errors_give_the_expected_form():
    s = explorer.load("round_house", seed=1)
    for text, form in [("spec:12", "spec:Snn, e.g. spec:S12"), ("1>x9", "e.g. 1>o5"), ("line:z", "e.g. line:b3"),
                       ("hello", "expected one token: 1>o5")]:
        with pytest.raises(NotationError) as err:
            s.parse_action(text)
        assert form in str(err.value) and "docstring" not in str(err.value), text
