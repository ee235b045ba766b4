import DeckStorage
import Logging
import NIOCore
import PlayingCards
import PostgresNIO

extension PostgresDeckStore {
    public func updateRecordingEvent<Result: Sendable>(
        deckID id: String, now: Int64,
        _ change: @escaping @Sendable (inout DeckState) throws -> (Result, DeckEvent?)
    ) async throws -> Result? {
        let logger = logger
        // Optimistic attempt, as `update` makes: the deck and its event in one autocommitted statement.
        let read = try await storage(write: false) {
            try await client.execute(PostgresStatements.SelectDeck(id: id), logger: logger).drainedFirst()
        }
        guard let read else { return nil }
        let (bytes, version) = read
        let before = try Self.decode(bytes, id: id)
        var deck = before
        let (result, event) = try change(&deck)
        if deck == before { return result }
        let written = try await storage(write: true) {
            try await client.write(
                Self.write(deck, event: event, id: id, now: now, expectedVersion: version), logger: logger) != nil
        }
        if written {
            // The write moved the row one version on; batched writes start from the cache, so it
            // must know (a stale entry would only cost them a re-read, see `PostgresDeckCache`).
            cache.store(deck, version: version + 1, forDeck: id)
            if let event { await trimEvents(after: event) }
            return result
        }
        let outcome: LockedEventOutcome<Result> = try await storage(write: true) {
            try await client.withTransaction(logger: logger) { connection in
                let rows = try await connection.execute(PostgresStatements.SelectDeckForUpdate(id: id), logger: logger)
                guard let row = try await rows.drainedFirst() else { return .missing }
                let (bytes, version) = row
                let before = try Self.decode(bytes, id: id)
                var deck = before
                let result: Result
                let event: DeckEvent?
                do {
                    (result, event) = try change(&deck)
                } catch {
                    return .changeFailed(error)
                }
                if deck == before { return .done(result, nil, written: nil) }
                let statement = Self.write(deck, event: event, id: id, now: now, expectedVersion: version)
                guard try await connection.write(statement, logger: logger) != nil else {
                    throw StorageError.writeFailed("deck \(id) changed while its row was locked")
                }
                return .done(result, event, written: PostgresDeckCache.Entry(deck: deck, version: version + 1))
            }
        }
        switch outcome {
        case .missing:
            return nil
        case .done(let result, let event, let written):
            if let written { cache.store(written.deck, version: written.version, forDeck: id) }
            if let event { await trimEvents(after: event) }
            return result
        case .changeFailed(let error):
            throw error
        }
    }

    public func events(deckID id: String, after number: Int64, limit: Int) async throws -> [DeckEvent] {
        try await storage(write: false) {
            var events: [DeckEvent] = []
            let rows = try await client.execute(
                PostgresEventLog.SelectEvents(id: id, after: number, limit: Int64(limit)), logger: logger)
            for try await (number, payload) in rows {
                events.append(DeckEvent(deckID: id, number: number, payload: Array(payload.readableBytesView)))
            }
            return events
        }
    }

    public func observeEvents(_ observer: @escaping DeckEventObserver) async throws {
        await eventListener.add(observer, client: client, logger: logger)
    }

    /// The compare-and-swap write of a deck, with its event when there is one.
    private static func write(
        _ deck: DeckState, event: DeckEvent?, id: String, now: Int64, expectedVersion: Int64
    ) -> EitherStatement {
        let state = ByteBuffer(bytes: deck.serialized())
        guard let event else {
            return .plain(
                PostgresStatements.UpdateDeckIfUnchanged(
                    id: id, state: state, now: now, expectedVersion: expectedVersion))
        }
        return .withEvent(
            PostgresEventLog.UpdateDeckWithEvent(
                id: id, state: state, now: now, expectedVersion: expectedVersion, number: event.number,
                payload: ByteBuffer(bytes: event.payload)))
    }

    /// Deletes a deck's oldest events now and then. A failure only leaves old events a while longer.
    private func trimEvents(after event: DeckEvent) async {
        guard event.number % PostgresEventLog.trimInterval == 0 else { return }
        let upTo = event.number - DeckEvent.retainedCount - PostgresEventLog.trimInterval
        do {
            for try await _ in try await client.execute(
                PostgresEventLog.TrimEvents(id: event.deckID, upTo: upTo), logger: logger)
            {}
        } catch {
            logger.warning("could not trim old events of deck \(event.deckID): \(String(reflecting: error))")
        }
    }
}

/// What happened inside the locked transaction of an event-recording change.
private enum LockedEventOutcome<Result: Sendable>: Sendable {
    case missing
    /// The change's result, its event, and the deck's new state and version when it was written.
    case done(Result, DeckEvent?, written: PostgresDeckCache.Entry?)
    case changeFailed(any Error)
}

/// One of the two compare-and-swap writes, so both paths run whichever applies.
private enum EitherStatement: Sendable {
    case plain(PostgresStatements.UpdateDeckIfUnchanged)
    case withEvent(PostgresEventLog.UpdateDeckWithEvent)
}

extension PostgresConnection {
    /// Runs a compare-and-swap write; `nil` when it matched no row.
    fileprivate func write(_ statement: EitherStatement, logger: Logger) async throws -> Int64? {
        switch statement {
        case .plain(let update): try await execute(update, logger: logger).drainedFirst()
        case .withEvent(let update): try await execute(update, logger: logger).drainedFirst()
        }
    }
}

extension PostgresClient {
    /// Runs a compare-and-swap write; `nil` when it matched no row.
    fileprivate func write(_ statement: EitherStatement, logger: Logger) async throws -> Int64? {
        switch statement {
        case .plain(let update): try await execute(update, logger: logger).drainedFirst()
        case .withEvent(let update): try await execute(update, logger: logger).drainedFirst()
        }
    }
}
