import HTTPTypes
import Synchronization
import TableCore

/// How many players one client address may seat at one table: at most
/// `ServiceLimits/maximumJoinsPerClientPerTable` joins an hour, so that no one visitor fills a
/// table's 64 seats, or rejoins under name after name once removed.
///
/// Counted in the memory of each server (a deck's joins through several servers on one PostgreSQL
/// database are counted by each), for the last ``windowSeconds`` per (address, deck); the least
/// recently used of at most ``maximumEntries`` pairs are forgotten first.
package final class JoinQuota: Sendable {
    /// How long joins count: an hour, in seconds.
    package static let windowSeconds: Int64 = 3600
    /// The most (address, deck) pairs remembered.
    package static let maximumEntries = 65_536

    private struct Key: Hashable {
        let client: String
        let deckID: String
    }

    private struct Entry {
        var windowStart: Int64
        var joins: Int
    }

    /// The most joins one address makes at one table in a window.
    package let maximumJoins: Int
    private let entries = Mutex<[Key: Entry]>([:])

    package init(maximumJoins: Int) {
        self.maximumJoins = max(1, maximumJoins)
    }

    /// Whether `client` may join another player at `deckID` now.
    package func allows(client: String, deckID: String, now: Int64) -> Bool {
        entries.withLock { entries in
            guard let entry = entries[Key(client: client, deckID: deckID)] else { return true }
            return now - entry.windowStart >= Self.windowSeconds || entry.joins < maximumJoins
        }
    }

    /// Counts a join that `client` made at `deckID`.
    package func joined(client: String, deckID: String, now: Int64) {
        entries.withLock { entries in
            let key = Key(client: client, deckID: deckID)
            var entry = entries[key] ?? Entry(windowStart: now, joins: 0)
            if now - entry.windowStart >= Self.windowSeconds { entry = Entry(windowStart: now, joins: 0) }
            entry.joins += 1
            if entries[key] == nil, entries.count >= Self.maximumEntries {
                // Forget the pairs whose windows are over; if none is, the oldest window.
                let expired = entries.filter { now - $0.value.windowStart >= Self.windowSeconds }.map(\.key)
                if expired.isEmpty {
                    if let oldest = entries.min(by: { $0.value.windowStart < $1.value.windowStart })?.key {
                        entries[oldest] = nil
                    }
                } else {
                    for old in expired { entries[old] = nil }
                }
            }
            entries[key] = entry
        }
    }
}

extension APIError {
    package static func tooManyJoins(_ limit: Int) -> APIError {
        var error = APIError(
            status: .tooManyRequests,
            message: "This address has seated " + String(limit)
                + " players at this table in the last hour, the most allowed; nothing was done.")
        error.retryAfterSeconds = 60
        return error
    }
}
