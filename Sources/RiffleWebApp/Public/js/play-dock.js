// The hand, docked along the bottom edge of the Play view: the player's cards fanned so that every one is on screen
// at any size (play-fan.js), sortable by suit or rank, each a toggle button that selects it; the selected cards are
// played onto a table pile or given to a player with the buttons beside them, by keyboard, or by dragging them
// (pointer events) onto a pile or a player on the felt (any element with `data-drop="pile:<name>"` or
// `data-drop="player:<name>"`). The dock renders from the PlayModel and asks its owner (`onPlay`, `onGive`) to
// make the change; it keeps nothing but the selection and the drag.

import { element, face } from './play-dom.js';
import { fanLayout } from './play-fan.js';
import { cards, codeName, sortHand } from './play-state.js';

const DRAG_SLOP = 6;
// Each order's button: its short visible text, and its name (which holds that text, for voice control).
const SORTS = [['dealt', 'Dealt', 'As dealt'], ['suit', 'Suit', 'By suit'], ['rank', 'Rank', 'By rank']];

export class HandDock {
  /**
   * @param {object} options
   * @param {() => object} options.model the PlayModel shown.
   * @param {(codes: string[], pile: string, face: string|null) => void} options.onPlay plays the cards.
   * @param {(codes: string[], player: string) => void} options.onGive gives the cards.
   */
  constructor({ model, onPlay, onGive }) {
    this.model = model;
    this.onPlay = onPlay;
    this.onGive = onGive;
    this.selected = new Set();
    this.items = new Map();
    this.focusCode = null;
    this.title = element('h3', { id: 'play-hand-title', tabindex: '-1' });
    this.hand = element('ul', { className: 'play-hand', role: 'list', 'aria-labelledby': 'play-hand-title' });
    this.chosen = element('p', { className: 'play-chosen', id: 'play-chosen' });
    this.sortButtons = SORTS.map(([by, text, label]) => {
      const button = element('button', {
        type: 'button', className: 'button small ghost', text, 'aria-label': label, 'aria-pressed': 'false',
      });
      button.addEventListener('click', () => this.model().sortHand(by));
      button.dataset.sort = by;
      return button;
    });
    this.playTo = element('select', { id: 'play-onto' });
    this.playButton = element('button', { type: 'button', className: 'button primary', text: 'Play', 'aria-describedby': 'play-chosen' });
    this.giveTo = element('select', { id: 'play-give-to' });
    this.giveButton = element('button', { type: 'button', className: 'button', text: 'Give', 'aria-describedby': 'play-chosen' });
    this.playButton.addEventListener('click', (event) => {
      if (event.detail > 1 || this.playButton.getAttribute('aria-disabled') === 'true') return;
      const [pile, faceDown] = this.playTo.value.split('|');
      this.onPlay(this.choice(), pile, faceDown === 'down' ? 'down' : null);
    });
    this.giveButton.addEventListener('click', (event) => {
      if (event.detail > 1 || this.giveButton.getAttribute('aria-disabled') === 'true') return;
      if (this.giveTo.value) this.onGive(this.choice(), this.giveTo.value);
    });
    this.root = element('section', { className: 'play-dock', 'aria-labelledby': 'play-hand-title' },
      element('div', { className: 'play-dock-bar' },
        this.title,
        element('div', { className: 'play-sort', role: 'group', 'aria-labelledby': 'play-sort-label' },
          element('span', { id: 'play-sort-label', className: 'play-sort-label', text: 'Sort' }), ...this.sortButtons),
        element('div', { className: 'play-actions-bar' },
          this.chosen,
          element('span', { className: 'play-act' },
            this.playButton, element('label', { for: 'play-onto', text: 'onto' }), this.playTo),
          element('span', { className: 'play-act' },
            this.giveButton, element('label', { for: 'play-give-to', text: 'to' }), this.giveTo))),
      this.hand);
    this.hand.addEventListener('keydown', (event) => this.key(event));
    new ResizeObserver(() => this.layout()).observe(this.hand);
  }

  /** The selected cards in the hand's order. */
  choice() {
    return [...this.hand.querySelectorAll('button[aria-pressed="true"]')].map((button) => button.dataset.code);
  }

  clearSelection() {
    this.selected.clear();
    this.render();
  }

