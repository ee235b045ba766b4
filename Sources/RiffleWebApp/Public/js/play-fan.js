// Where each card of a fanned hand goes: a pure function of the number of cards and the room, so the hand always
// fits (every card fully on screen, at any count), every card keeps at least `minTap` x `minTap` px of its own to tap
// (WCAG 2.2 target size: two rows when one row would be tighter), and a test can check it without a browser.

/** The least room (px, square) each card keeps for a tap, with a little to spare over WCAG's 24. */
export const MIN_TAP = 26;

/**
 * The fan of `count` cards of `cardWidth` x `cardHeight` px across `width` px: each card's left edge `x`, its turn
 * `angle` (degrees, about its bottom centre) and its drop `y` (px: the arc, and the second row's offset), the `step`
 * between cards in a row and the number of `rows`. Cards overlap as much as they must (never more than `maxStep`
 * apart); the turn is small and leaves the corner index of each card showing; the outermost corners stay inside
 * [0, width]. When one row would leave a card less than `minTap` px, the hand takes two rows, the first (upper)
 * showing `rowGap` px of each card above the second; two rows do not turn.
 */
export function fanLayout({
  count, width, cardWidth, cardHeight, maxStep = cardWidth * 0.72, maxAngle = 10, minTap = MIN_TAP,
  rowGap = Math.max(minTap + 4, cardHeight * 0.42),
}) {
  if (count <= 0) return { step: 0, rows: 1, cards: [] };
  const oneRow = row(count, width, cardWidth, cardHeight, maxStep, maxAngle);
  if (count < 2 || oneRow.step >= minTap) return { ...oneRow, rows: 1 };
  const upper = Math.ceil(count / 2);
  const first = row(upper, width, cardWidth, cardHeight, maxStep, 0);
  const second = row(count - upper, width, cardWidth, cardHeight, maxStep, 0);
  // The upper row is drawn first (under the lower one): it shows a strip `rowGap` high above the lower row.
  const cards = [
    ...first.cards.map((card) => ({ ...card, y: -rowGap })),
    ...second.cards,
  ];
  return { step: Math.min(first.step, second.step || first.step), rows: 2, cards };
}

function row(count, width, cardWidth, cardHeight, maxStep, maxAngle) {
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
