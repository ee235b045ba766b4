// The outbox's decisions as a value state machine: which step runs next (read the server, or send the oldest
// change), what a failure does, when to try again. No I/O, no clock and no timers inside: time is an argument, and
// every method returns the actions its caller (outbox.js) must carry out, in order:
//
//   { type: 'send', change }     send this change (the oldest waiting), then report stepSucceeded or stepFailed
//   { type: 'read' }             read the server's state, then report stepSucceeded or stepFailed
//   { type: 'schedule', at }     call timerFired at `at` (ms), replacing any earlier timer
//   { type: 'cancelTimer' }
//   { type: 'refused', change, error }   the server refused the change for good: it is dropped; tell the user
//   { type: 'save' }             persist the changes (they, or a change's flags, changed)
//   { type: 'status' }           what the outbox shows changed
//
// The phases:
//   stopped   not started yet, or stopped (the page is going away): changes are kept, nothing is sent
//   idle      nothing to send or read
//   working   one step (a read or a send) is on its way; `retrying` is the failure being retried, if any, so
//             that the user keeps seeing "not saved" until a step succeeds
//   stalled   a step failed for a reason that may pass (the server cannot be reached, 5xx, 408, 429): nothing
//             is sent until `retryAt` or an explicit retry; `failures` counts them for the backoff
//   lost      what the changes are for is gone for good (the deck, the seat): nothing is sent until reset
//
// Rules that make a change happen once: a change keeps the Idempotency-Key it was queued with on every resend (the
// server answers a replay with its first answer); after a failure the server is read before the next send (the
// change may have been made although no answer came) and once more when the last change is sent; a change whose
// step failed is marked `uncertain` so the model can tell whether the read shows it made.

/** How long a stalled outbox waits before it tries again: the first wait, doubling up to the longest, ±jitter. */
export const BACKOFF = Object.freeze({ firstMs: 1000, longestMs: 5000, jitter: 0.2 });

export class OutboxMachine {
  /** @param {object} [backoff] overrides parts of BACKOFF. */
  constructor(backoff = {}) {
    this.changes = [];        // oldest first; each has its `id` and `key`
    this.backoff = { ...BACKOFF, ...backoff };
    this.phase = { name: 'stopped' };
    this.readDue = false;     // read the server before the next send
    this.verifyDue = false;   // read the server once more when the last change is sent
  }

  /** The change on its way to the server, or null. */
  get inFlight() {
    return this.phase.name === 'working' && this.phase.step === 'send' ? this.phase.change : null;
  }

  /** The failure the user should see: while stalled, and while retrying after it, until a step succeeds. */
  get failure() {
    if (this.phase.name === 'stalled') return this.phase.error;
    if (this.phase.name === 'working') return this.phase.retrying;
    return null;
  }

  // MARK: Events

  /** Changes kept from before (this tab's before a reload, or a closed tab's), appended in order. */
  restored(changes) {
    if (changes.length === 0) return [];
    this.changes.push(...changes);
    // They may have reached the server after the last read that page made.
    this.verifyDue = true;
    return [{ type: 'save' }, ...this.idleNext(), { type: 'status' }];
  }

  /** The page is ready: start with what is due. */
  started() {
    if (this.phase.name !== 'stopped') return [];
    this.phase = { name: 'idle' };
    return this.next(null, 0);
  }

  /** The page is going away: nothing more is sent; a step on its way reports to no one. */
  stopped() {
    this.phase = { name: 'stopped' };
    return [{ type: 'cancelTimer' }];
  }

  /** A new change, with its `id` and `key` set. */
  enqueued(change) {
    this.changes.push(change);
    return [{ type: 'save' }, ...this.idleNext(), { type: 'status' }];
  }

  /** Changes that follow from `after`'s answer, sent right after it (before anything queued later). */
  inserted(after, followUps) {
    const index = this.changes.indexOf(after);
    this.changes.splice(index < 0 ? 0 : index + 1, 0, ...followUps);
    return [{ type: 'save' }, { type: 'status' }];
  }

