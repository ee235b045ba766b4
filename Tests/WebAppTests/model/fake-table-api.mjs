// An in-memory live table (Riffle's player, deal and event-stream extensions) for the Play view's model: private
// hands that only their owner sees, a per-deck change number, event streams that resume with Last-Event-ID, and
// fault switches: calls fail as unreachable, answers get lost after the change was made, answers are delayed (so
// an event can arrive before the answer), and streams drop.
//
// It follows the rules of a seated table (issue 30): every change needs a player's token (401 without, or with a
// token it does not know, such as a removed player's); only the host (the first to join) starts a new round;
// `add` with `from` is all-or-nothing (404 when a card is no longer in that pile); Idempotency-Key makes a resent
// change answer its first answer again without changing anything (another request under the same key: 422).

import { APIError } from '../../../Sources/RiffleWebApp/Public/js/api.js';

const CODES = ['S', 'D', 'C', 'H'].flatMap((suit) => ['A', '2', '3', '4', '5', '6', '7', '8', '9', '0', 'J', 'Q', 'K']
  .map((value) => value + suit));

const card = (code) => ({ code, image: `/static/img/${code}.png`, value: code[0], suit: code[1] });
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class FakeTableServer {
  constructor(random = Math.random) {
    this.random = random;
    this.decks = new Map();
    this.fault = null;          // 'unreachable': every call and stream connection fails until cleared
    this.lostAnswers = 0;       // the next n changes are made but their answers are lost
    this.maxDelayMs = 0;
    this.applied = [];          // every change made: { player, kind, to, count, code }
    this.requests = [];         // every change asked for: { name, key }
    this.allOrNothing = true;   // false: an add naming a card that is not there answers success and moves nothing
                                // (the server before issue 30), so the client must tell from the answer's cards
    this.answersByKey = new Map();
    this.sources = new Set();
    this.rich = false;          // true: issue 32's server (display names, presence, seats, turns in the stream)
    this.keepsEventsAfter = 0;  // a stream resumed before this event gets a `resync` (the server forgot the rest)
    this.api = this.makeAPI();
  }

  /** The players in seat order as issue 32's server lists them, or their names (the server before it). */
  playersJSON(deck) {
    const names = [...deck.players.keys()];
    if (!this.rich) return names;
    return names.map((name, seat) => ({
      name, display_name: deck.displayNames.get(name) || name, seat,
      online: [...this.sources].some((source) => source.deckId === deck.id && source.readyState === 1 && source.viewer === name),
    }));
  }

  /** What issue 32's server adds to a greeting: the roster, the host, the turn. */
  rosterJSON(deck) {
    if (!this.rich) return { players: [...deck.players.keys()] };
    return { players: this.playersJSON(deck), host: [...deck.players.keys()][0] || null, turn: deck.turn, strict_turns: deck.strict };
  }

  /** On a table with strict turns, only the turn holder moves cards: 409 for anyone else. */
  checkTurn(deck, player) {
    if (deck.strict && deck.turn && player !== deck.turn) {
      throw new APIError(`It is ${deck.displayNames.get(deck.turn) || deck.turn}'s turn.`, { status: 409 });
    }
  }

  /** A presence event (issue 32's server, no grace period in this fake). */
  presence(deck, player, online) {
    if (this.rich && player) this.record(deck, 'presence', null, [], { player, online, players: this.playersJSON(deck) });
  }

  newDeck() {
    const stack = CODES.slice();
    for (let i = stack.length - 1; i > 0; i--) {
      const j = Math.floor(this.random() * (i + 1));
      [stack[i], stack[j]] = [stack[j], stack[i]];
    }
    const id = `deck${this.decks.size + 1}`;
    this.decks.set(id, {
      id, stack, piles: new Map(), players: new Map(), events: [], faceDown: new Set(), displayNames: new Map(),
      turn: null, strict: false, gifts: new Map(),
    });
    return id;
  }

  deck(id) {
    const deck = this.decks.get(id);
    if (!deck) throw new APIError('Deck ID does not exist.', { status: 404 });
    return deck;
  }

  playerOf(deck, token) {
    for (const [name, secret] of deck.players) if (secret === token) return name;
    if (token) throw new APIError('The token is not valid for this deck.', { status: 401 });
    return null;
  }

  /** The player a change is made by: on a seated table, a change needs a valid token. */
  changer(deck, token) {
    const player = this.playerOf(deck, token);
    if (!player && deck.players.size > 0) throw new APIError('This table changes only through its players.', { status: 401 });
    return player;
  }

  /** Removes a player (the host, or the player themself): their hand goes back into the stack. */
  removePlayer(deckId, name, by = name) {
    const deck = this.deck(deckId);
    deck.players.delete(name);
    const hand = deck.piles.get(name) || [];
    deck.stack.push(...hand);
    deck.piles.delete(name);
    this.record(deck, 'leave', by, hand.length ? [{ from: name, to: 'deck', codes: hand }] : [], { removed_piles: [name] });
  }

  pile(deck, name) {
    if (!deck.piles.has(name)) deck.piles.set(name, []);
    return deck.piles.get(name);
  }

  pilesJSON(deck, viewer, listed = null) {
    const piles = {};
    for (const [name, cards] of deck.piles) {
      const entry = { remaining: cards.length };
      if (deck.players.has(name)) entry.private = true;
      if (deck.faceDown.has(name)) entry.face = 'down';
      if (name === listed && (!entry.private || name === viewer) && !entry.face) entry.cards = cards.map(card);
      piles[name] = entry;
    }
    return piles;
  }

  /** Records a change and sends it to every open stream, cards only where that subscriber may see them. */
  record(deck, kind, player, moved, extra = {}) {
    const id = deck.events.length + 1;
    // A gift can be taken back only while its receiver has not moved and nothing touched the receiver's hand.
    for (const [giver, gift] of deck.gifts || []) {
      if (kind !== 'presence' && (player === gift.to || moved.some((move) => move.from === gift.to || move.to === gift.to))) {
        deck.gifts.delete(giver);
      }
    }
    deck.events.push({ id, kind, player, moved, extra });
    for (const source of this.sources) if (source.deckId === deck.id && source.readyState === 1) source.deliver();
  }

  eventFor(deck, event, viewer) {
    const visible = (name) => (!deck.players.has(name) && !deck.faceDown.has(name)) || name === viewer;
    const moved = event.moved.map((move) => {
      const entry = { from: move.from, to: move.to, count: move.codes.length };
      // Cards going into the stack are never named (a new round, a removed player's hand), nor cards going into
      // a hidden place (another's hand, a face-down pile).
      if (!move.hidden && move.to !== 'deck' && visible(move.to)) entry.cards = move.codes.map(card);
      return entry;
    });
    const data = { deck_id: deck.id, remaining: deck.stack.length, piles: this.pilesJSON(deck, viewer), moved, ...event.extra };
    if (event.player) data.player = event.player;
    return { type: event.kind, lastEventId: String(event.id), data: JSON.stringify(data) };
  }

  /**
   * A call: fails while unreachable, waits a random delay, and may lose its answer after making the change. A change
   * (`request` names it, `options.key` is its Idempotency-Key) made before under the same key answers again.
   */
  async call(changes, body, request = null, options = {}) {
    if (this.maxDelayMs) await pause(this.random() * this.maxDelayMs);
    if (this.fault === 'unreachable') throw new APIError('The card server cannot be reached.', { unreachable: true });
    const key = options.key || null;
    const asked = JSON.stringify([request, options.token || null]);
    if (request) this.requests.push({ name: request[0], key });
    const earlier = key ? this.answersByKey.get(key) : null;
    if (earlier && earlier.asked !== asked) {
      throw new APIError('This Idempotency-Key was used for another request.', { status: 422 });
    }
    const answer = earlier ? earlier.answer : body();
    if (key && !earlier) this.answersByKey.set(key, { asked, answer });
    if (changes && this.lostAnswers > 0) {
      this.lostAnswers -= 1;
      throw new APIError('The card server cannot be reached.', { unreachable: true });
    }
    if (this.maxDelayMs) await pause(this.random() * this.maxDelayMs);
    return answer;
  }

  makeAPI() {
    return {
      newShuffledDeck: () => this.call(true, () => ({ success: true, deck_id: this.newDeck(), remaining: 52 })),
      join: (deckId, name, { displayName = null } = {}) => this.call(true, () => {
        const deck = this.deck(deckId);
        if (deck.players.has(name)) throw new APIError(`${name} is already a player.`, { status: 409 });
        const token = `token-${name}-${Math.floor(this.random() * 1e9)}`;
        deck.players.set(name, token);
        if (this.rich && displayName) deck.displayNames.set(name, displayName);
        this.pile(deck, name);
        this.record(deck, 'join', name, [], this.rich ? { players: this.playersJSON(deck) } : {});
        return { success: true, deck_id: deckId, player: name, token, piles: this.pilesJSON(deck, name) };
      }),
      deal: (deckId, to, count, options = {}) => this.call(true, () => {
        const deck = this.deck(deckId);
        const player = this.changer(deck, options.token);
        this.checkTurn(deck, player);
        if (count > deck.stack.length) throw new APIError(`Not enough cards remaining to draw ${count} additional`, { status: 404 });
        const codes = deck.stack.splice(0, count);
        this.pile(deck, to).push(...codes);
        this.applied.push({ player, kind: 'deal', to, count });
        this.record(deck, 'deal', player, [{ from: 'stack', to, codes }]);
        const answer = { success: true, deck_id: deckId, remaining: deck.stack.length, piles: this.pilesJSON(deck, player) };
        if (!deck.players.has(to) || to === player) answer.cards = codes.map(card);
        return answer;
      }, ['deal', deckId, to, count], options),
      addToPile: (deckId, pileName, codes, options = {}) => this.call(true, () => {
        const deck = this.deck(deckId);
        const player = this.changer(deck, options.token);
        this.checkTurn(deck, player);
        const moved = [];
        for (const code of codes) {
          const from = [...deck.piles].find(([, cards]) => cards.includes(code));
          if (options.from && (!from || from[0] !== options.from) && !this.allOrNothing) continue;
          if (options.from && (!from || from[0] !== options.from)) {
            throw new APIError(`The pile, ${options.from} does not contain the requested cards.`, { status: 404 });
          }
          if (!from) throw new APIError('The cards are not drawn.', { status: 400 });
          if (deck.players.has(from[0]) && from[0] !== player) throw new APIError('Not your hand.', { status: 403 });
          moved.push({ from: from[0], code });
        }
        if (!deck.piles.has(pileName) && options.face === 'down') deck.faceDown.add(pileName);
        for (const { from, code } of moved) {
          const cards = deck.piles.get(from);
          cards.splice(cards.indexOf(code), 1);
          this.pile(deck, pileName).push(code);
          this.applied.push({ player, kind: 'add', from, to: pileName, code });
        }
        this.record(deck, 'pile_add', player, moved.map(({ from, code }) => ({ from, to: pileName, codes: [code] })));
        if (options.from === player && deck.players.has(pileName) && pileName !== player) {
          deck.gifts.set(player, { to: pileName, codes: codes.slice() });
        }
        return { success: true, deck_id: deckId, remaining: deck.stack.length, piles: this.pilesJSON(deck, player, player) };
      }, ['add', deckId, pileName, codes, options.from || null, options.face || null], options),
      takeBackGift: (deckId, from, options = {}) => this.call(true, () => {
        const deck = this.deck(deckId);
        const player = this.changer(deck, options.token);
        const gift = deck.gifts.get(player);
        const hand = deck.piles.get(from) || [];
        if (!gift || gift.to !== from || !gift.codes.every((code) => hand.includes(code))) {
          throw new APIError(`The gift can no longer be taken back: ${from} has moved since.`, { status: 409 });
        }
        deck.gifts.delete(player);
        for (const code of gift.codes) hand.splice(hand.indexOf(code), 1);
        this.pile(deck, player).push(...gift.codes);
        this.record(deck, 'pile_add', player, gift.codes.map((code) => ({ from, to: player, codes: [code] })));
        return { success: true, deck_id: deckId, remaining: deck.stack.length, piles: this.pilesJSON(deck, player, player) };
      }, ['takeBack', deckId, from], options),
      removePlayer: (deckId, name, options = {}) => this.call(true, () => {
        const deck = this.deck(deckId);
        const player = this.changer(deck, options.token);
        if (!deck.players.has(name)) throw new APIError(`${name} is not at this table.`, { status: 404 });
        if (player !== name && [...deck.players.keys()][0] !== player) {
          throw new APIError('Only the host may remove another player.', { status: 403 });
        }
        this.removePlayer(deckId, name, player);
        return { success: true, deck_id: deckId, player: name, remaining: deck.stack.length, piles: this.pilesJSON(deck, player) };
      }, ['remove', deckId, name], options),
      turn: (deckId, { to = null, strict = null } = {}, options = {}) => this.call(true, () => {
        const deck = this.deck(deckId);
        const player = this.changer(deck, options.token);
        const names = [...deck.players.keys()];
        const host = names[0];
        if (!this.rich) throw new APIError('Not found.', { status: 404 });
        if (strict !== null && player !== host) throw new APIError('Only the host sets strict turns.', { status: 403 });
        if (to === 'next') {
          if (player !== deck.turn && player !== host) throw new APIError('Only the turn holder or the host passes it.', { status: 403 });
          deck.turn = names[(names.indexOf(deck.turn) + 1) % names.length];
        } else if (to) {
          if (player !== host) throw new APIError('Only the host gives the turn.', { status: 403 });
          deck.turn = to === 'none' ? null : to;
        }
        if (strict !== null) deck.strict = strict;
        this.record(deck, 'turn', player, [], { turn: deck.turn, strict_turns: deck.strict });
        return { success: true, deck_id: deckId, turn: deck.turn, strict_turns: deck.strict };
      }, ['turn', deckId, to, strict], options),
      seats: (deckId, order, options = {}) => this.call(true, () => {
        const deck = this.deck(deckId);
        const player = this.changer(deck, options.token);
        const names = [...deck.players.keys()];
        if (player !== names[0]) throw new APIError('Only the host changes the seats.', { status: 403 });
        if (order.length !== names.length || !names.every((name) => order.includes(name))) {
          throw new APIError('The order must name every player once.', { status: 400 });
        }
        deck.players = new Map(order.map((name) => [name, deck.players.get(name)]));
        this.record(deck, 'seats', player, [], { players: this.playersJSON(deck) });
        return { success: true, deck_id: deckId };
      }, ['seats', deckId, order.join()], options),
      deckInfo: (deckId) => this.call(false, () => {
        const deck = this.deck(deckId);
        return { success: true, deck_id: deckId, remaining: deck.stack.length, shuffled: true };
      }),
      newRound: (deckId, options = {}) => this.call(true, () => {
        const deck = this.deck(deckId);
        const player = this.changer(deck, options.token);
        if (deck.players.size > 0 && [...deck.players.keys()][0] !== player) {
          throw new APIError('Only the host may reshuffle the whole deck.', { status: 403 });
        }
        const moved = [];
        for (const [name, cards] of deck.piles) {
          if (cards.length) moved.push({ from: name, to: 'deck', codes: cards.slice(), hidden: true });
          deck.stack.push(...cards.splice(0));
        }
        for (let i = deck.stack.length - 1; i > 0; i--) {
          const j = Math.floor(this.random() * (i + 1));
          [deck.stack[i], deck.stack[j]] = [deck.stack[j], deck.stack[i]];
        }
        this.applied.push({ player, kind: 'newRound' });
        this.record(deck, 'shuffle', player, moved);
        return { success: true, deck_id: deckId, remaining: deck.stack.length, shuffled: true };
      }, ['newRound', deckId], options),
      listPile: (deckId, pileName, options = {}) => this.call(false, () => {
        const deck = this.deck(deckId);
        const player = this.playerOf(deck, options.token);
        if (!deck.piles.has(pileName)) throw new APIError(`The pile, ${pileName} does not exist.`, { status: 404 });
        return { success: true, deck_id: deckId, remaining: deck.stack.length, piles: this.pilesJSON(deck, player, pileName) };
      }),
      eventsURL: (deckId, token, lastEventId = null) => JSON.stringify({ deckId, token, lastEventId }),
    };
  }

  /** EventSource over this server: it opens, replays what the client missed, and reconnects by itself. */
  openEvents(url) {
    return new FakeEventSource(this, JSON.parse(url));
  }

  /** Resolves once every open stream has delivered every event (the fake network is idle). */
  async idle() {
    for (;;) {
      await pause(0);
      const behind = [...this.sources].some((source) => source.readyState !== 2
        && (source.readyState !== 1 || source.lastEventId < this.deck(source.deckId).events.length));
      if (!behind || this.fault) return;
    }
  }

  /** Every open stream drops; like EventSource, each reconnects by itself with its Last-Event-ID. */
  dropStreams() {
    for (const source of this.sources) if (source.readyState === 1) source.drop();
  }

  /** The table as `player` should see it: every pile's size, the player's hand and the centre. */
  truth(deckId, player) {
    const deck = this.deck(deckId);
    const piles = {};
    for (const [name, cards] of deck.piles) piles[name] = cards.length;
    return { remaining: deck.stack.length, piles, hand: deck.piles.get(player).slice(), centre: (deck.piles.get('centre') || []).slice() };
  }
}

