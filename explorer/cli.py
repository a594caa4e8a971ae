"""The `rules-explorer` command (also `python -m explorer`).

    rules-explorer games                      list the games, player counts and options
    rules-explorer play lotus --seed 7        play a seeded game with random legal moves
    rules-explorer rules lotus                print the rules ledger
    rules-explorer provenance lotus           print the component values the rulebooks do not give
    rules-explorer lab                        open the welcome notebook in JupyterLab

Errors (unknown game, bad option, wrong player count) print one line and exit with status 2.

`lab`: inside a source checkout it opens `notebooks/index.ipynb` in place. From an installed
package, the notebooks shipped inside it (`explorer/_notebooks`) are first copied to a folder
you can write to, `~/rules-explorer-notebooks` unless `--dir` says otherwise; files already
there are kept (your edits survive) unless `--refresh` is given.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

EXIT_USAGE = 2
DEFAULT_NOTEBOOK_DIR = Path.home() / "rules-explorer-notebooks"
_INT = re.compile(r"[+-]?\d+")


class CLIError(Exception):
    """A user mistake: reported as one line on stderr, exit status 2."""


# ---- helpers ------------------------------------------------------------------------------

def parse_value(text: str):
    """Option text -> value: true/false -> bool, integers -> int, anything else stays a string
    ('' or "" written out also mean the empty string, as `games` shows it)."""
    low = text.strip().lower()
    if low in ("''", '""'):
        return ""
    if low == "true":
        return True
    if low == "false":
        return False
    if _INT.fullmatch(text.strip()):
        return int(text.strip())
    return text


def parse_options(pairs: list[str] | None) -> dict:
    options = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise CLIError(f"--option expects key=value, got {_clip(pair)!r}")
        if key in options:
            raise CLIError(f"option {_clip(key)!r} given twice")
        options[key] = parse_value(value)
    return options


def show(value) -> str:
    """A value written the way --option accepts it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value == "":
        return "''"
    return str(value)


def _clip(text: str) -> str:
    from .core.errors import clip
    return clip(text, 120)


def _spec(name: str):
    import explorer

    try:
        return explorer.spec(name)
    except ValueError as exc:
        raise CLIError(str(exc)) from None


def _seats(values) -> str:
    return ", ".join(f"seat {i}: {v}" for i, v in enumerate(values))


# ---- commands -----------------------------------------------------------------------------

def cmd_games(args, out) -> int:
    import explorer

    games = explorer.games()
    if args.json:
        print(json.dumps(games, indent=2, default=str), file=out)
        return 0
    for g in games:
        players = ", ".join(map(str, g["players"]))
        print(f"{g['name']}  {g['title']}", file=out)
        print(f"  players: {players} (default {g['default_players']})", file=out)
        if not g["options"]:
            print("  options: none", file=out)
            continue
        print("  options (--option key=value):", file=out)
        width = max(len(k) + len(show(o["default"])) for k, o in g["options"].items()) + 1
        for key, opt in g["options"].items():
            head = f"{key}={show(opt['default'])}"
            choices = " | ".join(show(c) for c in opt["choices"])
            print(f"    {head:<{width}}  [{choices}]  {opt['help']}", file=out)
    return 0


def cmd_build(args, out) -> int:
    import explorer

    info = explorer.build_info()
    if args.json:
        print(json.dumps(info, indent=2), file=out)
        return 0
    if not info["recorded"] and not info["pure"]:
        print("engines: pure Python (this install compiled nothing)", file=out)
    for name in info["compiled"]:
        print(f"{name}  compiled", file=out)
    for name, why in info["pure"].items():
        print(f"{name}  {why}", file=out)
    return 0


