// One live table for the Play view: the player's seat (name and token, kept per deck so a reload is the same
// player), the table as the server last said (`confirmed`), and the outbox through which this player's changes
// reach the server, with the same rules as the deck model (deck-model.js):
//
// - a change shows at once (`view` = confirmed + changes sent but not yet seen in the event stream + the outbox);
// - the server cannot be reached, or answers 5xx: the outbox stops ('stalled'), keeps every change in order in
//   localStorage, and resends them on Retry, when the browser comes back online, or when the event stream
//   reconnects;
// - the server refuses a change for good (the card moved meanwhile): it is dropped and reported, and the table is
//   read again.
//
// The deck's event stream (EventSource, which resumes with Last-Event-ID by itself) moves `confirmed`: every event
// is applied as it comes; when it cannot be trusted (a `hello`, a `resync`, counts that disagree), the table is
// read again from the server. Other players' moves are announced in words ('announce' events).

import { classify } from './deck-model.js';
import {
  CENTRE, alreadyMade, applyTableChange, applyTableEvent, cloneTable, describeEvent, emptyTable, eventConfirms, tableFromListings,
} from './play-state.js';

const SEAT_PREFIX = 'riffle.play.seat.';
const OUTBOX_PREFIX = 'riffle.play.outbox.';
const ORPHAN_AGE_MS = 15000;
export const EVENT_KINDS = Object.freeze([
  'hello', 'resync', 'draw', 'deal', 'pile_add', 'pile_draw', 'pile_return', 'pile_shuffle', 'return', 'shuffle', 'join',
  'message',
]);

export class PlayModel extends EventTarget {
  /**
   * @param {object} options
   * @param {string} options.deckId the table's deck.
   * @param {object} options.api play-api.js's `tableApi`, or a fake with the same functions.
   * @param {(url: string) => EventSource} options.openEvents opens the event stream (`url => new EventSource(url)`).
   * @param {Storage} [options.storage] where the seat and the outbox are kept (localStorage).
   * @param {string} [options.tabId] this tab's name for its outbox.
   */
  constructor({ deckId, api, openEvents, storage = null, tabId = 'tab' }) {
    super();
    this.deckId = deckId;
    this.api = api;
    this.openEvents = openEvents;
    this.storage = storage;
    this.tabId = tabId;
    this.seat = this.read(SEAT_PREFIX + deckId);
    this.confirmed = emptyTable(deckId);
    this.view = emptyTable(deckId);
    this.sent = [];           // answered by the server, not yet seen in the event stream
    this.outbox = [];
    this.dropped = [];        // changes given up on (refused, or no longer possible), each reported in a notice
    this.nextId = 1;
    this.running = false;
    this.stalled = null;
    this.lost = false;
    this.loaded = false;
    this.reloading = false;
    this.reloadAgain = false;
    this.answers = 0;         // counts answers, so a reload knows which sent changes it already includes
    this.lastEventId = null;
    this.source = null;
    this.live = false;        // the event stream is open
    this.readSinceOpen = false;  // the table was read since the stream (re)opened
  }

  get me() { return this.seat && this.seat.player; }
  get token() { return this.seat && this.seat.token; }

  get status() {
    let state = 'saved';
    if (this.lost) state = 'lost';
    else if (this.stalled) state = 'stalled';
    else if (this.outbox.length > 0 || this.running) state = 'saving';
    return { state, pending: this.outbox.length, error: this.stalled, live: this.live };
  }

  /** Whether nothing waits: the outbox is empty, every answered change was seen in the stream, the table is read. */
  get quiet() {
    return this.loaded && this.outbox.length === 0 && this.sent.length === 0 && !this.running && !this.reloading;
  }

