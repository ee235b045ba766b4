import DeckStorage
import Foundation
import PlayingCards
import Testing

@testable import SQLiteDeckStorage

@Suite struct DeckReadCacheTests {
    private func deck(drawn: Int) throws -> DeckState {
        var deck = DeckState(composition: try DeckComposition(), shuffled: false)
        _ = try deck.draw(count: drawn)
        return deck
    }

    @Test func aReadThatRacesAWriteNeverReplacesTheWritesState() throws {
        let cache = DeckReadCache()
        let old = try deck(drawn: 0)
        let new = try deck(drawn: 1)
        // The read begins, then a write takes its number and stores; the read, slower, stores the old state.
        let readRank = cache.rankForRead()
        let writeRank = cache.rankForWrite()
        cache.store(new, id: "d", rank: writeRank)
        cache.store(old, id: "d", rank: readRank)
        #expect(cache.deck(withID: "d") == new)
    }

    @Test func aReadThatBeginsWhileAWriteIsUncommittedRanksBelowIt() throws {
        let cache = DeckReadCache()
        let old = try deck(drawn: 0)
        let new = try deck(drawn: 1)
        let writeRank = cache.rankForWrite()  // inside the transaction, not yet committed
        let readRank = cache.rankForRead()  // may still see the old state
        cache.store(new, id: "d", rank: writeRank)
        cache.store(old, id: "d", rank: readRank)
        #expect(cache.deck(withID: "d") == new)
    }

    @Test func laterWritesReplaceEarlierOnesAndLaterReadsReplaceEarlierWrites() throws {
        let cache = DeckReadCache()
        let first = cache.rankForWrite()
        let second = cache.rankForWrite()
        cache.store(try deck(drawn: 2), id: "d", rank: second)
        cache.store(try deck(drawn: 1), id: "d", rank: first)
        #expect(cache.deck(withID: "d")?.remaining == 50)
        let read = cache.rankForRead()
        cache.store(try deck(drawn: 3), id: "d", rank: read)
        #expect(cache.deck(withID: "d")?.remaining == 50)
        _ = cache.rankForWrite()
        let laterRead = cache.rankForRead()
        cache.store(try deck(drawn: 4), id: "d", rank: laterRead)
        #expect(cache.deck(withID: "d")?.remaining == 48)
    }

    @Test func clearingRefusesReadsThatBeganBefore() throws {
        let cache = DeckReadCache()
        let staleRead = cache.rankForRead()
        cache.store(try deck(drawn: 0), id: "d", rank: cache.rankForWrite())
        cache.removeAll()
        #expect(cache.deck(withID: "d") == nil)
        cache.store(try deck(drawn: 5), id: "d", rank: staleRead)
        #expect(cache.deck(withID: "d") == nil)
        cache.store(try deck(drawn: 6), id: "d", rank: cache.rankForRead())
        #expect(cache.deck(withID: "d")?.remaining == 46)
    }

    @Test func capacityIsBounded() throws {
        let cache = DeckReadCache(capacity: 3)
        for index in 0..<10 { cache.store(try deck(drawn: index), id: "d\(index)", rank: cache.rankForWrite()) }
        #expect((0..<10).filter { cache.deck(withID: "d\($0)") != nil }.count <= 3)
        #expect(cache.deck(withID: "d9")?.remaining == 43)
    }

    @Test func aSecondStoreOnTheSameFileIsRefused() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("riffle-lock-\(UUID()).sqlite").path
        defer {
            for suffix in ["", ".lock", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let first = try SQLiteDeckStore(location: .file(path))
        #expect {
            _ = try SQLiteDeckStore(location: .file(path))
        } throws: { error in
            String(describing: error).contains("another process is serving this database")
        }
        _ = first
    }

    @Test func storeReadsSeeEveryAcknowledgedWrite() async throws {
        let store = try SQLiteDeckStore(location: .inMemory)
        let id = try await store.insert(try deck(drawn: 0), now: 0)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    let remainingAfterDraw = try await store.update(deckID: id, now: 1) { deck in
                        _ = try deck.draw(count: 1)
                        return deck.remaining
                    }
                    let read = try await store.deck(withID: id)?.remaining
                    // A read after an acknowledged write sees that write or a later one.
                    #expect(read != nil && read! <= remainingAfterDraw!)
                }
                group.addTask { _ = try await store.deck(withID: id) }
            }
            try await group.waitForAll()
        }
        #expect(try await store.deck(withID: id)?.remaining == 32)
    }
}
