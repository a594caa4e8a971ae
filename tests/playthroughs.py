"""Readable playthroughs: the differential tests' record of what each engine computes (issue 22.8).

OpenSpiel's playthroughs are the model: one text file per game and seed, under tests/<game>/playthroughs/,
with one line for every step of a seeded random game (the ply, whose turn, the action taken, and the number
of legal actions with a short digest of the list in order) and, every 25th step and at the end, the legal
actions in full, the position as a player reads it (describe, the explanation of the action) and digests of
what is too long to read (the JSON, the views, successors...). A test replays the game and compares line by
line, so a failure names the first step that differs and shows both versions of that line (and, when a digest
differs, what the engine gives now in full). Multi-line texts (describe) are written out every 100th step and
at the end, and stand as their number of lines and a digest at the checkpoints between.

    ply 7: seat 0 · round 1 · turn 1 · White 2 · actions (0 of 2 played) -> play 8  [4 legal #3f1c09aa]

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


def clip(text: str, n: int) -> str:
    return text if len(text) <= n else text[:n] + " …"


def dumps(x) -> str:
    return json.dumps(x, sort_keys=True, ensure_ascii=False)


class Playthrough:
    """The lines of one playthrough file, written step by step. The legal actions are listed in full every
    `every`th ply and at the end, multi-line texts (describe) every `every * texts`th ply and at the end; in
    between a count and a digest stand for them."""

    def __init__(self, title: str, every: int = 25, texts: int = 4):
        self.lines = [f"# {title}"]
        self.every, self.texts = every, texts
        self.in_full = True  # whether this step's multi-line texts are written out
        self.full_at: dict[int, str] = {}  # line index -> what its digests stand for (for a failure's message)

    def step(self, ply: int, state, legal, action, **digests: str) -> None:
        """One step: the ply, whose turn, the action taken (None at the end), the legal actions in order;
        `digests` (name -> a digest of something else about the position) go at the end of the line."""
        who = state.current_player
        names = list(map(str, legal))
        full = " ".join(names)
        line = f"ply {ply}: {'game over' if who is None else f'seat {who}'} · {state.turn_label()}"
        if action is not None:
            line += f" -> {action}"
        line += f"  [{len(names)} legal #{digest(full)[:8]}"
        line += "".join(f", {k} #{v[:8]}" for k, v in digests.items()) + "]"
        self.full_at[len(self.lines)] = f"the legal actions: {full}"
        self.lines.append(line)
        if action is None or ply % self.every == 0:
            self.lines.append(f"  legal: {full}")
        self.in_full = action is None or ply % (self.every * self.texts) == 0

    def text(self, label: str, text: str) -> None:
        """A text (describe, an explanation), indented under the step; a multi-line one by its number of
        lines and digest unless the step writes texts in full."""
        rows = str(text).splitlines() or [""]
        if len(rows) > 1 and not self.in_full:
            self.full_at[len(self.lines)] = f"{label}:\n" + str(text)
            self.lines.append(f"  {label}: {len(rows)} lines #{digest(str(text))}")
            return
        self.lines.append(f"  {label}: {rows[0]}")
        self.lines += [f"    | {r}" for r in rows[1:]]

    def note(self, label: str, value) -> None:
        self.lines.append(f"  {label}: {value if isinstance(value, str) else dumps(value)}")

    def line(self, text: str) -> None:
        self.lines.append(text)


def actions(text: str) -> int:
    """The number of actions a playthrough file records."""
    return sum(line.startswith("ply ") and " -> " in line for line in text.splitlines())


def path(game: str, name: str) -> pathlib.Path:
    return ROOT / game / "playthroughs" / f"{name}.txt"


def compare(game: str, name: str, pt: Playthrough) -> None:
    """Assert that `pt` is the recorded playthrough, naming the first step that differs."""
    __tracebackhide__ = True
    want, lines = path(game, name).read_text(encoding="utf-8").splitlines(), pt.lines
    if lines == want:
        return
    n = next((i for i, (a, b) in enumerate(zip(want, lines)) if a != b), min(len(want), len(lines)))
    step = next((want[i] for i in range(min(n, len(want) - 1), -1, -1) if want[i].startswith("ply ")), "(start)")
    now_full = ("\n  now, " + clip(pt.full_at[n], 2000).replace("\n", "\n    | ")) if n in pt.full_at else ""
    raise AssertionError(
        f"{path(game, name).relative_to(ROOT.parent)}:{n + 1}: the playthrough differs first at {step!r}\n"
        f"  recorded: {want[n] if n < len(want) else '(end of file)'}\n"
        f"  now:      {lines[n] if n < len(lines) else '(end of playthrough)'}{now_full}\n"
        "(if a rule change meant this, regenerate: python -m tests.playthroughs --update " + game + ")")


def update(games=GAMES) -> None:
    for game in games:
        module = importlib.import_module(f"tests.{game}.test_same_behaviour")
        folder = ROOT / game / "playthroughs"
        folder.mkdir(exist_ok=True)
        for old in folder.glob("*.txt"):
            old.unlink()
        n = 0
        for name, pt in module.playthroughs():
            path(game, name).write_text("\n".join(pt.lines) + "\n", encoding="utf-8")
            n += 1
        print(f"{game}: {n} playthroughs -> {folder.relative_to(ROOT.parent)}")


if __name__ == "__main__":
    args = sys.argv[1:]
    if not args or args[0] != "--update" or any(a not in GAMES for a in args[1:]):
        sys.exit(f"usage: python -m tests.playthroughs --update [{' '.join(GAMES)}]")
    update(args[1:] or GAMES)
