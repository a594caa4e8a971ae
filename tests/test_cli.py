"""The `rules-explorer` command: real processes for exit codes and determinism, main() in-process
for the rest."""
from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

import explorer
from explorer import cli

REPO = Path(__file__).resolve().parents[1]
GAME = "lotus"
LOTUS_OPTIONS = ("edition", "family", "difficulty", "solo_powers", "longer_play")
ACTION_LINE = re.compile(r"^\s*(\d+)  seat (\d+)  (.+)$")


def run(*args: str, hashseed: str = "0") -> subprocess.CompletedProcess:
    """`python -m explorer ARGS` in a fresh process (PYTHONHASHSEED varies set/dict-of-str order)."""
    env = {**os.environ, "PYTHONHASHSEED": hashseed, "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([sys.executable, "-m", "explorer", *args], check=False, capture_output=True,
                          encoding="utf-8", env=env, cwd=REPO, timeout=300)


def call(capsys, *args: str) -> tuple[int, str, str]:
    code = cli.main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def game_info(name: str = GAME) -> dict:
    return next(g for g in explorer.games() if g["name"] == name)


def expected_playout(seed: int, players: int | None = None, **options) -> tuple[list[str], list[str]]:
    """What `play` should print, computed from the engine directly: action lines, result lines."""
    state = explorer.load(GAME, players=players, seed=seed, **options)
    rng = random.Random(seed)
    lines, ply = [], 0
    while not state.is_terminal:
        action = rng.choice(state.legal_actions())
        ply += 1
        lines.append(f"{ply:4d}  seat {state.current_player}  {state.explain(action)}")
        state = state.apply(action)
    scores = state.scores()
    result = [f"game over after {ply} plies",
              "scores: " + ", ".join(f"seat {i}: {v}" for i, v in enumerate(scores["seats"]))]
    if scores.get("teams"):
        result.append("teams: " + ", ".join(f"team {i}: {v}" for i, v in enumerate(scores["teams"])))
    winners = state.winners()
    result.append(("winner" if len(winners) == 1 else "winners") + ": "
                  + (", ".join(f"seat {w}" for w in winners) or "none"))
    return lines, result


# ---- option text ----------------------------------------------------------------------------

@pytest.mark.parametrize("text, value", [
    ("true", True), ("TRUE", True), ("False", False), ("false", False),
    ("3", 3), ("-2", -2), ("+7", 7), ("0", 0),
    ("second", "second"), ("3.5", "3.5"), ("", ""), ("''", ""), ('""', ""), ("yes", "yes"),
])
def test_parse_value(text, value):
    parsed = cli.parse_value(text)
    assert parsed == value and type(parsed) is type(value)


def test_shown_values_parse_back():
    for value in (True, False, 0, 3, "", "four", "elder+path"):
        assert cli.parse_value(cli.show(value)) == value


def test_parse_options():
    assert cli.parse_options(["a=1", "b=true", "c=x=y"]) == {"a": 1, "b": True, "c": "x=y"}
    assert cli.parse_options(None) == {}
    for bad in (["novalue"], ["=3"], ["a=1", "a=2"]):
        with pytest.raises(cli.CLIError):
            cli.parse_options(bad)


# ---- games -----------------------------------------------------------------------------------

def test_games_lists_lotus_with_players_options_defaults_and_choices():
    proc = run("games")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    info = game_info()
    assert re.search(rf"^{GAME}  {re.escape(info['title'])}$", out, re.MULTILINE)
    players = ", ".join(map(str, info["players"]))
    assert f"players: {players} (default {info['default_players']})" in out
    for name in LOTUS_OPTIONS:
        assert name in info["options"], f"lotus should have option {name}"
    for name, opt in info["options"].items():
        line = next((ln for ln in out.splitlines() if ln.strip().startswith(f"{name}=")), None)
        assert line is not None, f"option {name} missing from:\n{out}"
        assert line.strip().startswith(f"{name}={cli.show(opt['default'])} ")
        assert "[" + " | ".join(cli.show(c) for c in opt["choices"]) + "]" in line
        assert opt["help"] in line


def test_games_json_is_the_api(capsys):
    code, out, _ = call(capsys, "games", "--json")
    assert code == 0
    assert json.loads(out) == json.loads(json.dumps(explorer.games(), default=str))


