// Taking a gift back (issue 40): "Undo the gift" is offered after a gift, asks the server, and puts the cards back in
// their places in the hand; it goes once the receiver moves (seen in the stream), and a refusal is told in words.
// Run: node --test Tests/WebAppTests/model/

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { anaAndBoOnTwoDevices, untilQuiet } from './model-support.mjs';

/** Ana (four cards) and Bo (two), each on a device of their own; Ana gives Bo her second card. */
async function anaGaveBoACard() {
  const { server, deckId, ana, bo } = await anaAndBoOnTwoDevices({ seed: 5, anaCards: 4, boCards: 2 });
  const hand = ana.handSlots().slots.map((slot) => slot.code);
  assert.equal(ana.giftUndoable, false, 'nothing given yet');
  assert.ok(ana.give(hand[1], 'bo'));
  await untilQuiet(server, ana, bo);
  return { server, deckId, ana, bo, hand };
}

test('the last gift comes back into its place in the hand while the receiver has not moved', async () => {
  const { server, deckId, ana, bo, hand } = await anaGaveBoACard();
  assert.equal(bo.view.piles.bo.remaining, 3);
  assert.ok(ana.giftUndoable);
  assert.ok(ana.undoGift());
  await untilQuiet(server, ana, bo);
  assert.deepEqual(ana.handSlots().slots.map((slot) => slot.code), hand, 'back in its place');
  assert.equal(bo.view.piles.bo.remaining, 2);
  assert.equal(ana.view.piles.bo.remaining, 2);
  assert.equal(server.truth(deckId, 'bo').hand.length, 2);
  assert.equal(ana.giftUndoable, false, 'one undo per gift');
  // Bo no longer sees the card (it is in Ana's hand): he is told a count.
  assert.ok(bo.log.some((entry) => entry.text === 'ana took back 1 card from you.'), JSON.stringify(bo.log));
  assert.ok(ana.log.some((entry) => /^You took back the .+ from bo\.$/.test(entry.text)), JSON.stringify(ana.log));
});

test('once the receiver moves, "Undo the gift" goes; a refused one is told in words and changes nothing', async () => {
  const { server, deckId, ana, bo, hand } = await anaGaveBoACard();
  assert.ok(bo.play(bo.view.piles.bo.cards[0]));
  await untilQuiet(server, ana, bo);
  assert.equal(ana.giftUndoable, false, 'the receiver moved: seen in the stream');

  // Asked before the receiver's move reached this page: the server refuses, and the notice says why.
  const again = await anaGaveBoACard();
  const stale = again.ana;
  assert.ok(stale.giftUndoable);
  // Bo moves while Ana's stream is away: the server answers the take-back before the stream tells her.
  stale.closeStream();
  assert.ok(again.bo.play(again.bo.view.piles.bo.cards[0]));
  await again.bo.settled();
  assert.ok(stale.undoGift());
  await stale.settled().catch(() => {});
  stale.retry();
  await untilQuiet(again.server, stale, again.bo);
  assert.equal(again.server.truth(again.deckId, 'ana').hand.length, 3, 'nothing came back');
  assert.match(stale.notices.at(-1), /^The gift can no longer be taken back: bo has moved since\./);
  assert.equal(stale.view.piles.ana.cards.length, 3);
  assert.equal(server.truth(deckId, 'ana').hand.length, hand.length - 1);
});
