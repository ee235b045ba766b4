import Foundation

/// Runs SQL through `psql` on the test cluster (``StoreBackend/postgresURLVariable``) and returns
/// its unaligned output, trimmed.
///
/// - Throws: ``MissingPostgres`` without a cluster, ``PSQLFailed`` when `psql` reports an error.
@discardableResult
public func runPSQL(_ sql: String) async throws -> String {
    guard let url = ProcessInfo.processInfo.environment[StoreBackend.postgresURLVariable], !url.isEmpty else {
        throw MissingPostgres()
    }
    return try await onOwnThread {
        let process = try ChildProcess.spawn(
            "/usr/bin/env", ["psql", url, "-X", "-q", "-t", "-A", "-v", "ON_ERROR_STOP=1", "-c", sql],
            capturingOutput: true)
        let data = process.readOutputToEnd()
        let status = process.waitUntilExit()
        guard status == 0 else { throw PSQLFailed(status: status, sql: sql) }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// `psql` exited with an error.
public struct PSQLFailed: Error, CustomStringConvertible {
    /// Its exit status.
    public let status: Int32
    /// The SQL it was given.
    public let sql: String

    public var description: String { "psql exited with status \(status) running: \(sql)" }
}

/// The local TCP ports of a process's open sockets (from `/proc`), such as the client ports of its
/// database connections as `pg_stat_activity` shows them.
public func localTCPPorts(ofProcess pid: Int32) -> Set<Int> {
    let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
    var inodes: Set<String> = []
    for descriptor in descriptors {
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(descriptor)"),
            target.hasPrefix("socket:[")
        else { continue }
        inodes.insert(String(target.dropFirst("socket:[".count).dropLast()))
    }
    var ports: Set<Int> = []
    for table in ["tcp", "tcp6"] {
        // Read to the end: a /proc file reports size 0, and a sized read can stop at its first page.
        guard let file = FileHandle(forReadingAtPath: "/proc/\(pid)/net/\(table)"),
            let data = try? file.readToEnd()
        else { continue }
        try? file.close()
        let text = String(decoding: data, as: UTF8.self)
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ")
            guard fields.count > 9, inodes.contains(String(fields[9])),
                let portText = fields[1].split(separator: ":").last, let port = Int(portText, radix: 16)
            else { continue }
            ports.insert(port)
        }
    }
    return ports
}
