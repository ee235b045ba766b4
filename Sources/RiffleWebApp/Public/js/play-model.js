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
// leaving), the table is read again. Other players' moves are announced in words ('announce' events), and every
// move, this player's too, is kept in a short move log (`log`, newest last). Who sits where, who is online and
// whose turn it is come from the stream too (`roster`, play-roster.js).
//
// A reload on the same device shows the table, the roster and the move log as this device last saw them, and
// resumes the stream after the last event it had (kept with the log): the events missed while the page was closed
// are replayed, applied and logged in order, once each; when the server no longer has them (a `resync` instead),
// the log says that some moves are missing.
//
// Without a seat the model can watch (`watch()`): a spectator reads the public piles and follows the stream, and
// changes nothing.

import {
  CENTRE, FACE_DOWN_PILE, alreadyMade, placeBack, movedCodes, applyTableChange, applyTableEvent, canTakeBackGift, canUndo, cardList,
  changeCodes, changePile, endsGift,
  cloneTable, codeName, describeEvent, emptyTable, eventConfirms, pileLabel, tableFromListings,
} from './play-state.js';
import { displayName, emptyRoster, presenceNews, rememberNames, updateRoster } from './play-roster.js';
import { roundHistory } from './play-history.js';
import { turnCue } from './play-turns.js';
import { Outbox, Refusal, classify } from './outbox.js';

