// The Swipe view: a stack dealt from the deck, driven by the SwipeStack host layer (SwipeCardStack) in riffle.wasm.
//
// The page only does DOM work: pointer events go to the host layer as they come; every call returns the view
// operations to carry out (create or reuse the element for a card, attach it at a z-index, apply its CSS matrix and
// overlay alphas, detach or free it) and the delegate calls, in order. Which element shows which card, view reuse
// and the animation clock live in the host layer, keyed by stable card identities. Swipes right put the card in
// the `keep` pile, left in `discard`; undo draws it back out of its pile.
//
// The deck model (deck-model.js) owns which cards are where and deals the hand (the infinite stack of seed 000):
// this view sends it commands (a swipe, an undo, a reshuffle) and, on its 'change' event, brings the stack in line
// with the model's hand through the host layer's updates (see MARK: Model).
//
// The swipes that undo can bring back are kept in the storage main.js gives the view, with the deck they belong to,
// so that undo still works after a reload: the restored stack replays them, unanimated and unannounced, into the host
// layer's history (see MARK: Undo history).

import { CardStack, Direction, EventKind, History, Op } from './engine.js';
import { cardImage, cardName } from './api.js';
import { PILES } from './deck-state.js';
import { stats } from './stats.js';

const VISIBLE_CARDS = 3;
// Faces fetched ahead of the visible cards, as the stack moves: the first load fetches only what it shows.
const PRELOAD_AHEAD = 2;
// Background cards peek out below the top one: 4% smaller and 4.5% of the card's height lower per position.
const BACKGROUND_SCALE_STEP = 0.04;
const BACKGROUND_OFFSET_FRACTION = 0.045;

// The time given to the host layer. With reduced motion, a released drag's spring-back or fly-off is skipped by
// moving this clock past its end (it only ever moves forward, so the host layer's time stays monotonic; the
// animation itself stays the host layer's).
let skippedSeconds = 0;
const RELEASE_SKIP_SECONDS = 5;
const now = () => performance.now() / 1000 + skippedSeconds;
/** Where the swipes undo can bring back are kept, and how many of them. */
const HISTORY_KEY = 'riffle.swipe.history';
const HISTORY_LIMIT = 104;

export class SwipeView {
  /**
   * @param {object} options
   * @param {HTMLElement} options.root the view's section.
   * @param {Engine} options.engine riffle.wasm.
   * @param {DeckModel} options.model the deck model it renders and sends its swipes to.
   * @param {(message: string) => void} options.announce says something in the live region.
   * @param {MediaQueryList} options.reducedMotion whether the user asked for less motion.
   * @param {Storage} [options.storage] where the undo history is kept across reloads (null: nowhere).
   */
  constructor({ root, engine, model, announce, reducedMotion, storage = null }) {
    this.root = root;
    this.engine = engine;
    this.model = model;
    this.announce = announce;
    this.reducedMotion = reducedMotion;
    this.storage = storage;
    this.history = [];          // the swipes undo can bring back, oldest first: { code, pile }
    this.historyRestored = false;
    this.restoring = false;     // replaying the kept history: the model and the user heard of those swipes already
    this.cards = [];            // the stack's data source: card objects by data-source index
    this.views = new Map();     // view number (handed out by the host layer) -> card element
    this.movedOnce = false;     // faces behind the visible cards are fetched once the stack has moved
    this.stack = null;
    this.applying = 0;          // depth of apply(): a model change heard meanwhile is synced after the batch
    this.syncing = false;       // within syncWithModel: a change heard meanwhile is synced once it is done
    this.syncPending = false;
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
    this.emptyTitle = root.querySelector('[data-empty-title]');
    this.emptyText = root.querySelector('[data-empty-text]');
    this.bindInput();
  }

