// The round's ledger at a position, from the engine's transfer events: what each player
// has paid and received (gross) so far, their net, and the board's total. Exact: amounts
// are whole numbers or fractions ("1/3"), added as fractions. Pure (tested under Node).

function gcd(a, b) {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y) [x, y] = [y, x % y];
  return x || 1;
}

export function chips(value) {
  if (typeof value === "number") {
    if (!Number.isInteger(value)) throw new Error(`not a whole number of chips: ${value}`);
    return [value, 1];
  }
  const match = /^(-?\d+)(?:\/(\d+))?$/.exec(String(value).trim().replace("−", "-"));
  if (!match) throw new Error(`not an amount of chips: ${JSON.stringify(value)}`);
  return reduce(Number(match[1]), Number(match[2] ?? 1));
}

function reduce(n, d) {
  if (d === 0) throw new Error("an amount with a zero denominator");
  const g = gcd(n, d);
  return [n / g, d / g];
}

export const add = ([a, b], [c, d]) => reduce(a * d + c * b, b * d);
export const neg = ([a, b]) => [-a, b];
export const isZero = ([a]) => a === 0;

// "7", "-2", "1/3": the engine's own way to write an amount.
export function format([n, d]) {
  return d === 1 ? String(n) : `${n}/${d}`;
}

// events: every event of the round up to the position, in order; players: their names.
export function ledger(events, players, board) {
  const rows = new Map(players.map((name) => [name, { name, paid: [0, 1], received: [0, 1] }]));
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
  const boardTotal = board.reduce((sum, section) => add(sum, chips(section.amount)), [0, 1]);
  const netTotal = out.reduce((sum, row) => add(sum, row.net), [0, 1]);
  // What the players lost is on the board: the sum of the nets and the board is 0 when the
  // board was empty before the round (a carried-over board adds its chips to the check).
  return { rows: out, board: boardTotal, net: netTotal, balance: add(netTotal, boardTotal) };
}
