// One live table for the Play view: the player's seat (name and token, kept per deck so a reload is the same
// player), the table as the server last said (`confirmed`), and the outbox (outbox.js) through which this
// player's changes reach the server, with the same rules as the deck model's:
//
// - a change shows at once (`view` = confirmed + changes answered but not yet seen in the event stream + the
//   outbox), and every change is sent with the player's token and its Idempotency-Key;
// - the server cannot be reached, or answers 5xx: the outbox stalls, keeps every change in storage, and resends
//   them (with the same keys) when the server answers again, on Retry, or when the event stream reopens;
// - the server refuses a change for good (the card moved meanwhile; someone else took it first): it is dropped and
//   the player is told in words, and the table is read again;
// - the table is gone, or this player's seat is (401 on the token: removed by the host): the model stops and says
//   which (`problem`), so the view can offer a way forward (join again, start a new table).
//
// The deck's event stream (EventSource, which resumes with Last-Event-ID by itself) moves `confirmed`: every event
// is applied as it comes; when it cannot be trusted (a `hello`, a `resync`, counts that disagree, a player
// leaving), the table is read again. Other players' moves are announced in words ('announce' events).

import {
  CENTRE, alreadyMade, applyTableChange, applyTableEvent, cloneTable, codeName, describeEvent, emptyTable,
  eventConfirms, tableFromListings,
} from './play-state.js';
import { Outbox, Refusal, classify } from './outbox.js';

const SEAT_PREFIX = 'riffle.play.seat.';
const OUTBOX_PREFIX = 'riffle.play.outbox.';
const RECONNECT_MS = 2000;
export const EVENT_KINDS = Object.freeze([
  'hello', 'resync', 'draw', 'deal', 'pile_add', 'pile_draw', 'pile_return', 'pile_shuffle', 'return', 'shuffle', 'join',
  'leave', 'message',
]);

function cards(count) { return `${count} card${count === 1 ? '' : 's'}`; }

export class PlayModel extends EventTarget {
  /**
   * @param {object} options
   * @param {string} options.deckId the table's deck.
   * @param {object} options.api play-api.js's `tableApi`, or a fake with the same functions.
   * @param {(url: string) => EventSource} options.openEvents opens the event stream (`url => new EventSource(url)`).
   * @param {Storage} [options.storage] where the seat and the outbox are kept (localStorage).
   * @param {string} [options.tabId] this tab's name for its outbox.
   * @param {object} [options.outbox] options passed on to the Outbox (a clock, a backoff: tests).
   */
  constructor({ deckId, api, openEvents, storage = null, tabId = 'tab', outbox = {} }) {
    super();
    this.deckId = deckId;
    this.api = api;
    this.openEvents = openEvents;
    this.storage = storage;
    this.seat = this.read(SEAT_PREFIX + deckId);
    this.confirmed = emptyTable(deckId);
    this.view = emptyTable(deckId);
    this.answeredHand = [];   // this player's hand once every answered change is in: the order the view keeps
    this.sent = [];           // answered by the server, not yet seen in the event stream
    this.included = [];       // answered and already in the last read: their events, when they come, change nothing
    this.dropped = [];        // changes given up on (refused, or no longer possible), each reported in a notice
    this.loaded = false;
    this.started = false;
    this.reading = false;
    this.readAgain = false;
    this.lastEventId = null;
    this.source = null;
    this.live = false;        // the event stream is open
    this.outbox = new Outbox({
      ...outbox,
      storage,
      prefix: `${OUTBOX_PREFIX}${deckId}.`,
      tabId,
      send: (change) => this.send(change),
      read: () => this.reload(),
      classify: (error) => this.classify(error),
      onSent: (change) => this.sentChange(change),
      onRefused: (change, error) => this.refused(change, error),
    });
    this.outbox.addEventListener('status', () => {
      if (this.outbox.lostError) this.closeStream();
      this.emit('status');
    });
  }

  get me() { return this.seat && this.seat.player; }
  get token() { return this.seat && this.seat.token; }
  /** Whether this player hosts the table (the first to join): only the host may start a new round. */
  get isHost() { return Boolean(this.seat && this.seat.host); }

