"""axe-core (npm devDependency, node_modules/axe-core) run in a Playwright page: the
findings of impact serious or critical, as readable lines (rule, impact, a few targets)."""

from pathlib import Path

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


def serious_findings(page, include: list[str] | None = None) -> list[str]:
    """`include`: CSS selectors of the parts to check (default: the whole page)."""
    if not AXE.is_file():
        raise AssertionError(f"{AXE} is missing: run `npm ci`")
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    violations = page.evaluate("""async (include) => {
        const context = include ? { include: include.map((selector) => [selector]) } : document;
        const result = await axe.run(context, { resultTypes: ["violations"] });
        return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(" ")) }));
    }""", include)
    return [f"{v['id']} ({v['impact']}): {len(v['targets'])} nodes, e.g. {v['targets'][:3]}"
            for v in violations if v["impact"] in ("serious", "critical")]
