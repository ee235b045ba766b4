import DeckStorage
import Foundation
import PlayingCards
import RiffleTestSupport
import Testing

@testable import SQLiteDeckStorage

@Suite struct SQLiteDeckStoreTests {
    private func temporaryDatabase() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("riffle-store-\(UUID()).sqlite").path
    }

    @Test func fileStoresUseWALAndTheRequestedDurability() throws {
        let path = temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let normal = try SQLiteDeckStore(location: .file(path))
        #expect(try normal.journalMode() == "wal")
        #expect(try normal.synchronousLevel() == 1)
        let fullPath = temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: fullPath) }
        #expect(try SQLiteDeckStore(location: .file(fullPath), durability: .full).synchronousLevel() == 2)
    }

    @Test func decksSurviveReopening() async throws {
        let path = temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let id: String
        do {
            let store = try SQLiteDeckStore(location: .file(path))
            id = try await store.insert(DeckState(composition: try DeckComposition(), shuffled: false), now: 100)
            _ = try await store.update(deckID: id, now: 200) { deck in try deck.draw(count: 5) }
        }
        let reopened = try SQLiteDeckStore(location: .file(path))
        #expect(try await reopened.deck(withID: id)?.remaining == 47)
        #expect(try await reopened.deckCount() == 1)
    }

    @Test func failedChangesWriteNothing() async throws {
        let store = try SQLiteDeckStore(location: .inMemory)
        let id = try await store.insert(DeckState(composition: try DeckComposition(), shuffled: false), now: 0)
        await #expect(throws: DeckError.self) {
            _ = try await store.update(deckID: id, now: 1) { deck in
                _ = try deck.draw(count: 3)
                return try deck.drawFromPile(named: "missing", count: 1)
            }
        }
        #expect(try await store.deck(withID: id)?.remaining == 52)
        #expect(try await store.update(deckID: "aaaaaaaaaaaa", now: 1) { _ in 1 } == nil)
    }

    /// Concurrent writes are group-committed; each must still stand alone: a change that throws
    /// undoes only itself, and every other change sees the ones queued before it.
    @Test func concurrentWritesSharingACommitStayIndependent() async throws {
        let store = try SQLiteDeckStore(location: .inMemory)
        let id = try await store.insert(DeckState(composition: try DeckComposition(), shuffled: false), now: 0)
        let outcomes = await withTaskGroup(of: [Card]?.self) { group in
            for index in 0..<40 {
                group.addTask {
                    try? await store.update(deckID: id, now: 1) { deck in
                        let cards = try deck.draw(count: 1).cards
                        if index.isMultiple(of: 2) { _ = try deck.drawFromPile(named: "missing", count: 1) }
                        return cards
                    }
                }
            }
            return await group.reduce(into: [[Card]?]()) { $0.append($1) }
        }
        let dealt = outcomes.compactMap { $0 }.flatMap { $0 }
        #expect(dealt.count == 20)
        #expect(Set(dealt).count == 20)
        let deck = try #require(try await store.deck(withID: id))
        #expect(deck.remaining == 32)
        #expect(deck.isConsistent)
    }

    /// WAL checkpoints run on the store's own background connection every 128 commits, and the writer's
    /// automatic checkpoint is only a safety net.
    @Test func checkpointsRunInTheBackground() async throws {
        let path = temporaryDatabase()
        defer {
            for suffix in ["", "-wal", "-shm", ".lock"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let store = try SQLiteDeckStore(location: .file(path))
        let checkpointer = try #require(store.checkpointer)
        #expect(try store.writerAutocheckpointPages() == SQLiteCheckpointer.writerSafetyNetPages)
        let id = try await store.insert(
            DeckState(composition: try DeckComposition(deckCount: 20), shuffled: true), now: 0)
        for _ in 0..<(3 * SQLiteCheckpointer.commitsPerCheckpoint) {
            _ = try await store.update(deckID: id, now: 1) { deck in try deck.draw(count: 1) }
        }
        try await waitUntil("a checkpoint on the background connection") { checkpointer.completedCheckpoints >= 1 }
        #expect(try SQLiteDeckStore(location: .inMemory).checkpointer == nil)
    }

    /// Writes load decks from the read cache; expiry must empty it, so that a deleted deck is gone
    /// for writes and reads alike, while changes queued with the expiry keep their new times.
    @Test func expiredDecksStayGoneThoughTheyWereCached() async throws {
        let store = try SQLiteDeckStore(location: .file(temporaryDatabase()))
        let deck = DeckState(composition: try DeckComposition(), shuffled: false)
        let expired = try await store.insert(deck, now: 100)
        let touched = try await store.insert(deck, now: 100)
        #expect(try await store.deck(withID: expired)?.remaining == 52)  // now cached
        async let change = store.update(deckID: touched, now: 5_000) { deck in try deck.draw(count: 1).cards }
        async let deleted = store.deleteDecks(unchangedBefore: 1_000)
        let (drawn, deletedCount) = try await (change, deleted)
        #expect(drawn?.count == 1)
        #expect(deletedCount == 1 || deletedCount == 2)  // `touched` survives if its change came first
        #expect(try await store.update(deckID: expired, now: 6_000) { deck in try deck.draw(count: 1) } == nil)
        #expect(try await store.deck(withID: expired) == nil)
        if deletedCount == 1 { #expect(try await store.deck(withID: touched)?.remaining == 51) }
    }

    @Test func expiryDeletesOnlyDecksUnchangedForTheLifetime() async throws {
        let store = try SQLiteDeckStore(location: .inMemory)
        let deck = DeckState(composition: try DeckComposition(), shuffled: false)
        let old = try await store.insert(deck, now: 1_000)
        let readOnly = try await store.insert(deck, now: 1_000)
        let recent = try await store.insert(deck, now: 1_000)
        _ = try await store.update(deckID: recent, now: 5_000) { deck in try deck.draw(count: 1) }
        _ = try await store.deck(withID: readOnly)  // reading is not a change
        #expect(try await store.deleteDecks(unchangedBefore: 2_000) == 2)
        #expect(try await store.deck(withID: old) == nil)
        #expect(try await store.deck(withID: readOnly) == nil)
        #expect(try await store.deck(withID: recent) != nil)
    }
}
