// The Deck of Cards API as the app uses it: one function per request, JSON in, typed errors out.

/** A request that failed: the server could not be reached, or it answered with an error. */
export class APIError extends Error {
  constructor(message, { status = 0, unreachable = false, body = null } = {}) {
    super(message);
    this.name = 'APIError';
    this.status = status;
    this.unreachable = unreachable;
    this.body = body;
  }
}

const TIMEOUT_MS = 8000;

/**
 * Sends one request under `/api/` and returns the decoded body, or throws an APIError. `token` (a live table's
 * player) is sent as `Authorization: Bearer`, never in the URL; `key` (a change's Idempotency-Key) as
 * `Idempotency-Key`, so that the server makes a resent change once; with `form`, the parameters go in an
 * application/x-www-form-urlencoded body (fetch sets its Content-Type) instead of the query.
 */
export async function request(path, params = {}, { token = null, method = 'GET', key = null, form = false } = {}) {
  // A POST of Riffle's own endpoints (join, turn, seats…) takes its parameters from a form body, never the query.
  const query = new URLSearchParams(params).toString();
  const url = `/api/${path}${query && !form ? `?${query}` : ''}`;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (key) headers['Idempotency-Key'] = key;
  let response;
  try {
    const body = form ? new URLSearchParams(params) : undefined;
    response = await fetch(url, { method, headers, body, signal: controller.signal, cache: 'no-store' });
  } catch (error) {
    throw new APIError('The card server cannot be reached. Check that riffle serve is running.', {
      unreachable: true,
    });
  } finally {
    clearTimeout(timer);
  }
  let body = null;
  try {
    body = await response.json();
  } catch {
    throw new APIError(`The card server answered ${response.status} with something that is not JSON.`, {
      status: response.status,
    });
  }
  if (!response.ok || body.success === false) {
    // A main-deck draw past the end still deals the cards it had: let the caller keep them.
    if (response.ok && Array.isArray(body.cards) && body.cards.length > 0) return body;
    throw new APIError(body.error || `The card server answered ${response.status}.`, {
      status: response.status,
      body,
    });
  }
  return body;
}

/** The requests of the Swipe, Table and Piles views. A change takes `{ key }`, its Idempotency-Key. */
export const api = {
  newShuffledDeck: ({ key } = {}) => request('deck/new/shuffle/', { deck_count: 1 }, { key }),
  draw: (deck, count, { key } = {}) => request(`deck/${deck}/draw/`, { count }, { key }),
  drawnCards: (deck) => request(`deck/${deck}/drawn/`),
  shuffleRemaining: (deck, { key } = {}) => request(`deck/${deck}/shuffle/`, { remaining: 'true' }, { key }),
  addToPile: (deck, pile, codes, { key } = {}) =>
    request(`deck/${deck}/pile/${pile}/add/`, { cards: codes.join(',') }, { key }),
  listPile: (deck, pile) => request(`deck/${deck}/pile/${pile}/list/`),
  drawFromPile: (deck, pile, codes, { key } = {}) =>
    request(`deck/${deck}/pile/${pile}/draw/`, { cards: codes.join(',') }, { key }),
  returnToDeck: (deck, pile, codes, { key } = {}) =>
    request(`deck/${deck}/pile/${pile}/return/`, { cards: codes.join(',') }, { key }),
};

const VALUE_NAMES = {
  ACE: 'Ace', JACK: 'Jack', QUEEN: 'Queen', KING: 'King', JOKER: 'Joker',
};
const SUIT_NAMES = {
  SPADES: 'Spades', HEARTS: 'Hearts', DIAMONDS: 'Diamonds', CLUBS: 'Clubs', BLACK: 'Black', RED: 'Red',
};

/** "Queen of Hearts", "10 of Clubs", "Red Joker". */
export function cardName(card) {
  const value = VALUE_NAMES[card.value] || card.value;
  const suit = SUIT_NAMES[card.suit] || card.suit;
  return card.value === 'JOKER' ? `${suit} Joker` : `${value} of ${suit}`;
}

/** The card's image: the SVG when the server offers one, else the PNG. */
export function cardImage(card) {
  return (card.images && card.images.svg) || card.image;
}

/** Whether the card's suit is drawn in red. */
export function isRed(card) {
  return card.suit === 'HEARTS' || card.suit === 'DIAMONDS' || card.suit === 'RED';
}
