// The one model of the deck that the Swipe, Table and Piles views render from.
//
// It follows the app's outbox protocol (outbox-model.js): `confirmed` is the deck as the server last said, `view`
// is it with every waiting change applied, and each command (swipe, undo, move a row, draw to the table…) queues a
// change that the outbox sends, once, through outages, reloads and closed tabs. What is the deck's own:
//
// - the server refuses a change for good (the card is no longer where this tab thought: another tab moved it):
//   it is dropped and reported, the deck is read back from the server and the changes still waiting are applied on
//   top of it;
// - an answer that disagrees with the model (pile sizes, cards left) also makes it read the deck back;
// - another tab on the same deck saying it changed something makes this one read the deck back too;
// - the swipe stack is kept dealt: a draw is queued whenever it runs low.
//
// Views subscribe to 'change' (the cards moved), 'status' (the outbox's state) and 'notice' (a refused change).

import { cardName } from './api.js';
import {
  PILES, PILE_NAMES, alreadyApplied, applyChange as applyDeckChange, cloneState, emptyState, locate, noneDealing,
} from './deck-state.js';
import { classify } from './outbox.js';
import { OutboxModel } from './outbox-model.js';

const DECK_KEY = 'riffle.deck';
const OUTBOX_PREFIX = 'riffle.outbox.';
const CHANGED_KEY = 'riffle.deck.changed';
/** The swipe stack is topped up to this many cards when it falls to LOW_WATER. */
export const HAND_TARGET = 10;
export const LOW_WATER = 4;

const NEW_DECK = Object.freeze({ kind: 'newDeck', label: 'dealing a new deck', automatic: true });

export class DeckModel extends OutboxModel {
  /**
   * @param {object} options
   * @param {object} options.api the Deck of Cards API (api.js's `api`, or a fake with the same functions).
   * @param {Storage} [options.storage] where the deck id and the outbox are kept (localStorage in the browser).
   * @param {string} [options.tabId] this tab's name for its outbox (kept in sessionStorage, so a reload keeps it).
   * @param {(listener: Function) => void} [options.onOtherTab] subscribes to other tabs' storage events.
   * @param {object} [options.outbox] options passed on to the Outbox (a clock, a backoff: tests).
   */
  constructor({ api, storage = null, tabId = 'tab', onOtherTab = null, outbox = {} }) {
    super({ storage, prefix: OUTBOX_PREFIX, tabId, outbox });
    this.api = api;
    this.cards = new Map();   // code -> the card object the server sent (value, suit, images)
    this.confirmed = emptyState();
    this.view = emptyState();
    this.restored = false;    // it continues a deck this browser used before
    if (onOtherTab) onOtherTab((key, value) => this.otherTabChanged(key, value));
  }

  // MARK: Reading

  card(code) { return this.cards.get(code); }
  where(code) { return locate(this.view, code); }
  get deckId() { return this.view.deckId || this.confirmed.deckId; }

  // MARK: Starting

  /**
   * Continues the deck this browser used last with the changes this tab had not saved yet (a reload loses
   * nothing), or starts a new deck. Does not wait for the server: the outbox reports how that goes.
   */
  start() {
    const saved = this.outbox.load();
    // This tab's own record wins: its deck may still be on its way (a new deck not dealt yet has no id).
    const deckId = saved ? saved.deckId : this.readText(DECK_KEY);
    if (deckId) this.outbox.adoptOrphans((other) => Boolean(other) && other.deckId === deckId);
    if (deckId) {
      this.restored = true;
      this.confirmed = emptyState(deckId, 0);
      // The deck as last read, so that the cards show at once (also with the server down); then read it again.
      if (saved && saved.confirmed && saved.confirmed.deckId === deckId) {
        this.confirmed = { ...emptyState(), ...saved.confirmed, dealing: noneDealing() };
        this.register(saved.cards || []);
        this.loaded = true;
      }
      this.outbox.requestRead();
    } else if (!this.outbox.has((change) => change.kind === 'newDeck')) {
      this.outbox.enqueue({ ...NEW_DECK });
    }
    this.rebase(false);
    this.outbox.start();
  }

  // MARK: Commands

  /** The top card was swiped into `pile` (keep or discard). */
  swipe(code, pile) {
    return this.submit({ kind: 'add', pile, codes: [code], label: `putting the ${this.nameOf(code)} in ${pile}` });
  }

  /** Takes a swiped card back out of its pile into the stack. Returns false (and changes nothing) if it is in none. */
  undo(code) {
    const pile = this.where(code);
    if (!pile || pile === 'hand') return false;
    return this.submit({
      kind: 'take', pile, codes: [code], label: `taking the ${this.nameOf(code)} back from ${pile}`,
    });
  }

