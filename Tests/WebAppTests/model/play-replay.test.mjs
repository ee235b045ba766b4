// The table's replay (issue 43, the Play view's History): the history read whole, page after page; stepping through
// it one event at a time; and what each step shows, in words and counts, to a player and to a spectator. The events
// are the server's, as GET /api/deck/<id>/history/ shows them to each (taken from a three-player round on `riffle
// serve`: Ana, Bo and Cy join, Ana deals three to everyone, Cy draws one, Bo plays one to the centre).
// Run: node --test Tests/WebAppTests/model/

import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  TableReplay, placeText, readWholeHistory, replaySteps,
} from '../../../Sources/RiffleWebApp/Public/js/play-replay.js';

const card = (code) => ({ code, image: `/static/img/${code}.png`, value: code[0], suit: code[1] });
const seating = (names) => names.map((name, seat) => ({
  name, display_name: name[0].toUpperCase() + name.slice(1), online: false, seat,
}));
const hand = (remaining) => ({ remaining, private: true });
/** A stored event as the history endpoint shows it: `fields` over a data line that moved nothing. */
const change = (id, event, fields) => ({ id, event, data: { deck_id: 'd', piles: {}, moved: [], ...fields } });

/** The round as `viewer` (a player's name, or null for a spectator) is shown it: the server's events, oldest first. */
function round(viewer) {
  const dealt = { ana: ['4C', '5C', 'JD'], bo: ['6D', 'KH', '2S'], cy: ['KC', '8C', '3C'] };
  const deals = ['ana', 'bo', 'cy'].map((name) => ({
    from: 'deck', to: name, count: 3, ...(name === viewer ? { cards: dealt[name].map(card) } : {}),
  }));
  // A move into the viewer's own hand lists its cards, and comes first (the server's order: seen, then merged).
  deals.sort((a, b) => Boolean(b.cards) - Boolean(a.cards));
  const joins = ['ana', 'bo', 'cy'].map((name, index, names) => change(index + 1, 'join', {
    remaining: 52, piles: { [name]: hand(0) }, player: name, players: seating(names.slice(0, index + 1)), host: 'ana',
  }));
  return [
    ...joins,
    change(4, 'deal', {
      remaining: 43, piles: { ana: hand(3), bo: hand(3), cy: hand(3) }, player: 'ana', moved: deals,
    }),
    change(5, 'deal', {
      remaining: 42, piles: { cy: hand(4) }, player: 'cy',
      moved: [{ from: 'deck', to: 'cy', count: 1, ...(viewer === 'cy' ? { cards: [card('QC')] } : {}) }],
    }),
    change(6, 'pile_add', {
      remaining: 42, piles: { bo: hand(2), centre: { remaining: 1 } }, player: 'bo',
      moved: [{ from: 'bo', to: 'centre', count: 1, cards: [card('6D')] }],
    }),
  ];
}

/** A history endpoint over `events`: pages as the server cuts them, and every page asked for. */
function historyOf(events, { viewer = null } = {}) {
  const asked = [];
  const readPage = async ({ after, limit }) => {
    asked.push({ after, limit });
    const page = events.filter((event) => event.id > after).slice(0, limit);
    const last = page.length ? page[page.length - 1].id : after;
    return {
      success: true, deck_id: 'd', change_number: events.length, ...(viewer ? { viewer } : {}),
      events: page, more: events.some((event) => event.id > last),
    };
  };
  return { readPage, asked };
}

/** Every step as a person reads it: its position, its words, and its table line by line. */
function shown(replay) {
  const step = replay.current;
  return [replay.position, step.words, ...step.places.map(placeText)];
}

