// Issue 32's Play logic without a browser: the fan always fits, the hand sorts, the roster reads what the stream
// says (names in any script kept as text, presence, turns), and the model plays several cards, gives, undoes its own
// last play only while it is on top, plays face down, lets the host remove a player, watches without a seat, and
// keeps a move log. Run: node --test Tests/WebAppTests/model/

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { fanFits, fanLayout } from '../../../Sources/RiffleWebApp/Public/js/play-fan.js';
import { displayName, displayNameProblem, emptyRoster, playerIdFor, updateRoster } from '../../../Sources/RiffleWebApp/Public/js/play-roster.js';
import { sortHand } from '../../../Sources/RiffleWebApp/Public/js/play-hand.js';
import { CENTRE, canUndo } from '../../../Sources/RiffleWebApp/Public/js/play-state.js';
import { seeded } from './fake-deck-api.mjs';
import { freshTable, seat, untilQuiet } from './model-support.mjs';

async function table(...names) {
  const { server, shared, deckId } = freshTable(seeded(7));
  const models = [];
  for (const name of names) {
    const model = seat(server, shared, deckId, name);
    await model.join(name);
    models.push(model);
    await untilQuiet(server, ...models);
  }
  return { server, shared, deckId, models };
}

test('the fan fits every card inside the width, at phone and laptop sizes, from 1 to 54 cards', () => {
  for (const [width, cardWidth] of [[344, 61], [724, 54], [1424, 96], [304, 58]]) {
    const cardHeight = cardWidth * 314 / 226;
    for (let count = 1; count <= 54; count++) {
      const layout = fanLayout({ count, width, cardWidth, cardHeight });
      assert.equal(layout.cards.length, count);
      assert.ok(fanFits(layout, { width, cardWidth, cardHeight }), `${count} cards across ${width} px`);
      // Left to right in each row (a second row starts again at the left).
      const upper = layout.rows === 2 ? Math.ceil(count / 2) : count;
      for (let i = 1; i < count; i++) if (i !== upper) assert.ok(layout.cards[i].x > layout.cards[i - 1].x, 'left to right');
    }
  }
  const few = fanLayout({ count: 3, width: 1000, cardWidth: 96, cardHeight: 133 });
  assert.ok(few.step <= 96 * 0.72 + 1e-9, 'a few cards still overlap a little, as a hand does');
});

test('the hand sorts by suit or by rank, aces high, and as dealt', () => {
  const dealt = ['KH', '2S', 'AS', '0D', '3C', 'AH'];
  assert.deepEqual(sortHand(dealt, 'suit'), ['2S', 'AS', 'KH', 'AH', '3C', '0D']);
  assert.deepEqual(sortHand(dealt, 'rank'), ['2S', '3C', '0D', 'KH', 'AS', 'AH']);
  assert.deepEqual(sortHand(dealt, 'dealt'), dealt);
  assert.deepEqual(dealt, ['KH', '2S', 'AS', '0D', '3C', 'AH'], 'the hand itself is left as it was');
});

test('the roster: plain names today; display names, presence and turns where the server sends them', () => {
  let roster = updateRoster(emptyRoster(), { players: ['ana', 'bo'] }, 'hello');
  assert.equal(roster.host, 'ana');
  assert.deepEqual(roster.knows, { names: false, presence: false, turns: false, host: false });
  const markup = '<img src=x onerror=alert(1)>';
  roster = updateRoster(roster, {
    players: [{ name: 'ana', display_name: 'José', online: true, seat: 0 }, { name: 'img', display_name: markup, online: true, seat: 1 }],
    host: 'ana', turn: 'ana', strict_turns: false,
  }, 'resync');
  assert.equal(displayName(roster, 'ana'), 'José');
  assert.equal(displayName(roster, 'img'), markup, 'a name is kept as the characters typed');
  assert.deepEqual(roster.knows, { names: true, presence: true, turns: true, host: true });
  roster = updateRoster(roster, { player: 'img', online: false }, 'presence');
  assert.equal(roster.players[1].online, false);
  roster = updateRoster(roster, { turn: 'img' }, 'turn');
  assert.equal(roster.turn, 'img');
  assert.equal(playerIdFor('José'), 'Jose');
  assert.equal(playerIdFor('bo'), 'bo');
  assert.equal(playerIdFor('山田'), 'player');
  assert.equal(displayNameProblem('山田'), null);
  assert.match(displayNameProblem('a\u0007b'), /control or invisible/);
  assert.match(displayNameProblem('x'.repeat(33)), /at most 32/);
});

test('several cards in one play, a gift, and undo only while the play is on top', async () => {
  const { server, deckId, models: [ana, bo] } = await table('ana', 'bo');
  assert.ok(ana.deal('ana', 6));
  await untilQuiet(server, ana, bo);
  const hand = ana.view.piles.ana.cards.slice();
  assert.ok(ana.play(hand.slice(0, 3)));
  assert.equal(ana.play(hand[0]), false, 'a card on its way is not played again');
  await untilQuiet(server, ana, bo);
  assert.deepEqual(server.truth(deckId, 'ana').centre, hand.slice(0, 3));
  assert.deepEqual(bo.view.piles[CENTRE].cards, hand.slice(0, 3), 'Bo sees the three cards');
  assert.ok(ana.log.some((entry) => entry.text.startsWith('You played the ')), JSON.stringify(ana.log));
  assert.match(bo.announcements.at(-1), /^ana played the .+, the .+ and the .+ to the centre\.$/);
  assert.ok(ana.undoable);
  assert.ok(ana.undo());
  await untilQuiet(server, ana, bo);
  assert.deepEqual([...ana.view.piles.ana.cards].sort(), [...hand].sort(), 'the three came back');
  assert.equal(ana.undoable, false, 'one undo per play');

  assert.ok(ana.give([hand[3], hand[4]], 'bo'));
  await untilQuiet(server, ana, bo);
  assert.deepEqual([...bo.view.piles.bo.cards].sort(), [hand[3], hand[4]].sort());
  assert.equal(ana.view.piles.bo.cards, null, 'Ana still cannot see Bo\'s hand');
  assert.ok(bo.announcements.some((words) => words.startsWith('ana gave you the ')), bo.announcements.join(' | '));

  assert.ok(ana.play(hand[5]));
  await untilQuiet(server, ana, bo);
  assert.ok(canUndo(ana.view, ana.lastPlay));
  assert.ok(bo.play(hand[3]));
  await untilQuiet(server, ana, bo);
  assert.equal(ana.undoable, false, 'covered by Bo\'s card: no undo');
  assert.equal(ana.undo(), false);
});

