// The deck the Swipe and Piles views share, and the ordered queue through which their changes reach the server.
//
// The views change their engines at once (a swipe, a moved row) and queue the matching API call here. Calls run
// one at a time, in order; when one fails, the queue stops, the page says why and offers Retry, and nothing the
// user sees is taken back: the cards stay where the user put them until the server has them too.

import { api, APIError } from './api.js';

export const PILES = Object.freeze({ keep: 'keep', discard: 'discard' });

const STORAGE_KEY = 'riffle.deck';
const storage = {
  get() { try { return localStorage.getItem(STORAGE_KEY); } catch { return null; } },
  set(id) { try { localStorage.setItem(STORAGE_KEY, id); } catch { /* private mode: no persistence */ } },
  clear() { try { localStorage.removeItem(STORAGE_KEY); } catch { /* ignore */ } },
};

export class DeckSession extends EventTarget {
  constructor() {
    super();
    this.deckId = null;
    this.remaining = 0;
    this.cardsById = [];      // card objects, by the integer id the engines use
    this.idByCode = new Map();
    this.pileOf = new Map();  // card code -> pile name, for cards the app put in a pile
    this.queue = [];
    this.running = false;
    this.failure = null;
  }

  /** The integer id of a card for ListEditing, registering the card on first sight. */
  idFor(card) {
    let id = this.idByCode.get(card.code);
    if (id === undefined) {
      id = this.cardsById.length;
      this.cardsById.push(card);
      this.idByCode.set(card.code, id);
    } else {
      this.cardsById[id] = card;
    }
    return id;
  }

  card(id) { return this.cardsById[id]; }

  /**
   * Continues the deck this browser used last (so a reload loses no card from view), or shuffles a new one.
   * Resolves to the cards dealt and in no pile when continuing, or to null for a new deck.
   */
  async start() {
    const saved = storage.get();
    if (saved) {
      try {
        const drawn = await api.drawnCards(saved);
        this.deckId = saved;
        this.remaining = drawn.remaining;
        for (const card of drawn.cards) this.idFor(card);
        this.emit('deck');
        return drawn.cards;
      } catch (error) {
        if (!(error instanceof APIError) || error.status !== 404) throw error;
        storage.clear();  // the server no longer has it: deal a new one
      }
    }
    const deck = await api.newShuffledDeck();
    this.deckId = deck.deck_id;
    this.remaining = deck.remaining;
    storage.set(this.deckId);
    this.emit('deck');
    return null;
  }

  /** Draws up to `count` cards from the deck (fewer when it runs out); updates `remaining`. */
  async draw(count) {
    if (this.remaining <= 0) return [];
    const result = await api.draw(this.deckId, Math.min(count, this.remaining));
    this.remaining = result.remaining;
    for (const card of result.cards) this.idFor(card);
    this.emit('deck');
    return result.cards;
  }

  /** Runs `operation` after every call queued before it; `label` says what it saves, for the error message. */
  enqueue(label, operation) {
    return new Promise((resolve) => {
      this.queue.push({ label, operation, resolve });
      this.pump();
    });
  }

  get pendingCount() { return this.queue.length; }

  async pump() {
    if (this.running || this.failure) return;
    this.running = true;
    this.emit('queue');
    while (this.queue.length > 0 && !this.failure) {
      const job = this.queue[0];
      try {
        const result = await job.operation();
        this.queue.shift();
        job.resolve(result);
        if (result && typeof result.remaining === 'number') this.remaining = result.remaining;
        this.emit('deck');
      } catch (error) {
        this.failure = { label: job.label, error };
        this.emit('failure');
      }
    }
    this.running = false;
    this.emit('queue');
  }

  /** Retries the call that failed, then the ones queued after it. */
  retry() {
    this.failure = null;
    this.emit('recovered');
    this.pump();
  }

  /** Resolves when every queued call has reached the server. */
  async settled() {
    while (this.queue.length > 0 || this.running) {
      await new Promise((resolve) => this.addEventListener('queue', resolve, { once: true }));
    }
  }

  emit(type) { this.dispatchEvent(new Event(type)); }
}

export function describeError(error) {
  if (error instanceof APIError) return error.message;
  return String(error && error.message ? error.message : error);
}
