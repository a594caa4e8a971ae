"""Shared test set-up.

Every test runs by default (no --runslow switch): `make test` is the whole suite. The markers
only label tests, e.g. `pytest -m "not slow and not browser"` for a quick local loop.

Hypothesis uses the "ci" profile unless HYPOTHESIS_PROFILE names another one: derandomized (the
same examples on every run and machine), no deadline (shared CI machines are slow and jittery),
and a moderate number of examples. `HYPOTHESIS_PROFILE=thorough` searches harder.
"""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

try:
    from hypothesis import HealthCheck, settings
except ImportError:  # hypothesis is a dev dependency; only the property tests need it
    settings = None

if settings is not None:
    settings.register_profile(
        "ci",
        deadline=None,
        derandomize=True,
        max_examples=50,
        database=None,
        print_blob=True,
        suppress_health_check=[HealthCheck.too_slow],
    )
    settings.register_profile(
        "thorough", deadline=None, max_examples=1000, print_blob=True,
        suppress_health_check=[HealthCheck.too_slow],
    )
    settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def pytest_report_header(config):
    """Which build of the engines this run tests (tests/test_builds.py runs the other one)."""
    import explorer

    compiled = explorer.build_info()["compiled"]
    return f"engines: {len(compiled)} modules compiled" if compiled else "engines: pure Python"


def pytest_configure(config):
    known = "\n".join(config.getini("markers"))
    for name, text in {
        "slow": "builds virtual environments or starts servers",
        "browser": "drives Chromium through Playwright",
    }.items():
        if f"{name}:" not in known:
            config.addinivalue_line("markers", f"{name}: {text}")


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO


@pytest.fixture(scope="session")
def chromium_path() -> str:
    """Debian's chromium, for Playwright's `executable_path` (never `playwright install`).

    `make test` installs it when missing; CHROMIUM overrides the path.
    """
    path = os.environ.get("CHROMIUM") or "/usr/bin/chromium"
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        found = shutil.which("chromium")
        if not found:
            pytest.fail(f"chromium not found at {path}; `make test` installs it "
                        "(apt-get install -y chromium)", pytrace=False)
        path = found
    return path
