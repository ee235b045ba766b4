// A live table as the Play view sees it, as plain data, and how changes and the server's events move its cards.
//
// A table is { deckId, remaining, order, piles }: `order` is the piles' names in the server's order and
// `piles[name]` is { remaining, private, cards }. `cards` (codes, bottom to top) is known only for the piles this
// player may see and the view shows: the player's own hand and the shared CENTRE; for every other pile it is null
// and only its size is known. A change is plain data, so the outbox can keep it in localStorage:
// deal {to, count} deals face down from the stack, play {code} moves a card from the hand to the centre, take
// {code} moves one from the centre to the hand, newRound (the host's) collects every card into the stack.

export const CENTRE = 'centre';

export function emptyTable(deckId = null) {
  return { deckId, remaining: 0, order: [], piles: {} };
}

export function cloneTable(table) {
  const piles = {};
  for (const [name, pile] of Object.entries(table.piles)) piles[name] = { ...pile, cards: pile.cards && pile.cards.slice() };
  return { deckId: table.deckId, remaining: table.remaining, order: table.order.slice(), piles };
}

/** Whether the view keeps a pile's cards: the player's own hand and the centre. */
function tracked(name, me) { return name === me || name === CENTRE; }

function pileOf(table, name, me, isPrivate = false) {
  if (!table.piles[name]) {
    table.piles[name] = { remaining: 0, private: isPrivate, cards: tracked(name, me) ? [] : null };
    table.order.push(name);
  }
  return table.piles[name];
}

/** The other players: every private pile but `me`'s, in the server's order. */
export function otherPlayers(table, me) {
  return table.order.filter((name) => name !== me && table.piles[name].private);
}

/** A table from the server's listings of the player's hand and of the centre (null when it has none yet). */
export function tableFromListings(deckId, me, handListing, centreListing) {
  const table = emptyTable(deckId);
  table.remaining = handListing.remaining;
  for (const [name, pile] of Object.entries(handListing.piles || {})) {
    const entry = pileOf(table, name, me, Boolean(pile.private));
    entry.remaining = pile.remaining;
  }
  const codes = (pile) => ((pile && pile.cards) || []).map((card) => card.code);
  pileOf(table, me, me, true).cards = codes(handListing.piles[me]);
  const centre = centreListing && centreListing.piles && centreListing.piles[CENTRE];
  if (centre) pileOf(table, CENTRE, me).cards = codes(centre);
  return table;
}

/**
 * Applies a change in place, as the server would. Returns null when it applied, else why not; a change that does
 * not apply leaves the table as it was.
 */
export function applyTableChange(table, change, me) {
  switch (change.kind) {
    case 'deal': {
      if (change.count < 1) return 'nothing to deal';
      if (table.remaining < change.count) return `the deck has only ${table.remaining} cards left`;
      table.remaining -= change.count;
      pileOf(table, change.to, me).remaining += change.count;
      return null;
    }
    case 'play':
    case 'take': {
      const [from, to] = change.kind === 'play' ? [me, CENTRE] : [CENTRE, me];
      const source = table.piles[from];
      if (!source || !source.cards || !source.cards.includes(change.code)) {
        return change.kind === 'play' ? 'the card is no longer in your hand' : 'the card is no longer in the centre';
      }
      source.cards.splice(source.cards.lastIndexOf(change.code), 1);
      source.remaining -= 1;
      const target = pileOf(table, to, me);
      target.cards.push(change.code);
      target.remaining += 1;
      return null;
    }
    case 'newRound': {
      for (const name of table.order) {
        const pile = table.piles[name];
        table.remaining += pile.remaining;
        pile.remaining = 0;
        if (pile.cards) pile.cards = [];
      }
      return null;
    }
    default:
      return `unknown change ${change.kind}`;
  }
}

/** Whether a play or take is already made in `table` (its card is where it puts it); a deal cannot tell. */
export function alreadyMade(table, change, me) {
  if (change.kind !== 'play' && change.kind !== 'take') return false;
  const [from, to] = change.kind === 'play' ? [me, CENTRE] : [CENTRE, me];
  const holds = (name) => Boolean(table.piles[name] && table.piles[name].cards && table.piles[name].cards.includes(change.code));
  return holds(to) && !holds(from);
}

/** The codes of a moved entry's cards (the stream lists card objects or codes), or null when hidden. */
export function movedCodes(move) {
  return Array.isArray(move.cards) ? move.cards.map((card) => (typeof card === 'string' ? card : card.code)) : null;
}

