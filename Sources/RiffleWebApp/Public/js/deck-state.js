// The deck as the app sees it, as plain data, and the changes a user can make to it.
//
// A state is { deckId, remaining, hand, piles, dealing }: `hand` is the cards dealt and in no pile (the swipe
// stack, in the order they were dealt), `piles` maps each of PILES to its cards bottom to top, `dealing` counts
// the cards a queued draw will bring. Cards are named by code. The server keeps the same shape: `hand` is its
// `drawn`, `remaining` its stack. A change is plain data too, so the outbox can keep it in localStorage.

/** The piles the app uses: Keep and Discard (the swipe stack's two sides) and the cards on the Table. */
export const PILES = Object.freeze({ keep: 'keep', discard: 'discard', table: 'table' });
export const PILE_NAMES = Object.freeze([PILES.keep, PILES.discard, PILES.table]);

/** Nothing on its way: a count per place a draw can deal into. */
export function noneDealing() { return { hand: 0, keep: 0, discard: 0, table: 0 }; }

/** A deck with no card dealt. */
export function emptyState(deckId = null, remaining = 0) {
  return { deckId, remaining, hand: [], piles: { keep: [], discard: [], table: [] }, dealing: noneDealing() };
}

export function cloneState(state) {
  return {
    deckId: state.deckId,
    remaining: state.remaining,
    hand: state.hand.slice(),
    piles: Object.fromEntries(PILE_NAMES.map((name) => [name, (state.piles[name] || []).slice()])),
    dealing: { ...state.dealing },
  };
}

/** Where a card is: 'hand', a pile's name, or null (in the deck's stack, or unknown). */
export function locate(state, code) {
  if (state.hand.includes(code)) return 'hand';
  for (const name of PILE_NAMES) if (state.piles[name].includes(code)) return name;
  return null;
}

function removeCode(state, code) {
  const where = locate(state, code);
  if (where === 'hand') state.hand.splice(state.hand.indexOf(code), 1);
  else if (where) state.piles[where].splice(state.piles[where].lastIndexOf(code), 1);
  return where;
}

/**
 * Applies `change` to `state` in place, as the server would. Returns null when it applied, else why not (the
 * cards are no longer where the change expects them); a change that does not apply leaves the state as it was.
 *
 * Kinds: add {pile, codes} moves dealt cards onto a pile's top; take {pile, codes} takes cards out of a pile into
 * the hand; return {pile, codes} puts a pile's cards back at the bottom of the deck; draw {count, to} deals
 * cards (which ones only the server knows: until it answers they are counted in `dealing`); shuffle shuffles the
 * undealt stack; newDeck starts over with a fresh deck.
 */
export function applyChange(state, change) {
  switch (change.kind) {
    case 'add': {
      if (!change.codes.every((code) => locate(state, code) !== null)) return 'not every card is dealt';
      for (const code of change.codes) {
        removeCode(state, code);
        state.piles[change.pile].push(code);
      }
      return null;
    }
    case 'take':
    case 'return': {
      const pile = state.piles[change.pile];
      if (!change.codes.every((code) => pile.includes(code))) return `not every card is in ${change.pile}`;
      for (const code of change.codes) pile.splice(pile.lastIndexOf(code), 1);
      if (change.kind === 'take') state.hand.push(...change.codes);
      else state.remaining += change.codes.length;
      return null;
    }
    case 'draw': {
      const count = Math.min(change.count, state.remaining);
      state.remaining -= count;
      state.dealing[change.to] = (state.dealing[change.to] || 0) + count;
      return null;
    }
    case 'shuffle':
      return null;
    case 'newDeck': {
      const fresh = emptyState(null, 52);
      Object.assign(state, fresh);
      return null;
    }
    default:
      return `unknown change ${change.kind}`;
  }
}

/**
 * Whether `change` has already happened in `state`: its answer was lost (a timeout) but the server did it. Only
 * take and return can tell (their cards are where the change puts them); add is safe to send again.
 */
export function alreadyApplied(state, change) {
  if (change.kind === 'take') return change.codes.every((code) => state.hand.includes(code));
  if (change.kind === 'return') return change.codes.every((code) => locate(state, code) === null);
  return false;
}

/** Whether two states hold the same cards in the same places (the hand compared as a set: only piles have order). */
export function sameCards(a, b) {
  if (a.deckId !== b.deckId || a.remaining !== b.remaining) return false;
  if ([...a.hand].sort().join() !== [...b.hand].sort().join()) return false;
  return PILE_NAMES.every((name) => (a.piles[name] || []).join() === (b.piles[name] || []).join());
}

/** Where the cards are, in words: for test failures and the debug overlay. */
export function describeState(state) {
  const piles = PILE_NAMES.map((name) => `${name}=[${state.piles[name].join(' ')}]`).join(' ');
  return `deck ${state.deckId} remaining ${state.remaining} hand=[${[...state.hand].sort().join(' ')}] ${piles}`;
}
