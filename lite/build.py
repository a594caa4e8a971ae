"""Build the static JupyterLite site (`make lite`): the explorer running in the browser through Pyodide.

Run with the build venv's Python (the Makefile makes it from lite/build-requirements.txt):

    python lite/build.py [--out _site]

From PyPI and npm only, every version pinned: the Pyodide runtime (npm), the browser's wheels
(lite/requirements.txt, downloaded with pip for CPython 3.14 on pyemscripten_2026_0_wasm32, no dependency
resolution), the project's own pure wheel; then a pyodide-lock.json listing exactly those wheels (sha256,
depends, imports), the notebooks that can run in the browser and an index of them, and `jupyter lite build`.
Downloads are cached in build/lite/ (gitignored); the site itself needs no network at run time.
"""
from __future__ import annotations

import argparse
import ast
import email.parser
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

ROOT = Path(__file__).resolve().parent.parent
LITE = ROOT / "lite"
CACHE = ROOT / "build" / "lite"
PYODIDE = "pyodide@314.0.6"
PLATFORM = "pyemscripten_2026_0_wasm32"
# sys_platform and friends as Pyodide 314 reports them: pyproject's `sys_platform != 'emscripten'` deps drop out
BROWSER = {
    "implementation_name": "cpython", "implementation_version": "3.14.2", "os_name": "posix",
    "platform_machine": "wasm32", "platform_python_implementation": "CPython", "platform_release": "5.0.3",
    "platform_system": "Emscripten", "platform_version": "", "python_full_version": "3.14.2",
    "python_version": "3.14", "sys_platform": "emscripten", "extra": "",
}
# Required by ipywidgets but only for the classic notebook and JupyterLab's own install: the site's page has
# the widgets' labextension, and the kernel brings its own widgetsnbextension stand-in.
FRONTEND_ONLY = {"widgetsnbextension", "jupyterlab-widgets"}
# What no browser wheel exists for (no pyemscripten wheel of numpy, pillow, PyYAML, MarkupSafe or rpds-py on
# PyPI): a notebook importing one of these stays out of the site.
ABSENT = {"numpy", "pandas", "bokeh", "jupyter_bokeh", "nbformat", "pyarrow", "dask", "scipy", "matplotlib",
          "PIL", "yaml", "jsonschema"}
