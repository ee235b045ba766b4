import Foundation
import RiffleTestSupport
import Testing

/// Every endpoint × {owner, other player, no token, wrong deck's token}: from the raw bytes of each
/// answer and of each caller's event stream, no card in a player's hand reaches anyone but that player.
@Suite(.stopsItsServers) struct TableVisibilityMatrixTests {
    enum Who: String, CaseIterable, Sendable, CustomStringConvertible {
        case owner, otherPlayer, noToken, wrongDecksToken
        var description: String { rawValue }
    }

    /// Every endpoint, in an order that keeps alice's hand in her hand until the full reshuffle at the end.
    static let requests: [(method: String, path: String)] = [
        ("GET", "/"), ("HEAD", "/"), ("GET", "/drawn/"), ("GET", "/pile/alice/list/"), ("GET", "/pile/centre/list/"),
        ("GET", "/draw/?count=1"), ("GET", "/draw/bottom/?count=1"), ("GET", "/draw/random/?count=1"),
        ("GET", "/draw/?count=500"), ("GET", "/return/?cards=KH,QH"),
        ("GET", "/pile/centre/add/?cards=AS,2S,3S,4S,5S"), ("GET", "/pile/bob/add/?cards=AS,2S"),
        ("GET", "/pile/alice/add/?cards=8S"), ("GET", "/pile/alice/draw/?cards=AS"),
        ("GET", "/pile/alice/draw/?count=99"), ("GET", "/pile/alice/draw/bottom/?count=1"),
        ("GET", "/pile/alice/draw/random/?count=1"), ("GET", "/pile/alice/shuffle/"),
        ("GET", "/pile/alice/return/?cards=AS"), ("GET", "/pile/alice/return/"),
        ("GET", "/pile/centre/draw/?cards=AS,2S"), ("GET", "/pile/centre/draw/?count=99"),
        ("GET", "/pile/centre/shuffle/"), ("GET", "/pile/centre/return/?cards=6S"), ("GET", "/return/"),
        ("GET", "/pile/alice/deal/?count=2"), ("GET", "/pile/centre/deal/?count=1"),
        ("GET", "/pile/alice/deal/?count=99"), ("GET", "/pile/alice/list/"), ("POST", "/player/dave/"),
        ("GET", "/shuffle/?remaining=true"), ("GET", "/pile/alice/list/"), ("GET", "/shuffle/"),
    ]

    @Test(arguments: Who.allCases) func noHiddenCardLeaks(who: Who) async throws {
        let server = try await TestServer.start()
        let table = try await TestTable.create(on: server.baseURL)
        let alice = try await table.join("alice")
        let bob = try await table.join("bob")
        let carol = try await TestTable.create(on: server.baseURL).join("carol")
        // alice holds AS…5S face down; the centre holds 6S 7S face up; 8S 9S are drawn.
        #expect(try await send("GET", table.deckURL + "/pile/alice/deal/?count=5", token: alice).status == 200)
        #expect(try await send("GET", table.deckURL + "/pile/centre/deal/?count=2", token: bob).status == 200)
        #expect(try await send("GET", table.deckURL + "/draw/?count=2", token: alice).status == 200)
        let token: String? =
            switch who {
            case .owner: alice
            case .otherPlayer: bob
            case .noToken: nil
            case .wrongDecksToken: carol
            }

        let streamPath = "/api/deck/\(table.deckID)/events/" + (token.map { "?token=" + $0 } ?? "")
        let stream = try await onOwnThread { try EventStreamReader(port: server.port, path: streamPath) }
        defer { stream.close() }
        var answers: [(String, RawAnswer)] = []
        var aliceHand: [String] = []
        for (method, path) in Self.requests {
            if path == "/shuffle/" {
                aliceHand = try await send("GET", table.deckURL + "/pile/alice/list/", token: alice).pileCodes("alice")
            }
            answers.append((method + " " + path, try await send(method, table.deckURL + path, token: token)))
        }
        // Only the host starts a new round: for everyone else she does, so that every stream ends
        // with the reshuffle.
        if who != .owner { #expect(try await send("GET", table.deckURL + "/shuffle/", token: alice).status == 200) }

        switch who {
        case .wrongDecksToken:
            #expect(stream.status == 401)
            for (request, answer) in answers where !request.hasPrefix("HEAD") && !request.hasPrefix("POST") {
                #expect(answer.status == 401, "\(request)")
            }
        case .owner:
            #expect(stream.status == 200)
            let listed = answers.first { $0.0 == "GET /pile/alice/list/" }?.1
            #expect(listed?.pileCodes("alice") == ["AS", "2S", "3S", "4S", "5S"])
            let events = try await onOwnThread {
                try stream.events(until: { $0.kind == "shuffle" && $0.data.contains("\"remaining\":52") })
            }
            #expect(revealedCodes(in: events.first?.data ?? "", of: ["AS", "2S", "3S", "4S", "5S"]).count == 5)
        case .otherPlayer:
            #expect(stream.status == 200)
            // Alice's hand (draw ×4, shuffle, return ×2) and the full reshuffle, which is the host's.
            let forbidden = answers.filter { $0.1.status == 403 }.map(\.0)
            #expect(forbidden.count == 8, "\(forbidden)")
            let events = try await onOwnThread {
                try stream.events(until: { $0.kind == "shuffle" && $0.data.contains("\"remaining\":52") })
            }
            #expect(events.count > 10)
        case .noToken:
            #expect(stream.status == 200)
            // A seated deck changes only through its players: every change is refused.
            let reads: Set = ["GET /", "HEAD /", "GET /drawn/", "GET /pile/alice/list/", "GET /pile/centre/list/"]
            for (request, answer) in answers where !reads.contains(request) && !request.hasPrefix("POST") {
                #expect(answer.status == 401, "\(request)")
            }
            let events = try await onOwnThread {
                try stream.events(until: { $0.kind == "shuffle" && $0.data.contains("\"remaining\":52") })
            }
            #expect(events.map(\.kind) == ["hello", "join", "shuffle"], "dave joined; nothing else changed")
        }

        // Hidden: the five cards alice was dealt face down, in her hand until the full reshuffle
        // (every other card of the deck is drawn, so seen, by the over-draw along the way).
        let hidden = ["AS", "2S", "3S", "4S", "5S"]
        #expect(Set(hidden).isSubset(of: aliceHand) == (who != .owner))
        if who != .owner {
            for (request, answer) in answers {
                #expect(revealedCodes(in: answer.body, of: hidden).isEmpty, "\(request) leaks: \(answer.body)")
            }
            let streamed = stream.text
            #expect(revealedCodes(in: streamed, of: hidden).isEmpty, "the event stream leaks: \(streamed)")
        }
    }
}
