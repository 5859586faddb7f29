"""axe-core in a Playwright page: `serious_findings(page)` lists what a reader would stumble on.

axe-core (npm devDependency, pinned in package.json, node_modules/axe-core) is evaluated in
the page through the DevTools protocol, which the page's Content-Security-Policy does not
govern (the site itself never allows an inline script), so it runs on the site as served.
Findings are axe's violations of impact "serious" or "critical", one line per rule (the rules
that cannot report either impact are not run):
`rule-id (impact): N nodes, e.g. [selectors]: what to fix`.

    from axe import serious_findings
    assert serious_findings(page) == []
    assert serious_findings(page, include=["#example-1"]) == []   # only some parts
"""

from __future__ import annotations

import functools
from pathlib import Path

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING = ("serious", "critical")


@functools.cache
def axe_source() -> str:
    if not AXE.is_file():
        raise AssertionError(f"{AXE} is missing: run `npm ci` (axe-core is a devDependency)")
    return AXE.read_text(encoding="utf-8")


def findings(page, impacts=BLOCKING, include: list[str] | None = None, skip: tuple = ()) -> list[str]:
    """axe's violations of the given impacts on the page, or in the parts `include` selects;
    `skip`: ids of rules not run."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(axe_source() + "\n;undefined")
    violations = page.evaluate("""async ([include, skip, impacts]) => {
        const context = include ? { include: include.map((selector) => [selector]) } : document;
        // A finding's impact is its failed checks' highest: a rule none of whose checks (nor the
        // rule itself) can reach one of the impacts asked for is not run (it could report nothing kept).
        const reaches = (rule) => [...rule.any, ...rule.all, ...rule.none]
            .map((check) => (axe._audit.data.checks[check.id] || {}).impact)
            .concat(rule.impact ? [rule.impact] : []).some((impact) => impacts.includes(impact));
        const runOnly = axe._audit.rules.filter((rule) => rule.enabled && !skip.includes(rule.id) && reaches(rule))
            .map((rule) => rule.id);
        const result = await axe.run(context, { resultTypes: ["violations"], runOnly: { type: "rule", values: runOnly } });
        return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
                                                targets: v.nodes.map((n) => n.target.join(" ")) }));
    }""", [include, list(skip), list(impacts)])
    return [f"{v['id']} ({v['impact']}): {len(v['targets'])} nodes, e.g. {v['targets'][:3]}: {v['help']}"
            for v in violations if v["impact"] in impacts]


def serious_findings(page, include: list[str] | None = None, skip: tuple = ()) -> list[str]:
    """`include`: CSS selectors of the parts to check (default: the whole page); `skip`: rules
    not run (the crawl's LAYOUT_RULES outside the language that checks them)."""
    return findings(page, BLOCKING, include, skip)
