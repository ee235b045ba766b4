// The Swipe view: a stack dealt from the deck, driven by the SwipeStack engine in riffle.wasm.
//
// Pointer events go to the engine as drags; every animation frame samples the engine's frame at the current time
// and moves the card elements exactly where it says. Swipes right put the card in the `keep` pile, left in
// `discard`; undo draws it back out of its pile. After every REFILL_EVERY swipes more cards are drawn and
// appended to the stack (the infinite stack of seed 000).

import { Action, Direction, EventKind, SwipeEngine } from './engine.js';
import { api, cardImage, cardName } from './api.js';
import { PILES } from './session.js';
import { stats } from './stats.js';

const INITIAL_CARDS = 10;
const REFILL_EVERY = 5;
const REFILL_COUNT = 5;
const LOW_WATER = 3;
const VISIBLE_CARDS = 3;
const TAP_SLOP = 6;
// Background cards peek out below the top one: 4% smaller and 4.5% of the card's height lower per position.
const BACKGROUND_SCALE_STEP = 0.04;
const BACKGROUND_OFFSET_FRACTION = 0.045;

const now = () => performance.now() / 1000;

export class SwipeView {
  constructor({ root, engine, session, piles, announce, reducedMotion }) {
    this.root = root;
    this.engine = engine;
    this.session = session;
    this.piles = piles;
    this.announce = announce;
    this.reducedMotion = reducedMotion;
    this.cards = [];            // the stack's data source: card objects by data-source index
    this.elements = new Map();  // data-source index -> card element
    this.stack = null;
    this.swipeCount = 0;
    this.refilling = null;
    this.frameRequested = false;
    this.animating = false;
    this.pointer = null;
    this.active = false;

    this.stackElement = root.querySelector('.stack');
    this.topCardLabel = root.querySelector('[data-top-card]');
    this.countsLabel = root.querySelector('[data-counts]');
    this.emptyPanel = root.querySelector('[data-empty]');
    this.buttons = {
      pass: root.querySelector('[data-action="pass"]'),
      keep: root.querySelector('[data-action="keep"]'),
      undo: root.querySelector('[data-action="undo"]'),
      shift: root.querySelector('[data-action="shift"]'),
      reshuffle: root.querySelector('[data-action="reshuffle"]'),
    };
    this.bindInput();
  }

  /** Starts the stack: with `restored` cards (a continued deck's hand) first, then dealing as usual. */
  async start(restored = null) {
    const { width, height } = this.stackSize();
    this.stack = new SwipeEngine(this.engine, { numberOfCards: 0, width, height, visibleCards: VISIBLE_CARDS });
    this.stack.setBackground(BACKGROUND_SCALE_STEP, height * BACKGROUND_OFFSET_FRACTION);
    stats.benchmarkTarget = (iterations) => this.benchmark(iterations);
    new ResizeObserver(() => {
      const size = this.stackSize();
      this.stack.resize(size.width, size.height);
      this.stack.setBackground(BACKGROUND_SCALE_STEP, size.height * BACKGROUND_OFFSET_FRACTION);
      this.requestFrame();
    }).observe(this.stackElement);
    if (restored && restored.length > 0) {
      this.cards.push(...restored);
      this.stack.appendCards(restored.length);
      this.requestFrame();
      if (restored.length > LOW_WATER) return;
    }
    await this.refill(INITIAL_CARDS);
  }

  stackSize() {
    const rect = this.stackElement.getBoundingClientRect();
    return { width: Math.max(rect.width, 1), height: Math.max(rect.height, 1) };
  }

  setActive(active) {
    this.active = active;
    if (active && this.stack) this.requestFrame();
  }

  // MARK: Input

  bindInput() {
    const el = this.stackElement;
    el.addEventListener('pointerdown', (event) => this.pointerDown(event));
    el.addEventListener('pointermove', (event) => this.pointerMove(event));
    el.addEventListener('pointerup', (event) => this.pointerUp(event));
    el.addEventListener('pointercancel', (event) => this.pointerCancel(event));
    el.addEventListener('lostpointercapture', (event) => this.pointerCancel(event));
    this.buttons.pass.addEventListener('click', () => this.swipe(Direction.left));
    this.buttons.keep.addEventListener('click', () => this.swipe(Direction.right));
    this.buttons.undo.addEventListener('click', () => this.undo());
    this.buttons.shift.addEventListener('click', () => this.shift());
    this.buttons.reshuffle.addEventListener('click', () => this.reshuffle());
    document.addEventListener('keydown', (event) => this.keyDown(event));
  }

