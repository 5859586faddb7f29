// The page language for the widget's views: the one place where they meet the catalog and
// the narration. Everything the views say goes through the object `makeVoice` returns:
//   gettext(msgid), ngettext(one, many, n), say(msgid, values) -> nodes, number(x), chips(x),
//   sectionLabel(id), sectionNode(id), hiddenHand(), pokerHand(name), lang,
//   card(card) -> a card span, event(event, step, index) -> the event told, badge(event),
//   move(move) -> a move in words.
// Today it wraps narrate.mjs; when the engine's steps carry `messages` (i18n/messages.mjs),
// only this module changes.

import { Voice, cardNode, chipBadge, markCards, moveLabel, narrate } from "../narrate.mjs";

export function makeVoice(catalog, game) {
  const voice = new Voice(catalog, game);
  return Object.assign(voice, {
    card: (card) => cardNode(card),
    sectionNode: (id) => markCards(voice.sectionLabel(id)),
    event: (event) => narrate(voice, event),
    badge: (event) => chipBadge(voice, event),
    move: (move) => moveLabel(voice, move),
  });
}
