// The table's replay (the Play view's History, issue 43): the deck's stored events read from the history endpoint,
// every page of them, and stepped through one at a time. Each step says what happened in words (play-words.js) and
// how the table stood after it: the stack, every hand and pile with its count, and the cards this viewer may see.
// The server shows each event to the caller as their event stream showed it (a player sees the cards of moves into
// their own hand, a spectator counts), so a step never shows more than the events carry. Loaded with the History
// panel (play-replay-view.js), not with the Play view.

import { emptyRoster, rememberNames, updateRoster } from './play-roster.js';
import { CENTRE, FACE_DOWN_PILE, applyTableEvent, cloneTable, emptyTable, movedCodes } from './play-state.js';
import { cardList, cards, describeEvent } from './play-words.js';

/** The events one history request asks for (the server's most). */
export const HISTORY_PAGE_SIZE = 100;

/**
 * Every event of the table's history as this caller may see it, oldest first: pages read one after another, each
 * after the last event of the one before, while the server says there are more.
 * @param {(page: {after: number, limit: number}) => Promise<object>} readPage one page of the history endpoint's
 *   answer (`{events, more, viewer?}`).
 * @param {object} [options]
 * @param {number} [options.pageSize] the events asked for per page.
 * @returns {Promise<{events: {id: number, event: string, data: object}[], viewer: string|null, round?: object}>}
 *   `round` only when the pages are a round's (`?round=N`): the last page's `round`, `cards` and `steps`.
 * @throws what `readPage` throws (the history is read whole or not at all).
 */
export async function readWholeHistory(readPage, { pageSize = HISTORY_PAGE_SIZE } = {}) {
  const events = [];
  let after = 0;
  for (;;) {
    const page = await readPage({ after, limit: pageSize });
    const fresh = (page.events || []).filter((event) => event.id > after);
    events.push(...fresh);
    // A page that brings nothing new ends the read, whatever `more` says: the next would ask the same again.
    if (!page.more || fresh.length === 0) {
      const history = { events, viewer: typeof page.viewer === 'string' ? page.viewer : null };
      if (page.round) history.round = { round: page.round, cards: page.cards, steps: page.steps };
      return history;
    }
    after = fresh[fresh.length - 1].id;
  }
}

/**
 * What an event the move log leaves unsaid is told as in the replay, so that every step says something. `shownBefore`
 * is the name the event's player was shown with before it (a rename's old name).
 */
function otherWords(kind, data, me, nameOf, shownBefore) {
  const mine = Boolean(me) && data.player === me;
  const who = mine ? 'You' : data.player ? nameOf(data.player) : 'Someone';
  if (kind === 'presence' && typeof data.online === 'boolean') {
    return `${who} ${data.online ? 'came online' : 'went offline'}.`;
  }
  if (kind === 'rename' && data.player) {
    return `${mine ? 'You are' : `${shownBefore} is`} now called ${nameOf(data.player)}.`;
  }
  if (kind === 'turn' && typeof data.strict_turns === 'boolean') {
    return `${who} turned strict turns ${data.strict_turns ? 'on' : 'off'}.`;
  }
  return `${who} changed the table.`;
}

/**
 * A change of the table's rounds, in words (commit and reveal): a `round` event (a player added entropy, the host
 * ended the round or changed the reveal setting; `earlier`, the round as the replay knew it before, tells which).
 */
function roundWords(kind, data, who, earlier) {
  const round = data.round;
  if (kind !== 'round' || !round || typeof round.number !== 'number') return null;
  const entropy = Array.isArray(round.entropy) ? round.entropy : [];
  const known = earlier && earlier.number === round.number && Array.isArray(earlier.entropy) ? earlier.entropy.length : 0;
  if (entropy.length > known) {
    const added = entropy.slice(known).map((entry) => `“${entry.text}”`).join(' and ');
    return `${who} added entropy to round ${round.number}: ${added}.`;
  }
  if (round.over && !(earlier && earlier.number === round.number && earlier.over)) {
    const revealed = round.seed ? '; its seed is revealed' : '';
    return `${who} ended round ${round.number}: every card is back in the deck${revealed}.`;
  }
  if (round.seed && !(earlier && earlier.seed)) return `Round ${round.number}'s seed is revealed.`;
  return `${who} set the table ${round.reveal ? 'to reveal' : 'not to reveal'} its rounds' seeds.`;
}

