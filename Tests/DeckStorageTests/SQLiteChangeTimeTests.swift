import DeckStorage
import Foundation
import GRDB
import PlayingCards
import Testing

@testable import SQLiteDeckStorage

/// The SQLite store writes a deck's `updated_at` (indexed for expiry) only when the stored time is
/// a minute old, and expiry allows for that lag: it never deletes a deck changed since the cutoff.
@Suite struct SQLiteChangeTimeTests {
    private let deck: DeckState

    init() throws {
        deck = DeckState(composition: try DeckComposition(), shuffled: false)
    }

    private func storedTime(_ store: SQLiteDeckStore, _ id: String) async throws -> Int64? {
        try await store.writer.read { db in
            try Int64.fetchOne(db, sql: "SELECT updated_at FROM deck WHERE id = ?", arguments: [id])
        }
    }

    private func drawOne(_ store: SQLiteDeckStore, _ id: String, at now: Int64) async throws {
        _ = try await store.update(deckID: id, now: now) { deck in try deck.draw(count: 1) }
    }

    @Test func aChangeWithinAMinuteOfTheStoredTimeKeepsItAndALaterOneWritesItsOwn() async throws {
        let store = try SQLiteDeckStore(location: .inMemory)
        let id = try await store.insert(deck, now: 1_000)
        try await drawOne(store, id, at: 1_059)
        #expect(try await storedTime(store, id) == 1_000)
        #expect(try await store.deck(withID: id)?.remaining == 51, "the state is written either way")
        try await drawOne(store, id, at: 1_060)
        #expect(try await storedTime(store, id) == 1_060)
        // A clock that went back writes its time rather than keep one from the future.
        try await drawOne(store, id, at: 900)
        #expect(try await storedTime(store, id) == 900)
    }

    @Test func expiryNeverDeletesADeckChangedSinceTheCutoff() async throws {
        let store = try SQLiteDeckStore(location: .inMemory)
        let changedAtCutoff = try await store.insert(deck, now: 1_000)
        let unchanged = try await store.insert(deck, now: 1_000)
        try await drawOne(store, changedAtCutoff, at: 1_059)  // stored as 1_000
        #expect(
            try await store.deleteDecks(unchangedBefore: 1_059) == 0,
            "the deck changed at the cutoff stays, and the unchanged one may stay a minute longer")
        #expect(try await store.deck(withID: changedAtCutoff)?.remaining == 51)
        #expect(try await store.deleteDecks(unchangedBefore: 1_061) == 2, "both unchanged since before 1_061")
        #expect(try await store.deck(withID: unchanged) == nil)
    }

    @Test func aReopenedStoreWritesEachDecksTimeOnItsFirstChange() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("riffle-times-\(UUID()).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let id: String
        do {
            let store = try SQLiteDeckStore(location: .file(path))
            id = try await store.insert(deck, now: 1_000)
            try await store.close()
        }
        let store = try SQLiteDeckStore(location: .file(path))
        try await drawOne(store, id, at: 1_010)
        #expect(try await storedTime(store, id) == 1_010)
        try await store.close()
    }
}
