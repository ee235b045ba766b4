// The hand, docked along the bottom edge of the Play view: the player's cards fanned so that every one is on screen
// at any size, in two rows when one would leave a card less than 24 px to tap (play-fan.js), sortable by suit or
// rank. A card is a toggle button: a tap (or Space) lifts it; a tap on a pile of the felt then plays the lifted cards
// there, Play plays them to the centre, and they can be dragged (pointer events) onto a pile or a player (any element
// with `data-drop="pile:<name>"` or `data-drop="player:<name>"`). A double-tap or double-click plays one card to the
// centre at once; Enter plays the focused card (with the others lifted, when it is lifted too). The bar says whose
// turn it is ("Your turn"), and under strict turns Play is disabled out of turn and says whose turn it is. The dock
// renders from the PlayModel and asks its owner (`onPlay`, `onGive`, `onUndo`) to make the change; it keeps nothing
// but the lifted cards and the drag.

import { renderKeyed, setAttribute } from './keyed-render.js';
import { element, face } from './play-dom.js';
import { fanLayout } from './play-fan.js';
import { sortHand } from './play-hand.js';
import { cardList, cards, codeName } from './play-words.js';

const DRAG_SLOP = 6;
const DOUBLE_TAP_MS = 400;
const NO_CARDS = Symbol('no cards');
// Each order's button: its short visible text, and its name (which holds that text, for voice control).
const SORTS = [['dealt', 'Dealt', 'As dealt'], ['suit', 'Suit', 'By suit'], ['rank', 'Rank', 'By rank']];

export class HandDock {
  /**
   * @param {object} options
   * @param {() => object} options.model the PlayModel shown.
   * @param {(codes: string[], pile: string, face: string|null) => void} options.onPlay plays the cards.
   * @param {(codes: string[], player: string) => void} options.onGive gives the cards.
   * @param {() => void} options.onUndo takes the last play back.
   * @param {() => void} [options.onUndoGift] asks the last gift back.
   * @param {() => void} [options.onPass] passes the turn on (shown while it is this player's).
   * @param {() => void} [options.onChange] the lifted cards changed (the felt names its targets for them).
   */
  constructor({ model, onPlay, onGive, onUndo, onUndoGift = () => {}, onPass = () => {}, onChange = () => {} }) {
    this.model = model;
    this.onPlay = onPlay;
    this.onGive = onGive;
    this.onChange = onChange;
    this.selected = new Set();
    this.focusCode = null;
    this.lastDouble = { code: null, time: 0 };
    this.title = element('h2', { id: 'play-hand-title', tabindex: '-1' });
    this.hand = element('ul', { className: 'play-hand', role: 'list', 'aria-labelledby': 'play-hand-title' });
    this.cue = element('p', { className: 'play-turn-cue', id: 'play-turn-cue' });
    this.chosen = element('p', { className: 'play-chosen', id: 'play-chosen' });
    this.sortButtons = SORTS.map(([by, text, label]) => {
      const button = element('button', {
        type: 'button', className: 'button small ghost', text, 'aria-label': label, 'aria-pressed': 'false',
      });
      button.addEventListener('click', () => this.model().sortHand(by));
      button.dataset.sort = by;
      return button;
    });
    this.playButton = element('button', {
      type: 'button', className: 'button primary', text: 'Play', 'aria-describedby': 'play-chosen play-turn-cue',
    });
    this.undoButton = element('button', { type: 'button', className: 'button small ghost', text: 'Undo', hidden: true });
    // Away from Play, at the bar's far end: taking a gift back is a different thing from a play.
    this.undoGiftButton = element('button', {
      type: 'button', className: 'button small ghost', text: 'Undo the gift', hidden: true,
    });
    this.undoGiftButton.addEventListener('click', (event) => { if (event.detail < 2) onUndoGift(); });
    this.passButton = element('button', {
      type: 'button', className: 'button small ghost', text: 'Pass', 'aria-label': 'Pass the turn', hidden: true,
    });
    this.passButton.addEventListener('click', (event) => {
      if (event.detail < 2 && this.passButton.getAttribute('aria-disabled') !== 'true') onPass();
    });
    this.playButton.addEventListener('click', (event) => {
      if (event.detail > 1 || this.playButton.getAttribute('aria-disabled') === 'true') return;
      this.onPlay(this.choice(), 'centre', null);
    });
    this.undoButton.addEventListener('click', (event) => { if (event.detail < 2) onUndo(); });
    // The hand comes first in the focus order (the keyboard reaches the cards before anything else); the bar with
    // the title, the turn cue and Play is drawn above it.
    this.root = element('section', { className: 'play-dock', 'aria-labelledby': 'play-hand-title' },
      this.title,
      this.hand,
      element('div', { className: 'play-dock-bar' },
        this.cue,
        element('div', { className: 'play-actions-bar' }, this.playButton, this.undoButton, this.passButton,
          this.undoGiftButton)),
      this.chosen);
    // The order of the hand is chosen now and then: its buttons go to the table menu (play-drawer.js).
    this.sort = element('section', { className: 'play-area play-sort', 'aria-labelledby': 'play-sort-label' },
      element('h3', { id: 'play-sort-label', text: 'Sort your hand' }), ...this.sortButtons);
    this.hand.addEventListener('keydown', (event) => this.key(event));
    new ResizeObserver(() => this.layout()).observe(this.hand);
  }

