"""axe-core in a Playwright page: the accessibility violations inside some elements, in words.

axe-core is fetched by `make test` (npm, pinned in the Makefile) into .axe/, never at test time.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

AXE = Path(__file__).resolve().parents[1] / ".axe" / "node_modules" / "axe-core" / "axe.min.js"


def require_axe() -> Path:
    if not AXE.is_file():
        if os.environ.get("CI"):
            pytest.fail(f"{AXE} is missing on CI: `make test` fetches it (npm install axe-core)")
        pytest.skip(f"{AXE} not found: run `make test` once (it fetches axe-core with npm)")
    return AXE


def violations(page, selector: str) -> list[str]:
    """Every axe-core violation in the elements matching `selector`: rule, impact, and the nodes' targets."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(content=require_axe().read_text(encoding="utf-8"))
    found = page.evaluate("""async (sel) => {
      const result = await axe.run({ include: [...document.querySelectorAll(sel)] },
                                   { resultTypes: ["violations"] });
      return result.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ` +
        v.nodes.slice(0, 4).map((n) => n.target.join(" ") + (n.failureSummary ? " [" +
          n.failureSummary.replace(/\\s+/g, " ").slice(0, 160) + "]" : "")).join("; ") +
        (v.nodes.length > 4 ? ` … (${v.nodes.length} nodes)` : ""));
    }""", selector)
    return list(found)
