// Each game's board, drawn from the profile's description of its sections (the build
// embeds it beside the walkthrough): the section won by going out (Michigan's Kitty,
// Rummoli's central pot) or else the poker pot (Tripoli's) sits in the middle, every
// other section around it in a ring — Michigan's four boxes at the corners, Tripoli's
// seven sections, Rummoli's octagon of eight pots. Each pot shows its chips.

import { fillText } from "../i18n/messages.mjs";

const N_ = (message) => message;
// Not named gettext: the catalog extractor reads N_("...") inside it.
const tr = (voice, message) => voice.gettext(message);
// The kind of section the middle of the board holds, in order of preference.
const CENTRE_KINDS = ["going-out", "poker"];

export function boardLayout(sections) {
  // A section the profile marks as the centre (Nain Jaune's dwarf) comes first.
  const kind = CENTRE_KINDS.find((k) => sections.some((s) => s.won_by === k));
  const centre = sections.find((s) => s.centre) || (kind ? sections.find((s) => s.won_by === kind) : null);
  const ring = sections.filter((s) => s !== centre);
  const n = ring.length;
  const start = -90 + 180 / n; // corners for four, a flat top for eight
  return {
    centre,
    ring: ring.map((section, i) => {
      const angle = ((start + (360 * i) / n) * Math.PI) / 180;
      return { section, x: 50 + 36 * Math.cos(angle), y: 50 + 36 * Math.sin(angle) };
    }),
  };
}

// A section label with a word this long is set smaller (widget.css, .pot-name-long) so
// that the word fits the pot whole instead of breaking mid-word.
const LONG_WORD = 8;

function pot(section, voice, x, y, centre) {
  const node = document.createElement("li");
  node.className = `pot pot-${section.won_by}${centre ? " pot-centre" : ""}`;
  node.dataset.section = section.id;
  if (!centre) {
    node.style.left = `${x}%`;
    node.style.top = `${y}%`;
  }
  const name = document.createElement("span");
  name.className = "pot-name";
  name.append(voice.sectionNode(section.id));
  const longest = Math.max(...name.textContent.split(/[\s-]+/).map((word) => word.length));
  if (longest >= LONG_WORD) {
    name.classList.add("pot-name-long");
    name.style.setProperty("--chars", longest);
  }
  const chips = document.createElement("span");
  chips.className = "pot-chips";
  node.append(name, chips);
  return node;
}

export class BoardView {
  constructor(sections, voice) {
    this.voice = voice;
    this.node = document.createElement("div");
    this.node.className = `board-table ring-${sections.length}`;
    this.node.setAttribute("role", "group");
    this.node.setAttribute("aria-label", tr(voice, N_("Chips on the board")));
    const list = document.createElement("ul");
    list.className = "pots";
    const { centre, ring } = boardLayout(sections);
    this.pots = new Map();
    for (const { section, x, y } of ring) {
      const node = pot(section, voice, x, y, false);
      this.pots.set(section.id, node);
      list.append(node);
    }
    if (centre) {
      const node = pot(centre, voice, 50, 50, true);
      this.pots.set(centre.id, node);
      list.append(node);
    }
    this.node.append(list);
  }

  // board: the view's [{id, amount}]
  update(board) {
    for (const { id, amount } of board) {
      const node = this.pots.get(id);
      if (!node) throw new Error(`the board has no section ${id}`);
      const text = this.voice.number(amount);
      const chips = node.querySelector(".pot-chips");
      chips.textContent = text;
      node.classList.toggle("pot-empty", String(amount) === "0");
      node.setAttribute("aria-label", fillText(tr(this.voice, N_("%(section)s: %(chips)s")),
        { section: this.voice.sectionLabel(id), chips: this.voice.chips(amount) }));
    }
  }

  anchor(id) {
    return this.pots.get(id) ?? this.node;
  }
}