  get status() { return { ...this.outbox.status, live: this.live }; }

  /**
   * Why this page can no longer play at the table, or null: 'gone' (the server has no such table) or 'unseated'
   * (this player's seat is no more: the host removed it, or the table was reset without it).
   */
  get problem() {
    const error = this.outbox.lostError;
    if (!error) return null;
    return error.status === 404 && /Deck ID does not exist/.test(error.message) ? 'gone' : 'unseated';
  }

  /** Whether nothing waits: the outbox is idle, every answered change was seen in the stream, the table is read. */
  get quiet() {
    return this.loaded && this.outbox.phase === 'idle' && this.sent.length === 0;
  }

  /** Whether a change of `kind` (for `code`, when given) is still waiting for its answer: its control ignores input. */
  isPending(kind, code = null) {
    return this.outbox.has((change) => change.kind === kind && !change.seen && (code === null || change.code === code));
  }

  /**
   * This player's hand as the view draws it, in order: the cards as the server has them once every answered
   * change is in, a card whose play is not answered yet still in its place ('playing'), and the cards taken but not
   * yet answered after them ('arriving'). `hidden` counts the cards dealt to this player not known yet.
   */
  handSlots() {
    const slots = this.answeredHand.map((code) => ({ code, state: 'held' }));
    for (const change of this.outbox.changes) {
      if (change.seen) continue;
      if (change.kind === 'take') slots.push({ code: change.code, state: 'arriving' });
      if (change.kind === 'play') {
        const slot = slots.find((s) => s.code === change.code && s.state !== 'playing');
        if (slot) slot.state = 'playing';
      }
    }
    const mine = this.view.piles[this.me];
    const known = mine && mine.cards ? mine.cards.length : 0;
    return { slots, hidden: Math.max(0, (mine ? mine.remaining : 0) - known) };
  }