  /** Starts the stack; its cards come from the model's hand as the model deals them. */
  async start() {
    const { width, height } = this.stackSize();
    this.stack = new CardStack(this.engine, { width, height, visibleCards: VISIBLE_CARDS });
    this.perform(this.stack.layout(width, height, BACKGROUND_SCALE_STEP, height * BACKGROUND_OFFSET_FRACTION));
    stats.benchmarkTarget = (iterations) => this.benchmark(iterations);
    new ResizeObserver(() => {
      const size = this.stackSize();
      this.perform(
        this.stack.layout(size.width, size.height, BACKGROUND_SCALE_STEP, size.height * BACKGROUND_OFFSET_FRACTION));
      this.requestFrame();
    }).observe(this.stackElement);
    this.model.addEventListener('change', () => this.syncWithModel());
    // The outbox stalling or resuming changes what an empty stack says.
    this.model.addEventListener('status', () => this.requestFrame());
    this.syncWithModel();
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
    if (!this.stack) return;
    const p = this.localPoint(event);
    const result = this.stack.pointerBegan(p.x, p.y, now());
    if (result.status < 0) return;
    event.preventDefault();
    this.stackElement.setPointerCapture(event.pointerId);
    this.pointer = { id: event.pointerId };
    this.stackElement.classList.add('dragging');
    this.perform(result);
  }

  pointerMove(event) {
    if (!this.pointer || event.pointerId !== this.pointer.id) return;
    const p = this.localPoint(event);
    this.perform(this.stack.pointerMoved(p.x, p.y, now()));
  }

  pointerUp(event) {
    if (!this.pointer || event.pointerId !== this.pointer.id) return;
    const p = this.localPoint(event);
    this.pointer = null;
    this.stackElement.classList.remove('dragging');
    // The host layer tells a tap (a short, still press) from a drag.
    this.perform(this.stack.pointerEnded(p.x, p.y, now()));
    if (this.reducedMotion.matches) this.skipReleaseAnimation();
  }

  pointerCancel(event) {
    if (!this.pointer || event.pointerId !== this.pointer.id) return;
    this.pointer = null;
    this.stackElement.classList.remove('dragging');
    this.perform(this.stack.pointerCancelled(now()));
  }

