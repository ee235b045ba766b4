// The felt of the Play view: every seat (name, count, online dot, turn and host marks), the deck drawn as a stack
// with Draw, the table piles (a face-up pile spreads its last cards, play-spread.js; a face-down one shows a back and
// its count), whose turn it is and the last move. A pile is also where lifted cards go: tapping it (a button named
// for what it does) plays them there, and a card dragged from the hand drops on it (`data-drop`). Rendered from the
// PlayModel; the owner (play-view.js) makes the changes. Every name is text (textContent).

import { renderKeyed, setAttribute, setText } from './keyed-render.js';
import { element, face } from './play-dom.js';
import { rosterEntry } from './play-roster.js';
import { pileSpread } from './play-spread.js';
import { CENTRE, FACE_DOWN_PILE, otherPlayers } from './play-state.js';
import { cardList, cards, codeName, pileLabel } from './play-words.js';

const MAX_BACKS = 5;
// The lines drawn in place of a list with nothing in it (keys of their own).
const NOBODY = Symbol('nobody seated');
const EMPTY = Symbol('an empty deck');

function back() {
  return element('img', { src: '/static/img/back.svg', alt: '', className: 'play-back', draggable: 'false' });
}

export class PlayFelt {
  /**
   * @param {object} options
   * @param {() => object} options.model the PlayModel shown.
   * @param {() => string[]} options.lifted the codes of the hand's lifted cards.
   * @param {(pile: string) => void} options.onPile a pile was tapped (play the lifted cards there).
   * @param {(code: string, pile: string) => void} options.onTake Take on a face-up pile's top card.
   * @param {() => void} options.onDraw Draw a card.
   * @param {() => number} [options.dealCount] how many cards the host's quick deal gives each player.
   * @param {(count: number) => void} [options.onDealAll] the host's quick deal to everyone.
   */
  constructor({ model, lifted, onPile, onTake, onDraw, dealCount = () => 5, onDealAll = () => {} }) {
    this.model = model;
    this.lifted = lifted;
    this.onPile = onPile;
    this.onTake = onTake;
    this.seats = element('ul', { className: 'play-others', role: 'list', 'aria-label': 'Other players' });
    this.mine = element('p', { className: 'play-my-seat' });
    this.stack = element('div', { className: 'play-stack', 'aria-hidden': 'true' });
    this.stackCount = element('p', { className: 'play-stack-count' });
    this.draw = element('button', { type: 'button', className: 'button small', text: 'Draw', 'aria-label': 'Draw a card' });
    this.draw.addEventListener('click', (event) => { if (event.detail < 2) onDraw(); });
    // The host's deal at the start of a round, one tap: while every hand is empty.
    this.dealCount = dealCount;
    this.dealAll = element('button', { type: 'button', className: 'button small', hidden: true });
    this.dealAll.addEventListener('click', (event) => {
      if (event.detail < 2 && this.dealAll.getAttribute('aria-disabled') !== 'true') onDealAll(this.dealCount());
    });
    this.piles = element('ul', { className: 'play-piles', role: 'list', 'aria-label': 'Table piles' });
    this.turn = element('p', { className: 'play-turn' });
    this.lastMove = element('p', { className: 'play-last-move' });
    this.root = element('section', { className: 'play-felt', 'aria-labelledby': 'play-felt-title' },
      element('h3', { id: 'play-felt-title', className: 'visually-hidden', text: 'The table' }),
      element('div', { className: 'play-seats' }, this.seats, this.mine),
      element('div', { className: 'play-middle' },
        element('div', { className: 'play-deck' }, this.stack, this.stackCount, this.draw, this.dealAll),
        this.piles),
      element('div', { className: 'play-turn-bar' }, this.turn, this.lastMove));
    // A new size (a phone turned, a window resized) spreads the piles for the room they have now.
    let width = 0;
    new ResizeObserver(() => {
      if (this.root.clientWidth === width || !this.root.isConnected) return;
      width = this.root.clientWidth;
      this.renderPiles(this.model());
    }).observe(this.root);
  }

