// This player's seat at a table: the player's name (the id of the pile that is their hand) and token as the server
// gave them on joining, whether this player hosts, and the name the others see. Kept per table in storage, so that a
// reload on the same device is the same player.

import { rosterEntry } from './play-roster.js';

const SEAT_PREFIX = 'riffle.play.seat.';

/** The storage key of the seat this device keeps at a table. */
export function seatKey(deckId) { return SEAT_PREFIX + deckId; }

/**
 * The seat a join's answer gives: the first player hosts (a server that names the host says so itself).
 * @param {object} answer the server's answer to the join (`player`, `token`, `piles`, maybe `host`).
 * @param {string|null} shownAs the name the player typed, shown to the others.
 */
export function seatFromJoin(answer, shownAs) {
  const others = Object.entries(answer.piles || {}).some(([pile, entry]) => entry.private && pile !== answer.player);
  const host = typeof answer.host === 'string' ? answer.host === answer.player : !others;
  return { player: answer.player, token: answer.token, host, shownAs: shownAs || answer.player };
}

/** Whether the seat hosts the table: as the roster says once the stream named the host, else as the join said. */
export function seatHosts(seat, roster) {
  if (!seat) return false;
  return roster.host ? roster.host === seat.player : Boolean(seat.host);
}

/**
 * A player's name as the others see it: their display name where the roster has it, the one last seen for a player
 * who left (`names`), this player's own as typed; an id only when nothing else is known.
 */
export function shownName(name, { roster, names, seat }) {
  const player = rosterEntry(roster, name);
  if (player) return player.displayName;
  if (names[name]) return names[name];
  if (seat && name === seat.player && seat.shownAs) return seat.shownAs;
  return name;
}
