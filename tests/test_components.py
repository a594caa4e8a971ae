"""Component files: provenance of assumed values, and a user's own file replacing ours."""
import json
import tomllib

import pytest

import explorer
from explorer.core import data_root


def our_file():
    with open(data_root() / "lotus" / "components.toml", "rb") as fh:
        return tomllib.load(fh)


def write(path, tables):
    lines = []
    for name, t in tables.items():
        lines.append(f"[{name}]")
        for k, v in t.items():
            lines.append(f"{k} = {json.dumps(v) if not isinstance(v, (list, dict)) else toml_value(v)}")
        lines.append("")
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def toml_value(v):
    if isinstance(v, dict):
        return "{ " + ", ".join(f'"{k}" = {toml_value(x)}' for k, x in v.items()) + " }"
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    return json.dumps(v)


def test_provenance_lists_exactly_the_assumed_values():
    assumed = {p["name"] for p in explorer.provenance("lotus")}
    assert assumed == {"single_by_type", "double_by_type", "wild_by_type"}
    for p in explorer.provenance("lotus"):
        assert p["note"] and p["value"]
    tables = our_file()
    for name, t in tables.items():
        if t["source"] == "rulebook":
            assert t["file"].endswith(".txt") and t["section"], name
    with pytest.raises(ValueError):
        explorer.provenance("no-such-game")


def test_user_component_file_replaces_the_assumed_split(tmp_path):
    tables = our_file()
    tables["single_by_type"]["value"] = {"3": 6, "4": 5, "5": 5, "6": 5, "7": 5}
    tables["single_by_type"]["note"] = "my copy of the game"
    path = write(tmp_path / "mine.toml", tables)
    s = explorer.load("lotus", players=2, seed=1, data=str(path))
    everything = s.view(None)
    cards = [c for seat in s.to_json()["decks"] + s.to_json()["hands"] for c in seat]
    assert sum(1 for c in cards if c[0] == "R" and c[1:3] == "3s") == 6
    assert everything["players"] == 2
    assert explorer.from_json(s.to_json()) == s  # the position remembers its component file
    assert {p["name"]: p["value"] for p in explorer.provenance("lotus", str(path))}["single_by_type"]["3"] == 6


@pytest.mark.parametrize("change,field", [
    (lambda t: t["single_by_type"].update(value={"3": 4}), "single_by_type"),
    (lambda t: t["wild_by_type"].update(value={"3": 9, "4": 4, "5": 4, "6": 4, "7": 4}), "wild_by_type"),
    (lambda t: t["hand_size"].update(source="guessed"), "hand_size"),
    (lambda t: t["single_by_type"].pop("note"), "single_by_type"),
    (lambda t: t["cards_per_deck"].pop("section"), "cards_per_deck"),
    (lambda t: t.pop("colors"), "colors"),
])
def test_bad_component_files_are_rejected_naming_the_field(tmp_path, change, field):
    tables = our_file()
    change(tables)
    path = write(tmp_path / "bad.toml", tables)
    with pytest.raises(explorer.DataError) as err:
        explorer.load("lotus", players=2, seed=1, data=str(path))
    assert field in str(err.value)


def test_unreadable_component_files(tmp_path):
    bad = tmp_path / "broken.toml"
    bad.write_text("[hand_size\nvalue = 4", encoding="utf-8")
    with pytest.raises(explorer.DataError, match="not valid TOML"):
        explorer.load("lotus", players=2, data=str(bad))
    with pytest.raises(explorer.DataError, match="not found"):
        explorer.load("lotus", players=2, data=str(tmp_path / "missing.toml"))
