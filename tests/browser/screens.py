"""What the embed and editor tests share: a watcher of a page's errors and dialogs, and a
page photographed at both widths (build/screenshots/, for a person to look at)."""

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


def photograph(context, url: str, name: str, ready) -> None:
    """`url` opened at each width in a fresh context (the `context` fixture), `ready(page)`
    awaited, then the whole page saved as `<name>-<width>.png`; the page must have shown
    no error and no dialog."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for width in WIDTHS:
        page = context(width=width).new_page()
        problems = watch(page)
        page.goto(url)
        ready(page)
        page.screenshot(path=str(SCREENSHOTS / f"{name}-{width}.png"), full_page=True)
        assert problems == [], problems
