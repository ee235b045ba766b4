// One live table for the Play view: the player's seat (play-seat.js), the table as the server last said
// (`confirmed`), and the outbox through which this player's changes reach the server, by the app's one outbox
// protocol (outbox-model.js): a change shows at once, is sent with the player's token and its Idempotency-Key, is
// resent through outages, and is told in words when the server refuses it (play-words.js). What is the table's own:
//
// - the deck's event stream (play-stream.js) moves `confirmed`: every event is applied as it comes, and this
//   player's own changes are found in the lists they wait in so that each counts once (play-reconcile.js); when the
//   stream cannot be trusted (a `hello`, a `resync`, counts that disagree, a player leaving) the table is read again;
// - the table is gone, or this player's seat is (401 on the token: removed by the host): the model stops and says
//   which (`problem`), so the view can offer a way forward (join again, start a new table);
// - other players' moves are announced in words ('announce' events), and every move, this player's too, is kept in
//   a short move log (`log`, play-log.js); who sits where, who is online and whose turn it is come from the stream
//   too (`roster`, play-roster.js);
// - a reload on the same device shows the table, the roster and the move log as this device last saw them
//   (play-memory.js), and the stream resumes after the last event logged, so the moves missed come in order, once
//   each; a page without a log reads the round so far from the server's event history (play-history.js).
//
// Without a seat the model can watch (`watch()`): a spectator reads the public piles and follows the stream, and
// changes nothing.

import { OutboxModel } from './outbox-model.js';
import { PlayerCommands } from './play-commands.js';
import { TableEvents } from './play-events.js';
import { HAND_ORDERS, handOrderKey, handSlots } from './play-hand.js';
import { MoveLog } from './play-log.js';
import { recallSeen, seenKey, seenRecord } from './play-memory.js';
import { withAnswered } from './play-reconcile.js';
import { readTable, sendChange } from './play-requests.js';
import { emptyRoster } from './play-roster.js';
import { seatFromJoin, seatHosts, seatKey, shownName } from './play-seat.js';
import {
  alreadyMade as moveAlreadyMade, applyTableChange, canTakeBackGift, canUndo, changeCodes, cloneTable, emptyTable,
  tableFromListings,
} from './play-state.js';
import { TableStream } from './play-stream.js';
import { turnCue } from './play-turns.js';
import { refusalText } from './play-words.js';

const OUTBOX_PREFIX = 'riffle.play.outbox.';