def cmd_play(args, out) -> int:
    import explorer

    spec = _spec(args.game)
    options = parse_options(args.option)
    try:
        state = explorer.load(args.game, players=args.players, seed=args.seed, **options)
    except ValueError as exc:
        raise CLIError(str(exc)) from None
    rng = random.Random(args.seed)
    players = args.players if args.players is not None else spec.default_players
    chosen = ", ".join(f"{k}={show(v)}" for k, v in sorted(options.items())) or "defaults"
    print(f"{spec.title} ({spec.name}): {players} players, seed {args.seed}, options: {chosen}", file=out)
    ply = 0
    while not state.is_terminal:
        if ply >= args.max_plies:
            raise CLIError(f"stopped after {ply} plies without reaching the end of the game")
        legal = state.legal_actions()
        if not legal:
            raise CLIError(f"seat {state.current_player} has no legal action at ply {ply + 1}")
        action = rng.choice(legal)
        ply += 1
        if not args.quiet:
            print(f"{ply:4d}  seat {state.current_player}  {state.explain(action)}", file=out)
        state = state.apply(action)
    scores = state.scores()
    print(f"game over after {ply} plies", file=out)
    print(f"scores: {_seats(scores['seats'])}", file=out)
    if scores.get("teams"):
        print("teams: " + ", ".join(f"team {i}: {v}" for i, v in enumerate(scores["teams"])), file=out)
    winners = state.winners()
    label = "winner" if len(winners) == 1 else "winners"
    print(f"{label}: " + (", ".join(f"seat {w}" for w in winners) or "none"), file=out)
    return 0


def cmd_rules(args, out) -> int:
    import explorer
    from explorer.core.data import where

    args.game = _spec(args.game).name  # any case: "Lotus" is lotus
    try:
        rules = explorer.ledger(args.game)
    except ValueError as exc:
        raise CLIError(str(exc)) from None
    for rule in rules.values():
        tag = ""
        if rule.kind == "interpretation":
            tag = "  [interpretation" + (f", option {rule.option}" if rule.option else "") + "]"
        print(f"{rule.id}  ({where(rule)}){tag}", file=out)
        print(textwrap.fill(" ".join(rule.text.split()), width=100,
                            initial_indent="    ", subsequent_indent="    "), file=out)
    return 0


def cmd_provenance(args, out) -> int:
    import explorer

    args.game = _spec(args.game).name
    try:
        assumed = explorer.provenance(args.game)
    except ValueError as exc:
        raise CLIError(str(exc)) from None
    if not assumed:
        print(f"{args.game}: every component value comes from the rulebooks", file=out)
        return 0
    print(f"{args.game}: {len(assumed)} component values are assumed (not in the rulebooks):", file=out)
    for item in assumed:
        print(f"{item['name']} = {item['value']!r}", file=out)
        print(textwrap.fill(" ".join(str(item["note"]).split()), width=100,
                            initial_indent="    ", subsequent_indent="    "), file=out)
    return 0


def source_checkout() -> Path | None:
    """The repository root when running from a source tree (editable install), else None."""
    root = Path(__file__).resolve().parents[1]
    if (root / "pyproject.toml").is_file() and (root / "notebooks" / "index.ipynb").is_file():
        return root
    return None


def packaged_notebooks() -> Path | None:
    """The notebooks shipped inside an installed wheel (explorer/_notebooks)."""
    here = Path(__file__).resolve().parent / "_notebooks"
    return here if (here / "index.ipynb").is_file() else None


def copy_notebooks(src: Path, dest: Path, refresh: bool = False) -> list[Path]:
    """Copy the notebooks under `src` into `dest`; keep files already there unless `refresh`."""
    copied = []
    for path in sorted(src.rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts or path.name == "__init__.py":
            continue
        target = dest / path.relative_to(src)
        if target.exists() and not refresh:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)
        copied.append(target)
    return copied


