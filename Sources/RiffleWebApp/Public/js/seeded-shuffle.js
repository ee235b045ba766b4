// The two frozen algorithms of docs/SEEDED-SHUFFLE.md, written again in JavaScript from that page, so that this page
// can check a revealed round on its own: `riffle-shuffle-v1` (a seed and cards give one order) and `riffle-commit-v1`
// (the hash announced before the seed is revealed). The WebAssembly build of PlayingCards (shuffle-wasm.js) computes
// both for a standard deck; this module does it for any cards (a partial deck), and when the wasm cannot be loaded.
// SHA-256 comes from the browser (crypto.subtle), or, on a page that is not a secure context (a table served over
// plain http on a home network), from the short implementation below. Both are checked against the doc's vectors
// (Tests/WebAppTests/model/play-verify.test.mjs).

export const SHUFFLE_ALGORITHM = 'riffle-shuffle-v1';
export const COMMIT_SCHEME = 'riffle-commit-v1';
export const MIX_SCHEME = 'riffle-mix-v1';
/** The longest seed, in UTF-8 bytes. */
export const MAXIMUM_SEED_BYTES = 256;

const VALUES = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '0', 'J', 'Q', 'K'];
const SUITS = ['S', 'D', 'C', 'H'];
/** The most decks a standard composition has (PlayingCards' DeckComposition). */
const MAXIMUM_DECKS = 20;

/** A standard composition's cards, starting order: A→K of spades, diamonds, clubs, hearts, then jokers, per deck. */
export function standardCards(deckCount = 1, jokers = false) {
  const copy = SUITS.flatMap((suit) => VALUES.map((value) => value + suit));
  if (jokers) copy.push('X1', 'X2');
  return Array.from({ length: deckCount }, () => copy).flat();
}

/**
 * The standard composition `cards` are, in its starting order ({deckCount, jokers}), or null for any other cards
 * (a partial deck, or cards in another order): only a standard one can be computed by the wasm exports.
 */
export function standardComposition(cards) {
  for (const jokers of [false, true]) {
    const size = jokers ? 54 : 52;
    const deckCount = cards.length / size;
    if (!Number.isInteger(deckCount) || deckCount < 1 || deckCount > MAXIMUM_DECKS) continue;
    const expected = standardCards(deckCount, jokers);
    if (expected.every((code, index) => cards[index] === code)) return { deckCount, jokers };
  }
  return null;
}

const utf8 = (text) => new TextEncoder().encode(text);

/** Whether `seed` is a seed: 1 to 256 bytes of UTF-8 text. */
export function isValidSeed(seed) {
  if (typeof seed !== 'string') return false;
  const size = utf8(seed).length;
  return size >= 1 && size <= MAXIMUM_SEED_BYTES;
}

function concat(...parts) {
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}

const ZERO = new Uint8Array([0]);

/** SHA-256 of `bytes` (a Uint8Array), as a Uint8Array of 32: the browser's when it has one. */
export async function sha256(bytes) {
  const subtle = globalThis.crypto && globalThis.crypto.subtle;
  if (subtle) return new Uint8Array(await subtle.digest('SHA-256', bytes));
  return plainSha256(bytes);
}

const ROUND_CONSTANTS = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

