// An in-memory Deck of Cards API with the semantics of /work/shared/DECK-API.md for the calls the web app makes,
// and a fault switch: calls can fail as if the server were unreachable, answer 503, or be delayed; a test can also
// change the deck behind the model's back (as another tab would), so that later changes are refused.
//
// Like `riffle serve`, it honours Idempotency-Key: a change sent again with the key of one it made answers the
// first answer again and changes nothing; the same key with another request is 422. Every call is recorded in
// `requests` ({ name, key, args }), so a test can check which key each change carried and what each call asked.

import { APIError } from '../../../Sources/RiffleWebApp/Public/js/api.js';

const SUITS = ['SPADES', 'DIAMONDS', 'CLUBS', 'HEARTS'];
const VALUES = ['ACE', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'JACK', 'QUEEN', 'KING'];

function cardObject(code) {
  const value = VALUES[['A', '2', '3', '4', '5', '6', '7', '8', '9', '0', 'J', 'Q', 'K'].indexOf(code[0])];
  const suit = SUITS['SDCH'.indexOf(code[1])];
  return { code, value, suit, image: `/static/img/${code}.png` };
}

const ALL_CODES = SUITS.flatMap((_, s) => ['A', '2', '3', '4', '5', '6', '7', '8', '9', '0', 'J', 'Q', 'K']
  .map((v) => v + 'SDCH'[s]));

