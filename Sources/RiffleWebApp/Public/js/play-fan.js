// Where each card of a fanned hand goes: a pure function of the number of cards and the room, so the hand always
// fits (every card fully on screen, at any count) and a test can check it without a browser.

/**
 * The fan of `count` cards of `cardWidth` x `cardHeight` px across `width` px: each card's left edge `x`, its turn
 * `angle` (degrees, about its bottom centre) and its drop `y` (px, the arc), and the `step` between cards. Cards
 * overlap as much as they must (never more than `maxStep` apart); the turn is small and leaves the corner index of
 * each card showing; the outermost corners stay inside [0, width].
 */
export function fanLayout({ count, width, cardWidth, cardHeight, maxStep = cardWidth * 0.72, maxAngle = 10 }) {
  if (count <= 0) return { step: 0, cards: [] };
  const spread = count > 1 ? Math.min(maxAngle, 2.2 * (count - 1)) : 0;
  // A turned card reaches out by its height times the sine of its angle at the top corner.
  const margin = Math.ceil(cardHeight * Math.sin((spread / 2) * Math.PI / 180)) + 2;
  const room = Math.max(cardWidth, width - 2 * margin);
  const step = count > 1 ? Math.max(0, Math.min(maxStep, (room - cardWidth) / (count - 1))) : 0;
  const used = cardWidth + step * (count - 1);
  const start = (width - used) / 2;
  const cards = [];
  for (let i = 0; i < count; i++) {
    const t = count > 1 ? i / (count - 1) - 0.5 : 0;   // -0.5 .. 0.5
    cards.push({ x: start + i * step, angle: t * spread, y: Math.abs(t) * Math.abs(t) * cardHeight * 0.12 });
  }
  return { step, cards };
}

/** Whether a fan's cards all lie inside [0, width] once turned (what the layout promises; tests check it). */
export function fanFits(layout, { width, cardWidth, cardHeight }) {
  return layout.cards.every(({ x, angle }) => {
    const reach = Math.abs(cardHeight * Math.sin(angle * Math.PI / 180));
    return x - reach >= -0.5 && x + cardWidth + reach <= width + 0.5;
  });
}
