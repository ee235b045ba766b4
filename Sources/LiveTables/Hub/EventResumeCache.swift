import NIOCore
import Synchronization

/// What a resumed stream is sent for the events it missed, kept for the next stream that resumes
/// from the same point: a client that reconnects in a loop with an old `Last-Event-ID` (or many
/// clients back from the same outage) costs one store read and one render, not one each.
///
/// A resume is fixed by the deck, the event it resumes after, the deck's change number when the
/// stream opened and the viewer: the same key always renders the same bytes. The cache holds the
/// latest ``capacity`` resumes, each at most the resume budget, so it is bounded by their product.
package final class EventResumeCache: Sendable {
    /// What fixes a resume's bytes.
    package struct Key: Hashable, Sendable {
        package let deckID: String
        /// The resume point: events after it are sent.
        package let after: Int64
        /// The deck's change number when the stream opened: events up to it are sent.
        package let through: Int64
        /// The subscriber's player name, `nil` for a spectator.
        package let viewer: String?

        /// Makes one from each of its stored properties (the memberwise initializer, for the other targets).
        package init(deckID: String, after: Int64, through: Int64, viewer: String?) {
            self.deckID = deckID
            self.after = after
            self.through = through
            self.viewer = viewer
        }
    }

    /// The missed events, rendered.
    package struct Resume: Sendable {
        /// The frames to send, `nil` when they would be more than the budget (or none can be
        /// replayed): the stream then gets a `resync` instead.
        package let frames: ByteBuffer?
        /// The number of the last event in ``frames`` (the resume point when there are none).
        package let lastSent: Int64

        /// Makes one from each of its stored properties (the memberwise initializer, for the other targets).
        package init(frames: ByteBuffer?, lastSent: Int64) {
            self.frames = frames
            self.lastSent = lastSent
        }
    }

    private struct State {
        var resumes: [Key: Resume] = [:]
        /// The keys, oldest first.
        var order: [Key] = []
    }

    /// The most resumes kept.
    package let capacity: Int
    private let state = Mutex(State())

    package init(capacity: Int = 16) {
        self.capacity = max(0, capacity)
    }

    /// The resume kept for `key`, if any.
    package func resume(for key: Key) -> Resume? {
        state.withLock { $0.resumes[key] }
    }

    /// Keeps `resume` for `key`, forgetting the oldest kept resume when full.
    package func keep(_ resume: Resume, for key: Key) {
        guard capacity > 0 else { return }
        state.withLock { state in
            if state.resumes.updateValue(resume, forKey: key) == nil { state.order.append(key) }
            while state.order.count > capacity {
                state.resumes[state.order.removeFirst()] = nil
            }
        }
    }
}