  render() {
    const model = this.model();
    this.draw.hidden = !model.me;
    this.draw.disabled = !model.loaded || model.view.remaining === 0;
    if (model.isPending('deal')) this.draw.setAttribute('aria-disabled', 'true');
    else this.draw.removeAttribute('aria-disabled');
    this.renderSeats(model);
    this.renderDeck(model);
    const hands = model.roster.players.map((player) => model.view.piles[player.name]).filter(Boolean);
    const count = this.dealCount();
    this.dealAll.hidden = !(model.isHost && model.loaded && hands.length > 1 && hands.every((pile) => pile.remaining === 0)
      && Number.isInteger(count) && count > 0 && model.view.remaining >= count * hands.length);
    this.dealAll.textContent = `Deal ${count} to everyone`;
    if (model.isPending('dealAll')) this.dealAll.setAttribute('aria-disabled', 'true');
    else this.dealAll.removeAttribute('aria-disabled');
    this.renderPiles(model);
    const cue = model.turn;
    this.turn.hidden = !cue.known;
    this.turn.classList.toggle('is-mine', cue.mine);
    if (cue.known) {
      const holder = model.roster.turn;
      this.turn.textContent = !holder ? 'Nobody has the turn.'
        : cue.mine ? 'It is your turn.' : `It is ${model.nameOf(holder)}'s turn.`;
    }
    // The last move, beside the turn (which the turn line already says).
    const last = [...model.log].reverse().find((entry) => !/^(It is .*turn\.|Nobody has the turn\.)$/.test(entry.text));
    this.lastMove.textContent = last ? last.text : '';
  }

  /**
   * The other players in seat order, starting with the one after this player (as they sit around a table), where
   * the server says the seats; else in the order the piles come.
   */
  othersInSeatOrder(model) {
    const others = otherPlayers(model.view, model.me);
    const seats = model.roster.players.map((player) => player.name);
    if (!seats.length) return others;
    const mine = seats.indexOf(model.me);
    const around = mine < 0 ? seats : [...seats.slice(mine + 1), ...seats.slice(0, mine)];
    return [...around.filter((name) => others.includes(name)), ...others.filter((name) => !seats.includes(name))];
  }

  /** A seat's marks, as things to draw: online or offline, the turn, the host. */
  marks(model, name, turnText) {
    const roster = model.roster;
    const entry = rosterEntry(roster, name);
    const marks = [];
    if (entry && entry.online !== null) {
      marks.push({ mark: 'dot', className: `play-dot ${entry.online ? 'is-online' : 'is-offline'}`, hidden: true });
      marks.push({ mark: 'presence', text: entry.online ? 'online' : 'offline' });
    }
    if (roster.knows.turns && roster.turn === name) marks.push({ mark: 'turn', className: 'play-turn-mark', text: turnText });
    if (name === roster.host) marks.push({ mark: 'host', className: 'play-host-mark', text: 'host' });
    return marks;
  }

  renderSeats(model) {
    const view = model.view;
    const others = this.othersInSeatOrder(model).map((name) => ({
      name, count: view.piles[name].remaining, shown: model.nameOf(name), marks: this.marks(model, name, 'their turn'),
      turn: model.roster.turn === name, drop: model.me ? `player:${name}` : null,
    }));
    const nobody = { nobody: model.me ? 'Nobody else yet: share the link.' : 'Nobody is seated yet.' };
    renderKeyed(this.seats, others.length ? others : [nobody], {
      key: (seat) => (seat.nobody ? NOBODY : seat.name),
      create: (seat) => (seat.nobody ? element('li', { className: 'play-nobody' }) : this.seatItem()),
      update: (item, seat) => (seat.nobody ? setText(item, seat.nobody) : this.drawSeat(item, seat)),
    });
    const mine = model.me && view.piles[model.me];
    this.mine.hidden = !model.me;
    if (model.me) {
      const count = { mark: 'count', text: `You: ${cards(mine ? mine.remaining : 0)}` };
      renderMarks(this.mine, [count, ...this.marks(model, model.me, 'your turn')]);
    }
  }

