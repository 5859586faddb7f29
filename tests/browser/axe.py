"""axe-core in a Playwright page: `serious_findings(page)` lists what a reader would stumble on.

axe-core (npm devDependency, pinned in package.json) is read from node_modules and run in the
page through the DevTools protocol, which the page's Content-Security-Policy does not govern
(the site itself never allows an inline script). Findings are axe's violations of impact
"serious" or "critical", one line per element: `rule-id (impact) selector: what to fix`.

    from axe import serious_findings
    assert serious_findings(page) == []
"""

from __future__ import annotations

import functools
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING = ("serious", "critical")


@functools.cache
def axe_source() -> str:
    if not AXE.is_file():
        raise AssertionError(f"{AXE} is missing: run `npm ci` (axe-core is a devDependency)")
    return AXE.read_text(encoding="utf-8")


def findings(page, impacts=BLOCKING, context: str | None = None) -> list[str]:
    """axe's violations of the given impacts on the page (or inside the `context` selector)."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(axe_source() + "\n;undefined")
    result = page.evaluate(
        """async (context) => {
            const found = await axe.run(context ? document.querySelector(context) : document,
                                        {resultTypes: ["violations"]});
            return found.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.map((n) => n.target.join(" "))}));
        }""", context)
    return [f"{v['id']} ({v['impact']}) {node}: {v['help']}"
            for v in result if v["impact"] in impacts for node in v["nodes"]]


def serious_findings(page, context: str | None = None) -> list[str]:
    return findings(page, BLOCKING, context)
