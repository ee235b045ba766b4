// What the Play view says, in words: cards, piles and players named as people say them, every event of the table
// told as a move ("Ana played the 7 of Hearts to the centre."), and why a change of this player's was not made. Plain
// data in, text out; the view puts the words in with textContent, never as markup.

import { CENTRE, FACE_DOWN_PILE, changeCodes, changePile, isNewRound, movedCodes, otherPlayers } from './play-state.js';

const RANKS = { A: 'Ace', J: 'Jack', Q: 'Queen', K: 'King', 0: '10' };
const SUITS = { S: 'Spades', H: 'Hearts', D: 'Diamonds', C: 'Clubs' };

/** "7 of Hearts", "10 of Clubs", "Red Joker" from a code. */
export function codeName(code) {
  if (code === 'X1') return 'Black Joker';
  if (code === 'X2') return 'Red Joker';
  return `${RANKS[code[0]] || code[0]} of ${SUITS[code[1]] || code[1]}`;
}

export function cards(count) { return `${count} card${count === 1 ? '' : 's'}`; }

/** "the 7 of Hearts", "the 7 of Hearts and the 2 of Clubs". */
export function cardList(codes) {
  const names = codes.map((code) => `the ${codeName(code)}`);
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** A table pile's name in words: "the centre", "the face-down pile", "the pile discard". */
export function pileLabel(name) {
  if (name === CENTRE) return 'the centre';
  if (name === FACE_DOWN_PILE) return 'the face-down pile';
  return `the pile ${name}`;
}

/**
 * What happened, in words, for the move log and the live region ("Ana played the 7 of Hearts to the centre.",
 * "You gave bo 2 cards."), or null. `before` is the table before the event (to name a player who left); `nameOf`
 * gives a player's display name. The words are text: the view puts them in with textContent, never as markup.
 */
export function describeEvent(kind, data, me, before = null, nameOf = (name) => name) {
  const mine = Boolean(me) && data.player === me;
  const who = mine ? 'You' : data.player ? nameOf(data.player) : 'Someone';
  if (kind === 'join') return mine ? 'You joined the table.' : `${who} joined the table.`;
  if (kind === 'leave') {
    const removed = data.removed_piles || [];
    const gone = before ? otherPlayers(before, me).filter((name) => removed.includes(name)) : [];
    if (gone.length === 1 && gone[0] !== data.player) {
      return mine ? `You removed ${nameOf(gone[0])} from the table.` : `${nameOf(gone[0])} is no longer at the table.`;
    }
    return `${gone.length === 1 ? nameOf(gone[0]) : who} left the table.`;
  }
  // Presence is told by the model, which knows who was told offline before (play-roster.js's presenceNews).
  if (kind === 'presence') return null;
  if (kind === 'pile_face' && typeof data.pile === 'string') {
    return `${who} turned ${pileLabel(data.pile)} face ${data.face === 'down' ? 'down' : 'up'}.`;
  }
  if (kind === 'turn') {
    if (data.turn === undefined) return null;
    if (data.turn === null) return 'Nobody has the turn.';
    return data.turn === me ? 'It is your turn.' : `It is ${nameOf(data.turn)}'s turn.`;
  }
  if (kind === 'seats') return `${who} changed the seats.`;
  if (kind === 'lock') {
    return data.locked ? `${who} locked the table: nobody new may join.` : `${who} unlocked the table.`;
  }
  if (kind === 'rename') return null;
  // A table's first round starts with every card already in the deck: its shuffle names the round it started.
  if (kind === 'shuffle' && (isNewRound(data) || data.round)) {
    return `${who} started a new round: every card is back in the deck.`;
  }
  if (kind === 'shuffle' || kind === 'pile_shuffle') return `${who} shuffled.`;
  // Several cards moved from one place to another in one change are told as one move.
  const merged = [];
  for (const move of data.moved || []) {
    const last = merged[merged.length - 1];
    const codes = movedCodes(move);
    if (last && last.from === move.from && last.to === move.to && Boolean(last.cards) === Boolean(codes)) {
      last.count += move.count || (codes ? codes.length : 0);
      if (codes) last.cards.push(...codes);
    } else {
      merged.push({ from: move.from, to: move.to, count: move.count || (codes ? codes.length : 0), cards: codes && codes.slice() });
    }
  }
  const dealtTo = kind === 'deal' ? new Set(merged.filter((move) => move.from === 'deck').map((move) => move.to)) : null;
  if (dealtTo && dealtTo.size > 1 && merged.every((move) => move.from === 'deck'
    && data.piles && data.piles[move.to] && data.piles[move.to].private)) {
    const each = merged[0].count;
    const same = merged.every((move) => move.count === each);
    return `${who} dealt ${same ? cards(each) : 'cards'} to everyone.`;
  }
  const parts = merged.map((move) => {
    const codes = movedCodes(move);
    const what = codes ? cardList(codes) : cards(move.count);
    if (kind === 'deal') {
      if (move.to === me) return `${mine ? 'You dealt yourself' : 'You were dealt'} ${what}`;
      const target = (before && before.piles[move.to]) || (data.piles && data.piles[move.to]);
      const to = target && !target.private ? pileLabel(move.to)
        : move.to === data.player ? 'themselves' : nameOf(move.to);
      return `${who} dealt ${what} to ${to}`;
    }
    // The plain API's draw (not the table's): the cards are out of the stack, in sight of everyone.
    if (move.to === 'drawn' && move.from === 'deck') return `${who} drew ${what} from the deck`;
    const known = (before && before.piles[move.from]) || (data.piles && data.piles[move.from]);
    const fromTable = Boolean(known) && !known.private && move.from !== 'deck';
    const toTable = data.piles && data.piles[move.to] && !data.piles[move.to].private;
    const fromHand = Boolean(known) && known.private && move.from !== 'deck';
    if (fromHand && move.to === data.player && data.player) {
      return `${who} took back ${what} from ${move.from === me ? 'you' : nameOf(move.from)}`;
    }
    if (move.from === me && move.to !== 'deck' && !toTable) return `You gave ${nameOf(move.to)} ${what}`;
    if (toTable && move.from !== 'deck') {
      const faceDown = data.piles[move.to].face === 'down';
      return `${who} played ${what}${faceDown ? ' face down' : ''} to ${pileLabel(move.to)}`;
    }
    if (fromTable && move.to === data.player) return `${who} took ${what} from ${pileLabel(move.from)}`;
    if (move.to === me) return `${who} gave you ${what}`;
    if (move.to === 'deck') return `${who} put ${what} back in the deck`;
    // One player's cards into another's hand, as a third player or a spectator sees it: a gift, told as one.
    if (fromHand && move.from === data.player && !toTable) return `${who} gave ${nameOf(move.to)} ${what}`;
    return `${who} moved ${what} from ${nameOf(move.from)} to ${nameOf(move.to)}`;
  });
  return parts.length ? `${parts.join('. ')}.` : null;
}

/**
 * Why a change of this player's was not made, in words, once the server refused it (`reason`, its message) or a
 * read showed it no longer possible. `nameOf` gives a player's display name.
 */
export function refusalText(change, reason, nameOf = (name) => name) {
  if (change.kind === 'ungive') {
    return `The gift can no longer be taken back: ${nameOf(change.from)} has moved since. Your hand was read again.`;
  }
  if (change.kind === 'take') {
    const codes = changeCodes(change);
    return `Someone else took ${cardList(codes)} first: ${codes.length === 1 ? 'it is' : 'they are'} not in ` +
      `${pileLabel(changePile(change))} any more.`;
  }
  return `Could not finish ${change.label}: ${reason.replace(/\.$/, '')}. The table was read again.`;
}
