// The Play view's model against an in-memory live table that fails, delays, loses answers and drops streams: each
// player sees only its own hand, follows the others live, and after every sequence its view equals the table,
// with no change it made lost (each one made on the server, or refused and reported).
// Run: node --test Tests/WebAppTests/model/

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { PlayModel } from '../../../Sources/RiffleWebApp/Public/js/play-model.js';
import { CENTRE, otherPlayers } from '../../../Sources/RiffleWebApp/Public/js/play-state.js';
import { codeName } from '../../../Sources/RiffleWebApp/Public/js/play-words.js';
import { SharedStorage, seeded } from './fake-deck-api.mjs';
import { FakeTableServer } from './fake-table-api.mjs';
import { freshTable, seat } from './model-support.mjs';

const SEEDS = Number(process.env.MODEL_SEEDS || 40);
const STEPS = Number(process.env.MODEL_STEPS || 30);

async function quiet(server, ...models) {
  server.fault = null;
  for (let round = 0; round < 50; round++) {
    for (const model of models) model.retry();
    const results = await Promise.allSettled(models.map((model) => model.settled()));
    await server.idle();
    if (results.every((result) => result.status === 'fulfilled') && models.every((model) => model.quiet)) return;
  }
  throw new Error('the table never settled');
}

function assertMatches(server, model, context) {
  const truth = server.truth(model.deckId, model.me);
  const view = model.view;
  const piles = Object.fromEntries(view.order.map((name) => [name, view.piles[name].remaining]));
  assert.deepEqual(piles, truth.piles, `${context}: pile sizes`);
  assert.equal(view.remaining, truth.remaining, `${context}: cards left`);
  assert.deepEqual([...view.piles[model.me].cards].sort(), [...truth.hand].sort(), `${context}: ${model.me}'s hand`);
  assert.deepEqual((view.piles[CENTRE] && view.piles[CENTRE].cards) || [], truth.centre, `${context}: the centre`);
  for (const name of otherPlayers(view, model.me)) assert.equal(view.piles[name].cards, null, `${context}: ${name}'s cards stay hidden`);
}

test('a face-down deal: the dealer never learns the cards, the receiver sees them, and both hear about it', async () => {
  const { server, shared, deckId } = freshTable(seeded(1));
  const ana = seat(server, shared, deckId, 'a');
  const bo = seat(server, shared, deckId, 'b');
  await ana.join('ana');
  await quiet(server, ana);
  await bo.join('bo');
  await quiet(server, ana, bo);
  assert.deepEqual(otherPlayers(ana.view, 'ana'), ['bo']);

  assert.ok(ana.deal('bo', 5));
  assert.equal(ana.view.piles.bo.remaining, 5, 'the deal shows at once');
  await quiet(server, ana, bo);
  const dealt = server.truth(deckId, 'bo').hand;
  assert.equal(dealt.length, 5);
  assert.deepEqual(bo.view.piles.bo.cards, dealt);
  assert.equal(ana.view.piles.bo.cards, null);
  assert.ok(!JSON.stringify(ana.view).includes(dealt[0]), "no trace of Bo's cards in Ana's model");
  assert.ok(bo.announcements.some((words) => words.startsWith('You were dealt the ')), bo.announcements.join(' | '));
  assert.deepEqual(ana.announcements, ['bo joined the table.'], 'Ana hears of others, not of her own deal');

  assert.ok(bo.play(dealt[2]));
  await quiet(server, ana, bo);
  assert.deepEqual(ana.view.piles[CENTRE].cards, [dealt[2]]);
  assert.match(ana.announcements.at(-1), /^bo played the .+ to the centre\.$/);
  assert.ok(ana.take(dealt[2]));
  await quiet(server, ana, bo);
  assert.deepEqual(ana.view.piles.ana.cards, [dealt[2]]);
  assert.match(bo.announcements.at(-1), /^ana took the .+ from the centre\.$/);
  assertMatches(server, ana, 'ana');
  assertMatches(server, bo, 'bo');
});

test('a reload is the same player, and changes made while the server was down are sent afterwards', async () => {
  const { server, shared, deckId } = freshTable(seeded(2));
  const first = seat(server, shared, deckId, 'tab');
  await first.join('ana');
  await quiet(server, first);
  server.fault = 'unreachable';
  assert.ok(first.deal('ana', 3));
  assert.ok(first.deal(CENTRE, 2));
  await first.settled().catch(() => {});
  assert.equal(first.status.state, 'stalled');
  first.stop();

  const again = seat(server, shared, deckId, 'tab');   // the page is reloaded: same storage, same tab
  assert.equal(again.me, 'ana', 'the seat was kept');
  again.start();
  assert.equal(again.outbox.changes.length, 2, 'the waiting changes came back');
  await quiet(server, again);
  assert.equal(server.truth(deckId, 'ana').hand.length, 3);
  assert.equal(server.truth(deckId, 'ana').centre.length, 2);
  assertMatches(server, again, 'after the reload');
});

