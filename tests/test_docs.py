"""Every Python block of the README and of docs/*.md runs as written, in order (one namespace per file,
in a scratch folder), so the examples people copy can never rot. Widgets run without a kernel."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def blocks(path: Path) -> list[str]:
    return BLOCK.findall(path.read_text(encoding="utf-8"))


def test_the_readme_has_examples():
    assert len(blocks(ROOT / "README.md")) >= 3


@pytest.mark.parametrize("path", [p for p in DOCS if blocks(p)], ids=lambda p: str(p.relative_to(ROOT)))
def test_every_python_block_runs(path, tmp_path, capsys):
    here = os.getcwd()
    os.chdir(tmp_path)  # files the examples write (saved lines, notebooks, tables) land here
    try:
        ns: dict = {"__name__": "__main__"}
        for i, code in enumerate(blocks(path)):
            try:
                exec(compile(code, f"{path.name}, block {i + 1}", "exec"), ns)
            except Exception as exc:
                pytest.fail(f"{path.name} block {i + 1} fails: {type(exc).__name__}: {exc}\n{code}")
    finally:
        os.chdir(here)


def test_the_widget_example_makes_a_variation_and_compares_two_nodes(tmp_path):
    """What the README's explorer block promises, checked: a variation at ply 1 and a real comparison."""
    code = blocks(ROOT / "README.md")
    ns: dict = {}
    here = os.getcwd()
    os.chdir(tmp_path)
    try:
        exec(code[0], ns)
        exec(code[1], ns)
    finally:
        os.chdir(here)
    ex = ns["ex"]
    first = ex.timeline.root.children
    assert [n.action for n in first] == ["4s", "5s"]
    lines = ex.compare(ex.timeline.root, first[1])
    assert lines and lines != ["no visible difference"] and not any(re.search(r"\w+\.\d+\.", x) for x in lines)
    assert ex.seat == 1 and (tmp_path / "my-line.ipynb").exists()


# -- docstrings ---------------------------------------------------------------------------------------

class _Checker(__import__("doctest").OutputChecker):
    """An example with no expected output only has to run; one with output must print it."""

    def check_output(self, want, got, optionflags):
        return True if not want.strip() else super().check_output(want, got, optionflags)


def _modules_with_examples():
    import importlib
    import pkgutil

    import explorer
    out = []
    for info in pkgutil.walk_packages(explorer.__path__, "explorer."):
        if info.name.endswith("__main__"):
            continue
        path = Path(importlib.util.find_spec(info.name).origin)
        if path.suffix != ".py":  # a compiled module (setup.py): its source is beside it
            path = path.with_name(info.name.rpartition(".")[2] + ".py")
        if ">>>" in path.read_text(encoding="utf-8"):
            out.append(info.name)
    return ["explorer", *out]


@pytest.mark.parametrize("name", _modules_with_examples())
def test_every_docstring_example_runs(name, tmp_path, monkeypatch):
    import doctest
    import importlib
    monkeypatch.chdir(tmp_path)
    module = importlib.import_module(name)
    runner = doctest.DocTestRunner(checker=_Checker(), optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    tests = doctest.DocTestFinder(exclude_empty=True).find(module, name)
    assert tests
    for test in tests:
        runner.run(test, out=lambda text: None)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} docstring example(s) of {name} fail (run python -m doctest -v)"
