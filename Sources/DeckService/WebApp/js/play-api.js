// The live-table requests of the Play view (Riffle's extensions to the Deck of Cards API), loaded with the view.

import { request } from './api.js';

/** The live-table requests (Riffle's extensions): each sends the player's token. */
export const tableApi = {
  newShuffledDeck: () => request('deck/new/shuffle/', { deck_count: 1 }),
  join: (deck, player) => request(`deck/${deck}/player/${player}/`, {}, { method: 'POST' }),
  deal: (deck, pile, count, token) => request(`deck/${deck}/pile/${pile}/deal/`, { count }, { token }),
  addToPile: (deck, pile, codes, token) => request(`deck/${deck}/pile/${pile}/add/`, { cards: codes.join(',') }, { token }),
  listPile: (deck, pile, token) => request(`deck/${deck}/pile/${pile}/list/`, {}, { token }),
  /** The deck's event stream; EventSource cannot send headers, so the token goes in the query. */
  eventsURL: (deck, token, lastEventId = null) => {
    const params = new URLSearchParams({ token });
    if (lastEventId !== null) params.set('last_event_id', lastEventId);
    return `/api/deck/${deck}/events/?${params}`;
  },
};