test('the history is read whole, a page after another, each after the last event of the one before', async () => {
  const events = round('cy');
  const { readPage, asked } = historyOf(events, { viewer: 'cy' });
  const history = await readWholeHistory(readPage, { pageSize: 4 });
  assert.deepEqual(asked, [{ after: 0, limit: 4 }, { after: 4, limit: 4 }]);
  assert.deepEqual(history.events.map((event) => event.id), [1, 2, 3, 4, 5, 6]);
  assert.equal(history.viewer, 'cy');

  const exact = historyOf(events);
  const spectator = await readWholeHistory(exact.readPage, { pageSize: 3 });
  assert.deepEqual(exact.asked, [{ after: 0, limit: 3 }, { after: 3, limit: 3 }], 'the last page says it is the last');
  assert.equal(spectator.viewer, null);
  assert.equal(spectator.events.length, 6);

  const one = historyOf(events);
  await readWholeHistory(one.readPage, { pageSize: 1 });
  assert.deepEqual(one.asked.map((page) => page.after), [0, 1, 2, 3, 4, 5]);
  const usual = historyOf(events);
  await readWholeHistory(usual.readPage);
  assert.deepEqual(usual.asked, [{ after: 0, limit: 100 }], 'the server\'s largest page');
});

test('a page that brings nothing new ends the read; a page that fails fails the read', async () => {
  const events = round(null);
  let calls = 0;
  const stuck = async () => {
    calls += 1;
    return { events: events.slice(0, 2), more: true };
  };
  const { events: read } = await readWholeHistory(stuck, { pageSize: 2 });
  assert.deepEqual(read.map((event) => event.id), [1, 2]);
  assert.equal(calls, 2, 'asked again once, then stopped: the same page would come back forever');

  const failing = async ({ after }) => {
    if (after > 0) throw Object.assign(new Error('The card server cannot be reached.'), { unreachable: true });
    return { events: events.slice(0, 3), more: true };
  };
  await assert.rejects(readWholeHistory(failing, { pageSize: 3 }), /cannot be reached/);
  assert.deepEqual(await readWholeHistory(async () => ({ events: [], more: false })), { events: [], viewer: null });
});

test('the replay starts at the first event and steps one event back and forward, never past either end', () => {
  const replay = new TableReplay(replaySteps(round(null), { me: null }));
  assert.equal(replay.position, 'Event 1 of 6');
  assert.equal(replay.atStart, true);
  assert.equal(replay.stepBack(), false);
  assert.equal(replay.position, 'Event 1 of 6');
  const words = [replay.current.words];
  while (replay.stepForward()) words.push(replay.current.words);
  assert.equal(replay.position, 'Event 6 of 6');
  assert.equal(replay.atEnd, true);
  assert.equal(replay.stepForward(), false);
  assert.deepEqual(words, [
    'Ana joined the table.', 'Bo joined the table.', 'Cy joined the table.', 'Ana dealt 3 cards to everyone.',
    'Cy dealt 1 card to themselves.', 'Bo played the 6 of Diamonds to the centre.',
  ]);
  assert.equal(replay.stepBack(), true);
  assert.equal(replay.position, 'Event 5 of 6');
  assert.equal(replay.current.id, 5);

  const empty = new TableReplay(replaySteps([], { me: null }));
  assert.equal(empty.current, null);
  assert.equal(empty.position, 'No events yet');
  assert.equal(empty.stepForward(), false);
  assert.equal(empty.stepBack(), false);
});

test('a spectator\'s steps show every count and only the cards played face up', () => {
  const replay = new TableReplay(replaySteps(round(null), { me: null }));
  const steps = [shown(replay)];
  while (replay.stepForward()) steps.push(shown(replay));
  assert.deepEqual(steps, [
    ['Event 1 of 6', 'Ana joined the table.', 'The deck: 52 cards.', "Ana's hand: 0 cards, face down."],
    ['Event 2 of 6', 'Bo joined the table.', 'The deck: 52 cards.', "Ana's hand: 0 cards, face down.",
      "Bo's hand: 0 cards, face down."],
    ['Event 3 of 6', 'Cy joined the table.', 'The deck: 52 cards.', "Ana's hand: 0 cards, face down.",
      "Bo's hand: 0 cards, face down.", "Cy's hand: 0 cards, face down."],
    ['Event 4 of 6', 'Ana dealt 3 cards to everyone.', 'The deck: 43 cards.', "Ana's hand: 3 cards, face down.",
      "Bo's hand: 3 cards, face down.", "Cy's hand: 3 cards, face down."],
    ['Event 5 of 6', 'Cy dealt 1 card to themselves.', 'The deck: 42 cards.', "Ana's hand: 3 cards, face down.",
      "Bo's hand: 3 cards, face down.", "Cy's hand: 4 cards, face down."],
    ['Event 6 of 6', 'Bo played the 6 of Diamonds to the centre.', 'The deck: 42 cards.',
      "Ana's hand: 3 cards, face down.", "Bo's hand: 2 cards, face down.", "Cy's hand: 4 cards, face down.",
      'The centre: 1 card: the 6 of Diamonds.'],
  ]);
});

