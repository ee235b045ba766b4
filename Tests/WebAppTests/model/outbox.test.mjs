// The outbox every model sends through: its state machine scripted event by event (the whole state and the actions
// asserted after each step, time given as a number), then the driver with a fake clock and storage: keys kept on
// every resend and across a reload, resends by itself with backoff, orphans adopted, the heartbeat, stop.
// Run: node --test Tests/WebAppTests/model/

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { BACKOFF, OutboxMachine } from '../../../Sources/RiffleWebApp/Public/js/outbox-machine.js';
import { ORPHAN_AGE_MS, Outbox, Refusal, classify } from '../../../Sources/RiffleWebApp/Public/js/outbox.js';
import { APIError } from '../../../Sources/RiffleWebApp/Public/js/api.js';
import { SharedStorage } from './fake-deck-api.mjs';

const change = (id, extra = {}) => ({ id, key: `k${id}`, kind: 'add', label: `change ${id}`, ...extra });

/** The machine's whole state, as a literal to compare. */
function state(machine) {
  return {
    phase: machine.phase,
    changes: machine.changes.map((c) => (c.uncertain ? `${c.id}?` : `${c.id}`)),
    readDue: machine.readDue,
    verifyDue: machine.verifyDue,
  };
}

const offline = new APIError('The card server cannot be reached.', { unreachable: true });

test('machine: a change is sent, answered and gone; nothing else happens', () => {
  const m = new OutboxMachine();
  assert.deepEqual(state(m), { phase: { name: 'stopped' }, changes: [], readDue: false, verifyDue: false });
  const a = change(1);
  assert.deepEqual(m.enqueued(a), [{ type: 'save' }, { type: 'status' }], 'stopped: kept, not sent');
  assert.deepEqual(m.started(), [{ type: 'send', change: a }, { type: 'status' }]);
  assert.deepEqual(state(m), {
    phase: { name: 'working', step: 'send', change: a, retrying: null, failures: 0 }, changes: ['1'],
    readDue: false, verifyDue: false,
  });
  assert.equal(m.inFlight, a);
  const b = change(2);
  assert.deepEqual(m.enqueued(b), [{ type: 'save' }, { type: 'status' }], 'one at a time: b waits');
  assert.deepEqual(m.stepSucceeded(10), [{ type: 'save' }, { type: 'send', change: b }, { type: 'status' }]);
  assert.deepEqual(m.stepSucceeded(20), [{ type: 'save' }, { type: 'status' }]);
  assert.deepEqual(state(m), { phase: { name: 'idle' }, changes: [], readDue: false, verifyDue: false });
  assert.deepEqual(m.stepSucceeded(30), [], 'a late answer with nothing on its way changes nothing');
});

test('machine: a failure stalls, backs off, reads before resending the same change, and reads once more at the end',
  () => {
    const m = new OutboxMachine();
    m.started();
    const a = change(1);
    m.enqueued(a);
    assert.deepEqual(m.stepFailed('transient', offline, 1000, 0.5), [
      { type: 'save' }, { type: 'schedule', at: 2000 }, { type: 'status' }]);
    assert.deepEqual(state(m), {
      phase: { name: 'stalled', error: offline, failures: 1, retryAt: 2000 }, changes: ['1?'], readDue: true,
      verifyDue: true,
    });
    assert.equal(m.failure, offline);
    assert.deepEqual(m.timerFired(1999), [], 'not yet');
    assert.deepEqual(m.timerFired(2000), [{ type: 'cancelTimer' }, { type: 'read' }, { type: 'status' }]);
    assert.equal(m.failure, offline, 'still not saved while the retry is on its way');
    assert.deepEqual(m.stepFailed('transient', offline, 2000, 0.5), [{ type: 'schedule', at: 4000 }, { type: 'status' }],
      'the second failure waits twice as long');
    assert.deepEqual(m.retryRequested(2500), [{ type: 'cancelTimer' }, { type: 'read' }, { type: 'status' }],
      'Retry does not wait for the timer');
    assert.deepEqual(m.stepSucceeded(2600), [{ type: 'send', change: a }, { type: 'status' }]);
    assert.equal(m.failure, null, 'an answer ends the stall');
    assert.deepEqual(m.stepSucceeded(2700), [{ type: 'save' }, { type: 'read' }, { type: 'status' }]);
    assert.deepEqual(state(m), {
      phase: { name: 'working', step: 'read', change: null, retrying: null, failures: 0 }, changes: [], readDue: true,
      verifyDue: false,
    });
    assert.deepEqual(m.stepSucceeded(2800), [{ type: 'status' }]);
    assert.deepEqual(state(m), { phase: { name: 'idle' }, changes: [], readDue: false, verifyDue: false });
  });

