// A live table's changes and reads as requests to the server (play-api.js's `tableApi`, or a fake with the same
// functions): each change kind as its request, sent with the player's token and the change's Idempotency-Key, and
// the table read back from the listings a player (or a spectator) may see.

import { Refusal } from './outbox.js';
import { changeCodes, changePile } from './play-state.js';
import { codeName, pileLabel } from './play-words.js';

/**
 * Sends one change. Throws the APIError when the server refuses it, or a Refusal when its answer shows it was not made.
 * @param {object} api
 * @param {{deckId: string, me: string, token: string}} seat the table and the player making the change.
 * @param {object} change play-state.js's change, with its `key`.
 */
export async function sendChange(api, { deckId, me, token }, change) {
  const options = { token, key: change.key };
  switch (change.kind) {
    case 'deal': return api.deal(deckId, change.to, change.count, options);
    case 'play': return api.addToPile(deckId, changePile(change), changeCodes(change), { ...options, from: me, face: change.face });
    case 'give': return api.addToPile(deckId, change.to, changeCodes(change), { ...options, from: me });
    case 'ungive': return api.takeBackGift(deckId, change.from, options);
    case 'take': {
      const codes = changeCodes(change);
      const answer = await api.addToPile(deckId, me, codes, { ...options, from: changePile(change) });
      // A server that takes nothing when the card has gone answers success all the same: its cards tell.
      const hand = answer && answer.piles && answer.piles[me];
      if (hand && Array.isArray(hand.cards) && !codes.every((code) => hand.cards.some((card) => (card.code || card) === code))) {
        throw new Refusal(`The ${codeName(codes[0])} is no longer in ${pileLabel(changePile(change))}.`);
      }
      return answer;
    }
    case 'dealAll': return api.dealToEveryone(deckId, change.count, options);
    case 'newRound': return api.newRound(deckId, options);
    case 'remove': return api.removePlayer(deckId, change.player, options);
    case 'turn':
      return api.turn(deckId, { to: change.to || null, strict: change.strict === undefined ? null : change.strict }, options);
    case 'seats': return api.seats(deckId, change.order, options);
    default: return null;
  }
}

/**
 * Reads what a page may see of the table: `base`, a listing that gives every pile's size (the player's hand; for a
 * spectator, the listing of a pile it knows of, `known`, or the deck's info), and the listing of every face-up table
 * pile that holds cards and that `base` did not list whole.
 * @returns {Promise<{base: object, listings: object}>} for play-state.js's tableFromListings.
 */
export async function readTable(api, { deckId, me, token, known }) {
  const options = { token };
  let base;
  if (me) {
    base = await api.listPile(deckId, me, options);
  } else if (known) {
    base = await api.listPile(deckId, known, options).catch((error) => {
      if (error.status === 404 && !/Deck ID/.test(error.message)) return api.deckInfo(deckId);
      throw error;
    });
  } else {
    base = await api.deckInfo(deckId);
  }
  const listings = {};
  for (const [name, pile] of Object.entries(base.piles || {})) {
    if (pile.private || pile.face === 'down' || !pile.remaining || Array.isArray(pile.cards)) continue;
    listings[name] = await api.listPile(deckId, name, options);
  }
  return { base, listings };
}