  localPoint(event) {
    const rect = this.stackElement.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  }

  pointerDown(event) {
    if (this.pointer || (event.pointerType === 'mouse' && event.button !== 0)) return;
    if (!this.stack || this.stack.remainingCount === 0) return;
    const p = this.localPoint(event);
    const action = this.stack.dragBegan(p.x, p.y, now());
    if (action === Action.none) return;
    event.preventDefault();
    this.stackElement.setPointerCapture(event.pointerId);
    this.pointer = { id: event.pointerId, start: p, startTime: now(), moved: false };
    this.stackElement.classList.add('dragging');
    this.handle(action);
  }

  pointerMove(event) {
    if (!this.pointer || event.pointerId !== this.pointer.id) return;
    const p = this.localPoint(event);
    if (Math.hypot(p.x - this.pointer.start.x, p.y - this.pointer.start.y) > TAP_SLOP) this.pointer.moved = true;
    this.handle(this.stack.dragMoved(p.x, p.y, now()));
  }

  pointerUp(event) {
    if (!this.pointer || event.pointerId !== this.pointer.id) return;
    const p = this.localPoint(event);
    const t = now();
    const wasTap = !this.pointer.moved && t - this.pointer.startTime < 0.3;
    this.pointer = null;
    this.stackElement.classList.remove('dragging');
    this.handle(this.stack.dragEnded(p.x, p.y, t));
    if (wasTap) this.handle(this.stack.tapped(p.x, p.y, t));
  }

  pointerCancel(event) {
    if (!this.pointer || event.pointerId !== this.pointer.id) return;
    this.pointer = null;
    this.stackElement.classList.remove('dragging');
    this.handle(this.stack.dragCancelled(now()));
  }

