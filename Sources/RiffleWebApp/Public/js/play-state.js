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

/** Whether a `shuffle` event is a new round: cards came back to the deck (a shuffle of the deck alone moves none). */
export function isNewRound(data) {
  return (data.moved || []).some((move) => move.to === 'deck');
}