export class PlayModel extends OutboxModel {
  /**
   * @param {object} options
   * @param {string} options.deckId the table's deck.
   * @param {object} options.api play-api.js's `tableApi`, or a fake with the same functions.
   * @param {(url: string) => EventSource} options.openEvents opens the event stream (`url => new EventSource(url)`).
   * @param {Storage} [options.storage] where the seat and the outbox are kept (localStorage).
   * @param {string} [options.tabId] this tab's name for its outbox.
   * @param {object} [options.outbox] options passed on to the Outbox (a clock, a backoff: tests).
   * @param {boolean} [options.history] whether a page without a move log reads the round so far from the server's
   *   event history (play-history.js).
   */
  constructor({ deckId, api, openEvents, storage = null, tabId = 'tab', outbox = {}, history = false }) {
    super({ storage, prefix: `${OUTBOX_PREFIX}${deckId}.`, tabId, outbox });
    this.deckId = deckId;
    this.api = api;
    this.history = history;
    this.openEvents = openEvents;
    this.seat = this.readJSON(seatKey(deckId));
    this.watching = false;    // a spectator: no seat, reads and follows only
    this.started = false;
    this.roster = emptyRoster();
    this.moveLog = new MoveLog();
    this.toldOffline = new Set();  // players told offline (only they are told back online)
    this.names = {};          // every display name seen at this table (id -> name), for players who left
    this.restoredFromDevice = false;  // the table shown is the one this device last saw (not read from the server)
    this.unnamed = [];        // events waiting for a read to name their cards
    this.lastPlay = null;     // this player's last play ({codes, pile, places}), which Undo takes back while on top
    this.places = {};         // cards taken back by Undo: code -> their place in the hand before the play
    this.lastGift = null;     // this player's last gift ({codes, to, places}), which "Undo the gift" asks back
    const order = this.readJSON(handOrderKey(deckId));
    this.sortBy = HAND_ORDERS.includes(order) ? order : 'dealt';
    this.confirmed = emptyTable(deckId);
    this.view = emptyTable(deckId);
    this.answeredHand = [];   // this player's hand once every answered change is in: the order the view keeps
    this.sent = [];           // answered by the server, not yet seen in the event stream
    this.included = [];       // answered and already in the last read: their events, when they come, change nothing
    this.reading = false;
    this.readAgain = false;
    this.greeting = null;     // the stream's last `hello` or `resync`: it names every pile
    this.stream = new TableStream({
      open: (lastEventId) => this.openStream(lastEventId),
      onEvent: (kind, data, lastEventId) => this.eventReceived(kind, data, lastEventId),
      onLive: () => this.emit('status'),
      onOpen: () => {
        // The server is back: read the table, then resend what waits.
        this.outbox.requestRead();
        this.outbox.retry();
      },
      onGaveUp: () => this.outbox.requestRead(),
      onMissed: () => {
        this.record('Some moves made while this page was closed are missing here.');
        this.emit('change');
      },
      mayReopen: () => this.started && !this.stopped && !this.outbox.lostError,
      serverAnswers: () => this.loaded,
    });
  }

  // MARK: Reading

  get me() { return this.seat && this.seat.player; }
  get token() { return this.seat && this.seat.token; }
  /** Whether this player hosts the table (the first to join): only the host may start a new round. */
  get isHost() { return seatHosts(this.seat, this.roster); }

  /** A player's name as the others see it (play-seat.js's shownName). */
  nameOf(name) { return shownName(name, this); }

  /** The last moves in words, newest last: { id, text }. */
  get log() { return this.moveLog.lines; }

  /** The event stream, while it is open (or opening), else null. */
  get source() { return this.stream.source; }

  /** Whose turn it is for this player (play-turns.js): the dock's cue, and why a play is refused now. */
  get turn() { return turnCue(this.roster, this.me, (name) => this.nameOf(name)); }

  /** Whether the server keeps face-down piles, display names and presence (issue 32's server). */
  get knowsFaceDown() { return this.roster.knows.names || this.roster.knows.presence; }

  /** Whether this player's last play can be taken back now (its cards are still on top where they went). */
  get undoable() {
    return Boolean(this.seat) && canUndo(this.view, this.lastPlay) && !this.isPending('take');
  }

  /** Whether this player's last gift may be asked back now: answered, and its receiver not seen moving since. */
  get giftUndoable() {
    return Boolean(this.seat) && canTakeBackGift(this.view, this.me, this.lastGift)
      && !this.isPending('give') && !this.isPending('ungive');
  }

  get status() { return { ...super.status, live: this.stream.live }; }

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
  get quiet() { return this.loaded && super.quiet && this.sent.length === 0; }

  /**
   * Whether a change of kind `changeKind` (for `code`, when given) is still waiting for its answer: its control ignores
   * input.
   */
  isPending(changeKind, code = null) {
    return this.outbox.has((change) => change.kind === changeKind && !change.seen
      && (code === null || changeCodes(change).includes(code)));
  }

  /** Whether a card of the hand is on its way somewhere (its play or gift waits for the server's answer). */
  isCardPending(code) { return this.isPending('play', code) || this.isPending('give', code); }

  /** This player's hand as the view draws it (play-hand.js's handSlots). */
  handSlots() {
    const hand = handSlots({
      answeredHand: this.answeredHand, waiting: this.outbox.changes, pile: this.view.piles[this.me], places: this.places,
    });
    // A card that left the hand since it was taken back has no place to keep.
    for (const code of Object.keys(this.places)) if (!hand.slots.some((slot) => slot.code === code)) delete this.places[code];
    return hand;
  }

