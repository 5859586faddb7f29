// The engine's events in words, in the page's language: the browser twin of
// site_build/narrate.py. It only formats events (it never recomputes a rule), with the
// strings the build exported from the site's catalogs into <lang>/messages.json.
//
// Every message is marked N_("...") (or voice.ngettext("...", "...", n)) so that
// `python -m site_build.catalogs` extracts it, and the build exports exactly these.
// Sentences are built as DOM nodes: translated text stays text, cards become spans.

const N_ = (message) => message;
const RED_SUITS = "♥♦";
const CARD_PATTERN = /(?<![\w♠♥♦♣])(10|[2-9JQKA])([♠♥♦♣])/gu;
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RANKS = { T: "10", 10: "10", J: "J", Q: "Q", K: "K", A: "A", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9" };
const PLURAL_EXPRESSION = /^[n0-9\s%<>=!&|?:()]+$/;

export function cardNode(card) {
  const span = document.createElement("span");
  span.className = `card ${RED_SUITS.includes(card.slice(-1)) ? "red" : "black"}`;
  span.textContent = card;
  return span;
}

export function cardsNode(cards) {
  const fragment = document.createDocumentFragment();
  cards.forEach((card, i) => {
    if (i) fragment.append(" ");
    fragment.append(cardNode(card));
  });
  return fragment;
}

// Text with every card mention (9♦, 10♠) wrapped in a card span.
export function markCards(text) {
  const fragment = document.createDocumentFragment();
  let last = 0;
  for (const match of text.matchAll(CARD_PATTERN)) {
    fragment.append(text.slice(last, match.index), cardNode(match[0]));
    last = match.index + match[0].length;
  }
  fragment.append(text.slice(last));
  return fragment;
}

function cardFromSectionId(id) {
  const rank = id.slice(0, -1);
  const suit = id.slice(-1);
  return SUITS[suit] && RANKS[rank] ? RANKS[rank] + SUITS[suit] : null;
}

export class Voice {
  // data: the page language's messages.json; game: the profile name (michigan, ...).
  constructor(data, game) {
    this.data = data;
    this.lang = data.lang;
    this.game = game;
    this.format = new Intl.NumberFormat(data.lang, { maximumFractionDigits: 0 });
    if (!PLURAL_EXPRESSION.test(data.plural)) throw new Error(`unexpected plural expression ${data.plural}`);
    // A gettext plural expression uses only n, numbers and C operators (checked above).
    this.pluralIndex = new Function("n", `return Number(${data.plural});`);
  }

  gettext(message) {
    const text = this.data.messages[message];
    if (text === undefined) throw new Error(`no translation exported for ${JSON.stringify(message)}`);
    return text;
  }

  ngettext(singular, plural, n) {
    const forms = this.data.plurals[singular];
    if (!forms) throw new Error(`no translation exported for ${JSON.stringify(singular)} / ${plural}`);
    return forms[Math.min(this.pluralIndex(Math.abs(n)), forms.length - 1)];
  }

  // Translate `message` and fill its %(name)s with values (strings, or DOM nodes kept as such).
  say(message, values = {}) {
    return fill(this.gettext(message), values);
  }

  // A whole number in the language's format, or an exact fraction; a real minus sign.
  number(value) {
    if (typeof value === "string" && value.includes("/")) return value.replace("-", "−");
    return this.format.format(Number(value)).replace("-", "−");
  }

  chips(amount) {
    if (typeof amount === "string" && amount.includes("/")) {
      const [num, den] = amount.split("/").map(Number);
      const fraction = N_("%(num)s of a chip");
      if (Math.abs(num / den) < 1) return fillText(this.gettext(fraction), { num: this.number(amount) });
      return fillText(this.ngettext("%(num)s chip", "%(num)s chips", 2), { num: this.number(amount) });
    }
    return fillText(this.ngettext("%(num)s chip", "%(num)s chips", Number(amount)), { num: this.number(amount) });
  }

  sectionLabel(id) {
    const label = this.data.sections[id] ?? cardFromSectionId(id);
    if (!label) throw new Error(`no label for board section ${id}`);
    return label;
  }

  where(end) {
    if ("player" in end) return end.player;
    if ("section" in end) return markCards(this.sectionLabel(end.section));
    throw new Error(`transfer endpoint ${JSON.stringify(end)} is neither a player nor a section`);
  }

  hiddenHand() {
    return (this.data.games[this.game] || this.data.games.michigan).hidden_hand;
  }

  colour(colour) {
    const label = this.data.colours[colour];
    if (!label) throw new Error(`no label for colour ${colour}`);
    return label;
  }

  pokerHand(name) {
    const label = this.data.poker_hands[name];
    if (!label) throw new Error(`no label for poker hand ${name}`);
    return label;
  }
}

const PLACEHOLDER = /%\((\w+)\)s|%%/g;

function fill(template, values) {
  const fragment = document.createDocumentFragment();
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    fragment.append(template.slice(last, match.index));
    if (match[0] === "%%") {
      fragment.append("%");
    } else {
      const value = values[match[1]];
      if (value === undefined) throw new Error(`no value for %(${match[1]})s in ${template}`);
      fragment.append(value instanceof Node ? value.cloneNode(true) : String(value));
    }
    last = match.index + match[0].length;
  }
  fragment.append(template.slice(last));
  return fragment;
}

