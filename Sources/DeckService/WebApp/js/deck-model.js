// The one model of the deck every view renders from, and the outbox through which its changes reach the server.
//
// The model keeps two states (deck-state.js): `confirmed`, what the server last said, and `view`, the confirmed
// state with every pending change applied: what the user sees. A command (swipe, undo, move a row, draw to the
// table…) appends a change to the outbox and updates `view` at once; the outbox sends its changes one at a time,
// in order, and each answer moves `confirmed` forward. Nothing the user did is dropped:
//
// - the server cannot be reached, or answers 5xx: the outbox stops (status 'stalled') and keeps every change, in
//   order, in localStorage; one Retry (or the browser coming back online) resends them all;
// - the server refuses a change for good (the card is no longer where this tab thought: another tab moved it):
//   the change is dropped and reported, the model reads the deck back from the server, re-applies the changes
//   still pending on top of it and goes on;
// - an answer that disagrees with the model (pile sizes, cards left) also makes it read the deck back;
// - another tab on the same deck saying it changed something makes this one read the deck back too.
//
// Views subscribe to 'change' (the cards moved), 'status' (the outbox's state) and 'notice' (a refused change).

import { cardName } from './api.js';
import { PILES, PILE_NAMES, alreadyApplied, applyChange, cloneState, emptyState, locate } from './deck-state.js';

const DECK_KEY = 'riffle.deck';
const OUTBOX_PREFIX = 'riffle.outbox.';
const CHANGED_KEY = 'riffle.deck.changed';
const ORPHAN_AGE_MS = 15000;
/** The swipe stack is topped up to this many cards when it falls to LOW_WATER. */
export const HAND_TARGET = 10;
export const LOW_WATER = 4;

/** How an error from the API is handled: 'transient' (retry later), 'refused' (never), 'lost' (no such deck). */
export function classify(error) {
  if (!error || error.name !== 'APIError') return 'transient';
  if (error.unreachable || error.status >= 500 || error.status === 408 || error.status === 429) return 'transient';
  if (error.status === 404 && /Deck ID does not exist/.test(error.message)) return 'lost';
  return 'refused';
}

export class DeckModel extends EventTarget {
  /**
   * @param {object} options
   * @param {object} options.api the Deck of Cards API (api.js's `api`, or a fake with the same functions).
   * @param {Storage} [options.storage] where the deck id and the outbox are kept (localStorage in the browser).
   * @param {string} [options.tabId] this tab's name for its outbox (kept in sessionStorage, so a reload keeps it).
   * @param {(listener: Function) => void} [options.onOtherTab] subscribes to other tabs' storage events.
   */
  constructor({ api, storage = null, tabId = 'tab', onOtherTab = null }) {
    super();
    this.api = api;
    this.storage = storage;
    this.tabId = tabId;
    this.cards = new Map();   // code -> the card object the server sent (value, suit, images)
    this.confirmed = emptyState();
    this.view = emptyState();
    this.outbox = [];
    this.nextId = 1;
    this.running = false;
    this.stalled = null;      // the error that stopped the outbox
    this.lost = false;        // the server no longer has the deck
    this.needsResync = false;
    this.started = false;
    this.loaded = false;      // the model has heard from the server at least once
    if (onOtherTab) onOtherTab((key, value) => this.otherTabChanged(key, value));
  }

  // MARK: Reading

  card(code) { return this.cards.get(code); }
  where(code) { return locate(this.view, code); }
  get deckId() { return this.view.deckId || this.confirmed.deckId; }
  get pendingCount() { return this.outbox.filter((change) => !change.automatic).length; }

  /** What the outbox is doing, for the status line and the banner. */
  get status() {
    let state = 'saved';
    if (this.lost) state = 'lost';
    else if (this.stalled) state = 'stalled';
    else if (this.outbox.length > 0 || this.running || this.needsResync) state = 'saving';
    return { state, pending: this.pendingCount, error: this.stalled, label: this.outbox[0] && this.outbox[0].label };
  }