test('machine: the backoff doubles from 1 s up to 5 s, with ±20% jitter', () => {
  const waits = [];
  const m = new OutboxMachine();
  m.started();
  m.enqueued(change(1));
  let now = 0;
  for (let i = 0; i < 6; i++) {
    const [schedule] = m.stepFailed('transient', offline, now, 0.5).filter((a) => a.type === 'schedule');
    waits.push(schedule.at - now);
    now = schedule.at;
    m.timerFired(now);
  }
  assert.deepEqual(waits, [1000, 2000, 4000, 5000, 5000, 5000]);
  assert.deepEqual(BACKOFF, { firstMs: 1000, longestMs: 5000, jitter: 0.2 });
  for (const [random, wait] of [[0, 800], [0.999999, 1200]]) {
    const other = new OutboxMachine();
    other.started();
    other.enqueued(change(1));
    const [schedule] = other.stepFailed('transient', offline, 0, random).filter((a) => a.type === 'schedule');
    assert.equal(schedule.at, wait);
  }
});

test('machine: a refused change is dropped and reported, the server is read, the next change goes on', () => {
  const m = new OutboxMachine();
  m.started();
  const [a, b] = [change(1), change(2)];
  m.enqueued(a);
  m.enqueued(b);
  const refusal = new APIError('The pile, keep does not contain the requested cards.', { status: 404 });
  assert.deepEqual(m.stepFailed('refused', refusal, 5, 0.5), [
    { type: 'refused', change: a, error: refusal }, { type: 'save' }, { type: 'read' }, { type: 'status' }]);
  assert.deepEqual(state(m), {
    phase: { name: 'working', step: 'read', change: null, retrying: null, failures: 0 }, changes: ['2'], readDue: true,
    verifyDue: false,
  });
  assert.deepEqual(m.stepSucceeded(6), [{ type: 'send', change: b }, { type: 'status' }]);
  assert.deepEqual(m.stepFailed('refused', refusal, 7, 0.5).slice(0, 1), [{ type: 'refused', change: b, error: refusal }]);
  assert.deepEqual(m.stepFailed('refused', offline, 8, 0.5), [{ type: 'schedule', at: 1008 }, { type: 'status' }],
    'a read that fails is retried, never "refused"');
});

test('machine: lost stops everything until a reset; reads asked for meanwhile wait', () => {
  const m = new OutboxMachine();
  m.started();
  m.enqueued(change(1));
  const gone = new APIError('Deck ID does not exist.', { status: 404 });
  assert.deepEqual(m.stepFailed('lost', gone, 0, 0.5), [{ type: 'cancelTimer' }, { type: 'status' }]);
  assert.deepEqual(m.enqueued(change(2)), [{ type: 'save' }, { type: 'status' }]);
  assert.deepEqual(m.readRequested(), []);
  assert.deepEqual(m.retryRequested(1), [], 'Retry cannot bring back what is gone');
  assert.deepEqual(state(m), { phase: { name: 'lost', error: gone }, changes: ['1', '2'], readDue: true, verifyDue: false });
  const fresh = change(3, { kind: 'newDeck' });
  assert.deepEqual(m.reset([fresh], 2), [
    { type: 'cancelTimer' }, { type: 'save' }, { type: 'send', change: fresh }, { type: 'status' }]);
  assert.deepEqual(state(m).changes, ['3']);
});

