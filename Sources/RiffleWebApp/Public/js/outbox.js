// The one outbox every model sends its changes through: the user's changes, in order, one at a time, each exactly
// once, through outages, reloads and closed tabs. What to do next is decided by OutboxMachine (outbox-machine.js);
// this file carries its actions out: it calls the model's `send` and `read`, keeps the timer a stalled outbox waits
// on, and keeps the changes in the storage it is given (localStorage in the browser, a fake in tests).
//
// - Each change gets an `id` and an Idempotency-Key when it is queued; the key is kept with the change (also in
//   storage) and sent again with every resend, so a change whose answer was lost is made once.
// - A failure that may pass (the server cannot be reached, 5xx, 408, 429) stalls the outbox; it tries again by
//   itself after 1, 2, 4, 5, 5… seconds (±20%), and at once on `retry()` (the user, the browser back online, the
//   event stream reopened). The model's `read` runs before the next send and once more at the end.
// - A refusal (any other 4xx, or a `Refusal` the model throws when an answer shows the change did not happen) drops
//   the change and hands it to `onRefused`; a loss (the deck, or the player's seat, is gone) stops the outbox until
//   `reset`.
// - The changes are saved under `<prefix><tabId>` with the model's `snapshot()`; a tab that is closed with changes
//   unsent leaves them there, and the next tab opened on the same deck adopts them (`adoptOrphans`). While it has
//   changes, a tab rewrites its record every few seconds, so that a tab opened meanwhile knows it is alive.

import { OutboxMachine } from './outbox-machine.js';

/** A record not rewritten for this long belongs to a tab that was closed. */
export const ORPHAN_AGE_MS = 15000;
const HEARTBEAT_MS = 5000;

/** Thrown by a model's `send` when the server's answer shows that the change did not happen. */
export class Refusal extends Error {
  constructor(message) {
    super(message);
    this.name = 'Refusal';
  }
}

/**
 * How a failure is handled: 'transient' (try again later), 'refused' (never: drop the change) or 'lost' (the deck
 * no longer exists).
 */
export function classify(error) {
  if (error && error.name === 'Refusal') return 'refused';
  if (!error || error.name !== 'APIError') return 'transient';
  if (error.unreachable || error.status >= 500 || error.status === 408 || error.status === 429) return 'transient';
  if (error.status === 404 && /Deck ID does not exist/.test(error.message)) return 'lost';
  return 'refused';
}

