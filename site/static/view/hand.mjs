// The player's hand and moves, docked under the table on the play page (view/layout.mjs
// keeps the dock and the table on one screen). Drawn from the engine's view and legal moves,
// as chessground draws a board from its host's config: `set({view, legal, …})` draws, and the
// dock only reports the player's intent — a move (onPlay) or a card they ask about (onWhy).
// Only legal moves are controls; the other cards of the hand are not buttons, but a tap on
// one asks why it cannot be played. Also the round's summary at the table.

import { fillText } from "../i18n/messages.mjs";
import { rangeAction } from "../model/table.mjs";
import { cardFace } from "./cards.mjs";
import { amountField, button, element } from "./controls.mjs";
import { moveLabel } from "./voice.mjs";

const N_ = (message) => message;

export class HandDock {
  // hand, actions: the page's boxes for the cards and for the other moves (and the betting's
  // terms); onPlay(move); onWhy(card, explain) where explain(...nodes) says the reason.
  constructor(voice, { hand, actions, onPlay, onWhy }) {
    this.voice = voice;
    this.hand = hand;
    this.actions = actions;
    this.onPlay = onPlay;
    this.onWhy = onWhy;
    this.why = null;
  }

  t(message, values) {
    const text = this.voice.gettext(message);
    return values ? fillText(text, values) : text;
  }

  // view: the engine's view for the player; legal: their legal moves ([] when it is not their
  // decision); reader: their name; key: what makes a bid field's id unique on the page.
  set({ view, legal = [], reader, key = "0" }) {
    const voice = this.voice;
    const plays = new Map(legal.filter((m) => "play" in m).map((m) => [m.play, m]));
    const mine = legal.length > 0;
    const me = view?.players.find((p) => p.name === reader);
    this.hand.replaceChildren();
    this.why = null;
    if (me?.hand) {
      const row = element("div", "cards hand reader-hand");
      row.setAttribute("role", "group");
      row.setAttribute("aria-label", this.t(N_("Your hand")));
      for (const card of me.hand) {
        const move = plays.get(card);
        if (move) {
          const node = cardFace(card, voice, { button: true });
          node.classList.add("legal");
          node.setAttribute("aria-label", this.t(N_("Play %(card)s"), { card: node.getAttribute("aria-label") }));
          node.addEventListener("click", () => this.onPlay(move));
          row.append(node);
        } else {
          const face = cardFace(card, voice);
          if (mine) face.addEventListener("click", () => this.onWhy?.(card, (...nodes) => why.replaceChildren(...nodes)));
          row.append(face);
        }
      }
      const why = element("p", "play-why");
      why.setAttribute("role", "status");
      this.why = why;
      this.hand.append(row, why);
    }
    this.actions.replaceChildren();
    for (const move of legal) {
      if ("play" in move) continue;
      const ranged = rangeAction(move);
      if (ranged) this.actions.append(this.bidControl(move, ranged, key));
      else this.actions.append(button(moveLabel(voice, move), () => this.onPlay(move), "move-button"));
    }
    const betting = view?.betting;
    if (mine && betting && !betting.done) {
      const pot = view.board.find((s) => s.id === betting.pot);
      const text = betting.terms === "vying"
        ? N_("In the Pocher bowl: %(pot)s. To hold: %(call)s. Poches after the first: %(raises)s.")
        : N_("In the pot: %(pot)s. To call: %(call)s. Raises so far: %(raises)s.");
      this.actions.prepend(element("p", "betting-info", this.t(text, {
        pot: voice.chips(pot?.amount ?? 0), call: voice.chips(betting.to_call), raises: voice.number(betting.raises),
      })));
    }
  }

  // A range of amounts as one number field and a button: an auction's bid, or a bet of a chosen size.
  bidControl(move, key, unique) {
    const voice = this.voice;
    const { min, max } = move[key];
    const box = element("div", "bid-control");
    const id = `bid-${unique}`;
    const label = element("label");
    label.htmlFor = id;
    const word = key === "bid" ? null : voice.actionWord(key);
    if (word) {
      label.textContent = this.t(N_("%(action)s (%(min)s to %(max)s)"), { action: word, min: voice.number(min), max: voice.number(max) });
    } else {
      label.textContent = max === null ? this.t(N_("Bid (at least %(min)s)"), { min: voice.number(min) })
        : this.t(N_("Bid (%(min)s to %(max)s)"), { min: voice.number(min), max: voice.number(max) });
    }
    const { input, go } = amountField({ min, max, text: word ?? this.t(N_("Bid")), buttonClass: "move-button",
      invalid: this.t(N_("Choose a whole number in the range.")),
      onAmount: (amount) => this.onPlay({ player: move.player, [key]: amount }) });
    input.id = id;
    box.append(label, input, go);
    return box;
  }
}

// The round's end at the table (model/table.mjs roundSummary): who went out first, each net.
export function renderSummary(box, summary, voice) {
  box.hidden = !summary;
  if (!summary) {
    box.replaceChildren();
    return;
  }
  const said = summary.winner
    ? fillText(voice.gettext(summary.wentOut ? N_("The round is over: %(player)s went out first.")
      : N_("The round is over: %(player)s wins it.")), { player: summary.winner })
    : voice.gettext(N_("The round is over."));
  const signed = (net) => (String(net).startsWith("-") || String(net) === "0" ? "" : "+") + voice.number(net);
  const nets = element("ul", "round-nets");
  nets.setAttribute("aria-label", voice.gettext(N_("Net")));
  for (const { player, net } of summary.nets) {
    const item = element("li");
    item.append(element("strong", null, player), ` ${signed(net)}`);
    item.classList.toggle("gain", !String(net).startsWith("-") && String(net) !== "0");
    nets.append(item);
  }
  box.replaceChildren(element("p", "round-summary-head", said), nets);
}
