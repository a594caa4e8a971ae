"""Notebooks the explorer writes (tutorials, study pages), as nbformat 4.5 JSON.

With nbformat installed a notebook is validated and written by nbformat; where it is not (the JupyterLite
site: nbformat needs jsonschema, which Pyodide cannot install) the same JSON is written directly, byte for
byte what nbformat writes. Cell ids are the first 8 hex digits of a hash of the cell's place and text, so
writing the same notebook twice gives the same file.

>>> nb = notebook([markdown_cell("# A title"), code_cell("x = 1\\nx")])
>>> [c["id"] for c in nb["cells"]] == [c["id"] for c in notebook(nb["cells"])["cells"]]
True
>>> writes(nb).splitlines()[1:3]
['  "cells": [', '   {']
"""
from __future__ import annotations

import copy
import functools
import hashlib
import json
from pathlib import Path

NBFORMAT, NBFORMAT_MINOR = 4, 5
METADATA = {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
            "language_info": {"name": "python"}}


@functools.cache
def have_nbformat() -> bool:
    """Whether nbformat imports here (notebooks are then validated and written by it)."""
    try:
        import nbformat  # noqa: F401
    except ImportError:
        return False
    return True


def markdown_cell(source: str) -> dict:
    return {"cell_type": "markdown", "metadata": {}, "source": source}


def code_cell(source: str, metadata: dict | None = None) -> dict:
    return {"cell_type": "code", "execution_count": None, "metadata": dict(metadata or {}), "outputs": [],
            "source": source}


def notebook(cells, metadata: dict | None = None) -> dict:
    """A notebook of these cells (each given its id), with `metadata` (default: a Python 3 kernel)."""
    out = []
    for k, cell in enumerate(cells):
        cell = dict(cell)
        text = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
        cell["id"] = hashlib.sha256(f"{k}\n{cell['cell_type']}\n{text}".encode()).hexdigest()[:8]
        out.append(cell)
    return {"cells": out, "metadata": copy.deepcopy(METADATA if metadata is None else metadata),
            "nbformat": NBFORMAT, "nbformat_minor": NBFORMAT_MINOR}


def writes(nb: dict) -> str:
    """The notebook's file text (nbformat's writer when installed, after validating; else the same JSON)."""
    if have_nbformat():
        import nbformat
        node = nbformat.from_dict(nb)
        nbformat.validate(node)
        return nbformat.writes(node)
    nb = copy.deepcopy(dict(nb))
    for cell in nb["cells"]:  # nbformat keeps each source as a list of lines
        if isinstance(cell.get("source"), str):
            cell["source"] = cell["source"].splitlines(True)
    return json.dumps(nb, indent=1, sort_keys=True, separators=(",", ": "), ensure_ascii=False)


def write(nb: dict, path) -> Path:
    path = Path(path)
    path.write_text(writes(nb), encoding="utf-8")
    return path


def sources(path) -> list[tuple[str, str]]:
    """(cell type, source) of every cell of a notebook file."""
    nb = json.loads(Path(path).read_text(encoding="utf-8"))
    return [(c["cell_type"], c["source"] if isinstance(c["source"], str) else "".join(c["source"]))
            for c in nb.get("cells", [])]


__all__ = ["code_cell", "have_nbformat", "markdown_cell", "notebook", "sources", "write", "writes"]
