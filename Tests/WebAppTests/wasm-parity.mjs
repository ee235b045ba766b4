// Replays the native engine's scripted session (fixtures/swipe-parity.json, written and checked by
// Tests/SwipeStackTests/WasmParityFixtureTests.swift) on riffle.wasm through its C-ABI exports, outside the
// browser, and requires the same actions, events and frames within 1e-9. Also exercises the ListEditing exports.
//
// Usage: node Tests/WebAppTests/wasm-parity.mjs [path/to/riffle.wasm]

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Stride } from '../../Sources/RiffleWebApp/Public/js/wasm-interface.js';

const here = dirname(fileURLToPath(import.meta.url));
const wasmPath = process.argv[2] || join(here, '../../Sources/RiffleWebApp/Public/riffle.wasm');
const fixture = JSON.parse(readFileSync(join(here, 'fixtures/swipe-parity.json'), 'utf8'));
const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), {});
const x = instance.exports;
const TOLERANCE = 1e-9;

let passed = 0;
let failed = 0;
function check(name, ok, detail = '') {
  if (ok) {
    passed += 1;
  } else {
    failed += 1;
    console.log(`FAIL ${name}${detail ? `: ${detail}` : ''}`);
  }
}

function doubles(count) { return Array.from(new Float64Array(x.memory.buffer, x.riffle_buffer(), count)); }
function ints(count) { return Array.from(new Int32Array(x.memory.buffer, x.riffle_buffer(), count)); }

function close(a, b) {
  if (a.length !== b.length) return false;
  return a.every((value, i) => Math.abs(value - b[i]) <= TOLERANCE);
}

// MARK: SwipeStack: the fixture's steps, frame by frame

const c = fixture.config;
const h = x.riffle_stack_create(c.numberOfCards, c.width, c.height, c.visibleCards, c.directionSet);
const calls = {
  dragBegan: (a) => x.riffle_stack_drag_began(h, a[0], a[1], a[2]),
  dragMoved: (a) => x.riffle_stack_drag_moved(h, a[0], a[1], a[2]),
  dragEnded: (a) => x.riffle_stack_drag_ended(h, a[0], a[1], a[2]),
  dragCancelled: (a) => x.riffle_stack_drag_cancelled(h, a[0]),
  tapped: (a) => x.riffle_stack_tapped(h, a[0], a[1], a[2]),
  swipe: (a) => x.riffle_stack_swipe(h, a[0], a[1], a[2]),
  undo: (a) => x.riffle_stack_undo(h, a[0], a[1]),
  shift: (a) => x.riffle_stack_shift(h, a[0], a[1], a[2]),
  append: (a) => x.riffle_stack_append_cards(h, a[0]),
  tick: (a) => x.riffle_stack_animation_tick(h, a[0]),
};
let framesCompared = 0;
fixture.steps.forEach((step, n) => {
  const name = `step ${n} ${step.op}(${step.args.join(', ')})`;
  const action = calls[step.op](step.args);
  const expectedAction = step.action < 0 ? action < 0 : action === step.action;
  check(`${name} action`, expectedAction, `wasm ${action}, native ${step.action}`);
  const eventCount = x.riffle_stack_drain_events(h);
  const events = [];
  const raw = doubles(eventCount * 5);
  for (let i = 0; i < eventCount; i++) events.push(raw.slice(i * 5, i * 5 + 5));
  check(`${name} events`, events.length === step.events.length && events.every((e, i) => close(e, step.events[i])),
    `wasm ${JSON.stringify(events)}, native ${JSON.stringify(step.events)}`);
  fixture.sampleOffsets.forEach((offset, s) => {
    const count = x.riffle_stack_frame(h, step.time + offset);
    const flat = doubles(count * 13);
    const expected = step.frames[s];
    const same = count === expected.length && expected.every((p, i) => close(flat.slice(i * 13, i * 13 + 13), p));
    check(`${name} frame at +${offset}s`, same,
      `wasm ${JSON.stringify(flat)}, native ${JSON.stringify(expected.flat())}`);
    framesCompared += 1;
  });
});
x.riffle_stack_destroy(h);

// MARK: The host layer: the same session through riffle_cards_* and the native SwipeCardStack, op for op

