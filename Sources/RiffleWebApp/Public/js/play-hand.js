// This player's hand as the dock draws it: in the order the player chose, a card taken back by Undo in its old
// place, a card whose play is not answered yet still in its place ('playing'), and the cards taken but not yet
// answered after them ('arriving'). Plain data in, plain data out (node --test checks it).

import { changeCodes } from './play-state.js';

/** The orders a hand can be sorted in. */
export const HAND_ORDERS = Object.freeze(['dealt', 'suit', 'rank']);

/** The storage key of the order this device keeps for a table's hand. */
export function handOrderKey(deckId) { return `riffle.play.sort.${deckId}`; }

/**
 * The hand's slots, in order: `answeredHand` (the hand once every answered change is in) as 'held', each card of a
 * play or gift not answered yet marked 'playing', then the cards of takes not answered yet as 'arriving'; the cards
 * taken back by Undo put back in their `places` (code -> index). `hidden` counts the cards dealt to this player whose
 * faces are not known yet (`pile`: this player's pile in the view).
 * @returns {{ slots: {code: string, state: string}[], hidden: number }}
 */
export function handSlots({ answeredHand, waiting, pile, places }) {
  const slots = answeredHand.map((code) => ({ code, state: 'held' }));
  for (const change of waiting) {
    if (change.seen) continue;
    if (change.kind === 'take' || change.kind === 'ungive') {
      for (const code of changeCodes(change)) slots.push({ code, state: 'arriving' });
    }
    if (change.kind === 'play' || change.kind === 'give') {
      for (const code of changeCodes(change)) {
        const slot = slots.find((s) => s.code === code && s.state !== 'playing');
        if (slot) slot.state = 'playing';
      }
    }
  }
  const known = pile && pile.cards ? pile.cards.length : 0;
  return { slots: placeBack(slots, places), hidden: Math.max(0, (pile ? pile.remaining : 0) - known) };
}

/**
 * The hand's slots with the cards taken back by Undo where they were before their play (`places`: code -> index in
 * the hand then); the server puts a card taken back on top of the hand, the player expects it in its place.
 */
export function placeBack(slots, places) {
  const moving = slots.filter((slot) => Number.isInteger(places[slot.code]) && places[slot.code] >= 0);
  if (!moving.length) return slots;
  const rest = slots.filter((slot) => !moving.includes(slot));
  for (const slot of moving.sort((a, b) => places[a.code] - places[b.code])) {
    rest.splice(Math.min(places[slot.code], rest.length), 0, slot);
  }
  return rest;
}

const RANK_ORDER = '234567890JQKA';
const SUIT_ORDER = 'SHCD';

function rankIndex(code) { return code[0] === 'X' ? 99 : RANK_ORDER.indexOf(code[0]); }
function suitIndex(code) { return code[0] === 'X' ? 9 : SUIT_ORDER.indexOf(code[1]); }

/**
 * The hand in the order the player chose: 'dealt' (as the server has it), 'suit' (♠ ♥ ♣ ♦, each low to high, ace
 * high) or 'rank' (low to high, suits in that order within a rank). Returns a new array.
 */
export function sortHand(codes, by = 'dealt') {
  const sorted = codes.slice();
  if (by === 'suit') sorted.sort((a, b) => suitIndex(a) - suitIndex(b) || rankIndex(a) - rankIndex(b));
  if (by === 'rank') sorted.sort((a, b) => rankIndex(a) - rankIndex(b) || suitIndex(a) - suitIndex(b));
  return sorted;
}
