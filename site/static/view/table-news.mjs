// The table's news (model/news.mjs) drawn beside the log: each showdown as a table of the
// hands shown, one row per hand (its category, its best cards, who wins); cards shown to win
// a section, or left in the hidden hand, as card faces; turns of play that need explaining as
// notices; a section won by a card played as that card and its payout; a player going out
// with what each rival pays. Each item says the engine's message and links the rule that made it happen.
//
// `pace` (milliseconds, 0: at once) reveals the rows of a new showdown one hand after the
// other. Draws only: the words are the engine's messages, the labels the page's catalog.

import { renderMessage } from "../i18n/messages.mjs";
import { cardRow } from "./cards.mjs";
import { element } from "./controls.mjs";

const N_ = (message) => message;
const COLUMNS = [N_("Player"), N_("Poker hand"), N_("Cards")];
const NO_HAND = N_("no poker hand");
const WINS = N_("wins");

function sentence(message, voice, fallback) {
  const p = element("p", "news-message");
  try {
    p.append(renderMessage(message, voice.data));
  } catch {
    p.textContent = fallback;
  }
  return p;
}

// "§ <rule title>", a link to the rule's paragraph on the game's rules page.
export function ruleLink(rule, { rulesHref, rules }) {
  if (!rule || !rulesHref) return null;
  const link = element("a", "rule-link", `§ ${rules?.[rule] ?? rule}`);
  link.href = `${rulesHref}#${rule}`;
  return link;
}

function handsTable(item, voice, pace, fresh) {
  const table = element("table", "news-hands");
  const head = element("tr");
  for (const title of COLUMNS) {
    const th = element("th", "", voice.gettext(title));
    th.scope = "col";
    head.append(th);
  }
  table.createTHead().append(head);
  const body = table.createTBody();
  item.hands.forEach((hand, i) => {
    const row = element("tr", hand.wins ? "news-winner" : "");
    const who = element("th", "", hand.player);
    who.scope = "row";
    if (hand.wins) who.append(" ", element("span", "news-wins", voice.gettext(WINS)));
    const labels = voice.data.poker_hands ?? {};
    const category = hand.hand ? (labels[hand.hand] ?? hand.hand) : voice.gettext(NO_HAND);
    const cards = element("td");
    cards.append(cardRow(hand.cards, voice, "cards news-cards"));
    row.append(who, element("td", "", category), cards);
    if (fresh && pace > 0) {
      row.classList.add("news-reveal");
      row.style.animationDelay = `${i * pace}ms`; // one hand after the other
    }
    body.append(row);
  });
  return table;
}

// Draw `news` ({items, latest}) into `list` (an <ol>); the items of the last step are marked new.
export function renderNews(list, news, voice, { rulesHref, rules, pace = 0, fresh = false } = {}) {
  const first = news.items.length - news.latest;
  const nodes = news.items.map((item, i) => {
    const node = element("li", `news-item news-kind-${item.kind}${i >= first && fresh ? " news-new" : ""}`);
    node.dataset.event = item.event.type;
    node.append(sentence(item.message, voice, item.event.type));
    if (item.kind === "hands") node.append(handsTable(item, voice, pace, fresh && i >= first));
    if ((item.kind === "cards" || item.kind === "win") && item.cards.length) node.append(cardRow(item.cards, voice, "cards news-cards"));
    // Who is paid what, as it is decided (the transfers that follow the showdown, the cards or
    // the player going out: what each rival pays).
    for (const paid of item.payouts ?? []) {
      const line = sentence(paid.message, voice, paid.event.type);
      line.classList.add("news-payout");
      node.append(line);
    }
    const link = ruleLink(item.rule, { rulesHref, rules });
    if (link) node.append(link);
    return node;
  });
  list.replaceChildren(...nodes);
  list.closest("section").hidden = nodes.length === 0;
}

// The position's notices (stops.messages.view_notices): what the next move must be, and why.
export function renderNotices(box, notices, voice, links) {
  const nodes = (notices ?? []).map((notice) => {
    const p = sentence(notice.message, voice, "");
    p.className = "play-notice";
    const link = ruleLink(notice.rule, links);
    if (link) p.append(" ", link);
    return p;
  });
  box.replaceChildren(...nodes);
  box.hidden = nodes.length === 0;
}