test('machine: restored changes are checked by a read once sent; follow-ups go right after; the one on its way stays',
  () => {
    const m = new OutboxMachine();
    const [a, b] = [change(1), change(2)];
    assert.deepEqual(m.restored([a, b]), [{ type: 'save' }, { type: 'status' }]);
    assert.equal(m.verifyDue, true);
    assert.deepEqual(m.readRequested(), []);
    assert.deepEqual(m.started(), [{ type: 'read' }, { type: 'status' }], 'a due read comes first');
    assert.deepEqual(m.stepSucceeded(1), [{ type: 'send', change: a }, { type: 'status' }]);
    const followUp = change(3);
    assert.deepEqual(m.inserted(a, [followUp]), [{ type: 'save' }, { type: 'status' }]);
    assert.deepEqual(state(m).changes, ['1', '3', '2']);
    assert.deepEqual(m.removed([a, b]), [{ type: 'save' }, { type: 'status' }]);
    assert.deepEqual(state(m).changes, ['1', '3'], 'the change on its way is the server\'s to answer');
    assert.deepEqual(m.stepSucceeded(2), [{ type: 'save' }, { type: 'send', change: followUp }, { type: 'status' }]);
    assert.deepEqual(m.stepSucceeded(3), [{ type: 'save' }, { type: 'read' }, { type: 'status' }], 'the final check');
    assert.deepEqual(m.stopped(), [{ type: 'cancelTimer' }]);
    assert.deepEqual(m.stepSucceeded(4), [], 'a step that ends after stop reports to no one');
  });

test('classify: unreachable, 5xx, 408 and 429 pass; a missing deck is lost; other 4xx and a Refusal are refused', () => {
  assert.equal(classify(offline), 'transient');
  for (const status of [500, 503, 408, 429]) assert.equal(classify(new APIError('x', { status })), 'transient');
  assert.equal(classify(new APIError('Deck ID does not exist.', { status: 404 })), 'lost');
  for (const status of [400, 403, 404, 409, 422]) assert.equal(classify(new APIError('x', { status })), 'refused');
  assert.equal(classify(new Refusal('gone')), 'refused');
  assert.equal(classify(new TypeError('a bug')), 'transient');
});

// MARK: The driver, with a fake clock

