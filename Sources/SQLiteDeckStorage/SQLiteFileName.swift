import GRDB

/// The name the store's connections open a database file by, which picks SQLite's file system
/// layer (VFS): the `unix-excl` one for ``SQLiteDeckStore/Access/exclusive``, named in a URI file
/// name (`file:///path/to/riffle.sqlite?vfs=unix-excl`), or the plain path.
///
/// Every connection of one store must open the file through the same layer, so the writer, the
/// readers and the checkpointer all use ``name``.
struct SQLiteFileName {
    /// What the connections open.
    let name: String
    /// The access that name gives.
    let access: SQLiteDeckStore.Access

    /// - Parameters:
    ///   - path: the database file's path.
    ///   - access: the access asked for; ``SQLiteDeckStore/Access/exclusive`` needs an SQLite that
    ///     reads URI file names (built with `SQLITE_USE_URI`), and falls back to the plain path.
    /// - Throws: a `DatabaseError` when SQLite cannot be asked how it was built.
    init(path: String, access: SQLiteDeckStore.Access) throws {
        guard access == .exclusive, try Self.readsURIFileNames.get() else {
            (name, self.access) = (path, .shared)
            return
        }
        (name, self.access) = (Self.uri(path: path, vfs: "unix-excl"), .exclusive)
    }

    /// A URI file name for `path`: `%`, `?` and `#` escaped (the rest of a path stands for itself),
    /// and an absolute path after an empty authority, so that one starting `//` is not read as a host.
    static func uri(path: String, vfs: String) -> String {
        var escaped = ""
        for character in path {
            switch character {
            case "%": escaped += "%25"
            case "?": escaped += "%3F"
            case "#": escaped += "%23"
            default: escaped.append(character)
            }
        }
        return (path.hasPrefix("/") ? "file://" : "file:") + escaped + "?vfs=" + vfs
    }

    /// Whether this process's SQLite reads `file:` names as URIs (otherwise it would create a file
    /// of that literal name). How SQLite was built does not change while the process runs, so it
    /// is asked once, on a throw-away in-memory connection, not at every store's opening.
    private static let readsURIFileNames = Result<Bool, any Error> {
        let probe = try DatabaseQueue()
        defer { try? probe.close() }
        let used = try probe.read { db in try Bool.fetchOne(db, sql: "SELECT sqlite_compileoption_used('USE_URI')") }
        return used ?? false
    }
}
