import HTTPTypes
import PlayingCards
import Testing

@testable import TableCore

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
                // The rest of a JSON answer's head is the same for every answer.
                var fields = HTTPFields()
                outcome.response.addOwnHeaders(to: &fields)
                let head = fields.map { "\($0.name): \($0.value)" }
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

extension NoninterferenceTests {
    /// How many seeded tables the departed-hand property checks.
    static let departureCount: UInt64 = 2_000

    /// A departed hand leaves no trace: when a player leaves or the host removes them, what any
    /// other observer learns from then on (the leave, then draws from the bottom and the top that
    /// empty the stack, each by a random player) is the same whichever cards the hand held and
    /// wherever the stack's cards were. Each pair of twins differs only in the cards of the hand and
    /// the stack, mixed among those places; both run with the same randomness.
    @Test func whatLaterDrawsRevealIsIndependentOfADepartedHand() throws {
        var failures: [String] = []
        for seed in 0..<Self.departureCount where failures.count < 3 {
            if let failure = try Self.checkDeparture(seed: seed) { failures.append(failure) }
        }
        for failure in failures { Issue.record(Comment(rawValue: failure)) }
    }

    static func checkDeparture(seed: UInt64) throws -> String? {
        var generator = SeededRandomNumberGenerator(seed: seed)
        let deck = try RandomTable.make(using: &generator)
        let players = deck.table?.players ?? []
        guard let departing = players.randomElement(using: &generator), let host = deck.table?.host else {
            return nil
        }
        let remover = Bool.random(using: &generator) ? departing : host
        let stayers = players.filter { $0.name != departing.name }
        guard !stayers.isEmpty else { return nil }
        let bottomCount = Int.random(in: 0...deck.stack.count + 5, using: &generator)
        let drawers = (0..<2).map { _ in stayers.randomElement(using: &generator) ?? host }
        let requestSeed = generator.next()
        let steps: [(DeckOperation, TablePlayer)] = [
            (.leave(player: departing.name), remover),
            (.draw(count: bottomCount, source: .bottom), drawers[0]),
            (.draw(count: 60 * 3, source: .top), drawers[1]),
        ]
        let observers: [String?] = [nil] + stayers.map(\.name)
        for observer in observers {
            let twin = RandomTable.twin(of: deck, mixingHandOf: departing.name, using: &generator)
            var original = deck
            var other = twin
            var originalGenerator = SeededRandomNumberGenerator(seed: requestSeed)
            var twinGenerator = SeededRandomNumberGenerator(seed: requestSeed)
            for (request, caller) in steps {
                let seen = observe(request, by: caller, on: &original, seenBy: observer, using: &originalGenerator)
                let seenInTwin = observe(request, by: caller, on: &other, seenBy: observer, using: &twinGenerator)
                if seen != seenInTwin {
                    return """
                        seed \(seed): \(departing.name) removed by \(remover.name), then \(request) by \(caller.name)
                        observer: \(observer ?? "spectator")
                        original: \(String(seen.description.prefix(600)))
                        twin:     \(String(seenInTwin.description.prefix(600)))
                        """
                }
            }
        }
        return nil
    }

    /// Runs `request` by `caller` on `deck` and returns what `observer` sees of it.
    static func observe(
        _ request: DeckOperation, by caller: TablePlayer, on deck: inout DeckState, seenBy observer: String?,
        using generator: inout SeededRandomNumberGenerator
    ) -> Observation {
        let deckID = "abcdefabcdef"
        let before = deck
        let outcome = DeckCore(cardJSON: cardJSON).answer(
            request, deckID: deckID, deck: &deck, caller: .token(hash: caller.tokenHash), using: &generator)
        let event = outcome.record.map { record in
            guard let snapshot = try? record.snapshot(after: TableSnapshot(before)) else { return "no replay" }
            let step = TableEventReplay.Step(number: outcome.changeNumber, record: record, snapshot: snapshot)
            return TableEventRenderer(cardJSON: cardJSON).event(step, deckID: deckID, viewer: observer)
        }
        let answer = observer == caller.name ? String(outcome.response.status.code) + " " + outcome.response.json : nil
        return Observation(answer: answer, event: event, changeNumber: outcome.changeNumber)
    }
}
