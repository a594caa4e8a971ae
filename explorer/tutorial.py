"""Write a tutorial notebook from a line of play.

>>> from explorer import Explorer
>>> ex = Explorer("lotus", players=3, seed=7)
>>> node = ex.play("4s"); ex.comment("Why this move matters")
>>> export(ex, "my-tutorial.ipynb", title="Opening ideas")

The notebook sets up the starting position, then replays the chosen line one move per cell,
with each node's comment as markdown and the board shown after each step. The line is the one
through the current node (or `node`), continued along its main line to the end.

A tutorial shows everything (it replays the real moves, hands included); export from a position
whose hidden cards you are happy to show. Text goes into cells as Python string literals
(``repr``), so a comment or an action text can never become code.
"""
from __future__ import annotations

import json
from pathlib import Path

from . import ipynb
from .ipynb import code_cell as new_code_cell
from .ipynb import markdown_cell as new_markdown_cell


def _timeline(source):
    from .timeline import Timeline
    tl = getattr(source, "timeline", source)
    if not isinstance(tl, Timeline):
        raise TypeError(f"export needs a Timeline or an Explorer, got {source!r}")
    return tl


def _line(tl, node) -> list:
    start = tl.current if node is None else tl.node(node)
    line = tl.line(start)
    while line[-1].children:
        line.append(line[-1].children[0])
    return line


def _md(text: str) -> str:
    """A user's comment as markdown: kept as written, but never raw HTML."""
    return text.replace("<", "&lt;").replace(">", "&gt;")


def build(source, title: str = "A line of play", node=None, intro: str = ""):
    """The tutorial notebook (not yet written to disk): an nbformat NotebookNode, or the same notebook as a
    dict where nbformat is not installed."""
    nb = _notebook(source, title, node, intro)
    if ipynb.have_nbformat():
        import nbformat
        return nbformat.from_dict(nb)
    return nb


def _notebook(source, title, node, intro) -> dict:
    from .core import spec
    tl = _timeline(source)
    line = _line(tl, node)
    root = tl.root.state
    game = getattr(root, "game_name", "")
    try:
        game_title = spec(game).title
    except ValueError:
        game_title = game
    names = root.seat_names()
    cells = [new_markdown_cell(
        f"# {_md(title)}\n\n{game_title}: {len(line) - 1} moves, replayed one per cell from the starting "
        "position. Written by `explorer.tutorial.export`; run the cells in order."
        + (f"\n\n{_md(intro)}" if intro else ""))]
    position = json.dumps(root.to_json(), sort_keys=True, separators=(",", ":"))
    cells.append(new_code_cell(f"import explorer\n\nstate = explorer.from_json({position!r})\nstate"))
    if tl.root.comment:
        cells.append(new_markdown_cell(_md(tl.root.comment)))
    for n in line[1:]:
        before = n.parent.state
        try:
            said = before.explain(before.parse_action(n.action))
        except (ValueError, TypeError, KeyError, IndexError, NotImplementedError):
            said = n.action
        who = names[n.actor] if n.actor is not None and n.actor < len(names) else "?"
        text = f"**Move {n.ply}** ({who}): `{n.action}` — {_md(said)}"
        if n.comment:
            text += f"\n\n{_md(n.comment)}"
        cells.append(new_markdown_cell(text))
        cells.append(new_code_cell(f"state = state.apply({n.action!r})\nstate"))
    cells.append(new_code_cell("print(state.describe())"))
    return ipynb.notebook(cells)


def export(source, path, title: str = "A line of play", node=None, intro: str = "") -> Path:
    """Write the tutorial for the line through `node` (default: current) to `path` (.ipynb)."""
    path = Path(path)
    if path.suffix != ".ipynb":
        raise ValueError(f"a tutorial is a notebook: give a path ending in .ipynb, not {path.name!r}")
    return ipynb.write(_notebook(source, title, node, intro), path)  # validated when nbformat is installed


__all__ = ["build", "export"]