test('a player\'s steps show their own hand card by card, and every other hand as a count', () => {
  const replay = new TableReplay(replaySteps(round('cy'), { me: 'cy' }));
  const steps = [shown(replay)];
  while (replay.stepForward()) steps.push(shown(replay));
  assert.deepEqual(steps.slice(2), [
    ['Event 3 of 6', 'You joined the table.', 'The deck: 52 cards.', 'Your hand: 0 cards.',
      "Ana's hand: 0 cards, face down.", "Bo's hand: 0 cards, face down."],
    ['Event 4 of 6', 'Ana dealt 3 cards to everyone.', 'The deck: 43 cards.',
      'Your hand: 3 cards: the King of Clubs, the 8 of Clubs and the 3 of Clubs.',
      "Ana's hand: 3 cards, face down.", "Bo's hand: 3 cards, face down."],
    ['Event 5 of 6', 'You dealt yourself the Queen of Clubs.', 'The deck: 42 cards.',
      'Your hand: 4 cards: the King of Clubs, the 8 of Clubs, the 3 of Clubs and the Queen of Clubs.',
      "Ana's hand: 3 cards, face down.", "Bo's hand: 3 cards, face down."],
    ['Event 6 of 6', 'Bo played the 6 of Diamonds to the centre.', 'The deck: 42 cards.',
      'Your hand: 4 cards: the King of Clubs, the 8 of Clubs, the 3 of Clubs and the Queen of Clubs.',
      "Ana's hand: 3 cards, face down.", "Bo's hand: 2 cards, face down.", 'The centre: 1 card: the 6 of Diamonds.'],
  ]);
  const text = steps.flat().join(' ');
  for (const hidden of ['4 of Clubs', '5 of Clubs', 'Jack of Diamonds', 'King of Hearts', '2 of Spades']) {
    assert.ok(!text.includes(hidden), `${hidden} is another's card`);
  }
  const step = replay.current;
  assert.deepEqual(step.places.map((entry) => entry.key), ['deck', 'hand:cy', 'hand:ana', 'hand:bo', 'pile:centre']);
  assert.deepEqual(step.places[1].cards, ['KC', '8C', '3C', 'QC']);
  assert.equal(step.places[2].cards, null);
});

