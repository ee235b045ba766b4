import DeckClient
import Foundation
import PlayingCards
import Testing

@Suite("Request building")
struct RequestBuildingTests {
    let client = DeckOfCardsClient(configuration: DeckClientConfiguration(baseURL: URL(string: "http://h:1/base/")!))

    @Test("Reads are GET with a query string and a trailing slash")
    func readsAreGet() throws {
        let request = try client.httpRequest(for: .listPile(deckID: "abc123def456", pile: "discard"))
        #expect(request.method == "GET")
        #expect(request.url.absoluteString == "http://h:1/base/api/deck/abc123def456/pile/discard/list/")
        #expect(request.body == nil)
        let info = try client.httpRequest(for: .deckInfo(deckID: "abc123def456"))
        #expect(info.url.absoluteString == "http://h:1/base/api/deck/abc123def456/")
    }

    @Test("State changes are POST with a form body")
    func changesArePost() throws {
        let request = try client.httpRequest(
            for: .newDeck(
                shuffled: true, deckCount: 2, jokersEnabled: true, cards: [.standard(.ace, .spades), .joker(.red)]))
        #expect(request.method == "POST")
        #expect(request.url.absoluteString == "http://h:1/base/api/deck/new/shuffle/")
        #expect(request.headers["Content-Type"] == "application/x-www-form-urlencoded")
        #expect(
            String(decoding: request.body ?? Data(), as: UTF8.self) == "deck_count=2&jokers_enabled=true&cards=AS,X2")
    }

    @Test("A partial deck naming a joker enables jokers, which the API needs to keep it")
    func jokersInPartialDecks() throws {
        func body(_ request: DeckRequest) throws -> String {
            String(decoding: try client.httpRequest(for: request).body ?? Data(), as: UTF8.self)
        }
        #expect(
            try body(.newDeck(cards: [.standard(.ace, .spades), .joker(.black)]))
                == "deck_count=1&jokers_enabled=true&cards=AS,X1")
        #expect(try body(.newDeck(cards: [.standard(.ace, .spades)])) == "deck_count=1&cards=AS")
        #expect(try body(.newDeck(cards: [])) == "deck_count=1&cards=")
        #expect(try body(.shuffle(deckID: "d", cards: [.joker(.red)])) == "jokers_enabled=true&cards=X2")
        #expect(
            try body(.shuffle(deckID: "d", jokersEnabled: false, cards: [.joker(.red)]))
                == "jokers_enabled=false&cards=X2")
        #expect(try body(.shuffle(deckID: "d", cards: [.standard(.king, .hearts)])) == "cards=KH")
    }

    @Test("Draw sources map to the draw paths")
    func drawPaths() throws {
        let paths = try [DrawSource.top, .bottom, .random].map {
            try client.httpRequest(for: .drawFromPile(deckID: "d", pile: "p", count: 3, from: $0)).url.absoluteString
        }
        let base = "http://h:1/base/api/deck/d/pile/p/draw/"
        #expect(paths == [base, base + "bottom/", base + "random/"])
        let shuffle = try client.httpRequest(for: .shuffle(deckID: "d", remainingOnly: true, jokersEnabled: false))
        #expect(String(decoding: shuffle.body ?? Data(), as: UTF8.self) == "remaining=true&jokers_enabled=false")
    }

    @Test("An invalid pile name is a typed error, not a request")
    func invalidPileName() async throws {
        let transport = FakeTransport(json: Sample.deck)
        let client = DeckOfCardsClient.fake(transport)
        let error = await #expect(throws: DeckClientError.self) {
            try await client.listPile(deckID: "abc123def456", pile: "no spaces")
        }
        #expect(error?.code == .invalidRequest)
        #expect(await transport.log.count == 0)
    }
}