test('seeded sequences of deals, plays and takes through outages, lost answers, delays and dropped streams', async () => {
  for (let seed = 1; seed <= SEEDS; seed++) {
    const random = seeded(seed);
    const { server, shared, deckId } = freshTable(random, { maxDelayMs: 3 });
    const players = [seat(server, shared, deckId, 'a'), seat(server, shared, deckId, 'b')];
    await players[0].join('ana');
    await players[1].join('bo');
    await quiet(server, ...players);
    const made = [];
    for (let step = 0; step < STEPS; step++) {
      const roll = random();
      const model = players[Math.floor(random() * 2)];
      if (roll < 0.08) server.fault = server.fault ? null : 'unreachable';
      else if (roll < 0.14) server.lostAnswers += 1;
      else if (roll < 0.2) server.dropStreams();
      else if (roll < 0.45) {
        const to = ['ana', 'bo', CENTRE][Math.floor(random() * 3)];
        const count = 1 + Math.floor(random() * 3);
        if (model.deal(to, count)) made.push(model.outbox.changes.at(-1));
      } else if (roll < 0.75) {
        const hand = model.view.piles[model.me].cards;
        if (hand.length && model.play(hand[Math.floor(random() * hand.length)])) made.push(model.outbox.changes.at(-1));
      } else {
        const centre = (model.view.piles[CENTRE] && model.view.piles[CENTRE].cards) || [];
        if (centre.length && model.take(centre.at(-1))) made.push(model.outbox.changes.at(-1));
      }
      if (random() < 0.3) await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 4)));
    }
    server.lostAnswers = 0;
    await quiet(server, ...players);
    for (const model of players) assertMatches(server, model, `seed ${seed}, ${model.me}`);
    const dropped = players[0].dropped.length + players[1].dropped.length;
    const moves = server.applied.filter((entry) => entry.kind === 'add').length;
    const deals = server.applied.filter((entry) => entry.kind === 'deal').length;
    assert.equal(moves + deals + dropped, made.length,
      `seed ${seed}: every change was made once, or given up and reported (${moves} moves, ${deals} deals, ` +
      `${dropped} given up, ${made.length} made)\n${JSON.stringify(made)}\n${JSON.stringify(server.applied)}\n` +
      players.flatMap((model) => model.notices).join('\n'));
    // A take that lost its card to someone else says so with the card's name; the others name the change.
    const reported = (model, change) => model.notices.some((text) => text.includes(change.label)
      || (change.kind === 'take' && text.startsWith(`Someone else took the ${codeName(change.codes[0])} first`)));
    assert.ok(players.every((model) => model.dropped.every((change) => reported(model, change))),
      `seed ${seed}: every change given up was reported`);
  }
});

/** Waits (without a clock) until `condition()` holds, letting the models and the fake server run meanwhile. */
async function until(condition, what) {
  for (let i = 0; i < 2000; i++) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  throw new Error(`never: ${what}`);
}

/** An event stream that never opens: the model has only its reads and the Idempotency-Keys to go by. */
const silentStream = () => ({ addEventListener() {}, close() {}, readyState: 0 });

test('a deal whose answer was lost, with no event stream to tell, is resent with its key and deals once', async () => {
  const server = new FakeTableServer(seeded(11));
  const deckId = server.newDeck();
  const ana = new PlayModel({ deckId, api: server.api, storage: new SharedStorage().tab().storage, openEvents: silentStream });
  await ana.join('ana');
  await until(() => ana.loaded && ana.outbox.phase === 'idle', 'ana reads the table');
  server.lostAnswers = 1;
  assert.ok(ana.deal('ana', 3));
  await until(() => ana.outbox.phase === 'stalled', 'the lost answer stalls the outbox');
  assert.equal(server.applied.filter((entry) => entry.kind === 'deal').length, 1, 'the server made the deal');
  ana.retry();
  await until(() => ana.outbox.phase === 'idle' && ana.outbox.changes.length === 0, 'the deal is resent');
  const deals = server.requests.filter((request) => request.name === 'deal');
  assert.equal(deals.length, 2, 'sent twice');
  assert.ok(deals[0].key && deals[0].key === deals[1].key, 'with the same Idempotency-Key');
  assert.equal(server.applied.filter((entry) => entry.kind === 'deal').length, 1, 'and dealt once');
  assert.equal(server.truth(deckId, 'ana').hand.length, 3);
  assert.equal(ana.view.piles.ana.cards.length, 3);
  assert.equal(ana.view.remaining, 49);
});