  /** Moves a pile's card to `index` of `pile` (the same pile or another): the API re-adds it and every card above. */
  moveRow(code, pile, index) {
    const from = this.where(code);
    if (!from || from === 'hand') return false;
    const rows = this.view.piles[pile].filter((c) => c !== code);
    const target = Math.max(0, Math.min(index, rows.length));
    rows.splice(target, 0, code);
    if (from === pile && rows.join() === this.view.piles[pile].join()) return false;
    return this.submit({
      kind: 'add', pile, codes: rows.slice(target), label: `moving the ${this.nameOf(code)} to ${pile}`,
    });
  }

  /** Puts a pile's card back at the bottom of the deck. */
  returnCard(code) {
    const pile = this.where(code);
    if (!pile || pile === 'hand') return false;
    return this.submit({
      kind: 'return', pile, codes: [code], label: `returning the ${this.nameOf(code)} to the deck`,
    });
  }

  /** Deals the next card onto the table (or into another pile). False when the deck has no card left. */
  drawTo(pile = PILES.table) {
    if (this.view.remaining <= 0) return false;
    return this.submit({ kind: 'draw', count: 1, to: pile, label: `dealing a card to ${pile}` });
  }

  /** Puts the discards back into the deck and shuffles what is undealt. Keep and the table are left as they are. */
  reshuffleDiscards() {
    const discards = this.view.piles.discard.slice();
    if (discards.length === 0) return false;
    this.submit({ kind: 'return', pile: PILES.discard, codes: discards, label: 'returning the discards to the deck' });
    return this.submit({ kind: 'shuffle', label: 'shuffling the deck' });
  }

  /** Starts over with a new shuffled deck (the old one's piles and table stay with the old deck on the server). */
  newDeck() {
    return this.submit({ kind: 'newDeck', label: 'dealing a new deck' });
  }

  /** Resends every pending change now; after a loss, starts a new deck. */
  retry() {
    if (this.outbox.phase === 'lost') {
      this.confirmed = emptyState();
      this.outbox.reset([{ ...NEW_DECK }]);
      this.rebase(false);
      return;
    }
    super.retry();
  }

  /**
   * The tab is shown again, or the browser is back online: reads the deck again (another tab may have changed it)
   * and resends what waits, now. A lost deck stays lost until Retry.
   */
  refresh() {
    if (this.loaded) this.outbox.requestRead();
    this.outbox.retry();
  }

  /** The view was made again: the swipe stack is kept dealt. */
  rebased() { this.topUpHand(); }

  /** Keeps the swipe stack dealt: a draw is queued whenever it runs low and the deck has cards. */
  topUpHand() {
    if (!this.view.deckId && !this.outbox.has((change) => change.kind === 'newDeck')) return;
    const have = this.view.hand.length + this.view.dealing.hand;
    if (have > LOW_WATER || this.view.remaining <= 0) return;
    const change = this.outbox.enqueue({
      kind: 'draw', count: HAND_TARGET - have, to: 'hand', label: 'dealing more cards', automatic: true,
    });
    applyDeckChange(this.view, change);
  }

  // MARK: What the outbox calls

  /** Sends one change and moves `confirmed` forward by what the server answered. */
  async send(change) {
    const deck = this.confirmed.deckId;
    const api = this.api;
    const options = { key: change.key };
    const next = cloneState(this.confirmed);
    let answer;
    switch (change.kind) {
      case 'newDeck': {
        answer = await api.newShuffledDeck(options);
        this.confirmed = emptyState(answer.deck_id, answer.remaining);
        this.loaded = true;
        this.writeText(DECK_KEY, answer.deck_id);
        return;
      }
      case 'draw': {
        // A resend asks for what the first try asked for (the deck may have fewer cards left by then, the first
        // try's among them), so that the server sees the same request under the same key.
        if (change.asked === undefined) {
          change.asked = Math.min(change.count, this.confirmed.remaining);
          this.outbox.save();
        }
        const count = change.asked;
        if (count <= 0) return;
        answer = await api.draw(deck, count, options);
        const codes = this.register(answer.cards);
        // A replayed answer (the first one was lost) names cards a read may have found dealt already.
        for (const code of codes) if (!next.hand.includes(code)) next.hand.push(code);
        next.remaining = answer.remaining;
        if (change.to !== 'hand' && codes.length > 0) {
          // The dealt card goes on to its pile as the next change, so that a failure in between loses nothing.
          this.outbox.insertAfter(change, [{
            kind: 'add', pile: change.to, codes, label: change.label, automatic: change.automatic,
          }]);
        }
        this.confirmed = next;
        return;
      }
      case 'add': answer = await api.addToPile(deck, change.pile, change.codes, options); break;
      case 'take': answer = await api.drawFromPile(deck, change.pile, change.codes, options); break;
      case 'return': answer = await api.returnToDeck(deck, change.pile, change.codes, options); break;
      case 'shuffle': answer = await api.shuffleRemaining(deck, options); break;
      default: return;
    }
    if (applyDeckChange(next, change) !== null) this.outbox.requestRead();
    this.confirmed = next;
    if (!this.agrees(answer)) this.outbox.requestRead();
  }