const SEAT_PREFIX = 'riffle.play.seat.';
const OUTBOX_PREFIX = 'riffle.play.outbox.';
const SORT_PREFIX = 'riffle.play.sort.';
const SEEN_PREFIX = 'riffle.play.seen.';
const RECONNECT_MS = 2000;
const LOG_LENGTH = 40;
const RESUME_TRIES = 3;
/** Every event kind the server sends (a test compares this list with the server's Swift code). */
export const EVENT_KINDS = Object.freeze([
  'hello', 'resync', 'draw', 'deal', 'pile_add', 'pile_draw', 'pile_return', 'pile_shuffle', 'return', 'shuffle', 'join',
  'leave', 'presence', 'turn', 'seats', 'rename', 'pile_face', 'lock',
]);
const SORTS = ['dealt', 'suit', 'rank'];

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
   * @param {boolean} [options.history] whether a page without a move log reads the round so far from the server's
   *   event history (play-history.js).
   */
  constructor({ deckId, api, openEvents, storage = null, tabId = 'tab', outbox = {}, history = false }) {
    super();
    this.deckId = deckId;
    this.api = api;
    this.history = history;
    this.openEvents = openEvents;
    this.storage = storage;
    this.seat = this.read(SEAT_PREFIX + deckId);
    this.watching = false;    // a spectator: no seat, reads and follows only
    this.roster = emptyRoster();
    this.log = [];            // the last moves in words, newest last: { id, text }
    this.logCount = 0;
    this.toldOffline = new Set();  // players told offline (only they are told back online)
    this.names = {};          // every display name seen at this table (id -> name), for players who left
    this.restoredFromDevice = false;  // the table shown is the one this device last saw (not read from the server)
    this.unnamed = [];        // events waiting for a read to name their cards
    this.lastPlay = null;     // this player's last play ({codes, pile, places}), which Undo takes back while on top
    this.places = {};         // cards taken back by Undo: code -> their place in the hand before the play
    this.lastGift = null;     // this player's last gift ({codes, to, places}), which "Undo the gift" asks back
    this.sortBy = SORTS.includes(this.read(SORT_PREFIX + deckId)) ? this.read(SORT_PREFIX + deckId) : 'dealt';
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
    this.resumingSaved = false;  // the stream resumes after the last event a closed page logged, nothing come yet
    this.refusedResumes = 0;  // how often that resume was refused while the server answered reads
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
  get isHost() {
    if (!this.seat) return false;
    return this.roster.host ? this.roster.host === this.me : Boolean(this.seat.host);
  }

  /**
   * A player's name as the others see it: their display name where the server keeps one, the one last seen for a
   * player who left, this player's own as typed; an id only when nothing else is known.
   */
  nameOf(name) {
    if (this.roster.players.some((player) => player.name === name)) return displayName(this.roster, name);
    if (this.names[name]) return this.names[name];
    if (this.seat && name === this.seat.player && this.seat.shownAs) return this.seat.shownAs;
    return name;
  }

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

  /** Chooses the hand's order ('dealt', 'suit' or 'rank'), kept for this table. */
  sortHand(by) {
    if (!SORTS.includes(by)) return;
    this.sortBy = by;
    this.write(SORT_PREFIX + this.deckId, JSON.stringify(by));
    this.emit('change');
  }

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
    return this.outbox.has((change) => change.kind === kind && !change.seen
      && (code === null || changeCodes(change).includes(code)));
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
      if (change.kind === 'take' || change.kind === 'ungive') {
        for (const code of changeCodes(change)) slots.push({ code, state: 'arriving' });
      }
      if (change.kind === 'play' || change.kind === 'give') {
        for (const code of changeCodes(change)) {
          const slot = slots.find((s) => s.code === code && s.state !== 'playing');
          if (slot) slot.state = 'playing';
        }
      }
    }
    const mine = this.view.piles[this.me];
    const known = mine && mine.cards ? mine.cards.length : 0;
    // A card that left the hand since it was taken back has no place to keep.
    for (const code of Object.keys(this.places)) if (!slots.some((slot) => slot.code === code)) delete this.places[code];
    return { slots: placeBack(slots, this.places), hidden: Math.max(0, (mine ? mine.remaining : 0) - known) };
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

  /**
   * Takes a seat at the table as `name` (the pile-name id), shown to the others as `shownAs` where the server keeps
   * display names; throws the APIError when the server refuses (a taken name: 409).
   */
  async join(name, shownAs = null) {
    const answer = await this.api.join(this.deckId, name, shownAs && shownAs !== name ? { displayName: shownAs } : {});
    const others = Object.entries(answer.piles || {}).some(([pile, entry]) => entry.private && pile !== answer.player);
    // The first player hosts; a server that names the host says so itself.
    const host = typeof answer.host === 'string' ? answer.host === answer.player : !others;
    this.seat = { player: answer.player, token: answer.token, host, shownAs: shownAs || answer.player };
    this.write(SEAT_PREFIX + this.deckId, JSON.stringify(this.seat));
    if (this.watching) {
      // From watching to playing: the stream is reopened with the token (it shows this player's hand).
      this.closeStream();
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

  /**
   * Shows the table as this device last saw it (kept in storage with the roster, the move log and the names), until
   * the server is read: a reload during an outage still shows the table, marked as not live.
   */
  restore() {
    const seen = this.read(SEEN_PREFIX + this.deckId);
    if (!seen || this.loaded || !seen.table || !Array.isArray(seen.table.order)) return;
    this.confirmed = seen.table;
    if (seen.roster && Array.isArray(seen.roster.players)) this.roster = seen.roster;
    if (Array.isArray(seen.log)) {
      this.log = seen.log.slice(-LOG_LENGTH);
      this.logCount = Math.max(0, ...this.log.map((entry) => entry.id));
    }
    this.names = seen.names || {};
    this.toldOffline = new Set(seen.toldOffline || []);
    this.restoredFromDevice = true;
    // The moves made while the page was closed come as the stream resumes after the last one logged.
    if (this.lastEventId === null && /^\d+$/.test(seen.lastEventId || '') && this.log.length > 0) {
      this.lastEventId = seen.lastEventId;
      this.resumingSaved = true;
    }
  }

  /** Keeps what `restore` brings back. */
  remember() {
    if (!this.loaded || (!this.seat && !this.watching)) return;
    this.write(SEEN_PREFIX + this.deckId, JSON.stringify({
      table: this.confirmed, roster: this.roster, log: this.log, names: this.names, toldOffline: [...this.toldOffline],
      lastEventId: this.lastEventId,
    }));
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
   * Gives up the seat this page had (it was removed, or the player wants to join again): the seat is forgotten
   * with the changes it had waiting, and the model is ready to `join` again.
   */
  forgetSeat() {
    this.closeStream();
    this.started = false;
    this.seat = null;
    try {
      if (this.storage) {
        this.storage.removeItem(SEAT_PREFIX + this.deckId);
        this.storage.removeItem(SEEN_PREFIX + this.deckId);
      }
    } catch { /* nothing kept */ }
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
    const where = to === this.me ? 'yourself' : this.view.piles[to] && this.view.piles[to].private
      ? this.nameOf(to) : pileLabel(to);
    return this.submit({ kind: 'deal', to, count, label: `dealing ${cards(count)} to ${where}` });
  }

  /** The host deals `count` cards face down to every player, one at a time in seat order: one change. */
  dealToEveryone(count) {
    if (this.isPending('dealAll')) return false;
    return this.submit({ kind: 'dealAll', count, players: this.roster.players.map((player) => player.name),
      label: `dealing ${cards(count)} to everyone` });
  }

  /**
   * Plays cards (a code or codes) from this player's hand onto a table pile, face up, or with `face: 'down'` onto
   * the face-down pile (once: false while one of them is on its way).
   */
  play(codes, pile = CENTRE, { face = null } = {}) {
    const list = Array.isArray(codes) ? codes : [codes];
    if (list.length === 0 || list.some((code) => this.isCardPending(code))) return false;
    const target = face === 'down' ? FACE_DOWN_PILE : pile;
    const change = { kind: 'play', codes: list, pile: target, label: `playing ${cardList(list)} to ${pileLabel(target)}` };
    if (face === 'down') change.face = 'down';
    if (!this.submit(change)) return false;
    const places = list.map((code) => this.answeredHand.indexOf(code));
    this.lastPlay = face === 'down' ? null : { codes: list, pile: target, places };
    return true;
  }

  /** Gives cards from this player's hand to another player. */
  give(codes, to) {
    const list = Array.isArray(codes) ? codes : [codes];
    if (list.length === 0 || list.some((code) => this.isCardPending(code))) return false;
    const places = list.map((code) => this.answeredHand.indexOf(code));
    if (!this.submit({ kind: 'give', codes: list, to, label: `giving ${cardList(list)} to ${this.nameOf(to)}` })) return false;
    this.lastGift = { codes: list, to, places };
    return true;
  }

  /** Asks the last gift back into the hand, each card to its place; the server refuses once the receiver moved. */
  undoGift() {
    if (!this.giftUndoable) return false;
    const { codes, to, places = [] } = this.lastGift;
    const ok = this.submit({ kind: 'ungive', codes, from: to, label: `taking back the gift to ${this.nameOf(to)}` });
    if (ok) {
      codes.forEach((code, i) => { this.places[code] = places[i]; });
      this.lastGift = null;
    }
    return ok;
  }

  /** Whether a card of the hand is on its way somewhere (its play or gift waits for the server's answer). */
  isCardPending(code) { return this.isPending('play', code) || this.isPending('give', code); }

  /** Takes a card from a face-up table pile (the centre unless named) into this player's hand. */
  take(code, pile = CENTRE) {
    const ok = this.submit({ kind: 'take', codes: [code], pile, label: `taking the ${codeName(code)} from ${pileLabel(pile)}` });
    if (ok && this.lastPlay && this.lastPlay.codes.includes(code)) this.lastPlay = null;
    return ok;
  }

  /** Takes this player's last play back into the hand, while its cards are still on top where they went. */
  undo() {
    if (!this.undoable) return false;
    const { codes, pile, places = [] } = this.lastPlay;
    const ok = this.submit({ kind: 'take', codes, pile, undo: true, label: `taking back ${cardList(codes)}` });
    if (ok) {
      codes.forEach((code, i) => { this.places[code] = places[i]; });
      this.lastPlay = null;
    }
    return ok;
  }

  /** The host collects every card (every hand and the centre) and shuffles the whole deck: a new round. */
  newRound() {
    const ok = this.submit({ kind: 'newRound', label: 'starting a new round' });
    if (ok) this.lastPlay = null;
    return ok;
  }

  /** The host removes a player: their hand goes to the bottom of the deck, their seat is no more. */
  removePlayer(name) {
    if (name === this.me || this.isPending('remove')) return false;
    return this.submit({ kind: 'remove', player: name, label: `removing ${this.nameOf(name)} from the table` });
  }

  /** Passes the turn (`next`, a player's name, or `none`), on a server that keeps turns. */
  passTurn(to = 'next') {
    if (this.isPending('turn')) return false;
    return this.submit({ kind: 'turn', to, label: 'passing the turn' });
  }

  /** The host turns strict turns on or off (only the turn holder may then move cards). */
  setStrictTurns(strict) {
    if (this.isPending('turn')) return false;
    return this.submit({ kind: 'turn', strict, label: strict ? 'turning strict turns on' : 'turning strict turns off' });
  }

  /** The host moves a player one seat earlier (the first seat goes last). */
  seatEarlier(name) {
    const order = this.roster.players.map((player) => player.name);
    const index = order.indexOf(name);
    if (index < 0 || order.length < 2 || this.isPending('seats')) return false;
    const [moved] = order.splice(index, 1);
    order.splice(index === 0 ? order.length : index - 1, 0, moved);
    return this.submit({ kind: 'seats', order, label: `moving ${this.nameOf(name)} one seat earlier` });
  }

  /** Resends every pending change now (and reconnects the stream). */
  retry() {
    if (!this.source && this.started && !this.outbox.lostError) this.connect();
    this.outbox.retry();
  }

  submit(fields) {
    if (!this.seat) return false;
    const blocked = ['play', 'give', 'take', 'deal'].includes(fields.kind) && this.turn.blocked;
    const reason = blocked ? blocked.replace(/\.$/, '') : applyTableChange(cloneTable(this.view), fields, this.me);
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
      await api.addToPile(deckId, changePile(change), changeCodes(change), { ...options, from: me, face: change.face });
    } else if (change.kind === 'give') {
      await api.addToPile(deckId, change.to, changeCodes(change), { ...options, from: me });
    } else if (change.kind === 'ungive') {
      await api.takeBackGift(deckId, change.from, options);
    } else if (change.kind === 'take') {
      const codes = changeCodes(change);
      const answer = await api.addToPile(deckId, me, codes, { ...options, from: changePile(change) });
      // A server that takes nothing when the card has gone answers success all the same: its cards tell.
      const hand = answer && answer.piles && answer.piles[me];
      if (hand && Array.isArray(hand.cards) && !codes.every((code) => hand.cards.some((card) => (card.code || card) === code))) {
        throw new Refusal(`The ${codeName(codes[0])} is no longer in ${pileLabel(changePile(change))}.`);
      }
    } else if (change.kind === 'dealAll') {
      await api.dealToEveryone(deckId, change.count, options);
    } else if (change.kind === 'newRound') {
      await api.newRound(deckId, options);
    } else if (change.kind === 'remove') {
      await api.removePlayer(deckId, change.player, options);
    } else if (change.kind === 'turn') {
      await api.turn(deckId, { to: change.to || null, strict: change.strict === undefined ? null : change.strict }, options);
    } else if (change.kind === 'seats') {
      await api.seats(deckId, change.order, options);
    }
  }

  sentChange(change) {
    if (!change.seen) this.sent.push(change);
    // A change made clears the notice of one that was not: what it said is old news now.
    if (this.lastNotice) this.clearNotice();
    this.rebase(false);
  }

  refused(change, error) {
    this.dropped.push(change);
    this.notice(this.refusalText(change, error.message));
  }

  refusalText(change, reason) {
    if (change.kind === 'ungive') {
      return `The gift can no longer be taken back: ${this.nameOf(change.from)} has moved since. Your hand was read again.`;
    }
    if (change.kind === 'take') {
      const codes = changeCodes(change);
      return `Someone else took ${cardList(codes)} first: ${codes.length === 1 ? 'it is' : 'they are'} not in ` +
        `${pileLabel(changePile(change))} any more.`;
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

  /**
   * Reads the table again: the player's hand (with every pile's size) and every face-up table pile that holds
   * cards. A spectator lists a pile it knows of (every listing gives every pile's size), or the deck alone.
   */
  async reload() {
    const seat = this.seat;
    if (!seat && !this.watching) return;
    this.reading = true;
    try {
      do {
        this.readAgain = false;
        const options = { token: this.token };
        let base;
        if (seat) {
          base = await this.api.listPile(this.deckId, this.me, options);
        } else {
          // Any pile's listing gives every pile's size: one the stream's greeting named, or one already shown.
          const known = Object.keys((this.snapshot && this.snapshot.piles) || {})[0] || this.confirmed.order[0];
          base = known ? await this.api.listPile(this.deckId, known, options).catch((error) => {
            if (error.status === 404 && !/Deck ID/.test(error.message)) return this.api.deckInfo(this.deckId);
            throw error;
          }) : await this.api.deckInfo(this.deckId);
        }
        const listings = {};
        for (const [name, pile] of Object.entries(base.piles || {})) {
          if (pile.private || pile.face === 'down' || !pile.remaining || Array.isArray(pile.cards)) continue;
          listings[name] = await this.api.listPile(this.deckId, name, options);
        }
        if (this.stopped || this.seat !== seat) return;
        if (this.readAgain) continue;  // an event came meanwhile: these listings may be older than it
        this.confirmed = tableFromListings(this.deckId, this.me, base, listings);
        // Reads and sends take turns, so every answered change is in these listings.
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

  /** Opens the event stream; EventSource resumes by itself, a closed one is reopened after the last event seen. */
  connect() {
    if (this.stopped || this.source) return;
    const source = this.openEvents(this.api.eventsURL(this.deckId, this.token || null, this.lastEventId));
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
      // A resume from the saved log refused again and again while the server answers reads (a point it no longer
      // knows) is given up: the stream reopens from now, and the log says moves are missing. While the server
      // cannot be reached (nothing read yet) it is tried again, as any stream is.
      if (this.resumingSaved && this.loaded && ++this.refusedResumes >= RESUME_TRIES) {
        this.lastEventId = null;
        this.missedMoves();
      }
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
    // A greeting where the missed events were to come: the server no longer has them.
    if (this.resumingSaved && (kind === 'hello' || kind === 'resync')) this.missedMoves();
    this.resumingSaved = false;
    this.roster = updateRoster(this.roster, data, kind);
    this.names = rememberNames(this.names, this.roster);
    if (kind === 'presence') {
      const news = presenceNews(this.toldOffline, data, this.me, (name) => this.nameOf(name));
      this.toldOffline = news.toldOffline;
      if (news.words) {
        this.record(news.words);
        this.dispatchEvent(new CustomEvent('announce', { detail: news.words }));
      }
      this.emit('change');
      this.remember();
      return;
    }
    if (kind === 'hello' || kind === 'resync') {
      this.snapshot = data;
      if (kind === 'hello') this.readHistory(Number(event.lastEventId));
      if (this.reading) this.readAgain = true;
      if (this.watching && this.confirmed.order.length === 0) {
        applyTableEvent(this.confirmed, data, null);
        this.rebase(false);
      }
      this.emit('change');
      this.outbox.requestRead();
      return;
    }
    // A listing on its way may have been made before this change: read again once it is in.
    if (this.reading) this.readAgain = true;
    const me = this.me;
    if (this.lastGift && endsGift(kind, data, me, this.lastGift.to)) this.lastGift = null;
    // The last read already holds this player's change: its event changes nothing.
    const included = this.included.findIndex((change) => eventConfirms(change, kind, data, me));
    if (included >= 0) {
      this.included.splice(included, 1);
      this.record(describeEvent(kind, data, me, this.confirmed, (name) => this.nameOf(name)));
      this.emit('change');
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
    const before = cloneTable(this.confirmed);
    const trusted = applyTableEvent(this.confirmed, data, me);
    this.rebase(false);
    const told = { kind, data, before, announce: (!own && data.player !== me) || kind === 'turn' };
    // A card taken from a face-up pile into a hand this page cannot see comes as a count: the next read shows
    // which card left the pile, and the words name it then.
    const unnamed = (data.moved || []).some((move) => !movedCodes(move) && before.piles[move.from]
      && before.piles[move.from].cards && !before.piles[move.from].private);
    if (unnamed) this.unnamed.push(told);
    else this.tell(told);
    if (!trusted || kind === 'leave') this.outbox.requestRead();
  }

  /**
   * The round so far from the server's event history, once, for a page with no move log yet: put before the moves
   * logged since.
   */
  async readHistory(untilId) {
    if (!this.history || this.historyRead || this.log.length > 0) return;
    this.historyRead = true;
    const lines = await roundHistory({
      open: (lastEventId) => this.openEvents(this.api.eventsURL(this.deckId, this.token || null, lastEventId)),
      kinds: EVENT_KINDS, untilId, me: this.me, nameOf: (name) => this.nameOf(name),
    });
    if (this.stopped || lines.length === 0) return;
    const earlier = lines.map((text) => ({ id: ++this.logCount, text }));
    this.log = [...earlier, ...this.log].slice(-LOG_LENGTH);
    this.remember();
    this.emit('change');
  }

  /** The moves made while this page was closed cannot all be logged: the log says so where they would be. */
  missedMoves() {
    if (!this.resumingSaved) return;
    this.resumingSaved = false;
    this.record('Some moves made while this page was closed are missing here.');
    this.emit('change');
  }

  /** Logs an event in words, and announces it when it is another's move (or whose turn it is). */
  tell({ kind, data, before, announce }) {
    const words = describeEvent(kind, data, this.me, before, (name) => this.nameOf(name));
    this.record(words);
    if (words && announce) this.dispatchEvent(new CustomEvent('announce', { detail: words }));
    if (words) this.emit('change');
  }

  /** After a read: names the cards of the takes that came as counts (those gone from their pile since). */
  nameTakes() {
    const waiting = this.unnamed;
    this.unnamed = [];
    for (const told of waiting) {
      const moved = told.data.moved.map((move) => {
        const then = !movedCodes(move) && told.before.piles[move.from] && told.before.piles[move.from].cards;
        if (!then) return move;
        const now = (this.confirmed.piles[move.from] && this.confirmed.piles[move.from].cards) || [];
        const gone = then.filter((code) => !now.includes(code));
        return gone.length === move.count ? { ...move, cards: gone } : move;
      });
      this.tell({ ...told, data: { ...told.data, moved } });
    }
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

  /** Adds a line to the move log. */
  record(words) {
    if (!words) return;
    this.log = [...this.log, { id: ++this.logCount, text: words }].slice(-LOG_LENGTH);
    this.remember();
  }

  notice(message) {
    this.lastNotice = message;
    this.dispatchEvent(new CustomEvent('notice', { detail: message }));
  }

  /** Clears the notice (dismissed, or a later change was made). */
  clearNotice() {
    this.lastNotice = null;
    this.dispatchEvent(new CustomEvent('notice', { detail: '' }));
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
