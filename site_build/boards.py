"""Each game's board as a picture (SVG) for its rules page, with a text alternative.

The layout is the table widget's (`site/static/view/board.mjs`, `boardLayout`): the section
won by going out (Michigan's Kitty, Rummoli's central pot), or else the poker pot (Tripoli's
Pot), sits in the middle; every other section stands on a ring around it, starting at
-90° + 180°/n so that four boxes sit at the corners and eight pots give the octagon a flat
top. The outline follows the real boards: a square sheet for Michigan (and the four horses laid out on the table for Newmarket), a round board for
Tripoli, an octagon for Rummoli, a round tray of eight compartments for Pope Joan.
"""

import math

from .i18n import N_

SIZE = 400
CENTRE = SIZE / 2
RING = 0.36 * SIZE  # the widget's 36 % of the board's width
CENTRE_KINDS = ("going-out", "poker")
RED = "♥♦"
# How each game's sheet is drawn (the widget draws four boxes on a square, the others round).
OUTLINES = {"michigan": "square", "tripoli": "circle", "rummoli": "octagon", "newmarket": "square", "nain_jaune": "square",
            "poch": "circle", "pope_joan": "circle"}


def layout(sections: list[dict]) -> tuple[dict | None, list[tuple[dict, float, float]]]:
    """(centre section, [(section, x, y)...]) in the board's coordinates, as the widget does."""
    kind = next((k for k in CENTRE_KINDS if any(s["kind"] == k for s in sections)), None)
    centre = next((s for s in sections if s.get("centre")), None) or (
        next((s for s in sections if s["kind"] == kind), None) if kind else None)
    ring = [s for s in sections if s is not centre]
    start = -90 + 180 / len(ring)
    placed = []
    for index, section in enumerate(ring):
        angle = math.radians(start + 360 * index / len(ring))
        placed.append((section, CENTRE + RING * math.cos(angle), CENTRE + RING * math.sin(angle)))
    return centre, placed


def _points(sides: int, radius: float, start_degrees: float) -> str:
    corners = []
    for index in range(sides):
        angle = math.radians(start_degrees + 360 * index / sides)
        corners.append(f"{CENTRE + radius * math.cos(angle):.1f},{CENTRE + radius * math.sin(angle):.1f}")
    return " ".join(corners)


def _label_lines(label: str) -> list[str]:
    """A long name on two lines ("Ace-King of diamonds" -> "Ace-King", "of diamonds")."""
    if len(label) <= 9:
        return [label]
    if " " not in label:
        head, dash, tail = label.partition("-")
        return [head + dash, tail] if dash else [label]
    words = label.split(" ")
    half = max(1, len(words) // 2)
    return [" ".join(words[:half]), " ".join(words[half:])]


def picture(game: str, board: dict, voice) -> dict:
    """Everything the template needs to draw the board and to describe it in words."""
    gettext = voice.gettext
    sections = board["sections"]
    centre, ring = layout(sections)
    ring_count = len(ring)
    pot_radius = 44 if ring_count <= 4 else 42 if ring_count <= 7 else 40
    pots = []
    for section, x, y in ring + ([(centre, CENTRE, CENTRE)] if centre else []):
        is_centre = section is centre
        label = section["label"]
        pots.append({
            "id": section["id"], "x": round(x, 1), "y": round(y, 1), "centre": is_centre,
            "r": 58 if is_centre else pot_radius,
            "card": len(section["cards"]) == 1 and label == section["cards"][0],
            "red": len(section["cards"]) == 1 and label == section["cards"][0] and label[-1] in RED,
            "lines": _label_lines(label), "kind": section["kind"], "label": label, "won_by": section["won_by"],
        })
    outline = OUTLINES.get(game, "circle")
    shape = {"square": None, "circle": None,
             "octagon": _points(8, SIZE / 2 - 4, -90 + 22.5)}[outline]
    around = ", ".join(f"{p['label']} ({p['won_by']})" for p in pots if not p["centre"])
    if centre:
        description = gettext(N_("In the middle: %(centre)s (%(won)s). Around it, clockwise from the top: %(ring)s.")) % {
            "centre": centre["label"], "won": centre["won_by"], "ring": around}
    else:
        description = gettext(N_("Clockwise from the top: %(ring)s.")) % {"ring": around}
    title = voice.ngettext("The board: %(num)s section", "The board: %(num)s sections", len(pots)) % {
        "num": voice.number(len(pots))}
    return {"game": game, "size": SIZE, "outline": outline, "octagon": shape, "pots": pots,
            "title": title, "description": description}
