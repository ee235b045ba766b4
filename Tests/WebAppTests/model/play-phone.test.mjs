// Issue 40's Play logic without a browser: every card of a 13-card hand keeps a 24 px square to tap at phone sizes
// (two rows when one is too tight); a face-up pile spreads up to eight cards in the room a phone gives it; whose turn
// it is, and why a play is refused under strict turns; presence told only for real changes; names kept for players
// who left; deal to everyone told as one move and counted at once. Run: node --test Tests/WebAppTests/model/

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { MIN_TAP, fanFits, fanLayout } from '../../../Sources/RiffleWebApp/Public/js/play-fan.js';
import { displayNameTaken, presenceNews, rememberNames } from '../../../Sources/RiffleWebApp/Public/js/play-roster.js';
import { pileSpread } from '../../../Sources/RiffleWebApp/Public/js/play-spread.js';
import { placeBack } from '../../../Sources/RiffleWebApp/Public/js/play-hand.js';
import { applyTableChange, emptyTable, eventConfirms } from '../../../Sources/RiffleWebApp/Public/js/play-state.js';
import { describeEvent } from '../../../Sources/RiffleWebApp/Public/js/play-words.js';
import { turnCue } from '../../../Sources/RiffleWebApp/Public/js/play-turns.js';

/** Each card's own strip (what no later card covers), in a fan's coordinates, turns ignored (rows do not turn). */
function strips(layout, cardWidth, cardHeight) {
  return layout.cards.map((card, i) => {
    let right = card.x + cardWidth;
    let bottom = card.y + cardHeight;
    for (const later of layout.cards.slice(i + 1)) {
      const sameRow = Math.abs(later.y - card.y) < cardHeight / 4;
      if (sameRow && later.x < right) right = Math.max(card.x, later.x);
      if (!sameRow && later.y > card.y && later.x < card.x + cardWidth && later.x + cardWidth > card.x) {
        bottom = Math.min(bottom, later.y);
      }
    }
    return { width: right - card.x, height: bottom - card.y };
  });
}

test('a 13-card hand keeps a 24 px square per card at 360x740 and 740x360, and fits', () => {
  // The dock's hand: 352 px wide with 50 px cards upright; 732 px with 44 px cards on its side; a laptop.
  for (const [width, cardWidth] of [[344, 50], [352, 50], [732, 44], [1424, 90]]) {
    const cardHeight = cardWidth * 314 / 226;
    for (const count of [1, 5, 8, 13]) {
      const layout = fanLayout({ count, width, cardWidth, cardHeight });
      assert.ok(fanFits(layout, { width, cardWidth, cardHeight }), `${count} cards across ${width} px`);
      if (layout.rows === 2) assert.ok(layout.cards.every((card) => card.angle === 0), 'two rows do not turn');
      for (const strip of strips(layout, cardWidth, cardHeight)) {
        assert.ok(strip.width >= 24 && strip.height >= 24, `${count} cards across ${width} px: ${JSON.stringify(strip)}`);
      }
    }
  }
  assert.equal(fanLayout({ count: 13, width: 352, cardWidth: 50, cardHeight: 70 }).rows, 2, 'a phone takes two rows');
  assert.equal(fanLayout({ count: 13, width: 1424, cardWidth: 90, cardHeight: 125 }).rows, 1, 'a laptop one');
  assert.ok(MIN_TAP >= 24);
});

test('a face-up pile spreads its last eight cards readably in a phone\'s room', () => {
  assert.deepEqual(pileSpread({ count: 0, width: 200, cardWidth: 44 }), { shown: 0, step: 0, width: 44 });
  assert.deepEqual(pileSpread({ count: 1, width: 200, cardWidth: 44 }), { shown: 1, step: 0, width: 44 });
  const trick = pileSpread({ count: 12, width: 170, cardWidth: 44 });
  assert.equal(trick.shown, 8, 'up to eight');
  assert.ok(trick.step >= 14 && trick.width <= 170, JSON.stringify(trick));
  const tight = pileSpread({ count: 8, width: 80, cardWidth: 44 });
  assert.ok(tight.shown < 8 && tight.step >= 14 && tight.width <= 80, 'fewer, still readable, when the room is small');
});

test('whose turn: the cue in the dock, and why a play waits under strict turns', () => {
  const roster = (turn, strictTurns, known = true) => ({ turn, strictTurns, knows: { turns: known } });
  const nameOf = (name) => ({ bo: 'Bó' }[name] || name);
  assert.deepEqual(turnCue(roster('ana', false, false), 'ana', nameOf), { known: false, mine: false, text: null, blocked: null });
  assert.deepEqual(turnCue(roster('ana', true), 'ana', nameOf), { known: true, mine: true, text: 'Your turn', blocked: null });
  assert.deepEqual(turnCue(roster('bo', false), 'ana', nameOf), { known: true, mine: false, text: "Bó's turn", blocked: null });
  assert.deepEqual(turnCue(roster('bo', true), 'ana', nameOf), { known: true, mine: false, text: "Bó's turn", blocked: "It is Bó's turn." });
  assert.deepEqual(turnCue(roster('bo', true), null, nameOf), { known: true, mine: false, text: "Bó's turn", blocked: null }, 'a spectator plays nothing');
  assert.deepEqual(turnCue(roster(null, true), 'ana', nameOf), { known: true, mine: false, text: 'Nobody has the turn', blocked: null });
});