/** A seeded generator (mulberry32): the same seed, the same sequence. */
export function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class FakeDeckServer {
  constructor(random = Math.random) {
    this.random = random;
    this.decks = new Map();
    this.fault = null;         // null, 'unreachable' or 'busy': every call fails that way until cleared
    this.failNext = 0;         // the next n calls fail as `fault` or unreachable
    this.maxDelayMs = 0;       // each call waits up to this long before it is handled
    this.lostAnswers = 0;      // the next n calls are handled but their answer is lost (a timeout)
    this.loseAnswerTo = null;  // the name of a call (e.g. 'draw') whose next answer is lost
    this.calls = 0;
    this.requests = [];        // every call: { name, key, args }
    this.answersByKey = new Map();  // Idempotency-Key -> { request, answer }
    this.replays = 0;
    this.api = this.makeAPI();
  }

  shuffled() {
    const codes = ALL_CODES.slice();
    for (let i = codes.length - 1; i > 0; i--) {
      const j = Math.floor(this.random() * (i + 1));
      [codes[i], codes[j]] = [codes[j], codes[i]];
    }
    return codes;
  }

  deck(id) {
    const deck = this.decks.get(id);
    if (!deck) throw new APIError('Deck ID does not exist.', { status: 404 });
    return deck;
  }

  /** The deck in the model's terms (deck-state.js), for comparing with the model. */
  stateOf(id) {
    const deck = this.deck(id);
    const piles = { keep: [], discard: [], table: [] };
    for (const [name, cards] of deck.piles) if (name in piles) piles[name] = cards.slice();
    return {
      deckId: id, remaining: deck.stack.length, hand: deck.drawn.slice(), piles,
      dealing: { hand: 0, keep: 0, discard: 0, table: 0 },
    };
  }

  pilesJSON(deck, listing) {
    const piles = {};
    for (const [name, cards] of deck.piles) {
      piles[name] = { remaining: cards.length };
      if (name === listing) piles[name].cards = cards.map(cardObject);
    }
    return piles;
  }

  /** One call: `name` and `args` say what was asked (for Idempotency-Key), `key` is the change's key, if any. */
  async call(name, args, key, handler) {
    this.calls += 1;
    this.requests.push({ name, key: key || null, args });
    if (this.maxDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.random() * this.maxDelayMs));
    const failing = this.fault || (this.failNext > 0 ? 'unreachable' : null);
    if (this.failNext > 0) this.failNext -= 1;
    if (failing === 'unreachable') throw new APIError('The card server cannot be reached.', { unreachable: true });
    if (failing === 'busy') throw new APIError('The database is busy.', { status: 503 });
    const request = JSON.stringify([name, args]);
    const earlier = key ? this.answersByKey.get(key) : null;
    if (earlier && earlier.request !== request) {
      throw new APIError('This Idempotency-Key was used for another request.', { status: 422 });
    }
    let answer;
    if (earlier) {
      this.replays += 1;
      answer = earlier.answer;
    } else {
      answer = handler();
      if (key) this.answersByKey.set(key, { request, answer: JSON.parse(JSON.stringify(answer)) });
    }
    if (this.loseAnswerTo === name) {
      this.loseAnswerTo = null;
      throw new APIError('The card server cannot be reached.', { unreachable: true });
    }
    if (this.lostAnswers > 0) {
      this.lostAnswers -= 1;
      throw new APIError('The card server cannot be reached.', { unreachable: true });
    }
    return JSON.parse(JSON.stringify(answer));
  }

  /** Moves a dealt card as another client would (into `pile`, or back into the deck when pile is null). */
  interfere(id, code, pile) {
    const deck = this.deck(id);
    this.take(deck, code);
    if (pile) this.pile(deck, pile).push(code);
    else deck.stack.push(code);
  }

  take(deck, code) {
    const i = deck.drawn.indexOf(code);
    if (i >= 0) return deck.drawn.splice(i, 1);
    for (const cards of deck.piles.values()) {
      const j = cards.lastIndexOf(code);
      if (j >= 0) return cards.splice(j, 1);
    }
    return null;
  }

  pile(deck, name) {
    if (!deck.piles.has(name)) deck.piles.set(name, []);
    return deck.piles.get(name);
  }

  makeAPI() {
    const pileNotFound = (name) => new APIError(`The pile, ${name} does not exist.`, { status: 404 });
    /** Takes the named cards out of a pile (the last copy of each), or changes nothing and throws a 404. */
    const takeFromPile = (deck, name, codes) => {
      if (!deck.piles.has(name)) throw pileNotFound(name);
      const pile = deck.piles.get(name);
      if (!codes.every((code) => pile.includes(code))) {
        throw new APIError(`The pile, ${name} does not contain the requested cards.`, { status: 404 });
      }
      for (const code of codes) pile.splice(pile.lastIndexOf(code), 1);
    };
    return {
      newShuffledDeck: ({ key } = {}) => this.call('newShuffledDeck', [], key, () => {
        this.created = (this.created || 0) + 1;
        const id = `deck${this.created}`;
        this.decks.set(id, { stack: this.shuffled(), drawn: [], piles: new Map() });
        return { success: true, deck_id: id, remaining: 52, shuffled: true };
      }),
      draw: (id, count, { key } = {}) => this.call('draw', [id, count], key, () => {
        const deck = this.deck(id);
        const cards = deck.stack.splice(0, count);
        deck.drawn.push(...cards);
        return { success: cards.length === count, deck_id: id, cards: cards.map(cardObject), remaining: deck.stack.length };
      }),
      drawnCards: (id) => this.call('drawnCards', [id], null, () => {
        const deck = this.deck(id);
        return { success: true, deck_id: id, cards: deck.drawn.map(cardObject), remaining: deck.stack.length };
      }),
      listPile: (id, name) => this.call('listPile', [id, name], null, () => {
        const deck = this.deck(id);
        if (!deck.piles.has(name)) throw pileNotFound(name);
        return { success: true, deck_id: id, remaining: deck.stack.length, piles: this.pilesJSON(deck, name) };
      }),
      addToPile: (id, name, codes, { key } = {}) => this.call('addToPile', [id, name, codes], key, () => {
        const deck = this.deck(id);
        const pile = this.pile(deck, name);
        for (const code of codes) {
          if (deck.stack.includes(code)) continue;  // cards in the stack are ignored
          if (this.take(deck, code)) pile.push(code);
        }
        return { success: true, deck_id: id, remaining: deck.stack.length, piles: this.pilesJSON(deck, null) };
      }),
      drawFromPile: (id, name, codes, { key } = {}) => this.call('drawFromPile', [id, name, codes], key, () => {
        const deck = this.deck(id);
        takeFromPile(deck, name, codes);
        deck.drawn.push(...codes);
        return { success: true, deck_id: id, cards: codes.map(cardObject), piles: this.pilesJSON(deck, null) };
      }),
      returnToDeck: (id, name, codes, { key } = {}) => this.call('returnToDeck', [id, name, codes], key, () => {
        const deck = this.deck(id);
        takeFromPile(deck, name, codes);
        deck.stack.push(...codes);
        return { success: true, deck_id: id, remaining: deck.stack.length, piles: this.pilesJSON(deck, null) };
      }),
      shuffleRemaining: (id, { key } = {}) => this.call('shuffleRemaining', [id], key, () => {
        const deck = this.deck(id);
        deck.stack.sort(() => this.random() - 0.5);
        return { success: true, deck_id: id, remaining: deck.stack.length, shuffled: true };
      }),
    };
  }
}

/** One browser's localStorage shared by several tabs: each tab gets the Storage interface and hears the others. */
export class SharedStorage {
  constructor() { this.map = new Map(); this.tabs = []; }

  /** A tab's view: `storage` (the Storage interface) and `onOtherTab` (subscribes to the other tabs' writes). */
  tab() {
    const shared = this;
    const tab = { listeners: [] };
    tab.storage = {
      get length() { return shared.map.size; },
      key: (i) => [...shared.map.keys()][i] ?? null,
      getItem: (key) => (shared.map.has(key) ? shared.map.get(key) : null),
      setItem: (key, value) => {
        shared.map.set(key, String(value));
        for (const other of shared.tabs) {
          if (other !== tab) for (const listener of other.listeners) listener(key, String(value));
        }
      },
      removeItem: (key) => { shared.map.delete(key); },
    };
    tab.onOtherTab = (listener) => tab.listeners.push(listener);
    this.tabs.push(tab);
    return tab;
  }
}
