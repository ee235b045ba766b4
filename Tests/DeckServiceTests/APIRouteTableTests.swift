import HTTPTypes
import PlayingCards
import Testing

@testable import DeckService

@Suite struct APIRouteTableTests {
    let table = APIRouteTable()

    /// The label and captures a path matches with `method`, or `nil`.
    func endpoint(_ path: String, method: HTTPRequest.Method = .get) -> (String, RouteCaptures)? {
        guard case .endpoint(let endpoint, let captures) = table.match(path: path, method: method) else { return nil }
        return (endpoint.label, captures)
    }

    func isRedirected(_ path: String) -> Bool {
        if case .missingTrailingSlash = table.match(path: path, method: .get) { return true }
        return false
    }

    func matchesNothing(_ path: String, method: HTTPRequest.Method = .get) -> Bool {
        if case .none = table.match(path: path, method: method) { return true }
        return false
    }

    @Test(
        arguments: [
            ("/api/deck/new/", "new", nil, nil),
            ("/api/new/", "new", nil, nil),
            ("/api/deck/new/shuffle/", "new-shuffle", nil, nil),
            ("/api/shuffle/", "new-shuffle", nil, nil),
            ("/api/deck/new/draw/", "new-draw", nil, nil),
            ("/api/deck/abc123def456/", "info", "abc123def456", nil),
            ("/api/deck/abc123def456/shuffle/", "shuffle", "abc123def456", nil),
            ("/api/shuffle/abc123def456/", "shuffle", "abc123def456", nil),
            ("/api/deck/abc123def456/draw/", "draw", "abc123def456", nil),
            ("/api/draw/abc123def456/", "draw", "abc123def456", nil),
            ("/api/draw/new/", "draw", "new", nil),
            ("/api/deck/abc123def456/draw/bottom/", "draw-bottom", "abc123def456", nil),
            ("/api/deck/abc123def456/draw/random/", "draw-random", "abc123def456", nil),
            ("/api/deck/abc123def456/return/", "return", "abc123def456", nil),
            ("/api/deck/abc123def456/drawn/", "drawn", "abc123def456", nil),
            ("/api/deck/abc123def456/pile/p1/add/", "pile-add", "abc123def456", "p1"),
            ("/api/deck/abc123def456/pile/p1/list/", "pile-list", "abc123def456", "p1"),
            ("/api/deck/abc123def456/pile/p1/shuffle/", "pile-shuffle", "abc123def456", "p1"),
            ("/api/deck/abc123def456/pile/p1/return/", "pile-return", "abc123def456", "p1"),
            ("/api/deck/abc123def456/pile/p1/draw/", "pile-draw", "abc123def456", "p1"),
            ("/api/deck/abc123def456/pile/p1/draw/bottom/", "pile-draw-bottom", "abc123def456", "p1"),
            ("/api/deck/abc123def456/pile/p1/draw/random/", "pile-draw-random", "abc123def456", "p1"),
            ("/api/deck/abc123def456/pile/p1/deal/", "pile-deal", "abc123def456", "p1"),
            // Pile draw locations: any case; any other word of [-a-zA-Z0-9_] draws from the top.
            ("/api/deck/abc/pile/p1/draw/BOTTOM/", "pile-draw-bottom", "abc", "p1"),
            ("/api/deck/abc/pile/p1/draw/Random/", "pile-draw-random", "abc", "p1"),
            ("/api/deck/abc/pile/p1/draw/top/", "pile-draw", "abc", "p1"),
            ("/api/deck/abc/pile/p1/draw/sideways_2-b/", "pile-draw", "abc", "p1"),
            // A live table's people and face-down piles (issue 32).
            ("/api/deck/abc123def456/seats/", "seats", "abc123def456", nil),
            ("/api/deck/abc123def456/turn/", "turn", "abc123def456", nil),
            ("/api/deck/abc123def456/pile/p1/face/", "pile-face", "abc123def456", "p1"),
        ] as [(String, String, String?, String?)])
    func pathsMatchTheirEndpoints(path: String, label: String, deck: String?, pile: String?) throws {
        let (matched, captures) = try #require(endpoint(path))
        #expect(matched == label)
        #expect(captures == RouteCaptures(deck: deck, pile: pile, player: nil))
        #expect(isRedirected(String(path.dropLast())))
    }