/** The cards the viewer may see in a place: its codes when every one is known, else null (a count only). */
function seenCards(pile, unknown, name) {
  return pile.cards && !unknown.has(name) ? pile.cards.slice() : null;
}

/**
 * A place of the table as a step shows it: `key` (which place: 'deck', 'hand:ana', 'pile:centre', 'drawn'), `label`
 * ("Your hand", "Ana's hand", "The centre"), `count` ("5 cards"), `cards` (the codes the viewer may see, or null) and
 * `faceDown`.
 */
function place(key, label, remaining, cardCodes, faceDown = false) {
  return { key, label, count: cards(remaining), cards: cardCodes, faceDown };
}

/** A public pile's name as a step's label: "The centre", "The face-down pile", "The pile discard". */
function pileTitle(name) {
  if (name === CENTRE) return 'The centre';
  if (name === FACE_DOWN_PILE) return 'The face-down pile';
  return `The pile ${name}`;
}

/**
 * One line of a step's table in words: "Your hand: 2 cards: the 7 of Hearts and the 2 of Clubs.", "Bo's hand: 5
 * cards, face down.", "The deck: 37 cards."
 */
export function placeText(entry) {
  if (entry.cards && entry.cards.length) return `${entry.label}: ${entry.count}: ${cardList(entry.cards)}.`;
  return `${entry.label}: ${entry.count}${entry.faceDown ? ', face down' : ''}.`;
}

/**
 * Every step of the replay from the history's events, oldest first: `{ number, id, kind, words, places }`, where
 * `places` is the table right after the event (the deck first, then the viewer's hand, the other players in seat
 * order and the table piles; the cards drawn with the plain API's draw, when there are any).
 * @param {{id: number, event: string, data: object}[]} events the history, oldest first.
 * @param {object} options
 * @param {string|null} options.me the viewer (null for a spectator).
 * @param {(name: string) => string} [options.nameOf] a player's name as shown, for players the history does not
 *   name (its own display names come first).
 */
export function replaySteps(events, { me, nameOf = (name) => name }) {
  const table = emptyTable();
  const unknown = new Set();  // piles whose cards the viewer might see but the history does not name them all
  const drawn = { remaining: 0, cards: [], touched: false };
  let roster = emptyRoster();
  let names = {};
  let latestRound = null;
  const shownName = (name) => {
    const player = roster.players.find((entry) => entry.name === name);
    return player ? player.displayName : names[name] || nameOf(name);
  };
  return events.map((event, index) => {
    const kind = event.event;
    const data = event.data || {};
    const before = cloneTable(table);
    const shownBefore = data.player ? shownName(data.player) : null;
    roster = updateRoster(roster, data, kind);
    names = rememberNames(names, roster);
    const who = data.player ? (me && data.player === me ? 'You' : shownName(data.player)) : 'The host';
    let words = roundWords(kind, data, who, latestRound) || describeEvent(kind, data, me, before, shownName)
      || otherWords(kind, data, me, shownName, shownBefore);
    // The next round's shuffle reveals the round before it (when the table reveals its rounds).
    if (kind === 'shuffle' && data.revealed && typeof data.revealed.number === 'number') {
      words += ` Round ${data.revealed.number}'s seed is revealed.`;
    }
    if (data.round && typeof data.round === 'object') latestRound = data.round;
    applyTableEvent(table, data, me);
    followKnowledge(table, unknown, drawn, kind, data);
    const places = placesOf(table, unknown, drawn, me, roster, shownName);
    return { number: index + 1, id: event.id, kind, words, places };
  });
}

