// riffle.wasm: SwipeStack and ListEditing compiled with Embedded Swift, behind small JavaScript wrappers.
// Every call into the module is timed; stats.js turns the totals into engine time per animation frame.

import { stats } from './stats.js';

export const Action = Object.freeze({ none: 0, render: 1, animate: 2 });
export const Direction = Object.freeze({ left: 0, right: 1 }); // slots of SwipeDirection.horizontal
export const EventKind = Object.freeze({
  swiped: 1, undone: 2, shifted: 3, shiftUndone: 4, cancelled: 5, allSwiped: 6, selected: 7, progress: 8,
});
const PLACEMENT_STRIDE = 12;
const EVENT_STRIDE = 4;

/** Loads and instantiates the module; resolves to an Engine. */
export async function loadEngine(url = 'riffle.wasm') {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`riffle.wasm: HTTP ${response.status}`);
  const bytes = await response.arrayBuffer();
  const { instance } = await WebAssembly.instantiate(bytes, {});
  const engine = new Engine(instance.exports);
  engine.warmUp();
  return engine;
}

export class Engine {
  constructor(exports) {
    this.exports = exports;
    this.address = exports.riffle_buffer();
    this.capacity = exports.riffle_buffer_capacity();
    this.memory = null;
    this.depth = 0;
  }

  /**
   * Runs `body(exports)` and adds the time it took to the engine time of the current frame. Nested calls are
   * timed once, by the outermost: the browser coarsens performance.now(), so fewer, larger readings are closer.
   */
  call(body) {
    if (this.depth > 0) return body(this.exports);
    this.depth = 1;
    const start = performance.now();
    try {
      return body(this.exports);
    } finally {
      stats.addEngineTime(performance.now() - start);
      this.depth = 0;
    }
  }

  /**
   * Runs a throwaway drag, swipe, undo, shift and list edit, so the browser compiles those functions now (it
   * compiles wasm lazily) rather than during the user's first gesture. Not timed.
   */
  warmUp() {
    const x = this.exports;
    const h = x.riffle_stack_create(8, 300, 420, 3, 0);
    x.riffle_stack_drag_began(h, 150, 200, 0);
    for (let i = 1; i <= 6; i++) {
      x.riffle_stack_drag_moved(h, 150 + i * 30, 200, i * 0.016);
      x.riffle_stack_frame(h, i * 0.016);
      x.riffle_stack_drain_events(h);
    }
    x.riffle_stack_drag_ended(h, 340, 200, 0.12);
    for (const t of [0.2, 0.6]) {
      x.riffle_stack_animation_tick(h, t);
      x.riffle_stack_frame(h, t);
    }
    x.riffle_stack_drag_began(h, 150, 200, 1);
    x.riffle_stack_drag_moved(h, 160, 200, 1.2);
    x.riffle_stack_drag_ended(h, 160, 200, 1.4);
    x.riffle_stack_frame(h, 1.45);
    x.riffle_stack_undo(h, 1, 2);
    x.riffle_stack_swipe(h, 0, 1, 3);
    x.riffle_stack_shift(h, 1, 1, 4);
    x.riffle_stack_append_cards(h, 2);
    x.riffle_stack_frame(h, 4.1);
    x.riffle_stack_drain_events(h);
    x.riffle_stack_top_index(h);
    x.riffle_stack_remaining_count(h);
    x.riffle_stack_can_undo(h);
    x.riffle_stack_is_animating(h, 5);
    x.riffle_stack_destroy(h);
    const list = x.riffle_list_create(2, 2);
    this.intBuffer.set([2, 1, 2, 1, 2, 2, 1, 3]);
    x.riffle_list_load(list);
    x.riffle_list_move(list, 1, 0, 2, 1);
    x.riffle_list_insert(list, 2, 2, 4);
    x.riffle_list_delete(list, 1, 0);
    x.riffle_list_diff(list);
    x.riffle_list_write(list);
    x.riffle_list_destroy(list);
  }

  refreshViews() {
    if (this.memory !== this.exports.memory.buffer) {
      this.memory = this.exports.memory.buffer;
      this.doubles = new Float64Array(this.memory, this.address, this.capacity / 8);
      this.integers = new Int32Array(this.memory, this.address, this.capacity / 4);
    }
  }

