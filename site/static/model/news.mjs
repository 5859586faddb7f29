// What the table shows beside the log: the events of a round that a reader should see laid
// out, not only read as a line — hands shown at a showdown (each hand, its category, the
// winners), cards shown to win a section or left in the hidden hand, and the turns of play
// that need explaining (the duty to lead passing, a deadlock, a player leaving, a misdeal),
// a section won at once by the card played on it, and a player going out with what each
// rival pays.
//
// The engine chose which events these are: their message says how to lay them out
// (`display`, stops/messages.py DISPLAYS); this module only gathers them, with what the event
// shows (hands, cards, the rule). No game is named here. No DOM: tested under Node.

// One item per event worth laying out: {kind: "hands" | "cards" | "notice" | "out" | "win",
// event, message, payouts}. The chips that a showdown, cards shown, a turn of play (the last
// player left in when the others fold) or a player going out decide are paid by the transfers
// that follow it at once: they are the item's `payouts` ({event, message}), so that the table
// shows who was paid what at the moment it is decided (a split or any other event ends the
// run). A section won by the card played on it ("win") is that transfer itself, with the
// card it pays for (`cards`) and the player who took it.
export function newsOf(events, messages = []) {
  const items = [];
  let open = null; // the item whose payouts follow, while they do
  (events ?? []).forEach((event, i) => {
    const message = messages[i] ?? null;
    const display = message?.display;
    if (display === "win") {
      const card = message.args?.section?.noun?.card;
      items.push({ kind: "win", event, message, cards: card ? [card] : [], player: event.to?.player ?? null, rule: event.rule ?? null, payouts: [] });
      open = null;
      return;
    }
    if (event.type === "transfer" && open) {
      open.payouts.push({ event, message });
      return;
    }
    open = null;
    if (display === "hands" && Array.isArray(event.hands) && event.hands.length) {
      const winners = new Set(event.winners ?? []);
      const hands = event.hands.map((hand) => ({ player: hand.player, hand: hand.hand ?? null, cards: hand.cards ?? [], wins: winners.has(hand.player) }));
      open = { kind: "hands", event, message, hands, rule: event.rule ?? null, payouts: [] };
    } else if (display === "cards" && Array.isArray(event.cards) && event.cards.length) {
      open = { kind: "cards", event, message, cards: event.cards, player: event.player ?? null, rule: event.rule ?? null, payouts: [] };
    } else if (display === "notice") {
      open = { kind: "notice", event, message, rule: event.rule ?? null, payouts: [] };
    } else if (display === "out") {
      open = { kind: "out", event, message, player: event.player ?? null, rule: event.rule ?? null, payouts: [] };
    }
    if (open) items.push(open);
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