/** FIPS 180-4's SHA-256, for a page without crypto.subtle (which only secure contexts have). */
export function plainSha256(bytes) {
  const length = bytes.length;
  const padded = new Uint8Array(Math.ceil((length + 9) / 64) * 64);
  padded.set(bytes);
  padded[length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(length / 0x20000000));
  view.setUint32(padded.length - 4, (length * 8) >>> 0);
  const hash = new Uint32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  const schedule = new Uint32Array(64);
  const rotate = (value, count) => (value >>> count) | (value << (32 - count));
  for (let block = 0; block < padded.length; block += 64) {
    for (let index = 0; index < 16; index += 1) schedule[index] = view.getUint32(block + index * 4);
    for (let index = 16; index < 64; index += 1) {
      const early = schedule[index - 15];
      const late = schedule[index - 2];
      const s0 = rotate(early, 7) ^ rotate(early, 18) ^ (early >>> 3);
      const s1 = rotate(late, 17) ^ rotate(late, 19) ^ (late >>> 10);
      schedule[index] = schedule[index - 16] + s0 + schedule[index - 7] + s1;
    }
    let [a, b, c, d, e, f, g, h] = hash;
    for (let index = 0; index < 64; index += 1) {
      const t1 = (h + (rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)) + ((e & f) ^ (~e & g))
        + ROUND_CONSTANTS[index] + schedule[index]) >>> 0;
      const t2 = ((rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      [h, g, f, e, d, c, b, a] = [g, f, e, (d + t1) >>> 0, c, b, a, (t1 + t2) >>> 0];
    }
    [a, b, c, d, e, f, g, h].forEach((value, index) => { hash[index] += value; });
  }
  const digest = new Uint8Array(32);
  const out = new DataView(digest.buffer);
  hash.forEach((value, index) => out.setUint32(index * 4, value));
  return digest;
}

const hex = (bytes) => [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * `riffle-commit-v1`: the commitment (64 lowercase hexadecimal digits) to shuffling `cards` (codes, in their
 * starting order) with `seed` in round `round`.
 */
export async function shuffleCommitment(seed, cards, round, { hash = sha256 } = {}) {
  const message = concat(utf8(COMMIT_SCHEME), ZERO, utf8(seed), ZERO, utf8(cards.join(',')), ZERO,
    utf8(String(round)));
  return hex(await hash(message));
}

/**
 * `riffle-mix-v1`: the seed a round's order comes from once players added entropy (`contributions`, texts in the order
 * they were added): `riffle-mix-v1:` and the SHA-256 of the scheme's name, then the seed and each contribution, each
 * as its length in UTF-8 bytes (4 bytes, most significant first) and its bytes. Without contributions, the seed itself.
 */
export async function mixedSeed(seed, contributions = [], { hash = sha256 } = {}) {
  if (!contributions.length) return seed;
  const parts = [utf8(MIX_SCHEME)];
  for (const part of [seed, ...contributions]) {
    const bytes = utf8(part);
    const length = new Uint8Array(4);
    new DataView(length.buffer).setUint32(0, bytes.length);
    parts.push(length, bytes);
  }
  return `${MIX_SCHEME}:${hex(await hash(concat(...parts)))}`;
}

const WORD_SPAN = 2n ** 64n - 1n;

/**
 * `riffle-shuffle-v1`: `cards` in the order `seed` gives them, top card first.
 * @throws {RangeError} for a seed that is not 1 to 256 bytes.
 * Complexity: O(n) in the number of cards (a SHA-256 per four words drawn).
 */
export async function shuffleOrder(seed, cards, { hash = sha256 } = {}) {
  if (!isValidSeed(seed)) throw new RangeError('A seed is 1 to 256 bytes of text.');
  const key = await hash(concat(utf8(SHUFFLE_ALGORITHM), ZERO, utf8(seed)));
  const words = [];
  let block = 0n;
  const nextWord = async () => {
    if (words.length === 0) {
      const counter = new Uint8Array(8);
      new DataView(counter.buffer).setBigUint64(0, block);
      block += 1n;
      const digest = new DataView((await hash(concat(key, counter))).buffer);
      for (let index = 0; index < 4; index += 1) words.push(digest.getBigUint64(index * 8));
    }
    return words.shift();
  };
  const result = cards.slice();
  for (let position = result.length - 1; position > 0; position -= 1) {
    const bound = BigInt(position + 1);
    const limit = WORD_SPAN / bound * bound;
    let word = await nextWord();
    while (word >= limit) word = await nextWord();
    const other = Number(word % bound);
    [result[position], result[other]] = [result[other], result[position]];
  }
  return result;
}
