import DeckClient
import DeckService
import Foundation
import PlayingCards
import RiffleTestSupport
import Testing

@Suite("Live events against riffle serve", .stopsItsServers)
struct EventStreamTests {
    @Test("Two subscribers see the same changes in order; each sees only the cards it may")
    func inOrder() async throws {
        try await withTestServer { client, _ in
            let id = try await client.newDeck(shuffled: true).deckID
            let ana = try await client.join(deckID: id, player: "ana")
            let bo = try await client.join(deckID: id, player: "bo")
            // One stream after the other: each stream's player comes online (a presence event)
            // before its hello, so opened at once they would start at either number.
            let anaEvents = EventCollector(client.events(deckID: id, token: ana.token))
            defer { anaEvents.stop() }
            let anaHello = try await anaEvents.next("Ana's hello")
            let boEvents = EventCollector(client.withPlayer(bo.token).events(deckID: id))
            defer { boEvents.stop() }
            let boHello = try await boEvents.next("Bo's hello")
            #expect(anaHello.kind == .hello)
            #expect(boHello.kind == .hello)
            #expect(anaHello.piles.map(\.name) == ["ana", "bo"])
            let boOnline = try await anaEvents.next("Bo coming online, on Ana's stream")
            #expect(boOnline.kind == .presence)
            #expect(boOnline.player == "bo")
            #expect(boOnline.id == boHello.id, "Bo's hello starts after his own presence event")

            let asAna = client.withPlayer(ana.token)
            _ = try await asAna.deal(deckID: id, pile: "bo", count: 5)
            let dealt = try #require(
                try await client.withPlayer(bo.token).listPile(deckID: id, pile: "bo").piles[named: "bo"]?.cards)
            _ = try await client.withPlayer(bo.token).addToPile(deckID: id, pile: "centre", cards: [dealt[0].card])
            _ = try await client.join(deckID: id, player: "cy")

            var anaSaw: [DeckEvent] = []
            var boSaw: [DeckEvent] = []
            for change in ["deal", "pile add", "join"] {
                anaSaw.append(try await anaEvents.next("the \(change) event on Ana's stream"))
                boSaw.append(try await boEvents.next("the \(change) event on Bo's stream"))
            }
            #expect(anaSaw.map(\.id) == [boHello.id + 1, boHello.id + 2, boHello.id + 3])
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
        // Ana stays online through the outage, however long the reconnection takes on a busy machine: with the
        // default grace (10 s), a slow reconnection put her `presence` events between the deals.
        let server = try await TestServer.start { $0.presenceGrace = .seconds(3600) }
        let proxy = try DroppingProxy(upstreamPort: server.port)
        defer { proxy.close() }
        do {
            let direct = server.client
            let viaProxy = proxy.client(
                retryPolicy: RetryPolicy(maximumAttempts: 3, initialBackoff: 0.05, maximumBackoff: 0.2))
            let id = try await direct.newDeck(shuffled: true).deckID
            let ana = try await direct.join(deckID: id, player: "ana")
            let asAna = direct.withPlayer(ana.token)
            let events = EventCollector(viaProxy.events(deckID: id, token: ana.token))
            defer { events.stop() }
            let hello = try await events.next("the hello event")
            #expect(hello.kind == .hello)

            var changes: [DeckEvent] = []
            /// The next change, skipping the `hello` snapshot a new connection may start with.
            func nextChange() async throws -> DeckEvent {
                while true {
                    let event = try await events.next("change \(changes.count + 1) of 8")
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
            // Each change lists the piles it touched; folded from the hello, they give every pile's size.
            let piles = changes.reduce(hello.piles) { $1.applyingPiles(to: $0) }
            #expect(piles[named: "centre"]?.remaining == 4)
            #expect(piles[named: "ana"]?.remaining == 5)
            #expect(changes.last?.piles.map(\.name) == ["ana"], "the last change touched Ana's hand alone")
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
            let unknown = EventCollector(client.events(deckID: "nosuchdeck00"))
            defer { unknown.stop() }
            let missing = try await #require(throws: DeckClientError.self) {
                try await unknown.next("the refusal of an unknown deck")
            }
            #expect(missing.httpStatus == 404)
            let id = try await client.newDeck().deckID
            let badToken = EventCollector(client.events(deckID: id, token: PlayerToken("forged")))
            defer { badToken.stop() }
            let refused = try await #require(throws: DeckClientError.self) {
                try await badToken.next("the refusal of a forged token")
            }
            #expect([401, 403].contains(refused.httpStatus ?? 0))
        }
    }
}