class FakeEventSource {
  constructor(server, { deckId, token, lastEventId }) {
    this.server = server;
    this.deckId = deckId;
    this.token = token;
    this.lastEventId = lastEventId === null ? null : Number(lastEventId);
    this.listeners = new Map();
    this.readyState = 0;
    server.sources.add(this);
    setTimeout(() => this.connect(), 0);
  }

  addEventListener(type, listener) {
    if (!this.listeners.has(type)) this.listeners.set(type, []);
    this.listeners.get(type).push(listener);
  }

  emit(type, event = {}) { for (const listener of this.listeners.get(type) || []) listener(event); }

  connect() {
    if (this.readyState === 2) return;
    if (this.server.fault === 'unreachable') {
      this.readyState = 0;
      this.emit('error');
      setTimeout(() => this.connect(), 5);
      return;
    }
    const deck = this.server.deck(this.deckId);
    try {
      this.viewer = this.server.playerOf(deck, this.token);
    } catch {
      // A token the table no longer knows (a removed player): the stream is refused and EventSource gives up.
      this.readyState = 2;
      this.emit('error');
      return;
    }
    this.readyState = 1;
    this.emit('open');
    this.server.presence(deck, this.viewer, true);
    const forgotten = this.lastEventId !== null && this.lastEventId < this.server.keepsEventsAfter;
    if (this.lastEventId === null || forgotten) {
      const data = {
        deck_id: deck.id, remaining: deck.stack.length, piles: this.server.pilesJSON(deck, this.viewer), moved: [],
        ...this.server.rosterJSON(deck),
      };
      this.lastEventId = deck.events.length;
      const type = forgotten ? 'resync' : 'hello';
      this.emit(type, { type, lastEventId: String(this.lastEventId), data: JSON.stringify(data) });
    }
    this.deliver();
  }

  /** Sends every event after the last one sent, asynchronously, as a network would. */
  deliver() {
    setTimeout(() => {
      if (this.readyState !== 1) return;
      const deck = this.server.deck(this.deckId);
      while (this.lastEventId < deck.events.length) {
        const event = this.server.eventFor(deck, deck.events[this.lastEventId], this.viewer);
        this.lastEventId += 1;
        this.emit(event.type, event);
      }
    }, 0);
  }

  drop() {
    this.readyState = 0;
    this.emit('error');
    setTimeout(() => this.connect(), 5);
  }

  close() {
    const was = this.readyState;
    this.readyState = 2;
    this.server.sources.delete(this);
    if (was === 1 && this.server.decks.has(this.deckId)) this.server.presence(this.server.deck(this.deckId), this.viewer, false);
  }
}
