// The felt of the Play view: every seat (name, count, online dot, turn and host marks), the deck drawn as a stack
// with Draw, the table piles (a face-up pile spreads its last cards, play-spread.js; a face-down one shows a back and
// its count), whose turn it is and the last move. A pile is also where lifted cards go: tapping it (a button named
// for what it does) plays them there, and a card dragged from the hand drops on it (`data-drop`). Rendered from the
// PlayModel; the owner (play-view.js) makes the changes. Every name is text (textContent).

import { element, face } from './play-dom.js';
import { rosterEntry } from './play-roster.js';
import { pileSpread } from './play-spread.js';
import { CENTRE, FACE_DOWN_PILE, otherPlayers } from './play-state.js';
import { cardList, cards, codeName, pileLabel } from './play-words.js';

const MAX_BACKS = 5;

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

  /** Marks for a seat: online or offline, the turn, the host. */
  marks(model, name, turnText) {
    const roster = model.roster;
    const entry = rosterEntry(roster, name);
    const marks = element('p', { className: 'play-marks' });
    if (entry && entry.online !== null) {
      marks.append(element('span', { className: `play-dot ${entry.online ? 'is-online' : 'is-offline'}`, 'aria-hidden': 'true' }),
        element('span', { text: entry.online ? 'online' : 'offline' }));
    }
    if (roster.knows.turns && roster.turn === name) marks.append(element('span', { className: 'play-turn-mark', text: turnText }));
    if (name === roster.host) marks.append(element('span', { className: 'play-host-mark', text: 'host' }));
    return marks;
  }

  renderSeats(model) {
    const view = model.view;
    const others = this.othersInSeatOrder(model);
    const mine = model.me && view.piles[model.me];
    const key = JSON.stringify([model.me, model.roster, model.names, others.map((name) => view.piles[name].remaining),
      mine ? mine.remaining : null]);
    if (this.seatsKey === key) return;
    this.seatsKey = key;
    if (!others.length) {
      this.seats.replaceChildren(element('li', {
        className: 'play-nobody', text: model.me ? 'Nobody else yet: share the link.' : 'Nobody is seated yet.',
      }));
    } else {
      this.seats.replaceChildren(...others.map((name) => {
        const count = view.piles[name].remaining;
        const backs = element('span', { className: 'play-backs', 'aria-hidden': 'true' });
        for (let i = 0; i < Math.min(count, MAX_BACKS); i++) backs.append(back());
        const item = element('li', { className: 'play-player', 'data-drop': model.me ? `player:${name}` : null },
          element('p', { className: 'play-player-name' }, backs,
            element('span', { text: `${model.nameOf(name)}: ${cards(count)}, face down` })),
          this.marks(model, name, 'their turn'));
        item.classList.toggle('is-turn', model.roster.turn === name);
        return item;
      }));
    }
    this.mine.hidden = !model.me;
    if (model.me) {
      this.mine.replaceChildren(element('span', { text: `You: ${cards(mine ? mine.remaining : 0)}` }),
        ...this.marks(model, model.me, 'your turn').childNodes);
    }
  }

  /** A pile card's width as drawn (the deck's stack has it; CSS clamps it to the screen). */
  cardWidth() { return this.stack.offsetWidth || 56; }

  /** The deck drawn as a stack (a few backs, offset), and its count. */
  renderDeck(model) {
    const remaining = model.view.remaining;
    const layers = Math.min(4, Math.ceil(remaining / 13));
    if (this.stackLayers !== layers) {
      this.stackLayers = layers;
      this.stack.replaceChildren(...Array.from({ length: layers }, () => back()));
      if (!layers) this.stack.append(element('div', { className: 'play-empty', text: 'Empty' }));
    }
    this.stackCount.textContent = model.loaded || model.restoredFromDevice
      ? `${cards(remaining)} left in the deck.` : 'Reading the table…';
  }

  /** The table piles: the centre always (a target even while empty), then every other pile. */
  renderPiles(model) {
    const view = model.view;
    const names = view.order.filter((name) => !view.piles[name].private);
    if (!names.includes(CENTRE)) names.unshift(CENTRE);
    if (model.knowsFaceDown && model.me && !names.includes(FACE_DOWN_PILE)) names.push(FACE_DOWN_PILE);
    const lifted = this.lifted();
    document.body.classList.toggle('has-lifted', lifted.length > 0);
    const blocked = model.turn.blocked;
    // A pile whose look has not changed keeps its element (its images do not flicker, its buttons keep the focus).
    const kept = this.pileItems || new Map();
    this.pileItems = new Map();
    // The piles' room: the middle of the felt less the deck beside them (measured on the containers, whose widths do
    // not depend on the piles drawn in them).
    const middle = this.piles.parentElement;
    const deck = middle && middle.firstElementChild;
    const width = Math.max(120, (middle ? middle.clientWidth : 300) - (deck ? deck.offsetWidth + 8 : 0));
    const items = names.map((name) => {
      const pile = view.piles[name] || { remaining: 0, cards: [], face: name === FACE_DOWN_PILE ? 'down' : null };
      const key = JSON.stringify([name, pile.remaining, pile.face, pile.cards, Boolean(model.me), model.isPending('take'),
        lifted, blocked, width, names.length]);
      // The first pile (the centre, where tricks go) takes the room the others leave.
      const cardWidth = this.cardWidth();
      const room = name === names[0] ? width - (names.length - 1) * (cardWidth + 24) : cardWidth * 2;
      const item = (kept.get(name) && kept.get(name).key === key) ? kept.get(name).item
        : this.pileItem(model, name, pile, lifted, blocked, room);
      this.pileItems.set(name, { key, item });
      return item;
    });
    if (items.length !== this.piles.children.length || items.some((item, i) => this.piles.children[i] !== item)) {
      this.piles.replaceChildren(...items);
    }
  }

  /**
   * One table pile: its name; a face-up pile's last cards spread (or Empty), a face-down pile's back; its count;
   * the whole pile is a button that plays the lifted cards there; Take for a face-up top card.
   */
  pileItem(model, name, pile, lifted, blocked, room) {
    const label = pileLabel(name);
    const title = label.charAt(0).toUpperCase() + label.slice(1);
    const faceDown = pile.face === 'down' || !pile.cards;
    const item = element('li', { className: 'play-pile', 'data-drop': model.me ? `pile:${name}` : null });
    const heading = element('h4', { text: title });
    let picture;
    let count;
    if (faceDown) {
      picture = pile.remaining ? element('div', { className: 'play-card' }, back()) : element('div', { className: 'play-empty', text: 'Empty' });
      count = `${cards(pile.remaining)}, face down.`;
    } else {
      const top = pile.cards[pile.cards.length - 1];
      const cardWidth = this.cardWidth();
      const spread = pileSpread({ count: pile.cards.length, width: Math.max(cardWidth, room - 16), cardWidth });
      const shown = pile.cards.slice(pile.cards.length - spread.shown);
      picture = top
        ? element('div', { className: 'play-spread', style: `width: ${spread.width.toFixed(1)}px` },
          ...shown.map((code, i) => {
            const image = face(code);
            image.style.left = `${(i * spread.step).toFixed(1)}px`;
            return image;
          }))
        : element('div', { className: 'play-empty', text: 'Empty' });
      const showing = shown.length > 1 ? `; showing ${cardList(shown)}` : '';
      count = `${cards(pile.cards.length)} in ${label}${top ? `; the ${codeName(top)} on top` : ''}.`;
      item.dataset.showing = showing;
    }
    const target = element('button', { type: 'button', className: 'play-pile-target' }, heading, picture);
    const faceDownPlay = name === FACE_DOWN_PILE && model.knowsFaceDown;
    if (model.me && lifted.length) {
      target.setAttribute('aria-label', `Play ${cardList(lifted)}${faceDownPlay ? ' face down' : ''} to ${label}`);
      if (blocked) target.setAttribute('aria-disabled', 'true');
    } else {
      target.setAttribute('aria-label', `${title}: ${count}${item.dataset.showing || ''}`);
      target.setAttribute('aria-disabled', 'true');
    }
    target.addEventListener('click', (event) => {
      if (event.detail > 1 || target.getAttribute('aria-disabled') === 'true') return;
      this.onPile(name);
    });
    item.append(target, element('p', { className: 'play-count', text: count }));
    const top = !faceDown && pile.cards[pile.cards.length - 1];
    if (top && model.me) {
      const take = element('button', { type: 'button', className: 'button small ghost', text: `Take the ${codeName(top)}` });
      if (model.isPending('take')) take.setAttribute('aria-disabled', 'true');
      take.addEventListener('click', (event) => {
        if (event.detail < 2 && take.getAttribute('aria-disabled') !== 'true') this.onTake(top, name);
      });
      item.append(take);
    }
    return item;
  }
}
