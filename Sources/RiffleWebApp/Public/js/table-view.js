// The Table view: seed 001's final product. Draw deals the deck's next card onto a random spot of the table; a
// card is 20% of the table's height with the 226:314 aspect of the card art, always inside the table, and can be
// dragged (or moved with the arrow keys) anywhere on it. The table's cards are the deck model's `table` pile, so
// they are saved with the deck and kept on reload; where each lies is kept in the storage main.js gives it
// (localStorage).

import { cardImage, cardName } from './api.js';
import { PILES } from './deck-state.js';

const HEIGHT_FRACTION = 0.2;
const ASPECT = 226 / 314;
const KEY_STEP = 0.04;
const RIM = 14;  // the table's wooden edge, kept clear of cards
const PLACES_KEY = 'riffle.table.places';

function cards(count) { return `${count} ${count === 1 ? 'card' : 'cards'}`; }

export class TableView {
  /**
   * @param {object} options
   * @param {HTMLElement} options.root the view's section.
   * @param {DeckModel} options.model the deck model it renders and sends its draws to.
   * @param {(message: string) => void} options.announce says something in the live region.
   * @param {Storage} [options.storage] where the cards' places are kept (null: nowhere).
   */
  constructor({ root, model, announce, storage = null }) {
    this.root = root;
    this.model = model;
    this.announce = announce;
    this.storage = storage;
    this.table = root.querySelector('[data-table]');
    this.drawButton = root.querySelector('[data-action="draw"]');
    this.newDeckButton = root.querySelector('[data-action="new-deck"]');
    this.confirm = root.querySelector('[data-confirm]');
    this.remainingLabel = root.querySelector('[data-table-remaining]');
    this.hint = root.querySelector('[data-table-hint]');
    this.entries = new Map();  // code -> { code, element, fx, fy }: fx, fy place the card in the free space, 0...1
    this.places = this.loadPlaces();
    this.zCounter = 1;
    this.drawButton.addEventListener('click', () => this.draw());
    this.newDeckButton.addEventListener('click', () => this.askNewDeck());
    root.querySelector('[data-action="confirm-new-deck"]').addEventListener('click', () => this.newDeck());
    root.querySelector('[data-action="cancel-new-deck"]').addEventListener('click', () => this.closeConfirm());
    new ResizeObserver(() => this.layout()).observe(this.table);
  }

  start() {
    this.model.addEventListener('change', () => this.render());
    this.render();
  }

  // MARK: Commands

  draw() {
    if (!this.model.drawTo(PILES.table)) this.announce('The deck is empty. Start a new deck to keep dealing.');
  }

  askNewDeck() {
    this.confirm.hidden = false;
    this.confirm.querySelector('[data-action="confirm-new-deck"]').focus();
  }

  closeConfirm() {
    this.confirm.hidden = true;
    this.newDeckButton.focus();
  }

  newDeck() {
    this.confirm.hidden = true;
    this.model.newDeck();
    this.places = {};
    this.savePlaces();
    this.announce('A new deck is being shuffled: the table, Keep and Discard start empty.');
    this.drawButton.focus();
  }

  // MARK: Rendering from the model

  render() {
    const view = this.model.view;
    const codes = view.piles.table;
    const present = new Set(codes);
    for (const [code, entry] of this.entries) {
      if (!present.has(code)) {
        entry.element.remove();
        this.entries.delete(code);
      }
    }
    for (const code of codes) {
      if (!this.entries.has(code)) this.deal(code, this.wasLoaded === true);
    }
    this.wasLoaded = this.model.loaded;  // cards found when the deck is first read are not newly dealt
    const dealing = view.dealing.table;
    this.renderPending(dealing);
    const left = `${cards(view.remaining)} left in the deck`;
    const text = view.deckId || this.model.loaded ? (dealing > 0 ? `${left} · dealing…` : left) : 'Shuffling…';
    if (this.remainingLabel.textContent !== text) this.remainingLabel.textContent = text;
    this.drawButton.disabled = this.model.loaded && view.remaining <= 0;
    this.hint.hidden = codes.length > 0 || dealing > 0;
  }

  /** Cards drawn but not dealt yet (the server has not answered): face down, marked as waiting. */
  renderPending(count) {
    this.pending = this.pending || [];
    while (this.pending.length > count) this.pending.pop().element.remove();
    while (this.pending.length < count) {
      const element = document.createElement('div');
      element.className = 'table-card pending';
      element.setAttribute('role', 'img');
      element.setAttribute('aria-label', 'A card waiting for the card server');
      const back = document.createElement('img');
      back.src = '/static/img/back.svg';
      back.alt = '';
      element.appendChild(back);
      const entry = { element, fx: 0.5 + 0.04 * this.pending.length, fy: 0.5 };
      this.pending.push(entry);
      this.table.appendChild(element);
      this.place(entry);
    }
  }