  /** Changes the model found done or impossible after a read (never the one on its way). */
  removed(changes) {
    const gone = new Set(changes.filter((change) => change !== this.inFlight));
    this.changes = this.changes.filter((change) => !gone.has(change));
    return [{ type: 'save' }, { type: 'status' }];
  }

  /** The model needs the server's state before the next send (another tab changed it, the stream said so…). */
  readRequested() {
    this.readDue = true;
    return this.idleNext();
  }

  /** The step on its way succeeded. */
  stepSucceeded(now) {
    if (this.phase.name !== 'working') return [];
    const { step, change } = this.phase;
    if (step === 'send') {
      this.changes = this.changes.filter((c) => c !== change);
    } else {
      this.readDue = false;
    }
    this.phase = { name: 'idle' };
    return [...(step === 'send' ? [{ type: 'save' }] : []), ...this.next(null, now)];
  }

  /**
   * The step on its way failed; `kind` is the model's classification: 'transient', 'refused' or 'lost'.
   * `random` is a number in [0, 1) for the jitter.
   */
  stepFailed(kind, error, now, random = 0.5) {
    if (this.phase.name !== 'working') return [];
    const { step, change, failures } = this.phase;
    if (kind === 'lost') {
      this.phase = { name: 'lost', error };
      return [{ type: 'cancelTimer' }, { type: 'status' }];
    }
    if (kind === 'refused' && step === 'send') {
      this.changes = this.changes.filter((c) => c !== change);
      // The changes after it may have counted on it: read the server before sending them.
      this.readDue = true;
      this.phase = { name: 'idle' };
      // An answer came, so the server is back: the stall (if any) is over.
      return [{ type: 'refused', change, error }, { type: 'save' }, ...this.next(null, now)];
    }
    // The request may have reached the server although no answer came back: read before resending.
    if (change) change.uncertain = true;
    this.readDue = true;
    this.verifyDue = true;
    const count = failures + 1;
    const wait = Math.min(this.backoff.firstMs * 2 ** (count - 1), this.backoff.longestMs);
    const retryAt = now + Math.round(wait * (1 - this.backoff.jitter + 2 * this.backoff.jitter * random));
    this.phase = { name: 'stalled', error, failures: count, retryAt };
    return [...(change ? [{ type: 'save' }] : []), { type: 'schedule', at: retryAt }, { type: 'status' }];
  }

  /** Try again now (the user pressed Retry, the browser came back online, the event stream reopened). */
  retryRequested(now) {
    if (this.phase.name !== 'stalled') return [];
    const { error, failures } = this.phase;
    this.phase = { name: 'idle' };
    return [{ type: 'cancelTimer' }, ...this.next(error, now, failures)];
  }

  /** The timer a 'schedule' action asked for fired. */
  timerFired(now) {
    if (this.phase.name !== 'stalled' || now < this.phase.retryAt) return [];
    return this.retryRequested(now);
  }

  /** Starts over after a loss with `changes` (for example, a new deck to deal). */
  reset(changes, now) {
    this.changes = changes.slice();
    this.readDue = false;
    this.verifyDue = false;
    if (this.phase.name === 'stopped') return [{ type: 'save' }, { type: 'status' }];
    this.phase = { name: 'idle' };
    return [{ type: 'cancelTimer' }, { type: 'save' }, ...this.next(null, now)];
  }

  // MARK: Choosing the next step

  idleNext() {
    return this.phase.name === 'idle' ? this.next(null, 0) : [];
  }

  /** From idle: the next step (a due read first, then the oldest change, then the final check), or stay idle. */
  next(retrying, now, failures = 0) {
    let action = null;
    if (this.readDue) action = { type: 'read' };
    else if (this.changes.length > 0) action = { type: 'send', change: this.changes[0] };
    else if (this.verifyDue) {
      this.verifyDue = false;
      this.readDue = true;
      action = { type: 'read' };
    }
    if (!action) {
      this.phase = { name: 'idle' };
      return [{ type: 'status' }];
    }
    this.phase = {
      name: 'working', step: action.type, change: action.change || null, retrying: retrying || null,
      failures: retrying ? failures : 0,
    };
    return [action, { type: 'status' }];
  }
}
