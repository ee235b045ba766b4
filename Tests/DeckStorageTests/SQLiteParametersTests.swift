import Foundation
import GRDB
import Testing

@testable import SQLiteDeckStorage

/// The writer's C-interface bindings store exactly the value given: every byte of a text, and
/// empty values as empty, never NULL.
@Suite struct SQLiteParametersTests {
    /// Binds one value with `bind`, inserts it, and reads back its type and its bytes.
    private func stored(
        _ bind: @escaping (SQLiteParameters) throws -> Void
    ) throws -> (type: String, bytes: [UInt8]) {
        let queue = try DatabaseQueue()
        return try queue.write { db in
            try db.execute(sql: "CREATE TABLE t (x)")
            try db.cachedStatement(sql: "INSERT INTO t VALUES (?1)").runToCompletion(in: db, binding: bind)
            let row = try #require(
                try Row.fetchOne(db, sql: "SELECT typeof(x) AS type, CAST(x AS BLOB) AS bytes FROM t"))
            let bytes: Data? = row["bytes"]
            return (row["type"], Array(bytes ?? Data()))
        }
    }

    @Test func textKeepsEveryByteIncludingANulCharacter() throws {
        let value = try stored { try $0.bind(text: "ab\u{0}cd", at: 1) }
        #expect(value.type == "text")
        #expect(value.bytes == [0x61, 0x62, 0x00, 0x63, 0x64])
    }

    @Test func textKeepsMultibyteCharacters() throws {
        let value = try stored { try $0.bind(text: "é♠", at: 1) }
        #expect(value.bytes == Array("é♠".utf8))
    }

    @Test func emptyTextIsTextNotNull() throws {
        let value = try stored { try $0.bind(text: "", at: 1) }
        #expect(value.type == "text")
        #expect(value.bytes.isEmpty)
    }

    @Test func blobIsBoundAsGiven() throws {
        let bytes: [UInt8] = [1, 0, 255, 7]
        let value = try bytes.withUnsafeBytes { buffer in try stored { try $0.bind(blob: buffer, at: 1) } }
        #expect(value.type == "blob")
        #expect(value.bytes == bytes)
    }

    @Test func emptyBlobIsABlobNotNull() throws {
        let value = try stored { try $0.bind(blob: UnsafeRawBufferPointer(start: nil, count: 0), at: 1) }
        #expect(value.type == "blob")
        #expect(value.bytes.isEmpty)
    }

    @Test func aParameterOutOfRangeIsAnErrorNotATrap() throws {
        #expect(throws: DatabaseError.self) { _ = try stored { try $0.bind(42, at: 2) } }
    }
}
