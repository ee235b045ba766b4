// Test support for the models' suites (node --test): a fresh fake table, and models opened each in a tab of its own
// over one shared fake localStorage, with what they tell the user kept for the test to read.

import { PlayModel } from '../../../Sources/RiffleWebApp/Public/js/play-model.js';
import { SharedStorage } from './fake-deck-api.mjs';
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
