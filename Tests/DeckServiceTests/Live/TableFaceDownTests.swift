import Foundation
import RiffleTestSupport
import Testing

/// Face-down public piles over real HTTP (issue 32): their count is public, their cards visible to
/// nobody (hidden is absent: probing codes learns nothing), any seated player draws from their top,
/// shuffles and returns them, and turning one face up shows its cards to everyone.
@Suite(.stopsItsServers) struct TableFaceDownTests {
    private func changeNumber(_ table: TestTable) async throws -> String {
        try await send("GET", table.deckURL + "/").etag ?? "none"
    }

    @Test func aFaceDownPileShowsItsCountToEveryoneAndItsCardsToNobody() async throws {
        let server = try await TestServer.start()
        let table = try await TestTable.create(on: server.baseURL)
        let alice = try await table.join("alice")
        let bob = try await table.join("bob")
        let face = table.deckURL + "/pile/stock/face/"
        #expect(try await sendForm(face, form: [("face", "down")]).status == 401)
        #expect(try await send("GET", face + "?face=down", token: alice).status == 405)
        #expect(try await sendForm(face, form: [("face", "sideways")], token: alice).status == 400)
        #expect(try await sendForm(face, form: [], token: alice).status == 400)
        #expect(
            try await sendForm(table.deckURL + "/pile/bob/face/", form: [("face", "down")], token: alice).status == 409)

        let stream = try await onOwnThread {
            try EventStreamReader(port: server.port, path: "/api/deck/\(table.deckID)/events/")
        }
        defer { stream.close() }
        _ = try await onOwnThread { try stream.events(atLeast: 1) }
        let turned = try await sendForm(face, form: [("face", "down")], token: alice)
        #expect(turned.status == 200)
        #expect(turned.piles["stock"]?["face"] as? String == "down")
        let dealt = try await send("GET", table.deckURL + "/pile/stock/deal/?count=5", token: alice)
        #expect(dealt.status == 200)
        #expect(dealt.object["cards"] == nil)
        #expect(dealt.piles["stock"]?["remaining"] as? Int == 5)
        #expect(dealt.piles["stock"]?["cards"] == nil)
        let stockCodes = ["AS", "2S", "3S", "4S", "5S"]
        for token in [alice, bob, nil] {
            let listed = try await send("GET", table.deckURL + "/pile/stock/list/", token: token)
            #expect(listed.status == 200)
            #expect(listed.piles["stock"]?["cards"] == nil)
            #expect(revealedCodes(in: listed.body, of: stockCodes).isEmpty)
        }
        // A face-up pile keeps the public API's shape: no `face` key.
        let centre = try await send("GET", table.deckURL + "/pile/centre/deal/?count=1", token: alice)
        #expect(centre.piles["centre"]?["face"] == nil)

        // Any seated player draws from its top, shuffles and returns it.
        let top = try await send("GET", table.deckURL + "/pile/stock/draw/?count=1", token: bob)
        #expect(top.codes == ["5S"])
        #expect(try await send("GET", table.deckURL + "/pile/stock/shuffle/", token: bob).status == 200)
        #expect(try await send("GET", table.deckURL + "/pile/stock/draw/bottom/", token: alice).status == 200)
        // Moves into it give counts only.
        let drawn = top.codes
        let back = try await send("GET", table.deckURL + "/pile/stock/add/?cards=" + drawn[0], token: bob)
        #expect(back.status == 200)
        #expect(back.pileCodes("stock").isEmpty)

        // Turned face up, everyone sees it.
        let up = try await sendForm(face, form: [("face", "up")], token: bob)
        #expect(up.status == 200)
        #expect(up.piles["stock"]?["face"] == nil)
        let shown = up.pileCodes("stock")
        #expect(shown.count == 4)
        let events = try await onOwnThread { try stream.events(atLeast: 9) }
        #expect(
            events.map(\.kind) == [
                "hello", "pile_face", "deal", "deal", "pile_draw", "pile_shuffle", "pile_draw", "pile_add", "pile_face",
            ])
        for event in events.dropLast() {
            #expect(
                revealedCodes(in: event.data, of: stockCodes.filter { !drawn.contains($0) }).isEmpty
                    || event.kind == "pile_draw")
        }
        let deal = events[2].object
        #expect((deal["piles"] as? [String: [String: Any]])?["stock"]?["face"] as? String == "down")
        #expect((deal["moved"] as? [[String: Any]])?.first?["cards"] == nil)
        #expect((events[7].object["moved"] as? [[String: Any]])?.first?["cards"] == nil)
        let flipped = events[8].object
        #expect(flipped["pile"] as? String == "stock")
        #expect(flipped["face"] as? String == "up")
        #expect((flipped["cards"] as? [[String: Any]])?.compactMap { $0["code"] as? String } == shown)
    }

    @Test func probingAFaceDownPileByCodeLearnsNothing() async throws {
        let server = try await TestServer.start()
        let table = try await TestTable.create(on: server.baseURL)
        let alice = try await table.join("alice")
        let bob = try await table.join("bob")
        #expect(
            try await send("GET", table.deckURL + "/pile/stock/deal/?count=5&face=down", token: alice).status == 200)
        #expect(try await send("GET", table.deckURL + "/draw/?count=1", token: alice).status == 200)
        #expect(
            try await send("GET", table.deckURL + "/pile/discard/add/?cards=6S&face=down", token: alice).status == 200)
        let before = try await changeNumber(table)
        var answers: Set<String> = []
        var returns: Set<String> = []
        var takes: Set<String> = []
        for code in ["AS", "2S", "3S", "4S", "5S", "KH", "QD", "9C"] {
            let drawn = try await send("GET", table.deckURL + "/pile/stock/draw/?cards=" + code, token: bob)
            answers.insert("\(drawn.status) \(drawn.body)")
            let returned = try await send("GET", table.deckURL + "/pile/stock/return/?cards=" + code, token: bob)
            returns.insert("\(returned.status) \(returned.body)")
            let taken = try await send("GET", table.deckURL + "/pile/bob/add/?from=stock&cards=" + code, token: bob)
            takes.insert("\(taken.status) \(taken.body.replacingOccurrences(of: code, with: "XX"))")
        }
        #expect(answers.count == 1, "\(answers)")
        #expect(answers.first?.hasPrefix("404") == true)
        #expect(returns.count == 1)
        #expect(takes.count == 1)
        #expect(try await changeNumber(table) == before)
        // The face-down discard created by add=face=down hides its card too.
        let discard = try await send("GET", table.deckURL + "/pile/discard/list/")
        #expect(discard.piles["discard"]?["face"] as? String == "down")
        #expect(discard.piles["discard"]?["cards"] == nil)
    }

    @Test func strictTurnsCoverTurningPiles() async throws {
        let server = try await TestServer.start()
        let table = try await TestTable.create(on: server.baseURL)
        let alice = try await table.join("alice")
        let bob = try await table.join("bob")
        #expect(
            try await sendForm(table.deckURL + "/turn/", form: [("to", "alice"), ("strict", "true")], token: alice)
                .status == 200)
        let refused = try await sendForm(table.deckURL + "/pile/stock/face/", form: [("face", "down")], token: bob)
        #expect(refused.status == 409)
        #expect(refused.error == "It is alice's turn.")
        #expect(
            try await sendForm(table.deckURL + "/pile/stock/face/", form: [("face", "down")], token: alice).status
                == 200)
    }
}
