/// A changing request's idempotency key, as a store keeps it: the key and what identifies the
/// request it was first used for.
///
/// A store remembers, with each key, the answer to the change it was used for, written in the same
/// transaction as the change itself; the same key later finds that answer instead of running the
/// change again (see ``DeckStore/updateOnce(deckID:now:key:_:)``). Keys live in scopes: each deck
/// has its own, and new decks share one store-wide scope (see ``DeckStore/insertOnce(_:now:key:answer:)``).
/// The service decides what goes into a key and a fingerprint; a store compares them byte for
/// byte and never looks inside.
///
/// ```swift
/// let key = IdempotencyKey(key: "0b7c54d2-6d6e-4c0f-9a51-7d3c1f6e2a90", fingerprint: requestHash)
/// switch try await store.updateOnce(deckID: id, now: now, key: key, change) {
/// case .performed(let result)?: …      // the change ran; its answer is remembered with the key
/// case .replayed(let answer)?: …       // the same request came before: answer it again
/// case .keyReused?: …                  // the key came before with another request
/// case nil: …                          // no such deck
/// }
/// ```
///
/// Remembered keys are capped, so that no client can make a store hold more than a stated amount:
/// a deck remembers at most ``maximumPerDeck`` keys made in the last ``guaranteedSeconds``, and a
/// client (by ``client``) at most ``maximumPerClient``. A keyed change past a cap is refused
/// (``IdempotentOutcome/capReached(_:)``) and runs not; no key is forgotten to make room. A key is
/// remembered for ``retentionSeconds``, or for ``guaranteedSeconds`` at least when its deck or
/// client made more than its cap of newer keys since.
public struct IdempotencyKey: Hashable, Sendable {
    /// How long a store remembers a key: 24 hours, in seconds.
    public static let retentionSeconds: Int64 = 24 * 3600
    /// How long a store remembers a key at least, however many newer keys its deck or client has:
    /// one hour, in seconds. The caps count the keys of this window.
    public static let guaranteedSeconds: Int64 = 3600
    /// The most keys a deck remembers from the last ``guaranteedSeconds``; older keys beyond its
    /// newest this many are forgotten by the expiry sweep.
    public static let maximumPerDeck: Int64 = 1_000
    /// The most keys one client remembers from the last ``guaranteedSeconds``, across all decks and
    /// new decks; older keys beyond its newest this many are forgotten by the expiry sweep.
    public static let maximumPerClient: Int64 = 2_000

    /// The key within its scope.
    public let key: String
    /// What identifies the request: the same key with another fingerprint is another request.
    public let fingerprint: [UInt8]
    /// Who made the request, as the service tags a client (a few bytes derived from its address),
    /// for the per-client cap; empty counts under no client.
    public let client: [UInt8]

    /// Creates a key.
    ///
    /// - Parameters:
    ///   - key: the key within its scope.
    ///   - fingerprint: what identifies the request it goes with.
    ///   - client: the client's tag, for the per-client cap; none by default.
    public init(key: String, fingerprint: [UInt8], client: [UInt8] = []) {
        self.key = key
        self.fingerprint = fingerprint
        self.client = client
    }
}

/// The cap a keyed change would pass (see ``IdempotencyKey``).
public enum IdempotencyCap: Hashable, Sendable {
    /// The deck remembers ``IdempotencyKey/maximumPerDeck`` keys of the last hour already.
    case deck
    /// The client has ``IdempotencyKey/maximumPerClient`` keys of the last hour remembered already.
    case client
}

/// The answer to a change, as a store remembers it with the change's ``IdempotencyKey``.
public struct RememberedAnswer: Hashable, Sendable {
    /// The HTTP status.
    public let status: Int
    /// The body, byte for byte.
    public let body: [UInt8]
    /// The deck's change number after the change.
    public let changeNumber: Int64

    /// Creates an answer.
    ///
    /// - Parameters:
    ///   - status: the HTTP status.
    ///   - body: the body.
    ///   - changeNumber: the deck's change number after the change.
    public init(status: Int, body: [UInt8], changeNumber: Int64) {
        self.status = status
        self.body = body
        self.changeNumber = changeNumber
    }
}

/// What a change made with an ``IdempotencyKey`` came to.
public enum IdempotentOutcome<Result: Sendable>: Sendable {
    /// The key was new in its scope: the change ran, and its answer is now remembered with the key.
    case performed(Result)
    /// The key came before with the same request (the same fingerprint): the answer given then.
    /// Nothing ran and nothing changed.
    case replayed(RememberedAnswer)
    /// The key came before with another request (another fingerprint). Nothing ran and nothing changed.
    case keyReused
    /// The key is new, but remembering it would pass a cap: nothing ran and nothing changed.
    case capReached(IdempotencyCap)
}

extension IdempotentOutcome: Equatable where Result: Equatable {}
