// Test support for the models' suites (node --test): a fresh fake table, models opened each in a tab of its own
// over one shared fake localStorage (or a device of their own), with what they tell the user kept for the test to
// read, and a wait until a table is quiet.

import assert from 'node:assert/strict';

import { PlayModel } from '../../../Sources/RiffleWebApp/Public/js/play-model.js';
import { SharedStorage, seeded } from './fake-deck-api.mjs';
import { FakeTableServer } from './fake-table-api.mjs';

/**
 * Keeps what a model tells the user: its `notice` events' details in `model.notices` and its `announce` events'
 * in `model.announcements`, oldest first.
 * @returns the model.
 */
export function keepWhatItSays(model) {
  model.notices = [];
  model.announcements = [];
  model.addEventListener('notice', (event) => model.notices.push(event.detail));
  model.addEventListener('announce', (event) => model.announcements.push(event.detail));
  return model;
}

/**
 * A fresh fake table: a server drawing on `random`, with `settings` (its fault switches and modes) set before the
 * deck is made, the storage its tabs share, and a new deck.
 */
export function freshTable(random, settings = {}) {
  const server = Object.assign(new FakeTableServer(random), settings);
  return { server, shared: new SharedStorage(), deckId: server.newDeck() };
}

/** A Play model of the deck in tab `tabId` of the shared storage, following the fake server's event streams. */
export function seat(server, shared, deckId, tabId = 'tab') {
  return keepWhatItSays(new PlayModel({
    deckId, api: server.api, storage: shared.tab().storage, tabId, openEvents: (url) => server.openEvents(url),
  }));
}

/**
 * Waits until every seated model is quiet (its outbox idle, every answered change seen in the stream, the table
 * read) and the fake server has nothing on its way; throws when the table never settles.
 */
export async function untilQuiet(server, ...models) {
  for (let round = 0; round < 50; round++) {
    const results = await Promise.allSettled(models.filter((m) => m.seat).map((model) => model.settled()));
    await server.idle();
    if (results.every((r) => r.status === 'fulfilled') && models.every((m) => !m.seat || m.quiet)) return;
  }
  throw new Error('the table never settled');
}

/**
 * Ana and Bo seated at a fresh table (drawing on `seeded(seed)`, with the server's `settings`), each on a device of
 * their own (a device keeps one table's log: Ana's is the table's `shared` storage), then dealt `anaCards` and
 * `boCards` face down, each to themselves; returns once the table is quiet.
 */
export async function anaAndBoOnTwoDevices({ seed, settings = {}, anaCards, boCards }) {
  const { server, shared, deckId } = freshTable(seeded(seed), settings);
  const ana = seat(server, shared, deckId, 'ana');
  await ana.join('ana');
  const bo = seat(server, new SharedStorage(), deckId, 'bo');
  await bo.join('bo');
  await untilQuiet(server, ana, bo);
  assert.ok(ana.deal('ana', anaCards));
  assert.ok(bo.deal('bo', boCards));
  await untilQuiet(server, ana, bo);
  return { server, shared, deckId, ana, bo };
}
