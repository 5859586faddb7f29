// The seats around the table: each player's name, the dealer mark, their chips, their
// hand (face up, or backs in a seat view) and, in front of them, the cards they have
// played this round. The widow (or ghost hand) lies face down until it is revealed.
// Cards that may be played now are buttons when the widget lets the reader branch.

import { fillText } from "../i18n/messages.mjs";
import { cardBacks, cardFace, cardRow } from "./cards.mjs";
import { el as make } from "./controls.mjs";

const N_ = (message) => message;
// Not named gettext: the catalog extractor reads N_("...") inside it.
const tr = (voice, message) => voice.gettext(message);

// An element with a class and its children (view/controls.mjs's builder).
function el(tag, className, ...children) {
  return make(tag, { class: className || null }, ...children);
}

// Seat order around the table: the first half along the top, left to right, the rest along
// the bottom, right to left (play goes clockwise).
export function seatRows(players) {
  const top = Math.ceil(players.length / 2);
  return { top: players.slice(0, top), bottom: players.slice(top).reverse() };
}

export class SeatsView {
  constructor(players, voice) {
    this.voice = voice;
    this.seats = new Map();
    const { top, bottom } = seatRows(players);
    const row = (names, where) => {
      const list = el("ul", `seats seats-${where}`);
      for (const name of names) {
        const seat = el("li", "seat");
        seat.dataset.player = name;
        const label = el("span", "seat-name");
        label.textContent = name;
        const dealer = el("span", "dealer-button");
        dealer.textContent = tr(voice, N_("D"));
        dealer.title = tr(voice, N_("dealer"));
        dealer.setAttribute("role", "img");
        dealer.setAttribute("aria-label", tr(voice, N_("dealer")));
        const chips = el("span", "seat-chips");
        const head = el("div", "seat-head", label, dealer, chips);
        const hand = el("div", "seat-hand");
        const played = el("div", "seat-played");
        seat.append(head, hand, played);
        this.seats.set(name, { seat, chips, hand, played, dealer });
        list.append(seat);
      }
      return list;
    };
    this.top = row(top, "top");
    this.bottom = row(bottom, "bottom");
  }

  // view: the engine's view; seat: null (all hands) or the name whose cards show;
  // choices: the cards the reader may branch with (null: none), onChoose(card).
  update(view, { seat = null, choices = null, onChoose = null, played = null } = {}) {
    const voice = this.voice;
    for (const player of view.players) {
      const parts = this.seats.get(player.name);
      if (!parts) throw new Error(`no seat for ${player.name}`);
      const { seat: node, chips, hand, played: front, dealer } = parts;
      node.classList.toggle("to-move", player.name === view.to_move && !view.over);
      node.classList.toggle("winner", player.name === view.winner);
      dealer.hidden = player.name !== view.dealer;
      chips.textContent = voice.number(player.balance);
      chips.title = tr(voice, N_("Balance"));
      chips.setAttribute("aria-label", fillText(tr(voice, N_("Balance: %(chips)s")), { chips: voice.chips(player.balance) }));
      const cards = player.hand ?? [];
      const hidden = seat !== null && player.name !== seat;
      const count = player.cards ?? cards.length;
      hand.replaceChildren();
      hand.setAttribute("aria-label", fillText(tr(voice, N_("Hand of %(player)s")), { player: player.name }));
      hand.setAttribute("role", "group");
      if (hidden) hand.append(cardBacks(count, voice, "cards hand"));
      else {
        const row = el("span", "cards hand");
        for (const card of cards) {
          const legal = choices && player.name === view.to_move ? choices.get(card) : undefined;
          if (legal) {
            const button = cardFace(card, voice, { button: true });
            button.classList.add("legal");
            button.setAttribute("aria-label", fillText(tr(voice, N_("What if %(card)s is played here?")), { card: button.getAttribute("aria-label") }));
            button.addEventListener("click", () => onChoose(legal));
            row.append(button);
          } else {
            const face = cardFace(card, voice);
            if (played && played === card && player.name === view.to_move) face.classList.add("book-move");
            row.append(face);
          }
        }
        hand.append(row);
      }
      const run = (view.played ?? []).filter((p) => p.player === player.name).map((p) => p.card);
      front.replaceChildren();
      front.setAttribute("role", "group");
      front.setAttribute("aria-label", fillText(tr(voice, N_("Played by %(player)s")), { player: player.name }));
      if (run.length) front.append(cardRow(run, voice, "cards run"));
    }
  }

  anchor(name) {
    return this.seats.get(name)?.chips ?? null;
  }
}

export class WidowView {
  // onToggle: called when the reader reveals or hides it; null: it cannot be revealed (a
  // round in play, where hidden cards stay hidden).
  constructor(voice, onToggle) {
    this.voice = voice;
    this.revealed = false;
    this.node = el("div", "widow");
    this.name = el("span", "widow-name");
    this.name.textContent = voice.hiddenHand();
    this.button = el("button", "w-button widow-reveal");
    this.button.type = "button";
    this.button.textContent = tr(voice, N_("Reveal"));
    this.button.setAttribute("aria-pressed", "false");
    this.button.addEventListener("click", () => {
      this.revealed = !this.revealed;
      this.button.setAttribute("aria-pressed", String(this.revealed));
      onToggle?.();
    });
    this.button.hidden = onToggle === null;
    this.cards = el("div", "widow-cards");
    this.node.append(el("div", "widow-head", this.name, this.button), this.cards);
  }

  update(view) {
    const cards = view.widow ?? [];
    const count = view.widow_cards ?? cards.length;
    this.node.hidden = count === 0 && cards.length === 0;
    if (this.revealed && cards.length) {
      this.cards.replaceChildren(cardRow(cards, this.voice, "cards"));
      return;
    }
    // A card turned up onto the extra hand lies face up on it, for everyone (Pope Joan's stock).
    const turned = view.turn_up_place === "stock" ? view.turn_up : null;
    const backs = cardBacks((count || cards.length) - (turned ? 1 : 0), this.voice, "cards");
    if (!turned) {
      this.cards.replaceChildren(backs);
      return;
    }
    const caption = el("span", "turn-up-caption");
    caption.textContent = tr(this.voice, N_("turned up: trumps"));
    this.cards.replaceChildren(backs, el("span", "turn-up", cardFace(turned, this.voice), caption));
  }
}

// The seats turned so that the player sits along the bottom, next to their hand (seatRows in
// seatRows above: the first half along the top, the rest along the bottom): play still goes round.
// The play page and the puzzle page seat their player so.
export function facing(players, reader) {
  const at = players.indexOf(reader);
  if (at < 0) return players;
  const n = players.length;
  const bottom = Math.ceil(n / 2);
  return players.map((_, i) => players[(at - bottom + i + 2 * n) % n]);
}
