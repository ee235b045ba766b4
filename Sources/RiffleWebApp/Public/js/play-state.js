// A live table as the Play view sees it, as plain data, and how changes and the server's events move its cards.
//
// A table is { deckId, remaining, order, piles }: `order` is the piles' names in the server's order and
// `piles[name]` is { remaining, private, face, cards }. `cards` (codes, bottom to top) is known only for the piles
// this player may see: the player's own hand and every face-up table pile; for another player's hand and for a
// face-down pile it is null and only its size is known. A change is plain data, so the outbox can keep it in
// localStorage:
// - deal {to, count}: deals face down from the stack to a player or a pile;
// - play {codes, pile, face}: moves cards from the hand onto a table pile (face 'down' makes a new pile face down);
// - give {codes, to}: moves cards from the hand into another player's hand;
// - take {codes, pile}: moves cards from a face-up table pile into the hand (an undo of a play is a take);
// - ungive {codes, from}: takes this player's last gift back from `from`'s hand (the server allows it while `from`
//   has not moved since);
// - dealAll {count, players} (the host's): deals `count` face down to every player, in seat order;
// - newRound (the host's): collects every card into the stack; remove {player} (the host's): a player's seat goes,
//   their hand to the bottom of the stack; turn {to} passes the turn marker (tables whose server keeps turns).
// Changes kept by an older page (play/take with one `code`, always the centre) still apply.

export const CENTRE = 'centre';
/** The pile a face-down play goes to (made face down on a server that keeps face-down piles). */
export const FACE_DOWN_PILE = 'down';

export function emptyTable(deckId = null) {
  return { deckId, remaining: 0, order: [], piles: {} };
}

export function cloneTable(table) {
  const piles = {};
  for (const [name, pile] of Object.entries(table.piles)) piles[name] = { ...pile, cards: pile.cards && pile.cards.slice() };
  return { deckId: table.deckId, remaining: table.remaining, order: table.order.slice(), piles };
}

/** The cards of a change (older pages kept one `code`). */
export function changeCodes(change) {
  return change.codes || (change.code ? [change.code] : []);
}

/** The table pile a play or take goes to or comes from (the centre for older pages' changes). */
export function changePile(change) {
  return change.pile || CENTRE;
}

/** Whether the view knows a pile's cards: the player's own hand, and every face-up table pile. */
function tracked(name, me, entry) {
  return name === me || (!entry.private && entry.face !== 'down');
}

function pileOf(table, name, me, { private: isPrivate = false, face = null } = {}) {
  if (!table.piles[name]) {
    const entry = { remaining: 0, private: isPrivate, face: face === 'down' ? 'down' : null };
    entry.cards = tracked(name, me, entry) ? [] : null;
    table.piles[name] = entry;
    table.order.push(name);
  }
  return table.piles[name];
}

function removePile(table, name) {
  delete table.piles[name];
  table.order = table.order.filter((other) => other !== name);
}

/** The other players: every private pile but `me`'s, in the server's order. */
export function otherPlayers(table, me) {
  return table.order.filter((name) => name !== me && table.piles[name].private);
}

/** The table's public piles (face up or down), in the server's order. */
export function tablePiles(table) {
  return table.order.filter((name) => !table.piles[name].private);
}

const codesOf = (pile) => ((pile && pile.cards) || []).map((card) => (typeof card === 'string' ? card : card.code));

/**
 * A table from the server's listings: `base` (a listing of the player's hand, or any listing for a spectator: it
 * gives every pile's size) and `listings` (name -> the listing of that face-up table pile, with its cards).
 */
export function tableFromListings(deckId, me, base, listings = {}) {
  const table = emptyTable(deckId);
  table.remaining = base.remaining;
  for (const [name, pile] of Object.entries(base.piles || {})) {
    pileOf(table, name, me, pile).remaining = pile.remaining;
  }
  if (me) pileOf(table, me, me, { private: true }).cards = codesOf(base.piles && base.piles[me]);
  for (const [name, listing] of Object.entries(listings)) {
    const pile = listing && listing.piles && listing.piles[name];
    if (pile && table.piles[name] && table.piles[name].cards) table.piles[name].cards = codesOf(pile);
  }
  // A pile listed in `base` with its cards (a spectator's base listing) is known too.
  for (const [name, pile] of Object.entries(base.piles || {})) {
    if (name !== me && Array.isArray(pile.cards) && table.piles[name].cards) table.piles[name].cards = codesOf(pile);
  }
  return table;
}

/** Takes `codes` out of a tracked pile; the reason when one is not there. */
function takeOut(pile, codes, missing) {
  if (!pile || !pile.cards || !codes.every((code) => pile.cards.includes(code))) return missing;
  for (const code of codes) pile.cards.splice(pile.cards.lastIndexOf(code), 1);
  pile.remaining -= codes.length;
  return null;
}

function putIn(pile, codes) {
  if (pile.cards) pile.cards.push(...codes);
  pile.remaining += codes.length;
}