  /** Chooses the hand's order ('dealt', 'suit' or 'rank'), kept for this table. */
  sortHand(by) {
    if (!HAND_ORDERS.includes(by)) return;
    this.sortBy = by;
    this.writeText(handOrderKey(this.deckId), JSON.stringify(by));
    this.emit('change');
  }

  // MARK: Joining and starting

  /**
   * Takes a seat at the table as `name` (the pile-name id), shown to the others as `shownAs` where the server keeps
   * display names; throws the APIError when the server refuses (a taken name: 409).
   */
  async join(name, shownAs = null) {
    const answer = await this.api.join(this.deckId, name, shownAs && shownAs !== name ? { displayName: shownAs } : {});
    this.seat = seatFromJoin(answer, shownAs);
    this.writeText(seatKey(this.deckId), JSON.stringify(this.seat));
    if (this.watching) {
      // From watching to playing: the stream is reopened with the token (it shows this player's hand).
      this.stream.close();
      this.started = false;
      this.watching = false;
    }
    this.start();
  }

  /** Watches the table without a seat: reads the public piles and follows the stream; changes nothing. */
  watch() {
    if (this.started) return;
    // A seat this device keeps at the table stays kept (for #play/<deck>); watching does not use it.
    this.seat = null;
    this.watching = true;
    this.started = true;
    this.restore();
    this.rebase(false);
    this.connect();
    if (this.outbox.phase === 'stopped') this.outbox.start();
    this.outbox.requestRead();
  }

