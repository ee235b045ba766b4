// One declaration per contract: the event kinds the server sends are declared in its Swift code, and the Play view
// (event-kinds.js's EVENT_KINDS, the kinds it listens for) and the SDK (DeckEvent.Kind) must handle exactly those.
// This reads the kinds out of the Swift sources: the `eventKind` of every request that changes a deck, the records
// made elsewhere (`kind: "presence"`) and the stream's own frames (`stateFrame("hello", …)`).
// Run: node --test Tests/WebAppTests/model/

import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { EVENT_KINDS } from '../../../Sources/RiffleWebApp/Public/js/event-kinds.js';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));

function swiftFiles(folder) {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return swiftFiles(path);
    return name.endsWith('.swift') ? [path] : [];
  });
}

/** The body of a Swift computed property `var <name>: <type> {` (braces balanced). */
function propertyBody(source, name) {
  const start = source.indexOf(`var ${name}:`);
  assert.ok(start >= 0, `no property ${name}`);
  let depth = 0;
  for (let i = source.indexOf('{', start); i < source.length; i++) {
    if (source[i] === '{') depth++;
    if (source[i] === '}' && --depth === 0) return source.slice(start, i);
  }
  throw new Error(`unbalanced ${name}`);
}

/** Every event kind the server sends, from its sources. */
export function serverEventKinds() {
  const service = join(REPO, 'Sources/DeckService');
  const requests = readFileSync(join(service, 'API/DeckRequest.swift'), 'utf8');
  const table = readFileSync(join(service, 'API/TableRequest.swift'), 'utf8');
  // case .name…: "kind" in each eventKind switch.
  const caseKinds = (body) => [...body.matchAll(/case \.(\w+)[^:\n]*:\s*"([a-z_]+)"/g)].map(([, name, kind]) => [name, kind]);
  const requestKinds = caseKinds(propertyBody(requests, 'eventKind'));
  const tableKinds = caseKinds(propertyBody(table, 'eventKind'));
  assert.ok(requestKinds.length >= 10 && tableKinds.length >= 4, 'the eventKind switches were read');
  // Requests that never change a deck record no event.
  const reads = [...propertyBody(requests, 'changesDeck').matchAll(/case ([^:]+): false/g)]
    .flatMap(([, list]) => [...list.matchAll(/\.(\w+)/g)].map(([, name]) => name));
  assert.ok(reads.includes('info'), 'the reads were read');
  const kinds = new Set([...requestKinds.filter(([name]) => !reads.includes(name)), ...tableKinds].map(([, kind]) => kind));
  for (const file of swiftFiles(service)) {
    const source = readFileSync(file, 'utf8');
    for (const [, kind] of source.matchAll(/TableEventRecord\(\s*kind: "([a-z_]+)"/g)) kinds.add(kind);
    for (const [, kind] of source.matchAll(/stateFrame\("([a-z_]+)"/g)) kinds.add(kind);
  }
  return [...kinds].sort();
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