/** A new Idempotency-Key: 128 random bits as 32 hex digits (getRandomValues works on plain http too). */
export function newIdempotencyKey() {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The real clock and timers; tests may pass their own. */
export const systemClock = Object.freeze({
  now: () => Date.now(),
  random: () => Math.random(),
  setTimeout: (callback, ms) => {
    const timer = setTimeout(callback, ms);
    // In node (the model tests) a pending retry must not keep the process alive.
    if (timer && typeof timer.unref === 'function') timer.unref();
    return timer;
  },
  clearTimeout: (timer) => clearTimeout(timer),
});

export class Outbox extends EventTarget {
  /**
   * @param {object} options
   * @param {Storage} [options.storage] where the changes are kept (null: nowhere).
   * @param {string} options.prefix the storage key prefix of this kind of outbox (one per deck or table).
   * @param {string} [options.tabId] this tab's name; its record is `<prefix><tabId>`.
   * @param {(change: object) => Promise<void>} options.send sends one change and applies its answer.
   * @param {() => Promise<void>} [options.read] reads the server's state into the model.
   * @param {(error: Error) => string} [options.classify] 'transient', 'refused' or 'lost'.
   * @param {(change: object, error: Error) => void} [options.onRefused] a change was refused and dropped.
   * @param {(change: object) => void} [options.onSent] a change was answered and left the outbox.
   * @param {() => object} [options.snapshot] what the model keeps beside its changes (for the next page).
   */
  constructor({
    storage = null, prefix, tabId = 'tab', send, read = async () => {}, classify: classifyError = classify,
    onRefused = () => {}, onSent = () => {}, snapshot = () => null, clock = systemClock,
    newKey = newIdempotencyKey, backoff = {},
  }) {
    super();
    this.storage = storage;
    this.prefix = prefix;
    this.storageKey = prefix + tabId;
    this.hooks = { send, read, classify: classifyError, onRefused, onSent, snapshot };
    this.clock = clock;
    this.newKey = newKey;
    this.machine = new OutboxMachine(backoff);
    this.nextId = 1;
    this.generation = 0;     // a step that finishes after stop() (or a restart) reports to no one
    this.timer = null;
    this.heartbeat = null;
    this.closed = false;     // stopped: nothing more is saved
  }

  // MARK: Reading

  /** The changes not yet answered, oldest first (the one on its way included). Do not change the array. */
  get changes() { return this.machine.changes; }

  /** The change on its way to the server, or null. */
  get inFlight() { return this.machine.inFlight; }

  /** 'stopped', 'idle', 'working', 'stalled' or 'lost'. */
  get phase() { return this.machine.phase.name; }

  /** The failure that lost the outbox's subject (the deck, the seat), or null. */
  get lostError() { return this.machine.phase.name === 'lost' ? this.machine.phase.error : null; }

  /** What the outbox is doing, for the status line and the banner. */
  get status() {
    const failure = this.machine.failure;
    const lost = this.lostError;
    let state = 'saved';
    if (lost) state = 'lost';
    else if (failure) state = 'stalled';
    else if (this.phase === 'working' || this.changes.length > 0) state = 'saving';
    const pending = this.changes.filter((change) => !change.automatic).length;
    return { state, pending, error: lost || failure, label: this.changes[0] ? this.changes[0].label : undefined };
  }

  /** Whether a change matching `test` is still waiting for its answer. */
  has(test) { return this.changes.some(test); }

  // MARK: Loading

  /** Takes back this tab's changes from before a reload; returns the snapshot kept with them (or null). */
  load() {
    const record = this.readRecord(this.storageKey);
    if (!record) return null;
    this.restore(record.changes);
    return record.context;
  }

  /** Changes that closed tabs left behind join this tab's, in order, when `accept(theirSnapshot)` says so. */
  adoptOrphans(accept = () => true) {
    if (!this.storage) return;
    const now = this.clock.now();
    let keys = [];
    try {
      for (let i = 0; i < this.storage.length; i++) keys.push(this.storage.key(i));
    } catch {
      keys = [];
    }
    for (const key of keys) {
      if (!key || !key.startsWith(this.prefix) || key === this.storageKey) continue;
      const record = this.readRecord(key);
      if (!record || now - record.at < ORPHAN_AGE_MS || !accept(record.context)) continue;
      this.restore(record.changes);
      try { this.storage.removeItem(key); } catch { /* nothing to clean */ }
    }
  }

  restore(changes) {
    const kept = changes.filter((change) => change && typeof change.kind === 'string').map((change) => ({
      ...change, id: this.nextId++, key: change.key || this.newKey(),
    }));
    this.perform(this.machine.restored(kept));
  }

  // MARK: Commands

  /** Starts sending (and reading): call once the model is ready. */
  start() {
    this.closed = false;
    this.generation += 1;
    const actions = this.machine.started();
    this.save();
    this.perform(actions);
  }

  /** Stops sending and saving: the page is going away (a test's "reload" leaves the old model like this). */
  stop() {
    this.generation += 1;
    this.perform(this.machine.stopped());
    this.closed = true;
    this.stopHeartbeat();
  }

  /** Queues a change (plain data with `kind` and `label`); returns it with its `id` and Idempotency-Key. */
  enqueue(fields) {
    const change = { ...fields, id: this.nextId++, key: this.newKey() };
    this.perform(this.machine.enqueued(change));
    return change;
  }

  /** Queues changes that follow from `after` (sent next, before anything queued later). */
  insertAfter(after, followUps) {
    const changes = followUps.map((fields) => ({ ...fields, id: this.nextId++, key: this.newKey() }));
    this.perform(this.machine.inserted(after, changes));
    return changes;
  }

  /** Drops changes that a read showed done or impossible (never the one on its way). */
  remove(changes) {
    if (changes.length > 0) this.perform(this.machine.removed(changes));
  }

  /** Reads the server (the model's `read`) before the next send. */
  requestRead() { this.perform(this.machine.readRequested()); }

  /** Tries again now, if stalled. */
  retry() { this.perform(this.machine.retryRequested(this.clock.now())); }

  /** Starts over after a loss with these changes (fields as for `enqueue`). */
  reset(fields = []) {
    const changes = fields.map((change) => ({ ...change, id: this.nextId++, key: this.newKey() }));
    this.generation += 1;  // a step still on its way belongs to what was given up
    this.perform(this.machine.reset(changes, this.clock.now()));
  }

  // MARK: Carrying out the machine's actions

  perform(actions) {
    let save = false;
    let status = false;
    for (const action of actions) {
      switch (action.type) {
        case 'send': this.run(action, () => this.hooks.send(action.change)); break;
        case 'read': this.run(action, () => this.hooks.read()); break;
        case 'schedule': this.schedule(action.at); break;
        case 'cancelTimer': this.cancelTimer(); break;
        case 'refused': this.hooks.onRefused(action.change, action.error); break;
        case 'save': save = true; break;
        case 'status': status = true; break;
        default: break;
      }
    }
    // Before start() the model is still restoring its own state: it is saved from start() on.
    if (save && this.phase !== 'stopped') this.save();
    if (status) this.dispatchEvent(new Event('status'));
  }

  /** Runs a step after the current task's work (so a caller that queues several changes finishes first). */
  run(action, work) {
    const generation = this.generation;
    queueMicrotask(async () => {
      if (generation !== this.generation) return;
      let failure = null;
      try {
        await work();
      } catch (error) {
        failure = error || new Error('failed');
      }
      if (generation !== this.generation) return;
      if (failure) {
        const kind = this.hooks.classify(failure);
        this.perform(this.machine.stepFailed(kind, failure, this.clock.now(), this.clock.random()));
        return;
      }
      const actions = this.machine.stepSucceeded(this.clock.now());
      if (action.type === 'send') this.hooks.onSent(action.change);
      this.perform(actions);
    });
  }

  schedule(at) {
    this.cancelTimer();
    const generation = this.generation;
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      if (generation === this.generation) this.perform(this.machine.timerFired(this.clock.now()));
    }, Math.max(0, at - this.clock.now()));
  }

  cancelTimer() {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  // MARK: Storage

  /** Writes this tab's record: its changes and the model's snapshot, stamped with the time. */
  save() {
    if (this.closed || !this.storage) return;
    const record = { at: this.clock.now(), changes: this.changes, context: this.hooks.snapshot() };
    try { this.storage.setItem(this.storageKey, JSON.stringify(record)); } catch { /* private mode: nothing kept */ }
    if (this.changes.length > 0) this.startHeartbeat();
    else this.stopHeartbeat();
  }

  startHeartbeat() {
    if (this.heartbeat !== null) return;
    const beat = () => {
      this.heartbeat = null;
      if (this.closed || this.changes.length === 0) return;
      this.save();
      if (this.heartbeat === null) this.heartbeat = this.clock.setTimeout(beat, HEARTBEAT_MS);
    };
    this.heartbeat = this.clock.setTimeout(beat, HEARTBEAT_MS);
  }

  stopHeartbeat() {
    if (this.heartbeat !== null) this.clock.clearTimeout(this.heartbeat);
    this.heartbeat = null;
  }

  /** A record as { at, changes, context }; records of earlier versions kept their changes as `outbox`. */
  readRecord(key) {
    let value = null;
    try {
      const raw = this.storage ? this.storage.getItem(key) : null;
      value = raw ? JSON.parse(raw) : null;
    } catch {
      return null;
    }
    if (!value || typeof value !== 'object') return null;
    const changes = Array.isArray(value.changes) ? value.changes : Array.isArray(value.outbox) ? value.outbox : [];
    const context = 'context' in value ? value.context : value;
    return { at: Number(value.at) || 0, changes, context };
  }
}