const OP_STRIDE = Stride.operation;
const cards = x.riffle_cards_create(c.width, c.height, c.visibleCards, c.directionSet);
const cardCalls = {
  reload: (a) => x.riffle_cards_reload(cards, a[0]),
  frame: (a) => x.riffle_cards_frame(cards, a[0]),
  pointerBegan: (a) => x.riffle_cards_pointer_began(cards, a[0], a[1], a[2]),
  pointerMoved: (a) => x.riffle_cards_pointer_moved(cards, a[0], a[1], a[2]),
  pointerEnded: (a) => x.riffle_cards_pointer_ended(cards, a[0], a[1], a[2]),
  pointerCancelled: (a) => x.riffle_cards_pointer_cancelled(cards, a[0]),
  swipe: (a) => x.riffle_cards_swipe(cards, a[0], a[1], a[2]),
  undo: (a) => x.riffle_cards_undo(cards, a[0], a[1], a[2]),
  redo: (a) => x.riffle_cards_redo(cards, a[0], a[1]),
  shift: (a) => x.riffle_cards_shift(cards, a[0], a[1], a[2]),
  append: (a) => x.riffle_cards_append(cards, a[0], a[1]),
  insert: (a) => x.riffle_cards_insert(cards, a[0], a[1], a[2]),
  delete: (a) => x.riffle_cards_delete(cards, a[0], a[1]),
};
let operationsCompared = 0;
fixture.cards.forEach((step, n) => {
  const name = `host step ${n} ${step.op}(${step.args.join(', ')})`;
  const count = cardCalls[step.op](step.args);
  const ops = [];
  if (count > 0) {
    const flat = doubles(count * OP_STRIDE);
    for (let i = 0; i < count; i++) ops.push(flat.slice(i * OP_STRIDE, i * OP_STRIDE + OP_STRIDE));
  }
  const resultOk = step.result < 0 ? count < 0 : count === step.result;
  check(`${name} result`, resultOk, `wasm ${count}, native ${step.result}`);
  const same = ops.length === step.ops.length && ops.every((op, i) => close(op, step.ops[i]));
  check(`${name} operations`, same, `wasm ${JSON.stringify(ops)}, native ${JSON.stringify(step.ops)}`);
  operationsCompared += ops.length;
});
check('host layer: a view it never created has no card', x.riffle_cards_card_of_view(cards, 999) === -1);
check('host layer: a bad handle is refused', x.riffle_cards_frame(77, 0) === -100);
x.riffle_cards_destroy(cards);

// MARK: ListEditing: policies, handlers and the staged diff

const list = x.riffle_list_create(2, 2);
const buffer = () => new Int32Array(x.memory.buffer, x.riffle_buffer(), 64);
buffer().set([2, 1, 3, 10, 11, 12, 2, 1, 20]);  // keep [10, 11, 12], discard [20]
check('list load', x.riffle_list_load(list) === 0);
check('list move across piles', x.riffle_list_move(list, 1, 1, 2, 1) === 3);
check('list delete', x.riffle_list_delete(list, 1, 0) === 1);
check('list insert at the end', x.riffle_list_insert(list, 2, 2, 99) === 2);
check('list insert refused mid-pile', x.riffle_list_insert(list, 2, 0, 98) === -4);
check('list move to an unknown pile refused', x.riffle_list_move(list, 1, 0, 7, 0) === -1);
const diffLength = x.riffle_list_diff(list);
check('list diff stages', JSON.stringify(ints(diffLength)) === JSON.stringify([
  2,
  0, 0, 0, 0, 1, 0, 0, 0, 0, 0,  // stage 1: delete keep row 0 (card 10)
  0, 0, 0, 0, 0, 1, 1, 2, 99, 0, 1, 0, 0, 1, 1,  // stage 2: insert 99 at discard 2; move 11 to discard 1
]), JSON.stringify(ints(diffLength)));
const written = x.riffle_list_write(list);
check('list contents', JSON.stringify(ints(written)) === JSON.stringify([2, 1, 1, 12, 2, 3, 20, 11, 99]));
check('list diff after checkpoint is empty', x.riffle_list_diff(list) === 1 && ints(1)[0] === 0);

console.log(`wasm parity: ${framesCompared} frames over ${fixture.steps.length} steps compared with the native engine`);
console.log(`wasm parity: ${operationsCompared} host-layer operations over ${fixture.cards.length} steps compared`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