  get floatBuffer() { this.refreshViews(); return this.doubles; }
  get intBuffer() { this.refreshViews(); return this.integers; }
}

/** One card stack: the engine decides where every card is; the page only draws. */
export class SwipeEngine {
  constructor(engine, { numberOfCards, width, height, visibleCards = 3 }) {
    this.engine = engine;
    this.handle = engine.call((x) => x.riffle_stack_create(numberOfCards, width, height, visibleCards, 0));
  }

  call(name, ...args) { return this.engine.call((x) => x[name](this.handle, ...args)); }

  resize(width, height) { return this.call('riffle_stack_resize', width, height); }
  setBackground(scaleStep, offsetStep) { return this.call('riffle_stack_set_background', scaleStep, offsetStep); }
  dragBegan(x, y, t) { return this.call('riffle_stack_drag_began', x, y, t); }
  dragMoved(x, y, t) { return this.call('riffle_stack_drag_moved', x, y, t); }
  dragEnded(x, y, t) { return this.call('riffle_stack_drag_ended', x, y, t); }
  dragCancelled(t) { return this.call('riffle_stack_drag_cancelled', t); }
  tapped(x, y, t) { return this.call('riffle_stack_tapped', x, y, t); }
  swipe(slot, animated, t) { return this.call('riffle_stack_swipe', slot, animated ? 1 : 0, t); }
  undo(animated, t) { return this.call('riffle_stack_undo', animated ? 1 : 0, t); }
  shift(distance, animated, t) { return this.call('riffle_stack_shift', distance, animated ? 1 : 0, t); }
  appendCards(count) { return this.call('riffle_stack_append_cards', count); }
  deleteCard(index) { return this.call('riffle_stack_delete_card', index); }
  animationTick(t) { return this.call('riffle_stack_animation_tick', t); }
  isAnimating(t) { return this.call('riffle_stack_is_animating', t) === 1; }
  get topIndex() { return this.call('riffle_stack_top_index'); }
  get remainingCount() { return this.call('riffle_stack_remaining_count'); }
  get cardCount() { return this.call('riffle_stack_card_count'); }
  get canUndo() { return this.call('riffle_stack_can_undo') === 1; }
  swipeDistance(slot) { return this.call('riffle_stack_swipe_distance', slot); }

  /** The placements at `t`, back to front, as plain objects. */
  frame(t) {
    const count = this.call('riffle_stack_frame', t);
    const buffer = this.engine.floatBuffer;
    const placements = new Array(count);
    for (let i = 0; i < count; i++) {
      const b = i * PLACEMENT_STRIDE;
      placements[i] = {
        index: buffer[b], position: buffer[b + 1], zIndex: buffer[b + 2],
        tx: buffer[b + 3], ty: buffer[b + 4], rotation: buffer[b + 5], scale: buffer[b + 6], opacity: buffer[b + 7],
        overlaySlot: buffer[b + 8], overlayOpacity: buffer[b + 9],
        secondarySlot: buffer[b + 10], secondaryOpacity: buffer[b + 11],
      };
    }
    return placements;
  }

  /** The events the engine queued since the last call, oldest first. */
  drainEvents() {
    const count = this.call('riffle_stack_drain_events');
    const buffer = this.engine.floatBuffer;
    const events = [];
    for (let i = 0; i < count; i++) {
      const b = i * EVENT_STRIDE;
      events.push({ kind: buffer[b], index: buffer[b + 1], slot: buffer[b + 2], value: buffer[b + 3] });
    }
    return events;
  }
}

export const EditOutcome = Object.freeze({ deleted: 1, inserted: 2, moved: 3, unchanged: 4 });
const REFUSALS = {
  '-1': 'that pile does not exist',
  '-2': 'that row does not exist',
  '-3': 'that pile cannot be edited',
  '-4': 'that row cannot be edited that way',
  '-5': 'rows there cannot be removed',
  '-6': 'cards cannot be added there',
  '-7': 'rows there cannot be moved',
  '-8': 'that row cannot be moved',
  '-9': 'cards cannot move to that pile',
  '-20': 'the list handlers did not change the list as required',
};