# ---- play ------------------------------------------------------------------------------------

def test_seeded_play_is_deterministic_and_ends_with_scores():
    first = run("play", GAME, "--players", "3", "--seed", "11", hashseed="0")
    second = run("play", GAME, "--players", "3", "--seed", "11", hashseed="4242")
    assert first.returncode == 0, first.stderr
    assert second.returncode == 0, second.stderr
    assert first.stdout == second.stdout
    lines = first.stdout.splitlines()
    assert lines[0].startswith(f"{game_info()['title']} ({GAME}): 3 players, seed 11")
    actions = [m for m in map(ACTION_LINE.match, lines) if m]
    assert actions, first.stdout
    assert [int(m.group(1)) for m in actions] == list(range(1, len(actions) + 1))
    assert all(0 <= int(m.group(2)) < 3 for m in actions)
    assert all(f"{GAME}." in m.group(3) for m in actions), "every explanation names its rule ids"
    assert f"game over after {len(actions)} plies" in lines
    assert re.fullmatch(r"scores: seat 0: \S+, seat 1: \S+, seat 2: \S+", next(
        ln for ln in lines if ln.startswith("scores: ")))
    assert re.fullmatch(r"winners?: (seat [0-2](, seat [0-2])*|none)", lines[-1])


def test_play_prints_what_the_engine_does(capsys):
    code, out, _ = call(capsys, "play", GAME, "--players", "3", "--seed", "5")
    assert code == 0
    actions, result = expected_playout(5, players=3)
    lines = out.splitlines()
    assert lines[1:] == actions + result


def test_quiet_play_prints_only_the_result(capsys):
    code, out, _ = call(capsys, "play", GAME, "--seed", "5", "--players", "3", "--quiet")
    assert code == 0
    lines = out.splitlines()
    assert not any(ACTION_LINE.match(ln) for ln in lines)
    assert lines[1:] == expected_playout(5, players=3)[1]


def test_different_seeds_give_different_games(capsys):
    transcripts = set()
    for seed in (1, 2, 3):
        code, out, _ = call(capsys, "play", GAME, "--seed", str(seed))
        assert code == 0
        transcripts.add(out.split("\n", 1)[1])
    assert len(transcripts) == 3


def test_every_player_count_plays_to_the_end(capsys):
    for players in game_info()["players"]:
        code, out, err = call(capsys, "play", GAME, "--players", str(players), "--seed", "3", "-q")
        assert code == 0, err
        scores = next(ln for ln in out.splitlines() if ln.startswith("scores: "))
        assert scores.count("seat ") == players


def test_options_from_text_reach_the_engine(capsys):
    """Non-default option values, written as text, give the game the engine gives for them.

    Options can depend on the player count (solo, family) and on each other, so for each option
    the first non-default value some player count accepts is checked; refusals must be clean.
    """
    info = game_info()
    for name, opt in info["options"].items():
        tried = []
        for value in (c for c in opt["choices"] if c != opt["default"]):
            for players in (None, *info["players"]):
                text = cli.show(value)
                args = ["play", GAME, "--seed", "2", "-q", "--option", f"{name}={text}"]
                if players is not None:
                    args += ["--players", str(players)]
                code, out, err = call(capsys, *args)
                if code == 2:  # refused: a one-line explanation, no crash
                    assert err.startswith("rules-explorer play: error: ") and err.count("\n") == 1, err
                    tried.append(err.strip())
                    continue
                assert code == 0, err
                assert f"{name}={text}" in out.splitlines()[0]
                assert out.splitlines()[1:] == expected_playout(2, players, **{name: value})[1]
                break
            else:
                continue
            break
        else:
            if opt["choices"] != [opt["default"]]:
                pytest.fail(f"no non-default value of {name} is accepted: {tried}")


# ---- errors ----------------------------------------------------------------------------------

