// One declaration per contract: the event kinds the server sends are declared once, in TableCore's `TableEventKind`,
// and the Play view (event-kinds.js's EVENT_KINDS, the kinds it listens for) and the SDK (DeckEvent.Kind) must handle
// exactly those (EventKindContractTests checks the same from Swift, with the OpenAPI document). On the web app's side,
// every kind its Play modules test for must be listed, and the code that opens streams must listen for the list.
// Run: node --test Tests/WebAppTests/model/

import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { EVENT_KINDS } from '../../../Sources/RiffleWebApp/Public/js/event-kinds.js';
import { roundHistory } from '../../../Sources/RiffleWebApp/Public/js/play-history.js';
import { TableStream } from '../../../Sources/RiffleWebApp/Public/js/play-stream.js';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const WEB_JS = join(REPO, 'Sources/RiffleWebApp/Public/js');

/**
 * Every event kind the server sends: the cases of `TableEventKind`, the one declaration of them in the server's
 * Swift code (`case name` or `case name = "raw"`, a backquoted keyword such as `` `return` `` unquoted).
 */
export function serverEventKinds() {
  const source = readFileSync(join(REPO, 'Sources/TableCore/Events/TableEventKind.swift'), 'utf8');
  const body = source.slice(source.indexOf('enum TableEventKind'));
  const kinds = [...body.replace(/\/\/[^\n]*/g, '').matchAll(/^\s*case\s+`?(\w+)`?(?:\s*=\s*"([a-z_]+)")?\s*$/gm)]
    .map(([, name, raw]) => raw ?? name);
  assert.ok(kinds.length >= 15, `the cases of TableEventKind were read: ${kinds.join()}`);
  return kinds.sort();
}

test('the Play view listens for exactly the event kinds the server sends', () => {
  const server = serverEventKinds();
  assert.ok(server.includes('hello') && server.includes('presence') && server.includes('pile_face'), server.join());
  assert.deepEqual([...EVENT_KINDS].sort(), server);
});

test('DeckClient\'s DeckEvent.Kind names exactly the event kinds the server sends', () => {
  const source = readFileSync(join(REPO, 'Sources/DeckClient/Events/DeckEvent.swift'), 'utf8');
  const sdk = [...source.matchAll(/static let \w+ = Kind\("([a-z_]+)"\)/g)].map(([, kind]) => kind).sort();
  assert.deepEqual(sdk, serverEventKinds());
});

/**
 * Every event kind a source tests for: a string compared with a variable named `kind` (`kind === 'x'`, `'x' !== kind`),
 * an array literal asked `.includes(kind)`, or a `case 'x':` of a `switch (kind)`. Comments are left out.
 */
export function kindsTestedFor(source) {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const kinds = new Set();
  for (const [, kind] of code.matchAll(/(?<![\w.$])kind\s*[!=]==?\s*'([^']*)'/g)) kinds.add(kind);
  for (const [, kind] of code.matchAll(/'([^']*)'\s*[!=]==?\s*kind(?![\w$])/g)) kinds.add(kind);
  for (const [, list] of code.matchAll(/\[([^\]]*)\]\s*\.includes\(\s*kind\s*\)/g)) {
    for (const [, kind] of list.matchAll(/'([^']*)'/g)) kinds.add(kind);
  }
  for (const match of code.matchAll(/switch\s*\(\s*kind\s*\)\s*\{/g)) {
    let depth = 0;
    let end = match.index + match[0].length - 1;
    for (; end < code.length; end++) {
      if (code[end] === '{') depth++;
      if (code[end] === '}' && --depth === 0) break;
    }
    for (const [, kind] of code.slice(match.index, end).matchAll(/case\s+'([^']*)'\s*:/g)) kinds.add(kind);
  }
  return kinds;
}

test('the scan finds every way of testing for a kind, and only tests of a variable named kind', () => {
  const source = `
    if (kind === 'join') x();             // kind === 'commented'
    if ('leave' !== kind || change.kind === 'play' || other.kind === 'deal') y();
    if (['turn', 'seats'].includes(kind)) z();
    /* kind === 'gone' */
    switch (kind) { case 'lock': { break; } case 'rename': break; default: break; }
    switch (change.kind) { case 'newRound': break; }
    const words = 'kind === \\'quoted\\'';`;
  assert.deepEqual([...kindsTestedFor(source)].sort(), ['join', 'leave', 'lock', 'rename', 'seats', 'turn']);
});

test('every event kind the Play view handles is listed in EVENT_KINDS', () => {
  // In the Play view's modules a variable named `kind` is always an event's kind (event-kinds.js says so).
  const files = readdirSync(WEB_JS).filter((name) => /^(play-.*|event-kinds)\.js$/.test(name));
  const handled = new Map();
  for (const name of files) {
    for (const kind of kindsTestedFor(readFileSync(join(WEB_JS, name), 'utf8'))) {
      handled.set(kind, [...(handled.get(kind) || []), name]);
    }
  }
  // The scan reads what the dispatch does: the greetings, presence, and the kinds told in words.
  for (const kind of ['hello', 'resync', 'presence', 'pile_face', 'lock', 'shuffle', 'leave']) {
    assert.ok(handled.has(kind), `the scan found no test for '${kind}': ${[...handled.keys()].join(', ')}`);
  }
  const unlisted = [...handled].filter(([kind]) => !EVENT_KINDS.includes(kind));
  assert.deepEqual(unlisted, [], 'handled but not in EVENT_KINDS (event-kinds.js): no stream would ever send them here');
});

test('EVENT_KINDS is written as a plain literal array of strings, each once', () => {
  const source = readFileSync(join(WEB_JS, 'event-kinds.js'), 'utf8');
  const literal = /export const EVENT_KINDS = \[([^\]]*)\];/.exec(source);
  assert.ok(literal, 'export const EVENT_KINDS = [ ... ];');
  const read = [...literal[1].matchAll(/'([a-z_]+)'/g)].map(([, kind]) => kind);
  assert.equal(literal[1].replace(/'[a-z_]+'|[\s,]/g, ''), '', 'strings only');
  assert.deepEqual(read, EVENT_KINDS);
  assert.equal(new Set(read).size, read.length, 'each kind once');
});

/** A stand-in for EventSource that records what is listened for. */
function listeningSource() {
  const listeners = new Map();
  return {
    listeners,
    readyState: 0,
    addEventListener(type, listener) { listeners.set(type, [...(listeners.get(type) || []), listener]); },
    close() { this.readyState = 2; },
  };
}

test('the table stream and the round history listen for exactly EVENT_KINDS', async () => {
  const live = listeningSource();
  const stream = new TableStream({
    open: () => live, onEvent() {}, onLive() {}, onOpen() {}, onGaveUp() {}, onMissed() {},
    mayReopen: () => false, serverAnswers: () => true,
  });
  stream.connect();
  assert.deepEqual([...live.listeners.keys()].filter((type) => type !== 'open' && type !== 'error').sort(),
    [...EVENT_KINDS].sort());
  stream.close();

  const history = listeningSource();
  const lines = roundHistory({ open: () => history, untilId: 5, me: null, nameOf: (name) => name });
  assert.deepEqual([...history.listeners.keys()].filter((type) => type !== 'error').sort(), [...EVENT_KINDS].sort());
  for (const listener of history.listeners.get('error')) listener();
  assert.deepEqual(await lines, []);
});