  /** Resolves when the outbox is empty and the model agrees with the server, or rejects when it stalls. */
  settled() {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (this.stalled || this.lost) {
          this.removeEventListener('status', check);
          reject(this.stalled || new Error('deck lost'));
        } else if (this.outbox.length === 0 && !this.running && !this.needsResync) {
          this.removeEventListener('status', check);
          resolve();
        }
      };
      this.addEventListener('status', check);
      check();
    });
  }

  // MARK: Starting

  /**
   * Continues the deck this browser used last with the changes this tab had not saved yet (a reload loses
   * nothing), or starts a new deck. Does not wait for the server: the outbox reports how that goes.
   */
  start() {
    this.started = true;
    const saved = this.read(OUTBOX_PREFIX + this.tabId);
    // This tab's own record wins: its deck may still be on its way (a new deck not dealt yet has no id).
    const deckId = saved ? saved.deckId : this.readRaw(DECK_KEY);
    this.outbox = saved && Array.isArray(saved.outbox) ? saved.outbox : [];
    this.nextId = this.outbox.reduce((max, change) => Math.max(max, change.id + 1), 1);
    this.adoptOrphans(deckId);
    // Changes left from before a reload may have reached the server late: read the deck again once they are sent.
    this.verifyWhenDrained = this.outbox.length > 0;
    if (deckId) {
      this.confirmed = emptyState(deckId, 0);
      // The deck as last read, so that the cards show at once (also with the server down); then read it again.
      if (saved && saved.confirmed && saved.confirmed.deckId === deckId) {
        this.confirmed = { ...emptyState(), ...saved.confirmed, dealing: { hand: 0, table: 0 } };
        this.register(saved.cards || []);
        this.loaded = true;
      }
      this.needsResync = true;
    } else if (!this.outbox.some((change) => change.kind === 'newDeck')) {
      this.outbox.unshift({ id: this.nextId++, kind: 'newDeck', label: 'dealing a new deck', automatic: true });
    }
    this.rebase(false);
    this.topUpHand();
    this.save();
    this.pump();
  }

  /** Outboxes other tabs left behind (closed with changes unsaved) on this deck join this tab's, in order. */
  adoptOrphans(deckId) {
    if (!this.storage || !deckId) return;
    const now = Date.now();
    for (let i = this.storage.length - 1; i >= 0; i--) {
      const key = this.storage.key(i);
      if (!key || !key.startsWith(OUTBOX_PREFIX) || key === OUTBOX_PREFIX + this.tabId) continue;
      const other = this.read(key);
      if (!other || other.deckId !== deckId || now - (other.at || 0) < ORPHAN_AGE_MS) continue;
      for (const change of other.outbox || []) this.outbox.push({ ...change, id: this.nextId++ });
      this.storage.removeItem(key);
    }
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
    this.submit({
      kind: 'return', pile: PILES.discard, codes: discards, label: 'returning the discards to the deck',
    }, false);
    return this.submit({ kind: 'shuffle', label: 'shuffling the deck' });
  }

  /** Starts over with a new shuffled deck (the old one's piles and table stay with the old deck on the server). */
  newDeck() {
    return this.submit({ kind: 'newDeck', label: 'dealing a new deck' });
  }

  /** Resends every pending change, in order. */
  retry() {
    if (this.lost) {
      this.lost = false;
      this.outbox = [{ id: this.nextId++, kind: 'newDeck', label: 'dealing a new deck', automatic: true }];
      this.confirmed = emptyState();
      this.rebase(false);
      this.save();
    }
    this.stalled = null;
    this.pump();
  }

  submit(change, pump = true) {
    change.id = this.nextId++;
    const reason = applyChange(cloneState(this.view), change);
    if (reason) {
      this.notice(`Could not finish ${change.label}: ${reason}.`);
      return false;
    }
    this.outbox.push(change);
    this.rebase(false);
    this.topUpHand();
    this.save();
    if (pump) this.pump();
    return true;
  }

  /** Keeps the swipe stack dealt: a draw is queued whenever it runs low and the deck has cards. */
  topUpHand() {
    if (!this.view.deckId && !this.outbox.some((change) => change.kind === 'newDeck')) return;
    const have = this.view.hand.length + this.view.dealing.hand;
    if (have > LOW_WATER || this.view.remaining <= 0) return;
    const change = {
      id: this.nextId++, kind: 'draw', count: HAND_TARGET - have, to: 'hand', label: 'dealing more cards',
      automatic: true,
    };
    this.outbox.push(change);
    applyChange(this.view, change);
    this.emit('change');
  }

  // MARK: The outbox

  /** Stops sending and saving (the page is going away; a test's "reload" leaves the old model like this). */
  stop() {
    this.started = false;
    this.stopped = true;
  }

  async pump() {
    if (this.running || this.stalled || this.lost || !this.started) return;
    this.running = true;
    this.emit('status');
    for (;;) {
      if (this.stopped) return;
      try {
        if (this.needsResync) {
          await this.resync();
          continue;
        }
        if (this.outbox.length === 0) {
          if (!this.verifyWhenDrained) break;
          // After an outage or a reload, a request may have landed after the last read: read once more at the end.
          this.verifyWhenDrained = false;
          this.needsResync = this.confirmed.deckId !== null;
          continue;
        }
        const change = this.outbox[0];
        await this.send(change);
        if (this.stopped) return;
        if (this.outbox[0] === change) this.outbox.shift();
        this.rebase(false);
        this.topUpHand();
        this.save();
        this.tellOtherTabs();
      } catch (error) {
        const kind = classify(error);
        if (kind === 'refused' && !this.needsResync && this.outbox.length > 0) {
          const [change] = this.outbox.splice(0, 1);
          this.notice(`The server refused ${change.label}: ${error.message} The deck was read again from the server.`);
          this.needsResync = true;
          this.save();
          continue;
        }
        if (kind === 'lost') this.lost = true;
        else this.stalled = error;
        // The request may have reached the server even though no answer came back: read the deck before resending.
        this.needsResync = this.confirmed.deckId !== null;
        this.verifyWhenDrained = true;
        break;
      }
    }
    this.running = false;
    this.emit('status');
  }

  /** Sends one change and moves `confirmed` forward by what the server answered. */
  async send(change) {
    const deck = this.confirmed.deckId;
    const api = this.api;
    const next = cloneState(this.confirmed);
    let answer;
    switch (change.kind) {
      case 'newDeck': {
        answer = await api.newShuffledDeck();
        this.confirmed = emptyState(answer.deck_id, answer.remaining);
        this.loaded = true;
        this.writeRaw(DECK_KEY, answer.deck_id);
        return;
      }
      case 'draw': {
        const count = Math.min(change.count, this.confirmed.remaining);
        if (count <= 0) return;
        answer = await api.draw(deck, count);
        const codes = this.register(answer.cards);
        next.hand.push(...codes);
        next.remaining = answer.remaining;
        if (change.to !== 'hand' && codes.length > 0) {
          // The dealt card goes on to its pile as the next change, so that a failure in between loses nothing.
          this.outbox.splice(1, 0, {
            id: this.nextId++, kind: 'add', pile: change.to, codes, label: change.label, automatic: change.automatic,
          });
        }
        this.confirmed = next;
        return;
      }
      case 'add': answer = await api.addToPile(deck, change.pile, change.codes); break;
      case 'take': answer = await api.drawFromPile(deck, change.pile, change.codes); break;
      case 'return': answer = await api.returnToDeck(deck, change.pile, change.codes); break;
      case 'shuffle': answer = await api.shuffleRemaining(deck); break;
      default: return;
    }
    if (applyChange(next, change) !== null) this.needsResync = true;
    this.confirmed = next;
    if (!this.agrees(answer)) this.needsResync = true;
  }

  /** Whether an answer's cards left and pile sizes are what `confirmed` expects. */
  agrees(answer) {
    if (typeof answer.remaining === 'number' && answer.remaining !== this.confirmed.remaining) return false;
    const piles = answer.piles || {};
    return PILE_NAMES.every((name) => !piles[name] || piles[name].remaining === this.confirmed.piles[name].length);
  }

  /** Reads the whole deck back from the server into `confirmed`, then re-applies what is pending. */
  async resync() {
    const deck = this.confirmed.deckId;
    if (!deck) {
      this.needsResync = false;
      return;
    }
    const drawn = await this.api.drawnCards(deck);
    const state = emptyState(deck, drawn.remaining);
    state.hand = this.register(drawn.cards);
    let names = null;
    for (const name of PILE_NAMES) {
      if (names && !names.includes(name)) continue;
      let listing;
      try {
        listing = await this.api.listPile(deck, name);
      } catch (error) {
        if (classify(error) === 'refused') continue;  // no such pile yet
        throw error;
      }
      names = Object.keys(listing.piles || {});
      state.piles[name] = this.register((listing.piles[name] && listing.piles[name].cards) || []);
    }
    if (this.confirmed.deckId !== deck) return;
    this.confirmed = state;
    this.loaded = true;
    this.needsResync = false;
    this.rebase(true);
    this.topUpHand();
    this.save();
  }

  /**
   * view = confirmed + every pending change. After reading the server, a pending change that no longer applies
   * (its card is elsewhere now) is dropped and reported rather than sent to be refused.
   */
  rebase(dropStale) {
    const view = cloneState(this.confirmed);
    const kept = [];
    for (const change of this.outbox) {
      if (dropStale && alreadyApplied(view, change)) continue;  // its answer was lost, but the server did it
      const reason = applyChange(view, change);
      if (reason && dropStale) {
        this.notice(`Could not finish ${change.label}: ${reason} any more (another tab moved it).`);
        continue;
      }
      kept.push(change);
    }
    this.outbox = kept;
    this.view = view;
    this.emit('change');
  }

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

  notice(message) {
    this.lastNotice = message;
    this.dispatchEvent(new CustomEvent('notice', { detail: message }));
  }

  emit(type) { this.dispatchEvent(new Event(type)); }

  // MARK: Other tabs and persistence

  otherTabChanged(key, value) {
    if (key !== CHANGED_KEY || !value) return;
    let message;
    try { message = JSON.parse(value); } catch { return; }
    if (message.tab === this.tabId || message.deckId !== this.confirmed.deckId) return;
    this.needsResync = true;
    this.pump();
  }

  tellOtherTabs() {
    if (this.outbox.length > 0) return;
    this.writeRaw(CHANGED_KEY, JSON.stringify({ tab: this.tabId, deckId: this.confirmed.deckId, at: Date.now() }));
  }

  save() {
    const { deckId, remaining, hand, piles } = this.confirmed;
    const codes = [...hand, ...Object.values(piles).flat()];
    const cards = codes.map((code) => this.cards.get(code)).filter(Boolean);
    const value = { deckId, outbox: this.outbox, at: Date.now(), confirmed: { deckId, remaining, hand, piles }, cards };
    this.writeRaw(OUTBOX_PREFIX + this.tabId, JSON.stringify(value));
  }

  read(key) {
    const raw = this.readRaw(key);
    if (!raw) return null;
    try { return JSON.parse(raw); } catch { return null; }
  }

  readRaw(key) {
    try { return this.storage ? this.storage.getItem(key) : null; } catch { return null; }
  }

  writeRaw(key, value) {
    try { if (this.storage && !this.stopped) this.storage.setItem(key, value); } catch { /* private mode: nothing persists */ }
  }
}
