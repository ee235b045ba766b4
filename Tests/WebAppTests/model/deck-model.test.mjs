// The deck model and its outbox against a fake API that fails, delays, loses answers and refuses: after every
// sequence the model's view of the deck must equal the server's, and no change the user made may be lost.
// Run: node --test Tests/WebAppTests/model/

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { DeckModel } from '../../../Sources/RiffleWebApp/Public/js/deck-model.js';
import { describeState, sameCards } from '../../../Sources/RiffleWebApp/Public/js/deck-state.js';
import { FakeDeckServer, SharedStorage, seeded } from './fake-deck-api.mjs';
import { keepWhatItSays } from './model-support.mjs';

const SEEDS = Number(process.env.MODEL_SEEDS || 60);
const STEPS = Number(process.env.MODEL_STEPS || 50);

function openTab(server, shared, tabId = 'tab-a') {
  const tab = shared.tab();
  const model = keepWhatItSays(
    new DeckModel({ api: server.api, storage: tab.storage, tabId, onOtherTab: tab.onOtherTab }));
  model.start();
  return model;
}

async function recover(server, ...models) {
  server.fault = null;
  server.failNext = 0;
  for (let round = 0; round < 20; round++) {
    for (const model of models) model.retry();
    const results = await Promise.allSettled(models.map((model) => model.settled()));
    // Settled together: a tab that hears of another's change reads the deck after that one has settled.
    if (results.every((r) => r.status === 'fulfilled')
      && models.every((m) => m.outbox.changes.length === 0 && m.outbox.phase === 'idle')) return;
  }
  throw new Error('the outbox did not settle');
}

function assertMatchesServer(server, model, context = '') {
  const truth = server.stateOf(model.confirmed.deckId);
  assert.ok(sameCards(model.view, truth),
    `${context}\nmodel:  ${describeState(model.view)}\nserver: ${describeState(truth)}`);
  assert.ok(sameCards(model.confirmed, truth), `${context}: confirmed state differs from the server`);
}

const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

test('a new deck deals the swipe stack and the model equals the server', async () => {
  const server = new FakeDeckServer(seeded(1));
  const model = openTab(server, new SharedStorage());
  await model.settled();
  assert.equal(model.view.hand.length, 10);
  assert.equal(model.view.remaining, 42);
  for (const code of model.view.hand.slice(0, 3)) model.swipe(code, 'keep');
  await model.settled();
  assertMatchesServer(server, model);
  assert.equal(server.stateOf(model.deckId).piles.keep.length, 3);
});

test('the two-error outage: every change reaches the server after one Retry', async () => {
  const server = new FakeDeckServer(seeded(2));
  const model = openTab(server, new SharedStorage());
  await model.settled();
  const [first, second, third] = model.view.hand;
  model.swipe(first, 'keep');
  await model.settled();
  server.fault = 'unreachable';
  model.swipe(second, 'keep');
  await assert.rejects(model.settled());
  assert.equal(model.status.state, 'stalled');
  server.fault = 'busy';                // a second, different error
  model.drawTo('table');
  model.swipe(third, 'discard');
  assert.equal(model.status.pending, 3, 'every change is visibly pending');
  await recover(server, model);
  const truth = server.stateOf(model.deckId);
  assert.deepEqual(truth.piles.keep, [first, second]);
  assert.deepEqual(truth.piles.discard, [third]);
  assert.equal(truth.piles.table.length, 1);
  assertMatchesServer(server, model);
  assert.deepEqual(model.notices, []);
});

test('pending changes survive a reload', async () => {
  const server = new FakeDeckServer(seeded(3));
  const shared = new SharedStorage();
  const before = openTab(server, shared);
  await before.settled();
  const [a, b] = before.view.hand;
  server.fault = 'unreachable';
  before.swipe(a, 'keep');
  before.swipe(b, 'discard');
  before.drawTo('table');
  await assert.rejects(before.settled());
  // The page is reloaded while the server is still down, then the server comes back.
  before.stop();
  const after = openTab(server, shared);
  await assert.rejects(after.settled());
  assert.equal(after.status.pending, 3);
  await recover(server, after);
  const truth = server.stateOf(after.deckId);
  assert.deepEqual(truth.piles.keep, [a]);
  assert.deepEqual(truth.piles.discard, [b]);
  assert.equal(truth.piles.table.length, 1);
  assertMatchesServer(server, after);
});

