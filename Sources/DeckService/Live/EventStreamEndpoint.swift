import DeckStorage
import HTTPTypes
import Hummingbird
import LiveTables
import Logging
import NIOCore
import PlayingCards
import TableCore

/// `GET /api/deck/<id>/events/`: a deck's changes as Server-Sent Events.
///
/// A new stream starts with `event: hello`, the deck as the subscriber sees it, with the current
/// change number as its `id`. A stream resumed with `Last-Event-ID` (header or `last_event_id=`)
/// instead gets every event after that id, in order; when some of them are no longer stored, or
/// they come to more than the resume budget (``resumeBudgetBytes``), one `event: resync` (the
/// current state, like `hello`) takes their place. Streams that resume from the same point share
/// one rendering of what they missed (`EventResumeCache`). Then every change follows
/// as it is committed, and a comment line (`: keep-alive`) when the stream has been quiet.
///
/// The opening is written through the response; then the connection is handed over to the hub,
/// which writes the stream's frames straight to it (`EventStreamConnection`), and the task that
/// answered the request ends: an open stream costs no task.
///
/// Watching a plain deck makes it a live table: its changes are recorded from then on. That
/// changes none of its answers (a deck without players answers as the public API does), and a
/// refused stream (a bad token or resume point) changes nothing at all.
///
/// Streams are capped (`EventStreamSlots`): per client address, and in all to half of the
/// server's connections, so that API requests always find a connection slot.
///
/// The endpoint's one entry point is ``respond(to:deckID:query:client:channel:)``; a router passes
/// it the request, the deck id from the path, the client's address and the request's channel.
struct EventStreamEndpoint: Sendable {
    let store: any DeckStore
    let hub: EventHub
    let cardJSON: PublicCardJSON
    let clock: @Sendable () -> Int64
    let slots: EventStreamSlots
    /// Who is online: a player's stream holds their presence while it is open.
    let presence: PresenceTracker
    /// The most bytes of missed events a resume sends; past it, the stream gets a `resync`.
    var resumeBudgetBytes = ServiceConfiguration.defaultEventResumeBudgetBytes
    /// The latest resumes, shared by streams that resume from the same point.
    var resumes = EventResumeCache()

    /// The head of every stream (and of a `HEAD` that a stream would answer).
    private static let streamHeaders: HTTPFields = {
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-cache"
        headers[HTTPField.Name("X-Accel-Buffering")!] = "no"
        return headers
    }()

    /// Answers a request to the events endpoint: `GET` opens a stream, `HEAD` answers as `GET`
    /// would without opening one, any other method is refused (405).
    ///
    /// The token may come as `Authorization: Bearer` or `token=`, and the resume point as
    /// `Last-Event-ID` or `last_event_id=`, since a browser's `EventSource` cannot send headers
    /// (it does send `Last-Event-ID` itself when it reconnects).
    ///
    /// - Parameters:
    ///   - request: the request.
    ///   - deckID: the deck's id, from the path.
    ///   - query: the request's query string.
    ///   - client: the client's address, which the per-client cap counts by.
    ///   - channel: the request's connection, which the stream is written to.
    /// - Returns: the stream, or the `HEAD` answer.
    /// - Throws: the `APIError` that refuses the request; nothing has changed then.
    func respond(
        to request: Request, deckID: String, query: String?, client: String, channel: any Channel
    ) async throws -> Response {
        guard request.method == .get || request.method == .head else {
            throw APIError(status: .methodNotAllowed, message: "The events endpoint takes a GET.")
        }
        let parameters = APIParameters(encoded: query)
        let caller = Caller(authorization: request.headers[.authorization], queryToken: parameters["token"])
        let lastEventID = request.headers[HTTPField.Name("Last-Event-ID")!] ?? parameters["last_event_id"]
        if request.method == .head {
            return try await respondToHead(deckID: deckID, caller: caller, lastEventID: lastEventID)
        }
        let resumeAfter = try Self.parseLastEventID(lastEventID)
        // Before any work for the stream: a client over its cap costs the server nothing more.
        let slot = try slots.take(for: client)
        do {
            return try await open(
                deckID: deckID, caller: caller, resumeAfter: resumeAfter, slot: slot, channel: channel)
        } catch {
            slot.release()
            throw error
        }
    }

