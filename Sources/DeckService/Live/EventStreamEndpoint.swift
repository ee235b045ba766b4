import DeckStorage
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import PlayingCards
import ServiceLifecycle

/// `GET /api/deck/<id>/events/`: a deck's changes as Server-Sent Events.
///
/// A new stream starts with `event: hello`, the deck as the subscriber sees it, with the current
/// change number as its `id`. A stream resumed with `Last-Event-ID` (header or `last_event_id=`)
/// instead gets every event after that id, in order; when some of them are no longer stored, one
/// `event: resync` (the current state, like `hello`) takes their place. Then every change follows
/// as it is committed, and a comment line (`: keep-alive`) when the stream has been quiet.
///
/// Once the opening is sent, the stream's frames go straight to the connection
/// (``EventStreamOutlet``) rather than through this response's task.
///
/// Watching a plain deck makes it a live table: its changes are recorded from then on.
struct EventStreamEndpoint: Sendable {
    let store: any DeckStore
    let hub: EventHub
    let cardJSON: PublicCardJSON
    let clock: @Sendable () -> Int64

    /// Opens a stream on `channel`, or throws the JSON error that refuses it (nothing changes then).
    func respond(
        deckID id: String, caller: Caller, lastEventID: String?, channel: any Channel
    ) async throws -> Response {
        let resumeAfter = try Self.parseLastEventID(lastEventID)
        guard DeckID.isWellFormed(id), var deck = try await store.deck(withID: id) else { throw APIError.unknownDeck }
        let viewer = try caller.player(on: deck)
        if !deck.isLiveTable {
            guard
                let live = try await store.update(
                    deckID: id, now: clock(),
                    { deck in
                        deck.becomeLiveTable()
                        return deck
                    })
            else { throw APIError.unknownDeck }
            deck = live
        }
        await hub.waitUntilObserving()
        let subscription = hub.subscribe(deckID: id, viewer: viewer, closeConnection: { channel.close(promise: nil) })
        guard let subscriber = subscription else {
            throw APIError(status: .serviceUnavailable, message: "The server is shutting down; reconnect shortly.")
        }
        do {
            // Read again after subscribing: every event after this state reaches the subscriber.
            guard let current = try await store.deck(withID: id) else { throw APIError.unknownDeck }
            deck = current
            let number = deck.table?.changeNumber ?? 0
            if let resumeAfter, resumeAfter > number {
                throw APIError.badRequest(
                    "Last-Event-ID " + String(resumeAfter) + " is later than this deck's latest event, "
                        + String(number) + ".")
            }
            hub.start(deckID: id, at: deck)
        } catch {
            hub.unsubscribe(subscriber)
            throw error
        }
        let opening = deck
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-cache"
        headers[HTTPField.Name("X-Accel-Buffering")!] = "no"
        channel.closeFuture.whenComplete { _ in subscriber.finish() }
        let body = ResponseBody { writer in
            defer { hub.unsubscribe(subscriber) }
            try await withGracefulShutdownHandler {
                try await stream(
                    to: &writer, subscriber: subscriber, opening: opening, resumeAfter: resumeAfter, channel: channel)
            } onGracefulShutdown: {
                subscriber.finish()
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: headers, body: body)
    }

    private func stream(
        to writer: inout any ResponseBodyWriter, subscriber: EventSubscriber, opening: DeckState, resumeAfter: Int64?,
        channel: any Channel
    ) async throws {
        let id = subscriber.deckID
        let openingNumber = opening.table?.changeNumber ?? 0
        var lastSent: Int64
        if let resumeAfter {
            lastSent = try await sendMissed(
                to: &writer, subscriber: subscriber, after: resumeAfter, upTo: openingNumber, replayingFrom: opening)
            if lastSent < openingNumber {
                try await writer.write(ByteBuffer(string: stateFrame("resync", opening, subscriber: subscriber)))
                lastSent = openingNumber
            }
        } else {
            try await writer.write(ByteBuffer(string: stateFrame("hello", opening, subscriber: subscriber)))
            lastSent = openingNumber
        }
        let outlet = await EventStreamOutlet.attach(to: channel, capacity: hub.configuration.subscriberCapacity)
        while true {
            if let outlet, subscriber.sendDirectly(through: outlet, after: lastSent) {
                // Frames now go straight to the connection; this waits for the stream's end.
                while await subscriber.next() != nil {}
                return
            }
            guard let batch = await subscriber.next() else { return }
            var out = ByteBuffer()
            for delivery in batch {
                switch delivery {
                case .heartbeat:
                    out.writeString(": keep-alive\n\n")
                case .frame(let number, var bytes):
                    guard number > lastSent else { continue }
                    if number > lastSent + 1 {
                        if out.readableBytes > 0 { try await writer.write(out) }
                        out.clear()
                        // The deck as it is now: the missed events replay backwards from it.
                        guard let deck = try await store.deck(withID: id) else { return }
                        let filled = try await sendMissed(
                            to: &writer, subscriber: subscriber, after: lastSent, upTo: number - 1,
                            replayingFrom: deck)
                        if filled < number - 1 {
                            // The missing events are gone from the store: the client must reload.
                            out.writeString(stateFrame("resync", deck, subscriber: subscriber))
                            lastSent = deck.table?.changeNumber ?? number
                            continue
                        }
                    }
                    out.writeBuffer(&bytes)
                    lastSent = number
                }
            }
            if out.readableBytes > 0 { try await writer.write(out) }
        }
    }

    /// Sends the stored events after `number` up to `last`, in order, stopping at the first gap.
    ///
    /// Records store only what changed, so the counts each event shows come from replaying the
    /// events backwards from `deck`, the deck as of its change number (at or after `last`); every
    /// event from `number + 1` to that change number must still be stored.
    ///
    /// - Returns: the number of the last event sent (`number` when none).
    private func sendMissed(
        to writer: inout any ResponseBodyWriter, subscriber: EventSubscriber, after number: Int64, upTo last: Int64,
        replayingFrom deck: DeckState
    ) async throws -> Int64 {
        guard number < last else { return number }
        let events = try await TableEventReplay.events(
            of: subscriber.deckID, in: store, after: number, through: deck.table?.changeNumber ?? 0,
            followingOnly: true)
        let steps = TableEventReplay.backward(events, to: deck)
        guard steps.first?.number == number + 1 else { return number }
        let renderer = TableEventRenderer(cardJSON: cardJSON.current)
        var sent = number
        var text = ""
        for step in steps where step.number <= last {
            text += renderer.event(step, deckID: subscriber.deckID, viewer: subscriber.viewer)
            sent = step.number
            if text.utf8.count >= 65_536 {
                try await writer.write(ByteBuffer(string: text))
                text = ""
            }
        }
        if !text.isEmpty { try await writer.write(ByteBuffer(string: text)) }
        return sent
    }

    /// `hello` or `resync`: the deck as the subscriber sees it, with the current change number.
    private func stateFrame(_ kind: String, _ deck: DeckState, subscriber: EventSubscriber) -> String {
        var data = JSONObjectWriter(capacity: 512)
        data.add("deck_id", string: subscriber.deckID)
        data.add("remaining", int: deck.remaining)
        data.add("piles", json: TablePilesJSON.piles(deck, viewer: subscriber.viewer, cardJSON: cardJSON.current))
        data.add("players", json: jsonArray((deck.table?.players ?? []).map { Self.quoted($0.name) }))
        if let viewer = subscriber.viewer { data.add("viewer", string: viewer) }
        return TableEventRenderer.frame(id: deck.table?.changeNumber ?? 0, event: kind, data: data.finished())
    }

    private static func quoted(_ text: String) -> String {
        var quoted = ""
        JSONObjectWriter.writeString(text, to: &quoted)
        return quoted
    }

    /// Reads `Last-Event-ID`: absent, or a whole number of 0 or more.
    static func parseLastEventID(_ text: String?) throws(APIError) -> Int64? {
        guard let text else { return nil }
        var trimmed = Substring(text)
        while let first = trimmed.first, first == " " || first == "\t" { trimmed.removeFirst() }
        while let last = trimmed.last, last == " " || last == "\t" { trimmed.removeLast() }
        guard !trimmed.isEmpty, trimmed.utf8.count <= 18, trimmed.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
            let number = Int64(trimmed)
        else {
            throw .badRequest("Last-Event-ID must be the id of an event of this deck (a whole number of 0 or more).")
        }
        return number
    }
}
