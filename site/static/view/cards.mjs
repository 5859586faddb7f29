// Cards drawn as cards: a face (rank and suit, large enough at 375 px) or a back, each with
// an accessible name in the page's language ("queen of diamonds", "dame de carreau").
//
// The names come from the page's catalog: i18n/messages.mjs looks up the card names the
// build exported ("la dame de carreau", "el as de picas", "the queen of diamonds").

import { cardName as catalogName, fillText } from "../i18n/messages.mjs";

const RED = "♥♦";

export function cardName(card, voice) {
  return catalogName(card, voice.data);
}

function face(card, voice, tag) {
  const node = document.createElement(tag);
  const rank = card.slice(0, -1);
  const suit = card.slice(-1);
  node.className = `pcard ${RED.includes(suit) ? "red" : "black"}`;
  node.dataset.card = card;
  const label = cardName(card, voice);
  if (tag === "button") node.setAttribute("aria-label", label);
  else {
    node.setAttribute("role", "img");
    node.setAttribute("aria-label", label);
  }
  const r = document.createElement("span");
  r.className = "pcard-rank";
  // The rank is drawn by the style sheet (::before), not written as text: the visible "K" is
  // then no label that the name in words ("the king of spades") would have to contain.
  r.dataset.rank = rank;
  const s = document.createElement("span");
  s.className = "pcard-suit";
  s.textContent = suit;
  s.setAttribute("aria-hidden", "true");
  r.setAttribute("aria-hidden", "true");
  node.append(r, s);
  return node;
}

// One card face up: an image with a name, or (`button`) a control with that name.
export function cardFace(card, voice, { button = false } = {}) {
  const node = face(card, voice, button ? "button" : "span");
  if (button) node.type = "button";
  return node;
}

// A row of cards face up.
export function cardRow(cards, voice, className = "cards") {
  const list = document.createElement("span");
  list.className = className;
  for (const card of cards) list.append(cardFace(card, voice));
  return list;
}

// `count` cards face down, named once as a group ("3 cards, face down").
export function cardBacks(count, voice, className = "cards") {
  const list = document.createElement("span");
  list.className = `${className} backs`;
  list.setAttribute("role", "img");
  list.setAttribute("aria-label", fillText(voice.ngettext("%(num)s card, face down", "%(num)s cards, face down", count), { num: voice.number(count) }));
  for (let i = 0; i < count; i += 1) {
    const back = document.createElement("span");
    back.className = "pcard back";
    list.append(back);
  }
  return list;
}
