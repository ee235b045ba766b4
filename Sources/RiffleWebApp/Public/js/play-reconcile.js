// A live table's four lists, reconciled so that each of this player's changes counts once: `confirmed` (the table
// as the server last said: its last read, moved on by every event since), `sent` (changes answered but not yet seen
// in the event stream), `included` (changes answered and already in the last read: their events, when they come,
// change nothing) and the outbox's waiting changes (one on its way, or sent before an error and so uncertain). The
// view is confirmed + sent + what waits (outbox-model.js applies the waiting ones).

import { applyTableChange, cloneTable, eventConfirms } from './play-state.js';

/**
 * This player's own change that an event is the server's record of, and where it was found: 'included' (the last
 * read holds it: the event changes nothing), 'sent' (answered, now seen) or 'waiting' (on its way, or uncertain:
 * made, although its answer has not come). Null when the event is not this player's change.
 * @param {{kind: string, data: object}} event
 * @param {{included: object[], sent: object[], waiting: object[], inFlight: object|null}} lists
 * @param {string|null} me
 */
export function ownChangeOf({ kind, data }, { included, sent, waiting, inFlight }, me) {
  const confirms = (change) => eventConfirms(change, kind, data, me);
  const read = included.find(confirms);
  if (read) return { list: 'included', change: read };
  const answered = sent.find(confirms);
  if (answered) return { list: 'sent', change: answered };
  const made = waiting.find((change) => !change.seen && (change.uncertain || change === inFlight) && confirms(change));
  return made ? { list: 'waiting', change: made } : null;
}

/**
 * The table with every answered change not yet seen in the stream applied: `table`, the changes that still apply
 * (`sent`: one that no longer does is in `confirmed` already, or never will be), and this player's hand then
 * (`hand`: the order the view keeps).
 */
export function withAnswered(confirmed, sent, me) {
  const table = cloneTable(confirmed);
  const still = sent.filter((change) => applyTableChange(table, change, me) === null);
  const mine = me && table.piles[me];
  return { table, sent: still, hand: mine && mine.cards ? mine.cards.slice() : [] };
}
