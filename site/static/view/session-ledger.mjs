// The session's ledger as a table (a row per round, the settlement last) and a small SVG
// chart of each player's balance by round. Both draw model/table.mjs's rows and series,
// which read the engine's answer; no amount is computed here.

import { balanceSeries, ledgerRows } from "../model/table.mjs";

const N_ = (message) => message;
const tr = (voice, message) => voice.gettext(message);
const SVG = "http://www.w3.org/2000/svg";
// Distinct on white and told apart by the dash pattern too (not by colour alone).
const LINES = [
  ["#1f5fa8", ""], ["#b3261e", "6 3"], ["#2e7d32", "2 3"], ["#6a3fa0", "8 3 2 3"],
  ["#8a5a00", "1 2"], ["#00796b", "10 4"], ["#c2185b", "4 4"], ["#455a64", "3 6"], ["#5d4037", "12 2"],
];

function cell(tag, text, attributes = {}) {
  const node = document.createElement(tag);
  node.textContent = text;
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  return node;
}

function signed(voice, amount) {
  const text = voice.number(amount);
  return /^[-−]/.test(text) || text === "0" ? text : `+${text}`;
}

// thead/tbody of `table` from the engine's state.
export function renderLedger(table, state, voice) {
  const head = table.tHead;
  const body = table.tBodies[0];
  const top = document.createElement("tr");
  top.append(cell("th", tr(voice, N_("Round")), { scope: "col" }), cell("th", tr(voice, N_("Dealer")), { scope: "col" }));
  for (const name of state.players) top.append(cell("th", name, { scope: "col" }));
  head.replaceChildren(top);
  const rows = ledgerRows(state).map((row) => {
    const tr_ = document.createElement("tr");
    tr_.className = `ledger-${row.kind}`;
    if (row.kind === "round") {
      tr_.append(cell("th", voice.number(row.round), { scope: "row" }), cell("td", row.dealer));
    } else {
      tr_.append(cell("th", tr(voice, N_("Settlement")), { scope: "row" }), cell("td", ""));
    }
    row.cells.forEach((entry, i) => {
      const td = document.createElement("td");
      if (!entry) {
        td.textContent = "—";
        td.setAttribute("aria-label", tr(voice, N_("left the table")));
      } else {
        const net = cell("span", signed(voice, entry.net), { class: "ledger-net" });
        const balance = cell("span", voice.number(entry.balance), { class: "ledger-balance" });
        td.append(net, document.createTextNode(" "), balance);
        const winner = row.kind === "round" ? row.winner === state.players[i] : row.winners.includes(state.players[i]);
        if (winner) td.classList.add("ledger-winner");
      }
      tr_.append(td);
    });
    return tr_;
  });
  body.replaceChildren(...rows);
}

// An SVG line chart of the balances, with a text alternative (the table above holds the numbers).
export function renderChart(host, state, voice) {
  const { labels, series } = balanceSeries(state);
  const width = 320;
  const height = 160;
  const pad = { left: 36, right: 8, top: 8, bottom: 22 };
  const values = series.flatMap((s) => s.values);
  let low = Math.min(...values);
  let high = Math.max(...values);
  if (high === low) {
    high += 1;
    low -= 1;
  }
  const x = (i) => pad.left + (labels.length > 1 ? (i * (width - pad.left - pad.right)) / (labels.length - 1) : 0);
  const y = (v) => pad.top + ((high - v) * (height - pad.top - pad.bottom)) / (high - low);
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", tr(voice, N_("Balance by round")));
  svg.classList.add("balance-chart");
  const add = (name, attributes, text) => {
    const node = document.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
    if (text !== undefined) node.textContent = text;
    svg.append(node);
    return node;
  };
  if (low <= 0 && high >= 0) add("line", { x1: pad.left, x2: width - pad.right, y1: y(0), y2: y(0), class: "chart-zero" });
  add("text", { x: pad.left - 4, y: y(high) + 4, "text-anchor": "end", class: "chart-axis" }, voice.number(Math.round(high)));
  add("text", { x: pad.left - 4, y: y(low), "text-anchor": "end", class: "chart-axis" }, voice.number(Math.round(low)));
  labels.forEach((label, i) => {
    const text = label === "end" ? "■" : label;
    add("text", { x: x(i), y: height - 6, "text-anchor": "middle", class: "chart-axis" }, text);
  });
  series.forEach(({ player, values: points }, index) => {
    const [colour, dash] = LINES[index % LINES.length];
    const path = points.map((v, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
    add("path", { d: path, fill: "none", stroke: colour, "stroke-width": 2, "stroke-dasharray": dash, class: "chart-line" });
  });
  const legend = document.createElement("ul");
  legend.className = "chart-legend";
  series.forEach(({ player }, index) => {
    const [colour, dash] = LINES[index % LINES.length];
    const item = document.createElement("li");
    const mark = document.createElementNS(SVG, "svg");
    mark.setAttribute("viewBox", "0 0 24 6");
    mark.setAttribute("aria-hidden", "true");
    const line = document.createElementNS(SVG, "line");
    for (const [k, v] of Object.entries({ x1: 0, x2: 24, y1: 3, y2: 3, stroke: colour, "stroke-width": 2, "stroke-dasharray": dash })) line.setAttribute(k, v);
    mark.append(line);
    item.append(mark, document.createTextNode(` ${player}`));
    legend.append(item);
  });
  host.replaceChildren(svg, legend);
}
