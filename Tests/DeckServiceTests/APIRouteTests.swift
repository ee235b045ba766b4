import PlayingCards
import Testing

@testable import DeckService

@Suite struct APIRouteTests {
    @Test(arguments: [
        ("/api/deck/new/", APIRoute.newDeck(shuffled: false)),
        ("/api/new/", .newDeck(shuffled: false)),
        ("/api/deck/new/shuffle/", .newDeck(shuffled: true)),
        ("/api/shuffle/", .newDeck(shuffled: true)),
        ("/api/deck/new/draw/", .newDeckAndDraw),
        ("/api/deck/abc123def456/", .deckInfo(deckID: "abc123def456")),
        ("/api/deck/abc123def456/shuffle/", .reshuffle(deckID: "abc123def456")),
        ("/api/shuffle/abc123def456/", .reshuffle(deckID: "abc123def456")),
        ("/api/deck/abc123def456/draw/", .draw(deckID: "abc123def456", source: .top)),
        ("/api/draw/abc123def456/", .draw(deckID: "abc123def456", source: .top)),
        ("/api/draw/new/", .draw(deckID: "new", source: .top)),
        ("/api/deck/abc123def456/draw/bottom/", .draw(deckID: "abc123def456", source: .bottom)),
        ("/api/deck/abc123def456/draw/random/", .draw(deckID: "abc123def456", source: .random)),
        ("/api/deck/abc123def456/return/", .returnCards(deckID: "abc123def456")),
        ("/api/deck/abc123def456/drawn/", .drawnCards(deckID: "abc123def456")),
        ("/api/deck/abc123def456/pile/p1/add/", .pile(deckID: "abc123def456", pile: "p1", action: .add)),
        ("/api/deck/abc123def456/pile/p1/list/", .pile(deckID: "abc123def456", pile: "p1", action: .list)),
        ("/api/deck/abc123def456/pile/p1/shuffle/", .pile(deckID: "abc123def456", pile: "p1", action: .shuffle)),
        ("/api/deck/abc123def456/pile/p1/return/", .pile(deckID: "abc123def456", pile: "p1", action: .returnCards)),
        ("/api/deck/abc123def456/pile/p1/draw/", .pile(deckID: "abc123def456", pile: "p1", action: .draw(.top))),
        (
            "/api/deck/abc123def456/pile/p1/draw/bottom/",
            .pile(deckID: "abc123def456", pile: "p1", action: .draw(.bottom))
        ),
        (
            "/api/deck/abc123def456/pile/p1/draw/random/",
            .pile(deckID: "abc123def456", pile: "p1", action: .draw(.random))
        ),
        // Pile draw locations: any case; any other word of [-a-zA-Z0-9_] draws from the top.
        ("/api/deck/abc/pile/p1/draw/BOTTOM/", .pile(deckID: "abc", pile: "p1", action: .draw(.bottom))),
        ("/api/deck/abc/pile/p1/draw/Random/", .pile(deckID: "abc", pile: "p1", action: .draw(.random))),
        ("/api/deck/abc/pile/p1/draw/top/", .pile(deckID: "abc", pile: "p1", action: .draw(.top))),
        ("/api/deck/abc/pile/p1/draw/sideways_2-b/", .pile(deckID: "abc", pile: "p1", action: .draw(.top))),
    ])
    func pathsMatchTheirEndpoints(path: String, route: APIRoute) {
        #expect(APIRoute.match(path: path) == .route(route))
        #expect(APIRoute.match(path: String(path.dropLast())) == .missingTrailingSlash)
    }

    @Test func emptySegmentsAreSkipped() {
        let draw = APIRoute.draw(deckID: "abc123def456", source: .top)
        #expect(APIRoute.match(path: "/api//deck///abc123def456/draw//") == .route(draw))
        #expect(APIRoute.match(path: "/api/deck/abc123def456//draw") == .missingTrailingSlash)
        #expect(APIRoute.match(path: "/api/deck/n\u{e9}w/") == .route(.deckInfo(deckID: "n\u{e9}w")))
    }

    @Test(arguments: [
        "/", "/api", "/api/", "/api/deck/", "/api/deck/abc/pile/", "/api/deck/abc/pile/p/",
        "/api/deck/abc/pile/p/fly/", "/api/deck/abc/unknown/", "/api/deck/new/return/", "/apix/deck/new/",
        "/api/new/extra/", "/api/deck/abc/draw/sideways/", "/api/deck/abc/pile/p/draw/a%20b/",
        "/api/deck/abc/pile/p/draw/b.c/", "/api/deck/abc/pile/p/draw/bottom/extra/",
    ])
    func otherPathsMatchNothing(path: String) {
        #expect(APIRoute.match(path: path) == .none)
    }
}
