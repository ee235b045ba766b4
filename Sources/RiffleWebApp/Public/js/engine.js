// riffle.wasm: SwipeStack and ListEditing compiled with Embedded Swift, behind small JavaScript wrappers.
// Every call into the module is timed; stats.js turns the totals into engine time per animation frame.

import { stats } from './stats.js';
import { EditRefusal, ListStatus, Stride } from './wasm-interface.js';

// The codes riffle.wasm answers with come from one generated table (wasm-interface.js, written from
// Sources/RiffleWasm/interface.json together with the Swift side); the views import them from here.
export { Action, EditOutcome, EventKind, History, Op, StackStatus } from './wasm-interface.js';
export const Direction = Object.freeze({ left: 0, right: 1 }); // slots of SwipeDirection.horizontal
const OP_STRIDE = Stride.operation;

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
    x.riffle_stack_destroy(h);
    const c = x.riffle_cards_create(300, 420, 3, 0);
    x.riffle_cards_reload(c, 8);
    x.riffle_cards_frame(c, 0);
    x.riffle_cards_pointer_began(c, 150, 200, 0.1);
    for (let i = 1; i <= 6; i++) {
      x.riffle_cards_pointer_moved(c, 150 + i * 30, 200, 0.1 + i * 0.016);
      x.riffle_cards_frame(c, 0.1 + i * 0.016);
    }
    x.riffle_cards_pointer_ended(c, 340, 200, 0.22);
    for (const t of [0.3, 0.7]) x.riffle_cards_frame(c, t);
    x.riffle_cards_undo(c, 0, 1, 1);
    x.riffle_cards_redo(c, 1, 1.1);
    x.riffle_cards_swipe(c, 0, 1, 1.2);
    x.riffle_cards_shift(c, 1, 1, 1.3);
    x.riffle_cards_append(c, 2, 10);
    x.riffle_cards_delete(c, 9, 9);
    x.riffle_cards_frame(c, 1.4);
    x.riffle_cards_frame(c, 3);
    x.riffle_cards_top_index(c);
    x.riffle_cards_remaining_count(c);
    x.riffle_cards_history(c);
    x.riffle_cards_destroy(c);
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

/**
 * One card stack on the host layer (SwipeCardStack in riffle.wasm): the engine decides which card element exists,
 * where each one is drawn and what the delegate hears; every call returns the view operations to carry out, in
 * order, as `{ status, ops }` (status < 0: refused, nothing to do). Updates pass the page's card count afterwards.
 */
export class CardStack {
  constructor(engine, { width, height, visibleCards = 3 }) {
    this.engine = engine;
    this.handle = engine.call((x) => x.riffle_cards_create(width, height, visibleCards, 0));
    this.capacity = engine.exports.riffle_cards_operation_capacity();
  }

  run(name, ...args) {
    return this.engine.call((x) => {
      let count = x[name](this.handle, ...args);
      if (count < 0) return { status: count, ops: [] };
      const ops = [];
      for (;;) {
        const buffer = this.engine.floatBuffer;
        for (let i = 0; i < count; i++) ops.push(buffer.slice(i * OP_STRIDE, (i + 1) * OP_STRIDE));
        if (count < this.capacity) break;
        count = x.riffle_cards_drain(this.handle);
      }
      return { status: 0, ops };
    });
  }

  query(name, ...args) { return this.engine.call((x) => x[name](this.handle, ...args)); }

  reload(count) { return this.run('riffle_cards_reload', count); }
  layout(width, height, scaleStep, offsetStep) {
    return this.run('riffle_cards_layout', width, height, scaleStep, offsetStep);
  }
  frame(t) { return this.run('riffle_cards_frame', t); }
  pointerBegan(x, y, t) { return this.run('riffle_cards_pointer_began', x, y, t); }
  pointerMoved(x, y, t) { return this.run('riffle_cards_pointer_moved', x, y, t); }
  pointerEnded(x, y, t) { return this.run('riffle_cards_pointer_ended', x, y, t); }
  pointerCancelled(t) { return this.run('riffle_cards_pointer_cancelled', t); }
  swipe(slot, animated, t) { return this.run('riffle_cards_swipe', slot, animated ? 1 : 0, t); }
  /** kind: 0 the last swipe or shift, 1 the last swipe, 2 the last shift. */
  undo(kind, animated, t) { return this.run('riffle_cards_undo', kind, animated ? 1 : 0, t); }
  redo(animated, t) { return this.run('riffle_cards_redo', animated ? 1 : 0, t); }
  shift(distance, animated, t) { return this.run('riffle_cards_shift', distance, animated ? 1 : 0, t); }
  append(count, total) { return this.run('riffle_cards_append', count, total); }
  insert(index, position, total) { return this.run('riffle_cards_insert', index, position, total); }
  delete(index, total) { return this.run('riffle_cards_delete', index, total); }
  get needsFrame() { return this.query('riffle_cards_needs_frame') === 1; }
  get topIndex() { return this.query('riffle_cards_top_index'); }
  get remainingCount() { return this.query('riffle_cards_remaining_count'); }
  /** Bits of History: what undo and redo can do now. */
  get history() { return this.query('riffle_cards_history'); }
  get canUndo() { return (this.history & History.undo) !== 0; }
  indexOf(card) { return this.query('riffle_cards_index_of', card); }
  indexAtPosition(position) { return this.query('riffle_cards_index_at_position', position); }
  isAnimating(t) { return this.query('riffle_cards_is_animating', t) === 1; }
}

const REFUSALS = new Map([
  [EditRefusal.unknownSection, 'that pile does not exist'],
  [EditRefusal.rowOutOfRange, 'that row does not exist'],
  [EditRefusal.sectionNotBound, 'that pile cannot be edited'],
  [EditRefusal.styleNotAllowed, 'that row cannot be edited that way'],
  [EditRefusal.noDeleteHandler, 'rows there cannot be removed'],
  [EditRefusal.noInsertHandler, 'cards cannot be added there'],
  [EditRefusal.movingNotAllowed, 'rows there cannot be moved'],
  [EditRefusal.rowNotMovable, 'that row cannot be moved'],
  [EditRefusal.destinationNotAllowed, 'cards cannot move to that pile'],
  [ListStatus.handlerMistake, 'the list handlers did not change the list as required'],
]);

/** Why an edit was refused, in words. */
export function refusalReason(code) { return REFUSALS.get(code) || `the edit was refused (${code})`; }

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