def cmd_lab(args, out) -> int:
    root = None if args.dir else source_checkout()
    if root is not None:
        cwd, notebook = root, "notebooks/index.ipynb"
    else:
        src = packaged_notebooks() or (source_checkout() or Path()) / "notebooks"
        if not (src / "index.ipynb").is_file():
            raise CLIError("cannot find the welcome notebook (index.ipynb) in this installation")
        cwd = Path(args.dir or DEFAULT_NOTEBOOK_DIR).expanduser().resolve()
        if cwd.exists() and not cwd.is_dir():
            raise CLIError(f"--dir {_clip(str(cwd))} is a file, not a folder: name a folder to copy the notebooks into")
        try:
            copied = copy_notebooks(src, cwd, refresh=args.refresh)
        except OSError as exc:  # a file in the way, no permission, a read-only or full disk
            where = exc.filename or cwd
            raise CLIError(f"cannot copy the notebooks into {_clip(str(cwd))} ({exc.strerror or exc} at "
                           f"{_clip(str(where))}); name a folder you can write to with --dir") from None
        kept = "" if args.refresh else "; files already there were kept (--refresh overwrites them)"
        print(f"notebooks in {cwd} ({len(copied)} file(s) copied{kept})", file=out)
        notebook = "index.ipynb"
    command = [sys.executable, "-m", "jupyter", "lab", notebook, *args.jupyter_args]
    if hasattr(os, "geteuid") and os.geteuid() == 0 and "--allow-root" not in command:
        command.insert(4, "--allow-root")  # jupyter refuses to start as root otherwise (containers, CI)
    print("running: " + " ".join(command) + f"  (in {cwd})", file=out)
    if args.no_launch:
        return 0
    if importlib.util.find_spec("jupyterlab") is None:
        raise CLIError("JupyterLab is not installed here: pip install 'rules-explorer[lab]'")
    out.flush()
    try:
        return subprocess.call(command, cwd=cwd)
    except KeyboardInterrupt:
        return 0


# ---- argument parsing ---------------------------------------------------------------------

def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rules-explorer",
        description="Explore the rules of tabletop games: list games, play seeded random games, "
                    "read the rules ledger, open the notebooks.")
    from . import __version__
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("games", help="list the games with player counts, options, defaults and choices")
    p.add_argument("--json", action="store_true", help="print explorer.games() as JSON")
    p.set_defaults(run=cmd_games)

    p = sub.add_parser("play", help="play a seeded game with random legal moves",
                       description="Play a game with random legal moves chosen by random.Random(SEED); "
                                   "prints one line per action (ply, seat, explanation with rule ids), "
                                   "then the scores and winners.")
    p.add_argument("game")
    p.add_argument("--players", type=int, help="number of players (default: the game's default)")
    p.add_argument("--seed", type=int, default=0, help="seed for the deal and for the random moves")
    p.add_argument("--option", "-o", action="append", metavar="KEY=VALUE",
                   help="a game option; true/false and integers are converted (repeatable)")
    p.add_argument("--quiet", "-q", action="store_true", help="print only the result")
    p.add_argument("--max-plies", type=int, default=100_000, help=argparse.SUPPRESS)
    p.set_defaults(run=cmd_play)

    p = sub.add_parser("rules", help="print the rules ledger: id, text, source § section")
    p.add_argument("game")
    p.set_defaults(run=cmd_rules)

    p = sub.add_parser("provenance", help="print the component values the rulebooks do not give")
    p.add_argument("game")
    p.set_defaults(run=cmd_provenance)

    p = sub.add_parser("build", help="say which engine modules run compiled (the optional Cython build)")
    p.add_argument("--json", action="store_true", help="print explorer.build_info() as JSON")
    p.set_defaults(run=cmd_build)

    p = sub.add_parser("lab", help="open the welcome notebook in JupyterLab",
                       description="Open notebooks/index.ipynb in JupyterLab. In a source checkout the "
                                   "notebooks are opened in place; from an installed package they are "
                                   f"copied to --dir (default {DEFAULT_NOTEBOOK_DIR}) first.")
    p.add_argument("--dir", help="folder to copy the packaged notebooks into")
    p.add_argument("--refresh", action="store_true", help="overwrite notebooks already in --dir")
    p.add_argument("--no-launch", action="store_true", help="prepare the notebooks, print the command, stop")
    p.add_argument("jupyter_args", nargs=argparse.REMAINDER,
                   help="further arguments for jupyter lab (after --)")
    p.set_defaults(run=cmd_lab)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "jupyter_args", None) and args.jupyter_args[0] == "--":
        args.jupyter_args = args.jupyter_args[1:]
    if getattr(sys.stdout, "encoding", "utf-8").lower().replace("-", "") != "utf8":
        sys.stdout.reconfigure(errors="replace")  # rule texts have '§' and other non-ASCII text
    try:
        return args.run(args, sys.stdout)
    except CLIError as exc:
        print(f"rules-explorer {args.command}: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:  # e.g. `rules-explorer rules lotus | head`: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
