// What a table's rule options decide before any card is dealt: how many may play and the board
// drawn. The build tabulates each fact by the few options it depends on (site_build/play.py
// `by_options`, `player_ranges`, `boards`); a page looks it up with the options chosen. Pure,
// tested under Node (tests/models/play_models.test.mjs).

// A fact of the rules as the build tabulated it by the options it depends on (site_build/play.py
// `by_options`: {options, defaults, values}), looked up with the options a table is played with
// ({name: value}; a missing one at its default). Undefined for a choice the build never made.
export function byOptions(table, options = {}) {
  const key = JSON.stringify(table.options.map((name, i) => options?.[name] ?? table.defaults[i]));
  return table.values[key];
}

// How many may play under the chosen rules ({min, max}): the build's ranges (`player_ranges`).
export function playerRange(players, options) {
  const range = byOptions(players.by, options);
  return range ? { min: range[0], max: range[1] } : { min: players.min, max: players.max };
}

// The board a table of these rules draws: its sections as view/board.mjs reads them (`boards`).
export function boardFor(boards, options) {
  const board = byOptions(boards, options);
  if (!board) throw new Error(`no board for the options ${JSON.stringify(options)}`);
  return board;
}

// The count of players to keep when the rules change: the one chosen, else the nearest allowed.
export function countWithin(range, count) {
  return Math.min(Math.max(count, range.min), range.max);
}

