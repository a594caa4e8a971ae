"""Readable playthroughs: the differential tests' record of what each engine computes (issue 22.8).

OpenSpiel's playthroughs are the model: one text file per game and seed, under tests/<game>/playthroughs/,
with every step of a seeded random game (whose turn, the legal actions in order, the action taken) and, every
25th step and at the end, the position as a player reads it (describe, the explanation of the action) and
digests of what is too long to read (the JSON, the views, successors...). A test replays the game and compares
line by line, so a failure names the first step that differs and shows both versions of that line.

Regenerate them only when a rule change is meant to change what the engines compute, never to make a speed-up
pass:

    .venv/bin/python -m tests.playthroughs --update                 # every game
    .venv/bin/python -m tests.playthroughs --update lotus round_house
"""
from __future__ import annotations

import hashlib
import importlib
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent
GAMES = ("lotus", "lotus_chaos", "rice_paddy", "round_house")


def digest(*parts: str) -> str:
    """A short SHA-256 of `parts`, for what a line cannot show in full."""
    h = hashlib.sha256()
    for p in parts:
        h.update(p.encode())
        h.update(b"\0")
    return h.hexdigest()[:16]


def dumps(x) -> str:
    return json.dumps(x, sort_keys=True, ensure_ascii=False)


class Playthrough:
    """The lines of one playthrough file, written step by step."""

    def __init__(self, title: str):
        self.lines = [f"# {title}"]

    def step(self, ply: int, state, legal, action) -> None:
        """One step: the ply, whose turn, the legal actions in order, the action taken (None at the end)."""
        who = state.current_player
        self.lines.append(f"ply {ply}: {'game over' if who is None else f'seat {who} to act'}"
                          f" · {state.turn_label()}")
        self.lines.append(f"  legal ({len(legal)}): " + " ".join(map(str, legal)))
        if action is not None:
            self.lines.append(f"  action: {action}")

    def text(self, label: str, text: str) -> None:
        """A multi-line text (describe, an explanation), indented under the step."""
        rows = str(text).splitlines() or [""]
        self.lines.append(f"  {label}: {rows[0]}")
        self.lines += [f"    | {r}" for r in rows[1:]]

    def note(self, label: str, value) -> None:
        self.lines.append(f"  {label}: {value if isinstance(value, str) else dumps(value)}")

    def line(self, text: str) -> None:
        self.lines.append(text)


def path(game: str, name: str) -> pathlib.Path:
    return ROOT / game / "playthroughs" / f"{name}.txt"


def compare(game: str, name: str, lines: list[str]) -> None:
    """Assert that `lines` are the recorded playthrough, naming the first step that differs."""
    __tracebackhide__ = True
    want = path(game, name).read_text(encoding="utf-8").splitlines()
    if lines == want:
        return
    n = next((i for i, (a, b) in enumerate(zip(want, lines)) if a != b), min(len(want), len(lines)))
    step = next((want[i] for i in range(min(n, len(want) - 1), -1, -1) if want[i].startswith("ply ")), "(start)")
    raise AssertionError(
        f"{path(game, name).relative_to(ROOT.parent)}:{n + 1}: the playthrough differs first at {step!r}\n"
        f"  recorded: {want[n] if n < len(want) else '(end of file)'}\n"
        f"  now:      {lines[n] if n < len(lines) else '(end of playthrough)'}\n"
        "(if a rule change meant this, regenerate: python -m tests.playthroughs --update " + game + ")")


def update(games=GAMES) -> None:
    for game in games:
        module = importlib.import_module(f"tests.{game}.test_same_behaviour")
        folder = ROOT / game / "playthroughs"
        folder.mkdir(exist_ok=True)
        for old in folder.glob("*.txt"):
            old.unlink()
        n = 0
        for name, lines in module.playthroughs():
            path(game, name).write_text("\n".join(lines) + "\n", encoding="utf-8")
            n += 1
        print(f"{game}: {n} playthroughs -> {folder.relative_to(ROOT.parent)}")


if __name__ == "__main__":
    args = sys.argv[1:]
    if not args or args[0] != "--update" or any(a not in GAMES for a in args[1:]):
        sys.exit(f"usage: python -m tests.playthroughs --update [{' '.join(GAMES)}]")
    update(args[1:] or GAMES)
