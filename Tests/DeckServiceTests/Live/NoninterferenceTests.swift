import PlayingCards
import Testing

@testable import DeckService

/// The visibility rule as a noninterference property of the whole request core: for any request by
/// any caller, the cards hidden from both the caller and an observer can be anywhere among the
/// places hidden from both (the stack, other players' hands, face-down piles), and the observer
/// cannot tell. Run on random tables (2…6 players, public piles face up and face down, partial
/// decks, 1…3 copies, seats, display names, turn holders and strict turns) with random request
/// sequences by random callers (the table's people and face requests included), some of them with
/// an `If-Match` (current, stale or `*`).
///
/// The caller observes its answer as the HTTP layer sends it: the status, the head (`ETag` with the
/// change number) and the body.
@Suite struct NoninterferenceTests {
    /// How many seeded sequences a run checks.
    static let sequenceCount: UInt64 = 10_000
    /// Requests per sequence.
    static let stepsPerSequence = 6

    /// The card objects, rendered once for every sequence.
    static let cardJSON = CardJSON(publicURL: "http://riffle.test")

    /// What one observer class can observe of one request.
    struct Observation: Equatable, CustomStringConvertible {
        /// Status, head fields and body, for the caller only.
        var answer: String?
        /// The event frame rendered for the observer, if the request recorded one.
        var event: String?
        var changeNumber: Int64

        var description: String {
            "answer: \(answer ?? "-")\n  event: \(event ?? "-")\n  change number: \(changeNumber)"
        }
    }

    @Test func hiddenCardsChangeNothingAnyoneObserves() async throws {
        let workers: UInt64 = 2
        let failures = try await withThrowingTaskGroup(of: [String].self) { group in
            for worker in 0..<workers {
                group.addTask {
                    var failures: [String] = []
                    var seed = worker
                    while seed < Self.sequenceCount, failures.count < 3 {
                        if let failure = try Self.checkSequence(seed: seed) { failures.append(failure) }
                        seed += workers
                    }
                    return failures
                }
            }
            var all: [String] = []
            for try await failures in group { all += failures }
            return all
        }
        for failure in failures { Issue.record(Comment(rawValue: failure)) }
    }

    /// Runs one seeded sequence; returns a description of the first observation that differs.
    static func checkSequence(seed: UInt64) throws -> String? {
        var generator = SeededRandomNumberGenerator(seed: seed)
        var deck = try RandomTable.make(using: &generator)
        let core = DeckCore(cardJSON: cardJSON)
        let renderer = TableEventRenderer(cardJSON: cardJSON)
        let deckID = "abcdefabcdef"
        for step in 0..<stepsPerSequence {
            let request = RandomTable.request(on: deck, step: step, using: &generator)
            let caller = RandomTable.caller(on: deck, using: &generator)
            let callerName = try? caller.player(on: deck)
            let precondition = RandomTable.precondition(on: deck, using: &generator)
            let requestSeed = generator.next()
            let observers: [String?] = [nil] + (deck.table?.players.map(\.name) ?? [])
            let fixed = RandomTable.fixedPositions(of: request, on: deck)
            func run(_ state: DeckState) -> (DeckOutcome, DeckState) {
                var state = state
                var requestGenerator = SeededRandomNumberGenerator(seed: requestSeed)
                let outcome = core.answer(
                    request, deckID: deckID, deck: &state, caller: caller, precondition: precondition,
                    using: &requestGenerator)
                return (outcome, state)
            }
            func observation(of outcome: DeckOutcome, from before: DeckState, by observer: String?) -> Observation {
                let event = outcome.record.map { record in
                    // As the event hub renders it: the record's counts replayed on the counts before.
                    guard let snapshot = try? record.snapshot(after: TableSnapshot(before)) else {
                        return "a record that does not replay on the state it was made from"
                    }
                    let step = TableEventReplay.Step(number: outcome.changeNumber, record: record, snapshot: snapshot)
                    return renderer.event(step, deckID: deckID, viewer: observer)
                }
                let head = RiffleResponder.headers(of: outcome.response).map { "\($0.name): \($0.value)" }
                let answer =
                    observer == callerName
                    ? String(outcome.response.status.code) + " " + head.joined(separator: ", ") + " "
                        + outcome.response.json : nil
                return Observation(answer: answer, event: event, changeNumber: outcome.changeNumber)
            }
            let (outcome, after) = run(deck)
            for observer in observers {
                let twin = RandomTable.twin(
                    of: deck, hiddenFrom: callerName, and: observer, keeping: fixed, using: &generator)
                let seen = observation(of: outcome, from: deck, by: observer)
                let seenInTwin = observation(of: run(twin).0, from: twin, by: observer)
                if seen != seenInTwin {
                    return """
                        seed \(seed), step \(step): \(request), If-Match: \(String(describing: precondition))
                        caller: \(callerName ?? "spectator"), observer: \(observer ?? "spectator")
                        original: \(seen)
                        twin:     \(seenInTwin)
                        """
                }
            }
            deck = after
        }
        return nil
    }
}
