// The round's ledger at a position, from the engine's transfer events: what each player
// has paid and received (gross) so far, their net, and the board's total. Exact: amounts
// are whole numbers or fractions ("1/3"), added as BigInt fractions (model/fraction.mjs),
// whatever their denominators. Pure (tested under Node).

import { ZERO, add, fraction, format, isZero, neg } from "./fraction.mjs";

// An amount of the engine's ("7", -2, "1/3") as an exact fraction; the ledger's operations.
export const chips = fraction;
export { add, format, isZero, neg };

// events: every event of the round up to the position, in order; players: their names.
export function ledger(events, players, board) {
  const rows = new Map(players.map((name) => [name, { name, paid: ZERO, received: ZERO }]));
  for (const event of events) {
    if (event.type !== "transfer") continue;
    const amount = chips(event.amount);
    if (event.from?.player !== undefined) {
      const row = rows.get(event.from.player);
      if (!row) throw new Error(`a transfer from an unknown player ${event.from.player}`);
      row.paid = add(row.paid, amount);
    }
    if (event.to?.player !== undefined) {
      const row = rows.get(event.to.player);
      if (!row) throw new Error(`a transfer to an unknown player ${event.to.player}`);
      row.received = add(row.received, amount);
    }
  }
  const out = [...rows.values()].map((row) => ({ ...row, net: add(row.received, neg(row.paid)) }));
  const boardTotal = board.reduce((sum, section) => add(sum, chips(section.amount)), ZERO);
  const netTotal = out.reduce((sum, row) => add(sum, row.net), ZERO);
  // What the players lost is on the board: the sum of the nets and the board is 0 when the
  // board was empty before the round (a carried-over board adds its chips to the check).
  return { rows: out, board: boardTotal, net: netTotal, balance: add(netTotal, boardTotal) };
}