  /** The lifted cards in the hand's order. */
  choice() {
    return [...this.hand.querySelectorAll('button[aria-pressed="true"]')].map((button) => button.dataset.code);
  }

  clearSelection() {
    this.selected.clear();
    this.render();
    this.onChange();
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

    const entries = order.map((code) => ({ code, state: stateOf.get(code) }));
    for (let place = 0; place < hidden; place++) entries.push({ hidden: place });
    if (entries.length === 0) entries.push(NO_CARDS);
    const focused = this.hand.contains(document.activeElement) ? document.activeElement : null;
    const focusedAt = focused ? [...this.hand.children].findIndex((child) => child.contains(focused)) : -1;
    renderKeyed(this.hand, entries, {
      // A card by its code; a card on its way whose face is not known yet by its place among those.
      key: (entry) => (entry === NO_CARDS ? NO_CARDS : entry.code ?? entry.hidden),
      kind: slotKind,
      create: (entry) => {
        const slot = slotKind(entry);
        if (slot === 'card') return this.cardItem(entry.code);
        if (slot === 'arriving') return this.arrivingItem(entry.code);
        if (slot === 'hidden') return hiddenItem();
        return element('li', { className: 'play-no-cards', text: 'No cards yet.' });
      },
      update: (item, entry) => {
        if (slotKind(entry) === 'card') this.drawCard(item.firstElementChild, entry.code, entry.state === 'playing');
      },
    });
    // A card that leaves takes no focus with it: the card now in its place gets it.
    if (focused && !this.hand.contains(focused)) {
      const buttons = [...this.hand.querySelectorAll('button')];
      const next = buttons[Math.min(focusedAt, buttons.length - 1)];
      if (next) this.focusCode = next.dataset.code;
      (next || this.title).focus();
    }

    // One card of the hand is in the tab order (arrow keys move between them).
    const buttons = [...this.hand.querySelectorAll('button')];
    const current = buttons.find((b) => b.dataset.code === this.focusCode) || buttons[0];
    for (const button of buttons) button.tabIndex = button === current ? 0 : -1;

    const count = this.selected.size;
    const cue = model.turn;
    this.cue.textContent = cue.text || '';
    this.cue.hidden = !cue.text;
    this.cue.classList.toggle('is-mine', cue.mine);
    this.root.classList.toggle('is-my-turn', cue.mine);
    this.chosen.textContent = cue.blocked
      ? `${cue.blocked} You can lift cards meanwhile.`
      : count ? `${cards(count)} lifted: tap a pile to play ${count === 1 ? 'it' : 'them'} there, or press Play for the centre.`
        : 'Tap a card to lift it, then tap a pile; a double-tap plays a card to the centre.';
    if (count > 0 && !cue.blocked) this.playButton.removeAttribute('aria-disabled');
    else this.playButton.setAttribute('aria-disabled', 'true');
    this.passButton.hidden = !cue.mine;
    if (model.isPending('turn')) this.passButton.setAttribute('aria-disabled', 'true');
    else this.passButton.removeAttribute('aria-disabled');
    const last = model.lastPlay;
    this.undoButton.hidden = !model.undoable;
    if (!this.undoButton.hidden) this.undoButton.setAttribute('aria-label', `Undo your last play: take back ${cardList(last.codes)}`);
    const gift = model.lastGift;
    this.undoGiftButton.hidden = !model.giftUndoable;
    if (!this.undoGiftButton.hidden) {
      this.undoGiftButton.setAttribute('aria-label',
        `Undo the gift: take back ${cardList(gift.codes)} from ${model.nameOf(gift.to)}`);
    }
    this.layout();
  }

