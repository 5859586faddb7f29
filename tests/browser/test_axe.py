"""The accessibility check itself: axe-core finds what a reader would stumble on, and running only
the rules that can report a serious or critical finding keeps every such finding."""

from axe import BLOCKING, axe_source, serious_findings

FLAWED = """<!doctype html><html lang="en"><head><title>Flawed</title></head><body>
<main><h1>Flawed</h1>
<button></button>
<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
<p style="color: #bbb; background: #fff">Pale words on white.</p>
<h4>A heading four levels down</h4>
</main></body></html>"""


def every_rule(page) -> list[tuple[str, str]]:
    page.evaluate(axe_source() + "\n;undefined")
    return page.evaluate("""async () => (await axe.run(document, { resultTypes: ["violations"] }))
        .violations.map((v) => [v.id, v.impact])""")


def test_a_nameless_button_an_image_without_alt_and_pale_words_are_found(browser):
    page = browser.new_page()
    try:
        page.set_content(FLAWED)
        found = {line.split(" ")[0] for line in serious_findings(page)}
        assert {"button-name", "image-alt", "color-contrast"} <= found
        assert "color-contrast" not in {line.split(" ")[0] for line in serious_findings(page, skip=("color-contrast",))}
    finally:
        page.close()


def test_running_only_the_rules_that_can_reach_serious_keeps_every_serious_finding(browser):
    page = browser.new_page()
    try:
        page.set_content(FLAWED)
        everything = every_rule(page)
        assert "heading-order" in {rule for rule, _ in everything}  # moderate: a rule not run below
        kept = sorted(rule for rule, impact in everything if impact in BLOCKING)
        assert sorted(line.split(" ")[0] for line in serious_findings(page)) == kept
    finally:
        page.close()