test('a face-up pile whose cards left unnamed shows its count only, until it is emptied or turned up', () => {
  const events = [
    ...round(null),
    change(7, 'pile_add', {
      remaining: 42, piles: { ana: hand(2), centre: { remaining: 2 } }, player: 'ana',
      moved: [{ from: 'ana', to: 'centre', count: 1, cards: [card('JD')] }],
    }),
    // Cy takes a card from the centre into her hand: a spectator is told a count.
    change(8, 'pile_add', {
      remaining: 42, piles: { cy: hand(5), centre: { remaining: 1 } }, player: 'cy',
      moved: [{ from: 'centre', to: 'cy', count: 1 }],
    }),
    change(9, 'pile_face', {
      remaining: 42, piles: { centre: { remaining: 1, face: 'down' } }, player: 'ana', pile: 'centre', face: 'down',
    }),
    change(10, 'pile_face', {
      remaining: 42, piles: { centre: { remaining: 1 } }, player: 'ana', pile: 'centre', face: 'up',
      cards: [card('6D')],
    }),
    change(11, 'pile_add', {
      remaining: 42, piles: { bo: hand(3), centre: { remaining: 0 } }, player: 'bo',
      moved: [{ from: 'centre', to: 'bo', count: 1 }],
    }),
    change(12, 'shuffle', {
      remaining: 52, piles: { ana: hand(0), bo: hand(0), cy: hand(0) }, player: 'ana',
      moved: ['ana', 'bo', 'cy'].map((name, index) => ({ from: name, to: 'deck', count: [2, 3, 5][index] })),
    }),
  ];
  const centre = (step) => placeText(step.places.find((entry) => entry.key === 'pile:centre'));
  const steps = replaySteps(events, { me: null });
  assert.deepEqual(steps.slice(6).map((step) => [step.words, centre(step)]), [
    ['Ana played the Jack of Diamonds to the centre.',
      'The centre: 2 cards: the 6 of Diamonds and the Jack of Diamonds.'],
    ['Cy took 1 card from the centre.', 'The centre: 1 card.'],
    ['Ana turned the centre face down.', 'The centre: 1 card, face down.'],
    ['Ana turned the centre face up.', 'The centre: 1 card: the 6 of Diamonds.'],
    ['Bo took 1 card from the centre.', 'The centre: 0 cards.'],
    ['Ana started a new round: every card is back in the deck.', 'The centre: 0 cards.'],
  ]);
  assert.deepEqual(steps[11].places.map(placeText), [
    'The deck: 52 cards.', "Ana's hand: 0 cards, face down.", "Bo's hand: 0 cards, face down.",
    "Cy's hand: 0 cards, face down.", 'The centre: 0 cards.',
  ]);
  // Cy sees the card she took; after the new round her hand is empty, and known again.
  const cy = replaySteps(round('cy').concat(events.slice(6).map((event) => (event.id === 8
    ? { ...event, data: { ...event.data, moved: [{ from: 'centre', to: 'cy', count: 1, cards: [card('JD')] }] } }
    : event))), { me: 'cy' });
  assert.equal(cy[7].words, 'You took the Jack of Diamonds from the centre.');
  assert.equal(placeText(cy[7].places[1]), 'Your hand: 5 cards: the King of Clubs, the 8 of Clubs, the 3 of Clubs, '
    + 'the Queen of Clubs and the Jack of Diamonds.');
  assert.equal(centre(cy[7]), 'The centre: 1 card: the 6 of Diamonds.', 'Cy saw which card she took');
  assert.equal(placeText(cy[11].places[1]), 'Your hand: 0 cards.');
});

test('a player seated after cards came to a hand of their name sees that hand as a count until it is known', () => {
  // Dee's history before her seat is a spectator's: the cards dealt to the pile of her name came unnamed.
  const events = [
    change(1, 'join', { remaining: 52, piles: { dee: hand(0) }, player: 'dee', players: seating(['dee']) }),
    change(2, 'deal', {
      remaining: 50, piles: { dee: hand(2) }, player: 'dee', moved: [{ from: 'deck', to: 'dee', count: 2 }],
    }),
    change(3, 'deal', {
      remaining: 49, piles: { dee: hand(3) }, player: 'dee',
      moved: [{ from: 'deck', to: 'dee', count: 1, cards: [card('AS')] }],
    }),
  ];
  const steps = replaySteps(events, { me: 'dee' });
  assert.deepEqual(steps.map((step) => placeText(step.places[1])), [
    'Your hand: 0 cards.', 'Your hand: 2 cards.', 'Your hand: 3 cards.',
  ]);
  assert.deepEqual(steps.map((step) => step.places[1].cards), [[], null, null]);
});

