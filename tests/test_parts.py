"""A game's parts (explorer.core.registry.PARTS): found through GameSpec.part, checked at register(), and
listed in docs/adding-a-game.md exactly as the code enforces them."""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

import explorer
from explorer.core.registry import _GAMES, PARTS, register, spec

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("game", [g["name"] for g in explorer.games()])
def test_every_game_has_its_parts(game):
    s = spec(game)
    assert s.missing_parts() == []
    for part in PARTS:
        got = s.part(part)
        if part == "board":
            assert got.is_file() and f'registerBoard("{game}"' in got.read_text(encoding="utf-8")
        elif got is not None:
            assert got.__name__ == f"explorer.games.{game}.{s.part_name(part)}"


def test_register_refuses_a_game_without_a_required_part():
    lotus = spec("lotus")
    broken = dataclasses.replace(lotus, name="lotus_broken", parts={"edit": "no_such_editor", "board": None})
    with pytest.raises(ValueError) as err:
        register(broken)
    msg = str(err.value)
    assert "lotus_broken cannot be registered" in msg
    assert "explorer/games/lotus/no_such_editor.py" in msg and "board view" in msg
    assert "lotus_broken" not in _GAMES
    with pytest.raises(ValueError, match="unknown part"):
        register(dataclasses.replace(lotus, name="lotus_broken", parts={"plots2": "plots"}))


def test_an_optional_part_a_game_declares_absent_is_none_or_a_clear_error():
    bare = dataclasses.replace(spec("lotus"), parts={"words": None})
    assert bare.part("words") is None
    with pytest.raises(ValueError, match="lotus has no words for moves and cards yet"):
        bare.part("words", need=True)
    with pytest.raises(ValueError, match="unknown game part"):
        bare.part("nonsense")


def test_the_checklist_in_the_docs_is_what_register_enforces():
    text = (ROOT / "docs" / "adding-a-game.md").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^\| `(\w+)` \| (yes|no) \|", text, re.M))
    assert rows == {part: "yes" if required else "no" for part, (_what, required) in PARTS.items()}
