// The check of a round (issue 43's commit and reveal), in the browser, as PlayingCards' RoundAudit does it: the
// revealed seed must give the commitment announced with the round's shuffle (riffle-commit-v1, for these cards and
// this round); the seed's order (riffle-shuffle-v1) is then replayed with the round's steps (cards taken from the top
// or the bottom, cards put back under the stack), and every card taken must be the one the order had in that place;
// the cards this viewer saw come from the deck into their own hand must be among those taken, in the same order. A
// reshuffle of the stack within the round uses randomness the commitment does not cover: nothing after it is checked.
// Plain data in, plain data and words out (the view, play-verify-view.js, puts the words in with textContent).

import { cardList, cards as cardCount, codeName } from './play-words.js';
import { movedCodes } from './play-state.js';
import {
  COMMIT_SCHEME, isValidSeed, mixedSeed, shuffleCommitment, shuffleOrder, standardComposition,
} from './seeded-shuffle.js';

export const VERIFIED = 'Verified: every card dealt came from where the commitment says.';

const codeOf = (card) => (typeof card === 'string' ? card : card && card.code);

/**
 * A round as a history page of `?round=N` gives it: `{ round, cards, steps }`, where `round` is the round object
 * (`number`, `scheme`, `commitment`, `reveal`, `over`, and `seed` once revealed), `cards` the codes the commitment
 * covers in their starting order, and `steps` what happened to the stack (null before the reveal). Null for a page
 * without a round.
 */
export function roundRecord(page) {
  const round = page && page.round;
  if (!round || typeof round !== 'object') return null;
  const cardsField = page.cards ?? round.cards;
  const cards = typeof cardsField === 'string'
    ? cardsField.split(',').map((code) => code.trim()).filter(Boolean)
    : Array.isArray(cardsField) ? cardsField.map(codeOf) : [];
  const stepsField = page.steps ?? round.steps;
  const steps = Array.isArray(stepsField)
    ? stepsField.map((step) => ({ step: step.step, cards: (step.cards || []).map(codeOf) }))
    : null;
  const { cards: _cards, steps: _steps, ...object } = round;
  return { round: object, cards, steps };
}

/**
 * What a round's seed is, in words, and whether it can be checked: `{ revealed, words }`. A round ended while the
 * table did not reveal its rounds is never revealed, even once the table reveals again.
 */
export function revealState(round) {
  if (typeof round.seed === 'string' && round.seed) return { revealed: true, words: round.seed };
  if (round.reveal === false) return { revealed: false, words: 'This table does not reveal its rounds.' };
  if (round.over) {
    return { revealed: false, words: 'Not revealed: the round ended while the table did not reveal its rounds.' };
  }
  return { revealed: false, words: 'Not revealed yet: the seed is shown once the round is over.' };
}

/** Every card that came from the deck into `viewer`'s own hand in the round's events, in order (codes). */
export function dealtToViewer(events, viewer) {
  if (!viewer) return [];
  const dealt = [];
  for (const event of events) {
    for (const move of (event.data && event.data.moved) || []) {
      if (move.from !== 'deck' || move.to !== viewer) continue;
      const codes = movedCodes(move);
      if (codes) dealt.push(...codes);
    }
  }
  return dealt;
}

const FROM_WORDS = { top: 'from the top', bottom: 'from the bottom' };

/** A step of the round in words, with the stack's size after it: "15 cards taken from the top: 37 left." */
function stepWords(step, left) {
  if (step.step === 'reshuffled') return 'The stack was reshuffled: nothing after it can be checked.';
  if (step.step === 'under') return `${cardCount(step.cards.length)} put back under the stack: ${left} in it.`;
  if (FROM_WORDS[step.step]) return `${cardCount(step.cards.length)} taken ${FROM_WORDS[step.step]}: ${left} left.`;
  return `A step this page does not know (${step.step}): nothing after it can be checked.`;
}