  keyDown(event) {
    if (!this.active || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    switch (event.key) {
      case 'ArrowLeft': this.swipe(Direction.left); break;
      case 'ArrowRight': this.swipe(Direction.right); break;
      case 'z': case 'Z': case 'Backspace': this.undo(); break;
      default: return;
    }
    event.preventDefault();
  }

  // MARK: Actions

  swipe(slot) {
    if (!this.stack) return;
    const result = this.stack.swipe(slot, !this.reducedMotion.matches, now());
    if (result < 0) {
      this.announce(this.stack.remainingCount === 0 ? 'No card to swipe.' : 'That card cannot be swiped.');
      return;
    }
    this.handle(result);
  }

  undo() {
    if (!this.stack) return;
    const result = this.stack.undo(!this.reducedMotion.matches, now());
    if (result < 0) {
      this.announce('Nothing to undo.');
      return;
    }
    this.handle(result);
  }

  shift() {
    if (!this.stack) return;
    const result = this.stack.shift(1, !this.reducedMotion.matches, now());
    if (result < 0) {
      this.announce('No card to shift.');
      return;
    }
    this.handle(result);
  }

  /** Does what the engine asked after a call, then delivers its events. */
  handle(action) {
    if (action === Action.render || action === Action.animate) this.requestFrame();
    this.deliverEvents();
  }

  requestFrame() {
    if (this.frameRequested) return;
    this.frameRequested = true;
    requestAnimationFrame(() => this.onFrame());
  }

  onFrame() {
    this.frameRequested = false;
    if (!this.stack) return;
    const t = now();
    // One timed block for the frame's engine work: tick, placements, events and the labels' queries.
    const { tick, placements, events, labels } = this.engine.call(() => ({
      tick: this.stack.animationTick(t),
      placements: this.stack.frame(t),
      events: this.stack.drainEvents(),
      labels: this.labelState(),
    }));
    this.draw(placements, labels);
    this.handleEvents(events);
    stats.frameDone(placements.length);
    if (tick === Action.animate || this.pointer) {
      this.animating = true;
      this.requestFrame();
    } else if (this.animating) {
      this.animating = false;
      stats.animationEnded();
    }
  }

  // MARK: Drawing

  draw(placements, labels = this.labelState()) {
    const seen = new Set();
    for (const p of placements) {
      seen.add(p.index);
      let element = this.elements.get(p.index);
      if (!element) {
        element = this.makeCardElement(this.cards[p.index]);
        this.elements.set(p.index, element);
        this.stackElement.appendChild(element);
      }
      element.style.zIndex = String(p.zIndex + 1);
      element.style.opacity = String(p.opacity);
      element.style.transform =
        `translate3d(${p.tx.toFixed(2)}px, ${p.ty.toFixed(2)}px, 0) rotate(${p.rotation.toFixed(5)}rad) ` +
        `scale(${p.scale.toFixed(5)})`;
      element.classList.toggle('top', p.position === 0);
      element.dataset.position = String(p.position);
      const keep = overlayFor(p, Direction.right);
      const pass = overlayFor(p, Direction.left);
      element.keepOverlay.style.opacity = keep.toFixed(3);
      element.passOverlay.style.opacity = pass.toFixed(3);
    }
    for (const [index, element] of this.elements) {
      if (!seen.has(index)) {
        element.remove();
        this.elements.delete(index);
      }
    }
    this.updateLabels(labels);
  }

  makeCardElement(card) {
    const element = document.createElement('div');
    element.className = 'card';
    element.setAttribute('aria-hidden', 'true');
    element.dataset.code = card.code;
    const face = document.createElement('img');
    face.src = cardImage(card);
    face.alt = '';
    face.draggable = false;
    face.decoding = 'async';
    element.appendChild(face);
    element.keepOverlay = overlayElement('KEEP', 'keep');
    element.passOverlay = overlayElement('PASS', 'pass');
    element.append(element.keepOverlay, element.passOverlay);
    return element;
  }

  /** The engine state the labels and buttons show, read in one go. */
  labelState() {
    return {
      top: this.stack.topIndex, remaining: this.stack.remainingCount, canUndo: this.stack.canUndo,
    };
  }

  updateLabels(labels = this.labelState()) {
    const top = labels.top;
    const card = top >= 0 ? this.cards[top] : null;
    const name = card ? cardName(card) : 'none';
    const text = card ? `Top card: ${name}` : 'No card in the stack';
    if (this.topCardLabel.textContent !== text) this.topCardLabel.textContent = text;
    this.stackElement.setAttribute(
      'aria-label',
      card ? `Card stack. Top card: ${name}. Left and right arrow keys swipe, Z undoes.` : 'Card stack, empty.');
    this.stackElement.dataset.topCode = card ? card.code : '';
    const remaining = labels.remaining;
    const counts =
      `${remaining} in the stack · ${this.session.remaining} left in the deck`;
    if (this.countsLabel.textContent !== counts) this.countsLabel.textContent = counts;
    const empty = remaining === 0 && this.session.remaining === 0 && !this.refilling;
    this.emptyPanel.hidden = !empty;
    this.buttons.pass.disabled = remaining === 0;
    this.buttons.keep.disabled = remaining === 0;
    this.buttons.shift.disabled = remaining < 2;
    this.buttons.undo.disabled = !labels.canUndo;
  }

  // MARK: Engine events

  deliverEvents() {
    if (this.stack) this.handleEvents(this.stack.drainEvents());
  }

  handleEvents(events) {
    for (const event of events) {
      switch (event.kind) {
        case EventKind.swiped: this.cardSwiped(event.index, event.slot); break;
        case EventKind.undone: this.cardUndone(event.index); break;
        case EventKind.shifted: this.stackShifted(); break;
        case EventKind.shiftUndone: this.announce('Shift undone.'); break;
        case EventKind.selected: this.announce(`${cardName(this.cards[event.index])}.`); break;
        default: break;
      }
    }
  }

  cardSwiped(index, slot) {
    const card = this.cards[index];
    const pile = slot === Direction.right ? PILES.keep : PILES.discard;
    this.session.pileOf.set(card.code, pile);
    this.piles.cardAdded(card, pile);
    this.session.enqueue(`putting the ${cardName(card)} in ${pile}`, () =>
      api.addToPile(this.session.deckId, pile, [card.code]));
    this.swipeCount += 1;
    this.announce(`${pile === PILES.keep ? 'Kept' : 'Passed'} ${cardName(card)}.`);
    if (this.swipeCount % REFILL_EVERY === 0 || this.stack.remainingCount <= LOW_WATER) this.refill(REFILL_COUNT);
    this.requestFrame();
  }

  cardUndone(index) {
    const card = this.cards[index];
    const pile = this.session.pileOf.get(card.code);
    this.session.pileOf.delete(card.code);
    if (pile) {
      this.piles.cardRemoved(card);
      this.session.enqueue(`taking the ${cardName(card)} back from ${pile}`, () =>
        api.drawFromPile(this.session.deckId, pile, [card.code]));
    }
    this.announce(`Undone: ${cardName(card)} is back on top.`);
    this.requestFrame();
  }

  stackShifted() {
    const top = this.stack.topIndex;
    if (top >= 0) this.announce(`Shifted. Top card: ${cardName(this.cards[top])}.`);
  }

  /** A card the Piles view returned to the deck leaves the stack's history (undo can no longer bring it). */
  forgetCard(code) {
    const index = this.cards.findIndex((card) => card.code === code);
    if (index < 0 || !this.stack) return;
    if (this.stack.deleteCard(index) >= 0) {
      this.cards.splice(index, 1);
      const elements = new Map();
      for (const [i, element] of this.elements) {
        if (i === index) element.remove();
        else elements.set(i > index ? i - 1 : i, element);
      }
      this.elements = elements;
      this.requestFrame();
    }
  }

  // MARK: Refill and reshuffle

  /** Draws more cards and appends them to the bottom of the stack (seed 000's infinite stack). */
  refill(count) {
    if (this.refilling) return this.refilling;
    if (this.session.remaining <= 0 && this.session.deckId) {
      this.updateLabels();
      return Promise.resolve();
    }
    this.refilling = this.session.enqueue('drawing more cards', () => this.session.draw(count)).then((cards) => {
      if (cards.length > 0) {
        this.cards.push(...cards);
        this.stack.appendCards(cards.length);
        for (const card of cards) preload(cardImage(card));
      }
      this.refilling = null;
      if (this.stack.remainingCount <= LOW_WATER && this.session.remaining > 0) this.refill(count);
      this.requestFrame();
    });
    return this.refilling;
  }

  /** The deck ran out: put the discards back into it, shuffle, and keep going. */
  async reshuffle() {
    const discards = this.piles.cardsIn(PILES.discard);
    this.buttons.reshuffle.disabled = true;
    try {
      if (discards.length > 0) {
        await this.session.enqueue('returning the discards to the deck', () =>
          api.returnToDeck(this.session.deckId, PILES.discard, discards.map((card) => card.code)));
        await this.session.enqueue('shuffling the deck', () => api.shuffleRemaining(this.session.deckId));
        for (const card of discards) {
          this.session.pileOf.delete(card.code);
          this.piles.cardRemoved(card);
          this.forgetCard(card.code);
        }
      } else {
        await this.session.enqueue('shuffling every card back in', () => api.reshuffleAll(this.session.deckId));
        for (const card of this.piles.cardsIn(PILES.keep)) {
          this.session.pileOf.delete(card.code);
          this.piles.cardRemoved(card);
          this.forgetCard(card.code);
        }
      }
      const info = await this.session.enqueue('reading the deck', () => api.deckInfo(this.session.deckId));
      this.session.remaining = info.remaining;
      this.announce(`Reshuffled: ${info.remaining} cards in the deck.`);
      await this.refill(INITIAL_CARDS);
    } finally {
      this.buttons.reshuffle.disabled = false;
      this.requestFrame();
    }
  }

  // MARK: Measurement

  /**
   * Mean cost in ms of one animation frame's engine work (tick, placements, events, label queries, through the
   * same wrappers onFrame uses), over `iterations` repetitions; and of the bare frame export alone. Only while
   * idle, so that the repeated ticks and event reads change nothing.
   */
  benchmark(iterations) {
    if (!this.stack || this.pointer || this.frameRequested || this.stack.isAnimating(now())) return null;
    const t = now();
    let start = performance.now();
    for (let i = 0; i < iterations; i++) {
      this.engine.call(() => {
        this.stack.animationTick(t);
        this.stack.frame(t);
        this.stack.drainEvents();
        this.labelState();
      });
    }
    const msPerFrame = (performance.now() - start) / iterations;
    const x = this.engine.exports;
    const handle = this.stack.handle;
    start = performance.now();
    for (let i = 0; i < iterations; i++) x.riffle_stack_frame(handle, t);
    const msPerFrameExport = (performance.now() - start) / iterations;
    stats.pendingMs = 0;  // the loop above is not a frame's work
    return { msPerFrame, msPerFrameExport, iterations, visibleCards: this.stack.frame(t).length };
  }
}

function overlayFor(placement, slot) {
  if (placement.overlaySlot === slot) return placement.overlayOpacity;
  if (placement.secondarySlot === slot) return placement.secondaryOpacity;
  return 0;
}

function overlayElement(text, kind) {
  const element = document.createElement('div');
  element.className = `overlay overlay-${kind}`;
  element.textContent = text;
  element.style.opacity = '0';
  return element;
}

function preload(url) {
  const image = new Image();
  image.decoding = 'async';
  image.src = url;
}
