import Foundation
import RiffleTestSupport
import Testing

/// Display names that cannot deceive (issue 41, findings 7 and 8): stored composed (NFC), never
/// blank, never a tower of marks, never equal once case-folded or confusable with a seated
/// player's; yet the joiners a script or an emoji needs are taken.
@Suite struct DisplayNameSafetyTests {
    @Test func namesThatRenderBlankOrStackMarksAreRefused() async throws {
        try await TestServer.run { server in
            let table = try await TestTable.create(on: server.baseURL)
            let before = try await send("GET", table.deckURL + "/")
            let refused = [
                "\u{3164}", "\u{FFA0}", "\u{115F}", "\u{1160}", String(repeating: "\u{2800}", count: 32), "\u{034F}",
                "\u{17B4}", "\u{FE0F}", "a" + String(repeating: "\u{0301}", count: 120), "\u{0301}\u{0302}",
                "ab\u{3164}\u{3164}",
            ]
            for (index, name) in refused.enumerated() {
                let answer = try await table.join("p\(index)", displayName: name)
                #expect(answer.status == 400, "U+\(name.unicodeScalars.map { String($0.value, radix: 16) })")
                #expect(answer.object["success"] as? Bool == false)
                #expect(answer.object["token"] == nil)
            }
            let after = try await send("GET", table.deckURL + "/")
            #expect(after.etag == before.etag && after.body == before.body)
        }
    }

    @Test func joinersWhereAScriptNeedsThemAreTakenAndNamesAreComposed() async throws {
        try await TestServer.run { server in
            let table = try await TestTable.create(on: server.baseURL)
            for (index, name) in ["علی\u{200C}رضا", "ශ්\u{200D}රී", "🏳️\u{200D}🌈", "Vi\u{0323}\u{0302}t"].enumerated() {
                let answer = try await table.join("p\(index)", displayName: name)
                #expect(answer.status == 200, "\(name): \(answer.body)")
                #expect(answer.object["display_name"] as? String == name.precomposedStringWithCanonicalMapping)
            }
            let decomposed = try await table.join("zoe", displayName: "Zoe\u{0308}")
            let shown = try #require(decomposed.object["display_name"] as? String)
            #expect(Array(shown.unicodeScalars) == Array("Zo\u{00EB}".unicodeScalars), "stored composed (NFC)")
            // Latin letters need no joiner: one there only hides a look-alike.
            #expect(try await table.join("bob", displayName: "Bo\u{200D}b").status == 400)
        }
    }

    @Test func aNameEqualOnceFoldedOrConfusableWithASeatedPlayersIsRefused() async throws {
        try await TestServer.run { server in
            let table = try await TestTable.create(on: server.baseURL)
            #expect(try await table.join("host", displayName: "Alice").status == 200)
            #expect(try await table.join("zoe", displayName: "Zo\u{00EB}").status == 200)
            let before = try await send("GET", table.deckURL + "/")
            let clashes = [
                "Alice", "alice", "ALICE", "\u{0410}lice", "Alic\u{0435}", "A1ice", "AIice", "Zoe\u{0308}",
                "ZO\u{00CB}",
                "Z\u{043E}\u{00EB}",
            ]
            for (index, name) in clashes.enumerated() {
                let answer = try await table.join("p\(index)", displayName: name)
                #expect(answer.status == 409, "\(name): \(answer.body)")
                #expect(answer.object["token"] == nil)
            }
            // Nor by default: a player called alice shows as alice.
            #expect(try await send("POST", table.deckURL + "/player/alice/").status == 409)
            let after = try await send("GET", table.deckURL + "/")
            #expect(after.etag == before.etag && after.body == before.body)
            // A rename is held to the same rule; renaming oneself to one's own name's look-alike is fine.
            let bob = try await table.join("bob")
            let rename = table.deckURL + "/player/bob/rename/"
            #expect(try await sendForm(rename, form: [("display_name", "\u{0430}lice")], token: bob).status == 409)
            #expect(try await sendForm(rename, form: [("display_name", "B\u{043E}b")], token: bob).status == 200)
            #expect(try await table.join("zoey", displayName: "Zoë and friends").status == 200)
        }
    }
}
