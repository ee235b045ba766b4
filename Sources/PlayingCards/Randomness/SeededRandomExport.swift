// The one seeded generator lives in `SeededRandom`, which the engines share (`SwipeStack` must not depend on
// playing cards). Re-exported here, so that `import PlayingCards` is all a reproducible shuffle needs.
@_exported import struct SeededRandom.SeededRandomNumberGenerator