    @Test func emptySegmentsAreSkipped() {
        #expect(endpoint("/api//deck///abc123def456/draw//")?.0 == "draw")
        #expect(endpoint("/api//deck///abc123def456/draw//")?.1.deck == "abc123def456")
        #expect(isRedirected("/api/deck/abc123def456//draw"))
        #expect(endpoint("/api/deck/n\u{e9}w/")?.1.deck == "n\u{e9}w")
    }

    @Test(arguments: [
        "/", "/api", "/api/", "/api/deck/", "/api/deck/abc/pile/", "/api/deck/abc/pile/p/",
        "/api/deck/abc/pile/p/fly/", "/api/deck/abc/unknown/", "/api/deck/new/return/", "/apix/deck/new/",
        "/api/new/extra/", "/api/deck/abc/draw/sideways/", "/api/deck/abc/pile/p/draw/a%20b/",
        "/api/deck/abc/pile/p/draw/b.c/", "/api/deck/abc/pile/p/draw/bottom/extra/",
        "/api/deck/new/pile/p/add/", "/api/deck/new/player/ann/",
    ])
    func otherPathsMatchNothing(path: String) {
        #expect(matchesNothing(path))
        #expect(matchesNothing(String(path.dropLast())))
    }

    /// The events endpoint answers without its slash: a redirect would repeat its query (which may
    /// hold a player's token) in `Location`.
    @Test func eventsAnswerWithoutTheirSlash() {
        #expect(endpoint("/api/deck/abc123def456/events/")?.0 == "events")
        #expect(endpoint("/api/deck/abc123def456/events")?.0 == "events")
        #expect(endpoint("/api/deck/abc123def456/events", method: .head)?.1.deck == "abc123def456")
    }

    /// `player/<name>/`: `POST` joins, `DELETE` leaves, any other method reaches the endpoint too
    /// (and is refused there, counted as `join`).
    @Test(arguments: [
        (HTTPRequest.Method.post, "join"), (.delete, "leave"), (.get, "join"), (.put, "join"),
        (HTTPRequest.Method(rawValue: "PROPFIND")!, "join"),
    ])
    func playerEndpointsBySomeMethod(method: HTTPRequest.Method, label: String) throws {
        let (matched, captures) = try #require(endpoint("/api/deck/abc123def456/player/ann/", method: method))
        #expect(matched == label)
        #expect(captures == RouteCaptures(deck: "abc123def456", pile: nil, player: "ann"))
    }

    @Test func renameNamesItsPlayer() throws {
        let (label, captures) = try #require(endpoint("/api/deck/abc123def456/player/ann/rename/", method: .post))
        #expect(label == "rename")
        #expect(captures == RouteCaptures(deck: "abc123def456", pile: nil, player: "ann"))
        #expect(matchesNothing("/api/deck/new/seats/"))
    }

    /// Any method reaches every other endpoint.
    @Test(arguments: ["GET", "POST", "DELETE", "PUT", "PATCH", "PROPFIND"])
    func anyMethodReachesAnEndpoint(method: String) throws {
        let method = try #require(HTTPRequest.Method(method))
        #expect(endpoint("/api/deck/abc123def456/draw/", method: method)?.0 == "draw")
        #expect(endpoint("/api/deck/new/", method: method)?.0 == "new")
    }

    /// Every pattern of the table names only known captures, and only the new-deck endpoints
    /// create decks.
    @Test func theTableIsWellFormed() {
        for endpoint in APIEndpoint.all {
            for pattern in endpoint.paths {
                #expect(
                    !pattern.segments.contains { if case .invalid = $0 { true } else { false } },
                    "\(pattern) names an unknown capture")
                #expect(pattern.description.hasSuffix("/"), "\(pattern) lacks its trailing slash")
            }
            #expect(endpoint.createsDeck == endpoint.label.hasPrefix("new"))
        }
    }
}
