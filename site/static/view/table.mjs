// The table, one for every page (the widget's felt on the rules pages, the embed and the
// editor's preview, and the play page's live table): the seats along the top and the bottom,
// the board and the widow between them. Drawn as chessground draws a board from its host's
// config: `set({view, …})` draws the engine's view, and the table only reports the reader's
// intent (a card chosen: onChoose; the widow revealed: onReveal). `fly(events)` moves the
// chips of a step's transfers from payer to receiver.

import { BoardView } from "./board.mjs";
import { flyChips } from "./chips.mjs";
import { el } from "./controls.mjs";
import { SeatsView, WidowView } from "./seats.mjs";

export class TableView {
  // players: the seats in order round the table; board: the board's description (its
  // sections); onReveal: called when the reader reveals the widow, or null when hidden cards
  // stay hidden (the play page).
  constructor(voice, { players, board, onReveal = null }) {
    this.voice = voice;
    this.seats = new SeatsView(players, voice);
    this.board = new BoardView(board, voice);
    this.widow = new WidowView(voice, onReveal);
    this.node = el("div", { class: "felt" }, this.seats.top,
      el("div", { class: "felt-middle" }, this.board.node, this.widow.node), this.seats.bottom);
  }

  // view: the engine's view of the position; seat: whose eyes it is seen with (null: every
  // hand); reader: the player at this screen, whose seat is marked; choices, onChoose, played:
  // the cards that are controls and the card just played (SeatsView.update); pots: what lies
  // on the board when it is not the view's (after the settlement).
  set({ view, seat = null, reader = null, choices = null, onChoose = null, played = null, pots = null }) {
    this.seats.update(view, { seat, choices, onChoose, played });
    if (reader !== null) for (const [name, parts] of this.seats.seats) parts.seat.classList.toggle("reader-seat", name === reader);
    this.board.update(pots ?? view.board);
    this.widow.update(view);
  }

  fly(events) {
    const anchor = (end) => ("player" in end ? this.seats.anchor(end.player) : this.board.anchor(end.section));
    flyChips(this.node, anchor, this.voice, events);
  }
}