function fillText(template, values) {
  return template.replace(PLACEHOLDER, (whole, name) => (whole === "%%" ? "%" : String(values[name])));
}

function join(nodes, separator) {
  const fragment = document.createDocumentFragment();
  nodes.forEach((node, i) => {
    if (i) fragment.append(separator);
    fragment.append(node);
  });
  return fragment;
}

const names = (players) => players.join(", ");

function narratePlay(voice, event) {
  const card = cardNode(event.card);
  if (event.lead) return voice.say(N_("%(player)s leads %(card)s."), { player: event.player, card });
  return voice.say(N_("%(player)s holds %(card)s and plays it."), { player: event.player, card });
}

function narrateStop(voice, event) {
  const card = cardNode(event.card);
  if (event.where == null || event.next == null) return voice.say(N_("%(card)s is an ace: the sequence stops."), { card });
  const next = cardNode(event.next);
  if (event.where === "played") return voice.say(N_("%(card)s is a stop: %(next)s has already been played."), { card, next });
  if (event.where === "dead") return voice.say(N_("%(card)s is a stop: %(next)s is in the dead hand."), { card, next });
  if (voice.data.games[voice.game]?.ghost) return voice.say(N_("%(card)s is a stop: %(next)s is in the ghost hand."), { card, next });
  return voice.say(N_("%(card)s is a stop: %(next)s is in the widow."), { card, next });
}

const narrateOut = (voice, event) =>
  voice.say(N_("%(player)s has played his last card: the round ends at once."), { player: event.player });

// Sentences for chips a player takes from a named section, by transfer reason.
const TAKES = {
  kitty: N_("%(player)s takes the Kitty: %(amount)s."),
  pozo: N_("%(player)s takes the Pozo: %(amount)s."),
  "rummoli-pot": N_("%(player)s wins the Rummoli pot: %(amount)s."),
  poker: N_("%(player)s takes the Pot: %(amount)s."),
  showdown: N_("%(player)s takes the Poker pot and the bets: %(amount)s."),
  "fold-out": N_("%(player)s takes the Poker pot and the bets: %(amount)s."),
};

function narrateTransfer(voice, event) {
  const { from: source, to: target, reason } = event;
  const amount = voice.chips(event.amount);
  if ("section" in source && "player" in target) {
    const section = voice.where(source);
    const player = target.player;
    if (reason === "box") return voice.say(N_("%(player)s wins the %(section)s box: %(amount)s."), { player, section, amount });
    if (reason in TAKES) return voice.say(TAKES[reason], { player, amount });
    if (reason === "pot-card") return voice.say(N_("%(player)s wins the %(section)s pot: %(amount)s."), { player, section, amount });
    if (reason === "session-split") {
      return voice.say(N_("%(player)s receives a share of %(section)s: %(amount)s."), { player, section, amount });
    }
    if (reason === "final-showdown") {
      return voice.say(N_("%(player)s collects %(amount)s from the %(section)s pot."), { player, section, amount });
    }
    return voice.say(N_("%(player)s takes %(section)s: %(amount)s."), { player, section, amount });
  }
  if ("player" in source && "section" in target) {
    const section = voice.where(target);
    const player = source.player;
    if (reason === "ante") return voice.say(N_("%(player)s antes %(amount)s on %(section)s."), { player, section, amount });
    return voice.say(N_("%(player)s puts %(amount)s on %(section)s."), { player, section, amount });
  }
  if ("player" in source && "player" in target) {
    const values = { payer: source.player, player: target.player, amount };
    if (reason === "card-count") {
      return voice.say(N_("%(payer)s pays %(player)s %(amount)s, one for each card left in his hand."), values);
    }
    if (reason === "widow-auction") return voice.say(N_("%(payer)s pays %(player)s %(amount)s for the widow."), values);
    return voice.say(N_("%(payer)s pays %(player)s %(amount)s."), values);
  }
  if ("section" in source && "section" in target && reason === "pool") {
    return voice.say(N_("The %(source)s pot goes into the %(target)s pot: %(amount)s."),
      { amount, source: voice.where(source), target: voice.where(target) });
  }
  return voice.say(N_("%(amount)s move from %(source)s to %(target)s."),
    { amount, source: voice.where(source), target: voice.where(target) });
}