  /** Draws the hand and the controls from the model. */
  render() {
    const model = this.model();
    const { slots, hidden } = model.handSlots();
    const mine = model.view.piles[model.me] || { remaining: 0 };
    this.title.textContent = `Your hand: ${cards(mine.remaining)}`;
    for (const button of this.sortButtons) button.setAttribute('aria-pressed', String(button.dataset.sort === model.sortBy));

    const order = sortHand(slots.map((slot) => slot.code), model.sortBy);
    const stateOf = new Map(slots.map((slot) => [slot.code, slot.state]));
    const held = new Set(slots.filter((slot) => slot.state === 'held').map((slot) => slot.code));
    for (const code of [...this.selected]) if (!held.has(code)) this.selected.delete(code);

    const kept = this.items;
    this.items = new Map();
    const items = order.map((code) => {
      const state = stateOf.get(code);
      const key = `${state === 'arriving' ? 'arriving' : 'held'}:${code}`;
      const item = kept.get(key) || (state === 'arriving' ? this.arrivingItem(code) : this.cardItem(code));
      const button = item.querySelector('button');
      if (button) {
        const playing = state === 'playing';
        if (playing) button.setAttribute('aria-disabled', 'true');
        else button.removeAttribute('aria-disabled');
        button.classList.toggle('is-playing', playing);
        button.setAttribute('aria-pressed', String(this.selected.has(code)));
        button.setAttribute('aria-label', playing ? `${codeName(code)}, on its way` : codeName(code));
      }
      this.items.set(key, item);
      return item;
    });
    for (let i = 0; i < hidden; i++) {
      items.push(element('li', { className: 'play-dealing' },
        element('span', { className: 'visually-hidden', text: 'A card on its way' }),
        element('img', { src: '/static/img/back.svg', alt: '', className: 'play-face', draggable: 'false' })));
    }
    if (items.length === 0) items.push(element('li', { className: 'play-no-cards', text: 'No cards yet.' }));
    const unchanged = items.length === this.hand.children.length && items.every((item, i) => this.hand.children[i] === item);
    if (!unchanged) this.replace(items);

    // One card of the hand is in the tab order (arrow keys move between them).
    const buttons = [...this.hand.querySelectorAll('button')];
    const current = buttons.find((b) => b.dataset.code === this.focusCode) || buttons[0];
    for (const button of buttons) button.tabIndex = button === current ? 0 : -1;

    const count = this.selected.size;
    this.chosen.textContent = count ? `${cards(count)} selected` : 'Select cards to play or give';
    this.renderTargets(model);
    const ready = (button, target) => {
      if (count > 0 && target.value) button.removeAttribute('aria-disabled');
      else button.setAttribute('aria-disabled', 'true');
    };
    ready(this.playButton, this.playTo);
    ready(this.giveButton, this.giveTo);
    this.layout();
  }

  /** The piles to play onto and the players to give to; rebuilt only when they change (an open list stays). */
  renderTargets(model) {
    const view = model.view;
    const piles = view.order.filter((name) => !view.piles[name].private && view.piles[name].face !== 'down');
    const options = [['centre|', 'Centre'], ...piles.filter((n) => n !== 'centre').map((n) => [`${n}|`, n])];
    if (model.knowsFaceDown) options.push(['down|down', 'Face down']);
    const key = JSON.stringify(options);
    if (this.playKey !== key) {
      const chosen = this.playTo.value;
      this.playKey = key;
      this.playTo.replaceChildren(...options.map(([value, text]) => element('option', { value, text })));
      if (options.some(([value]) => value === chosen)) this.playTo.value = chosen;
    }
    const players = view.order.filter((name) => name !== model.me && view.piles[name].private);
    const people = players.map((name) => [name, model.nameOf(name)]);
    const peopleKey = JSON.stringify(people);
    if (this.giveKey !== peopleKey) {
      const chosen = this.giveTo.value;
      this.giveKey = peopleKey;
      this.giveTo.replaceChildren(...(people.length
        ? people.map(([value, text]) => element('option', { value, text }))
        : [element('option', { value: '', text: 'nobody yet' })]));
      if (players.includes(chosen)) this.giveTo.value = chosen;
    }
  }

  /** Puts the new items in; a card that leaves takes no focus with it (the card now in its place gets it). */
  replace(items) {
    const focused = document.activeElement;
    const index = focused && this.hand.contains(focused)
      ? [...this.hand.children].findIndex((child) => child.contains(focused)) : -1;
    this.hand.replaceChildren(...items);
    if (index < 0) return;
    if (this.hand.contains(focused)) {
      if (document.activeElement !== focused) focused.focus();
      return;
    }
    const buttons = [...this.hand.querySelectorAll('button')];
    const next = buttons[Math.min(index, buttons.length - 1)];
    if (next) this.focusCode = next.dataset.code;
    (next || this.title).focus();
  }

