// The one-screen unit: a table, the words of its current step and its controls, fitted
// together to the screen (STYLE.md "The screens"). At >= 64rem (1024 px) the words stand
// beside the table, as a study's comment panel; narrower, they sit right under a table
// scaled to fit, and the controls close the unit at its bottom. The unit's height is set
// once for a screen size (and again only when the screen changes), never by what a step
// shows: the page under the reader never moves when a control is used; a long text scrolls
// inside the words' panel.
//
//   const unit = new FitUnit({node, stage, felt, panel, controls}, {height});
//   unit.fit();        after a redraw (scales the table into its box)
//   unit.reveal();     after a control: the whole unit on the screen (scrolls only if it is not)
//   unit.scale         the table's scale, for the chips that fly on it

export const WIDE = "(min-width: 64rem)";
const MARGIN = 8; // px kept free above and below the unit
const MIN_HEIGHT = 420; // a unit never shorter than this (a landscape phone scrolls instead)
const MAX_HEIGHT = 860; // nor taller: a big monitor keeps a table of a readable size
const PANEL_MIN = 0.28; // narrow: the share of the unit kept for the words at least

export function wide() {
  return typeof matchMedia === "function" && matchMedia(WIDE).matches;
}

// The screen's height the unit fits: the window's, or for an embed (whose frame grows to
// its content) the device's screen less a browser's bars.
export function screenHeight(mode) {
  if (mode === "screen") return Math.min(screen.availHeight || innerHeight, 1000) - 96;
  return innerHeight;
}

export class FitUnit {
  // options: height "window" or "screen"; beside: the words go beside the table when the
  // screen is wide (false: always above or under it, as on the play page); reserve: the px kept
  // on the screen above the unit for what belongs with it (the puzzle page's score and filter).
  constructor(parts, { height = "window", beside = true, reserve = () => 0 } = {}) {
    Object.assign(this, parts);
    this.mode = height;
    this.reserve = reserve;
    this.beside = beside;
    this.scale = 1;
    this.size = null; // the screen size the unit was last laid out for
  }

  // The unit's height, for this screen size (kept until it changes).
  layout() {
    const reserved = Math.ceil(this.reserve());
    const key = `${innerWidth}x${screenHeight(this.mode)}x${this.node.clientWidth}x${reserved}`;
    if (this.size === key) return;
    this.size = key;
    this.total = Math.max(MIN_HEIGHT, Math.min(MAX_HEIGHT, screenHeight(this.mode) - 2 * MARGIN - reserved));
    this.node.style.height = `${this.total}px`;
    this.wide = this.beside && wide();
    this.node.classList.toggle("w-wide", this.wide);
    this.stage.style.height = "";
    this.tall = this.natural(this.stage.clientWidth); // the table unscaled, as it first shows
  }

  // The table's box: what the controls (and, narrow, the words) leave of the unit.
  box() {
    const style = getComputedStyle(this.node);
    const inner = this.total - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom)
      - parseFloat(style.borderTopWidth) - parseFloat(style.borderBottomWidth);
    const gap = parseFloat(style.rowGap) || 0;
    if (this.wide) return Math.floor(inner - this.controls.offsetHeight - gap);
    // Under the table, the words keep their share (a study's comment); above it (the play
    // page's status line) what they need.
    const words = this.beside ? Math.round(PANEL_MIN * this.total) : this.panel.offsetHeight;
    const most = inner - this.controls.offsetHeight - 2 * gap - words;
    return Math.floor(Math.max(120, Math.min(most, this.tall + 2)));
  }

  // The table's height when laid out at `width` and not scaled.
  natural(width) {
    const felt = this.felt;
    felt.style.transform = "";
    felt.style.minHeight = "";
    felt.style.width = `${width}px`;
    return felt.offsetHeight;
  }

  fit() {
    this.layout();
    const width = this.stage.clientWidth;
    const box = this.box();
    this.stage.style.height = `${box}px`;
    if (!width || !box) return;
    // A narrower scale lets the table lay out wider, hence shorter: a few rounds settle it.
    let scale = 1;
    let height = this.natural(width);
    for (let round = 0; round < 4 && height * scale > box + 0.5; round += 1) {
      scale = Math.min(1, box / height);
      height = this.natural(width / scale);
    }
    scale = Math.min(1, box / height, scale);
    this.scale = scale;
    const felt = this.felt;
    felt.style.width = `${width / scale}px`;
    felt.style.minHeight = `${box / scale}px`;
    felt.style.transform = scale < 1 ? `scale(${scale})` : "";
    this.node.style.setProperty("--w-scale", String(scale));
    this.node.style.setProperty("--w-panel", `${this.panel.clientHeight}px`); // the words' panel (widget.css)
  }

  // The whole unit on the screen: scrolled to only when part of it is off the screen.
  reveal() {
    const box = this.node.getBoundingClientRect();
    if (box.top >= -0.5 && box.bottom <= innerHeight + 0.5) return;
    const top = box.top + scrollY - Math.max(0, (innerHeight - box.height) / 2);
    scrollTo({ top: Math.max(0, top), behavior: "instant" });
  }
}