/** A card taken, checked, in words: what was taken, from where, and what the seed's order had there. */
function rowWords(row) {
  const head = `Card ${row.number}: the ${codeName(row.card)}, ${FROM_WORDS[row.from]}.`;
  if (!row.checked) return `${head} Not checked: the stack was reshuffled before it.`;
  if (row.holds) return `${head} The seed's order has it there.`;
  if (!row.expected) return `${head} The seed's order has no card left there: it does not match.`;
  return `${head} The seed's order has the ${codeName(row.expected)} there: it does not match.`;
}

/**
 * The round's steps replayed on the seed's order (null when there is none: an invalid seed), `size` cards in the stack
 * at the start: `rows`, one per card taken with its check; `steps`, each step in words with the stack's size after
 * it; and whether every step could be checked.
 */
export function replayOrder(order, steps, size = order ? order.length : 0) {
  const stack = order ? order.slice() : null;
  let top = 0;
  let left = size;
  let checking = Boolean(stack);
  const rows = [];
  const described = [];
  for (const step of steps) {
    if (step.step === 'reshuffled' || !['top', 'bottom', 'under'].includes(step.step)) checking = false;
    for (const card of step.step === 'top' || step.step === 'bottom' ? step.cards : []) {
      left = Math.max(0, left - 1);
      let expected = null;
      if (checking && top < stack.length) expected = step.step === 'top' ? stack[top++] : stack.pop();
      const row = {
        number: rows.length + 1, card, from: step.step, expected, checked: checking,
        holds: checking && card === expected,
      };
      rows.push({ ...row, words: rowWords(row) });
    }
    if (step.step === 'under') {
      left += step.cards.length;
      if (checking) stack.push(...step.cards);
    }
    described.push({ number: described.length + 1, words: stepWords(step, left) });
  }
  return { rows, steps: described, checkedEverything: Boolean(stack) && checking };
}

/**
 * The viewer's own cards found among the cards taken, in the same order: a row for each (`words`, `holds`), and
 * whether they all hold. A card not among them fails, unless the stack was reshuffled (then it is unchecked).
 */
export function crossCheck(viewer, dealt, rows, checkedEverything) {
  if (!viewer) return { rows: [], holds: true, words: 'You are watching: no card of this round was dealt to you.' };
  if (!dealt.length) return { rows: [], holds: true, words: 'No card came to your hand from the deck in this round.' };
  let next = 0;
  const found = dealt.map((code) => {
    const index = rows.findIndex((row, position) => position >= next && row.card === code);
    if (index < 0) {
      const words = checkedEverything
        ? `The ${codeName(code)} came to your hand from the deck, but the round's steps do not take it from the stack`
          + `${next ? ` after card ${next}` : ''}.`
        : `The ${codeName(code)} came to your hand from the deck; it could not be checked (the stack was reshuffled).`;
      // After a reshuffle a card may have left the stack in a way the steps cannot place: unchecked, not failed.
      return { card: code, holds: checkedEverything ? false : null, words };
    }
    next = index + 1;
    const row = rows[index];
    const where = row.checked ? (row.holds ? 'where the seed\'s order has it' : 'not where the seed\'s order has it')
      : 'not checked: after the reshuffle';
    const words = `The ${codeName(code)}: card ${row.number} taken, ${where}.`;
    return { card: code, holds: row.checked ? row.holds : null, words };
  });
  const holds = found.every((entry) => entry.holds !== false);
  const words = holds
    ? `Your ${cardCount(dealt.length)} from the deck (${cardList(dealt)}) are among the cards taken, in the order you`
      + ' got them.'
    : 'Your cards from the deck do not all match the cards taken from the stack.';
  return { rows: found, holds, words };
}

/**
 * The audit of a revealed round from what was computed (`recomputed`, the commitment; `order`, the seed's order or
 * null): each check, and the verdict in words (`verified`, `verdict`).
 * @param {object} input
 * @param {{round: object, cards: string[], steps: object[]|null}} input.record roundRecord's answer.
 * @param {string|null} input.recomputed the commitment recomputed from the revealed seed.
 * @param {string[]|null} input.order the seed's order, top first (null for an invalid seed).
 * @param {string|null} input.viewer the viewer (null for a spectator).
 * @param {string[]} input.dealt the cards the viewer saw come from the deck into their hand (dealtToViewer).
 */
