// "Verify this round" (issue 43's commit and reveal), its pure logic: riffle-shuffle-v1 and riffle-commit-v1 in
// JavaScript (seeded-shuffle.js) and in PlayingCards' wasm build (shuffle.wasm) against the test vectors published in
// docs/SEEDED-SHUFFLE.md (read from the page itself), and the audit of a round (play-verify.js) on rounds built from
// those vectors: an honest round is accepted; one swapped card, an altered seed, a changed commitment are each
// rejected, as PlayingCards' RoundAudit property test does on the server's side.
// Run: node --test Tests/WebAppTests/model/

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import {
  VERIFIED, auditRound, computeRound, dealtToViewer, revealState, roundRecord, verifyRound,
} from '../../../Sources/RiffleWebApp/Public/js/play-verify.js';
import {
  isValidSeed, mixedSeed, plainSha256, shuffleCommitment, shuffleOrder, standardCards, standardComposition,
} from '../../../Sources/RiffleWebApp/Public/js/seeded-shuffle.js';
import { readWholeHistory } from '../../../Sources/RiffleWebApp/Public/js/play-replay.js';
import { shuffleExports } from '../../../Sources/RiffleWebApp/Public/js/shuffle-wasm.js';

const REPO = new URL('../../../', import.meta.url);

/** The doc's vectors: `{seed, decks, order (codes), commitment}` for each "### Seed `…`, N deck(s)" section. */
function publishedVectors() {
  const doc = readFileSync(new URL('docs/SEEDED-SHUFFLE.md', REPO), 'utf8');
  const sections = [...doc.matchAll(/### Seed `([^`]+)`, (\d+) decks? \(\d+ cards\)\n\n```\n([^`]+)```\n\nCommitment, round 1: `([0-9a-f]{64})`/g)];
  return sections.map(([, seed, decks, order, commitment]) => ({
    seed, decks: Number(decks), order: order.trim().split(/\s+/), commitment,
  }));
}

const VECTORS = publishedVectors();
const RIFFLE = VECTORS.find((vector) => vector.seed === 'riffle' && vector.decks === 1);
const SPADE = VECTORS.find((vector) => vector.seed === 'game night ♠' && vector.decks === 1);

/** shuffle.wasm's exports, as the page loads them (the committed module next to index.html). */
async function wasmExports() {
  const { instance } = await WebAssembly.instantiate(
    readFileSync(new URL('Sources/RiffleWebApp/Public/shuffle.wasm', REPO)), {});
  return shuffleExports(instance.exports);
}

const hex = (bytes) => Buffer.from(bytes).toString('hex');

test('the doc publishes six vectors, and the JavaScript shuffle and commitment give each of them', async () => {
  assert.equal(VECTORS.length, 6);
  assert.ok(RIFFLE && SPADE);
  for (const vector of VECTORS) {
    const cards = standardCards(vector.decks);
    assert.equal(cards.length, 52 * vector.decks);
    assert.deepEqual(standardComposition(cards), { deckCount: vector.decks, jokers: false });
    assert.deepEqual(await shuffleOrder(vector.seed, cards), vector.order, `${vector.seed}, ${vector.decks}`);
    assert.equal(await shuffleCommitment(vector.seed, cards, 1), vector.commitment, `${vector.seed}, ${vector.decks}`);
  }
});

test('without crypto.subtle (a page that is not a secure context) the plain SHA-256 gives the same', async () => {
  const plain = { hash: async (bytes) => plainSha256(bytes) };
  // FIPS 180-4's examples: one block, two blocks, and the empty message.
  const text = (value) => new TextEncoder().encode(value);
  assert.equal(hex(plainSha256(text('abc'))), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  assert.equal(hex(plainSha256(text('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'))),
    '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
  assert.equal(hex(plainSha256(new Uint8Array())), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  for (const vector of [RIFFLE, SPADE]) {
    const cards = standardCards(vector.decks);
    assert.deepEqual(await shuffleOrder(vector.seed, cards, plain), vector.order);
    assert.equal(await shuffleCommitment(vector.seed, cards, 1, plain), vector.commitment);
  }
});

test('shuffle.wasm, the page\'s WebAssembly build, gives every vector, and refuses what is not a seed', async () => {
  const wasm = await wasmExports();
  for (const vector of VECTORS) {
    assert.deepEqual(wasm.order(vector.seed, vector.decks, false), vector.order);
    assert.equal(wasm.commitment(vector.seed, vector.decks, false, 1), vector.commitment);
  }
  assert.equal(wasm.order('', 1, false), null);
  assert.equal(wasm.order('x'.repeat(257), 1, false), null);
  assert.equal(wasm.commitment('riffle', 21, false, 1), null);
  // Jokers in, a shoe of two: the wasm and the JavaScript agree (scripts/seeded_shuffle.py gives the same).
  const shoe = standardCards(2, true);
  assert.deepEqual(wasm.order(SPADE.seed, 2, true), await shuffleOrder(SPADE.seed, shoe));
  assert.equal(wasm.commitment(SPADE.seed, 2, true, 3), await shuffleCommitment(SPADE.seed, shoe, 3));
  assert.equal(wasm.commitment(SPADE.seed, 2, true, 3), 'ebdc1a802a5972b92bdfe2925211ae27ba1df2798fc4cc3813e8e6537914cdb0');
});

test('a partial deck is not a standard composition, and its order and commitment are the doc\'s algorithms\'', async () => {
  // scripts/seeded_shuffle.py riffle --cards AS,KH,0D,X1,7C,2S,QH,JD,9C,3H [--commit 4]
  const cards = ['AS', 'KH', '0D', 'X1', '7C', '2S', 'QH', 'JD', '9C', '3H'];
  assert.equal(standardComposition(cards), null);
  assert.equal(standardComposition(standardCards(1).reverse()), null, 'a standard deck in another order');
  assert.deepEqual(standardComposition(standardCards(3, true)), { deckCount: 3, jokers: true });
  assert.deepEqual(await shuffleOrder('riffle', cards), 'JD AS 9C 3H 7C QH KH X1 2S 0D'.split(' '));
  assert.equal(await shuffleCommitment('riffle', cards, 4), 'f608fbea6085d40348d8ddcdcf3dcf336e00692e1f5f55159c01fea1f4770e77');
  assert.equal(isValidSeed(''), false);
  assert.equal(isValidSeed('♠'.repeat(85)), true, '255 bytes');
  assert.equal(isValidSeed('♠'.repeat(86)), false, '258 bytes');
  await assert.rejects(shuffleOrder('', cards), RangeError);
});

// MARK: rounds built from the vectors

const move = (from, to, codes, seen) => ({ from, to, count: codes.length, ...(seen ? { cards: codes.map((code) => ({ code })) } : {}) });
const event = (id, kind, player, moved) => ({ id, event: kind, data: { deck_id: 'd', player, piles: {}, moved } });

/**
 * A round of three players on a vector's order, as `viewer` is shown it (null: a spectator): Ana deals five to
 * everyone (one at a time, in seat order: 15 cards from the top), Cy draws one, Bo draws one from the bottom, Ana puts
 * two back under the stack, Bo draws two. The page of `?round=1` once the seed is revealed.
 */
function honestRound(vector, viewer, { number = 1 } = {}) {
  const order = vector.order;
  const seats = ['ana', 'bo', 'cy'];
  const dealt = Object.fromEntries(seats.map((name, seat) => [name, [0, 1, 2, 3, 4].map((turn) => order[turn * 3 + seat])]));
  const bottom = order[order.length - 1];
  const events = [
    event(10, 'shuffle', 'ana', [move('ana', 'deck', [], false)]),
    event(11, 'deal', 'ana', seats.map((name) => move('deck', name, dealt[name], name === viewer))),
    event(12, 'deal', 'cy', [move('deck', 'cy', [order[15]], viewer === 'cy')]),
    event(13, 'pile_draw', 'bo', [move('deck', 'bo', [bottom], viewer === 'bo')]),
    event(14, 'return', 'ana', [move('ana', 'deck', dealt.ana.slice(0, 2), viewer === 'ana')]),
    event(15, 'deal', 'bo', [move('deck', 'bo', order.slice(16, 18), viewer === 'bo')]),
  ];
  const steps = [
    { step: 'top', cards: [0, 1, 2, 3, 4].flatMap((turn) => seats.map((name) => dealt[name][turn])) },
    { step: 'top', cards: [order[15]] },
    { step: 'bottom', cards: [bottom] },
    { step: 'under', cards: dealt.ana.slice(0, 2) },
    { step: 'top', cards: order.slice(16, 18) },
  ];
  const page = {
    success: true, deck_id: 'd', events, more: false, ...(viewer ? { viewer } : {}),
    round: {
      number, scheme: 'riffle-commit-v1', commitment: vector.commitment, reveal: true, over: true, seed: vector.seed,
    },
    cards: standardCards(vector.decks).join(','),
    steps,
  };
  return { page, dealt };
}

/** The round's history as readWholeHistory answers it: its events, the viewer, and the round. */
const historyOf = (page) => ({
  events: page.events, viewer: page.viewer || null, round: { round: page.round, cards: page.cards, steps: page.steps },
});

async function verify(page, { wasm = null } = {}) {
  const history = historyOf(page);
  return verifyRound(roundRecord(history.round), { events: history.events, viewer: history.viewer, wasm });
}

test('a page\'s round is read: the round object, the cards from their comma-separated codes, the steps', () => {
  const { page } = honestRound(RIFFLE, 'cy');
  const record = roundRecord(historyOf(page).round);
  assert.deepEqual(record.round, page.round);
  assert.deepEqual(record.cards, standardCards(1));
  assert.equal(record.steps.length, 5);
  assert.deepEqual(record.steps[3], page.steps[3]);
  assert.equal(roundRecord({ events: [] }), null, 'a page without a round');
  assert.equal(roundRecord({ round: { number: 2, commitment: 'ab' } }).steps, null, 'no steps before the reveal');
  assert.deepEqual(roundRecord({ round: { number: 1, cards: [{ code: 'AS' }, 'KH'] } }).cards, ['AS', 'KH']);
  assert.deepEqual(dealtToViewer(page.events, 'cy'), [...[2, 5, 8, 11, 14].map((index) => RIFFLE.order[index]), RIFFLE.order[15]]);
  assert.deepEqual(dealtToViewer(page.events, null), []);
});

test('a round\'s history is read whole; the answer keeps the last page\'s round, as the server puts it', async () => {
  const { page } = honestRound(RIFFLE, 'cy');
  // The server's page: `cards` and `steps` inside the round object.
  const { cards, steps, ...rest } = page;
  const served = { ...rest, round: { ...page.round, cards, steps } };
  const readPage = async ({ after, limit }) => {
    const events = served.events.filter((entry) => entry.id > after).slice(0, limit);
    return { ...served, events, more: served.events.some((entry) => entry.id > events.at(-1).id) };
  };
  const history = await readWholeHistory(readPage, { pageSize: 4 });
  assert.deepEqual(history.events.map((entry) => entry.id), [10, 11, 12, 13, 14, 15]);
  assert.equal(history.viewer, 'cy');
  const record = roundRecord(history.round);
  assert.deepEqual(record.cards, standardCards(1));
  assert.deepEqual(record.steps, steps);
  assert.equal(record.round.seed, 'riffle');
  assert.equal((await verifyRound(record, { events: history.events, viewer: history.viewer })).verdict, VERIFIED);
});

test('before the reveal only the commitment is known, and the page says why the seed is not shown', () => {
  assert.deepEqual(revealState({ number: 2, reveal: true, over: false }),
    { revealed: false, words: 'Not revealed yet: the seed is shown once the round is over.' });
  assert.deepEqual(revealState({ number: 2, reveal: false, over: true }),
    { revealed: false, words: 'This table does not reveal its rounds.' });
  assert.deepEqual(revealState({ number: 2, reveal: false, over: false }),
    { revealed: false, words: 'This table does not reveal its rounds.' });
  assert.equal(revealState({ number: 2, reveal: true, over: true }).words,
    'Not revealed: the round ended while the table did not reveal its rounds.');
  assert.deepEqual(revealState({ number: 1, reveal: true, over: true, seed: 'riffle' }), { revealed: true, words: 'riffle' });
});

test('an honest round is verified, for each player and a spectator, with the wasm and with JavaScript', async () => {
  const wasm = await wasmExports();
  for (const viewer of ['ana', 'bo', 'cy', null]) {
    for (const engine of [wasm, null]) {
      const { page, dealt } = honestRound(RIFFLE, viewer);
      const audit = await verify(page, { wasm: engine });
      assert.equal(audit.by, engine ? 'wasm' : 'javascript');
      assert.equal(audit.verdict, VERIFIED, `${viewer}: ${audit.verdict}`);
      assert.equal(audit.verified, true);
      assert.equal(audit.commitmentHolds, true);
      assert.equal(audit.recomputed, RIFFLE.commitment);
      assert.deepEqual(audit.order, RIFFLE.order);
      assert.equal(audit.checkedEverything, true);
      assert.equal(audit.rows.length, 19, 'one row per card taken');
      assert.ok(audit.rows.every((row) => row.checked && row.holds));
      assert.equal(audit.crossCheck.holds, true);
      if (viewer === 'ana') assert.equal(audit.crossCheck.rows.length, 5);
      if (viewer) assert.ok(audit.crossCheck.words.startsWith(`Your ${viewer === 'ana' ? 5 : viewer === 'bo' ? 8 : 6} cards`));
      else assert.equal(audit.crossCheck.words, 'You are watching: no card of this round was dealt to you.');
      if (viewer === 'bo') assert.deepEqual(dealtToViewer(page.events, 'bo'), [...dealt.bo, RIFFLE.order[51], ...RIFFLE.order.slice(16, 18)]);
    }
  }
  const { page } = honestRound(RIFFLE, 'cy');
  const audit = await verify(page, { wasm });
  assert.deepEqual(audit.steps.map((step) => step.words), [
    '15 cards taken from the top: 37 left.', '1 card taken from the top: 36 left.',
    '1 card taken from the bottom: 35 left.', '2 cards put back under the stack: 37 in it.',
    '2 cards taken from the top: 35 left.',
  ]);
  assert.equal(audit.rows[0].words, 'Card 1: the 2 of Clubs, from the top. The seed\'s order has it there.');
  assert.equal(audit.rows[16].words, 'Card 17: the Jack of Spades, from the bottom. The seed\'s order has it there.');
  assert.deepEqual(audit.crossCheck.rows.map((row) => row.words.replace(/^The .+?: /, '')), [
    'card 3 taken, where the seed\'s order has it.', 'card 6 taken, where the seed\'s order has it.',
    'card 9 taken, where the seed\'s order has it.', 'card 12 taken, where the seed\'s order has it.',
    'card 15 taken, where the seed\'s order has it.', 'card 16 taken, where the seed\'s order has it.',
  ]);
  // A shoe and the third seed: verified the same way.
  for (const vector of VECTORS) assert.equal((await verify(honestRound(vector, 'ana').page, { wasm })).verdict, VERIFIED);
});

test('one swapped card is rejected, and the failing card says what the seed\'s order had there', async () => {
  const { page } = honestRound(RIFFLE, 'cy');
  const deal = page.steps[0].cards;
  [deal[3], deal[4]] = [deal[4], deal[3]];
  const audit = await verify(page, { wasm: await wasmExports() });
  assert.equal(audit.verified, false);
  assert.equal(audit.commitmentHolds, true, 'the seed is still the one committed to');
  assert.deepEqual(audit.rows.filter((row) => !row.holds).map((row) => row.number), [4, 5]);
  assert.equal(audit.rows[3].words,
    'Card 4: the 2 of Spades, from the top. The seed\'s order has the 8 of Clubs there: it does not match.');
  assert.equal(audit.verdict, 'Not verified: 2 cards were not where the seed\'s order has them (card 4, 5).');

  // The card dealt to Cy is another than the one the stack gave at its place: her own cross-check fails too.
  const mine = honestRound(RIFFLE, 'cy').page;
  const other = RIFFLE.order[30];
  mine.steps[0].cards[2] = other;
  mine.events[1].data.moved[2].cards[0] = { code: other };
  const swapped = await verify(mine);
  assert.deepEqual(swapped.rows.filter((row) => !row.holds).map((row) => row.number), [3]);
  assert.equal(swapped.verdict, 'Not verified: 1 card was not where the seed\'s order has it (card 3); your own cards'
    + ' from the deck do not match the cards taken.');
  assert.equal(swapped.crossCheck.rows[0].words, 'The 7 of Spades: card 3 taken, not where the seed\'s order has it.');

  // A card in Cy's hand that no step took from the stack.
  const missing = honestRound(RIFFLE, 'cy').page;
  missing.events[2].data.moved[0].cards = [{ code: RIFFLE.order[40] }];
  const unseen = await verify(missing);
  assert.equal(unseen.crossCheck.holds, false);
  assert.equal(unseen.verdict, 'Not verified: your own cards from the deck do not match the cards taken.');
});

test('an altered seed is rejected: it does not give the commitment', async () => {
  for (const seed of ['rifflf', 'riffle ', 'Riffle']) {
    const { page } = honestRound(RIFFLE, 'bo');
    page.round.seed = seed;
    const audit = await verify(page, { wasm: await wasmExports() });
    assert.equal(audit.commitmentHolds, false, seed);
    assert.equal(audit.verified, false);
    assert.ok(audit.verdict.startsWith('Not verified: the revealed seed does not give the commitment announced for round 1'),
      audit.verdict);
  }
  const { page } = honestRound(RIFFLE, 'bo');
  page.round.seed = '';
  for (const wasm of [await wasmExports(), null]) {
    const audit = await verify(page, { wasm });
    assert.equal(audit.seedIsValid, false);
    assert.equal(audit.order, null);
    assert.ok(audit.rows.every((row) => !row.checked));
    assert.ok(audit.verdict.startsWith('Not verified: the revealed seed is not a seed'), audit.verdict);
  }
});

test('a changed commitment is rejected: another seed\'s, another round\'s, another deck\'s', async () => {
  const wasm = await wasmExports();
  const changes = [
    (page) => { page.round.commitment = VECTORS.find((vector) => vector.seed === '2026' && vector.decks === 1).commitment; },
    (page) => { page.round.number = 2; },
    (page) => { page.round.commitment = VECTORS.find((vector) => vector.seed === 'riffle' && vector.decks === 6).commitment; },
    (page) => { page.round.commitment = page.round.commitment.replace(/^3/, '4'); },
  ];
  for (const change of changes) {
    const { page } = honestRound(RIFFLE, 'ana');
    change(page);
    const audit = await verify(page, { wasm });
    assert.equal(audit.commitmentHolds, false);
    assert.equal(audit.verified, false);
    assert.match(audit.verdict, /^Not verified: the revealed seed does not give the commitment announced for round \d\.$/);
  }
  // The same commitment in capitals is the same commitment.
  const { page } = honestRound(RIFFLE, 'ana');
  page.round.commitment = page.round.commitment.toUpperCase();
  assert.equal((await verify(page, { wasm })).verdict, VERIFIED);
  page.round.scheme = 'riffle-commit-v2';
  assert.equal((await verify(page, { wasm })).verdict,
    'Not verified: this page does not know the commitment scheme riffle-commit-v2.');
});

test('a reshuffle of the stack ends what can be checked; the cards after it are listed, not checked', async () => {
  const { page } = honestRound(RIFFLE, 'bo');
  page.steps.splice(3, 0, { step: 'reshuffled' });
  page.steps[5].cards = ['AH', 'KD'];
  page.events[5].data.moved[0].cards = [{ code: 'AH' }, { code: 'KD' }];
  const audit = await verify(page);
  assert.equal(audit.checkedEverything, false);
  assert.equal(audit.verified, true);
  assert.match(audit.verdict, /^Verified up to the reshuffle: /);
  assert.deepEqual(audit.rows.slice(17).map((row) => [row.checked, row.words]), [
    [false, 'Card 18: the Ace of Hearts, from the top. Not checked: the stack was reshuffled before it.'],
    [false, 'Card 19: the King of Diamonds, from the top. Not checked: the stack was reshuffled before it.'],
  ]);
  assert.equal(audit.steps[3].words, 'The stack was reshuffled: nothing after it can be checked.');
  assert.equal(audit.crossCheck.holds, true);
  assert.equal(audit.crossCheck.rows[7].words, 'The King of Diamonds: card 19 taken, not checked: after the reshuffle.');
});

test('a partial deck\'s round is checked by the JavaScript shuffle, even with the wasm at hand', async () => {
  const cards = ['AS', 'KH', '0D', 'X1', '7C', '2S', 'QH', 'JD', '9C', '3H'];
  const order = 'JD AS 9C 3H 7C QH KH X1 2S 0D'.split(' ');
  const page = {
    events: [event(3, 'deal', 'ana', [move('deck', 'ana', order.slice(0, 3), true)])], viewer: 'ana',
    round: { number: 4, scheme: 'riffle-commit-v1', commitment: 'f608fbea6085d40348d8ddcdcf3dcf336e00692e1f5f55159c01fea1f4770e77', reveal: true, over: true, seed: 'riffle' },
    cards: cards.join(','), steps: [{ step: 'top', cards: order.slice(0, 3) }, { step: 'bottom', cards: ['0D'] }],
  };
  const audit = await verify(page, { wasm: await wasmExports() });
  assert.equal(audit.by, 'javascript');
  assert.equal(audit.verdict, VERIFIED);
  assert.deepEqual(audit.order, order);
  const computed = await computeRound(roundRecord(historyOf(page).round), { wasm: null });
  assert.equal(computed.recomputed, page.round.commitment);
  page.steps[1].cards = ['2S'];
  assert.equal((await verify(page)).verdict, 'Not verified: 1 card was not where the seed\'s order has it (card 4).');
  assert.equal(auditRound({
    record: roundRecord(historyOf(page).round), recomputed: null, order: null, viewer: null, dealt: [],
  }).commitmentHolds, false, 'nothing recomputed holds nothing');
});

test('players\' entropy (riffle-mix-v1): the order comes from the mixed seed, the commitment from the server\'s', async () => {
  // The doc's vector: seed `riffle`, contributions "ann's dice: 4 1 6" then "bob".
  const texts = ['ann\'s dice: 4 1 6', 'bob'];
  const mixed = 'riffle-mix-v1:c0f172dd03a8ef97e22bccb5d127ceb90220cdd4d2788159541567797316b51c';
  assert.equal(await mixedSeed('riffle', texts), mixed);
  assert.equal(await mixedSeed('riffle', texts, { hash: async (bytes) => plainSha256(bytes) }), mixed);
  assert.equal(await mixedSeed('riffle', []), 'riffle', 'without contributions, the seed itself');
  const order = await shuffleOrder(mixed, standardCards(1));
  assert.deepEqual(order.slice(0, 8), '2D 5S 6S JS 4D QH 3C 9S'.split(' '));
  const wasm = await wasmExports();
  assert.deepEqual(wasm.order(mixed, 1, false), order);

  // A round of the vector's seed with that entropy: verified on the mixed order, with the wasm and without.
  const { page } = honestRound({ ...RIFFLE, order }, 'cy');
  page.round.entropy = [{ player: 'ann', text: texts[0] }, { player: 'bob', text: texts[1] }];
  for (const engine of [wasm, null]) {
    const audit = await verify(page, { wasm: engine });
    assert.equal(audit.verdict, VERIFIED, audit.verdict);
    assert.equal(audit.orderSeed, mixed);
    assert.equal(audit.recomputed, RIFFLE.commitment, 'the commitment stays the one made to the server\'s seed');
  }
  // Without the entropy the same steps do not hold: the order was the mixed one.
  delete page.round.entropy;
  assert.equal((await verify(page, { wasm })).verified, false);
});
