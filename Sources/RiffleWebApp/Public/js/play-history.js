// The round so far, in words, from the server's event history as this viewer may see it: a page that has no move
// log of its own (a new device, a spectator's first visit) replays the deck's last events once, through a second
// event stream resumed with Last-Event-ID a bounded number of changes back, and closes it at the greeting's change.
// The server redacts the replayed events for this viewer as it does live ones; a new round starts the log afresh.

import { EVENT_KINDS } from './event-kinds.js';
import { isNewRound } from './play-state.js';
import { describeEvent } from './play-words.js';

/** The most past changes a page asks for (the server keeps at least the last 1,000). */
export const HISTORY_EVENTS = 60;
const HISTORY_WAIT_MS = 5000;

/**
 * The moves of the round up to change `untilId`, in words, oldest first.
 * @param {object} options
 * @param {(lastEventId: string) => EventSource} options.open opens the deck's stream resumed after that change.
 * @param {number} options.untilId the change the live stream's greeting was at.
 * @param {string|null} options.me this player (null for a spectator).
 * @param {(name: string) => string} options.nameOf a player's display name.
 * @returns {Promise<string[]>}
 */
export function roundHistory({ open, untilId, me, nameOf }) {
  return new Promise((resolve) => {
    if (!(untilId > 0)) {
      resolve([]);
      return;
    }
    const lines = [];
    let source = null;
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      if (source) source.close();
      resolve(lines);
    };
    const timer = setTimeout(finish, HISTORY_WAIT_MS);
    source = open(String(Math.max(0, untilId - HISTORY_EVENTS)));
    for (const kind of EVENT_KINDS) {
      source.addEventListener(kind, (event) => {
        const id = Number(event.lastEventId);
        // A greeting instead of the replay: the history is no longer kept (or there is none).
        if (kind === 'hello' || kind === 'resync' || !(id <= untilId)) {
          finish();
          return;
        }
        let data;
        try { data = JSON.parse(event.data); } catch { data = null; }
        if (data && kind !== 'presence') {
          if (kind === 'shuffle' && isNewRound(data)) lines.length = 0;
          const words = describeEvent(kind, data, me, null, nameOf);
          if (words) lines.push(words);
        }
        if (id >= untilId) finish();
      });
    }
    source.addEventListener('error', finish);
  });
}