  /** A seat of another player: their backs and count, then their marks. */
  seatItem() {
    return element('li', { className: 'play-player' },
      element('p', { className: 'play-player-name' },
        element('span', { className: 'play-backs', 'aria-hidden': 'true' }), element('span')),
      element('p', { className: 'play-marks' }));
  }

  drawSeat(item, seat) {
    const [name, marks] = item.children;
    const [backs, text] = name.children;
    setAttribute(item, 'data-drop', seat.drop);
    item.classList.toggle('is-turn', seat.turn);
    renderKeyed(backs, Array.from({ length: Math.min(seat.count, MAX_BACKS) }, (_, index) => index), {
      key: (index) => index, create: back,
    });
    setText(text, `${seat.shown}: ${cards(seat.count)}, face down`);
    renderMarks(marks, seat.marks);
  }

  /** A pile card's width as drawn (the deck's stack has it; CSS clamps it to the screen). */
  cardWidth() { return this.stack.offsetWidth || 56; }

  /** The deck drawn as a stack (a few backs, offset), and its count. */
  renderDeck(model) {
    const remaining = model.view.remaining;
    const layers = Array.from({ length: Math.min(4, Math.ceil(remaining / 13)) }, (_, index) => index);
    renderKeyed(this.stack, layers.length ? layers : [EMPTY], {
      key: (layer) => layer,
      create: (layer) => (layer === EMPTY ? element('div', { className: 'play-empty', text: 'Empty' }) : back()),
    });
    setText(this.stackCount, model.loaded || model.restoredFromDevice
      ? `${cards(remaining)} left in the deck.` : 'Reading the table…');
  }

  /** The table piles: the centre always (a target even while empty), then every other pile. */
  renderPiles(model) {
    const view = model.view;
    const names = view.order.filter((name) => !view.piles[name].private);
    if (!names.includes(CENTRE)) names.unshift(CENTRE);
    if (model.knowsFaceDown && model.me && !names.includes(FACE_DOWN_PILE)) names.push(FACE_DOWN_PILE);
    const lifted = this.lifted();
    document.body.classList.toggle('has-lifted', lifted.length > 0);
    // The piles' room: the middle of the felt less the deck beside them (measured on the containers, whose widths do
    // not depend on the piles drawn in them).
    const middle = this.piles.parentElement;
    const deck = middle && middle.firstElementChild;
    const width = Math.max(120, (middle ? middle.clientWidth : 300) - (deck ? deck.offsetWidth + 8 : 0));
    const cardWidth = this.cardWidth();
    const piles = names.map((name) => ({
      name,
      pile: view.piles[name] || { remaining: 0, cards: [], face: name === FACE_DOWN_PILE ? 'down' : null },
      // The first pile (the centre, where tricks go) takes the room the others leave.
      room: name === names[0] ? width - (names.length - 1) * (cardWidth + 24) : cardWidth * 2,
    }));
    const state = {
      me: model.me, lifted, blocked: model.turn.blocked, taking: model.isPending('take'), cardWidth,
      faceDownPlays: model.knowsFaceDown,
    };
    renderKeyed(this.piles, piles, {
      key: (entry) => entry.name,
      create: (entry) => this.pileItem(entry.name),
      update: (item, entry) => this.drawPile(item, entry, state),
    });
  }

  /**
   * One table pile: the whole pile is a button that plays the lifted cards there (its name and picture inside), then
   * its count, and Take for a face-up pile's top card. Drawn by drawPile.
   */
  pileItem(name) {
    const target = element('button', { type: 'button', className: 'play-pile-target' });
    target.addEventListener('click', (event) => {
      if (event.detail > 1 || target.getAttribute('aria-disabled') === 'true') return;
      this.onPile(name);
    });
    const take = element('button', { type: 'button', className: 'button small ghost' });
    take.addEventListener('click', (event) => {
      if (event.detail < 2 && take.getAttribute('aria-disabled') !== 'true') this.onTake(take.dataset.code, name);
    });
    const item = element('li', { className: 'play-pile' }, target, element('p', { className: 'play-count' }));
    item.take = take;
    return item;
  }