export function auditRound({ record, recomputed, order, viewer, dealt }) {
  const { round, steps = [] } = record;
  const seedIsValid = isValidSeed(round.seed);
  const schemeKnown = !round.scheme || round.scheme === COMMIT_SCHEME;
  const commitmentHolds = schemeKnown && Boolean(recomputed)
    && recomputed.toLowerCase() === String(round.commitment || '').toLowerCase();
  const replay = replayOrder(seedIsValid ? order : null, steps || [], record.cards.length);
  const cross = crossCheck(viewer, dealt, replay.rows, replay.checkedEverything);
  const failures = [];
  if (!schemeKnown) failures.push(`this page does not know the commitment scheme ${round.scheme}`);
  else if (!seedIsValid) failures.push('the revealed seed is not a seed (1 to 256 bytes of text)');
  else if (!commitmentHolds) {
    failures.push(`the revealed seed does not give the commitment announced for round ${round.number}`);
  }
  const wrong = replay.rows.filter((row) => row.checked && !row.holds);
  if (wrong.length) {
    failures.push(`${wrong.length === 1 ? '1 card was' : `${wrong.length} cards were`} not where the seed's order has`
      + ` ${wrong.length === 1 ? 'it' : 'them'} (card ${wrong.map((row) => row.number).join(', ')})`);
  }
  if (!cross.holds) failures.push('your own cards from the deck do not match the cards taken');
  const verified = failures.length === 0;
  let verdict;
  if (!verified) verdict = `Not verified: ${failures.join('; ')}.`;
  else if (replay.checkedEverything) verdict = VERIFIED;
  else {
    verdict = 'Verified up to the reshuffle: every card dealt before the stack was reshuffled came from where the'
      + ' commitment says; the cards after it cannot be checked.';
  }
  return {
    commitmentHolds, seedIsValid, order, recomputed, rows: replay.rows, steps: replay.steps,
    checkedEverything: replay.checkedEverything, crossCheck: cross, verified, verdict,
  };
}

/** The players' entropy a round lists (`entropy`: `[{player, text}]`), as texts in the order they were added. */
export function contributions(round) {
  if (!Array.isArray(round.entropy)) return [];
  return round.entropy.map((entry) => (typeof entry === 'string' ? entry : entry && entry.text))
    .filter((text) => typeof text === 'string');
}

/**
 * What computes a round's commitment and order: PlayingCards' wasm build (`wasm`, shuffle-wasm.js's exports) for a
 * standard composition, and seeded-shuffle.js for any other cards or without the wasm. Answers
 * `{ recomputed, order, by }`, `by` saying which computed it ('wasm' or 'javascript').
 */
export async function computeRound(record, { wasm = null } = {}) {
  const { round, cards } = record;
  const seed = round.seed;
  const standard = standardComposition(cards);
  const valid = isValidSeed(seed);
  // The commitment is to the server's seed; the order comes from it mixed with the players' entropy (riffle-mix-v1).
  const orderSeed = valid ? await mixedSeed(seed, contributions(round)) : null;
  if (wasm && standard) {
    return {
      recomputed: wasm.commitment(seed, standard.deckCount, standard.jokers, round.number),
      order: valid ? wasm.order(orderSeed, standard.deckCount, standard.jokers) : null,
      orderSeed,
      by: 'wasm',
    };
  }
  return {
    recomputed: valid ? await shuffleCommitment(seed, cards, round.number) : null,
    order: valid ? await shuffleOrder(orderSeed, cards) : null,
    orderSeed,
    by: 'javascript',
  };
}

/**
 * Checks a revealed round in this browser: computeRound, then auditRound. `events` are the round's events as this
 * viewer saw them (for their own cards).
 */
export async function verifyRound(record, { events, viewer, wasm = null }) {
  const computed = await computeRound(record, { wasm });
  const audit = auditRound({
    record, recomputed: computed.recomputed, order: computed.order, viewer, dealt: dealtToViewer(events, viewer),
  });
  return {
    ...audit, by: computed.by, orderSeed: computed.orderSeed, standard: standardComposition(record.cards),
  };
}