  /** Fans the cards across the dock's width (every card on screen). */
  layout() {
    const items = [...this.hand.children].filter((item) => item.querySelector('img'));
    const width = this.hand.clientWidth;
    if (!width || items.length === 0) return;
    const style = getComputedStyle(this.hand);
    const cardWidth = parseFloat(style.getPropertyValue('--hand-card-width')) || 64;
    const cardHeight = cardWidth * 314 / 226;
    const { cards: spots } = fanLayout({ count: items.length, width, cardWidth, cardHeight });
    items.forEach((item, i) => {
      const { x, angle, y } = spots[i];
      item.style.setProperty('--x', `${x.toFixed(1)}px`);
      item.style.setProperty('--y', `${y.toFixed(1)}px`);
      item.style.setProperty('--angle', `${angle.toFixed(2)}deg`);
      item.style.zIndex = String(i + 1);
    });
  }

  arrivingItem(code) {
    return element('li', { className: 'play-dealing' },
      element('span', { className: 'visually-hidden', text: `The ${codeName(code)}, on its way to your hand` }), face(code));
  }

  cardItem(code) {
    const button = element('button', {
      type: 'button', className: 'play-card-button', 'data-code': code, 'aria-pressed': 'false',
      'aria-label': codeName(code),
    }, face(code));
    button.addEventListener('click', (event) => {
      if (this.dragged) {
        this.dragged = false;
        return;
      }
      if (button.getAttribute('aria-disabled') === 'true' || event.detail > 1) return;
      if (this.selected.has(code)) this.selected.delete(code);
      else this.selected.add(code);
      this.focusCode = code;
      this.render();
    });
    button.addEventListener('focus', () => { this.focusCode = code; });
    button.addEventListener('pointerdown', (event) => this.pointerDown(event, code, button));
    return element('li', {}, button);
  }

  /** Left and right (and Home, End) move between the cards of the hand. */
  key(event) {
    const buttons = [...this.hand.querySelectorAll('button')];
    const index = buttons.indexOf(document.activeElement);
    if (index < 0) return;
    const moves = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: buttons.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = buttons[Math.max(0, Math.min(buttons.length - 1, moves[event.key]))];
    this.focusCode = next.dataset.code;
    for (const button of buttons) button.tabIndex = button === next ? 0 : -1;
    next.focus();
  }

  // MARK: Dragging

  pointerDown(event, code, button) {
    if (event.button !== 0 || button.getAttribute('aria-disabled') === 'true') return;
    const start = { x: event.clientX, y: event.clientY };
    let ghost = null;
    let target = null;
    const codes = () => (this.selected.has(code) ? this.choice() : [code]);
    const move = (moveEvent) => {
      const dx = moveEvent.clientX - start.x;
      const dy = moveEvent.clientY - start.y;
      if (!ghost && Math.hypot(dx, dy) < DRAG_SLOP) return;
      if (!ghost) {
        ghost = element('div', { className: 'play-drag-ghost', 'aria-hidden': 'true' }, ...codes().map(face));
        document.body.append(ghost);
        button.classList.add('is-dragged');
      }
      ghost.style.transform = `translate(${moveEvent.clientX - 30}px, ${moveEvent.clientY - 40}px)`;
      ghost.hidden = true;
      const under = document.elementFromPoint(moveEvent.clientX, moveEvent.clientY);
      ghost.hidden = false;
      const next = under && under.closest('[data-drop]');
      if (next !== target) {
        if (target) target.classList.remove('is-drop-target');
        target = next;
        if (target) target.classList.add('is-drop-target');
      }
    };
    const end = (endEvent) => {
      button.removeEventListener('pointermove', move);
      button.removeEventListener('pointerup', end);
      button.removeEventListener('pointercancel', end);
      if (!ghost) return;
      // The click that follows the drag's release is not a selection.
      this.dragged = true;
      setTimeout(() => { this.dragged = false; }, 0);
      ghost.remove();
      button.classList.remove('is-dragged');
      if (target) target.classList.remove('is-drop-target');
      if (endEvent.type !== 'pointerup' || !target) return;
      const [kind, name] = target.dataset.drop.split(':');
      const chosen = codes();
      if (kind === 'pile') this.onPlay(chosen, name, name === 'down' && this.model().knowsFaceDown ? 'down' : null);
      if (kind === 'player') this.onGive(chosen, name);
    };
    button.setPointerCapture(event.pointerId);
    button.addEventListener('pointermove', move);
    button.addEventListener('pointerup', end);
    button.addEventListener('pointercancel', end);
  }
}