test('a face-down play shows its count only, to everyone', async () => {
  const { server, models: [ana, bo] } = await table('ana', 'bo');
  assert.ok(ana.deal('ana', 2));
  await untilQuiet(server, ana, bo);
  const [card] = ana.view.piles.ana.cards;
  assert.ok(ana.play([card], CENTRE, { face: 'down' }));
  await untilQuiet(server, ana, bo);
  for (const model of [ana, bo]) {
    assert.equal(model.view.piles.down.remaining, 1);
    assert.equal(model.view.piles.down.cards, null, 'nobody sees a face-down pile\'s cards');
    assert.ok(!JSON.stringify(model.log).includes(card));
  }
  assert.equal(ana.undoable, false, 'a face-down play is not taken back');
});

test('the host removes a player; a spectator follows without a seat and changes nothing', async () => {
  const { server, shared, deckId, models: [ana, bo] } = await table('ana', 'bo');
  const watcher = seat(server, shared, deckId, 'w');
  watcher.watch();
  assert.ok(ana.deal('bo', 3));
  assert.ok(ana.deal(CENTRE, 1));
  await untilQuiet(server, ana, bo);
  await until(() => watcher.loaded && watcher.view.piles.bo && watcher.view.piles.bo.remaining === 3
    && watcher.view.piles[CENTRE] && watcher.view.piles[CENTRE].cards.length === 1, 'the spectator sees the table');
  assert.equal(watcher.view.piles.bo.cards, null);
  assert.equal(watcher.deal(CENTRE, 1), false, 'a spectator changes nothing');
  assert.equal(bo.removePlayer('ana'), true, 'any player may ask; the server refuses a non-host');
  await untilQuiet(server, ana, bo).catch(() => {});
  assert.ok(server.truth(deckId, 'ana'));
  assert.ok(ana.removePlayer('bo'));
  await untilQuiet(server, ana);
  await until(() => bo.problem === 'unseated', 'Bo is told');
  await until(() => !watcher.view.piles.bo, 'the spectator sees Bo go');
  assert.deepEqual(Object.keys(server.truth(deckId, 'ana').piles).sort(), ['ana', CENTRE]);
  assert.ok(ana.log.some((entry) => entry.text === 'You removed bo from the table.'), JSON.stringify(ana.log));
  watcher.stop();
});

async function until(condition, what) {
  for (let i = 0; i < 4000; i++) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  throw new Error(`never: ${what}`);
}

test('on issue 32\'s server: display names as typed, presence, the turn passing, strict turns, seats', async () => {
  const { server, shared, deckId } = freshTable(seeded(11), { rich: true });
  const markup = '<img src=x onerror=alert(1)>';
  const ana = seat(server, shared, deckId, 'a');
  await ana.join('Jose', 'José');
  await untilQuiet(server, ana);
  const bo = seat(server, shared, deckId, 'b');
  await bo.join('img', markup);
  await untilQuiet(server, ana, bo);
  await until(() => ana.roster.players.length === 2 && ana.roster.players[1].online === true, 'Ana sees Bo online');
  assert.equal(ana.nameOf('Jose'), 'José');
  assert.equal(ana.nameOf('img'), markup, 'the name is the characters typed');
  assert.ok(ana.log.some((entry) => entry.text === `${markup} joined the table.`), JSON.stringify(ana.log));
  assert.ok(ana.isHost && !bo.isHost);
  assert.equal(ana.knowsFaceDown, true);

  assert.ok(ana.passTurn('next'));
  await untilQuiet(server, ana, bo);
  assert.equal(ana.roster.turn, 'Jose', 'nobody held it: next is the first seat');
  assert.ok(ana.passTurn('next'));
  await untilQuiet(server, ana, bo);
  await until(() => bo.roster.turn === 'img', 'the turn passed to Bo');
  assert.ok(bo.announcements.includes('It is your turn.'), bo.announcements.join(' | '));
  assert.ok(ana.setStrictTurns(true));
  assert.ok(ana.deal('Jose', 2) || true);
  await untilQuiet(server, ana, bo);
  assert.equal(ana.roster.strictTurns, true);
  assert.ok(ana.notices.some((text) => text.includes(`It is ${markup}'s turn`)), ana.notices.join(' | '));
  assert.equal(server.truth(deckId, 'Jose').hand.length, 0, 'nothing moved out of turn');

  assert.ok(ana.seatEarlier('img'));
  await untilQuiet(server, ana, bo);
  await until(() => bo.roster.players[0].name === 'img', 'Bo sees the new seats');
  assert.equal(bo.roster.host, 'Jose', 'the host keeps hosting when the seats change');
  bo.stop();
  await until(() => ana.roster.players.find((p) => p.name === 'img').online === false, 'Ana sees Bo go offline');
  assert.ok(ana.log.some((entry) => entry.text === `${markup} went offline.`), JSON.stringify(ana.log));
  ana.stop();
});
