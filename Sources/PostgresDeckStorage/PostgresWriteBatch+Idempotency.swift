import DeckStorage
import PostgresNIO

/// The steps a batch takes for changes with idempotency keys (see ``PostgresRememberedAnswers``);
/// a batch without keyed changes skips them all.
///
/// Before each round runs a deck's changes, the keys of its keyed changes are looked up: a change
/// whose key is remembered does not run, and is answered with what was remembered. The others run,
/// and their keys go into the statement that writes their deck. When that statement finds the deck
/// changed by someone else (perhaps by the same key, on another server), the next round looks the
/// keys up again before it runs the changes once more: so a key's change runs once, whichever
/// server gets it.
extension PostgresWriteBatch {
    /// Answers the open decks' keyed changes whose keys are remembered, and takes them out of
    /// their decks; a deck left with no changes is done.
    func settleRememberedKeys(_ decks: inout [DeckWork], connection: PostgresConnection) async throws {
        let keyed = decks.indices.filter { !decks[$0].completed && decks[$0].hasKeys }
        if keyed.isEmpty { return }
        var works = keyed.map { decks[$0] }
        let answered = try await takeRememberedChanges(from: &works, connection: connection)
        for (offset, position) in keyed.enumerated() {
            decks[position].changes = works[offset].changes
            if decks[position].changes.isEmpty { decks[position].completed = true }
        }
        for (change, remembered) in answered { change.complete(.answeredBefore(remembered)) }
    }

    /// Looks up the keys of the keyed changes of `works`, and takes the changes whose keys are
    /// remembered out of them.
    ///
    /// - Returns: those changes, each with what its key remembers; they have not been completed.
    func takeRememberedChanges(
        from works: inout [DeckWork], connection: PostgresConnection
    ) async throws -> [(PostgresPendingChange, PostgresRememberedAnswers.Remembered)] {
        var deckIDs: [String] = []
        var keys: [String] = []
        for work in works {
            for change in work.changes {
                guard let key = change.key else { continue }
                deckIDs.append(work.id)
                keys.append(key.key)
            }
        }
        if keys.isEmpty { return [] }
        var remembered: [[String]: PostgresRememberedAnswers.Remembered] = [:]
        let rows = try await connection.execute(
            PostgresRememberedAnswers.SelectRemembered(deckIDs: deckIDs, keys: keys), logger: logger)
        for try await (deckID, key, fingerprint, status, body, changeNumber) in rows {
            remembered[[deckID, key]] = PostgresRememberedAnswers.Remembered(
                fingerprint: fingerprint, status: status, body: body, changeNumber: changeNumber)
        }
        if remembered.isEmpty { return [] }
        var answered: [(PostgresPendingChange, PostgresRememberedAnswers.Remembered)] = []
        for index in works.indices {
            let id = works[index].id
            works[index].changes.removeAll { change in
                guard let key = change.key, let found = remembered[[id, key.key]] else { return false }
                answered.append((change, found))
                return true
            }
        }
        return answered
    }
}

extension PostgresWriteBatch.DeckWork {
    /// Whether any of the deck's changes has an idempotency key.
    var hasKeys: Bool { changes.contains { $0.key != nil } }
}
