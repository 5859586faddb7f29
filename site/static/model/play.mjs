// The play page's flow, pure (tested under Node): once a position is shown, what happens
// next — the player's forced move played for them, a bot's move after the pace's pause, or a
// wait (for the player's choice, the "Next move" button, the next round). The page only runs
// the plan it is given (pages/play.mjs: a timer, then the request).

import { decision, forcedMove } from "./table.mjs";

export const PACES = Object.freeze({ slow: 1600, normal: 700, fast: 120 });
export const FORCED_PAUSE = 400; // at most this long before a forced move plays itself

// state: the engine's state; reader: the player at this screen; pace: step, slow, normal or
// fast; forced: the "play my forced moves" option; undone: the position was reached by an Undo
// (its forced move waits); rush: the player skipped to their turn.
// Returns {kind: "forced", move, delay} | {kind: "bot", delay} | {kind: "wait"}, and `rush`,
// whether the skip goes on (only through the bots' run).
export function plan(state, { reader, pace = "normal", forced = true, undone = false, rush = false } = {}) {
  const who = decision(state, reader);
  if (who.kind === "reader") {
    const move = forced && !undone ? forcedMove(state.legal) : null;
    if (move) return { kind: "forced", move, delay: rush ? 0 : Math.min(PACES[pace] ?? PACES.normal, FORCED_PAUSE), rush };
    return { kind: "wait", rush: false };
  }
  if (who.kind === "bot") {
    if (rush) return { kind: "bot", delay: 0, rush: true };
    if (pace === "step") return { kind: "wait", rush: false };
    return { kind: "bot", delay: PACES[pace] ?? PACES.normal, rush: false };
  }
  return { kind: "wait", rush: false };
}