  /** A change was answered: the view is made again; once nothing waits, the other tabs are told. */
  answered(change) {
    super.answered(change);
    this.outbox.save();
    if (this.outbox.changes.length === 0) this.tellOtherTabs();
  }

  refusedText(change, message) {
    return `The server refused ${change.label}: ${message} The deck was read again from the server.`;
  }

  staleText(change, reason) {
    return `Could not finish ${change.label}: ${reason} any more (another tab moved it).`;
  }

  /** Whether an answer's cards left and pile sizes are what `confirmed` expects. */
  agrees(answer) {
    if (typeof answer.remaining === 'number' && answer.remaining !== this.confirmed.remaining) return false;
    const piles = answer.piles || {};
    return PILE_NAMES.every((name) => !piles[name] || piles[name].remaining === this.confirmed.piles[name].length);
  }

  /** Reads the whole deck back from the server into `confirmed`, then re-applies what is pending. */
  async readServer() {
    const deck = this.confirmed.deckId;
    if (!deck) return;
    const drawn = await this.api.drawnCards(deck);
    const state = emptyState(deck, drawn.remaining);
    state.hand = this.register(drawn.cards);
    // Only piles that hold cards are listed, so that a resync never asks for a pile the deck does not have (a 404).
    // A deck's cards are never made or lost, so those neither in the stack nor dealt are in piles: with none,
    // nothing is listed. Otherwise a pile last seen holding cards is listed first (else Keep, Discard, the table);
    // its answer gives every pile's size, and only the others that hold cards are listed after it.
    const inPiles = this.loaded ? cardCount(this.confirmed) - drawn.remaining - state.hand.length : null;
    let sizes = null;
    const held = (name) => this.confirmed.piles[name].length > 0;
    const order = [...PILE_NAMES].sort((a, b) => Number(held(b)) - Number(held(a)));
    for (const name of inPiles === 0 ? [] : order) {
      if (sizes && !(sizes[name] && sizes[name].remaining > 0)) continue;
      let listing;
      try {
        listing = await this.api.listPile(deck, name);
      } catch (error) {
        if (classify(error) === 'refused') continue;  // no such pile
        throw error;
      }
      sizes = listing.piles || {};
      state.piles[name] = this.register((sizes[name] && sizes[name].cards) || []);
    }
    if (this.confirmed.deckId !== deck) return;
    this.confirmed = state;
    this.loaded = true;
    this.rebase(true);
    this.outbox.save();
  }

  copyState(state) { return cloneState(state); }

  applyChange(state, change) { return applyDeckChange(state, change); }

  alreadyMade(state, change) { return alreadyApplied(state, change); }

  register(cards) {
    return cards.map((card) => {
      this.cards.set(card.code, card);
      return card.code;
    });
  }

  nameOf(code) {
    const card = this.cards.get(code);
    return card ? cardName(card) : code;
  }

  // MARK: Other tabs and persistence

  otherTabChanged(key, value) {
    if (key !== CHANGED_KEY || !value) return;
    let message;
    try { message = JSON.parse(value); } catch { return; }
    if (message.tab === this.tabId || message.deckId !== this.confirmed.deckId) return;
    this.outbox.requestRead();
  }

  tellOtherTabs() {
    this.writeText(CHANGED_KEY, JSON.stringify({ tab: this.tabId, deckId: this.confirmed.deckId, at: Date.now() }));
  }

  /** What is kept beside the outbox: the deck as last confirmed, so that a reload shows it at once. */
  keptWithChanges() {
    const { deckId, remaining, hand, piles } = this.confirmed;
    const codes = [...hand, ...Object.values(piles).flat()];
    const cards = codes.map((code) => this.cards.get(code)).filter(Boolean);
    return { deckId, confirmed: { deckId, remaining, hand, piles }, cards };
  }
}

/** Every card of a deck state: in the stack, dealt, or in one of the app's piles. */
function cardCount(state) {
  return state.remaining + state.hand.length + PILE_NAMES.reduce((sum, name) => sum + state.piles[name].length, 0);
}