  /** A card of the hand: lifted or not, and whether its play is on its way (it then ignores activations). */
  drawCard(button, code, playing) {
    setAttribute(button, 'aria-disabled', playing ? 'true' : null);
    button.classList.toggle('is-playing', playing);
    setAttribute(button, 'aria-pressed', String(this.selected.has(code)));
    setAttribute(button, 'aria-label', playing ? `${codeName(code)}, on its way` : codeName(code));
  }

  /** Fans the cards across the dock's width (every card on screen; two rows when one would be too tight). */
  layout() {
    const items = [...this.hand.children].filter((item) => item.querySelector('img'));
    const width = this.hand.clientWidth;
    if (!width || items.length === 0) {
      this.hand.classList.remove('is-two-rows');
      return;
    }
    // The cards' width as drawn (CSS clamps it to the screen).
    const cardWidth = items[0].offsetWidth || 64;
    const cardHeight = cardWidth * 314 / 226;
    const { cards: spots, rows } = fanLayout({ count: items.length, width, cardWidth, cardHeight });
    this.hand.classList.toggle('is-two-rows', rows > 1);
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
      this.onChange();
    });
    // A double-click (mouse) or a double-tap (touch, pen: told apart by time and place) plays the card to the
    // centre, once: the second way of seeing the same double press is ignored.
    button.addEventListener('dblclick', (event) => {
      event.preventDefault();
      this.playNow(code);
    });
    let lastTap = null;
    button.addEventListener('pointerup', (event) => {
      if (event.pointerType === 'mouse') return;
      const now = event.timeStamp;
      if (lastTap && now - lastTap.time < DOUBLE_TAP_MS && Math.hypot(event.clientX - lastTap.x, event.clientY - lastTap.y) < 24) {
        lastTap = null;
        this.playNow(code);
      } else {
        lastTap = { time: now, x: event.clientX, y: event.clientY };
      }
    });
    button.addEventListener('focus', () => { this.focusCode = code; });
    button.addEventListener('pointerdown', (event) => this.pointerDown(event, code, button));
    return element('li', {}, button);
  }

  /** Plays one card to the centre at once (a double-tap): once, however many ways the double press is seen. */
  playNow(code) {
    const now = performance.now();
    if (this.lastDouble.code === code && now - this.lastDouble.time < 1000) return;
    this.lastDouble = { code, time: now };
    this.selected.delete(code);
    this.onPlay([code], 'centre', null);
  }

  /**
   * Left and right (and Home, End) move between the cards of the hand; Enter plays the focused card (with the other
   * lifted cards, when it is lifted too), Space lifts it.
   */
  key(event) {
    const buttons = [...this.hand.querySelectorAll('button')];
    const index = buttons.indexOf(document.activeElement);
    if (index < 0) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      const code = buttons[index].dataset.code;
      if (buttons[index].getAttribute('aria-disabled') === 'true' || event.repeat) return;
      this.onPlay(this.selected.has(code) ? this.choice() : [code], 'centre', null);
      return;
    }
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
      const [place, name] = target.dataset.drop.split(':');
      const chosen = codes();
      if (place === 'pile') this.onPlay(chosen, name, name === 'down' && this.model().knowsFaceDown ? 'down' : null);
      if (place === 'player') this.onGive(chosen, name);
    };
    button.setPointerCapture(event.pointerId);
    button.addEventListener('pointermove', move);
    button.addEventListener('pointerup', end);
    button.addEventListener('pointercancel', end);
  }
}

/**
 * What a slot of the hand is drawn as: a card of the hand ('card'), one taken and on its way ('arriving'), one dealt
 * whose face is not known yet ('hidden'), or the line saying the hand is empty ('none').
 */
function slotKind(entry) {
  if (entry === NO_CARDS) return 'none';
  if (entry.code === undefined) return 'hidden';
  return entry.state === 'arriving' ? 'arriving' : 'card';
}

function hiddenItem() {
  return element('li', { className: 'play-dealing' },
    element('span', { className: 'visually-hidden', text: 'A card on its way' }),
    element('img', { src: '/static/img/back.svg', alt: '', className: 'play-face', draggable: 'false' }));
}
