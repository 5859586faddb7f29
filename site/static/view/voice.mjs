// The widget's words: its own interface strings, numbers, chips and labels, from the page
// language's messages.json, through i18n/messages.mjs (which fills the engine's messages).
// Nothing here tells an event: each step carries the engine's message for each of its events.

import {
  cardNode, chipsText, fillNodes, fillText, formatNumber, nounText, renderMessage, sectionLabel, sectionNode, translate, translatePlural,
} from "../i18n/messages.mjs";

const N_ = (message) => message;
const BETTING_WORDS = { check: N_("check"), bet: N_("bet"), call: N_("call"), raise: N_("raise"), fold: N_("fold") };

export class Voice {
  // catalog: the page language's messages.json; game: the profile name (michigan, ...).
  constructor(catalog, game) {
    this.data = catalog;
    this.lang = catalog.lang;
    this.game = game;
  }

  gettext(message) {
    return translate(message, this.data);
  }

  ngettext(singular, plural, n) {
    return translatePlural(singular, n, this.data);
  }

  // An interface string with its %(name)s filled by strings or DOM nodes (kept as nodes).
  say(message, values = {}) {
    return fillNodes(this.gettext(message), values);
  }

  number(value) {
    return formatNumber(value, this.data);
  }

  chips(amount) {
    return chipsText(amount, this.data);
  }

  sectionLabel(id) {
    return sectionLabel(id, this.data);
  }

  hiddenHand() {
    return (this.data.games[this.game] || this.data.games.michigan).hidden_hand;
  }

  // The game's word for a betting action (check, bet, call, raise, fold), in the page language:
  // Poch's vying says pass, poch, hold (the build gives each game's words from the catalog).
  actionWord(key) {
    const words = (this.data.games[this.game] || {}).actions;
    return words?.[key] ?? this.gettext(BETTING_WORDS[key]);
  }

  pokerHand(name) {
    const label = this.data.poker_hands[name];
    if (!label) throw new Error(`no label for poker hand ${name}`);
    return label;
  }
}

// `B +4` when a player receives chips, `A −6` when they pay onto the board; null otherwise.
export function chipBadge(voice, event) {
  if (event.type !== "transfer") return null;
  const amount = voice.number(event.amount).replace(/^[-−]/, "");
  if ("player" in event.to) return `${event.to.player} +${amount}`;
  return `${event.from.player ?? voice.sectionLabel(event.from.section)} −${amount}`;
}

// A move as the reader picks it: a card (named in the page language), or the action in words.
export function moveLabel(voice, move) {
  if ("play" in move) return cardNode(move.play, voice.data);
  const range = move.bid;
  if (range !== null && typeof range === "object") { // a range of bids (a hint rates the ones above its window as one)
    return range.max === null || range.max === undefined
      ? voice.say(N_("a bid of %(min)s or more"), { min: voice.chips(range.min) })
      : voice.say(N_("a bid from %(min)s to %(max)s"), { min: voice.number(range.min), max: voice.chips(range.max) });
  }
  if ("bid" in move) return voice.say(N_("bid %(amount)s"), { amount: voice.chips(move.bid) });
  if ("pass" in move) return voice.say(N_("pass"));
  if ("stop" in move) return voice.say(N_("stop"));
  if ("stand_in" in move) {
    return move.stand_in === null ? voice.say(N_("let the stop stand"))
      : voice.say(N_("%(card)s in place of the missing card"), { card: cardNode(move.stand_in, voice.data) });
  }
  if ("swap" in move) {
    if (!move.swap) return voice.say(N_("keep the hand"));
    const hand = voice.data.games?.[voice.game]?.hand; // the game's noun of its extra hand
    if (!hand) throw new Error(`${voice.game} has no extra hand to swap with`);
    return voice.say(N_("swap hands with %(hand)s"), { hand: nounText(hand, voice.data) });
  }
  if ("stake" in move) return voice.say(N_("a chip on %(section)s"), { section: sectionNode(move.stake, voice.data) });
  if ("redeal" in move) return voice.say(N_("deal again")); // after a misdeal, the dealer's new deal
  for (const key of Object.keys(BETTING_WORDS)) {
    if (!(key in move)) continue;
    const word = voice.actionWord(key);
    const value = move[key];
    if (Number.isInteger(value)) return voice.say(N_("%(action)s %(amount)s"), { action: word, amount: voice.chips(value) });
    if (value !== null && typeof value === "object") {
      return voice.say(N_("%(action)s %(min)s to %(max)s"), { action: word, min: voice.number(value.min), max: voice.chips(value.max) });
    }
    return document.createTextNode(word);
  }
  return document.createTextNode(JSON.stringify(move));
}

export { fillText };

// The object the views speak through: the Voice, and the engine's message of each event.
export function makeVoice(catalog, game) {
  const voice = new Voice(catalog, game);
  return Object.assign(voice, {
    card: (card) => cardNode(card, catalog),
    sectionNode: (id) => sectionNode(id, catalog),
    event: (event, step, index) => renderMessage(step.messages[index], catalog),
    badge: (event) => chipBadge(voice, event),
    move: (move) => moveLabel(voice, move),
  });
}
