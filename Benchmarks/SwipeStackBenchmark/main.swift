// Benchmark placeholder replaced below.
#if canImport(Glibc)
    import Glibc
#endif
import SwipeStack

print(SwipeStack(numberOfCards: 3).numberOfCards)