/**
 * Applies a change in place, as the server would. Returns null when it applied, else why not; a change that does
 * not apply leaves the table as it was.
 */
export function applyTableChange(table, change, me) {
  const codes = changeCodes(change);
  switch (change.kind) {
    case 'deal': {
      if (change.count < 1) return 'nothing to deal';
      if (table.remaining < change.count) return `the deck has only ${table.remaining} cards left`;
      table.remaining -= change.count;
      pileOf(table, change.to, me).remaining += change.count;
      return null;
    }
    case 'dealAll': {
      const players = (change.players && change.players.length ? change.players : otherPlayers(table, null))
        .filter((name) => table.piles[name] && table.piles[name].private);
      if (change.count < 1 || players.length === 0) return 'nobody to deal to';
      const total = change.count * players.length;
      if (table.remaining < total) return `the deck has only ${table.remaining} cards left`;
      table.remaining -= total;
      for (const name of players) table.piles[name].remaining += change.count;
      return null;
    }
    case 'play': {
      if (codes.length === 0) return 'no card chosen';
      const name = changePile(change);
      if (table.piles[name] && table.piles[name].private) return `${name} is a player's hand`;
      const why = takeOut(table.piles[me], codes, codes.length === 1
        ? 'the card is no longer in your hand' : 'the cards are no longer all in your hand');
      if (why) return why;
      putIn(pileOf(table, name, me, { face: change.face }), codes);
      return null;
    }
    case 'give': {
      const target = table.piles[change.to];
      if (!target || !target.private || change.to === me) return `${change.to} is not at the table`;
      const why = takeOut(table.piles[me], codes, 'the card is no longer in your hand');
      if (why) return why;
      putIn(target, codes);
      return null;
    }
    case 'ungive': {
      const giver = table.piles[change.from];
      if (!giver || !giver.private || giver.remaining < codes.length) return `${change.from} is not at the table`;
      const mine = table.piles[me];
      if (mine && mine.cards && codes.some((code) => mine.cards.includes(code))) return 'the gift is back in your hand';
      giver.remaining -= codes.length;
      putIn(pileOf(table, me, me, { private: true }), codes);
      return null;
    }
    case 'take': {
      const name = changePile(change);
      const label = name === CENTRE ? 'the centre' : `the pile ${name}`;
      const why = takeOut(table.piles[name], codes, `the card is no longer in ${label}`);
      if (why) return why;
      putIn(pileOf(table, me, me, { private: true }), codes);
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
    case 'remove': {
      const pile = table.piles[change.player];
      if (!pile || !pile.private) return `${change.player} is no longer at the table`;
      table.remaining += pile.remaining;
      removePile(table, change.player);
      return null;
    }
    case 'turn':
    case 'seats':
      return null;
    default:
      return `unknown change ${change.kind}`;
  }
}

/** Where a move change takes its cards from and puts them: [from, to]. */
function ends(change, me) {
  if (change.kind === 'play') return [me, changePile(change)];
  if (change.kind === 'give') return [me, change.to];
  if (change.kind === 'ungive') return [change.from, me];
  return [changePile(change), me];
}

/** Whether a move is already made in `table` (its cards are no longer where it takes them from). */
export function alreadyMade(table, change, me) {
  if (change.kind === 'ungive') {
    const mine = table.piles[me];
    return Boolean(mine && mine.cards) && changeCodes(change).every((code) => mine.cards.includes(code));
  }
  if (!['play', 'take', 'give'].includes(change.kind)) return false;
  const [from, to] = ends(change, me);
  const source = table.piles[from];
  const target = table.piles[to];
  const gone = !source || !source.cards || changeCodes(change).every((code) => !source.cards.includes(code));
  const there = !target || !target.cards || changeCodes(change).every((code) => target.cards.includes(code));
  return Boolean(source && source.cards) && gone && there;
}

/** The codes of a moved entry's cards (the stream lists card objects or codes), or null when hidden. */
export function movedCodes(move) {
  return Array.isArray(move.cards) ? move.cards.map((card) => (typeof card === 'string' ? card : card.code)) : null;
}

/**
 * Applies one event of the deck's stream (its `data`) to the table in place. Returns false when the table can no
 * longer be trusted (cards of a known pile moved unseen, or the counts disagree): read it again from the server.
 */
export function applyTableEvent(table, data, me) {
  let trusted = true;
  for (const [name, pile] of Object.entries(data.piles || {})) pileOf(table, name, me, pile);
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
  // An event lists only the piles its change touched, and names those it removed.
  for (const name of data.removed_piles || []) if (table.piles[name]) removePile(table, name);
  if (data.piles) {
    for (const [name, pile] of Object.entries(data.piles)) {
      const entry = table.piles[name];
      entry.remaining = pile.remaining;
      entry.private = Boolean(pile.private);
      const face = pile.face === 'down' ? 'down' : null;
      if (entry.face !== face) {
        entry.face = face;
        entry.cards = tracked(name, me, entry) ? [] : null;
      }
    }
  }
  for (const pile of Object.values(table.piles)) if (pile.cards && pile.cards.length !== pile.remaining) trusted = false;
  return trusted;
}

/** Whether an event is the server's record of `change`, made by this player. */
export function eventConfirms(change, kind, data, me) {
  if (data.player && data.player !== me) return false;
  if (change.kind === 'newRound') return kind === 'shuffle';
  if (change.kind === 'remove') return kind === 'leave' && (data.removed_piles || []).includes(change.player);
  if (change.kind === 'turn' || change.kind === 'seats') return kind === change.kind;
  if (change.kind === 'dealAll') {
    const moves = (data.moved || []).filter((move) => move.from === 'deck');
    const players = change.players || [];
    return kind === 'deal' && moves.length > 0 && moves.length === (data.moved || []).length
      && moves.every((move) => move.count === change.count && (!players.length || players.includes(move.to)));
  }
  return (data.moved || []).some((move) => {
    const codes = movedCodes(move);
    if (change.kind === 'deal') return kind === 'deal' && move.to === change.to && move.count === change.count;
    const [from, to] = ends(change, me);
    if (move.from !== from || move.to !== to) return false;
    const wanted = changeCodes(change);
    return codes ? wanted.every((code) => codes.includes(code)) : move.count === wanted.length;
  });
}

/**
 * Whether this player's last gift (`lastGift`: {codes, to}) may still be asked back: its cards are out of the hand
 * and the receiver holds at least as many cards (the server says whether the receiver moved since).
 */
export function canTakeBackGift(table, me, lastGift) {
  if (!lastGift) return false;
  const mine = table.piles[me];
  const theirs = table.piles[lastGift.to];
  if (!mine || !mine.cards || !theirs || !theirs.private) return false;
  return theirs.remaining >= lastGift.codes.length && lastGift.codes.every((code) => !mine.cards.includes(code));
}

/**
 * Whether an event ends this player's chance to take a gift to `receiver` back: the receiver made a change, or
 * a change (anyone's but the gift itself) moved cards into or out of the receiver's hand, as the server rules.
 */
export function endsGift(kind, data, me, receiver) {
  if (data.player === receiver) return true;
  if (kind === 'shuffle' && isNewRound(data)) return true;
  if (kind === 'leave' && (data.removed_piles || []).includes(receiver)) return true;
  const ownGift = (move) => data.player === me && move.from === me && move.to === receiver;
  return (data.moved || []).some((move) => (move.from === receiver || move.to === receiver) && !ownGift(move));
}

/**
 * Whether this player's last play (`lastPlay`: {codes, pile}) may be taken back: its cards are still the top of
 * the face-up pile they went to, and none is back in the hand.
 */
export function canUndo(table, lastPlay) {
  if (!lastPlay) return false;
  const pile = table.piles[lastPlay.pile];
  if (!pile || !pile.cards || pile.cards.length < lastPlay.codes.length) return false;
  const top = pile.cards.slice(pile.cards.length - lastPlay.codes.length);
  return lastPlay.codes.every((code) => top.includes(code));
}

/**
 * The hand's slots with the cards taken back by Undo where they were before their play (`places`: code -> index in
 * the hand then); the server puts a card taken back on top of the hand, the player expects it in its place.
 */
export function placeBack(slots, places) {
  const moving = slots.filter((slot) => Number.isInteger(places[slot.code]) && places[slot.code] >= 0);
  if (!moving.length) return slots;
  const rest = slots.filter((slot) => !moving.includes(slot));
  for (const slot of moving.sort((a, b) => places[a.code] - places[b.code])) {
    rest.splice(Math.min(places[slot.code], rest.length), 0, slot);
  }
  return rest;
}

const RANK_ORDER = '234567890JQKA';
const SUIT_ORDER = 'SHCD';

function rankIndex(code) { return code[0] === 'X' ? 99 : RANK_ORDER.indexOf(code[0]); }
function suitIndex(code) { return code[0] === 'X' ? 9 : SUIT_ORDER.indexOf(code[1]); }

/**
 * The hand in the order the player chose: 'dealt' (as the server has it), 'suit' (♠ ♥ ♣ ♦, each low to high, ace
 * high) or 'rank' (low to high, suits in that order within a rank). Returns a new array.
 */
export function sortHand(codes, by = 'dealt') {
  const sorted = codes.slice();
  if (by === 'suit') sorted.sort((a, b) => suitIndex(a) - suitIndex(b) || rankIndex(a) - rankIndex(b));
  if (by === 'rank') sorted.sort((a, b) => rankIndex(a) - rankIndex(b) || suitIndex(a) - suitIndex(b));
  return sorted;
}

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

/** Whether a `shuffle` event is a new round: cards came back to the deck (a shuffle of the deck alone moves none). */
export function isNewRound(data) {
  return (data.moved || []).some((move) => move.to === 'deck');
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
  if (kind === 'shuffle' && isNewRound(data)) return `${who} started a new round: every card is back in the deck.`;
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