class FakeClock {
  constructor() { this.time = 0; this.timers = new Map(); this.nextTimer = 1; }
  now() { return this.time; }
  random() { return 0.5; }
  setTimeout(callback, ms) {
    const id = this.nextTimer++;
    this.timers.set(id, { at: this.time + ms, callback });
    return id;
  }
  clearTimeout(id) { this.timers.delete(id); }
  /** Moves time forward, firing every timer that falls due, in order. */
  async advance(ms) {
    const end = this.time + ms;
    for (;;) {
      const due = [...this.timers].filter(([, t]) => t.at <= end).sort((x, y) => x[1].at - y[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.time = due[1].at;
      due[1].callback();
      await flush();
    }
    this.time = end;
  }
}

/** Lets the outbox's microtasks and the fake server's answers run. */
async function flush() {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** An outbox over a fake server that records the key of every attempt and can fail or lose answers. */
function rig({ storage = new SharedStorage().tab().storage, tabId = 'tab', clock = new FakeClock() } = {}) {
  const server = { attempts: [], made: new Set(), fault: null, loseAnswer: 0, reads: 0 };
  let keys = 0;
  const outbox = new Outbox({
    storage, prefix: 'test.outbox.', tabId, clock, newKey: () => `key-${tabId}-${++keys}`,
    send: async (c) => {
      server.attempts.push(c.key);
      if (server.fault) throw server.fault;
      server.made.add(c.key);   // the server makes each key's change once
      if (server.loseAnswer > 0) {
        server.loseAnswer -= 1;
        throw offline;
      }
    },
    read: async () => {
      server.reads += 1;
      if (server.fault) throw server.fault;
    },
    snapshot: () => ({ deckId: 'd1' }),
  });
  return { outbox, server, clock, storage };
}

test('outbox: every change gets its own key, and a resend after a lost answer carries the same one', async () => {
  const { outbox, server } = rig();
  outbox.start();
  const a = outbox.enqueue({ kind: 'add', label: 'a' });
  const b = outbox.enqueue({ kind: 'add', label: 'b' });
  assert.notEqual(a.key, b.key);
  server.loseAnswer = 1;
  await flush();
  assert.equal(outbox.status.state, 'stalled');
  assert.deepEqual(outbox.changes.map((c) => c.key), [a.key, b.key]);
  outbox.retry();
  await flush();
  assert.deepEqual(server.attempts, [a.key, a.key, b.key], 'the same key on the resend');
  assert.equal(outbox.status.state, 'saved');
  assert.equal(server.reads, 2, 'read before the resend and once more at the end');
});

test('outbox: a stalled outbox resends by itself once the server answers again, backing off meanwhile', async () => {
  const { outbox, server, clock } = rig();
  outbox.start();
  server.fault = offline;
  outbox.enqueue({ kind: 'add', label: 'a' });
  await flush();
  assert.equal(outbox.phase, 'stalled');
  await clock.advance(999);
  assert.equal(server.reads, 0, 'nothing before the first wait is over');
  await clock.advance(1);
  assert.equal(server.reads, 1, 'tried after 1 s');
  await clock.advance(2000);
  assert.equal(server.reads, 2, 'then after 2 s more');
  server.fault = null;
  await clock.advance(4000);
  assert.equal(outbox.status.state, 'saved');
  assert.equal(server.made.size, 1);
  assert.equal(clock.timers.size, 0, 'no timer left');
});

test('outbox: the keys are kept in storage, so the page after a reload resends with them', async () => {
  const shared = new SharedStorage();
  const first = rig({ storage: shared.tab().storage });
  first.outbox.start();
  first.server.fault = offline;
  const a = first.outbox.enqueue({ kind: 'add', label: 'a', codes: ['AS'] });
  await flush();
  first.outbox.stop();
  const before = shared.map.get('test.outbox.tab');
  first.outbox.enqueue({ kind: 'add', label: 'after stop' });
  assert.equal(shared.map.get('test.outbox.tab'), before, 'a stopped outbox writes nothing');

  const again = rig({ storage: shared.tab().storage });
  assert.deepEqual(again.outbox.load(), { deckId: 'd1' }, 'the snapshot comes back');
  assert.deepEqual(again.outbox.changes.map((c) => [c.key, c.codes, c.uncertain]), [[a.key, ['AS'], true]]);
  again.outbox.start();
  await flush();
  assert.deepEqual(again.server.attempts, [a.key]);
  assert.equal(again.outbox.status.state, 'saved');
});

test('outbox: a closed tab\'s changes are adopted, keys and all, once its record is 15 s old and only if accepted',
  async () => {
    const shared = new SharedStorage();
    const clock = new FakeClock();
    const closed = rig({ storage: shared.tab().storage, tabId: 'closed', clock });
    closed.outbox.start();
    closed.server.fault = offline;
    const left = closed.outbox.enqueue({ kind: 'add', label: 'left behind' });
    await flush();
    closed.outbox.stop();   // the tab is closed

    const early = rig({ storage: shared.tab().storage, tabId: 'early', clock });
    early.outbox.adoptOrphans();
    assert.equal(early.outbox.changes.length, 0, 'a record younger than 15 s may be a live tab');
    clock.time += ORPHAN_AGE_MS;
    const other = rig({ storage: shared.tab().storage, tabId: 'other', clock });
    other.outbox.adoptOrphans(() => false);
    assert.equal(other.outbox.changes.length, 0, 'another deck\'s changes are not adopted');
    const heir = rig({ storage: shared.tab().storage, tabId: 'heir', clock });
    heir.outbox.adoptOrphans((context) => context.deckId === 'd1');
    assert.deepEqual(heir.outbox.changes.map((c) => c.key), [left.key]);
    assert.equal(shared.map.has('test.outbox.closed'), false, 'the orphan\'s record is gone');
    heir.outbox.start();
    await flush();
    assert.deepEqual(heir.server.attempts, [left.key]);
  });

test('outbox: while changes wait, the record is rewritten every 5 s, so other tabs know this one is alive',
  async () => {
    const shared = new SharedStorage();
    const { outbox, server, clock } = rig({ storage: shared.tab().storage });
    outbox.start();
    server.fault = offline;
    outbox.enqueue({ kind: 'add', label: 'a' });
    await flush();
    const at = () => JSON.parse(shared.map.get('test.outbox.tab')).at;
    assert.equal(at(), 0);
    outbox.stop();
    outbox.start();   // keep it from retrying meanwhile: a stalled outbox's timer is not the heartbeat
    server.fault = offline;
    await flush();
    await clock.advance(5000);
    assert.ok(at() >= 5000, `rewritten at ${at()}`);
    await clock.advance(20000);
    assert.ok(at() >= 20000, 'still alive');
    server.fault = null;
    outbox.retry();
    await flush();
    const quiet = at();
    await clock.advance(20000);
    assert.equal(at(), quiet, 'nothing waits: no more rewrites');
  });