  /** Resolves when the model is quiet (see `quiet`), or rejects when the outbox stalls or the table is lost. */
  settled() {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (this.stalled || this.lost) {
          done();
          reject(this.stalled || new Error('table lost'));
        } else if (this.quiet) {
          done();
          resolve();
        }
      };
      const done = () => {
        this.removeEventListener('status', check);
        this.removeEventListener('change', check);
      };
      this.addEventListener('status', check);
      this.addEventListener('change', check);
      check();
    });
  }

  // MARK: Joining and starting

  /** Takes a seat at the table as `name`; throws the APIError when the server refuses (a taken name: 409). */
  async join(name) {
    const answer = await this.api.join(this.deckId, name);
    this.seat = { player: answer.player, token: answer.token };
    this.write(SEAT_PREFIX + this.deckId, JSON.stringify(this.seat));
    this.start();
  }

  /** Starts playing from the seat: this tab's saved changes come back, the table is read, the stream opened. */
  start() {
    if (!this.seat || this.started) return;
    this.started = true;
    const saved = this.read(this.outboxKey);
    this.outbox = saved && Array.isArray(saved.outbox) ? saved.outbox : [];
    this.adoptOrphans();
    this.nextId = this.outbox.reduce((max, change) => Math.max(max, change.id + 1), 1);
    this.rebase(false);
    this.connect();
    this.reload();
  }

  get outboxKey() { return `${OUTBOX_PREFIX}${this.deckId}.${this.tabId}`; }

  /** Outboxes that closed tabs left on this table join this one's, in order. */
  adoptOrphans() {
    if (!this.storage) return;
    const prefix = `${OUTBOX_PREFIX}${this.deckId}.`;
    for (let i = this.storage.length - 1; i >= 0; i--) {
      const key = this.storage.key(i);
      if (!key || !key.startsWith(prefix) || key === this.outboxKey) continue;
      const other = this.read(key);
      if (!other || Date.now() - (other.at || 0) < ORPHAN_AGE_MS) continue;
      for (const change of other.outbox || []) this.outbox.push(change);
      this.storage.removeItem(key);
    }
    this.outbox.forEach((change, index) => { change.id = index + 1; });
  }

  /** Stops the stream and the outbox (the view is closed). */
  stop() {
    this.started = false;
    this.stopped = true;
    if (this.source) this.source.close();
    this.source = null;
  }

  // MARK: Commands

  /** Deals `count` cards face down from the deck to `to` (a player, or the centre). */
  deal(to, count) {
    return this.submit({ kind: 'deal', to, count, label: `dealing ${count} card${count === 1 ? '' : 's'} to ${to}` });
  }

  /** Plays a card from this player's hand to the centre. */
  play(code) { return this.submit({ kind: 'play', code, label: 'playing a card to the centre' }); }

  /** Takes a card from the centre into this player's hand. */
  take(code) { return this.submit({ kind: 'take', code, label: 'taking a card from the centre' }); }

  /** Resends every pending change. */
  retry() {
    this.stalled = null;
    if (this.source === null && this.started) this.connect();
    this.pump();
  }

  submit(change) {
    change.id = this.nextId++;
    const reason = applyTableChange(cloneTable(this.view), change, this.me);
    if (reason) {
      this.notice(`Could not finish ${change.label}: ${reason}.`);
      return false;
    }
    this.outbox.push(change);
    this.rebase(false);
    this.save();
    this.pump();
    return true;
  }

  // MARK: The outbox

  async pump() {
    if (this.running || this.stalled || this.lost || !this.started || !this.loaded) return;
    this.running = true;
    this.emit('status');
    while (this.outbox.length > 0 && !this.stopped && !this.reloading) {
      const change = this.outbox[0];
      if (change.seen) {
        this.outbox.shift();
        continue;
      }
      // A change whose answer was lost may have been made: send it again only once the stream is back and the
      // table was read after it reconnected, so that its event (which drops it) has had its chance to arrive.
      if (change.uncertain && !(this.live && this.readSinceOpen)) {
        if (this.live) this.reload();
        break;
      }
      try {
        this.inFlight = change;
        await this.send(change);
      } catch (error) {
        const kind = classify(error);
        this.inFlight = null;
        if (kind === 'refused') {
          this.outbox.splice(this.outbox.indexOf(change), 1);
          this.dropped.push(change);
          this.notice(`The server refused ${change.label}: ${error.message} The table was read again.`);
          this.save();
          // The changes after it may depend on it: they wait for the table to be read again (reload pumps).
          this.running = false;
          this.reload();
          return;
        }
        if (kind === 'lost') this.lost = true;
        else this.stalled = error;
        // The request may have reached the server without an answer coming back: the event stream will tell.
        change.uncertain = true;
        this.readSinceOpen = false;
        this.save();
        break;
      }
      this.inFlight = null;
      const index = this.outbox.indexOf(change);
      if (index >= 0) this.outbox.splice(index, 1);
      if (!change.seen) this.sent.push({ ...change, answer: ++this.answers });
      this.rebase(false);
      this.save();
    }
    this.running = false;
    this.emit('status');
  }

  async send(change) {
    const { api, deckId, token, me } = this;
    if (change.kind === 'deal') return api.deal(deckId, change.to, change.count, token);
    if (change.kind === 'play') return api.addToPile(deckId, CENTRE, [change.code], token);
    if (change.kind === 'take') return api.addToPile(deckId, me, [change.code], token);
    return null;
  }

  // MARK: Reading the table

  /** Reads the table again: the player's hand (with every pile's size) and the centre. */
  async reload() {
    if (this.reloading) {
      this.reloadAgain = true;
      return;
    }
    this.reloading = true;
    try {
      do {
        this.reloadAgain = false;
        const answeredBefore = this.answers;
        const hand = await this.api.listPile(this.deckId, this.me, this.token);
        let centre = null;
        if (hand.piles && hand.piles[CENTRE]) centre = await this.api.listPile(this.deckId, CENTRE, this.token);
        if (this.stopped) return;
        if (this.reloadAgain) continue;  // an event came meanwhile: these listings may be older than it
        this.confirmed = tableFromListings(this.deckId, this.me, hand, centre);
        if (this.live) this.readSinceOpen = true;
        this.sent = this.sent.filter((change) => change.answer > answeredBefore);
        this.loaded = true;
        this.rebase(true);
      } while (this.reloadAgain);
    } catch (error) {
      if (classify(error) === 'lost') this.lost = true;
      else this.stalled = this.stalled || error;
      this.emit('status');
    } finally {
      this.reloading = false;
    }
    this.emit('status');
    this.pump();
  }

  /** Opens the event stream; EventSource resumes by itself, a closed one is reopened after the last event seen. */
  connect() {
    if (this.stopped) return;
    const source = this.openEvents(this.api.eventsURL(this.deckId, this.token, this.lastEventId));
    this.source = source;
    for (const kind of EVENT_KINDS) source.addEventListener(kind, (event) => this.received(kind, event));
    source.addEventListener('open', () => {
      this.live = true;
      this.readSinceOpen = false;
      this.emit('status');
      // The server is back: read the table, then resend what waits.
      this.stalled = null;
      this.reload();
    });
    source.addEventListener('error', () => {
      this.live = false;
      this.emit('status');
      if (source.readyState === 2 && this.source === source && !this.stopped) {
        this.source = null;
        setTimeout(() => { if (!this.source && this.started) this.connect(); }, 2000);
      }
    });
  }

  received(kind, event) {
    let data;
    try { data = JSON.parse(event.data); } catch { return; }
    if (event.lastEventId) this.lastEventId = event.lastEventId;
    if (kind === 'hello' || kind === 'resync') {
      this.reload();
      return;
    }
    // A listing on its way may have been made before this change: read again once it is in.
    if (this.reloading) this.reloadAgain = true;
    const me = this.me;
    // This player's own change: answered already (in `sent`), on its way (the head of the outbox), or sent before
    // an error and so uncertain. Either way it is confirmed now and not applied twice.
    let own = false;
    const index = this.sent.findIndex((change) => eventConfirms(change, kind, data, me));
    if (index >= 0) {
      this.sent.splice(index, 1);
      own = true;
    } else {
      const pending = this.outbox.find((change, position) =>
        !change.seen && (change.uncertain || (position === 0 && this.running)) && eventConfirms(change, kind, data, me));
      if (pending) {
        pending.seen = true;
        own = true;
      }
    }
    const trusted = applyTableEvent(this.confirmed, data, me);
    this.rebase(false);
    if (!own) {
      const words = describeEvent(kind, data, me);
      if (words) this.dispatchEvent(new CustomEvent('announce', { detail: words }));
    }
    if (!trusted) this.reload();
    if (this.outbox.some((change) => change.seen)) this.pump();
  }

  /** view = confirmed + sent + outbox; after a reload a pending change that no longer applies is dropped. */
  rebase(dropStale) {
    const view = cloneTable(this.confirmed);
    const me = this.me;
    this.sent = this.sent.filter((change) => applyTableChange(view, change, me) === null);
    const kept = [];
    for (const change of this.outbox) {
      if (change.seen) continue;
      // Its answer was lost but the table shows it made: it is done.
      if (dropStale && change.uncertain && alreadyMade(view, change, me)) continue;
      const reason = applyTableChange(view, change, me);
      // The change on its way is the server's to judge: its answer says.
      if (reason && dropStale && change !== this.inFlight) {
        this.dropped.push(change);
        this.notice(`Could not finish ${change.label}: ${reason}.`);
        continue;
      }
      kept.push(change);
    }
    this.outbox = kept;
    this.view = view;
    this.emit('change');
  }

  notice(message) {
    this.lastNotice = message;
    this.dispatchEvent(new CustomEvent('notice', { detail: message }));
  }

  emit(type) { this.dispatchEvent(new Event(type)); }

  save() {
    this.write(this.outboxKey, JSON.stringify({ outbox: this.outbox, at: Date.now() }));
  }

  read(key) {
    try {
      const raw = this.storage ? this.storage.getItem(key) : null;
      return raw ? JSON.parse(raw) : null;
    } catch {
      return null;
    }
  }

  write(key, value) {
    try { if (this.storage && !this.stopped) this.storage.setItem(key, value); } catch { /* private mode */ }
  }
}