test('every event says something: presence, a new name, strict turns, the plain draw, a player who left', () => {
  const players = seating(['ana', 'bo']);
  const events = [
    change(1, 'join', { remaining: 52, piles: { ana: hand(0) }, player: 'ana', players: players.slice(0, 1) }),
    change(2, 'join', { remaining: 52, piles: { bo: hand(0) }, player: 'bo', players }),
    change(3, 'presence', { remaining: 52, player: 'bo', players, online: true }),
    change(4, 'presence', { remaining: 52, player: 'ana', players, online: false }),
    change(5, 'rename', { remaining: 52, player: 'bo', players: [players[0], { ...players[1], display_name: 'Bob' }] }),
    change(6, 'turn', { remaining: 52, player: 'ana', strict_turns: true }),
    // The plain API's draw and return (no token: nobody named).
    change(7, 'draw', {
      remaining: 50, moved: [{ from: 'deck', to: 'drawn', count: 2, cards: [card('2H'), card('3H')] }],
    }),
    change(8, 'return', { remaining: 52, moved: [{ from: 'drawn', to: 'deck', count: 2 }] }),
    change(9, 'leave', { remaining: 52, player: 'bo', players: players.slice(0, 1), removed_piles: ['bo'] }),
  ];
  const steps = replaySteps(events, { me: 'ana' });
  assert.deepEqual(steps.map((step) => step.words), [
    'You joined the table.', 'Bo joined the table.', 'Bo came online.', 'You went offline.', 'Bo is now called Bob.',
    'You turned strict turns on.', 'Someone drew the 2 of Hearts and the 3 of Hearts from the deck.',
    'Someone put 2 cards back in the deck.', 'Bob left the table.',
  ]);
  assert.deepEqual(steps[6].places.map(placeText), [
    'The deck: 50 cards.', 'Your hand: 0 cards.', "Bob's hand: 0 cards, face down.",
    'Drawn: 2 cards: the 2 of Hearts and the 3 of Hearts.',
  ]);
  assert.deepEqual(steps[8].places.map(placeText), ['The deck: 52 cards.', 'Your hand: 0 cards.', 'Drawn: 0 cards.']);
});

test('a table\'s rounds in words: each round started, ended by the host, revealed, and the reveal setting', () => {
  const players = seating(['ana', 'bo']);
  const round = (number, fields = {}) => ({
    number, scheme: 'riffle-commit-v1', commitment: 'c'.repeat(64), reveal: true, over: false, ...fields,
  });
  const events = [
    change(1, 'join', { remaining: 52, piles: { ana: hand(0) }, player: 'ana', players: players.slice(0, 1) }),
    change(2, 'join', { remaining: 52, piles: { bo: hand(0) }, player: 'bo', players }),
    // Round 1 starts with every card in the deck: nothing moves.
    change(3, 'shuffle', { remaining: 52, player: 'ana', round: round(1) }),
    change(4, 'deal', {
      remaining: 50, piles: { ana: hand(1), bo: hand(1) }, player: 'ana',
      moved: [{ from: 'deck', to: 'ana', count: 1 }, { from: 'deck', to: 'bo', count: 1, cards: [card('9S')] }],
    }),
    change(5, 'shuffle', {
      remaining: 52, piles: { ana: hand(0), bo: hand(0) }, player: 'ana', round: round(2),
      revealed: round(1, { over: true, seed: 'f'.repeat(64) }),
      moved: [{ from: 'ana', to: 'deck', count: 1 }, { from: 'bo', to: 'deck', count: 1, cards: [card('9S')] }],
    }),
    change(6, 'round', { remaining: 52, player: 'ana', round: round(2, { reveal: false }) }),
    change(7, 'round', { remaining: 52, player: 'ana', round: round(2, { reveal: false, over: true }) }),
    change(8, 'shuffle', { remaining: 52, player: 'ana', round: round(3, { reveal: false }) }),
    change(81, 'round', { remaining: 52, player: 'bo', round: round(3, { reveal: false, entropy: [{ player: 'bo', text: '4 1 6' }] }) }),
    change(9, 'round', { remaining: 52, player: 'ana', round: round(3, { entropy: [{ player: 'bo', text: '4 1 6' }] }) }),
    change(10, 'round', {
      remaining: 52, player: 'ana', round: round(3, { over: true, seed: 'e'.repeat(64), entropy: [{ player: 'bo', text: '4 1 6' }] }),
    }),
  ];
  assert.deepEqual(replaySteps(events, { me: 'bo' }).map((step) => step.words), [
    'Ana joined the table.', 'You joined the table.', 'Ana started a new round: every card is back in the deck.',
    'Ana dealt 1 card to everyone.',
    'Ana started a new round: every card is back in the deck. Round 1\'s seed is revealed.',
    'Ana set the table not to reveal its rounds\' seeds.', 'Ana ended round 2: every card is back in the deck.',
    'Ana started a new round: every card is back in the deck.', 'You added entropy to round 3: “4 1 6”.',
    'Ana set the table to reveal its rounds\' seeds.',
    'Ana ended round 3: every card is back in the deck; its seed is revealed.',
  ]);
});
