import PlayingCards

/// One round of a table as its history keeps it (`GET /api/deck/<id>/history/?round=N`): which events are the
/// round's, its commitment and the cards it covers, whether it is over, and, once its seed is revealed, the seed and
/// the steps the stack went through, which is all a verifier needs (``RoundAudit``).
///
/// A round's events run from the shuffle that started it up to, not including, the shuffle that started the next
/// one. Everything here comes from the events' round notes (``TableRoundNote``), so a round is known as long as the
/// event that started it is kept.
package struct TableRoundHistory: Sendable, Equatable {
    /// The round's number.
    package let number: Int
    /// The numbers of the round's events.
    package let numbers: ClosedRange<Int64>
    /// The commitment announced with the round's shuffle.
    package let commitment: ShuffleCommitment
    /// The cards the commitment covers, in their starting order.
    package let cards: [Card]
    /// Whether the round is over.
    package let isOver: Bool
    /// The table's reveal setting, as of the round's latest note.
    package let reveals: Bool
    /// The seed and the steps, once revealed.
    package let reveal: TableRoundNote.Reveal?
    /// The players' contributions to the order (``SeedMixing``).
    package let entropy: [RoundEntropy]

    /// Round `number` in `steps` (a table's replayed events, in number order), `nil` when the event that started it is
    /// not among them.
    ///
    /// - Parameters:
    ///   - number: the round's number.
    ///   - steps: the table's replayed events, in number order.
    ///   - changeNumber: the deck's change number (where an open round's events end).
    /// - Complexity: O(*e*) for *e* events.
    package init?(round number: Int, in steps: [TableEventReplay.Step], changeNumber: Int64) {
        guard
            let start = steps.firstIndex(where: {
                $0.record.round?.round.number == number && $0.record.round?.startingCards != nil
            }),
            let opening = steps[start].record.round, let cards = opening.startingCards
        else { return nil }
        let next = steps[(start + 1)...].firstIndex { step in
            guard let note = step.record.round, note.startingCards != nil else { return false }
            return note.round.number > number
        }
        var latest = opening.round
        var reveal: TableRoundNote.Reveal?
        for step in steps[start...] {
            guard let note = step.record.round else { continue }
            if note.round.number == number { latest = note.round }
            if note.revealed?.number == number { reveal = note.revealed }
        }
        self.number = number
        numbers = steps[start].number...(next.map { steps[$0].number - 1 } ?? changeNumber)
        commitment = opening.round.commitment
        self.cards = cards
        // A newer round's shuffle gathered this one's cards: it is over, whatever its own notes said last.
        isOver = latest.isOver || next != nil
        reveals = latest.reveals
        entropy = latest.entropy
        self.reveal = reveal
    }

    /// The page's `round`: the round object (``TableRoundNote/Round/json(seed:)``) with `cards`, the starting order as
    /// comma-separated codes, and, once revealed, `seed` and `steps` (`{"step": "top"|"bottom"|"under", "cards"}` or
    /// `{"step": "reshuffled"}`).
    package func json() -> String {
        let round = TableRoundNote.Round(
            number: number, commitment: commitment, isOver: isOver, reveals: reveals, entropy: entropy)
        var object = round.json(seed: reveal?.seed)
        object.removeLast()
        var more = JSONObjectWriter(capacity: 4 * cards.count + 64)
        more.add("cards", string: cards.map(\.code).joined(separator: ","))
        if let reveal { more.add("steps", json: Self.stepsJSON(reveal.steps)) }
        return object + "," + more.finished().dropFirst()
    }

    private static func stepsJSON(_ steps: [RoundAudit.Step]) -> String {
        let entries = steps.map { step -> String in
            var entry = JSONObjectWriter()
            switch step {
            case .fromTop(let cards): add("top", cards, to: &entry)
            case .fromBottom(let cards): add("bottom", cards, to: &entry)
            case .returnedToBottom(let cards): add("under", cards, to: &entry)
            case .stackReshuffled: entry.add("step", string: "reshuffled")
            }
            return entry.finished()
        }
        return "[" + entries.joined(separator: ",") + "]"
    }

    private static func add(_ kind: String, _ cards: [Card], to entry: inout JSONObjectWriter) {
        entry.add("step", string: kind)
        entry.add("cards", json: "[" + cards.map { "\"" + $0.code + "\"" }.joined(separator: ",") + "]")
    }
}