  cardSize() {
    const height = this.table.clientHeight * HEIGHT_FRACTION;
    return { width: height * ASPECT, height };
  }

  deal(code, announce) {
    const card = this.model.card(code);
    if (!card) return;
    const element = document.createElement('button');
    element.type = 'button';
    element.className = announce ? 'table-card dealt' : 'table-card';
    element.dataset.code = code;
    element.setAttribute('aria-label', `${cardName(card)}: drag, or use the arrow keys, to move it`);
    const face = document.createElement('img');
    face.src = cardImage(card);
    face.alt = '';
    face.draggable = false;
    element.appendChild(face);
    const place = this.places[code] || [Math.random(), Math.random()];
    const entry = { code, element, fx: place[0], fy: place[1] };
    this.places[code] = place;
    this.entries.set(code, entry);
    element.style.zIndex = String(this.zCounter++);
    element.addEventListener('pointerdown', (event) => this.dragStart(event, entry));
    element.addEventListener('keydown', (event) => this.key(event, entry));
    element.addEventListener('animationend', () => element.classList.remove('dealt'));
    this.table.appendChild(element);
    this.place(entry);
    if (announce) {
      this.savePlaces();
      this.announce(`Dealt the ${cardName(card)}. ${cards(this.model.view.remaining)} left.`);
    }
  }

  layout() {
    for (const entry of this.entries.values()) this.place(entry);
    for (const entry of this.pending || []) this.place(entry);
  }

  place(entry) {
    const { width, height } = this.cardSize();
    const rim = Math.min(RIM, this.table.clientWidth / 10);
    const freeX = Math.max(this.table.clientWidth - width - 2 * rim, 0);
    const freeY = Math.max(this.table.clientHeight - height - 2 * rim, 0);
    entry.element.style.width = `${width}px`;
    entry.element.style.height = `${height}px`;
    entry.element.style.left = `${rim + entry.fx * freeX}px`;
    entry.element.style.top = `${rim + entry.fy * freeY}px`;
  }

  moved(entry) {
    this.places[entry.code] = [entry.fx, entry.fy];
    this.savePlaces();
  }

  // MARK: Input

  dragStart(event, entry) {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.preventDefault();
    const element = entry.element;
    element.focus({ preventScroll: true });
    element.setPointerCapture(event.pointerId);
    element.style.zIndex = String(this.zCounter++);
    element.classList.add('lifted');
    const start = { x: event.clientX, y: event.clientY, fx: entry.fx, fy: entry.fy };
    const { width, height } = this.cardSize();
    const rim = Math.min(RIM, this.table.clientWidth / 10);
    const freeX = Math.max(this.table.clientWidth - width - 2 * rim, 1);
    const freeY = Math.max(this.table.clientHeight - height - 2 * rim, 1);
    const move = (e) => {
      entry.fx = clamp(start.fx + (e.clientX - start.x) / freeX);
      entry.fy = clamp(start.fy + (e.clientY - start.y) / freeY);
      this.place(entry);
    };
    const end = () => {
      element.classList.remove('lifted');
      element.removeEventListener('pointermove', move);
      element.removeEventListener('pointerup', end);
      element.removeEventListener('pointercancel', end);
      this.moved(entry);
    };
    element.addEventListener('pointermove', move);
    element.addEventListener('pointerup', end);
    element.addEventListener('pointercancel', end);
  }

  key(event, entry) {
    const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const step = steps[event.key];
    if (!step) return;
    event.preventDefault();
    event.stopPropagation();
    entry.fx = clamp(entry.fx + step[0] * KEY_STEP);
    entry.fy = clamp(entry.fy + step[1] * KEY_STEP);
    entry.element.style.zIndex = String(this.zCounter++);
    this.place(entry);
    this.moved(entry);
  }

  // MARK: Where the cards lie

  loadPlaces() {
    try { return JSON.parse(this.storage.getItem(PLACES_KEY)) || {}; } catch { return {}; }
  }

  savePlaces() {
    const kept = {};
    for (const code of this.entries.keys()) kept[code] = this.places[code];
    this.places = kept;
    try { if (this.storage) this.storage.setItem(PLACES_KEY, JSON.stringify(kept)); } catch { /* no storage */ }
  }
}

function clamp(value) { return Math.min(Math.max(value, 0), 1); }
