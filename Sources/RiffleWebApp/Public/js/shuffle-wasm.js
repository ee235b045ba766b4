// shuffle.wasm: PlayingCards' own SeededShuffle and ShuffleCommitment (Embedded Swift, scripts/build-shuffle-wasm.sh,
// the exports of Sources/RiffleWasm/ShuffleExports), so that a round is checked in the browser with the very code the
// server shuffled with. Its exports take a standard composition (a number of decks, jokers or not); other cards are
// computed by seeded-shuffle.js. Text goes both ways through one buffer: the seed's UTF-8 bytes in, the answer's
// ASCII bytes out, at riffle_shuffle_buffer().

/** The module's file, next to the app's page (fetched only when a round is checked). */
export const SHUFFLE_WASM_URL = new URL('../shuffle.wasm', import.meta.url);
const BUFFER_BYTES = 4096;

/**
 * The shuffle exports of a wasm instance, wrapped: `order(seed, deckCount, jokers)` (codes, top first) and
 * `commitment(seed, deckCount, jokers, round)` (64 hexadecimal digits); each is null when the module refuses the seed
 * or the deck count.
 * @param {WebAssembly.Exports} exports
 */
export function shuffleExports(exports) {
  const call = (seed, run) => {
    const bytes = new TextEncoder().encode(seed);
    if (bytes.length === 0 || bytes.length > BUFFER_BYTES) return null;
    new Uint8Array(exports.memory.buffer, exports.riffle_shuffle_buffer(), bytes.length).set(bytes);
    const length = run(bytes.length);
    if (length < 0) return null;
    return new TextDecoder().decode(new Uint8Array(exports.memory.buffer, exports.riffle_shuffle_buffer(), length));
  };
  return {
    order(seed, deckCount, jokers) {
      const text = call(seed, (length) => exports.riffle_shuffle_order(length, deckCount, jokers ? 1 : 0));
      return text === null ? null : text.split(' ');
    },
    commitment(seed, deckCount, jokers, round) {
      return call(seed, (length) => exports.riffle_shuffle_commitment(length, deckCount, jokers ? 1 : 0, round));
    },
  };
}

let loading = null;

/** Fetches and instantiates shuffle.wasm once per page; rejects when it cannot be had. */
export function loadShuffleWasm(url = SHUFFLE_WASM_URL) {
  if (!loading) {
    loading = (async () => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`shuffle.wasm: HTTP ${response.status}`);
      const { instance } = await WebAssembly.instantiate(await response.arrayBuffer(), {});
      return shuffleExports(instance.exports);
    })();
    loading.catch(() => { loading = null; });
  }
  return loading;
}