  /** Resolves when the model is quiet (see `quiet`), or rejects when the outbox stalls or the table is lost. */
  settled() {
    return new Promise((resolve, reject) => {
      const check = () => {
        const phase = this.outbox.phase;
        if (phase === 'stalled' || phase === 'lost') {
          done();
          reject(this.outbox.status.error || new Error(phase));
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
    const others = Object.entries(answer.piles || {}).some(([pile, entry]) => entry.private && pile !== answer.player);
    // The first player hosts; a server that names the host says so itself.
    const host = typeof answer.host === 'string' ? answer.host === answer.player : !others;
    this.seat = { player: answer.player, token: answer.token, host };
    this.write(SEAT_PREFIX + this.deckId, JSON.stringify(this.seat));
    this.start();
  }

  /** Starts playing from the seat: this tab's saved changes come back, the table is read, the stream opened. */
  start() {
    if (!this.seat || this.started) return;
    this.started = true;
    if (this.outbox.phase === 'stopped') {
      this.outbox.load();
      this.outbox.adoptOrphans();
    }
    this.rebase(false);
    this.connect();
    this.outbox.requestRead();
    if (this.outbox.phase === 'stopped') this.outbox.start();
  }

  /**
   * Gives up the seat this page had (it was removed, or the player wants to join again): the seat is forgotten
   * with the changes it had waiting, and the model is ready to `join` again.
   */
  forgetSeat() {
    this.closeStream();
    this.started = false;
    this.seat = null;
    try { if (this.storage) this.storage.removeItem(SEAT_PREFIX + this.deckId); } catch { /* nothing kept */ }
    this.outbox.reset([]);
    this.confirmed = emptyTable(this.deckId);
    this.sent = [];
    this.included = [];
    this.loaded = false;
    this.lastEventId = null;
    this.rebase(false);
  }

  /** Stops the stream and the outbox (the view is closed). */
  stop() {
    this.started = false;
    this.stopped = true;
    this.closeStream();
    this.outbox.stop();
  }

  // MARK: Commands

  // A view ignores a control's activations while its change waits (`isPending`): a double-click makes one change.

  /** Deals `count` cards face down from the deck to `to` (a player, or the centre). */
  deal(to, count) {
    return this.submit({ kind: 'deal', to, count, label: `dealing ${cards(count)} to ${to}` });
  }

  /** Plays a card from this player's hand to the centre (once: false while that card's play waits). */
  play(code) {
    if (this.isPending('play', code)) return false;
    return this.submit({ kind: 'play', code, label: `playing the ${codeName(code)} to the centre` });
  }

  /** Takes a card from the centre into this player's hand. */
  take(code) {
    return this.submit({ kind: 'take', code, label: `taking the ${codeName(code)} from the centre` });
  }

  /** The host collects every card (every hand and the centre) and shuffles the whole deck: a new round. */
  newRound() {
    return this.submit({ kind: 'newRound', label: 'starting a new round' });
  }

  /** Resends every pending change now (and reconnects the stream). */
  retry() {
    if (!this.source && this.started && !this.outbox.lostError) this.connect();
    this.outbox.retry();
  }

  submit(fields) {
    const reason = applyTableChange(cloneTable(this.view), fields, this.me);
    if (reason) {
      this.notice(`Could not finish ${fields.label}: ${reason}.`);
      return false;
    }
    this.outbox.enqueue(fields);
    this.rebase(false);
    return true;
  }

  // MARK: What the outbox calls

  async send(change) {
    // Its event came while its answer was lost: it is made.
    if (change.seen) return;
    const { api, deckId, me } = this;
    const options = { token: this.token, key: change.key };
    if (change.kind === 'deal') {
      await api.deal(deckId, change.to, change.count, options);
    } else if (change.kind === 'play') {
      await api.addToPile(deckId, CENTRE, [change.code], options);
    } else if (change.kind === 'take') {
      const answer = await api.addToPile(deckId, me, [change.code], { ...options, from: CENTRE });
      // A server that takes nothing when the card has gone answers success all the same: its cards tell.
      const hand = answer && answer.piles && answer.piles[me];
      if (hand && Array.isArray(hand.cards) && !hand.cards.some((card) => (card.code || card) === change.code)) {
        throw new Refusal(`The ${codeName(change.code)} is no longer in the centre.`);
      }
    } else if (change.kind === 'newRound') {
      await api.newRound(deckId, options);
    }
  }

  sentChange(change) {
    if (!change.seen) this.sent.push(change);
    this.rebase(false);
  }

  refused(change, error) {
    this.dropped.push(change);
    this.notice(this.refusalText(change, error.message));
  }

  refusalText(change, reason) {
    if (change.kind === 'take') {
      return `Someone else took the ${codeName(change.code)} first: it is not in the centre any more.`;
    }
    return `Could not finish ${change.label}: ${reason.replace(/\.$/, '')}. The table was read again.`;
  }

  /** A lost table or seat stops the outbox for good; the rest as every model does. */
  classify(error) {
    if (error && error.name === 'APIError') {
      if (error.status === 401) return 'lost';
      if (error.status === 404 && this.me && error.message.includes(`The pile, ${this.me} does not exist`)) return 'lost';
    }
    return classify(error);
  }

  // MARK: Reading the table

  /** Reads the table again: the player's hand (with every pile's size) and the centre. */
  async reload() {
    const seat = this.seat;
    if (!seat) return;
    this.reading = true;
    try {
      do {
        this.readAgain = false;
        const options = { token: this.token };
        const hand = await this.api.listPile(this.deckId, this.me, options);
        let centre = null;
        if (hand.piles && hand.piles[CENTRE]) centre = await this.api.listPile(this.deckId, CENTRE, options);
        if (this.stopped || this.seat !== seat) return;
        if (this.readAgain) continue;  // an event came meanwhile: these listings may be older than it
        this.confirmed = tableFromListings(this.deckId, this.me, hand, centre);
        // Reads and sends take turns, so every answered change is in these listings.
        this.included = this.sent;
        this.sent = [];
        this.loaded = true;
        this.rebase(true);
      } while (this.readAgain);
    } finally {
      this.reading = false;
    }
  }

  /** Opens the event stream; EventSource resumes by itself, a closed one is reopened after the last event seen. */
  connect() {
    if (this.stopped || this.source) return;
    const source = this.openEvents(this.api.eventsURL(this.deckId, this.token, this.lastEventId));
    this.source = source;
    for (const kind of EVENT_KINDS) source.addEventListener(kind, (event) => this.received(kind, event));
    source.addEventListener('open', () => {
      if (this.source !== source) return;
      this.live = true;
      this.emit('status');
      // The server is back: read the table, then resend what waits.
      this.outbox.requestRead();
      this.outbox.retry();
    });
    source.addEventListener('error', () => {
      if (this.source !== source) return;
      this.live = false;
      this.emit('status');
      if (source.readyState !== 2 || this.stopped) return;
      // The browser gave up on the stream (the server refused it, or answered something else): a read says
      // whether the server is down, the table gone or the seat removed; the stream is reopened unless it is lost.
      this.source = null;
      this.outbox.requestRead();
      setTimeout(() => {
        if (!this.source && this.started && !this.outbox.lostError) this.connect();
      }, RECONNECT_MS);
    });
  }

  closeStream() {
    if (this.source) this.source.close();
    this.source = null;
    if (this.live) {
      this.live = false;
      this.emit('status');
    }
  }

  received(kind, event) {
    let data;
    try { data = JSON.parse(event.data); } catch { return; }
    if (event.lastEventId) this.lastEventId = event.lastEventId;
    if (kind === 'hello' || kind === 'resync') {
      this.outbox.requestRead();
      return;
    }
    // A listing on its way may have been made before this change: read again once it is in.
    if (this.reading) this.readAgain = true;
    const me = this.me;
    // The last read already holds this player's change: its event changes nothing.
    const included = this.included.findIndex((change) => eventConfirms(change, kind, data, me));
    if (included >= 0) {
      this.included.splice(included, 1);
      return;
    }
    // This player's own change: answered already (in `sent`), on its way, or sent before an error and so
    // uncertain. Either way it is confirmed now and not applied twice.
    let own = false;
    const index = this.sent.findIndex((change) => eventConfirms(change, kind, data, me));
    if (index >= 0) {
      this.sent.splice(index, 1);
      own = true;
    } else {
      const pending = this.outbox.changes.find((change) => !change.seen
        && (change.uncertain || change === this.outbox.inFlight) && eventConfirms(change, kind, data, me));
      if (pending) {
        pending.seen = true;
        own = true;
      }
    }
    const before = this.confirmed;
    const trusted = applyTableEvent(this.confirmed, data, me);
    this.rebase(false);
    if (!own) {
      const words = describeEvent(kind, data, me, before);
      if (words) this.dispatchEvent(new CustomEvent('announce', { detail: words }));
    }
    if (!trusted || kind === 'leave') this.outbox.requestRead();
  }

  /** view = confirmed + sent + outbox; after a read a pending change that no longer applies is dropped. */
  rebase(dropStale) {
    const view = cloneTable(this.confirmed);
    const me = this.me;
    this.sent = this.sent.filter((change) => applyTableChange(view, change, me) === null);
    const hand = me && view.piles[me];
    this.answeredHand = hand && hand.cards ? hand.cards.slice() : [];
    const done = [];
    for (const change of this.outbox.changes) {
      if (change.seen) continue;
      // Its answer was lost but the table shows it made: it is done.
      if (dropStale && change.uncertain && alreadyMade(view, change, me)) {
        done.push(change);
        continue;
      }
      const reason = applyTableChange(view, change, me);
      if (reason && dropStale) {
        this.dropped.push(change);
        this.notice(change.kind === 'take' ? this.refusalText(change, reason) : `Could not finish ${change.label}: ${reason}.`);
        done.push(change);
      }
    }
    this.outbox.remove(done);
    this.view = view;
    this.emit('change');
  }

  notice(message) {
    this.lastNotice = message;
    this.dispatchEvent(new CustomEvent('notice', { detail: message }));
  }

  emit(type) { this.dispatchEvent(new Event(type)); }

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
