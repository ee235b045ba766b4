// The Table view: seed 001's final product. Draw deals the deck's next card onto the table, at the first free
// place (row by row, left to right; where the cards leave none, where it overlaps least), always inside the table;
// a card can be dragged (or moved with the arrow keys, which say where it went) anywhere on it. A card is 20% of the
// table's height, but never so small that its corner cannot be read (a phone on its side), with the 226:314 aspect
// of the card art. The table's cards are the deck model's `table` pile, so they are saved with the deck and kept on
// reload; where each lies is kept in the storage main.js gives it (localStorage). A card drawn while the server does
// not answer lies face down where it will land, marked as waiting.

import { cardImage, cardName } from './api.js';
import { PILES } from './deck-state.js';

const HEIGHT_FRACTION = 0.2;
/** The smallest card whose corner index reads well, in CSS pixels, unless the table is too low for it. */
const READABLE_HEIGHT = 104;
const MAX_HEIGHT_FRACTION = 0.45;
const ASPECT = 226 / 314;
const KEY_STEP = 0.04;
const GAP = 10;  // between cards dealt side by side
const RIM = 14;  // the table's wooden edge, kept clear of cards
const PLACES_KEY = 'riffle.table.places';
const DIRECTIONS = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down' };
const EDGES = { left: 'left', right: 'right', up: 'top', down: 'bottom' };

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
    const dealing = view.dealing.table;
    for (const code of codes) {
      if (this.entries.has(code)) continue;
      // A card that was waiting face down lands where it lay.
      const waited = this.wasLoaded === true && this.pending && this.pending.length > dealing ? this.pending.shift() : null;
      if (waited) waited.element.remove();
      this.deal(code, this.wasLoaded === true, waited);
    }
    this.wasLoaded = this.model.loaded;  // cards found when the deck is first read are not newly dealt
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
      // Drawn in CSS: no image to fetch while the server cannot be reached.
      element.appendChild(Object.assign(document.createElement('span'), { className: 'card-back' }));
      const [fx, fy] = this.freePlace();
      const entry = { element, fx, fy };
      this.pending.push(entry);
      this.table.appendChild(element);
      this.place(entry);
    }
  }

  cardSize() {
    const tableHeight = this.table.clientHeight;
    const height = Math.min(
      Math.max(tableHeight * HEIGHT_FRACTION, READABLE_HEIGHT), tableHeight * MAX_HEIGHT_FRACTION,
      (this.table.clientWidth - 2 * RIM) / ASPECT);
    return { width: height * ASPECT, height };
  }

  /** The table's free space: the rim, and how far a card's top-left corner can move each way. */
  freeSpace() {
    const { width, height } = this.cardSize();
    const rim = Math.min(RIM, this.table.clientWidth / 10);
    return {
      width, height, rim,
      freeX: Math.max(this.table.clientWidth - width - 2 * rim, 0),
      freeY: Math.max(this.table.clientHeight - height - 2 * rim, 0),
    };
  }

  /**
   * Where a new card goes, as [fx, fy]: the first place, row by row and left to right, that no card on the table
   * (dealt or waiting) overlaps; when every place is taken, the one overlapped least.
   */
  freePlace() {
    const { width, height, rim, freeX, freeY } = this.freeSpace();
    const boxes = [...this.entries.values(), ...(this.pending || [])].map((entry) => ({
      left: rim + entry.fx * freeX, top: rim + entry.fy * freeY,
    }));
    const columns = Math.max(1, Math.floor((freeX + GAP) / (width + GAP)) + 1);
    const rows = Math.max(1, Math.floor((freeY + GAP) / (height + GAP)) + 1);
    let best = null;
    for (let row = 0; row < rows; row++) {
      for (let column = 0; column < columns; column++) {
        const left = rim + (columns > 1 ? column * freeX / (columns - 1) : freeX / 2);
        const top = rim + (rows > 1 ? row * freeY / (rows - 1) : freeY / 2);
        let overlap = 0;
        for (const box of boxes) {
          const x = Math.max(0, Math.min(left, box.left) + width - Math.max(left, box.left));
          const y = Math.max(0, Math.min(top, box.top) + height - Math.max(top, box.top));
          overlap += x * y;
        }
        if (!best || overlap < best.overlap) best = { overlap, left, top };
        if (overlap === 0) return [fraction(left - rim, freeX), fraction(top - rim, freeY)];
      }
    }
    return [fraction(best.left - rim, freeX), fraction(best.top - rim, freeY)];
  }

  deal(code, announce, waited = null) {
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
    const place = this.places[code] || (waited ? [waited.fx, waited.fy] : this.freePlace());
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
    const { width, height, rim, freeX, freeY } = this.freeSpace();
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
    const space = this.freeSpace();
    const freeX = Math.max(space.freeX, 1);
    const freeY = Math.max(space.freeY, 1);
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
    const before = [entry.fx, entry.fy];
    entry.fx = clamp(entry.fx + step[0] * KEY_STEP);
    entry.fy = clamp(entry.fy + step[1] * KEY_STEP);
    entry.element.style.zIndex = String(this.zCounter++);
    this.place(entry);
    this.moved(entry);
    const name = cardName(this.model.card(entry.code));
    const direction = DIRECTIONS[event.key];
    this.announce(before[0] === entry.fx && before[1] === entry.fy
      ? `The ${name} is already at the ${EDGES[direction]} edge of the table.`
      : `Moved the ${name} ${direction}: now ${whereOnTable(entry.fx, entry.fy)}.`);
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

function fraction(offset, free) { return free > 0 ? clamp(offset / free) : 0.5; }

/** A place on the table in words, by thirds ("at the top left of the table", "in the middle of the table"…). */
export function whereOnTable(fx, fy) {
  const column = fx < 1 / 3 ? 'left' : fx > 2 / 3 ? 'right' : 'centre';
  const row = fy < 1 / 3 ? 'top' : fy > 2 / 3 ? 'bottom' : 'middle';
  const edges = [fy === 0 && 'top', fy === 1 && 'bottom', fx === 0 && 'left', fx === 1 && 'right'].filter(Boolean);
  const place = row === 'middle' && column === 'centre' ? 'in the middle of the table'
    : row === 'middle' ? `on the ${column} side of the table` : `at the ${row} ${column} of the table`;
  return edges.length > 0 ? `${place}, against the ${edges.join(' and ')} edge${edges.length > 1 ? 's' : ''}` : place;
}
