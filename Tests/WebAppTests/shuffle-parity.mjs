// The seeded shuffle in WebAssembly (scripts/build-shuffle-wasm.sh: PlayingCards under Embedded Swift) against the
// published test vectors of docs/SEEDED-SHUFFLE.md, which scripts/seeded_shuffle.py computes on its own with
// Python's SHA-256: every order and commitment must be the same, byte for byte. Also checks that a bad seed or deck
// count is refused (-1), not trapped on.
//
// Usage: node Tests/WebAppTests/shuffle-parity.mjs path/to/shuffle.wasm

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const wasmPath = process.argv[2];
if (!wasmPath) {
  console.error('usage: node shuffle-parity.mjs path/to/shuffle.wasm');
  process.exit(2);
}
const vectors = JSON.parse(
  execFileSync('python3', [join(here, '../../scripts/seeded_shuffle.py'), '--vectors-json'], { encoding: 'utf8' }));
const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), {});
const x = instance.exports;

function withSeed(seed, call) {
  const bytes = new TextEncoder().encode(seed);
  new Uint8Array(x.memory.buffer, x.riffle_shuffle_buffer(), bytes.length).set(bytes);
  const length = call(bytes.length);
  if (length < 0) return null;
  return new TextDecoder().decode(new Uint8Array(x.memory.buffer, x.riffle_shuffle_buffer(), length));
}

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

if (vectors.length !== 6) {
  console.log(`FAIL expected 6 published vectors, got ${vectors.length}`);
  process.exit(1);
}
for (const vector of vectors) {
  const name = `seed ${JSON.stringify(vector.seed)}, ${vector.decks} deck(s)`;
  const order = withSeed(vector.seed, (length) => x.riffle_shuffle_order(length, vector.decks, 0));
  check(`${name}: order`, order === vector.order, `${order?.slice(0, 60)}… against ${vector.order.slice(0, 60)}…`);
  const commitment = withSeed(vector.seed, (length) => x.riffle_shuffle_commitment(length, vector.decks, 0, 1));
  check(`${name}: commitment`, commitment === vector.commitment, `${commitment} against ${vector.commitment}`);
}
check('an empty seed is refused', withSeed('', (length) => x.riffle_shuffle_order(length, 1, 0)) === null);
check('21 decks are refused', withSeed('x', (length) => x.riffle_shuffle_order(length, 21, 0)) === null);
check('a seed of 257 bytes is refused',
  withSeed('y'.repeat(257), (length) => x.riffle_shuffle_order(length, 1, 0)) === null);

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
