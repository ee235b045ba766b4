// The Table view: seed 001's final product. Draw deals the next card of its own shuffled deck onto a random spot
// of the table; a card is 20% of the table's height with the 226:314 aspect of the card art, always inside the
// table, and can be dragged (or moved with the arrow keys) anywhere on it.

import { api, cardImage, cardName } from './api.js';

const HEIGHT_FRACTION = 0.2;
const ASPECT = 226 / 314;
const KEY_STEP = 0.04;
const RIM = 14;  // the table's wooden edge, kept clear of cards

export class TableView {
  constructor({ root, session, announce, reportFailure }) {
    this.root = root;
    this.session = session;
    this.announce = announce;
    this.reportFailure = reportFailure;
    this.table = root.querySelector('[data-table]');
    this.drawButton = root.querySelector('[data-action="draw"]');
    this.shuffleButton = root.querySelector('[data-action="new-table-deck"]');
    this.remainingLabel = root.querySelector('[data-table-remaining]');
    this.hint = root.querySelector('[data-table-hint]');
    this.deckId = null;
    this.remaining = 0;
    this.cards = [];  // { card, element, fx, fy }: fx, fy place the card within the free space, 0...1
    this.zCounter = 1;
    this.drawing = false;
    this.drawButton.addEventListener('click', () => this.draw());
    this.shuffleButton.addEventListener('click', () => this.newDeck());
    new ResizeObserver(() => this.layout()).observe(this.table);
  }

  async start() {
    await this.newDeck();
  }

  async newDeck() {
    const deck = await api.newShuffledDeck();
    this.deckId = deck.deck_id;
    this.remaining = deck.remaining;
    for (const entry of this.cards) entry.element.remove();
    this.cards = [];
    this.updateLabels();
  }

  cardSize() {
    const height = this.table.clientHeight * HEIGHT_FRACTION;
    return { width: height * ASPECT, height };
  }

  async draw() {
    if (this.drawing) return;
    if (!this.deckId) {
      try {
        await this.newDeck();
      } catch (error) {
        this.reportFailure('dealing a card', error, () => this.draw());
        return;
      }
    }
    if (this.remaining <= 0) {
      this.announce('The table deck is empty. Start a new deck to keep dealing.');
      return;
    }
    this.drawing = true;
    this.drawButton.setAttribute('aria-busy', 'true');
    try {
      const result = await api.draw(this.deckId, 1);
      this.remaining = result.remaining;
      for (const card of result.cards) this.deal(card);
    } catch (error) {
      this.reportFailure('dealing a card', error, () => this.draw());
    } finally {
      this.drawing = false;
      this.drawButton.removeAttribute('aria-busy');
      this.updateLabels();
    }
  }

  deal(card) {
    const element = document.createElement('button');
    element.type = 'button';
    element.className = 'table-card dealt';
    element.dataset.code = card.code;
    element.setAttribute('aria-label', `${cardName(card)}: drag, or use the arrow keys, to move it`);
    const face = document.createElement('img');
    face.src = cardImage(card);
    face.alt = '';
    face.draggable = false;
    element.appendChild(face);
    const entry = { card, element, fx: Math.random(), fy: Math.random() };
    this.cards.push(entry);
    element.style.zIndex = String(this.zCounter++);
    element.addEventListener('pointerdown', (event) => this.dragStart(event, entry));
    element.addEventListener('keydown', (event) => this.key(event, entry));
    element.addEventListener('animationend', () => element.classList.remove('dealt'));
    this.table.appendChild(element);
    this.place(entry);
    this.announce(`Dealt the ${cardName(card)}. ${this.remaining} cards left.`);
  }

  layout() {
    for (const entry of this.cards) this.place(entry);
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
    const freeX = Math.max(this.table.clientWidth - width - 2 * RIM, 1);
    const freeY = Math.max(this.table.clientHeight - height - 2 * RIM, 1);
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
  }

  updateLabels() {
    this.remainingLabel.textContent = this.deckId ? `${this.remaining} cards left in the deck` : '';
    this.drawButton.disabled = this.deckId !== null && this.remaining <= 0;
    this.hint.hidden = this.cards.length > 0;
  }
}

function clamp(value) { return Math.min(Math.max(value, 0), 1); }
