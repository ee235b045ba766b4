import DeckStorage
import Logging
import NIOCore
import PlayingCards
import PostgresNIO

extension PostgresDeckStore {
    public func updateRecordingEvent<Result: Sendable>(
        deckID id: String, now: Int64,
        _ change: @escaping @Sendable (inout DeckState) throws -> (Result, StoredDeckEvent?)
    ) async throws -> Result? {
        // The same batched write as `update`: the event goes in with its deck, in one statement.
        guard let (result, event) = try await writes.perform(deckID: id, now: now, change) else { return nil }
        if let event { await trimEvents(after: event) }
        return result
    }

    public func events(deckID id: String, after number: Int64, limit: Int) async throws -> [StoredDeckEvent] {
        try await storage(write: false) {
            var events: [StoredDeckEvent] = []
            let rows = try await client.execute(
                PostgresEventLog.SelectEvents(id: id, after: number, limit: Int64(limit)), logger: logger)
            for try await (number, payload) in rows {
                events.append(StoredDeckEvent(deckID: id, number: number, payload: Array(payload.readableBytesView)))
            }
            return events
        }
    }

    public func observeEvents(_ observer: @escaping DeckEventObserver) async throws {
        await eventListener.add(observer, client: client, logger: logger)
    }

    /// Deletes a deck's oldest events now and then. A failure only leaves old events a while longer.
    func trimEvents(after event: StoredDeckEvent) async {
        guard event.number % PostgresEventLog.trimInterval == 0 else { return }
        let upTo = event.number - StoredDeckEvent.retainedCount - PostgresEventLog.trimInterval
        do {
            for try await _ in try await client.execute(
                PostgresEventLog.TrimEvents(id: event.deckID, upTo: upTo), logger: logger)
            {}
        } catch {
            logger.warning("could not trim old events of deck \(event.deckID): \(String(reflecting: error))")
        }
    }
}