test('a change the server refuses for good is reported, the model re-reads the deck, later changes are saved',
  async () => {
    const server = new FakeDeckServer(seeded(4));
    const model = openTab(server, new SharedStorage());
    await model.settled();
    const [a, b, c] = model.view.hand;
    model.swipe(a, 'keep');
    await model.settled();
    server.interfere(model.deckId, a, null);   // another client returned it to the deck
    model.undo(a);                             // this tab still thinks it is in keep
    model.swipe(b, 'keep');
    model.swipe(c, 'discard');
    await recover(server, model);
    assert.equal(model.notices.length, 1, model.notices.join('\n'));
    assert.match(model.notices[0], /refused/);
    const truth = server.stateOf(model.deckId);
    assert.deepEqual(truth.piles.keep, [b]);
    assert.deepEqual(truth.piles.discard, [c]);
    assertMatchesServer(server, model);
  });

test('two tabs on one deck converge, and both keep saving', async () => {
  const server = new FakeDeckServer(seeded(5));
  const shared = new SharedStorage();
  const one = openTab(server, shared, 'one');
  await one.settled();
  const two = openTab(server, shared, 'two');
  await two.settled();
  assert.equal(two.deckId, one.deckId);
  const card = one.view.piles.keep[0] || one.view.hand[0];
  one.swipe(card, 'keep');
  await one.settled();
  await two.settled();
  assert.deepEqual(two.view.piles.keep, [card], 'the other tab hears of the change');
  two.returnCard(card);                      // tab two returns it
  one.undo(card);                            // tab one, at the same time, takes it back
  await recover(server, one, two);
  await recover(server, one, two);
  assertMatchesServer(server, one, 'tab one');
  assertMatchesServer(server, two, 'tab two');
  const next = one.view.hand[0];
  one.swipe(next, 'discard');
  await recover(server, one, two);
  assert.ok(server.stateOf(one.deckId).piles.discard.includes(next), 'later changes are saved');
  assertMatchesServer(server, one, 'tab one after');
  assertMatchesServer(server, two, 'tab two after');
});

test('reshuffle returns only the discards; Keep and the table stay; with no discards it changes nothing',
  async () => {
    const server = new FakeDeckServer(seeded(6));
    const model = openTab(server, new SharedStorage());
    await model.settled();
    assert.equal(model.reshuffleDiscards(), false, 'no discards: nothing to do');
    // Keep every card of the deck.
    for (let guard = 0; guard < 100 && (model.view.hand.length > 0 || model.view.remaining > 0); guard++) {
      for (const code of model.view.hand.slice()) model.swipe(code, 'keep');
      await model.settled();
    }
    assert.equal(server.stateOf(model.deckId).piles.keep.length, 52);
    assert.equal(model.reshuffleDiscards(), false);
    await model.settled();
    assert.equal(server.stateOf(model.deckId).piles.keep.length, 52, 'Keep is never emptied by a reshuffle');
    const moved = model.view.piles.keep.slice(0, 5);
    for (const code of moved) model.moveRow(code, 'discard', 0);
    await model.settled();
    assert.equal(model.reshuffleDiscards(), true);
    await model.settled();
    const truth = server.stateOf(model.deckId);
    assert.equal(truth.piles.keep.length, 47);
    assert.equal(truth.piles.discard.length, 0);
    assertMatchesServer(server, model);
  });

test('a lost answer (the request succeeded, the reply did not arrive) still converges', async () => {
  const server = new FakeDeckServer(seeded(7));
  const model = openTab(server, new SharedStorage());
  await model.settled();
  const [a, b] = model.view.hand;
  model.swipe(a, 'keep');
  await model.settled();
  server.lostAnswers = 1;
  model.undo(a);
  await assert.rejects(model.settled());
  model.swipe(b, 'keep');
  await recover(server, model);
  assertMatchesServer(server, model);
  assert.deepEqual(server.stateOf(model.deckId).piles.keep, [b]);
});

test('a draw to the table whose answer was lost is resent with the same Idempotency-Key and deals one card', async () => {
  const server = new FakeDeckServer(seeded(9));
  const model = openTab(server, new SharedStorage());
  await model.settled();
  const before = server.stateOf(model.deckId);
  server.lostAnswers = 1;
  assert.ok(model.drawTo('table'));
  await assert.rejects(model.settled());
  assert.equal(server.stateOf(model.deckId).remaining, before.remaining - 1, 'the server dealt the card');
  await recover(server, model);
  const truth = server.stateOf(model.deckId);
  assert.equal(truth.remaining, before.remaining - 1, 'one card dealt, not two');
  assert.equal(truth.piles.table.length, 1);
  assert.deepEqual(truth.hand.sort(), before.hand.sort(), 'the swipe stack keeps its cards');
  const draws = server.requests.filter((request) => request.name === 'draw').slice(-2);
  assert.ok(draws[0].key && draws[0].key === draws[1].key, 'the resend carried the same key');
  assert.equal(server.replays, 1);
  assertMatchesServer(server, model);
  assert.deepEqual(model.notices, []);
});

