import Foundation
import PlayingCards
import RiffleTestSupport
import Testing

/// Decks in an order you choose (issue 43), as scripted requests against `riffle serve`: a seeded shuffle anyone can
/// reproduce, a partial deck in the order its cards are listed (crobertsbmw/deckofcards #89), and cards added at
/// the bottom of a pile (#135). A request that uses none of these answers as the public API does.
@Suite(.stopsItsServers) struct OrderYouChooseTests {
    /// Runs `body` against a fresh `riffle serve` on a SQLite file of its own.
    static func withServer(_ body: (String) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("order-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try await RiffleProcess.start(database: directory.appendingPathComponent("riffle.sqlite").path)
        defer { server.kill() }
        try await body(server.baseURL + "/api")
    }

    /// The codes of a whole deck drawn top first.
    static func drawAll(_ api: String, _ deckID: String, count: Int) async throws -> [String] {
        let (status, drawn) = try await httpGetJSON(api + "/deck/\(deckID)/draw/?count=\(count)")
        #expect(status == 200)
        return cardCodes(drawn)
    }

    @Test func aSeedGivesTheSameOrderOnEveryDeckAndTheDocumentedOne() async throws {
        try await Self.withServer { api in
            let seed = "riffle%20test%20%E2%99%A0"  // "riffle test ♠"
            let (_, first) = try await httpGetJSON(api + "/deck/new/shuffle/?seed=\(seed)&deck_count=6")
            let (_, second) = try await httpGetJSON(api + "/deck/new/shuffle/?deck_count=6&seed=\(seed)")
            #expect(first["seed"] as? String == "riffle test ♠")
            #expect(first["shuffled"] as? Bool == true)
            let firstID = try #require(first["deck_id"] as? String)
            let secondID = try #require(second["deck_id"] as? String)
            let order = try await Self.drawAll(api, firstID, count: 312)
            #expect(try await Self.drawAll(api, secondID, count: 312) == order)
            // The frozen algorithm (docs/SEEDED-SHUFFLE.md), computed here on the unshuffled shoe.
            let shoe = (0..<6).flatMap { _ in Card.standardCards }
            #expect(order == (try SeededShuffle(seed: "riffle test ♠")).shuffled(shoe).map(\.code))

            // A full reshuffle with the same seed restores that order; without a seed it answers as the public API.
            let (_, reshuffled) = try await httpGetJSON(api + "/deck/\(firstID)/shuffle/?seed=\(seed)")
            #expect(reshuffled["seed"] as? String == "riffle test ♠")
            #expect(try await Self.drawAll(api, firstID, count: 312) == order)
            let (_, plain) = try await httpGetJSON(api + "/deck/\(firstID)/shuffle/")
            #expect(Set(plain.keys) == ["success", "deck_id", "remaining", "shuffled"])
        }
    }

    @Test func aSeededPileShuffleIsReproducible() async throws {
        try await Self.withServer { api in
            var orders: [[String]] = []
            for _ in 0..<2 {
                let (_, deck) = try await httpGetJSON(api + "/deck/new/?cards=AS,2S,3S,4S,5S,6S,7S,8S")
                let id = try #require(deck["deck_id"] as? String)
                _ = try await Self.drawAll(api, id, count: 8)
                _ = try await httpGetJSON(api + "/deck/\(id)/pile/p/add/?cards=AS,2S,3S,4S,5S,6S,7S,8S")
                let (status, shuffled) = try await httpGetJSON(api + "/deck/\(id)/pile/p/shuffle/?seed=pile")
                #expect(status == 200 && shuffled["seed"] as? String == "pile")
                let (_, listed) = try await httpGetJSON(api + "/deck/\(id)/pile/p/list/")
                let piles = try #require(listed["piles"] as? [String: Any])
                orders.append(cardCodes(try #require(piles["p"] as? [String: Any])))
            }
            #expect(orders[0] == orders[1])
            #expect(
                orders[0]
                    == (try SeededShuffle(seed: "pile")).shuffled(["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S"]))
        }
    }

    @Test func aPartialDeckKeepsTheOrderItsCardsAreListedIn() async throws {
        try await Self.withServer { api in
            let (status, deck) = try await httpGetJSON(
                api + "/deck/new/?cards=KH,AS,0D,2C,X1&order=listed&jokers_enabled=true")
            #expect(status == 200 && deck["shuffled"] as? Bool == false)
            let id = try #require(deck["deck_id"] as? String)
            #expect(try await Self.drawAll(api, id, count: 5) == ["KH", "AS", "0D", "2C", "X1"])
        }
    }

    @Test func cardsAddedAtTheBottomOfAPileComeOutOfItsBottom() async throws {
        try await Self.withServer { api in
            let (_, deck) = try await httpGetJSON(api + "/deck/new/?cards=AS,2S,3S,4S&order=listed")
            let id = try #require(deck["deck_id"] as? String)
            _ = try await Self.drawAll(api, id, count: 4)
            _ = try await httpGetJSON(api + "/deck/\(id)/pile/p/add/?cards=AS")
            let (status, added) = try await httpGetJSON(api + "/deck/\(id)/pile/p/add/?cards=2S,3S&position=bottom")
            #expect(status == 200 && added["success"] as? Bool == true)
            _ = try await httpGetJSON(api + "/deck/\(id)/pile/p/add/?cards=4S&position=top")
            // The first listed above the next: 3S is the new bottom card, then 2S, then AS; 4S went on top.
            let (_, bottom) = try await httpGetJSON(api + "/deck/\(id)/pile/p/draw/bottom/?count=3")
            #expect(cardCodes(bottom) == ["3S", "2S", "AS"])
            let (_, top) = try await httpGetJSON(api + "/deck/\(id)/pile/p/draw/?count=1")
            #expect(cardCodes(top) == ["4S"])
        }
    }

    @Test func badOrderParametersAreRefusedAndChangeNothing() async throws {
        try await Self.withServer { api in
            let refusals = [
                ("/deck/new/?order=random", "The parameter 'order' may only be 'listed'; it was 'random'."),
                (
                    "/deck/new/shuffle/?order=listed",
                    "order=listed keeps the cards as listed, so it takes no shuffle: use /new/."
                ),
                ("/deck/new/?seed=abc", "A seed orders a shuffle: use /new/shuffle/ with it, or leave it out."),
                ("/deck/new/shuffle/?seed=", "The parameter 'seed' must be 1 to 256 bytes of text; it was 0."),
                (
                    "/deck/new/shuffle/?seed=" + String(repeating: "x", count: 257),
                    "The parameter 'seed' must be 1 to 256 bytes of text; it was 257."
                ),
            ]
            for (path, message) in refusals {
                let (status, answer) = try await httpGetJSON(api + path)
                #expect(status == 400, "\(path)")
                #expect(answer["error"] as? String == message, "\(path)")
            }
            let (_, deck) = try await httpGetJSON(api + "/deck/new/?cards=AS,2S")
            let id = try #require(deck["deck_id"] as? String)
            _ = try await Self.drawAll(api, id, count: 2)
            let (status, answer) = try await httpGetJSON(api + "/deck/\(id)/pile/p/add/?cards=AS&position=middle")
            #expect(status == 400)
            #expect(
                answer["error"] as? String == "The parameter 'position' must be 'top' or 'bottom'; it was 'middle'.")
            let (_, piles) = try await httpGetJSON(api + "/deck/\(id)/pile/q/list/")
            #expect((piles["piles"] as? [String: Any])?["p"] == nil)
        }
    }

    @Test func aTableWithPlayersTakesNoSeed() async throws {
        try await Self.withServer { api in
            let (_, deck) = try await httpGetJSON(api + "/deck/new/shuffle/")
            let id = try #require(deck["deck_id"] as? String)
            let join = try await send("POST", api + "/deck/\(id)/player/ana/")
            let token = try #require(join.object["token"] as? String)
            let before = try await send("GET", api + "/deck/\(id)/", token: token)
            let refused = try await send("GET", api + "/deck/\(id)/shuffle/?seed=known", token: token)
            #expect(refused.status == 409)
            #expect(
                refused.object["error"] as? String
                    == "A seeded shuffle gives an order anyone with the seed can predict, so a table with players does not take one; shuffle without seed."
            )
            let after = try await send("GET", api + "/deck/\(id)/", token: token)
            #expect(after.etag != nil && after.etag == before.etag)
        }
    }
}
