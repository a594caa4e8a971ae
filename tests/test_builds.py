"""The optional Cython build (setup.py, explorer/_build.py): both builds of the engines behave identically.

The main test run uses whatever this checkout has: with `make test` that is the compiled build when a C
compiler works (the Makefile then sets RX_EXPECT_COMPILED=1 and the first test requires the hot modules to
be loaded from extension modules), so the differential tests (tests/<game>/test_same_behaviour.py: over
10,000 seeded random actions per game against trajectories recorded from the pure-Python engine) and the
conformance suite check the compiled build. The pure build runs the same files again in a subprocess with
RX_PURE_PYTHON=1. The install without a C compiler is checked in tests/test_packaging.py.
"""
from __future__ import annotations

import ast
import hashlib
import importlib.machinery
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import explorer
from explorer import _build

REPO = Path(__file__).resolve().parents[1]
SAME_BEHAVIOUR = [f"tests/{game}/test_same_behaviour.py"
                  for game in ("lotus", "lotus_chaos", "rice_paddy", "round_house")]


def hot_modules() -> list[str]:
    """setup.py's HOT list, as module names."""
    tree = ast.parse((REPO / "setup.py").read_text())
    [paths] = [ast.literal_eval(node.value) for node in tree.body if isinstance(node, ast.Assign)
               and any(getattr(t, "id", None) == "HOT" for t in node.targets)]
    return [p.removesuffix(".py").replace("/", ".") for p in paths]


def test_hot_modules_exist_and_are_engine_modules():
    hot = hot_modules()
    assert hot and all(name.startswith("explorer.") for name in hot)
    for name in hot:
        assert (REPO / (name.replace(".", "/") + ".py")).is_file(), name
    assert "explorer._build" not in hot, "the loader itself must stay Python"


def test_hot_modules_run_compiled_when_the_build_compiled_them():
    if os.environ.get("RX_EXPECT_COMPILED") != "1":
        pytest.skip("RX_EXPECT_COMPILED is not 1 (`make test` sets it when the compile succeeded)")
    assert not _build.forced_pure(), "RX_PURE_PYTHON is set in a run that expects the compiled build"
    info = explorer.build_info()
    assert sorted(info["compiled"]) == sorted(hot_modules()), info
    for name in hot_modules():
        module = sys.modules[name]
        assert isinstance(module.__loader__, importlib.machinery.ExtensionFileLoader), name
        assert module.__file__.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)), module.__file__


def test_forced_pure_build_runs_the_sources():
    code = ("import explorer, json, sys; info = explorer.build_info(); "
            "files = {m: sys.modules[m].__file__ for m in info['recorded']}; "
            "print(json.dumps({'info': info, 'files': files}))")
    out = subprocess.run([sys.executable, "-c", code], env=dict(os.environ, RX_PURE_PYTHON="1"),
                         capture_output=True, text=True, check=True, timeout=120).stdout
    report = json.loads(out.strip().splitlines()[-1])
    assert report["info"]["compiled"] == [] and report["info"]["forced_pure"], report
    assert all(path.endswith(".py") for path in report["files"].values()), report


# ---- the stale-extension guard ------------------------------------------------------------------

def _fake_pair(folder: Path, source: str) -> tuple[Path, Path]:
    """A module `probe` with a .py and (a file named like) an extension module beside it."""
    py = folder / "probe.py"
    py.write_text(source)
    so = folder / ("probe" + importlib.machinery.EXTENSION_SUFFIXES[0])
    so.write_bytes(b"not loaded by find_spec")
    return py, so


def test_finder_loads_an_extension_only_when_built_from_the_current_source(tmp_path):
    py, so = _fake_pair(tmp_path, "X = 1\n")
    name = "explorer.games.probe"
    digest = hashlib.sha256(py.read_bytes()).hexdigest()
    assert _build.CompiledOrSource({name: digest}, pure=False).find_spec(name, [str(tmp_path)]).origin == str(so)
    # the source edited after the compile: the .py wins
    py.write_text("X = 2\n")
    finder = _build.CompiledOrSource({name: digest}, pure=False)
    assert finder.find_spec(name, [str(tmp_path)]).origin == str(py)
    assert finder.decisions[name] == "pure: the source changed since it was compiled"
    # not recorded by the build (e.g. left over from an older one), or RX_PURE_PYTHON: the .py
    assert _build.CompiledOrSource({}, pure=False).find_spec(name, [str(tmp_path)]).origin == str(py)
    fresh = hashlib.sha256(py.read_bytes()).hexdigest()
    assert _build.CompiledOrSource({name: fresh}, pure=True).find_spec(name, [str(tmp_path)]).origin == str(py)
    # no extension module, or not ours: Python's own finders decide
    so.unlink()
    assert _build.CompiledOrSource({name: fresh}, pure=False).find_spec(name, [str(tmp_path)]) is None
    assert _build.CompiledOrSource({}, pure=False).find_spec("probe", [str(tmp_path)]) is None


def test_an_edited_source_is_what_runs_even_beside_a_real_compiled_module(tmp_path):
    """A real compiled hot module and a copy of its source with one line added: the edit runs."""
    name = hot_modules()[0]
    package, leaf = name.rpartition(".")[::2]
    folder = REPO / package.replace(".", "/")
    extensions = [folder / (leaf + s) for s in importlib.machinery.EXTENSION_SUFFIXES
                  if (folder / (leaf + s)).is_file()]
    recorded = _build._recorded()
    if not extensions or name not in recorded:
        pytest.skip("this checkout has no compiled build (make compile)")
    shutil.copy(extensions[0], tmp_path / extensions[0].name)
    source = (folder / (leaf + ".py")).read_text()
    (tmp_path / (leaf + ".py")).write_text(source)
    finder = _build.CompiledOrSource(recorded, pure=False)
    assert finder.find_spec(name, [str(tmp_path)]).origin == str(tmp_path / extensions[0].name)
    (tmp_path / (leaf + ".py")).write_text(source + "\nEDITED_AFTER_THE_COMPILE = True\n")
    spec = finder.find_spec(name, [str(tmp_path)])
    assert spec.origin == str(tmp_path / (leaf + ".py"))
    module = importlib.util.module_from_spec(spec)  # not put in sys.modules: the real one stays
    spec.loader.exec_module(module)
    assert module.EDITED_AFTER_THE_COMPILE is True
    assert isinstance(module.__loader__, importlib.machinery.SourceFileLoader)


# ---- the pure build plays the same games ----------------------------------------------------------

def test_pure_build_passes_the_differential_and_conformance_tests():
    """The >= 10,000-action differential test of each game and the conformance suite, with every module
    from its .py; the main run of the same files checks the compiled build (when there is one).
    Not marked slow (about 25 s): `make test`'s other lane already carries the compile in the Binder test."""
    env = dict(os.environ, RX_PURE_PYTHON="1")
    env.pop("RX_EXPECT_COMPILED", None)
    proc = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-m", "",
                           *SAME_BEHAVIOUR, "tests/conformance"], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=900, check=False)
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-3000:]
    assert "engines: pure Python" in proc.stdout, proc.stdout[:2000]
    assert re.search(r"\b\d{2,} passed\b", proc.stdout) and " failed" not in proc.stdout, proc.stdout[-2000:]