test('a draw resent near the end of the deck asks for what it first asked for, so its key still matches', async () => {
  const server = new FakeDeckServer(seeded(11));
  const model = openTab(server, new SharedStorage());
  await model.settled();
  server.decks.get(model.deckId).stack.splice(0, 35);   // another client dealt most of the deck meanwhile
  model.refresh();
  await model.settled();
  assert.equal(model.view.remaining, 7);
  server.loseAnswerTo = 'draw';                          // the top-up draw below is made, its answer lost
  for (const code of model.view.hand.slice(0, 6)) model.swipe(code, 'keep');
  await assert.rejects(model.settled());
  await recover(server, model);
  const draws = server.requests.filter((request) => request.name === 'draw');
  assert.ok(draws.length >= 2 && draws.at(-1).key === draws.at(-2).key, 'the lost draw was resent with its key');
  assert.deepEqual(model.notices, [], 'and the server answered it again (same request), not 422');
  assertMatchesServer(server, model);
  assert.equal(server.stateOf(model.deckId).remaining, 1);
});

test('every change the model sends carries an Idempotency-Key of its own; reads carry none', async () => {
  const server = new FakeDeckServer(seeded(10));
  const model = openTab(server, new SharedStorage());
  await model.settled();
  const [a, b, c] = model.view.hand;
  model.swipe(a, 'keep');
  model.swipe(b, 'discard');
  model.undo(a);
  model.moveRow(b, 'keep', 0);
  model.returnCard(b);
  model.drawTo('table');
  model.swipe(c, 'discard');
  assert.ok(model.reshuffleDiscards());
  await model.settled();
  const reads = new Set(['drawnCards', 'listPile']);
  const changes = server.requests.filter((request) => !reads.has(request.name));
  assert.deepEqual([...new Set(changes.map((request) => request.name))].sort(),
    ['addToPile', 'draw', 'drawFromPile', 'newShuffledDeck', 'returnToDeck', 'shuffleRemaining']);
  assert.ok(changes.every((request) => typeof request.key === 'string' && request.key.length === 32));
  assert.equal(new Set(changes.map((request) => request.key)).size, changes.length, 'no key used twice');
  assert.ok(server.requests.filter((request) => reads.has(request.name)).every((request) => request.key === null));
});

test('a deck the server no longer has is reported once, and Retry starts a new one', async () => {
  const server = new FakeDeckServer(seeded(8));
  const model = openTab(server, new SharedStorage());
  await model.settled();
  const old = model.deckId;
  server.decks.delete(old);                 // an in-memory server restarted, or the deck expired
  model.swipe(model.view.hand[0], 'keep');
  await assert.rejects(model.settled());
  assert.equal(model.status.state, 'lost');
  model.retry();
  await model.settled();
  assert.notEqual(model.deckId, old);
  assert.equal(model.view.hand.length, 10);
  assertMatchesServer(server, model);
});

test('a resync lists only the piles that hold cards: never a pile the deck does not have', async () => {
  const server = new FakeDeckServer(seeded(9));
  const shared = new SharedStorage();
  const model = openTab(server, shared);
  await model.settled();
  const listed = () => server.requests.filter((request) => request.name === 'listPile').map((r) => r.args[1]);
  const resync = async () => {
    model.refresh();
    await model.settled();
  };
  await resync();
  assert.deepEqual(listed(), [], 'no card is in a pile: nothing is listed');
  model.swipe(model.view.hand[0], 'keep');
  await model.settled();
  for (let i = 0; i < 3; i++) await resync();
  assert.deepEqual(listed(), ['keep', 'keep', 'keep'], 'Keep alone holds cards: the deck has no discard or table');
  // Another client deals a card onto the table: the next resync finds it (Keep's listing names every pile).
  const dealt = model.view.hand[0];
  server.interfere(model.deckId, dealt, 'table');
  server.requests.length = 0;
  await resync();
  assert.deepEqual(listed(), ['keep', 'table']);
  assert.deepEqual(model.view.piles.table, [dealt]);
  assertMatchesServer(server, model);
  // A reload continues from what it kept: the same, with no pile asked for that the deck does not have.
  model.stop();
  server.requests.length = 0;
  const again = openTab(server, shared);
  await again.settled();
  assert.deepEqual(listed(), ['keep', 'table']);
  assertMatchesServer(server, again);
});

test('a card drawn into a pile while the server cannot be reached is counted as on its way to that pile', async () => {
  const server = new FakeDeckServer(seeded(10));
  const model = openTab(server, new SharedStorage());
  await model.settled();
  server.fault = 'unreachable';
  assert.equal(model.drawTo('keep'), true);
  assert.equal(model.drawTo('discard'), true);
  assert.equal(model.drawTo('keep'), true);
  await assert.rejects(model.settled());
  assert.deepEqual(model.view.dealing, { hand: 0, keep: 2, discard: 1, table: 0 });
  assert.deepEqual(model.view.piles.keep, []);
  await recover(server, model);
  assert.deepEqual(model.view.dealing, { hand: 0, keep: 0, discard: 0, table: 0 });
  assert.equal(model.view.piles.keep.length, 2);
  assert.equal(model.view.piles.discard.length, 1);
  assertMatchesServer(server, model);
});