function narrateDeal(voice, event) {
  const sizes = Object.entries(event.hands || {}).map(([name, cards]) => `${name} ${cards.length}`).join(", ");
  return voice.say(N_("%(dealer)s deals. Cards in each hand: %(sizes)s; %(hand)s: %(widow)s."),
    { dealer: event.dealer, sizes, widow: (event.widow || []).length, hand: voice.hiddenHand() });
}

function narrateHold(voice, event) {
  return voice.say(N_("%(player)s holds %(cards)s: %(section)s pays."),
    { player: event.player, cards: cardsNode(event.cards), section: voice.where({ section: event.section }) });
}

function narrateStay(voice, event) {
  const section = voice.where({ section: event.section });
  const amount = voice.chips(event.amount);
  if (event.where === "ghost") {
    return voice.say(N_("%(section)s stays on the board with %(amount)s: %(cards)s is in the ghost hand."),
      { section, amount, cards: cardsNode(event.cards || []) });
  }
  return voice.say(N_("%(section)s stays on the board with %(amount)s: nobody holds what wins it."), { section, amount });
}

function narrateSplit(voice, event) {
  const values = { players: names(event.players), section: voice.where({ section: event.section }),
    share: voice.chips(event.share), left: voice.chips(event.left) };
  if (event.left) {
    return voice.say(N_("%(players)s share %(section)s: %(share)s each; %(left)s stay in it."), values);
  }
  return voice.say(N_("%(players)s share %(section)s: %(share)s each."), values);
}

function pokerHand(voice, shown) {
  if (!shown.hand) return voice.say(N_("%(player)s: fewer than five cards"), { player: shown.player });
  return voice.say(N_("%(player)s: %(hand)s (%(cards)s)"),
    { player: shown.player, hand: voice.pokerHand(shown.hand), cards: cardsNode(shown.cards) });
}

function narrateShowdown(voice, event) {
  const hands = join((event.hands || []).map((shown) => pokerHand(voice, shown)), "; ");
  const winners = event.winners || [];
  const message = winners.length > 1
    ? N_("Showdown (%(section)s). %(hands)s. Best hands, tied: %(winners)s.")
    : N_("Showdown (%(section)s). %(hands)s. Best hand: %(winners)s.");
  return voice.say(message, { section: voice.where({ section: event.section }), hands, winners: names(winners) });
}

function narrateFinalShowdown(voice, event) {
  const hands = join((event.hands || []).map((shown) => pokerHand(voice, shown)), "; ");
  const winners = event.winners || [];
  const message = winners.length > 1
    ? N_("Final showdown (%(section)s, %(amount)s). %(hands)s. Best hands, tied: %(winners)s.")
    : N_("Final showdown (%(section)s, %(amount)s). %(hands)s. Winner: %(winners)s.");
  return voice.say(message, { section: voice.where({ section: event.section }), amount: voice.chips(event.amount), hands,
    winners: names(winners) });
}

const BET_MESSAGES = {
  check: N_("%(player)s checks."),
  bet: N_("%(player)s bets %(amount)s."),
  call: N_("%(player)s calls with %(amount)s."),
  raise: N_("%(player)s raises, putting in %(amount)s."),
  fold: N_("%(player)s folds."),
};

function narrateBet(voice, event) {
  const message = BET_MESSAGES[event.action || "bet"];
  if (!message) throw new Error(`no narration for bet action ${event.action}`);
  return voice.say(message, { player: event.player, amount: voice.chips(event.amount || 0) });
}

function narrateDealerKeeps(voice, event) {
  if (event.pay_card) return voice.say(N_("%(player)s holds a pay card, so he may not take the widow."), { player: event.player });
  return voice.say(N_("%(player)s, the dealer, keeps his hand."), { player: event.player });
}

function narrateWidowAuction(voice, event) {
  const bidders = event.bidders || [];
  if (!bidders.length) return voice.say(N_("Nobody may bid for the widow: every other hand holds a pay card."));
  return voice.say(N_("The widow goes to auction among %(bidders)s."), { bidders: names(bidders) });
}

