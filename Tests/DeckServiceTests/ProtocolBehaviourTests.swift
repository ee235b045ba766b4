import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@Suite struct ProtocolBehaviourTests {
    @Test func missingTrailingSlashRedirectsKeepingTheQuery() async throws {
        try await withTestApplication { client in
            let response = try await client.execute(uri: "/api/deck/new/draw?count=2&deck_count=3", method: .get)
            #expect(response.status == .movedPermanently)
            #expect(response.headers[.location] == "/api/deck/new/draw/?count=2&deck_count=3")
            #expect(response.headers[.accessControlAllowOrigin] == "*")
            let bare = try await client.execute(uri: "/api/new", method: .post)
            #expect(bare.status == .movedPermanently && bare.headers[.location] == "/api/new/")
        }
    }

    @Test func postTakesFormEncodedParameters() async throws {
        try await withTestApplication { client in
            let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
            let created = try await client.json("/api/deck/new/", method: .post, headers: form, body: "deck_count=2")
            #expect(created.remaining == 104)
            let id = created.deckID
            let drawn = try await client.json(
                "/api/deck/\(id)/draw/?count=1", method: .post, headers: form, body: "count=3")
            #expect(drawn.codes == ["AS", "2S", "3S"])
            let pile = try await client.json(
                "/api/deck/\(id)/pile/p/add/", method: .post, headers: form, body: "cards=AS%2C2S")
            #expect(pile.pileRemaining("p") == 2)
            let anyMethod = try await client.json("/api/deck/\(id)/", method: .put)
            #expect(anyMethod.remaining == 101)
        }
    }

    @Test func headAndOptionsNeverChangeState() async throws {
        try await withTestApplication { client in
            let id = try await client.newDeck()
            for path in [
                "/api/deck/\(id)/draw/?count=5", "/api/deck/\(id)/shuffle/", "/api/deck/\(id)/pile/p/add/?cards=AS",
            ] {
                let head = try await client.execute(uri: path, method: .head)
                #expect(head.status == .ok && head.body.readableBytes == 0)
                let options = try await client.execute(uri: path, method: .options)
                #expect(options.status == .ok)
            }
            let before = try await client.json("/api/deck/new/")
            _ = try await client.execute(uri: "/api/deck/new/draw/", method: .head)
            #expect(try await client.json("/api/deck/\(id)/").remaining == 52)
            #expect(try await client.json("/api/deck/\(id)/drawn/").codes.isEmpty)
            #expect(try await client.json("/api/deck/\(id)/pile/p/list/").status == .notFound)
            let headUnknown = try await client.execute(uri: "/api/deck/aaaaaaaaaaaa/draw/", method: .head)
            #expect(headUnknown.status == .notFound)
            #expect(before.success == true)
        }
    }

    @Test func preflightsAnswerWithAllowedMethodsAndHeaders() async throws {
        try await withTestApplication { client in
            let response = try await client.execute(
                uri: "/api/deck/new/", method: .options,
                headers: [.accessControlRequestMethod: "POST", .accessControlRequestHeaders: "X-Custom"])
            #expect(response.status == .ok)
            #expect(response.headers[.accessControlAllowOrigin] == "*")
            #expect(response.headers[.accessControlAllowMethods]?.contains("POST") == true)
            #expect(response.headers[.accessControlAllowMethods]?.contains("DELETE") == true, "leaving a table")
            #expect(response.headers[.accessControlAllowHeaders] == "X-Custom")
            #expect(response.headers[.accessControlMaxAge] == "86400")
        }
    }

    @Test func deckIDsAreUniqueAndWellFormed() async throws {
        try await withTestApplication { client in
            var ids = Set<String>()
            for _ in 0..<200 { ids.insert(try await client.newDeck()) }
            #expect(ids.count == 200)
        }
    }
}
