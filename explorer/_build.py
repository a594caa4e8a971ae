"""Which engine modules run compiled: the loader side of the optional Cython build (setup.py).

setup.py may compile a few hot modules (e.g. explorer/games/lotus/state.py) to extension modules that sit
next to their .py files, and records each compiled source's SHA-256 in explorer/_compiled.json. Python's
own finder would prefer such a .so over the .py even after the .py was edited, so `import explorer`
installs the finder below, first on sys.meta_path. For a submodule of `explorer` that has both a .py and
a .so, it loads the .so only when the recorded hash equals the current .py's, and otherwise the .py (no
warning: build_info() says why). RX_PURE_PYTHON=1 in the environment loads every .py. Modules without a
.so are left to Python's finders. This file itself is never compiled.
"""
from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
MANIFEST = HERE / "_compiled.json"


def _recorded() -> dict[str, str]:
    """module name -> SHA-256 of the source it was compiled from (empty when nothing was compiled)."""
    try:
        return dict(json.loads(MANIFEST.read_text(encoding="utf-8"))["modules"])
    except (OSError, ValueError, KeyError, TypeError):
        return {}


def forced_pure() -> bool:
    return os.environ.get("RX_PURE_PYTHON", "") not in ("", "0")


class CompiledOrSource:
    """Meta-path finder: a compiled module only when it was built from the .py that is there now."""

    def __init__(self, recorded: dict[str, str], pure: bool):
        self.recorded = recorded
        self.pure = pure
        self.decisions: dict[str, str] = {}  # module -> "compiled" or why it runs from its .py

    def choose(self, name: str, source: Path, extension: Path) -> str:
        if self.pure:
            return "pure: RX_PURE_PYTHON is set"
        want = self.recorded.get(name)
        if want is None:
            return "pure: the extension module is not in the build's record"
        if hashlib.sha256(source.read_bytes()).hexdigest() != want:
            return "pure: the source changed since it was compiled"
        return "compiled"

    def find_spec(self, name, path, target=None):
        if not name.startswith("explorer.") or not path:
            return None
        leaf = name.rpartition(".")[2]
        for folder in path:
            source = Path(folder, leaf + ".py")
            if not source.is_file():
                continue
            for suffix in importlib.machinery.EXTENSION_SUFFIXES:
                extension = Path(folder, leaf + suffix)
                if extension.is_file():
                    break
            else:
                return None  # no extension module: Python's own finder does the same thing
            decision = self.choose(name, source, extension)
            self.decisions[name] = decision
            return importlib.util.spec_from_file_location(
                name, extension if decision == "compiled" else source)
        return None


def install() -> CompiledOrSource:
    """Put the finder first on sys.meta_path (once per process)."""
    for finder in sys.meta_path:
        if isinstance(finder, CompiledOrSource):
            return finder
    finder = CompiledOrSource(_recorded(), forced_pure())
    sys.meta_path.insert(0, finder)
    return finder


def build_info() -> dict:
    """What the build compiled and what this process runs: {"compiled": [...], "pure": {module: why},
    "recorded": [...]}. Imports the modules the build compiled, to say how they load."""
    finder = install()
    for name in sorted(finder.recorded):
        try:
            importlib.import_module(name)
        except ImportError:  # recorded by an older build of a module that is gone
            pass
    info = {"compiled": [], "pure": {}, "recorded": sorted(finder.recorded), "forced_pure": finder.pure}
    for name in sorted(set(finder.recorded) | set(finder.decisions)):
        module = sys.modules.get(name)
        if module is not None:
            loader = getattr(module, "__loader__", None)
            compiled = isinstance(loader, importlib.machinery.ExtensionFileLoader)
            why = "compiled" if compiled else finder.decisions.get(name, "pure: loaded from its .py")
        else:
            why = "absent: no such module"
        if why == "compiled":
            info["compiled"].append(name)
        else:
            info["pure"][name] = why
    return info


install()  # on import, i.e. first thing in `import explorer`
