"""An exported tutorial notebook runs clean under nbval, in a fresh kernel."""
import subprocess
import sys
from pathlib import Path

import pytest

import explorer
from explorer import tutorial
from explorer.widgets import Explorer

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_an_exported_tutorial_runs_under_nbval(tmp_path):
    ex = Explorer(explorer.load("lotus", players=2, seed=11), random_seed=11)
    ex.comment("Two players, seed 11.", node=ex.timeline.root)
    for _ in range(6):
        ex.random_move()
    ex.comment("A good moment to look at the garden.")
    path = tutorial.export(ex, tmp_path / "tutorial.ipynb", title="Six moves of Lotus")
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--nbval-lax", "--nbval-current-env",
         str(path)], cwd=tmp_path, capture_output=True, text=True, timeout=280)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    assert "passed" in proc.stdout