    /// Answers `HEAD` as `GET` would, without opening a stream or changing anything: the same
    /// checks of the resume point, the deck and the token, and the stream's head.
    private func respondToHead(deckID id: String, caller: Caller, lastEventID: String?) async throws -> Response {
        let resumeAfter = try Self.parseLastEventID(lastEventID)
        guard DeckID.isWellFormed(id), let deck = try await store.deck(withID: id) else { throw APIError.unknownDeck }
        _ = try caller.player(on: deck)
        try Self.check(resumeAfter, against: deck)
        return Response(status: .ok, headers: Self.streamHeaders)
    }

    private func open(
        deckID id: String, caller: Caller, resumeAfter: Int64?, slot: EventStreamSlot, channel: any Channel
    ) async throws -> Response {
        guard DeckID.isWellFormed(id), var deck = try await store.deck(withID: id) else { throw APIError.unknownDeck }
        let viewer = try caller.player(on: deck)
        // A refused stream changes nothing: every check of the request runs before the deck
        // becomes a live table or the player is recorded online.
        try Self.check(resumeAfter, against: deck)
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
        guard await hub.waitUntilObserving() else {
            throw APIError(
                status: .serviceUnavailable,
                message: "The server cannot follow this deck's changes right now; reconnect shortly.")
        }
        guard
            let connection = await EventStreamConnection.forResponse(
                on: channel, capacity: hub.configuration.subscriberCapacity)
        else {
            throw APIError(
                status: .serviceUnavailable, message: "This connection cannot carry an event stream; reconnect.")
        }
        guard let subscriber = hub.subscribe(deckID: id, viewer: viewer, connection: connection) else {
            throw APIError(status: .serviceUnavailable, message: "The server is shutting down; reconnect shortly.")
        }
        // A player's open stream keeps them online: recorded once the stream can no longer be
        // refused but for a removal meanwhile, and before the deck is read for the opening, so the
        // opening shows it and the stream's own later changes follow it.
        var hold: PresenceHold?
        if let viewer, let tokenHash = deck.table?.player(named: viewer)?.tokenHash {
            hold = await presence.opened(deckID: id, player: viewer, tokenHash: tokenHash)
        }
        do {
            // Read again after subscribing: every event after this state reaches the subscriber.
            guard let current = try await store.deck(withID: id) else { throw APIError.unknownDeck }
            // The token again, against the deck the opening shows: a player removed meanwhile
            // (whose name someone else may have taken since) is refused, as a later request is.
            guard try caller.player(on: current) == viewer else { throw APIError.invalidToken }
            deck = current
            try Self.check(resumeAfter, against: deck)
            hub.start(subscriber, at: deck)
        } catch {
            hub.unsubscribe(subscriber)
            hold?.release()
            throw error
        }
        let opening = deck
        let hub = hub
        let presenceHold = hold
        // However the stream ends (its client goes, the hub ends it, the server stops), its
        // connection closes (a stream's connection answers nothing after it): then its slot goes
        // back and its presence ends.
        connection.closeFuture.whenComplete { _ in
            hub.unsubscribe(subscriber)
            slot.release()
            presenceHold?.release()
        }
        let body = ResponseBody { writer in
            do {
                try await writeOpening(
                    to: &writer, subscriber: subscriber, viewer: viewer, opening: opening, resumeAfter: resumeAfter)
            } catch {
                hub.unsubscribe(subscriber)
                throw error
            }
            // From here on the hub writes the stream. The connection's task ends by throwing, and
            // either way the connection is left to the hub: open, or closing since the stream ended.
            await connection.handOver()
            throw EventStreamHandedOver()
        }
        return Response(status: .ok, headers: Self.streamHeaders, body: body)
    }

    /// Refuses a resume point later than the deck's latest change.
    private static func check(_ resumeAfter: Int64?, against deck: DeckState) throws(APIError) {
        let number = deck.changeNumber
        guard let resumeAfter, resumeAfter > number else { return }
        throw APIError.badRequest(
            "Last-Event-ID " + String(resumeAfter) + " is later than this deck's latest event, " + String(number) + ".")
    }