function narrateWidowBid(voice, event) {
  if (event.amount == null) return voice.say(N_("%(player)s passes."), { player: event.player });
  return voice.say(N_("%(player)s bids %(amount)s for the widow."), { player: event.player, amount: voice.chips(event.amount) });
}

function narrateWidowSwap(voice, event) {
  if (event.price) {
    return voice.say(N_("%(player)s buys the widow for %(amount)s and takes it; his old hand is dead."),
      { player: event.player, amount: voice.chips(event.price) });
  }
  return voice.say(N_("%(player)s swaps his hand for the widow, unseen; his old hand is dead."), { player: event.player });
}

const NARRATORS = {
  transfer: narrateTransfer,
  deal: narrateDeal,
  play: narratePlay,
  stop: narrateStop,
  out: narrateOut,
  misdeal: (voice) => voice.say(N_("Misdeal: every payment of the round is put back and the same dealer deals again.")),
  leave: (voice, event) =>
    voice.say(N_("%(player)s cannot pay his full ante and leaves the session with what he holds."), { player: event.player }),
  hold: narrateHold,
  stay: narrateStay,
  split: narrateSplit,
  showdown: narrateShowdown,
  bet: narrateBet,
  "fold-out": (voice, event) =>
    voice.say(N_("Everyone else has folded: %(player)s takes the Poker pot without showing."), { player: event.player }),
  "dealer-keeps": narrateDealerKeeps,
  "widow-auction": narrateWidowAuction,
  "widow-bid": narrateWidowBid,
  "widow-swap": narrateWidowSwap,
  "widow-kept": (voice) => voice.say(N_("Nobody takes the widow: it stays as dealt.")),
  "duty-passes": (voice, event) =>
    voice.say(N_("%(from)s holds no %(colour)s card: the duty to lead passes to %(to)s."),
      { from: event.from, to: event.to, colour: voice.colour(event.colour) }),
  deadlock: (voice, event) =>
    voice.say(N_("Nobody holds a %(colour)s card: deadlock. Each player pays 1 chip per card left into the Rummoli pot."),
      { colour: voice.colour(event.colour) }),
  combo: (voice, event) =>
    voice.say(N_("%(player)s has played %(cards)s himself, back to back: %(section)s is his."),
      { player: event.player, cards: cardsNode(event.cards), section: voice.where({ section: event.section }) }),
  "final-showdown": narrateFinalShowdown,
  "ghost-bid": (voice, event) =>
    voice.say(N_("%(player)s bids %(amount)s for the ghost hand."), { player: event.player, amount: voice.chips(event.amount) }),
  "ghost-pass": (voice, event) => voice.say(N_("%(player)s passes."), { player: event.player }),
  "ghost-swap": (voice, event) =>
    voice.say(N_("%(player)s pays %(amount)s into the Pozo and swaps his hand for the ghost hand."),
      { player: event.player, amount: voice.chips(event.amount) }),
  "ghost-kept": (voice) => voice.say(N_("Nobody bids: the ghost hand stays as dealt.")),
};

export const EVENT_TYPES = Object.keys(NARRATORS);

export function narrate(voice, event) {
  const narrator = NARRATORS[event.type];
  if (!narrator) throw new Error(`no narration for event type ${event.type}`);
  return narrator(voice, event);
}

// `B +4` when a player receives chips, `A −6` when he pays onto the board; null otherwise.
export function chipBadge(voice, event) {
  if (event.type !== "transfer") return null;
  const amount = voice.number(event.amount).replace(/^[-−]/, "");
  if ("player" in event.to) return `${event.to.player} +${amount}`;
  const source = event.from.player ?? voice.sectionLabel(event.from.section);
  return `${source} −${amount}`;
}

// A move as the reader picks it: a card, or the action in words.
export function moveLabel(voice, move) {
  if ("play" in move) return cardNode(move.play);
  if ("bid" in move) return voice.say(N_("bid %(amount)s"), { amount: voice.chips(move.bid) });
  if ("pass" in move) return voice.say(N_("pass"));
  if ("swap" in move) return move.swap ? voice.say(N_("swap hands with the widow")) : voice.say(N_("keep the hand"));
  const actions = { check: N_("check"), bet: N_("bet"), call: N_("call"), raise: N_("raise"), fold: N_("fold") };
  for (const [key, message] of Object.entries(actions)) {
    if (key in move) return voice.say(message);
  }
  return document.createTextNode(JSON.stringify(move));
}
