// What this device last saw at a table: the table, the roster, the move log, the display names, the players told
// offline and the last event logged. Kept in storage as the page goes, so that a reload shows the table at once (also
// while the server cannot be reached, marked as not live) and resumes the stream after the last event it logged.

const SEEN_PREFIX = 'riffle.play.seen.';

/** The storage key of what this device last saw at a table. */
export function seenKey(deckId) { return SEEN_PREFIX + deckId; }

/** What is kept: the model's parts as plain data. */
export function seenRecord({ table, roster, log, names, toldOffline, lastEventId }) {
  return { table, roster, log, names, toldOffline: [...toldOffline], lastEventId };
}

/**
 * What a kept record brings back, or null when it holds no table: `roster` and `log` are null when it kept none,
 * `lastEventId` only when it is a number a stream can resume after.
 */
export function recallSeen(record) {
  if (!record || !record.table || !Array.isArray(record.table.order)) return null;
  return {
    table: record.table,
    roster: record.roster && Array.isArray(record.roster.players) ? record.roster : null,
    log: Array.isArray(record.log) ? record.log : null,
    names: record.names || {},
    toldOffline: new Set(record.toldOffline || []),
    lastEventId: /^\d+$/.test(record.lastEventId || '') ? record.lastEventId : null,
  };
}