  keyDown(event) {
    if (!this.active || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    switch (event.key) {
      case 'ArrowLeft': this.swipe(Direction.left); break;
      case 'ArrowRight': this.swipe(Direction.right); break;
      case 'z': case 'Backspace': this.undo(); break;
      case 'Z': if (event.shiftKey) this.redo(); else this.undo(); break;
      default: return;
    }
    event.preventDefault();
  }

  // MARK: Actions

  swipe(slot) {
    if (!this.stack) return;
    const result = this.stack.swipe(slot, !this.reducedMotion.matches, now());
    if (result.status < 0) {
      this.announce(this.stack.remainingCount === 0 ? 'No card to swipe.' : 'That card cannot be swiped.');
      return;
    }
    this.perform(result);
  }

  /** The Undo button and Z: reverts the last swipe or shift, whichever came last. */
  undo() {
    if (!this.stack) return;
    const result = this.stack.undo(0, !this.reducedMotion.matches, now());
    if (result.status < 0) {
      this.announce('Nothing to undo.');
      return;
    }
    this.perform(result);
  }

  /** Shift+Z: performs the last undone swipe or shift again. */
  redo() {
    if (!this.stack) return;
    const result = this.stack.redo(!this.reducedMotion.matches, now());
    if (result.status < 0) {
      this.announce('Nothing to redo.');
      return;
    }
    this.perform(result);
  }

  shift() {
    if (!this.stack) return;
    const top = this.stackElement.querySelector('.card.top');
    const result = this.stack.shift(1, !this.reducedMotion.matches, now());
    if (result.status < 0) {
      this.announce('No card to shift.');
      return;
    }
    if (top && !this.reducedMotion.matches) this.showShiftedCard(top);
    this.perform(result);
  }

  /**
   * The host layer moves the top card to the bottom, out of the visible cards, so its view goes (and may be reused
   * at once for the card that comes into view): a copy of it slides down behind the stack instead, so that the user
   * sees where it went. The copy is decoration only; it is not one of the host layer's views.
   */
  showShiftedCard(top) {
    const copy = top.cloneNode(true);
    copy.classList.remove('top');
    copy.classList.add('shift-out');
    copy.style.setProperty('--from', top.style.transform);
    copy.style.zIndex = '0';
    copy.addEventListener('animationend', () => copy.remove());
    this.stackElement.appendChild(copy);
  }

  /** Reduced motion: the card lands where the released drag sends it at once (no spring-back, no fly-off). */
  skipReleaseAnimation() {
    skippedSeconds += RELEASE_SKIP_SECONDS;
    this.perform(this.stack.frame(now()));
    this.requestFrame();
  }

  /** Carries out what a host-layer call returned, then asks for a frame if the stack needs one. */
  perform(result) {
    this.apply(result.ops);
    if (this.stack.needsFrame) this.requestFrame();
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
    // One timed block for the frame's engine work: the host layer's frame and the labels' queries.
    const { result, labels, needsFrame } = this.engine.call(() => ({
      result: this.stack.frame(t),
      labels: this.labelState(),
      needsFrame: this.stack.needsFrame,
    }));
    const visible = this.apply(result.ops);
    this.updateLabels(labels);
    stats.frameDone(visible);
    if (needsFrame || this.pointer) {
      this.animating = true;
      this.requestFrame();
    } else if (this.animating) {
      this.animating = false;
      stats.animationEnded();
    }
  }

  // MARK: Drawing: the host layer's view operations

  /**
   * Carries out view operations and delegate calls in order; returns how many views were drawn. A delegate call may
   * change the model, whose 'change' would update the stack while the rest of this batch (computed before it) is
   * still to be carried out: that sync waits until the batch is done.
   */
  apply(ops) {
    this.applying += 1;
    try {
      return this.applyOperations(ops);
    } finally {
      this.applying -= 1;
      if (this.applying === 0 && this.syncPending && !this.syncing) this.syncWithModel();
    }
  }

  applyOperations(ops) {
    let drawn = 0;
    for (const op of ops) {
      const view = op[1];
      switch (op[0]) {
        case Op.create: {
          const element = this.makeCardElement(this.cards[op[3]]);
          this.views.set(view, element);
          break;
        }
        case Op.reuse: this.configure(this.views.get(view), this.cards[op[3]]); break;
        case Op.insert: {
          const element = this.views.get(view);
          element.style.zIndex = String(op[2] + 1);
          this.stackElement.appendChild(element);
          break;
        }
        case Op.reorder: this.views.get(view).style.zIndex = String(op[2] + 1); break;
        case Op.apply: {
          const element = this.views.get(view);
          element.style.transform =
            `matrix(${op[2].toFixed(5)}, ${op[3].toFixed(5)}, ${op[4].toFixed(5)}, ${op[5].toFixed(5)}, ` +
            `${op[6].toFixed(2)}, ${op[7].toFixed(2)})`;
          element.style.opacity = String(op[8]);
          // One stamp at a time: the side the card is dragged to. The host layer also blends in the angular
          // neighbour, which for left and right is the opposite side: a ghost PASS while dragging right.
          const pass = op[9 + Direction.left];
          const keep = op[9 + Direction.right];
          element.passOverlay.style.opacity = (pass > keep ? pass : 0).toFixed(3);
          element.keepOverlay.style.opacity = (keep >= pass ? keep : 0).toFixed(3);
          element.classList.toggle('top', op[11] === 0);
          element.dataset.position = String(op[11]);
          drawn += 1;
          break;
        }
        case Op.remove: this.views.get(view).remove(); break;
        case Op.discard: this.views.delete(view); break;
        case Op.event: this.handleEvent({ kind: op[1], index: op[2], slot: op[3], value: op[4], card: op[5] }); break;
        default: break;
      }
    }
    return drawn;
  }

  makeCardElement(card) {
    const element = document.createElement('div');
    element.className = 'card';
    element.setAttribute('aria-hidden', 'true');
    const face = document.createElement('img');
    face.alt = '';
    face.draggable = false;
    face.decoding = 'async';
    element.appendChild(face);
    element.face = face;
    element.keepOverlay = overlayElement('KEEP', 'keep');
    element.passOverlay = overlayElement('PASS', 'pass');
    element.append(element.keepOverlay, element.passOverlay);
    this.configure(element, card);
    return element;
  }

  /** Shows a card in an element (a new one, or one the host layer hands back for reuse). */
  configure(element, card) {
    element.dataset.code = card.code;
    const src = cardImage(card);
    if (element.face.getAttribute('src') !== src) element.face.src = src;
  }

  /** The engine state the labels and buttons show, read in one go. */
  labelState() {
    const history = this.stack.history;
    return {
      top: this.stack.topIndex, remaining: this.stack.remainingCount, canUndo: (history & History.undo) !== 0,
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
      card ? `Card stack. Top card: ${name}. Left and right arrow keys swipe, Z undoes, Shift+Z redoes.` : 'Card stack, empty.');
    this.stackElement.dataset.topCode = card ? card.code : '';
    const remaining = labels.remaining;
    const view = this.model.view;
    const counts = `${cards(remaining)} in the stack · ${cards(view.remaining)} left in the deck`;
    if (this.countsLabel.textContent !== counts) this.countsLabel.textContent = counts;
    const empty = this.model.loaded && remaining === 0 && view.remaining === 0 && view.dealing.hand === 0;
    // Cards are on their way but the server cannot be reached: say so rather than show an unexplained empty stack.
    const waiting = !empty && remaining === 0 && this.model.status.state === 'stalled';
    const active = document.activeElement;
    const focusWasOnControls = this.root.contains(active) && active.tagName === 'BUTTON';
    this.updateEmptyPanel(empty ? 'empty' : waiting ? 'waiting' : null);
    this.buttons.pass.disabled = remaining === 0;
    this.buttons.keep.disabled = remaining === 0;
    this.buttons.shift.disabled = remaining < 2;
    this.buttons.undo.disabled = !labels.canUndo;
    // A button that just disabled under the keyboard would drop focus to the page: keep it in the view.
    if (focusWasOnControls && document.activeElement && document.activeElement.disabled) {
      (empty || waiting ? this.emptyTitle : this.stackElement).focus({ preventScroll: true });
    }
  }

  /**
   * The empty stack explains itself: an empty deck says what Reshuffle does with each pile (and offers it only when
   * it changes something); a stack that ran dry while the server cannot be reached says that more cards come when
   * it is back. `kind` is 'empty', 'waiting' or null (the panel hides).
   */
  updateEmptyPanel(kind) {
    const wasKind = this.emptyPanel.hidden ? null : this.emptyPanel.dataset.kind;
    this.emptyPanel.hidden = !kind;
    if (!kind) return;
    this.emptyPanel.dataset.kind = kind;
    const reshuffle = this.buttons.reshuffle;
    if (kind === 'waiting') {
      const title = 'Waiting for the card server';
      const text = 'More cards come when the card server is back. Your swipes are kept on this device until then.';
      if (this.emptyTitle.textContent !== title) this.emptyTitle.textContent = title;
      if (this.emptyText.textContent !== text) this.emptyText.textContent = text;
      reshuffle.hidden = true;
      if (wasKind !== kind) this.announce(`The stack is empty. ${text}`);
      return;
    }
    if (this.emptyTitle.textContent !== 'The deck is empty.') this.emptyTitle.textContent = 'The deck is empty.';
    const { keep, discard, table } = this.model.view.piles;
    const text = discard.length > 0
      ? `Reshuffle puts the ${cards(discard.length)} in Discard back into the deck and shuffles it. ` +
        `Keep (${keep.length}) and the table (${table.length}) stay as they are.`
      : `There are no discards to shuffle back in. Keep (${keep.length}) and the table (${table.length}) stay as ` +
        'they are: return cards from Piles, or start a new deck from Table.';
    if (this.emptyText.textContent !== text) this.emptyText.textContent = text;
    reshuffle.hidden = discard.length === 0;
    reshuffle.textContent = `Reshuffle ${cards(discard.length)} from Discard`;
    if (wasKind !== kind) this.announce(`The deck is empty. ${text}`);
  }

  // MARK: Delegate calls

  handleEvent(event) {
    switch (event.kind) {
      case EventKind.swiped: this.cardSwiped(event.index, event.slot); break;
      case EventKind.undone: this.cardUndone(event.index); break;
      case EventKind.shifted: this.stackShifted(); break;
      case EventKind.shiftUndone: this.announce('Shift undone.'); break;
      case EventKind.selected: this.announce(`${cardName(this.cards[event.index])}.`); break;
      default: break;
    }
  }

  cardSwiped(index, slot) {
    if (this.restoring) return;
    const card = this.cards[index];
    const pile = slot === Direction.right ? PILES.keep : PILES.discard;
    this.model.swipe(card.code, pile);
    this.history.push({ code: card.code, pile });
    this.saveHistory();
    this.preloadAhead();
    const top = this.stack.topIndex;
    const next = top >= 0 ? ` Next: ${cardName(this.cards[top])}.` : ' The stack is empty.';
    this.announce(`${pile === PILES.keep ? 'Kept' : 'Passed'} ${cardName(card)}.${next}`);
    this.requestFrame();
  }

  cardUndone(index) {
    const card = this.cards[index];
    this.model.undo(card.code);
    this.forget(card.code);
    this.announce(`Undone: ${cardName(card)} is back on top.`);
    this.requestFrame();
  }

  /**
   * Fetches the faces of the cards just behind the visible ones, so that they show at once when they come up.
   * Only once the stack has moved: the first load transfers just the faces it shows.
   */
  preloadAhead() {
    this.movedOnce = true;
    for (let position = VISIBLE_CARDS; position < VISIBLE_CARDS + PRELOAD_AHEAD; position++) {
      const index = this.stack.indexAtPosition(position);
      if (index >= 0 && index < this.cards.length) preload(cardImage(this.cards[index]));
    }
  }

  stackShifted() {
    this.preloadAhead();
    const top = this.stack.topIndex;
    if (top >= 0) this.announce(`Shifted. Top card: ${cardName(this.cards[top])}.`);
    this.requestFrame();
  }

  // MARK: Model

  /**
   * Brings the stack in line with the model through the host layer's updates: a card the model no longer has in
   * the hand leaves the stack (another tab moved it, or Piles returned it), a swiped card the model says is back in
   * the hand or the deck leaves the history (undo can no longer bring it), and cards newly dealt to the hand are
   * appended at the bottom. The host layer keeps every other card's view and identity.
   */
  syncWithModel() {
    if (!this.stack) return;
    if (this.applying > 0 || this.syncing) {
      this.syncPending = true;
      return;
    }
    this.syncing = true;
    try {
      do {
        this.syncPending = false;
        this.syncOnce();
      } while (this.syncPending);
    } finally {
      this.syncing = false;
    }
    this.requestFrame();
  }

  /** One pass of syncWithModel: deletes, then appends (the kept undo history first, once the deck is known). */
  syncOnce() {
    if (!this.historyRestored && this.model.loaded && this.model.deckId) this.restoreHistory();
    const inStack = new Set();
    const remaining = this.stack.remainingCount;
    for (let position = 0; position < remaining; position++) inStack.add(this.stack.indexAtPosition(position));
    // From the back, so that the indices still to visit stay valid after each delete.
    for (let index = this.cards.length - 1; index >= 0; index--) {
      const where = this.model.where(this.cards[index].code);
      const stale = inStack.has(index) ? where !== 'hand' : where === 'hand' || where === null || where === PILES.table;
      if (stale) this.deleteCard(index);
    }
    const known = new Set(this.cards.map((card) => card.code));
    const dealt = this.model.view.hand.filter((code) => !known.has(code)).map((code) => this.model.card(code));
    if (dealt.length > 0) {
      this.cards.push(...dealt);
      this.perform(this.stack.append(dealt.length, this.cards.length));
      // The visible cards load their own faces; the ones behind them are fetched as the stack moves.
      if (this.movedOnce) this.preloadAhead();
    }
  }

  /** Deletes the card at a data-source index, remaining or swiped; the host layer releases its view. */
  deleteCard(index) {
    // The host layer checks the page's count after the delete, and refuses (changing nothing) if it does not add up.
    const result = this.stack.delete(index, this.cards.length - 1);
    if (result.status < 0) return;
    const [card] = this.cards.splice(index, 1);
    this.forget(card.code);
    this.perform(result);
  }

  // MARK: Undo history

  /**
   * Puts the kept swipes back into the host layer's history, once, before any card is dealt into the stack: the
   * cards still in the pile a swipe put them in (Keep or Discard) are appended and swiped again, unanimated, into
   * the pile where they are now; the delegate ignores those swipes (the model made them already). The rest of the
   * kept history is dropped (another tab or Piles moved those cards).
   */
  restoreHistory() {
    this.historyRestored = true;
    let kept = null;
    try { kept = JSON.parse(this.storage ? this.storage.getItem(HISTORY_KEY) : 'null'); } catch { kept = null; }
    if (this.cards.length > 0 || !kept || kept.deckId !== this.model.deckId || !Array.isArray(kept.swipes)) return;
    const swipes = [];
    for (const swipe of kept.swipes) {
      const pile = swipe && this.model.where(swipe.code);
      const card = pile && this.model.card(swipe.code);
      if ((pile === PILES.keep || pile === PILES.discard) && card && !swipes.some((s) => s.code === swipe.code)) {
        swipes.push({ code: swipe.code, pile });
      }
    }
    if (swipes.length === 0) return;
    this.cards.push(...swipes.map((swipe) => this.model.card(swipe.code)));
    this.perform(this.stack.append(swipes.length, this.cards.length));
    this.restoring = true;
    try {
      for (const swipe of swipes) {
        this.perform(this.stack.swipe(swipe.pile === PILES.keep ? Direction.right : Direction.left, false, now()));
      }
    } finally {
      this.restoring = false;
    }
    this.history = swipes;
    this.saveHistory();
  }

  /** A card undo can no longer bring back (undone, or gone from the stack). */
  forget(code) {
    const at = this.history.map((swipe) => swipe.code).lastIndexOf(code);
    if (at < 0) return;
    this.history.splice(at, 1);
    this.saveHistory();
  }

  saveHistory() {
    if (!this.storage || !this.model.deckId) return;
    const kept = { deckId: this.model.deckId, swipes: this.history.slice(-HISTORY_LIMIT) };
    try { this.storage.setItem(HISTORY_KEY, JSON.stringify(kept)); } catch { /* private mode: not kept */ }
  }

  /** The deck ran out: the discards go back into it (Keep and the table stay), and the model deals again. */
  reshuffle() {
    const count = this.model.view.piles.discard.length;
    if (this.model.reshuffleDiscards()) this.announce(`Reshuffled: ${cards(count)} from Discard are back in the deck.`);
  }

  // MARK: Measurement

  /**
   * Mean cost in ms of one animation frame's engine work (tick, placements, events, label queries, through the
   * same wrappers onFrame uses), over `iterations` repetitions; and of the bare frame export alone. Only while
   * idle, so that the repeated ticks and event reads change nothing.
   */
  benchmark(iterations) {
    if (!this.stack || this.pointer || this.frameRequested || this.stack.needsFrame) return null;
    const t = now();
    let visibleCards = 0;
    let start = performance.now();
    for (let i = 0; i < iterations; i++) {
      this.engine.call(() => {
        visibleCards = this.stack.frame(t).ops.length;
        this.labelState();
      });
    }
    const msPerFrame = (performance.now() - start) / iterations;
    const x = this.engine.exports;
    const handle = this.stack.handle;
    start = performance.now();
    for (let i = 0; i < iterations; i++) x.riffle_cards_frame(handle, t);
    const msPerFrameExport = (performance.now() - start) / iterations;
    stats.pendingMs = 0;  // the loop above is not a frame's work
    return { msPerFrame, msPerFrameExport, iterations, visibleCards };
  }
}

function cards(count) { return `${count} ${count === 1 ? 'card' : 'cards'}`; }

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
