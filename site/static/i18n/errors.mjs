// The engine's errors in the page's language. An engine error is {message, path, rule}
// (stops/errors.py): `message` is the engine's English sentence, `path` where in the input
// the fault is (`rounds[0].moves[3]`, a JSON path, the same in every language) and `rule`
// the id of the rule broken. The page says what kind of fault it is and where in its own
// words (catalog entries below), names the broken rule by its paragraph's title on the
// game's rules page (the page's data holds the titles, in the page's language), and keeps
// the engine's sentence as the detail, marked as English (lang="en") so that a screen reader
// pronounces it as such. Nothing here decides what is wrong: the engine did.
//
// No DOM in `errorWords` (tested under Node); `errorNode` draws it.

import { RETRIED } from "../engine/client.mjs";
import { fillText } from "./messages.mjs";

const N_ = (message) => message;
export const ERROR_TEXTS = {
  rule: N_("This breaks a rule of the game: %(rule)s."),
  at: N_("Something in it is not right, at %(path)s."),
  other: N_("The rules engine refuses it."),
  engine: N_("The rules engine did not start or did not answer in time."),
  detail: N_("The engine's words (in English):"),
};

function translate(catalog, message) {
  return catalog?.messages?.[message] ?? message;
}

const fill = (template, values) => fillText(template, values, "");

// {headline, rule: {id, title} | null, detail, english}: `english` is false on an English page
// (the detail is then the headline's own language and is not marked).
export function errorWords(error, catalog, rules = {}) {
  const message = String(error?.message ?? error ?? "");
  const path = error?.path ?? null;
  const rule = error?.rule ?? null;
  let headline;
  // The engine itself failed (the kinds the one retry policy asks again): not the input.
  if (RETRIED.includes(error?.kind)) headline = translate(catalog, ERROR_TEXTS.engine);
  else if (rule) headline = fill(translate(catalog, ERROR_TEXTS.rule), { rule: rules[rule] ?? rule });
  else if (path) headline = fill(translate(catalog, ERROR_TEXTS.at), { path });
  else headline = translate(catalog, ERROR_TEXTS.other);
  return {
    headline,
    rule: rule ? { id: rule, title: rules[rule] ?? rule } : null,
    detail: message,
    english: (catalog?.lang ?? "en") !== "en",
    detailLabel: translate(catalog, ERROR_TEXTS.detail),
  };
}

// The error as a fragment: the headline, then the engine's sentence (lang="en" on another page).
export function errorNode(error, catalog, { rules = {}, rulesHref = null } = {}) {
  const words = errorWords(error, catalog, rules);
  const fragment = document.createDocumentFragment();
  const head = document.createElement("span");
  head.className = "error-headline";
  if (words.rule && rulesHref) {
    // The rule's title is the link to its paragraph, in the headline's own sentence.
    const [before, after = ""] = translate(catalog, ERROR_TEXTS.rule).split("%(rule)s");
    const link = document.createElement("a");
    link.href = `${rulesHref}#${words.rule.id}`;
    link.textContent = `§\u00a0${words.rule.title}`;
    head.append(before, link, after);
  } else {
    head.textContent = words.headline;
  }
  fragment.append(head);
  if (words.detail) {
    const detail = document.createElement("span");
    detail.className = "error-detail";
    if (words.english) {
      detail.append(`${words.detailLabel} `);
      const english = document.createElement("q");
      english.lang = "en";
      english.textContent = words.detail;
      detail.append(english);
    } else {
      detail.textContent = words.detail;
    }
    fragment.append(" ", detail);
  }
  return fragment;
}