/** Why an edit was refused, in words. */
export function refusalReason(code) { return REFUSALS[String(code)] || `the edit was refused (${code})`; }

/**
 * Piles as a ListEditing list: sections and rows are integers (pile numbers, card numbers) the page assigns.
 * Edits go through the editor's policies and handlers; `diff()` returns the staged changes since the last diff.
 */
export class PileList {
  constructor(engine, { editing = 2, movement = 2 } = {}) {
    this.engine = engine;
    this.handle = engine.call((x) => x.riffle_list_create(editing, movement));
  }

  call(name, ...args) { return this.engine.call((x) => x[name](this.handle, ...args)); }

  static encode(sections, buffer) {
    let i = 0;
    buffer[i++] = sections.length;
    for (const section of sections) {
      buffer[i++] = section.id;
      buffer[i++] = section.rows.length;
      for (const row of section.rows) buffer[i++] = row;
    }
  }

  static decodeList(buffer, count) {
    const sections = [];
    let i = 1;
    for (let s = 0; s < buffer[0] && i < count; s++) {
      const id = buffer[i++];
      const rowCount = buffer[i++];
      sections.push({ id, rows: Array.from(buffer.subarray(i, i + rowCount)) });
      i += rowCount;
    }
    return sections;
  }

  load(sections) {
    PileList.encode(sections, this.engine.intBuffer);
    return this.call('riffle_list_load');
  }

  read() {
    const count = this.call('riffle_list_write');
    return PileList.decodeList(this.engine.intBuffer, count);
  }

  checkpoint() { return this.call('riffle_list_checkpoint'); }
  restore() { return this.call('riffle_list_restore'); }
  editingStyle(section, row) { return this.call('riffle_list_editing_style', section, row); }
  canMove(section, row) { return this.call('riffle_list_can_move', section, row) === 1; }
  moveRefusal(fromSection, fromRow, toSection, toRow) {
    return this.call('riffle_list_move_refusal', fromSection, fromRow, toSection, toRow);
  }
  deleteRow(section, row) { return this.call('riffle_list_delete', section, row); }
  insertRow(section, row, model) { return this.call('riffle_list_insert', section, row, model); }
  moveRow(fromSection, fromRow, toSection, toRow) {
    return this.call('riffle_list_move', fromSection, fromRow, toSection, toRow);
  }

  /** The staged changes from the last checkpoint to now (the current list becomes the checkpoint). */
  diff() { return this.decodeStages(this.call('riffle_list_diff')); }

  /** The staged changes from the current list to `sections`, which becomes the current list. */
  diffTo(sections) {
    PileList.encode(sections, this.engine.intBuffer);
    return this.decodeStages(this.call('riffle_list_diff_to'));
  }

  decodeStages(count) {
    if (count < 0) throw new Error(`ListEditing diff failed (${count})`);
    const b = this.engine.intBuffer;
    let i = 0;
    const next = () => b[i++];
    const stages = [];
    const stageCount = next();
    for (let s = 0; s < stageCount; s++) {
      const stage = {
        sectionDeletes: [], sectionInserts: [], sectionUpdates: [], sectionMoves: [],
        rowDeletes: [], rowInserts: [], rowUpdates: [], rowMoves: [],
      };
      for (let n = next(); n > 0; n--) stage.sectionDeletes.push(next());
      for (let n = next(); n > 0; n--) {
        const offset = next();
        const id = next();
        const rows = [];
        for (let r = next(); r > 0; r--) rows.push(next());
        stage.sectionInserts.push({ offset, id, rows });
      }
      for (let n = next(); n > 0; n--) stage.sectionUpdates.push(next());
      for (let n = next(); n > 0; n--) stage.sectionMoves.push({ source: next(), target: next() });
      for (let n = next(); n > 0; n--) stage.rowDeletes.push({ section: next(), row: next() });
      for (let n = next(); n > 0; n--) stage.rowInserts.push({ section: next(), row: next(), model: next() });
      for (let n = next(); n > 0; n--) stage.rowUpdates.push({ section: next(), row: next(), model: next() });
      for (let n = next(); n > 0; n--) {
        stage.rowMoves.push({
          source: { section: next(), row: next() }, target: { section: next(), row: next() },
        });
      }
      stages.push(stage);
    }
    return stages;
  }
}