for (const allOrNothing of [true, false]) {
  test(`a take that loses its card to another player tells the player someone else took it (${allOrNothing
    ? 'the server refuses it' : 'the server answers success and moves nothing'})`, async () => {
    const { server, shared, deckId } = freshTable(seeded(12), { allOrNothing });
    const ana = seat(server, shared, deckId, 'a');
    const bo = seat(server, shared, deckId, 'b');
    await ana.join('ana');
    await bo.join('bo');
    await quiet(server, ana, bo);
    ana.deal(CENTRE, 1);
    await quiet(server, ana, bo);
    const [card] = ana.view.piles[CENTRE].cards;
    assert.deepEqual(bo.view.piles[CENTRE].cards, [card]);
    // Both reach for it before either hears of the other: Ana's request is made first.
    assert.ok(ana.take(card));
    assert.ok(bo.take(card));
    assert.deepEqual(bo.view.piles.bo.cards, [card], 'Bo sees it in his hand at once');
    await quiet(server, ana, bo);
    assert.deepEqual(server.truth(deckId, 'ana').hand, [card]);
    assert.deepEqual(bo.view.piles.bo.cards, [], 'the card left Bo\'s hand again');
    assert.deepEqual(bo.notices, [`Someone else took the ${codeName(card)} first: it is not in the centre any more.`]);
    assert.deepEqual(ana.notices, []);
    const takes = server.requests.filter((request) => request.name === 'add');
    assert.equal(takes.length, 2);
  });
}

test('a played card keeps its place in the hand until the play is answered; playing it again does nothing', async () => {
  const { server, shared, deckId } = freshTable(seeded(13));
  const ana = seat(server, shared, deckId, 'a');
  await ana.join('ana');
  await quiet(server, ana);
  ana.deal('ana', 4);
  await quiet(server, ana);
  const hand = ana.handSlots().slots.map((slot) => slot.code);
  assert.equal(hand.length, 4);
  server.fault = 'unreachable';
  assert.ok(ana.play(hand[1]));
  assert.deepEqual(ana.handSlots().slots, hand.map((code, i) => ({ code, state: i === 1 ? 'playing' : 'held' })));
  assert.ok(ana.isPending('play', hand[1]));
  assert.equal(ana.play(hand[1]), false, 'a second activation of the same card is ignored');
  assert.deepEqual(ana.notices, [], 'silently');
  await quiet(server, ana);
  assert.deepEqual(ana.handSlots().slots, [0, 2, 3].map((i) => ({ code: hand[i], state: 'held' })));
  assert.deepEqual(server.truth(deckId, 'ana').centre, [hand[1]]);
  assert.ok(!ana.isPending('play', hand[1]));
});

test('the host starts a new round: every hand and the centre go back into the deck, on every player\'s view; ' +
  'another player may not', async () => {
  const { server, shared, deckId } = freshTable(seeded(14));
  const ana = seat(server, shared, deckId, 'a');
  const bo = seat(server, shared, deckId, 'b');
  await ana.join('ana');
  await bo.join('bo');
  assert.equal(ana.isHost, true);
  assert.equal(bo.isHost, false);
  await quiet(server, ana, bo);
  ana.deal('ana', 3);
  ana.deal('bo', 4);
  ana.deal(CENTRE, 2);
  await quiet(server, ana, bo);
  assert.ok(bo.newRound());
  await quiet(server, ana, bo);
  assert.match(bo.notices.at(-1), /^Could not finish starting a new round: Only the host may reshuffle the whole deck/);
  assert.equal(server.truth(deckId, 'bo').remaining, 43, 'nothing changed');
  assert.ok(ana.newRound());
  await quiet(server, ana, bo);
  for (const model of [ana, bo]) {
    assertMatches(server, model, model.me);
    assert.equal(model.view.remaining, 52);
    assert.deepEqual(model.view.piles[model.me].cards, []);
  }
  assert.equal(bo.announcements.at(-1), 'ana started a new round: every card is back in the deck.');
});

test('a removed player\'s model stops and says the seat is gone; forgetting it and joining again plays on', async () => {
  const { server, shared, deckId } = freshTable(seeded(15));
  const ana = seat(server, shared, deckId, 'a');
  const bo = seat(server, shared, deckId, 'b');
  await ana.join('ana');
  await bo.join('bo');
  await quiet(server, ana, bo);
  ana.deal('bo', 2);
  await quiet(server, ana, bo);
  server.removePlayer(deckId, 'bo');
  await until(() => bo.problem !== null, 'Bo hears that his seat is gone');
  assert.equal(bo.problem, 'unseated');
  assert.equal(bo.status.state, 'lost');
  assert.equal(bo.source, null, 'the stream is closed, not retried forever');
  await until(() => ana.announcements.includes('bo left the table.'), 'Ana hears it');
  bo.forgetSeat();
  assert.equal(bo.me, null);
  await bo.join('bo');
  await quiet(server, ana, bo);
  assert.equal(bo.problem, null);
  ana.deal('bo', 1);
  await quiet(server, ana, bo);
  assertMatches(server, bo, 'bo again');
  assert.equal(bo.view.piles.bo.cards.length, 1);
});

test('a table the server no longer has is reported as gone', async () => {
  const { server, shared, deckId } = freshTable(seeded(16));
  const ana = seat(server, shared, deckId, 'a');
  await ana.join('ana');
  await quiet(server, ana);
  server.decks.delete(deckId);
  ana.deal('ana', 1);
  await until(() => ana.problem !== null, 'the deal finds the table gone');
  assert.equal(ana.problem, 'gone');
});
