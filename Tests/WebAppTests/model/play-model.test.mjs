// The Play view's model against an in-memory live table that fails, delays, loses answers and drops streams: each
// player sees only its own hand, follows the others live, and after every sequence its view equals the table,
// with no change it made lost (each one made on the server, or refused and reported).
// Run: node --test Tests/WebAppTests/model/

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { PlayModel } from '../../../Sources/DeckService/WebApp/js/play-model.js';
import { CENTRE, otherPlayers } from '../../../Sources/DeckService/WebApp/js/play-state.js';
import { SharedStorage, seeded } from './fake-deck-api.mjs';
import { FakeTableServer } from './fake-table-api.mjs';

const SEEDS = Number(process.env.MODEL_SEEDS || 40);
const STEPS = Number(process.env.MODEL_STEPS || 30);

function seat(server, shared, deckId, tabId = 'tab') {
  const model = new PlayModel({
    deckId, api: server.api, storage: shared.tab().storage, tabId, openEvents: (url) => server.openEvents(url),
  });
  model.notices = [];
  model.announcements = [];
  model.addEventListener('notice', (event) => model.notices.push(event.detail));
  model.addEventListener('announce', (event) => model.announcements.push(event.detail));
  return model;
}

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
  const server = new FakeTableServer(seeded(1));
  const shared = new SharedStorage();
  const deckId = server.newDeck();
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
  const server = new FakeTableServer(seeded(2));
  const shared = new SharedStorage();
  const deckId = server.newDeck();
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
  assert.equal(again.outbox.length, 2, 'the waiting changes came back');
  await quiet(server, again);
  assert.equal(server.truth(deckId, 'ana').hand.length, 3);
  assert.equal(server.truth(deckId, 'ana').centre.length, 2);
  assertMatches(server, again, 'after the reload');
});

test('seeded sequences of deals, plays and takes through outages, lost answers, delays and dropped streams', async () => {
  for (let seed = 1; seed <= SEEDS; seed++) {
    const random = seeded(seed);
    const server = new FakeTableServer(random);
    server.maxDelayMs = 3;
    const shared = new SharedStorage();
    const deckId = server.newDeck();
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
        if (model.deal(to, count)) made.push(model.outbox.at(-1));
      } else if (roll < 0.75) {
        const hand = model.view.piles[model.me].cards;
        if (hand.length && model.play(hand[Math.floor(random() * hand.length)])) made.push(model.outbox.at(-1));
      } else {
        const centre = (model.view.piles[CENTRE] && model.view.piles[CENTRE].cards) || [];
        if (centre.length && model.take(centre.at(-1))) made.push(model.outbox.at(-1));
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
    assert.ok(players.every((model) => model.dropped.every((change) => model.notices.some((text) => text.includes(change.label)))),
      `seed ${seed}: every change given up was reported`);
  }
});
