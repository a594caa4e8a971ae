"""Write (or check) the published forms of the project's studies.

    python -m explorer.studies            # notebooks/<game>/05-study.ipynb and docs/studies/<game>.html
    python -m explorer.studies --check    # exit 1 if one is out of date (the notebook: its cells' sources)
"""
from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from ..ipynb import sources as _sources
from . import STUDIES, build

ROOT = Path(__file__).resolve().parents[2]


def targets(game: str) -> tuple[Path, Path]:
    return ROOT / "notebooks" / game / "05-study.ipynb", ROOT / "docs" / "studies" / f"{game}.html"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m explorer.studies", description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    parser.add_argument("games", nargs="*", default=list(STUDIES))
    args = parser.parse_args(argv)
    stale = []
    for game in args.games:
        study = build(game)
        notebook, page = targets(game)
        if args.check:
            with tempfile.TemporaryDirectory() as tmp:
                nb = study.to_notebook(Path(tmp) / "s.ipynb")
                html = study.to_html(Path(tmp) / "s.html")
                if not notebook.exists() or _sources(nb) != _sources(notebook):
                    stale.append(str(notebook.relative_to(ROOT)))
                if not page.exists() or html.read_bytes() != page.read_bytes():
                    stale.append(str(page.relative_to(ROOT)))
        else:
            page.parent.mkdir(parents=True, exist_ok=True)
            with tempfile.TemporaryDirectory() as tmp:  # an unchanged notebook keeps its outputs
                nb = study.to_notebook(Path(tmp) / "s.ipynb")
                changed = not notebook.exists() or _sources(nb) != _sources(notebook)
                if changed:
                    notebook.write_bytes(nb.read_bytes())
            study.to_html(page)
            said = "written: run `make notebooks`" if changed else "unchanged"
            print(f"{game}: {notebook.relative_to(ROOT)} ({said}), {page.relative_to(ROOT)} "
                  f"({page.stat().st_size / 1024:.0f} KiB)")
    if stale:
        print("out of date (run python -m explorer.studies): " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
