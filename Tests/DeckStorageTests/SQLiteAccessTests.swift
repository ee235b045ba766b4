import Foundation
import PlayingCards
import RiffleTestSupport
import Testing

@testable import SQLiteDeckStorage

/// Whether another process can read a store's file while the store has it open, checked the way
/// an operator would meet it: from a separate process (Python's `sqlite3` module, which links the
/// system SQLite as the `sqlite3` shell does).
@Suite struct SQLiteAccessTests {
    private func temporaryDatabase(named name: String = "riffle-access-\(UUID()).sqlite") throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("riffle-access-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent(name).path
    }

    private func removeFolder(of path: String) {
        try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
    }

    /// What another process sees: the number of decks, or SQLite's error message. The wait for
    /// the process runs on a thread of its own, never on Swift's cooperative pool (see `onOwnThread`).
    private func otherProcessCountsDecks(in path: String) async throws -> Result<Int, ReadError> {
        try await onOwnThread { try Self.countDecksInAnotherProcess(path) }
    }

    private static func countDecksInAnotherProcess(_ path: String) throws -> Result<Int, ReadError> {
        let script = """
            import sqlite3, sys
            try:
                print(sqlite3.connect(sys.argv[1], timeout=0).execute("SELECT COUNT(*) FROM deck").fetchone()[0])
            except sqlite3.OperationalError as error:
                print(error)
                sys.exit(3)
            """
        let process = try ChildProcess.spawn("/usr/bin/env", ["python3", "-c", script, path], capturingOutput: true)
        let text = String(decoding: process.readOutputToEnd(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let status = process.waitUntilExit()
        if status == 0, let count = Int(text) { return .success(count) }
        return .failure(ReadError(message: text, status: status))
    }

    struct ReadError: Error, Equatable, Sendable {
        let message: String
        let status: Int32
    }

    private func insertDecks(_ count: Int, into store: SQLiteDeckStore) async throws {
        for _ in 0..<count {
            let id = try await store.insert(DeckState(composition: try DeckComposition(), shuffled: true), now: 1)
            _ = try await store.update(deckID: id, now: 2) { deck in try deck.draw(count: 2) }
        }
    }

    @Test func anExclusiveStoreKeepsOtherProcessesOutUntilItCloses() async throws {
        let path = try temporaryDatabase()
        defer { removeFolder(of: path) }
        let store = try SQLiteDeckStore(location: .file(path))
        #expect(store.access == .exclusive)
        try await insertDecks(3, into: store)
        #expect(
            try await otherProcessCountsDecks(in: path) == .failure(ReadError(message: "database is locked", status: 3))
        )
        #expect(try await store.deckCount() == 3)  // the refused reader changed nothing for the store
        try await store.close()
        #expect(try await otherProcessCountsDecks(in: path) == .success(3))
    }

    @Test func aSharedStoreLetsOtherProcessesRead() async throws {
        let path = try temporaryDatabase()
        defer { removeFolder(of: path) }
        let store = try SQLiteDeckStore(location: .file(path), access: .shared)
        #expect(store.access == .shared)
        try await insertDecks(2, into: store)
        #expect(try await otherProcessCountsDecks(in: path) == .success(2))
        try await insertDecks(1, into: store)
        #expect(try await otherProcessCountsDecks(in: path) == .success(3))
        try await store.close()
    }

    /// An exclusive store opens its file through a URI; a path holding URI syntax must still name
    /// that file, and the store must be reopenable, with its decks, under either access.
    @Test func pathsWithURICharactersOpenTheFileTheyName() async throws {
        let path = try temporaryDatabase(named: "odd?name#with%25 chars.sqlite")
        defer { removeFolder(of: path) }
        let store = try SQLiteDeckStore(location: .file(path))
        #expect(store.access == .exclusive)
        try await insertDecks(2, into: store)
        try await store.close()
        let folder = (path as NSString).deletingLastPathComponent
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasSuffix(".lock") }
        #expect(files.allSatisfy { $0.hasPrefix("odd?name#with%25 chars.sqlite") })
        let shared = try SQLiteDeckStore(location: .file(path), access: .shared)
        #expect(try await shared.deckCount() == 2)
        try await shared.close()
        let exclusive = try SQLiteDeckStore(location: .file(path))
        #expect(try await exclusive.deckCount() == 2)
        try await exclusive.close()
    }

    @Test func uriFileNamesEscapeOnlyWhatSQLiteWouldRead() {
        #expect(
            SQLiteFileName.uri(path: "/tmp/a b/riffle.sqlite", vfs: "unix-excl")
                == "file:///tmp/a b/riffle.sqlite?vfs=unix-excl")
        #expect(SQLiteFileName.uri(path: "//srv/x?y#z%", vfs: "v") == "file:////srv/x%3Fy%23z%25?vfs=v")
        #expect(SQLiteFileName.uri(path: "riffle.sqlite", vfs: "v") == "file:riffle.sqlite?vfs=v")
    }

    @Test func anInMemoryStoreIsExclusive() throws {
        #expect(try SQLiteDeckStore(location: .inMemory, access: .shared).access == .exclusive)
    }
}
