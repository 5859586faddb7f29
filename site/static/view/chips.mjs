// Chips moving on the table: one chip flies from the payer to the receiver for every
// transfer of a step (antes onto the board, pay cards, bets, the settlement). Nothing moves
// under prefers-reduced-motion; the numbers themselves are already on the seats and pots.

export function reducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

// container: the positioned element the chips fly in; anchor(end): the node of a transfer's
// end ({player} or {section}); at most `most` chips, one after the other.
export function flyChips(container, anchor, voice, events, { most = 12 } = {}) {
  if (reducedMotion() || typeof container.animate !== "function") return;
  const box = container.getBoundingClientRect();
  // A table scaled to fit its screen (view/layout.mjs): the chip moves in its unscaled pixels.
  const scale = container.offsetWidth ? box.width / container.offsetWidth || 1 : 1;
  events.filter((e) => e.type === "transfer").slice(0, most).forEach((event, i) => {
    const from = anchor(event.from)?.getBoundingClientRect();
    const to = anchor(event.to)?.getBoundingClientRect();
    if (!from || !to) return;
    const chip = document.createElement("span");
    chip.className = "chip-fly";
    chip.setAttribute("aria-hidden", "true");
    chip.textContent = voice.number(event.amount);
    container.append(chip);
    const x0 = (from.left + from.width / 2 - box.left) / scale;
    const y0 = (from.top + from.height / 2 - box.top) / scale;
    const x1 = (to.left + to.width / 2 - box.left) / scale;
    const y1 = (to.top + to.height / 2 - box.top) / scale;
    const motion = chip.animate([
      { transform: `translate(${x0}px, ${y0}px) scale(1)`, opacity: 1 },
      { transform: `translate(${x1}px, ${y1}px) scale(.8)`, opacity: 0.9 },
    ], { duration: 650, delay: i * 60, easing: "ease-in-out", fill: "forwards" });
    motion.finished.then(() => chip.remove(), () => chip.remove());
  });
}