    /// Writes the opening (the `hello`, or what a resumed client missed), then tells the hub, which
    /// writes every later frame straight to the connection. `@concurrent`, as the response body
    /// that calls it and the writer's own `write` are (Hummingbird's types).
    @concurrent private func writeOpening(
        to writer: inout any ResponseBodyWriter, subscriber: EventHub.SubscriberID, viewer: String?,
        opening: DeckState, resumeAfter: Int64?
    ) async throws {
        let openingNumber = opening.changeNumber
        var lastSent: Int64
        if let resumeAfter {
            lastSent = try await sendMissed(
                to: &writer, deckID: subscriber.deckID, viewer: viewer, after: resumeAfter, upTo: openingNumber,
                replayingFrom: opening)
            if lastSent < openingNumber {
                try await writer.write(
                    ByteBuffer(string: stateFrame(.resync, opening, deckID: subscriber.deckID, viewer: viewer)))
                lastSent = openingNumber
            }
        } else {
            try await writer.write(
                ByteBuffer(string: stateFrame(.hello, opening, deckID: subscriber.deckID, viewer: viewer)))
            lastSent = openingNumber
        }
        hub.openingSent(subscriber, lastSent: lastSent)
    }

    /// Sends the stored events after `number` up to `last`, in order, stopping at the first gap;
    /// nothing when they come to more than ``resumeBudgetBytes`` (the stream then gets a `resync`).
    ///
    /// - Returns: the number of the last event sent (`number` when none).
    @concurrent private func sendMissed(
        to writer: inout any ResponseBodyWriter, deckID: String, viewer: String?, after number: Int64, upTo last: Int64,
        replayingFrom deck: DeckState
    ) async throws -> Int64 {
        guard number < last else { return number }
        let key = EventResumeCache.Key(deckID: deckID, after: number, through: last, viewer: viewer)
        let resume: EventResumeCache.Resume
        if let kept = resumes.resume(for: key) {
            resume = kept
        } else {
            resume = try await renderMissed(key, replayingFrom: deck)
            resumes.keep(resume, for: key)
        }
        if let frames = resume.frames { try await writer.write(frames) }
        return resume.lastSent
    }

    /// Renders the stored events a resume sends, up to ``resumeBudgetBytes``.
    ///
    /// Records store only what changed, so the counts each event shows come from replaying the
    /// events backwards from `deck`, the deck as of its change number (at or after the key's
    /// `through`); every event from the resume point on to that change number must still be stored.
    private func renderMissed(
        _ key: EventResumeCache.Key, replayingFrom deck: DeckState
    ) async throws -> EventResumeCache.Resume {
        let nothing = EventResumeCache.Resume(frames: nil, lastSent: key.after)
        let events = try await TableEventReplay.events(
            of: key.deckID, in: store, after: key.after, through: deck.changeNumber, followingOnly: true)
        let steps = TableEventReplay.backward(events, to: deck)
        guard steps.first?.number == key.after + 1 else { return nothing }
        let renderer = TableEventRenderer(cardJSON: cardJSON.current)
        // The viewer's seat began after the last event that left them unseated: what happened
        // before it is shown as a spectator sees it (the rule the table's history follows too).
        let seatedAfter = TableHistory.viewer(of: steps, for: key.viewer)
        var sent = key.after
        var text = ""
        for step in steps where step.number <= key.through {
            text += renderer.event(step, deckID: key.deckID, viewer: step.number > seatedAfter ? key.viewer : nil)
            sent = step.number
            if text.utf8.count > resumeBudgetBytes { return nothing }
        }
        return EventResumeCache.Resume(frames: text.isEmpty ? nil : ByteBuffer(string: text), lastSent: sent)
    }

    /// `hello` or `resync`: the deck as the subscriber sees it, with the current change number.
    private func stateFrame(_ kind: TableEventKind, _ deck: DeckState, deckID: String, viewer: String?) -> String {
        var data = JSONObjectWriter(capacity: 512)
        data.add("deck_id", string: deckID)
        data.add("remaining", int: deck.remaining)
        data.add("piles", json: TablePilesJSON.piles(deck, viewer: viewer, cardJSON: cardJSON.current))
        TablePlayersJSON.addSeating(TableSeating(deck), to: &data)
        TablePlayersJSON.addTurn(TableTurnMarker(deck), to: &data)
        if let viewer { data.add("viewer", string: viewer) }
        return TableEventRenderer.frame(id: deck.changeNumber, event: kind.rawValue, data: data.finished())
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
