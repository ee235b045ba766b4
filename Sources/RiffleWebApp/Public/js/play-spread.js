// How a face-up pile on the felt shows its last cards spread, so that a trick can be read: a pure function of the
// pile's size and the room (node --test checks it), drawn by play-felt.js.

/** The most cards a pile shows spread (a trick of eight players). */
export const MAX_SPREAD = 8;

/**
 * The spread of a face-up pile: how many of its top cards show, and the step (px) between their left edges, so that
 * they fit in `width` and each shows at least its corner index (`minStep`) when it can.
 * @param {object} options
 * @param {number} options.count the pile's size.
 * @param {number} options.width the room, px.
 * @param {number} options.cardWidth a card's width, px.
 * @param {number} [options.minStep] the least step that leaves a card's corner index readable.
 * @param {number} [options.max] the most cards shown.
 * @returns {{ shown: number, step: number, width: number }} `width` is the spread's own width.
 */
export function pileSpread({ count, width, cardWidth, minStep = 14, max = MAX_SPREAD }) {
  if (count <= 0) return { shown: 0, step: 0, width: cardWidth };
  let shown = Math.min(count, max);
  // Fewer cards when even the least step does not fit them all.
  while (shown > 1 && cardWidth + minStep * (shown - 1) > width) shown -= 1;
  const step = shown > 1 ? Math.min(cardWidth * 0.6, (width - cardWidth) / (shown - 1)) : 0;
  return { shown, step, width: cardWidth + step * (shown - 1) };
}