test('presence is told only for real changes: back online only after offline was told', () => {
  const nameOf = (name) => name.toUpperCase();
  let told = new Set();
  let news = presenceNews(told, { player: 'bo', online: true }, 'ana', nameOf);
  assert.equal(news.words, null, 'a first join (or a server restart greeting) says nothing');
  news = presenceNews(news.toldOffline, { player: 'bo', online: false }, 'ana', nameOf);
  assert.equal(news.words, 'BO went offline.');
  news = presenceNews(news.toldOffline, { player: 'bo', online: false }, 'ana', nameOf);
  assert.equal(news.words, null, 'said once');
  news = presenceNews(news.toldOffline, { player: 'bo', online: true }, 'ana', nameOf);
  assert.equal(news.words, 'BO is back online.');
  news = presenceNews(news.toldOffline, { player: 'bo', online: true }, 'ana', nameOf);
  assert.equal(news.words, null);
  told = presenceNews(new Set(), { player: 'ana', online: false }, 'ana', nameOf);
  assert.equal(told.words, null, 'nothing about oneself');
  assert.equal(describeEvent('presence', { player: 'bo', online: true }, 'ana'), null, 'the words come from presenceNews');
});

test('names: kept for players who left; taken only when a display name is', () => {
  const names = rememberNames({}, { players: [{ name: 'bxb', displayName: 'Bob' }] });
  assert.deepEqual(rememberNames(names, { players: [] }), { bxb: 'Bob' });
  const players = [{ name: 'player', display_name: 'José' }, { name: 'x', display_name: 'Ana' }];
  assert.equal(displayNameTaken(players, 'player'), false, 'a hidden id is not a name anyone sees');
  assert.equal(displayNameTaken(players, ' ana '), true);
});

test('deal to everyone: counted at once, confirmed by its one event, told as one move', () => {
  const table = emptyTable('d');
  table.remaining = 52;
  for (const name of ['ana', 'bo', 'cy']) {
    table.order.push(name);
    table.piles[name] = { remaining: 0, private: true, face: null, cards: name === 'ana' ? [] : null };
  }
  const change = { kind: 'dealAll', count: 5, players: ['ana', 'bo', 'cy'] };
  assert.equal(applyTableChange(table, change, 'ana'), null);
  assert.equal(table.remaining, 37);
  assert.deepEqual(['ana', 'bo', 'cy'].map((name) => table.piles[name].remaining), [5, 5, 5]);
  assert.match(applyTableChange(table, { ...change, count: 13 }, 'ana'), /only 37 cards/);
  const piles = { ana: { remaining: 5, private: true }, bo: { remaining: 5, private: true }, cy: { remaining: 5, private: true } };
  const data = {
    player: 'ana', remaining: 37, piles,
    moved: [{ from: 'deck', to: 'ana', count: 5, cards: ['AS', '2S', '3S', '4S', '5S'] }, { from: 'deck', to: 'bo', count: 5 },
      { from: 'deck', to: 'cy', count: 5 }],
  };
  assert.ok(eventConfirms(change, 'deal', data, 'ana'));
  assert.equal(describeEvent('deal', data, 'bo', null, (name) => ({ ana: 'Ana' }[name] || name)), 'Ana dealt 5 cards to everyone.');
  assert.equal(describeEvent('pile_face', { player: 'ana', pile: 'stock', face: 'down' }, 'bo', null, () => 'Ana'),
    'Ana turned the pile stock face down.');
});

test('undo puts the cards back in their places in the hand (the server puts them on top)', () => {
  const slots = (codes) => codes.map((code) => ({ code, state: 'held' }));
  // Played the 2nd and 4th of AS 2S 3S 4S 5S; taken back, the server lists them last.
  const back = placeBack(slots(['AS', '3S', '5S', '2S', '4S']), { '2S': 1, '4S': 3 });
  assert.deepEqual(back.map((slot) => slot.code), ['AS', '2S', '3S', '4S', '5S']);
  assert.deepEqual(placeBack(slots(['AS']), {}).map((slot) => slot.code), ['AS']);
  assert.deepEqual(placeBack(slots(['AS', 'KD']), { KD: 9 }).map((slot) => slot.code), ['AS', 'KD'], 'past the end: last');
});

test('a lock event is told in words: locked (nobody new may join) or unlocked', () => {
  const nameOf = (name) => ({ ana: 'Ana' }[name] || name);
  assert.equal(describeEvent('lock', { player: 'ana', locked: true }, 'bo', null, nameOf),
    'Ana locked the table: nobody new may join.');
  assert.equal(describeEvent('lock', { player: 'ana', locked: false }, 'ana', null, nameOf), 'You unlocked the table.');
});

test('a gift between two other players is told as a gift, to a third player and to a spectator', () => {
  const nameOf = (name) => ({ ana: 'Ana', bo: 'Bo' }[name] || name);
  const piles = { ana: { remaining: 2, private: true }, bo: { remaining: 4, private: true }, zoe: { remaining: 3, private: true } };
  const data = { player: 'ana', remaining: 43, piles, moved: [{ from: 'ana', to: 'bo', count: 1 }] };
  assert.equal(describeEvent('pile_add', data, 'zoe', { piles }, nameOf), 'Ana gave Bo 1 card.');
  assert.equal(describeEvent('pile_add', data, null, { piles }, nameOf), 'Ana gave Bo 1 card.');
  // A take-back (from the receiver's hand into the giver's) still reads as one.
  const back = { ...data, moved: [{ from: 'bo', to: 'ana', count: 1 }] };
  assert.equal(describeEvent('pile_add', back, 'zoe', { piles }, nameOf), 'Ana took back 1 card from Bo.');
});