  /** Starts playing from the seat: this tab's saved changes come back, the table is read, the stream opened. */
  start() {
    if (!this.seat || this.started) return;
    this.started = true;
    this.restore();
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
   * Shows the table as this device last saw it, until the server is read: a reload during an outage still shows the
   * table, marked as not live.
   */
  restore() {
    const seen = recallSeen(this.readJSON(seenKey(this.deckId)));
    if (!seen || this.loaded) return;
    this.confirmed = seen.table;
    if (seen.roster) this.roster = seen.roster;
    if (seen.log) this.moveLog = new MoveLog(seen.log);
    this.names = seen.names;
    this.toldOffline = seen.toldOffline;
    this.restoredFromDevice = true;
    // The moves made while the page was closed come as the stream resumes after the last one logged.
    if (this.log.length > 0) this.stream.resumeAfter(seen.lastEventId);
  }

  /** Keeps what `restore` brings back. */
  remember() {
    if (!this.loaded || (!this.seat && !this.watching)) return;
    this.writeText(seenKey(this.deckId), JSON.stringify(seenRecord({
      table: this.confirmed, roster: this.roster, log: this.log, names: this.names, toldOffline: this.toldOffline,
      lastEventId: this.stream.lastEventId,
    })));
  }

  /**
   * Gives up the seat this page had (it was removed, or the player wants to join again): the seat is forgotten
   * with the changes it had waiting, and the model is ready to `join` again.
   */
  forgetSeat() {
    this.stream.close();
    this.started = false;
    this.seat = null;
    this.removeStored(seatKey(this.deckId), seenKey(this.deckId));
    this.outbox.reset([]);
    this.confirmed = emptyTable(this.deckId);
    this.sent = [];
    this.included = [];
    this.loaded = false;
    this.stream.startOver();
    this.rebase(false);
  }

  /** Stops the stream and the outbox (the view is closed). */
  stop() {
    this.started = false;
    this.stream.close();
    super.stop();
  }

  // MARK: Commands (play-commands.js has the player's own)

  /** Resends every pending change now (and reconnects the stream). */
  retry() {
    if (!this.stream.source && this.started && !this.outbox.lostError) this.connect();
    super.retry();
  }

  /** Only a seated player changes the table. */
  submit(fields) { return Boolean(this.seat) && super.submit(fields); }

  /** Under strict turns, a card moves only in this player's turn; else as for every model. */
  reasonAgainst(fields) {
    const blocked = ['play', 'give', 'take', 'deal'].includes(fields.kind) && this.turn.blocked;
    return blocked ? blocked.replace(/\.$/, '') : super.reasonAgainst(fields);
  }

  // MARK: The outbox protocol's parts (outbox-model.js)

  async send(change) {
    // Its event came while its answer was lost: it is made.
    if (change.seen) return;
    await sendChange(this.api, { deckId: this.deckId, me: this.me, token: this.token }, change);
  }

  /**
   * Reads the table again (play-requests.js's readTable). Reads and sends take turns, so every answered change is in
   * the listings; an event that comes meanwhile makes it read again, as the listings may be older than it.
   */
  async readServer() {
    const seat = this.seat;
    if (!seat && !this.watching) return;
    this.reading = true;
    try {
      do {
        this.readAgain = false;
        // A spectator's listing of any pile gives every pile's size: one the stream's greeting named, or one shown.
        const known = Object.keys((this.greeting && this.greeting.piles) || {})[0] || this.confirmed.order[0];
        const { base, listings } = await readTable(this.api, {
          deckId: this.deckId, me: seat ? this.me : null, token: this.token, known,
        });
        if (this.stopped || this.seat !== seat) return;
        if (this.readAgain) continue;
        this.confirmed = tableFromListings(this.deckId, this.me, base, listings);
        this.included = this.sent;
        this.sent = [];
        this.loaded = true;
        this.restoredFromDevice = false;
        this.rebase(true);
        this.nameTakes();
        this.remember();
      } while (this.readAgain);
    } finally {
      this.reading = false;
    }
  }

  /** A change was answered: it waits to be seen in the stream; a change made clears the notice of one that was not. */
  answered(change) {
    if (!change.seen) this.sent.push(change);
    if (this.lastNotice) this.clearNotice();
    super.answered(change);
  }

  /** A lost table or seat stops the outbox for good; the rest as every model does. */
  classify(error) {
    if (error && error.name === 'APIError') {
      if (error.status === 401) return 'lost';
      if (error.status === 404 && this.me && error.message.includes(`The pile, ${this.me} does not exist`)) return 'lost';
    }
    return super.classify(error);
  }

  outboxStatusChanged() {
    if (this.outbox.lostError) this.stream.close();
    super.outboxStatusChanged();
  }

  copyState(table) { return cloneTable(table); }

  applyChange(table, change) { return applyTableChange(table, change, this.me); }

  /** Only a change sent before an error can be made without its answer. */
  alreadyMade(table, change) { return Boolean(change.uncertain) && moveAlreadyMade(table, change, this.me); }

  /** confirmed + the changes answered but not yet seen in the stream (play-reconcile.js). */
  stateBeforeWaiting() {
    const { table, sent, hand } = withAnswered(this.confirmed, this.sent, this.me);
    this.sent = sent;
    this.answeredHand = hand;
    return table;
  }

  staleText(change, reason) {
    return change.kind === 'take' ? this.refusedText(change, reason) : `Could not finish ${change.label}: ${reason}.`;
  }

  refusedText(change, message) { return refusalText(change, message, (name) => this.nameOf(name)); }

  // MARK: The event stream

  openStream(lastEventId) {
    return this.openEvents(this.api.eventsURL(this.deckId, this.token || null, lastEventId));
  }

  connect() { if (!this.stopped) this.stream.connect(); }

  /** Closes the event stream (the page is hidden: the others see this player go offline); `retry` reopens it. */
  closeStream() { this.stream.close(); }
}

// The player's commands and what the stream's events do, each in a file of its own.
for (const concern of [PlayerCommands, TableEvents]) {
  for (const name of Object.getOwnPropertyNames(concern.prototype)) {
    if (name !== 'constructor') Object.defineProperty(PlayModel.prototype, name, Object.getOwnPropertyDescriptor(concern.prototype, name));
  }
}