# What the lock is for: the explorer, and what jupyterlite-pyodide-kernel 0.8.6 installs when a kernel starts
ROOTS = ["rules-explorer", "micropip", "ipython", "jedi", "comm"]
RUNTIME_FILES = ["pyodide.mjs", "pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "package.json"]


def say(msg: str) -> None:
    print(f"lite: {msg}", flush=True)


def run(cmd: list, **kw) -> None:
    subprocess.run([str(c) for c in cmd], check=True, **kw)


def pins() -> dict[str, str]:
    out = {}
    for line in (LITE / "requirements.txt").read_text().splitlines():
        line = line.split("#")[0].strip()
        if line:
            name, _, version = line.partition("==")
            if not version:
                sys.exit(f"lite/requirements.txt: {line!r} is not pinned (name==version)")
            out[canonicalize_name(name)] = version.strip()
    return out


def fetch_pyodide() -> Path:
    """The npm package's tarball (npm checks it against the registry's integrity hash)."""
    name, version = PYODIDE.split("@")
    tgz = CACHE / f"{name}-{version}.tgz"
    if not tgz.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        run(["npm", "pack", PYODIDE, "--pack-destination", CACHE, "--silent"])
    return tgz


def fetch_wheels(want: dict[str, str]) -> list[Path]:
    dest = CACHE / "wheels"
    have = {}
    for whl in dest.glob("*.whl"):
        name, version, _, _ = parse_wheel_filename(whl.name)
        if want.get(name) == str(version):
            have[name] = whl
    missing = sorted(set(want) - set(have))
    if missing:
        say(f"downloading {len(missing)} wheels for {PLATFORM}")
        run([sys.executable, "-m", "pip", "--disable-pip-version-check", "download", "--no-deps",
             "--only-binary=:all:", "--platform", PLATFORM, "--python-version", "3.14", "--implementation", "cp",
             "--abi", "cp314", "--abi", "none", "--dest", dest, *[f"{n}=={want[n]}" for n in missing]])
        return fetch_wheels(want) if len(list(dest.glob("*.whl"))) > len(have) else sys.exit("download failed")
    return [have[n] for n in sorted(have)]


def own_wheel() -> Path:
    """The project's pure wheel, built from a copy of its sources (no compiled modules, no stale build/)."""
    dest, tree = CACHE / "own", CACHE / "own-src"
    for d in (dest, tree):
        shutil.rmtree(d, ignore_errors=True)
    skip = shutil.ignore_patterns("*.so", "*.c", "_compiled.json", "__pycache__", ".ipynb_checkpoints")
    for name in ("explorer", "data", "widgets", "notebooks"):
        shutil.copytree(ROOT / name, tree / name, ignore=skip)
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy(ROOT / name, tree / name)
    env = dict(os.environ, RX_NO_COMPILE="1")
    run([sys.executable, "-m", "pip", "--disable-pip-version-check", "wheel", "--no-deps", "--no-build-isolation",
         "-q", "-w", dest, tree], env=env)
    (whl,) = dest.glob("*.whl")
    if not whl.name.endswith("-py3-none-any.whl"):
        sys.exit(f"the project's wheel is not pure Python: {whl.name}")
    with zipfile.ZipFile(whl) as z:
        if any(n.endswith((".so", ".pyd", ".c")) for n in z.namelist()):
            sys.exit(f"{whl.name} carries compiled files")
    return whl


def wheel_entry(whl: Path) -> dict:
    name, version, _, _ = parse_wheel_filename(whl.name)
    with zipfile.ZipFile(whl) as z:
        names = z.namelist()
        info = next(n.split("/")[0] for n in names if n.endswith(".dist-info/METADATA"))
        meta = email.parser.Parser().parsestr(z.read(f"{info}/METADATA").decode())
        top = f"{info}/top_level.txt"
        if top in names:
            imports = z.read(top).decode().split()
        else:
            imports = sorted({n.split("/")[0].removesuffix(".py") for n in names
                              if not n.split("/")[0].endswith((".dist-info", ".data"))
                              and (n.count("/") or n.endswith(".py"))})
    depends = []
    for spec in meta.get_all("Requires-Dist") or []:
        req = Requirement(spec)
        if req.marker is None or req.marker.evaluate(BROWSER):
            depends.append(canonicalize_name(req.name))
    return {"name": name, "version": str(version), "file_name": whl.name, "install_dir": "site",
            "sha256": hashlib.sha256(whl.read_bytes()).hexdigest(), "package_type": "package",
            "imports": imports,
            "depends": sorted(set(depends)), "unvendored_tests": False}


def write_lock(runtime_lock: dict, wheels: list[Path], dest: Path) -> dict:
    """pyodide-lock.json with exactly the shipped wheels; every dependency must be one of them, and every one
    of them needed by the explorer or the kernel."""
    packages = {e["name"]: e for e in map(wheel_entry, wheels)}
    for entry in packages.values():
        entry["depends"] = [d for d in entry["depends"] if d not in FRONTEND_ONLY]
        missing = [d for d in entry["depends"] if d not in packages]
        if missing:
            sys.exit(f"{entry['name']} needs {', '.join(missing)} in the browser: add it to lite/requirements.txt "
                     "(or mark it sys_platform != 'emscripten' where it is required)")
    needed, todo = set(), list(ROOTS)
    while todo:
        name = todo.pop()
        if name not in needed:
            needed.add(name)
            todo += packages[name]["depends"]
    if set(packages) - needed:
        sys.exit(f"lite/requirements.txt ships what nothing needs: {', '.join(sorted(set(packages) - needed))}")
    lock = {"info": runtime_lock["info"], "packages": dict(sorted(packages.items()))}
    dest.write_text(json.dumps(lock, indent=1) + "\n")
    return lock


# -- notebooks --------------------------------------------------------------------------------------------------

def imported(nb: dict) -> set[str]:
    mods = set()
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        src = "".join(cell["source"])
        src = "\n".join("" if line.lstrip().startswith(("%", "!")) else line for line in src.splitlines())
        for node in ast.walk(ast.parse(src)):
            if isinstance(node, ast.Import):
                mods |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                mods.add(node.module.split(".")[0])
    return mods


def title(nb: dict, path: Path) -> str:
    for cell in nb["cells"]:
        if cell["cell_type"] == "markdown":
            m = re.search(r"^#+\s+(.+)$", "".join(cell["source"]), re.M)
            if m:
                return m.group(1).strip()
    return path.stem


def choose_notebooks() -> tuple[list[tuple[Path, str]], list[tuple[Path, str, list[str]]]]:
    """(shipped, left out with what they import that the browser cannot have), games' notebooks only."""
    shipped, left = [], []
    for path in sorted((ROOT / "notebooks").glob("*/*.ipynb")):
        nb = json.loads(path.read_text())
        absent = sorted(imported(nb) & ABSENT)
        rel = path.relative_to(ROOT / "notebooks")
        (left.append((rel, title(nb, path), absent)) if absent else shipped.append((rel, title(nb, path))))
    return shipped, left


def index_notebook(shipped, left, studies: list[str]) -> dict:
    games = {}
    for rel, name in shipped:
        games.setdefault(rel.parts[0], []).append(f"- [{name}]({rel.as_posix()})")
    for rel, name, absent in left:
        games.setdefault(rel.parts[0], []).append(
            f"- {name} (`{rel.as_posix()}`): needs {', '.join(absent)}, which the browser cannot load; "
            "open it through Binder or `make lab`")
    md = ["# Rules explorer in the browser",
          "",
          "Everything here runs in this browser tab (Python through Pyodide): nothing to install and no server "
          "beyond the one serving these files. Open a notebook below and run it (Run > Run All Cells); the "
          "first cell takes a few seconds while Python loads.",
          "",
          "Each game's study is its `05-study` notebook below. The same studies exported as pages that work "
          "on their own (`Study.to_html`): " + ", ".join(f"[{s}](studies/{s}.html)" for s in studies)
          + " (in the `studies` folder; JupyterLab shows them once you click *Trust HTML*, and they open as "
          "ordinary pages at `files/studies/<game>.html` under this site's address).",
          ""]
    for game in sorted(games):
        md += [f"## {game}", "", *games[game], ""]
    code = ("import explorer\n\n"
            "for g in explorer.games():\n"
            "    print(f\"{g['name']:12} {g['title']:28} players {', '.join(map(str, g['players']))}\")\n")
    return {"cells": [
        {"cell_type": "markdown", "metadata": {}, "source": "\n".join(md)},
        {"cell_type": "markdown", "metadata": {}, "source": "The games this explorer knows, from the library:"},
        {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": code},
        {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
         "source": 'explorer.Explorer("lotus", players=3, seed=7)'},
    ], "metadata": {"kernelspec": {"display_name": "Python (Pyodide)", "language": "python", "name": "python"},
                    "language_info": {"name": "python"}},
        "nbformat": 4, "nbformat_minor": 5}


# -- the site ---------------------------------------------------------------------------------------------------

def stage(src: Path, tgz: Path, wheels: list[Path]) -> tuple[list, list]:
    shutil.rmtree(src, ignore_errors=True)
    files, pyo = src / "files", src / "static" / "pyodide"
    pyo.mkdir(parents=True)
    for name in ("jupyter-lite.json", "jupyter_lite_config.json"):
        shutil.copy(LITE / name, src / name)
    with tarfile.open(tgz) as tar:
        runtime_lock = json.load(tar.extractfile("package/pyodide-lock.json"))
        for name in RUNTIME_FILES:
            (pyo / name).write_bytes(tar.extractfile(f"package/{name}").read())
    for whl in wheels:
        shutil.copy(whl, pyo / whl.name)
    write_lock(runtime_lock, wheels, pyo / "pyodide-lock.json")
    shipped, left = choose_notebooks()
    for rel, _ in shipped:
        (files / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / "notebooks" / rel, files / rel)
    studies = sorted(p.stem for p in (ROOT / "docs" / "studies").glob("*.html"))
    (files / "studies").mkdir()
    for s in studies:
        shutil.copy(ROOT / "docs" / "studies" / f"{s}.html", files / "studies" / f"{s}.html")
    (files / "index.ipynb").write_text(json.dumps(index_notebook(shipped, left, studies), indent=1) + "\n")
    return shipped, left


def size(path: Path) -> tuple[int, int]:
    import gzip
    raw = gz = 0
    for p in path.rglob("*"):
        if p.is_file():
            data = p.read_bytes()
            raw += len(data)
            gz += len(gzip.compress(data, 6))
    return raw, gz


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="_site", help="the site's folder (default _site)")
    args = ap.parse_args()
    t0 = time.time()
    out = (ROOT / args.out).resolve()
    tgz = fetch_pyodide()
    wheels = fetch_wheels(pins()) + [own_wheel()]
    src = CACHE / "src"
    shipped, left = stage(src, tgz, wheels)
    shutil.rmtree(out, ignore_errors=True)
    run([sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", src, "--contents", src / "files",
         "--output-dir", out], cwd=src)
    # the site opens on the index notebook: the root page goes there instead of to the bare lab (the lab still
    # reads the root page's jupyter-config-data, which stays)
    root = out / "index.html"
    html = root.read_text()
    hook = "await import('./config-utils.js');"
    if hook not in html:
        sys.exit(f"{root}: jupyterlite's root page changed; the redirect to the index needs updating")
    root.write_text(html.replace(hook, "window.location.replace('./lab/index.html?path=index.ipynb');"))
    (out / "notebooks.json").write_text(json.dumps(
        {"shipped": [r.as_posix() for r, _ in shipped],
         "left_out": {r.as_posix(): absent for r, _, absent in left}}, indent=1) + "\n")
    raw, gz = size(out)
    say(f"{out} built in {time.time() - t0:.0f} s: {len(wheels)} wheels, {len(shipped)} game notebooks "
        f"(+ index), {raw / 1e6:.1f} MB, {gz / 1e6:.1f} MB gzipped")


if __name__ == "__main__":
    main()
