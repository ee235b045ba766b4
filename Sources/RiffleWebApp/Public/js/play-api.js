// The live-table requests of the Play view (Riffle's extensions to the Deck of Cards API), loaded with the view.
// Every request but joining takes `{ token }`, the player's token (sent as `Authorization: Bearer`); a change also
// takes `{ key }`, its Idempotency-Key.

import { request } from './api.js';

export const tableApi = {
  newShuffledDeck: ({ key } = {}) => request('deck/new/shuffle/', { deck_count: 1 }, { key }),
  /** Takes a seat; `displayName` (any script, issue 32's server) is what the others see. */
  join: (deck, player, { displayName = null } = {}) => request(
    `deck/${deck}/player/${player}/`, displayName ? { display_name: displayName } : {}, { method: 'POST', form: true }),
  /** The host removes a player (their hand goes to the bottom of the deck). */
  removePlayer: (deck, player, { token, key } = {}) =>
    request(`deck/${deck}/player/${player}/`, {}, { method: 'DELETE', token, key }),
  /**
   * The turn marker (issue 32's server): `to` passes it (`next`, a player's name, or `none`), `strict` turns strict
   * turns on or off (the host's); either may be null.
   */
  turn: (deck, { to = null, strict = null } = {}, { token, key } = {}) => request(`deck/${deck}/turn/`,
    { ...(to ? { to } : {}), ...(strict === null ? {} : { strict: String(strict) }) }, { method: 'POST', form: true, token, key }),
  /** The host's new seat order (every player, once). */
  seats: (deck, order, { token, key } = {}) =>
    request(`deck/${deck}/seats/`, { order: order.join(',') }, { method: 'POST', form: true, token, key }),
  deckInfo: (deck) => request(`deck/${deck}/`),
  /** The host deals `count` cards face down to every player, one at a time in seat order (one change). */
  dealToEveryone: (deck, count, { token, key } = {}) =>
    request(`deck/${deck}/deal/`, { count }, { method: 'POST', form: true, token, key }),
  deal: (deck, pile, count, { token, key } = {}) => request(`deck/${deck}/pile/${pile}/deal/`, { count }, { token, key }),
  /** Moves cards onto a pile; with `from`, only from that pile, and nothing at all if one of them is not there. */
  /** `face: 'down'` makes a new pile face down (issue 32's server). */
  addToPile: (deck, pile, codes, { token, key, from = null, face = null } = {}) => request(
    `deck/${deck}/pile/${pile}/add/`,
    { cards: codes.join(','), ...(from ? { from } : {}), ...(face === 'down' ? { face } : {}) }, { token, key }),
  /** Takes back this player's last gift to `player`, while `player` has not moved since (409 otherwise). */
  takeBackGift: (deck, player, { token, key } = {}) =>
    request(`deck/${deck}/player/${player}/take-back/`, {}, { method: 'POST', form: true, token, key }),
  listPile: (deck, pile, { token } = {}) => request(`deck/${deck}/pile/${pile}/list/`, {}, { token }),
  /** The host's full reshuffle: every card, hands included, back into the deck, shuffled; the players stay. */
  newRound: (deck, { token, key } = {}) => request(`deck/${deck}/shuffle/`, {}, { token, key }),
  /**
   * A page of the table's history (issue 43's server): its stored events numbered above `after`, at most `limit`,
   * each as this caller's event stream showed it (a player's token shows the cards of moves into their own hand);
   * with `round`, round `round`'s events only, and the page says the round (its commitment, cards and steps).
   */
  history: (deck, { after = 0, limit = 100, round = null } = {}, { token } = {}) =>
    request(`deck/${deck}/history/`, { ...(round ? { round } : {}), after, limit }, { token }),
  /** The deck's event stream; EventSource cannot send headers, so the token goes in the query. */
  eventsURL: (deck, token, lastEventId = null) => {
    const params = new URLSearchParams(token ? { token } : {});
    if (lastEventId !== null) params.set('last_event_id', lastEventId);
    return `/api/deck/${deck}/events/${params.size ? `?${params}` : ''}`;
  },
};
