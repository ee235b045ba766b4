import DeckClient
import Foundation
import PlayingCards

/// What `riffle verify` prints: the round, its commitment and seed, one line per card taken from the stack with its
/// check, the viewer's own cards, and a verdict; or the same as one JSON object with `--json`.
enum RoundVerificationFormatter {
    /// The readable report.
    ///
    /// ```
    /// round       1 of k3v9q2x8m1ab, as ana saw it
    /// commitment  3e32…fc40 (riffle-commit-v1)
    /// seed        9f0c…  ✓ the one committed to
    /// cards taken from the stack: 2
    ///   1  top     QH  ✓
    ///   2  bottom  3D  ✗ the seed's order has 7C there
    /// your cards  QH  ✓ among the cards taken, in order
    /// verdict     Round 1 is NOT verified. …
    /// ```
    static func text(_ verification: RoundVerification) -> String {
        let round = verification.round
        var text = row(
            "round",
            "\(round.number) of \(verification.deckID), as \(verification.viewer ?? "a spectator") saw it"
                + (round.isOver ? "" : " (still being played)"))
        text += row("commitment", "\(round.commitment.digest) (\(round.scheme))")
        text += row("seed", seedLine(verification))
        if !round.entropy.isEmpty {
            let contributions = round.entropy.map {
                "\(TerminalText.escaped($0.player)): \(TerminalText.escaped($0.text))"
            }
            text += row("entropy", contributions.joined(separator: " · ") + " (mixed into the order)")
        }
        if let audit = verification.audit {
            text += "cards taken from the stack: \(audit.checks.count)\n"
            let width = String(audit.checks.count).count
            for (index, check) in audit.checks.enumerated() {
                text += "  " + String(index + 1).leftPadded(width) + "  " + (check.fromTop ? "top   " : "bottom")
                text += "  " + check.card.code.rightPadded(2) + "  " + checkMark(check) + "\n"
            }
            if !audit.checkedEverything {
                text += "  (the stack was reordered here with randomness the commitment does not cover: "
                text += "the cards taken after this were not checked)\n"
            }
            if verification.viewer != nil { text += row("your cards", ownCardsLine(verification)) }
        }
        return text + row("verdict", verification.summary)
    }

    /// A `key  value` row, the keys padded to one width (that of `commitment`, the longest).
    private static func row(_ key: String, _ value: String) -> String {
        key.rightPadded("commitment".count) + "  " + value + "\n"
    }

    /// The seed row: the seed and whether it is the one committed to, or why it is not known.
    private static func seedLine(_ verification: RoundVerification) -> String {
        guard let seed = verification.round.seed, let audit = verification.audit else {
            return verification.round.revealsSeed ? "not revealed yet" : "not revealed (this table keeps its seeds)"
        }
        let shown = TerminalText.escaped(seed)
        if !audit.seedIsValid { return shown + "  ✗ not a valid seed" }
        return shown + (audit.commitmentHolds ? "  ✓ the one committed to" : "  ✗ NOT the one committed to")
    }

    /// `✓`, or `✗` with the card the seed's order had in that place.
    private static func checkMark(_ check: RoundAudit.Check) -> String {
        if check.holds { return "✓" }
        guard let expected = check.expected else { return "✗ the stack was already empty" }
        return "✗ the seed's order has \(expected.code) there"
    }

    /// The viewer's own cards and whether they are among the cards taken, in order.
    private static func ownCardsLine(_ verification: RoundVerification) -> String {
        let own = verification.ownCards
        guard !own.cards.isEmpty else { return "none dealt from the stack" }
        let cards = own.cards.map(\.code).joined(separator: " ")
        if let missing = own.firstUnmatched { return cards + "  ✗ \(missing.code) is not among the cards taken" }
        return cards + "  ✓ among the cards taken, in order"
    }

    /// The report as one JSON object (keys sorted), then a line break.
    static func json(_ verification: RoundVerification) -> String {
        let round = verification.round
        var object: [String: Any] = [
            "deck_id": verification.deckID,
            "round": round.number,
            "scheme": round.scheme,
            "commitment": round.commitment.digest,
            "reveal": round.revealsSeed,
            "over": round.isOver,
            "revealed": verification.isRevealed,
            "verified": verification.isVerified,
            "checked_everything": verification.checkedEverything,
            "summary": verification.summary,
            "failures": verification.failures,
            "checks": verification.checks.map { check -> [String: Any] in
                [
                    "card": check.card.code, "expected": check.expected.map { $0.code as Any } ?? NSNull(),
                    "from": check.fromTop ? "top" : "bottom", "holds": check.holds,
                ]
            },
        ]
        object["seed"] = round.seed.map { $0 as Any } ?? NSNull()
        object["entropy"] = round.entropy.map { ["player": $0.player, "text": $0.text] }
        object["viewer"] = verification.viewer.map { $0 as Any } ?? NSNull()
        object["commitment_holds"] = verification.commitmentHolds.map { $0 as Any } ?? NSNull()
        object["own_cards"] = verification.ownCards.cards.map(\.code)
        object["own_cards_hold"] = verification.ownCards.wasChecked ? verification.ownCards.holds as Any : NSNull()
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

extension String {
    /// The text with spaces after it up to `width` characters.
    fileprivate func rightPadded(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    /// The text with spaces before it up to `width` characters.
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