/** After an event: which seen piles' cards are still all named, and where the plain API's drawn cards are. */
function followKnowledge(table, unknown, drawn, kind, data) {
  for (const move of data.moved || []) {
    const codes = movedCodes(move);
    if (move.to === 'drawn' || move.from === 'drawn') drawn.touched = true;
    if (move.to === 'drawn') {
      drawn.remaining += move.count || (codes ? codes.length : 0);
      if (codes) drawn.cards.push(...codes);
      else drawn.cards = null;
    }
    if (move.from === 'drawn') {
      drawn.remaining = Math.max(0, drawn.remaining - (move.count || (codes ? codes.length : 0)));
      if (codes && drawn.cards) drawn.cards = drawn.cards.filter((code) => !codes.includes(code));
      else drawn.cards = null;
    }
  }
  if (drawn.remaining === 0) drawn.cards = [];
  // A face turned up shows the pile's cards.
  if (kind === 'pile_face' && data.face === 'up' && Array.isArray(data.cards) && table.piles[data.pile]) {
    table.piles[data.pile].cards = data.cards.map((card) => (typeof card === 'string' ? card : card.code));
    unknown.delete(data.pile);
  }
  for (const name of [...unknown]) if (!table.piles[name]) unknown.delete(name);
  for (const [name, pile] of Object.entries(table.piles)) {
    if (!pile.cards) continue;
    if (pile.remaining === 0) {
      pile.cards = [];
      unknown.delete(name);
    } else if (pile.cards.length !== pile.remaining) {
      // Cards moved without their names (taken into another's hand, or dealt before this viewer's seat): which of
      // them are here is not in the history.
      unknown.add(name);
    }
  }
}

function placesOf(table, unknown, drawn, me, roster, shownName) {
  const places = [place('deck', 'The deck', table.remaining, null)];
  const hands = table.order.filter((name) => table.piles[name].private);
  const seat = (name) => {
    const entry = roster.players.find((player) => player.name === name);
    return entry ? entry.seat : Number.MAX_SAFE_INTEGER;
  };
  if (me && table.piles[me]) {
    places.push(place(`hand:${me}`, 'Your hand', table.piles[me].remaining, seenCards(table.piles[me], unknown, me)));
  }
  for (const name of hands.filter((other) => other !== me).sort((a, b) => seat(a) - seat(b))) {
    places.push(place(`hand:${name}`, `${shownName(name)}'s hand`, table.piles[name].remaining, null, true));
  }
  for (const name of table.order.filter((pile) => !table.piles[pile].private)) {
    const pile = table.piles[name];
    const faceDown = pile.face === 'down';
    places.push(place(`pile:${name}`, pileTitle(name), pile.remaining, seenCards(pile, unknown, name), faceDown));
  }
  if (drawn.touched) places.push(place('drawn', 'Drawn', drawn.remaining, drawn.cards && drawn.cards.slice()));
  return places;
}

/**
 * The replay's position among its steps: starts at the first event; `stepForward()` and `stepBack()` move one event
 * and say whether they moved (not past either end).
 */
export class TableReplay {
  /** @param {object[]} steps replaySteps's answer. */
  constructor(steps) {
    this.steps = steps;
    this.index = 0;
  }

  /** The step shown, or null when the history has no events. */
  get current() { return this.steps[this.index] || null; }

  /** "Event 3 of 12", or "No events yet" for an empty history. */
  get position() {
    return this.steps.length ? `Event ${this.index + 1} of ${this.steps.length}` : 'No events yet';
  }

  get atStart() { return this.index <= 0; }

  get atEnd() { return this.index >= this.steps.length - 1; }

  stepForward() {
    if (this.atEnd) return false;
    this.index += 1;
    return true;
  }

  stepBack() {
    if (this.atStart) return false;
    this.index -= 1;
    return true;
  }
}