/** One random user session with random faults; returns the model for the checks. */
async function randomSession(seed) {
  const random = seeded(seed);
  const pick = (items) => items[Math.floor(random() * items.length)];
  const server = new FakeDeckServer(random);
  server.maxDelayMs = random() < 0.5 ? 2 : 0;
  const shared = new SharedStorage();
  let model = openTab(server, shared);
  let seen = structuredClone(model.view);
  const interfering = random() < 0.3;
  let ambiguous = false;  // a draw whose answer was lost (or whose page was reloaded) cannot know its card
  for (let step = 0; step < STEPS; step++) {
    const roll = random();
    if (roll < 0.08) server.fault = pick(['unreachable', 'busy']);
    else if (roll < 0.14) server.fault = null;
    else if (roll < 0.17) server.failNext = 1 + Math.floor(random() * 3);
    else if (roll < 0.19) {
      server.lostAnswers = 1;
      ambiguous = true;
    }
    else if (roll < 0.22) model.retry();
    else if (roll < 0.24) {
      model.stop();
      model = openTab(server, shared);   // a reload
      ambiguous = true;
    } else if (roll < 0.27 && interfering && model.confirmed.deckId) {
      const truth = server.stateOf(model.confirmed.deckId);
      const dealt = [...truth.hand, ...truth.piles.keep, ...truth.piles.discard];
      if (dealt.length > 0) server.interfere(model.confirmed.deckId, pick(dealt), pick(['keep', 'discard', null]));
    } else {
      const view = model.view;
      const inPiles = [...view.piles.keep, ...view.piles.discard, ...view.piles.table];
      const action = random();
      if (action < 0.45 && view.hand.length > 0) model.swipe(view.hand[0], random() < 0.5 ? 'keep' : 'discard');
      else if (action < 0.6 && inPiles.length > 0) model.undo(pick(inPiles));
      else if (action < 0.72 && inPiles.length > 0) {
        const pile = pick(['keep', 'discard']);
        model.moveRow(pick(inPiles), pile, Math.floor(random() * (view.piles[pile].length + 1)));
      } else if (action < 0.8 && inPiles.length > 0) model.returnCard(pick(inPiles));
      else if (action < 0.9) model.drawTo(pick(['table', 'table', 'keep', 'discard']));
      else if (action < 0.95) model.reshuffleDiscards();
    }
    if (random() < 0.5) await tick(random() < 0.5 ? 0 : 3);
    // What the user saw last: a reloaded page shows the deck once it has read it from the server.
    if (model.loaded || model.confirmed.deckId === null) seen = structuredClone(model.view);
  }
  await recover(server, model);
  return { server, model, seen, interfering, ambiguous };
}

test(`seeded random sessions (${SEEDS} seeds × ${STEPS} steps): the model always ends equal to the server`,
  async () => {
    for (let seed = Number(process.env.MODEL_FIRST_SEED || 100); seed < Number(process.env.MODEL_FIRST_SEED || 100) + SEEDS; seed++) {
      const { server, model, seen, interfering, ambiguous } = await randomSession(seed);
      assertMatchesServer(server, model, `seed ${seed}`);
      if (!interfering) {
        // With no other client, nothing is refused and the piles are exactly what the user last saw, plus the
        // cards that were still being dealt to the table.
        assert.deepEqual(model.notices, [], `seed ${seed}: ${model.notices.join(' | ')}`);
        // cards that were still being dealt to them.
        const truth = server.stateOf(model.deckId);
        for (const pile of ['keep', 'discard', 'table']) {
          // A card drawn into a pile lands where the draw was asked for: below what was put there after it.
          const arrived = truth.piles[pile].filter((code) => seen.piles[pile].includes(code));
          assert.deepEqual(arrived, seen.piles[pile], `seed ${seed}: ${pile}`);
          // A draw whose answer never came is sent again; its first card stays dealt, in the swipe stack, and when
          // the deck ran out meanwhile the pile gets fewer cards than asked for.
          const expected = seen.piles[pile].length + seen.dealing[pile];
          if (ambiguous) {
            assert.ok(truth.piles[pile].length <= expected,
              `seed ${seed}: ${pile} ${truth.piles[pile].length} > ${expected}: ${JSON.stringify(seen)}`);
          } else {
            assert.equal(truth.piles[pile].length, expected, `seed ${seed}: ${pile}`);
          }
        }
      }
    }
  });
