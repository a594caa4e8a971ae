"""Optional Cython compile of the hot engine modules; everything else about the package is in pyproject.toml.

The modules in HOT stay ordinary Python sources. When Cython and a working C compiler are present (and
RX_NO_COMPILE is not set), each is also compiled (C files under build/cython/) to an extension module
placed next to its .py; when not, or when a compile fails, the build prints one line and installs the same
sources as plain Python.
The build writes explorer/_compiled.json (the SHA-256 of each compiled module's source); at run time
explorer/_build.py loads an extension only when that hash equals its .py's, so a stale .so never shadows
an edited source. See README.md, "Compiled engines".
"""
from __future__ import annotations

import hashlib
import json
import os
import shlex
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
MANIFEST = "explorer/_compiled.json"
# Chosen by profiling random playouts and timing them compiled against pure (benchmarks/bench_compiled.py;
# README, "Compiled engines"): where the engines spend their time and compiling paid for its build time.
HOT = [
    "explorer/games/lotus/state.py",
    "explorer/games/rice_paddy/state.py",
    "explorer/games/rice_paddy/steps.py",
    "explorer/games/round_house/state.py",
    "explorer/games/round_house/resources.py",
    "explorer/games/round_house/copier.py",
    "explorer/games/round_house/board.py",
    "explorer/games/round_house/rooms.py",
]
# Plain Python semantics: annotations are not C types (an `int` annotation would reject None and a
# `float` one would turn ints into floats); types come only from explicit `cython.*` declarations.
DIRECTIVES = {"language_level": 3, "annotation_typing": False, "binding": True}
# -g0: Python's own CFLAGS ask for debug info (-g -O3), which triples gcc's time on Cython's C;
# -O1 ran as fast as -O3 within this machine's noise and compiles in half the time (README).
COMPILE_ARGS = ["-O1", "-g0"]
# The generated C goes outside the package, so a grep for a rule id finds the Python sources, not the C.
C_DIR = "build/cython"


def say(msg: str) -> None:
    print(f"rules-explorer: {msg}", file=sys.stderr, flush=True)


def source_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def extensions() -> list:
    if os.environ.get("RX_NO_COMPILE"):
        say("RX_NO_COMPILE is set: installing the pure-Python engines")
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        say("Cython is not installed: installing the pure-Python engines")
        return []
    problem = c_compiler_problem()
    if problem:
        say(f"{problem}: installing the pure-Python engines")
        return []
    try:
        found = cythonize(HOT, compiler_directives=DIRECTIVES, nthreads=os.cpu_count() or 1, quiet=True,
                          build_dir=C_DIR)
    except Exception as exc:  # the build must not fail: fall back to the sources
        say(f"cythonize failed ({exc!r:.200}): installing the pure-Python engines")
        return []
    for ext in found:
        ext.extra_compile_args = [*ext.extra_compile_args, *COMPILE_ARGS]
    return found


def c_compiler_problem() -> str | None:
    """Why the C compiler build_ext would use cannot build an extension (None when it can): a quick
    compile of a file that includes Python.h, so a missing compiler or missing headers cost no cythonize."""
    cc = shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc")
    with tempfile.TemporaryDirectory() as tmp:
        probe = Path(tmp, "probe.c")
        probe.write_text("#include <Python.h>\nint probe(void) { return 0; }\n")
        cmd = [*cc, "-I", sysconfig.get_paths()["include"], "-c", str(probe), "-o", str(Path(tmp, "probe.o"))]
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120, check=False)
        except (OSError, subprocess.SubprocessError) as exc:
            return f"no working C compiler ({cc[0]}: {exc})"
        if proc.returncode != 0:
            tail = (proc.stderr.strip().splitlines() or [f"exit status {proc.returncode}"])[-1]
            return f"no working C compiler ({' '.join(cc)}: {tail[:160]})"
    return None


class OptionalBuildExt(build_ext):
    """build_ext that compiles in parallel, never fails the install, and records what it compiled."""

    def finalize_options(self):
        super().finalize_options()
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1

    def build_extensions(self):
        self.failed = {}
        super().build_extensions()
        self.extensions = [e for e in self.extensions if e.name not in self.failed]
        if self.failed:
            first = next(iter(self.failed.values()))
            say(f"the C compile failed for {len(self.failed)} module(s) ({first:.200}): "
                "they run as pure Python")
        modules = {e.name: source_hash(ROOT / (e.name.replace(".", "/") + ".py")) for e in self.extensions}
        text = json.dumps({"modules": modules}, indent=1, sort_keys=True) + "\n"
        out = Path(self.build_lib) / MANIFEST
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text)
        self.manifest_text = text

    def build_extension(self, ext):
        try:
            super().build_extension(ext)
        except Exception as exc:  # no compiler, or it failed: this module stays pure Python
            self.failed[ext.name] = f"{type(exc).__name__}: {exc}"

    def run(self):
        super().run()
        if self.inplace and hasattr(self, "manifest_text"):  # editable install: the .so files sit in the tree
            (ROOT / MANIFEST).write_text(self.manifest_text)


EXTENSIONS = extensions()
if not EXTENSIONS:  # an editable install going pure: disown any extension modules left in the tree
    (ROOT / MANIFEST).unlink(missing_ok=True)
setup(ext_modules=EXTENSIONS, cmdclass={"build_ext": OptionalBuildExt})