/**
 * Applies one event of the deck's stream (its `data`) to the table in place. Returns false when the table can no
 * longer be trusted (cards of a kept pile moved unseen, or the counts disagree): read it again from the server.
 */
export function applyTableEvent(table, data, me) {
  let trusted = true;
  for (const [name, pile] of Object.entries(data.piles || {})) pileOf(table, name, me, Boolean(pile.private));
  for (const move of data.moved || []) {
    const codes = movedCodes(move);
    const source = table.piles[move.from];
    const target = table.piles[move.to];
    if (!codes) {
      if ((source && source.cards) || (target && target.cards)) trusted = false;
      continue;
    }
    if (source && source.cards) {
      for (const code of codes) {
        const index = source.cards.lastIndexOf(code);
        if (index < 0) trusted = false;
        else source.cards.splice(index, 1);
      }
    }
    if (target && target.cards) target.cards.push(...codes);
  }
  if (typeof data.remaining === 'number') table.remaining = data.remaining;
  for (const [name, pile] of Object.entries(data.piles || {})) {
    table.piles[name].remaining = pile.remaining;
    table.piles[name].private = Boolean(pile.private);
  }
  for (const name of [me, CENTRE]) {
    const pile = table.piles[name];
    if (pile && pile.cards && pile.cards.length !== pile.remaining) trusted = false;
  }
  return trusted;
}

/** Whether an event is the server's record of `change`, made by this player. */
export function eventConfirms(change, kind, data, me) {
  if (data.player && data.player !== me) return false;
  if (change.kind === 'newRound') return kind === 'shuffle';
  return (data.moved || []).some((move) => {
    const codes = movedCodes(move);
    if (change.kind === 'deal') return kind === 'deal' && move.to === change.to && move.count === change.count;
    const [from, to] = change.kind === 'play' ? [me, CENTRE] : [CENTRE, me];
    return move.from === from && move.to === to && Boolean(codes) && codes.includes(change.code);
  });
}

const RANKS = { A: 'Ace', J: 'Jack', Q: 'Queen', K: 'King', 0: '10' };
const SUITS = { S: 'Spades', H: 'Hearts', D: 'Diamonds', C: 'Clubs' };

/** "7 of Hearts", "10 of Clubs", "Red Joker" from a code. */
export function codeName(code) {
  if (code === 'X1') return 'Black Joker';
  if (code === 'X2') return 'Red Joker';
  return `${RANKS[code[0]] || code[0]} of ${SUITS[code[1]] || code[1]}`;
}

function cards(count) { return `${count} card${count === 1 ? '' : 's'}`; }

function list(codes) {
  const names = codes.map((code) => `the ${codeName(code)}`);
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** Whether a `shuffle` event is a new round: every pile it lists is empty (a full reshuffle collects them all). */
function isNewRound(data) {
  return Object.values(data.piles || {}).every((pile) => pile.remaining === 0);
}

/**
 * What another player did, in words for the live region ("Ana played the 7 of Hearts to the centre."), or null.
 * `before` is the table before the event, to name a player who left.
 */
export function describeEvent(kind, data, me, before = null) {
  const actor = data.player && data.player !== me ? data.player : null;
  if (data.player === me) return null;
  const who = actor || 'Someone';
  if (kind === 'join') return `${data.player || 'Someone'} joined the table.`;
  if (kind === 'leave') {
    const seated = (name) => Boolean(data.piles && data.piles[name] && data.piles[name].private);
    const gone = before ? otherPlayers(before, me).filter((name) => !seated(name)) : [];
    if (gone.length === 1 && gone[0] !== data.player) return `${gone[0]} is no longer at the table.`;
    return `${gone.length === 1 ? gone[0] : who} left the table.`;
  }
  if (kind === 'shuffle' && isNewRound(data)) return `${who} started a new round: every card is back in the deck.`;
  if (kind === 'shuffle' || kind === 'pile_shuffle') return `${who} shuffled.`;
  const parts = (data.moved || []).map((move) => {
    const codes = movedCodes(move);
    if (kind === 'deal' && move.to === me) return `You were dealt ${codes ? list(codes) : cards(move.count)}`;
    if (kind === 'deal') return `${move.to} was dealt ${cards(move.count)}`;
    const what = codes ? list(codes) : cards(move.count);
    if (move.to === CENTRE) return `${who} played ${what} to the centre`;
    if (move.from === CENTRE) return `${who} took ${what} from the centre`;
    if (move.to === me) return `${who} gave you ${what}`;
    return `${who} moved ${what} from ${move.from} to ${move.to}`;
  });
  return parts.length ? `${parts.join('. ')}.` : null;
}
