import DeckClient
import Foundation
import PlayingCards
import RiffleTestSupport
import Testing

@Suite("Live events against riffle serve")
struct EventStreamTests {
    @Test("Two subscribers see the same changes in order; each sees only the cards it may")
    func inOrder() async throws {
        try await withTestServer { client, _ in
            let id = try await client.newDeck(shuffled: true).deckID
            let ana = try await client.join(deckID: id, player: "ana")
            let bo = try await client.join(deckID: id, player: "bo")
            var anaEvents = client.events(deckID: id, token: ana.token).makeAsyncIterator()
            var boEvents = client.withPlayer(bo.token).events(deckID: id).makeAsyncIterator()
            let anaHello = try #require(try await anaEvents.next())
            let boHello = try #require(try await boEvents.next())
            #expect(anaHello.kind == .hello)
            #expect(boHello.kind == .hello)
            #expect(anaHello.id == boHello.id)
            #expect(anaHello.piles.map(\.name) == ["ana", "bo"])

            let asAna = client.withPlayer(ana.token)
            _ = try await asAna.deal(deckID: id, pile: "bo", count: 5)
            let dealt = try #require(
                try await client.withPlayer(bo.token).listPile(deckID: id, pile: "bo").piles[named: "bo"]?.cards)
            _ = try await client.withPlayer(bo.token).addToPile(deckID: id, pile: "centre", cards: [dealt[0].card])
            _ = try await client.join(deckID: id, player: "cy")

            var anaSaw: [DeckEvent] = []
            var boSaw: [DeckEvent] = []
            for _ in 0..<3 {
                anaSaw.append(try #require(try await anaEvents.next()))
                boSaw.append(try #require(try await boEvents.next()))
            }
            #expect(anaSaw.map(\.id) == [anaHello.id + 1, anaHello.id + 2, anaHello.id + 3])
            #expect(boSaw.map(\.id) == anaSaw.map(\.id))
            #expect(anaSaw.map(\.kind) == [.deal, .pileAdd, .join])
            #expect(boSaw.map(\.kind) == anaSaw.map(\.kind))
            #expect(anaSaw[0].piles[named: "bo"]?.remaining == 5)
            #expect(anaSaw[0].remaining == 47)
            #expect(anaSaw[2].player == "cy")

            let anaDeal = try #require(anaSaw[0].moved.first { $0.to == "bo" })
            #expect(anaDeal.count == 5)
            #expect(anaDeal.cards == nil, "Ana's stream never shows Bo's cards")
            let boDeal = try #require(boSaw[0].moved.first { $0.to == "bo" })
            #expect(boDeal.cards == dealt.map(\.card), "Bo's stream shows his own cards")
            let play = try #require(anaSaw[1].moved.first { $0.to == "centre" })
            #expect(play.cards == [dealt[0].card], "a card played to the centre is public")
        }
    }

    @Test("A dropped connection resumes with Last-Event-ID: no change missed, none twice")
    func resumesAfterDrop() async throws {
        let server = try await TestServer.start()
        let proxy = try DroppingProxy(upstreamPort: server.port)
        defer { proxy.close() }
        do {
            let direct = DeckOfCardsClient(
                configuration: DeckClientConfiguration(baseURL: URL(string: server.baseURL)!, timeout: 20))
            let viaProxy = DeckOfCardsClient(
                configuration: DeckClientConfiguration(
                    baseURL: URL(string: "http://127.0.0.1:\(proxy.port)")!, timeout: 20,
                    retryPolicy: RetryPolicy(maximumAttempts: 3, initialBackoff: 0.05, maximumBackoff: 0.2)))
            let id = try await direct.newDeck(shuffled: true).deckID
            let ana = try await direct.join(deckID: id, player: "ana")
            let asAna = direct.withPlayer(ana.token)
            var events = viaProxy.events(deckID: id, token: ana.token).makeAsyncIterator()
            let hello = try #require(try await events.next())
            #expect(hello.kind == .hello)

            var changes: [DeckEvent] = []
            /// The next change, skipping the `hello` snapshot a new connection may start with.
            func nextChange() async throws -> DeckEvent {
                while true {
                    let event = try #require(try await events.next())
                    if event.kind != .hello { return event }
                }
            }
            for _ in 0..<3 { _ = try await asAna.deal(deckID: id, pile: "ana", count: 1) }
            for _ in 0..<3 { changes.append(try await nextChange()) }

            // The network cuts the stream and, for a while, lets no new connection through; the deck changes meanwhile.
            proxy.refuseConnections(true)
            proxy.dropConnections()
            for _ in 0..<4 { _ = try await asAna.deal(deckID: id, pile: "centre", count: 1) }
            let connectionsBefore = proxy.connectionCount
            proxy.refuseConnections(false)
            for _ in 0..<4 { changes.append(try await nextChange()) }
            _ = try await asAna.deal(deckID: id, pile: "ana", count: 2)
            changes.append(try await nextChange())

            #expect(changes.map(\.id) == Array((hello.id + 1)...(hello.id + 8)), "every change once, in order")
            #expect(changes.map(\.kind) == Array(repeating: DeckEvent.Kind.deal, count: 8))
            #expect(changes.last?.remaining == 52 - 9)
            #expect(changes.last?.piles[named: "centre"]?.remaining == 4)
            #expect(proxy.connectionCount > connectionsBefore, "the stream connected again by itself")
            #expect(changes[0].moved.first?.cards?.count == 1, "Ana's own cards are shown to her stream")
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test("An unknown deck or a bad token ends the stream with the server's error")
    func refused() async throws {
        try await withTestServer { client, _ in
            var unknown = client.events(deckID: "nosuchdeck00").makeAsyncIterator()
            let missing = try await #require(throws: DeckClientError.self) { try await unknown.next() }
            #expect(missing.httpStatus == 404)
            let id = try await client.newDeck().deckID
            var badToken = client.events(deckID: id, token: PlayerToken("forged")).makeAsyncIterator()
            let refused = try await #require(throws: DeckClientError.self) { try await badToken.next() }
            #expect([401, 403].contains(refused.httpStatus ?? 0))
        }
    }
}
