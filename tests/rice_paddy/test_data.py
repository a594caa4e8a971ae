"""Component data: provenance, user replacement files, validation; the harvest plot helpers."""
import tomllib

import pytest

import explorer
from explorer.core.data import data_root
from explorer.games.rice_paddy.plots import expected_yield, harvest_heatmap, harvest_marks

from .helpers import game

ASSUMED = {"colors", "board", "harvest_table", "worker_prices", "livestock_prices", "rain_cards", "setup_cards",
           "achievements", "spirits"}


def test_provenance_lists_exactly_the_assumed_values():
    names = {p["name"] for p in explorer.provenance("rice_paddy")}
    assert names == ASSUMED
    assert all(p["note"] for p in explorer.provenance("rice_paddy"))


def _user_file(tmp_path, change):
    text = (data_root() / "rice_paddy" / "components.toml").read_text(encoding="utf-8")
    raw = tomllib.loads(text)
    change(raw)
    lines = []
    for name, table in raw.items():
        lines.append(f"[{name}]")
        for k, v in table.items():
            lines.append(f"{k} = {_toml(v)}")
    path = tmp_path / "mine.toml"
    path.write_text("\n".join(lines), encoding="utf-8")
    return str(path)


def _toml(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return str(v)
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(v, list):
        return "[" + ", ".join(_toml(x) for x in v) + "]"
    return "{" + ", ".join(f'"{k}" = {_toml(x)}' for k, x in v.items()) + "}"


def test_user_file_replaces_the_harvest_table(tmp_path):
    # rice_paddy.harvest.table: the assumed numbers are replaceable
    def change(raw):
        raw["harvest_table"]["value"]["normal"][0] = [9, 9, 9, 9, 9, 9]
    path = _user_file(tmp_path, change)
    s = explorer.load("rice_paddy", players=2, seed=1, data=path)
    assert s.cfg.harvest[0][0] == (9,) * 6
    assert expected_yield(3, data=path) == 9
    assert explorer.from_json(s.to_json()) == s


@pytest.mark.parametrize("change,field", [
    (lambda raw: raw["harvest_table"]["value"]["normal"].pop(), "harvest_table"),
    (lambda raw: raw["spirits"]["value"].pop(), "spirits"),
    (lambda raw: raw["spirits"]["value"][0].update(effect="teleport"), "spirits"),
    (lambda raw: raw["setup_cards"]["value"][0].update(rocks=["a", "b", "c", "d"]), "setup card"),
    (lambda raw: raw["board"]["value"].update(start="j"), "starting hex"),
    (lambda raw: raw["worker_prices"]["value"].pop(), "worker_prices"),
])
def test_bad_component_files_are_rejected_naming_the_field(tmp_path, change, field):
    path = _user_file(tmp_path, change)
    with pytest.raises(explorer.DataError, match=field):
        explorer.load("rice_paddy", players=2, seed=1, data=path)


def test_expected_yield_follows_the_table():
    # rice_paddy.harvest.fertilised, rice_paddy.harvest.round7
    t = game().cfg.harvest
    assert expected_yield(2) == t[0][0][1]
    assert expected_yield(2, fertilised=True) == t[0][0][2]
    assert expected_yield(2, pests=1) == t[0][1][1] and expected_yield(2, weeds=1) == t[0][2][1]
    assert expected_yield(2, weeds=1, pests=1) == t[0][3][1]
    assert expected_yield(2, round_=7) == t[1][0][1] > expected_yield(2, round_=6)
    for size in range(1, 5):  # bigger, cleaner, fertilised yields more; round 7 more than rounds 1-6
        assert expected_yield(size + 1) > expected_yield(size) > expected_yield(size, weeds=2)
        assert expected_yield(size, fertilised=True) > expected_yield(size)
        assert expected_yield(size, round_=7) > expected_yield(size)
    with pytest.raises(ValueError):
        expected_yield(6)
    with pytest.raises(ValueError):
        expected_yield(2, round_=8)


def test_harvest_heatmap_marks_current_paddies():
    s = game(2)
    fig = harvest_heatmap(s)
    table = fig.select(name="harvest-table")[0].data
    assert len(table["rice"]) == 4 * 6 and max(table["rice"]) == s.cfg.harvest[0][0][5]
    marks = fig.select(name="paddy-marks")[0].data
    assert marks["label"] == ["red paddy a (planted)", "blue paddy a (planted)"]
    assert marks["rice"] == [s.cfg.harvest[0][0][0]] * 2
    assert "round 7" in harvest_heatmap(None, round_=7).title.text
    # the same marks as plain rows (what the notebooks show where Bokeh is absent)
    rows = harvest_marks(s)
    assert rows["paddy"] == marks["label"] and rows["rice"] == marks["rice"]
    assert [str(x) for x in rows["size"]] == marks["size"] and rows["weeds / pests"] == marks["row"]


def test_edges_use_the_shared_hex_geometry():
    from explorer.core import hexgrid
    cfg = game().cfg
    assert cfg.E == 17 and cfg.H == 10
    for k, (i, j) in enumerate(cfg.edges):
        key = hexgrid.edge(cfg.pos[i], cfg.pos[j])
        assert cfg.edge_key[k] == key and cfg.edge_of_key[key] == k
        assert cfg.edge_index[cfg.edge_name[k]] == cfg.edge_index[cfg.edge_name[k][::-1]] == k
