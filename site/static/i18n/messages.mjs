// Fill the engine's messages from the page's catalog: the browser twin of the build's
// site_build/messages.py, and nothing more. The engine (stops/messages.py) decided what to
// say: a message is {id, args} (plural ones add {plural, count}); docs/messages.md lists the
// argument kinds. `catalog` is the page language's messages.json, exported by the build from
// the same Babel catalogs as the pages: translations, plural forms, every card's names.
//
//   renderMessage(message, catalog) -> DocumentFragment (cards as spans named in the page language)
//   messageText(message, catalog)   -> string (what a screen reader says)
//   cardName(card, catalog, form)   -> "la dame de carreau" (form "of": "de la dame de carreau", "to": "à la dame…")

import { abs, fraction } from "../model/fraction.mjs";

const RED_SUITS = "♥♦";
const PLACEHOLDER = /%\((\w+)(?::(\w+))?\)s|%%/g;
const CARD_FORMS = ["the", "of", "to", "name", "it"]; // a game's nouns have the same forms (stops.words.FORMS)
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RANKS = new Set(["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]);

export class MessageError extends Error {}

// One Intl formatter per language and kind: making one costs far more than using it, and a
// table formats hundreds of numbers as it draws.
const FORMATTERS = new Map();

function formatter(Kind, lang, options) {
  const key = `${Kind.name} ${lang} ${JSON.stringify(options)}`;
  let made = FORMATTERS.get(key);
  if (!made) FORMATTERS.set(key, (made = new Kind(lang, options)));
  return made;
}

// ----- the catalog ----------------------------------------------------------------------

export function translate(msgid, catalog) {
  const text = catalog.messages[msgid];
  if (text === undefined) throw new MessageError(`no translation exported for ${JSON.stringify(msgid)}`);
  return text;
}

// The catalog's plural form for n: Intl.PluralRules names the category, the build's data maps
// it to the catalog's form (no code from the catalog is ever evaluated).
export function pluralIndex(n, catalog) {
  const forms = catalog.plural_forms;
  const category = formatter(Intl.PluralRules, catalog.lang, {}).select(n);
  return forms[category] ?? forms.other;
}

export function translatePlural(singular, n, catalog) {
  const forms = catalog.plurals[singular];
  if (!forms) throw new MessageError(`no plural translation exported for ${JSON.stringify(singular)}`);
  return forms[Math.min(pluralIndex(n, catalog), forms.length - 1)];
}

// The number that picks a plural form (stops.messages.count_of): chips below one count as
// one, a larger fraction as two; lists count their items.
export function countOf(arg) {
  const [kind, value] = Object.entries(arg)[0];
  if (Array.isArray(value)) return value.length;
  if (typeof value === "string") { // exactly, whatever the denominator
    const [num, den] = abs(fraction(value));
    if (num % den === 0n) return Number(num / den);
    return num < den ? 1 : 2;
  }
  if (typeof value !== "number") throw new MessageError(`a ${kind} argument has no count`);
  return Math.abs(value);
}

// ----- arguments as text ----------------------------------------------------------------

export function formatNumber(value, catalog) {
  if (typeof value === "string" && value.includes("/")) return value.replace("-", "−");
  const n = Number(value);
  // Below a thousand none of the site's languages groups digits, so the digits are what Intl
  // would give; a page's first Intl.NumberFormat costs 10-17 ms as a table is first drawn.
  const text = Number.isInteger(n) && Math.abs(n) < 1000 ? String(Math.abs(n)) : formatter(Intl.NumberFormat, catalog.lang, { maximumFractionDigits: 0 }).format(Math.abs(n));
  return n < 0 ? `−${text}` : text;
}

export function chipsText(amount, catalog) {
  const n = countOf({ chips: amount });
  const num = formatNumber(amount, catalog);
  if (typeof amount === "string" && amount.includes("/") && n === 1) return fillText(translate("%(num)s of a chip", catalog), { num });
  return fillText(translatePlural("%(num)s chip", n, catalog), { num });
}

export function cardName(card, catalog, form = "the") {
  if (!CARD_FORMS.includes(form)) throw new MessageError(`unknown card form ${form} (forms: ${CARD_FORMS.join(", ")})`);
  const names = catalog.cards[card];
  if (!names) throw new MessageError(`no name exported for card ${JSON.stringify(card)}`);
  return names[form];
}

function cardOfSection(id) {
  const rank = id.slice(0, -1) === "T" ? "10" : id.slice(0, -1);
  return SUITS[id.slice(-1)] && RANKS.has(rank) ? rank + SUITS[id.slice(-1)] : null;
}

// A section's label: its own, or the card it pays for ("Q♦").
export function sectionLabel(id, catalog) {
  const label = catalog.sections[id] ?? cardOfSection(id);
  if (!label) throw new MessageError(`no label for board section ${id}`);
  return label;
}

function label(table, key, what) {
  const text = table[key];
  if (text === undefined) throw new MessageError(`no label for ${what} ${key}`);
  return text;
}

const capital = (text) => text.slice(0, 1).toUpperCase() + text.slice(1);

// ----- arguments as DOM -----------------------------------------------------------------

// A card shown as its glyph, named in the page language for assistive technology.
export function cardNode(card, catalog) {
  const span = document.createElement("span");
  span.className = `card ${RED_SUITS.includes(card.slice(-1)) ? "red" : "black"}`;
  span.setAttribute("role", "img");
  span.setAttribute("aria-label", cardName(card, catalog));
  span.textContent = card;
  return span;
}

export function cardsNode(cards, catalog) {
  return listed(cards.map((card) => cardNode(card, catalog)), catalog);
}

// Items (nodes or strings) joined as a list in the language, as the build's Speaker.listed:
// "A, B, and C", "A, B y C", "A, B et C" (CLDR, through Intl.ListFormat).
export function listed(items, catalog) {
  const fragment = document.createDocumentFragment();
  if (!items.length) return fragment;
  const tokens = items.map((_, i) => `\ue000${i}\ue001`);
  for (const part of formatter(Intl.ListFormat, catalog.lang, { type: "conjunction" }).formatToParts(tokens)) {
    const match = part.type === "element" ? /^\ue000(\d+)\ue001$/.exec(part.value) : null;
    fragment.append(match ? items[Number(match[1])] : part.value);
  }
  return fragment;
}

// A card in a sentence: its name in words, the glyph after it for the eye only.
function cardWords(card, catalog, form, initial) {
  if (form === "it") return cardName(card, catalog, form); // a pronoun: no glyph to show
  const span = document.createElement("span");
  span.className = `card ${RED_SUITS.includes(card.slice(-1)) ? "red" : "black"}`;
  const glyph = document.createElement("span");
  glyph.className = "card-glyph";
  glyph.setAttribute("aria-hidden", "true");
  glyph.textContent = `\u00a0${card}`;
  const name = cardName(card, catalog, form);
  span.append(initial ? capital(name) : name, glyph);
  return span;
}

export function sectionNode(id, catalog) {
  if (id in catalog.sections) return document.createTextNode(catalog.sections[id]);
  return cardNode(sectionLabel(id, catalog), catalog);
}

function join(nodes, separator) {
  const fragment = document.createDocumentFragment();
  nodes.forEach((node, i) => {
    if (i) fragment.append(separator);
    fragment.append(node);
  });
  return fragment;
}

// One argument, as DOM (asText: as the plain text a screen reader says).
function argument(arg, form, initial, catalog, asText) {
  const entries = Object.entries(arg ?? {});
  if (entries.length !== 1) throw new MessageError(`an argument is one typed value like {"card": "Q♦"}, not ${JSON.stringify(arg)}`);
  const [kind, value] = entries[0];
  if (kind === "card") {
    if (asText) return initial ? capital(cardName(value, catalog, form ?? "the")) : cardName(value, catalog, form ?? "the");
    return cardWords(value, catalog, form ?? "the", initial);
  }
  if (kind === "noun") return nounWords(value, catalog, form ?? "the", initial, asText);
  if (form) throw new MessageError(`form ${form} asked of a ${kind} argument (only cards and nouns have forms)`);
  switch (kind) {
    case "player":
      return String(value);
    case "players":
      return formatter(Intl.ListFormat, catalog.lang, { type: "conjunction" }).format(value);
    case "cards":
      if (asText) return formatter(Intl.ListFormat, catalog.lang, { type: "conjunction" }).format(value.map((card) => cardName(card, catalog)));
      return cardsNode(value, catalog);
    case "section":
      if (asText) return value in catalog.sections ? catalog.sections[value] : cardName(sectionLabel(value, catalog), catalog);
      return sectionNode(value, catalog);
    case "chips":
      return chipsText(value, catalog);
    case "number":
      return formatNumber(value, catalog);
    case "percent":
      return formatter(Intl.NumberFormat, catalog.lang, { style: "percent" }).format(value);
    case "colour":
      return label(catalog.colours, value, "colour");
    case "hand":
      return label(catalog.poker_hands, value, "poker hand");
    case "counts": {
      const parts = value.map(([thing, n]) => {
        const shown = argument(thing, null, false, catalog, asText);
        const number = formatNumber(n, catalog);
        if (asText) return `${shown} ${number}`;
        return join([shown, number], " ");
      });
      return asText ? parts.join(", ") : join(parts, ", ");
    }
    case "messages": {
      const parts = value.map((message) => fill(message, catalog, asText));
      const separator = translate("; ", catalog);
      return asText ? parts.join(separator) : join(parts, separator);
    }
    default:
      throw new MessageError(`unknown argument kind ${kind}; see docs/messages.md`);
  }
}

// A game's noun in a sentence ("la Caja", "del Bote", "la case du 10 de carreau"): its form
// from the catalog, the card it names (a card's section) in the form the noun's words ask for.
function nounWords(value, catalog, form, initial, asText) {
  if (!CARD_FORMS.includes(form)) throw new MessageError(`unknown noun form ${form} (forms: ${CARD_FORMS.join(", ")})`);
  const forms = catalog.nouns?.[value?.id];
  if (!forms) throw new MessageError(`no words exported for the noun ${JSON.stringify(value?.id)}`);
  let text = forms[form];
  if (text === undefined) throw new MessageError(`the noun ${value.id} has no form ${form}`);
  if (initial) text = capital(text);
  return spliced(text, asText, (match) => {
    if (match[1] !== "card" || value.card === undefined) throw new MessageError(`the noun ${value.id} names ${match[0]}, which only a card's section may`);
    return argument({ card: value.card }, match[2] ?? "the", false, catalog, asText);
  });
}

// ``text`` with each placeholder replaced by ``fillIn(match)``: a string (``asText``) or a
// fragment of text and nodes.
function spliced(text, asText, fillIn) {
  const parts = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    parts.push(text.slice(last, match.index), fillIn(match));
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  if (asText) return parts.join("");
  const fragment = document.createDocumentFragment();
  fragment.append(...parts);
  return fragment;
}

// A game's noun as text ("la viuda", "du mort"), for an interface string that names it.
export function nounText(id, catalog, form = "the") {
  return nounWords({ id }, catalog, form, false, true);
}

function template(message, catalog) {
  if (message.plural !== undefined) {
    const count = message.args?.[message.count];
    if (count === undefined) throw new MessageError(`message ${JSON.stringify(message.id)}: no argument ${message.count} to count`);
    return translatePlural(message.id, countOf(count), catalog);
  }
  return translate(message.id, catalog);
}

function fill(message, catalog, asText) {
  const text = template(message, catalog);
  const args = message.args ?? {};
  return spliced(text, asText, (match) => {
    if (match[0] === "%%") return "%";
    const [, name, form] = match;
    if (!(name in args)) {
      throw new MessageError(`${JSON.stringify(text)} uses %(${name})s, which message ${JSON.stringify(message.id)} does not give`);
    }
    return argument(args[name], form, match.index === 0, catalog, asText);
  });
}

export function renderMessage(message, catalog) {
  return fill(message, catalog, false);
}

export function messageText(message, catalog) {
  return fill(message, catalog, true);
}

// A catalog string with %(name)s filled by values (the interface strings): the one filler of
// the browser code. A value it lacks is an error, or `missing` when one is given (an engine
// error's arguments, which may leave one out). `fillText` gives text; `fillNodes` a fragment
// in which a value that is a DOM node (a card, a move) stays a node.
function filled(text, values, missing, asText) {
  return spliced(text, asText, (match) => {
    if (match[0] === "%%") return "%";
    const name = match[1];
    const value = values?.[name];
    if (value === undefined || value === null) {
      if (missing !== undefined) return missing;
      throw new MessageError(`no value for %(${name})s in ${text}`);
    }
    return !asText && value instanceof Node ? value.cloneNode(true) : String(value);
  });
}

export function fillText(text, values, missing) {
  return filled(text, values, missing, true);
}

export function fillNodes(text, values) {
  return filled(text, values, undefined, false);
}
