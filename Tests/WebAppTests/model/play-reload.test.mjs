// A plain reload on the same device (issue 40): the move log kept on the device is filled in with the moves made
// while the page was closed, in order and once each, by resuming the stream after the last event it logged; when
// the server no longer has them, the log says moves are missing. Run: node --test Tests/WebAppTests/model/

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { anaAndBoOnTwoDevices, seat, untilQuiet } from './model-support.mjs';

/** Ana and Bo at a table, three cards each; Ana's page is then closed while Bo plays two cards, one at a time. */
async function boPlaysWhileAnaIsAway(settings = {}) {
  // Bo plays on a device of his own: a device keeps one table's log.
  const { server, shared, deckId, ana, bo } = await anaAndBoOnTwoDevices({
    seed: 11, settings, anaCards: 3, boCards: 3,
  });
  const before = ana.log.map((entry) => entry.text);
  assert.ok(before.length > 0, 'Ana has a move log');
  ana.stop();
  const [first, second] = bo.view.piles.bo.cards;
  assert.ok(bo.play(first));
  await untilQuiet(server, bo);
  assert.ok(bo.play(second));
  await untilQuiet(server, bo);
  return { server, shared, deckId, bo, before, played: [first, second] };
}

test('a reload fills the log with the moves made while the page was closed, in order, once each', async () => {
  const { server, shared, deckId, bo, before } = await boPlaysWhileAnaIsAway();
  const again = seat(server, shared, deckId, 'ana');
  again.start();
  await untilQuiet(server, again, bo);
  const texts = again.log.map((entry) => entry.text);
  const missed = texts.slice(before.length);
  assert.deepEqual(texts.slice(0, before.length), before, 'the kept log comes first');
  assert.equal(missed.filter((text) => /^bo played the .+ to the centre\.$/.test(text)).length, 2, texts.join(' | '));
  assert.ok(!texts.some((text) => /missing/.test(text)), 'nothing is missing');
  assert.equal(new Set(again.log.map((entry) => entry.id)).size, again.log.length, 'each line once');
  assert.deepEqual(again.view.piles.centre.cards, bo.view.piles.centre.cards);

  // Reloaded again with nothing new: no line twice.
  again.stop();
  const third = seat(server, shared, deckId, 'ana');
  third.start();
  await untilQuiet(server, third, bo);
  assert.deepEqual(third.log.map((entry) => entry.text), texts);
});

test('when the server no longer has the missed moves, the log says some are missing', async () => {
  const { server, shared, deckId, bo, before } = await boPlaysWhileAnaIsAway();
  server.keepsEventsAfter = Number.MAX_SAFE_INTEGER;
  const again = seat(server, shared, deckId, 'ana');
  again.start();
  await untilQuiet(server, again, bo);
  const texts = again.log.map((entry) => entry.text);
  assert.deepEqual(texts.slice(0, before.length), before);
  assert.deepEqual(texts.slice(before.length), ['Some moves made while this page was closed are missing here.']);
  assert.deepEqual(again.view.piles.centre.cards, bo.view.piles.centre.cards, 'the table is read again');
});