@pytest.mark.parametrize("args, message", [
    (("play", "nosuchgame"), "unknown game 'nosuchgame'"),
    (("rules", "nosuchgame"), "unknown game 'nosuchgame'"),
    (("provenance", "nosuchgame"), "unknown game 'nosuchgame'"),
    (("play", GAME, "--option", "nosuchoption=1"), "unknown option"),
    (("play", GAME, "--option", "edition"), "expects key=value"),
    (("play", GAME, "--option", "family=maybe"), "option 'family' expects"),
    (("play", GAME, "--option", "edition=nosuchedition"), "option 'edition' expects one of"),
    (("play", GAME, "--players", "99"), "not 99"),
])
def test_errors_exit_2_with_a_message(args, message):
    proc = run(*args)
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert message in proc.stderr
    assert "Traceback" not in proc.stderr
    assert proc.stderr.count("\n") == 1, "one line, no traceback"
    if "unknown game" in message:
        assert GAME in proc.stderr, "the message lists the games there are"


@pytest.mark.parametrize("args", [("play", GAME, "--seed", "abc"), ("nosuchcommand",), ()])
def test_usage_errors_exit_2(args):
    proc = run(*args)
    assert proc.returncode == 2
    assert "usage: rules-explorer" in proc.stderr
    assert "Traceback" not in proc.stderr


# ---- rules, provenance, lab -------------------------------------------------------------------

def test_rules_prints_the_ledger(capsys):
    code, out, _ = call(capsys, "rules", GAME)
    assert code == 0
    ledger = explorer.ledger(GAME)
    assert ledger
    heads = [ln for ln in out.splitlines() if not ln.startswith(" ")]
    assert len(heads) == len(ledger)
    for head, rule in zip(heads, ledger.values()):
        assert head.startswith(f"{rule.id}  ({explorer.core.data.where(rule)})")
        assert ".txt" not in head and " § " in head  # the rulebook's title, never its file name (issue 25.8)
    words = " ".join(out.split())
    for rule in ledger.values():
        assert " ".join(rule.text.split()) in words


def test_provenance_prints_the_assumed_values(capsys):
    code, out, _ = call(capsys, "provenance", GAME)
    assert code == 0
    assumed = explorer.provenance(GAME)
    for item in assumed:
        assert re.search(rf"^{re.escape(item['name'])} = ", out, re.MULTILINE)
    if not assumed:
        assert "every component value comes from the rulebooks" in out


def test_lab_in_a_checkout_opens_the_welcome_notebook_in_place(capsys):
    code, out, _ = call(capsys, "lab", "--no-launch")
    assert code == 0
    assert re.search(r"-m jupyter lab (--allow-root )?notebooks/index\.ipynb", out)
    assert f"(in {REPO})" in out


def test_lab_from_an_installed_package_copies_the_notebooks(tmp_path, monkeypatch, capsys):
    src = tmp_path / "_notebooks"
    (src / "lotus").mkdir(parents=True)
    (src / "index.ipynb").write_text("{}")
    (src / "lotus" / "01-rules-tour.ipynb").write_text("{}")
    monkeypatch.setattr(cli, "source_checkout", lambda: None)
    monkeypatch.setattr(cli, "packaged_notebooks", lambda: src)
    dest = tmp_path / "mine"
    code, out, _ = call(capsys, "lab", "--no-launch", "--dir", str(dest))
    assert code == 0
    assert (dest / "lotus" / "01-rules-tour.ipynb").read_text() == "{}"
    assert re.search(r"-m jupyter lab (--allow-root )?index\.ipynb  \(in " + re.escape(str(dest.resolve())), out)
    (dest / "index.ipynb").write_text("edited")
    assert call(capsys, "lab", "--no-launch", "--dir", str(dest))[0] == 0
    assert (dest / "index.ipynb").read_text() == "edited", "a user's edits are kept"
    assert call(capsys, "lab", "--no-launch", "--dir", str(dest), "--refresh")[0] == 0
    assert (dest / "index.ipynb").read_text() == "{}"


def test_console_script_is_installed():
    script = Path(sys.executable).parent / "rules-explorer"
    assert script.exists(), "install the project (make test does `pip install -e .[dev,lab]`)"
    proc = subprocess.run([str(script), "games"], check=False, capture_output=True, encoding="utf-8", timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == run("games").stdout


def test_version(capsys):
    with pytest.raises(SystemExit) as exc:
        cli.main(["--version"])
    assert exc.value.code == 0
    assert capsys.readouterr().out.strip() == f"rules-explorer {explorer.__version__}"
