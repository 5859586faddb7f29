// What the table shows beside the log: the events of a round that a reader should see laid
// out, not only read as a line — hands shown at a showdown (each hand, its category, the
// winners), cards shown to win a section or left in the hidden hand, and the turns of play
// that need explaining (the duty to lead passing, a deadlock, a player leaving, a misdeal).
//
// The engine chose which events these are: their message says how to lay them out
// (`display`, stops/messages.py DISPLAYS); this module only gathers them, with what the event
// shows (hands, cards, the rule). No game is named here. No DOM: tested under Node.

// One item per event worth laying out: {kind: "hands" | "cards" | "notice", event, message}.
export function newsOf(events, messages = []) {
  const items = [];
  (events ?? []).forEach((event, i) => {
    const message = messages[i] ?? null;
    const display = message?.display;
    if (display === "hands" && Array.isArray(event.hands) && event.hands.length) {
      const winners = new Set(event.winners ?? []);
      const hands = event.hands.map((hand) => ({ player: hand.player, hand: hand.hand ?? null, cards: hand.cards ?? [], wins: winners.has(hand.player) }));
      items.push({ kind: "hands", event, message, hands, rule: event.rule ?? null });
    } else if (display === "cards" && Array.isArray(event.cards) && event.cards.length) {
      items.push({ kind: "cards", event, message, cards: event.cards, player: event.player ?? null, rule: event.rule ?? null });
    } else if (display === "notice") {
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
