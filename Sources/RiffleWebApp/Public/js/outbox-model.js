// The one outbox protocol every model of the app follows (the deck model, deck-model.js, and a live table's,
// play-model.js); each says only what is its own: how a change is sent, how the server is read, how a change applies
// to its state, and how a failure is said in words.
//
// A model keeps two states: `confirmed`, what the server last said, and `view`, the confirmed state with every
// change still waiting applied: what the user sees. A command checks its change against `view` (`submit`) and queues
// it in the outbox (outbox.js), which sends the changes one at a time, in order, each with its Idempotency-Key; each
// answer moves `confirmed` forward and `view` is made again from it (`rebase`). Nothing the user did is dropped
// unsaid:
//
// - the server cannot be reached, or answers 5xx: the outbox stalls, keeps every change in storage, and resends
//   them by itself when the server answers again (or at once on `retry`);
// - the server refuses a change for good: it is dropped, the user is told in words, and the server is read again;
// - after a read, a change waiting that the server shows made already (its answer was lost) is done, and one that
//   no longer applies (another tab or player moved its cards) is dropped and told.
//
// Views subscribe to 'change' (the state shown changed), 'status' (the outbox's state) and 'notice' (a change that
// could not be made, in words; '' clears it).
//
// A model extends OutboxModel and defines:
//   send(change)                   sends one change and moves `confirmed` forward by its answer (async)
//   readServer()                   reads the server's state into `confirmed`, then rebases (async)
//   copyState(state)               a copy of a state, to apply changes to
//   applyChange(state, change)     applies a change in place: null when it applied, else why not, in words
//   alreadyMade(state, change)     whether a read shows a waiting change made already
//   staleText(change, reason)      the notice for a waiting change a read shows can no longer be made
//   refusedText(change, message)   the notice for a change the server refused
// and, where it needs to, `rebased()` (what follows from a new view), `keptWithChanges()` (what a reload needs beside
// the changes), `classify(error)`, and `answered(change)` or `stateBeforeWaiting()` with a call to its super.

import { Outbox, classify } from './outbox.js';

export class OutboxModel extends EventTarget {
  /**
   * @param {object} options
   * @param {Storage} [options.storage] where the outbox and the model's own records are kept (localStorage).
   * @param {string} options.prefix the storage key prefix of this model's outboxes.
   * @param {string} [options.tabId] this tab's name for its outbox.
   * @param {object} [options.outbox] options passed on to the Outbox (a clock, a backoff: tests).
   */
  constructor({ storage = null, prefix, tabId = 'tab', outbox = {} }) {
    super();
    this.storage = storage;
    this.tabId = tabId;
    this.loaded = false;      // the model has read the server at least once
    this.stopped = false;     // the page is going away: nothing more is sent or kept
    this.dropped = [];        // changes given up on (refused, or no longer possible), each told in a notice
    this.lastNotice = null;
    this.outbox = new Outbox({
      ...outbox,
      storage,
      prefix,
      tabId,
      send: (change) => this.send(change),
      read: () => this.readServer(),
      classify: (error) => this.classify(error),
      onSent: (change) => this.answered(change),
      onRefused: (change, error) => this.refused(change, error),
      snapshot: () => this.keptWithChanges(),
    });
    this.outbox.addEventListener('status', () => this.outboxStatusChanged());
  }

  // MARK: Reading

  /** What the outbox is doing, for the status line and the banner. */
  get status() { return this.outbox.status; }

  /** Whether nothing waits: no change to send, no read due. */
  get quiet() { return this.outbox.phase === 'idle'; }

  /** Resolves when the model is quiet (see `quiet`), or rejects when the outbox stalls or its subject is lost. */
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

  // MARK: Commands

  /**
   * Queues a change (plain data with `kind` and `label`, the change in words for the notices) when it applies to
   * what the user sees; else tells why not. Returns whether it was queued.
   */
  submit(fields) {
    const reason = this.reasonAgainst(fields);
    if (reason) {
      this.notice(`Could not finish ${fields.label}: ${reason}.`);
      return false;
    }
    this.outbox.enqueue(fields);
    this.rebase(false);
    return true;
  }

  /** Why a change cannot be made now (it does not apply to `view`), or null. */
  reasonAgainst(fields) {
    return this.applyChange(this.copyState(this.view), { ...fields });
  }

  /** Resends every waiting change now, if the outbox stalled. */
  retry() { this.outbox.retry(); }

  /** Stops sending and keeping (the page is going away). */
  stop() {
    this.stopped = true;
    this.outbox.stop();
  }

  // MARK: What the outbox calls

  /** A change was answered and left the outbox: the view is the new confirmed state plus what still waits. */
  answered() { this.rebase(false); }

  /** The server refused a change for good: it was dropped; the user is told. */
  refused(change, error) {
    this.dropped.push(change);
    this.notice(this.refusedText(change, error.message));
  }

  /** How a failure is handled: outbox.js's `classify`, unless a model knows better. */
  classify(error) { return classify(error); }

  outboxStatusChanged() { this.emit('status'); }

  /** What is kept in storage beside the waiting changes, for the next page (outbox.js's snapshot), or null. */
  keptWithChanges() { return null; }

  // MARK: Making the view

  /** The state the waiting changes are applied to: a copy of `confirmed`. */
  stateBeforeWaiting() { return this.copyState(this.confirmed); }

  /**
   * view = confirmed + every change waiting. After reading the server (`dropStale`), a waiting change the server
   * shows made is done, and one that no longer applies is dropped and told, rather than sent to be refused. A change
   * `seen` made (its event came) is in `confirmed` already.
   */
  rebase(dropStale) {
    const view = this.stateBeforeWaiting();
    const done = [];
    for (const change of this.outbox.changes) {
      if (change.seen) continue;
      if (dropStale && this.alreadyMade(view, change)) {
        done.push(change);  // its answer was lost, but the server made it
        continue;
      }
      const reason = this.applyChange(view, change);
      if (reason && dropStale) {
        this.dropped.push(change);
        this.notice(this.staleText(change, reason));
        done.push(change);
      }
    }
    this.outbox.remove(done);
    this.view = view;
    this.rebased();
    this.emit('change');
  }

  /** The view was made again (a model keeps what follows from it here, before it is shown). */
  rebased() {}

  // MARK: Telling

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

  // MARK: Storage

  /** A stored string, or null (nothing kept, or no storage). */
  readText(key) {
    try { return this.storage ? this.storage.getItem(key) : null; } catch { return null; }
  }

  /** A stored JSON value, or null. */
  readJSON(key) {
    try {
      const raw = this.readText(key);
      return raw ? JSON.parse(raw) : null;
    } catch {
      return null;
    }
  }

  /** Keeps a string, unless the page is going away (the next page owns the storage then). */
  writeText(key, value) {
    if (this.stopped) return;
    try { if (this.storage) this.storage.setItem(key, value); } catch { /* private mode: nothing kept */ }
  }

  removeStored(...keys) {
    try { if (this.storage) for (const key of keys) this.storage.removeItem(key); } catch { /* nothing kept */ }
  }
}