  /** A pile's name; a face-up pile's last cards spread (or Empty), a face-down pile's back; its count; Take. */
  drawPile(item, { name, pile, room }, { me, lifted, blocked, taking, cardWidth, faceDownPlays }) {
    const [target, countLine] = item.children;
    const label = pileLabel(name);
    const title = label.charAt(0).toUpperCase() + label.slice(1);
    const faceDown = pile.face === 'down' || !pile.cards;
    setAttribute(item, 'data-drop', me ? `pile:${name}` : null);
    let count;
    let showing = '';
    let top = null;
    if (faceDown) {
      drawTarget(target, title, pile.remaining ? 'back' : 'empty');
      count = `${cards(pile.remaining)}, face down.`;
    } else {
      top = pile.cards[pile.cards.length - 1] || null;
      const spread = pileSpread({ count: pile.cards.length, width: Math.max(cardWidth, room - 16), cardWidth });
      const shown = pile.cards.slice(pile.cards.length - spread.shown);
      const picture = drawTarget(target, title, top ? 'spread' : 'empty');
      if (top) {
        picture.style.width = `${spread.width.toFixed(1)}px`;
        renderKeyed(picture, shown.map((code, index) => ({ code, left: `${(index * spread.step).toFixed(1)}px` })), {
          key: (card) => card.code,
          create: (card) => face(card.code),
          update: (image, card) => { image.style.left = card.left; },
        });
      }
      showing = shown.length > 1 ? `; showing ${cardList(shown)}` : '';
      count = `${cards(pile.cards.length)} in ${label}${top ? `; the ${codeName(top)} on top` : ''}.`;
    }
    const faceDownPlay = name === FACE_DOWN_PILE && faceDownPlays;
    const playing = Boolean(me) && lifted.length > 0;
    setAttribute(target, 'aria-label', playing
      ? `Play ${cardList(lifted)}${faceDownPlay ? ' face down' : ''} to ${label}` : `${title}: ${count}${showing}`);
    // With nothing lifted a tap on a pile plays nothing; under strict turns, nothing out of turn.
    setAttribute(target, 'aria-disabled', !playing || blocked ? 'true' : null);
    setText(countLine, count);
    const take = item.take;
    if (top && me) {
      take.dataset.code = top;
      setText(take, `Take the ${codeName(top)}`);
      setAttribute(take, 'aria-disabled', taking ? 'true' : null);
      if (!take.isConnected || take.parentElement !== item) item.append(take);
    } else {
      take.remove();
    }
  }
}

/** A seat's marks (and, for this player's own line, its count), each a span drawn from its state. */
function renderMarks(parent, marks) {
  renderKeyed(parent, marks, {
    key: (mark) => mark.mark,
    create: () => element('span'),
    update: (span, mark) => {
      setAttribute(span, 'class', mark.className || null);
      setAttribute(span, 'aria-hidden', mark.hidden ? 'true' : null);
      setText(span, mark.text || '');
    },
  });
}

/**
 * A pile's button: its name, then its picture ('back', 'empty' or 'spread', kept while it stays the same kind).
 * Returns the picture.
 */
function drawTarget(target, title, picture) {
  renderKeyed(target, ['title', picture], {
    key: (part) => part,
    create: (part) => (part === 'title' ? element('h4')
      : part === 'back' ? element('div', { className: 'play-card' }, back())
        : part === 'empty' ? element('div', { className: 'play-empty', text: 'Empty' })
          : element('div', { className: 'play-spread' })),
    update: (node, part) => { if (part === 'title') setText(node, title); },
  });
  return target.lastElementChild;
}
