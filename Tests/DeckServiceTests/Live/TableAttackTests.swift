import Foundation
import RiffleTestSupport
import Testing

/// The two leaks of issue 30, scripted as an attacker would run them over HTTP: they learn nothing.
@Suite(.stopsItsServers) struct TableAttackTests {
    static let allCodes: [String] = ["S", "D", "C", "H"].flatMap { suit in
        ["A", "2", "3", "4", "5", "6", "7", "8", "9", "0", "J", "Q", "K"].map { $0 + suit }
    }

    /// Probing every code against a face-down hand (adding it to that hand, to a public pile, to
    /// one's own hand), as a spectator and as another player: every answer is the same up to the
    /// probed code, no event follows and the change number stays put, and the hand keeps its order.
    @Test func probingAHandForEveryCodeLearnsNothing() async throws {
        let server = try await TestServer.start()
        let table = try await TestTable.create(on: server.baseURL)
        _ = try await send("GET", table.deckURL + "/shuffle/")
        let alice = try await table.join("alice")
        let bob = try await table.join("bob")
        #expect(try await send("GET", table.deckURL + "/pile/alice/deal/?count=5", token: alice).status == 200)
        let hand = try await send("GET", table.deckURL + "/pile/alice/list/", token: alice).pileCodes("alice")
        #expect(hand.count == 5)
        let path = "/api/deck/\(table.deckID)/events/"
        // Bob's stream first: it makes him online (a change) before the spectator's hello.
        let bobStream = try await onOwnThread {
            try EventStreamReader(port: server.port, path: path, headers: ["Authorization": "Bearer " + bob])
        }
        _ = try await onOwnThread { try bobStream.events(atLeast: 1) }
        let spectatorStream = try await onOwnThread { try EventStreamReader(port: server.port, path: path) }
        defer {
            spectatorStream.close()
            bobStream.close()
        }
        let hello = try #require(try await onOwnThread { try spectatorStream.events(atLeast: 1) }.first)
        let changeNumber = try #require(hello.id)

        for (who, token) in [("spectator", nil), ("bob", bob)] as [(String, String?)] {
            for target in ["alice", "centre", "bob"] {
                var answers: Set<String> = []
                for code in Self.allCodes {
                    let answer = try await send(
                        "GET", table.deckURL + "/pile/\(target)/add/?cards=\(code)", token: token)
                    answers.insert("\(answer.status) " + answer.body.replacingOccurrences(of: code, with: "XX"))
                }
                #expect(answers.count == 1, "\(who) into \(target): the answers tell codes apart: \(answers)")
            }
        }
        // A marker change: the next event either stream hears is it, numbered right after the hello.
        #expect(try await send("GET", table.deckURL + "/draw/?count=1", token: alice).status == 200)
        for stream in [spectatorStream, bobStream] {
            let events = try await onOwnThread { try stream.events(atLeast: 2) }
            #expect(events.map(\.kind) == ["hello", "draw"])
            #expect(events.map(\.id) == [changeNumber, changeNumber + 1])
        }
        #expect(try await send("GET", table.deckURL + "/pile/alice/list/", token: alice).pileCodes("alice") == hand)
    }

    /// A full reshuffle after every card was seen: its event, as a spectator or another player
    /// receives it, names no card, so the new order stays secret; nor does the deal that follows.
    @Test func aReshuffleEventNamesNoCard() async throws {
        let server = try await TestServer.start()
        let table = try await TestTable.create(on: server.baseURL)
        let alice = try await table.join("alice")
        let bob = try await table.join("bob")
        #expect(try await send("GET", table.deckURL + "/pile/bob/deal/?count=5", token: alice).status == 200)
        #expect(try await send("GET", table.deckURL + "/pile/centre/deal/?count=7", token: alice).status == 200)
        // Every other card drawn, face up: the watchers have seen them all.
        let drawn = try await send("GET", table.deckURL + "/draw/?count=52", token: bob)
        #expect(drawn.codes.count == 40)
        let path = "/api/deck/\(table.deckID)/events/"
        // Bob's stream first: it makes him online (a change) before the spectator's hello.
        let bobStream = try await onOwnThread {
            try EventStreamReader(port: server.port, path: path, headers: ["Authorization": "Bearer " + bob])
        }
        _ = try await onOwnThread { try bobStream.events(atLeast: 1) }
        let spectator = try await onOwnThread { try EventStreamReader(port: server.port, path: path) }
        defer {
            spectator.close()
            bobStream.close()
        }
        _ = try await onOwnThread { try spectator.events(atLeast: 1) }
        #expect(try await send("GET", table.deckURL + "/shuffle/", token: alice).status == 200)
        #expect(try await send("GET", table.deckURL + "/pile/alice/deal/?count=5", token: alice).status == 200)
        for stream in [spectator, bobStream] {
            let events = try await onOwnThread { try stream.events(atLeast: 3) }
            #expect(events.map(\.kind) == ["hello", "shuffle", "deal"])
            let shuffle = events[1].object
            let moved = shuffle["moved"] as? [[String: Any]] ?? []
            #expect(moved.allSatisfy { $0["cards"] == nil && $0["to"] as? String == "deck" })
            #expect(moved.compactMap { $0["count"] as? Int }.reduce(0, +) == 52)
            #expect(revealedCodes(in: events[1].data + events[2].data, of: Self.allCodes).isEmpty)
        }
    }

    /// A departing hand cannot be drawn back: after the host removes a player, and after a player
    /// leaves, the bottom of the stack is not the hand (it used to be, reversed), and the stack
    /// holds the hand's cards somewhere.
    @Test func aDepartedHandCannotBeDrawnBackFromTheBottom() async throws {
        try await TestServer.run { server in
            for hostRemoves in [true, false] {
                let table = try await TestTable.create(on: server.baseURL)
                _ = try await send("GET", table.deckURL + "/shuffle/")
                let alice = try await table.join("alice")
                let bob = try await table.join("bob")
                #expect(try await send("GET", table.deckURL + "/pile/bob/deal/?count=5", token: alice).status == 200)
                let hand = try await send("GET", table.deckURL + "/pile/bob/list/", token: bob).pileCodes("bob")
                #expect(hand.count == 5)
                let left = try await send("DELETE", table.deckURL + "/player/bob/", token: hostRemoves ? alice : bob)
                #expect(left.status == 200)
                let bottom = try await send("GET", table.deckURL + "/draw/bottom/?count=5", token: alice)
                #expect(bottom.codes.count == 5)
                #expect(bottom.codes != hand.reversed(), "the hand came back from the bottom in its order")
                #expect(Set(bottom.codes) != Set(hand), "the hand came back from the bottom")
                let rest = try await send("GET", table.deckURL + "/draw/?count=52", token: alice)
                #expect(Set(hand).isSubset(of: Set(rest.codes + bottom.codes)))
            }
        }
    }
}
