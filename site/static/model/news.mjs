// What the table shows beside the log: the events of a round that a reader should see laid
// out, not only read as a line — hands shown at a showdown (each hand, its category, the
// winners), cards shown to win a section or left in the hidden hand, and the turns of play
// that need explaining (the duty to lead passing, a deadlock, a player leaving, a misdeal).
//
// The choice is made from the events' shape and type, which every game shares (no game is
// named here); the words are the engine's messages beside them. No DOM: tested under Node.

// Events told as a notice (a turn of play the reader should have explained).
const NOTICES = new Set(["duty-passes", "deadlock", "leave", "misdeal", "fold-out"]);

// One item per event worth laying out: {kind: "hands" | "cards" | "notice", event, message}.
export function newsOf(events, messages = []) {
  const items = [];
  (events ?? []).forEach((event, i) => {
    const message = messages[i] ?? null;
    if (Array.isArray(event.hands) && event.hands.length) {
      const winners = new Set(event.winners ?? []);
      const hands = event.hands.map((hand) => ({ player: hand.player, hand: hand.hand ?? null, cards: hand.cards ?? [], wins: winners.has(hand.player) }));
      items.push({ kind: "hands", event, message, hands, rule: event.rule ?? null });
    } else if (Array.isArray(event.cards) && event.cards.length && event.type !== "deal") {
      items.push({ kind: "cards", event, message, cards: event.cards, player: event.player ?? null, rule: event.rule ?? null });
    } else if (NOTICES.has(event.type)) {
      items.push({ kind: "notice", event, message, rule: event.rule ?? null });
    }
  });
  return items;
}

// The round's items so far: those of its start (the antes, a holding phase, a showdown
// before play) and of every step, in order; `latest` counts the items of the last step.
export function roundNews(start, steps) {
  const items = newsOf(start?.events, start?.messages);
  let latest = 0;
  for (const step of steps ?? []) {
    const more = newsOf(step.events, step.messages);
    items.push(...more);
    latest = more.length;
  }
  return { items, latest };
}
