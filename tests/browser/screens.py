"""What the browser tests share for the screenshots a person looks at (build/screenshots/): a
watcher of a page's errors and dialogs, a page photographed at both widths, and a part of a
page photographed as it is on the screen."""

from __future__ import annotations

import os
from pathlib import Path

SCREENSHOTS = Path(os.environ.get("STOPS_SCREENSHOTS", Path(__file__).resolve().parents[2] / "build" / "screenshots"))
WIDTHS = (1280, 375)


def watch(page) -> list:
    """Every console error, page error and dialog of the page (a dialog is dismissed)."""
    seen = []
    page.on("console", lambda message: seen.append(f"console: {message.text}") if message.type == "error" else None)
    page.on("pageerror", lambda error: seen.append(f"pageerror: {error}"))
    page.on("dialog", lambda dialog: (seen.append(f"dialog: {dialog.message}"), dialog.dismiss()))
    return seen


# Every visible control of a page, with its box: what must fit the screen's width.
CONTROLS = """() => [...document.querySelectorAll("button, a[href], input, select, textarea, [role=button]")]
  .filter((el) => el.checkVisibility())
  .map((el) => {
    const box = el.getBoundingClientRect();
    return { name: (el.getAttribute("aria-label") || el.textContent || el.name || el.tagName).trim().slice(0, 40),
             left: box.left + scrollX, right: box.right + scrollX, width: box.width, height: box.height };
  })"""


def layout_problems(page, width: int) -> list[str]:
    """What a reader at this width would meet: a page wider than the screen (a sideways scroll),
    a visible control that sticks out of it, or one with no size to tap."""
    problems = []
    wide = page.evaluate("document.documentElement.scrollWidth")
    if wide > width:
        problems.append(f"the page is {wide} px wide at {width} px")
    for control in page.evaluate(CONTROLS):
        if control["right"] <= 0:
            continue  # kept off the screen's left until focused (a skip link), on purpose
        if control["left"] < -1 or control["right"] > width + 1:
            problems.append(f"{control['name']!r} reaches {control['left']:.0f}..{control['right']:.0f} px, outside 0..{width}")
        elif control["width"] < 1 or control["height"] < 1:
            problems.append(f"{control['name']!r} has no size ({control['width']:.0f}x{control['height']:.0f})")
    return problems


def photograph(context, url: str, name: str, ready) -> None:
    """`url` opened at each width in a fresh context (the `context` fixture), `ready(page)`
    awaited, then the whole page saved as `<name>-<width>.png` (for a person to look at). At
    each width the page must have shown no error and no dialog, be no wider than the screen,
    and keep every visible control inside it with a size to click."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for width in WIDTHS:
        page = context(width=width).new_page()
        problems = watch(page)
        page.goto(url)
        ready(page)
        problems += layout_problems(page, width)
        shot = SCREENSHOTS / f"{name}-{width}.png"
        page.screenshot(path=str(shot), full_page=True)
        assert shot.stat().st_size > 1000, f"{shot} is empty"
        assert problems == [], problems


def photograph_part(page, part, path: Path) -> None:
    """The part (a locator) brought onto the screen and saved as the screen shows it, clipped to
    the viewport. (Playwright's element screenshot of a part taller than the screen renders the
    whole page beyond it: 10-30 s a shot on a long rules page, against well under one here.)"""
    part.scroll_into_view_if_needed()
    box, screen = part.bounding_box(), page.viewport_size
    left, top = max(box["x"], 0), max(box["y"], 0)
    clip = {"x": left, "y": top, "width": min(box["x"] + box["width"], screen["width"]) - left,
            "height": min(box["y"] + box["height"], screen["height"]) - top}
    assert clip["width"] > 0 and clip["height"] > 0, f"{part} is not on the screen: {box}"
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path), clip=clip)
