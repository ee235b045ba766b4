// The move log of a live table: the last moves in words, newest last, each with an id of its own (the view keys its
// lines by it). A move whose cards this page cannot name yet (a card taken from a face-up pile into a hand it cannot
// see comes as a count) waits for the next read, which shows which card left the pile.

import { movedCodes } from './play-state.js';

/** The most lines the log keeps. */
export const LOG_LENGTH = 40;

export class MoveLog {
  /** @param {{id: number, text: string}[]} [lines] lines kept from before (a reload), oldest first. */
  constructor(lines = []) {
    this.lines = lines.slice(-LOG_LENGTH);
    this.count = Math.max(0, ...this.lines.map((line) => line.id));
  }

  /** Adds a line after the others (nothing for no words); returns whether it did. */
  add(text) {
    if (!text) return false;
    this.lines = [...this.lines, { id: ++this.count, text }].slice(-LOG_LENGTH);
    return true;
  }

  /** Puts earlier moves (the round so far, read from the server) before the lines logged since. */
  addEarlier(texts) {
    const earlier = texts.map((text) => ({ id: ++this.count, text }));
    this.lines = [...earlier, ...this.lines].slice(-LOG_LENGTH);
  }
}

/**
 * Whether an event moved cards out of a face-up pile this page saw (`before`, the table before it) without naming
 * them: its words wait for the next read.
 */
export function takesUnnamedCards(data, before) {
  return (data.moved || []).some((move) => !movedCodes(move) && before.piles[move.from]
    && before.piles[move.from].cards && !before.piles[move.from].private);
}

/**
 * The event's data with the cards of such takes named, from the table read since (`now`): the cards gone from their
 * pile, when as many as the move took.
 */
export function withTakenCardsNamed(data, before, now) {
  const moved = data.moved.map((move) => {
    const then = !movedCodes(move) && before.piles[move.from] && before.piles[move.from].cards;
    if (!then) return move;
    const still = (now.piles[move.from] && now.piles[move.from].cards) || [];
    const gone = then.filter((code) => !still.includes(code));
    return gone.length === move.count ? { ...move, cards: gone } : move;
  });
  return { ...data, moved };
}
