/// The headless engine of a Tinder-style swipeable card stack: a value-type state machine with time as input.
///
/// A `SwipeStack` knows how many cards the data source has and identifies each card by its data-source
/// **index**. The cards not yet swiped form the remaining stack, in which each card has a **position**, 0 being
/// the top. Index and position differ as soon as cards are swiped, shifted or inserted at a chosen position:
///
/// ```swift
/// var stack = SwipeStack(numberOfCards: 5)        // remaining indices [0, 1, 2, 3, 4]
/// try stack.swipe(direction: .left, animated: false, time: 0)    // swiped [0]; remaining [1, 2, 3, 4]
/// try stack.insertCard(atIndex: 0, position: 2)   // the data source got a new card 0: every index ≥ 0 moves up
/// // remaining indices [2, 3, 0, 4, 5], swiped [1]; the card at position 2 has index 0
/// stack.index(atPosition: 2)      // 0
/// stack.position(ofIndex: 5)      // 4
/// ```
///
/// The renderer feeds the engine events (drags, taps, button presses, animation ticks) with the current time in
/// seconds, draws what ``frame(at:)`` returns, and reads delegate-style ``StackEvent``s with ``nextEvent()``.
/// The engine reads no clock, never sleeps and knows no view, so it runs the same under UIKit, SwiftUI, a test,
/// or Embedded Swift in a browser. See <doc:DrivingTheEngine>.
///
/// Updates never trap on a caller's mistake: they throw a ``StackError`` and leave the state unchanged.
///
/// - Complexity: Updates, swipes, undos, shifts and look-ups are O(log n) in the number of cards (batch updates
///   O(k log n) for k cards); ``frame(at:)`` is O(v log n) for v visible cards. Only the calls that return
///   whole lists (``remainingIndices``, ``swipedCards``) and ``reloadData(count:)`` are linear.
public struct SwipeStack: Sendable {
    /// What the top card is doing.
    enum State: Sendable {
        /// The top card rests in its place, or there is no card; nothing follows a finger.
        case idle
        /// The user drags a card, which follows the finger; programmatic actions wait in the drag's queue.
        case dragging(Drag)
        /// A card released short of a swipe springs back to its place.
        case resetting(Reset)
        /// An undone card flies back from where it left to its place on top.
        case returning(Return)
    }

    var model: StackModel
    var state: State = .idle
    /// Cards flying out after a swipe, oldest first.
    var departures: [Departure] = []
    /// The background cards' glide toward their new positions after a swipe, undo or shift.
    var transition = StackTransition(start: 0, duration: 0, offset: 0)
    var outbox: [StackEvent] = []
    var outboxHead = 0

    /// The configuration; every value is clamped to its documented range when set.
    public var options: SwipeStackOptions {
        didSet { options = options.clamped() }
    }

    /// Creates a stack whose data source has `numberOfCards` cards, all remaining, in index order.
    ///
    /// - Parameters:
    ///   - numberOfCards: The data source's card count; negative counts as 0.
    ///   - options: The configuration, clamped to its documented ranges.
    /// - Complexity: O(n).
    public init(numberOfCards: Int = 0, options: SwipeStackOptions = SwipeStackOptions()) {
        model = StackModel(count: max(numberOfCards, 0))
        self.options = options.clamped()
    }

    // MARK: Cards and data source

    /// The data source's card count as the engine knows it (remaining plus swiped).
    public var numberOfCards: Int { model.numberOfCards }

    /// How many cards have not been swiped (Shuffle's `numberOfRemainingCards()`).
    public var numberOfRemainingCards: Int { model.numberOfRemainingCards }

    /// How many swiped cards the undo history holds.
    public var numberOfSwipedCards: Int { model.numberOfSwipedCards }

    /// The data-source index of the card on top, or `nil` when no card remains.
    ///
    /// - Complexity: O(log n).
    public var topCardIndex: Int? { index(atPosition: 0) }

    /// The data-source index of the card at a stack position, or `nil` if the position is not in the stack.
    ///
    /// - Parameter position: A position in the remaining stack (0 is the top).
    /// - Returns: The card's data-source index.
    /// - Complexity: O(log n).
    public func index(atPosition position: Int) -> Int? {
        guard position >= 0 && position < model.numberOfRemainingCards else { return nil }
        return model.index(of: model.identity(atPosition: position))
    }

    /// The stack position of the card with a data-source index, or `nil` if it was swiped or does not exist.
    ///
    /// - Parameter index: A data-source index.
    /// - Returns: The card's position in the remaining stack.
    /// - Complexity: O(log n).
    public func position(ofIndex index: Int) -> Int? {
        guard index >= 0 && index < model.numberOfCards else { return nil }
        return model.position(of: model.identity(atIndex: index))
    }

    /// The data-source indices of the remaining cards, top first.
    ///
    /// - Complexity: O(n).
    public var remainingIndices: [Int] {
        var result: [Int] = []
        result.reserveCapacity(model.numberOfRemainingCards)
        model.remaining.forEach { identity in
            result.append(model.index(of: identity)!)
            return true
        }
        return result
    }

    /// The swiped cards in the order they were swiped, with their directions: what undo will bring back, last first.
    ///
    /// - Complexity: O(k log n) for k history entries.
    public var swipedCards: [SwipedCard] {
        var result: [SwipedCard] = []
        result.reserveCapacity(model.numberOfSwipedCards)
        model.forEachSwipe { identity, direction in
            result.append(SwipedCard(index: model.index(of: identity)!, direction: direction))
        }
        return result
    }

    /// Whether ``undo(animated:time:)`` has a swipe or shift to revert.
    public var canUndo: Bool { model.canUndo }

    /// Whether ``undoLastSwipe(animated:time:)`` has a swipe to bring back.
    public var canUndoSwipe: Bool { model.canUndoSwipe }

    /// Whether ``undoLastShift(animated:time:)`` has a shift to revert.
    ///
    /// - Complexity: O(h) for h history entries in the worst case.
    public var canUndoShift: Bool { model.canUndoShift }

    /// Whether ``redo(animated:time:)`` has an undone swipe or shift to perform again.
    ///
    /// - Complexity: O(r) for r undone actions in the worst case.
    public var canRedo: Bool { model.canRedo }

    /// The layout of a card's content, footer and overlay area, for every renderer to lay cards out alike.
    public var cardLayout: CardLayout {
        CardLayout(
            width: options.width, height: options.height, footerHeight: options.footerHeight,
            isFooterTransparent: options.isFooterTransparent)
    }

    // MARK: Events

    /// Removes and returns the oldest event not yet read, or `nil` when none is waiting.
    ///
    /// Each event is returned exactly once, in the order it happened.
    ///
    /// - Returns: The next delegate-style event.
    /// - Complexity: Amortized O(1).
    public mutating func nextEvent() -> StackEvent? {
        guard outboxHead < outbox.count else { return nil }
        let event = outbox[outboxHead]
        outboxHead += 1
        if outboxHead == outbox.count {
            outbox.removeAll(keepingCapacity: true)
            outboxHead = 0
        }
        return event
    }

    /// The number of events waiting to be read with ``nextEvent()``.
    public var numberOfPendingEvents: Int { outbox.count - outboxHead }

    mutating func emit(_ event: StackEvent) {
        if case .dragProgress = event, outboxHead < outbox.count, case .dragProgress = outbox[outbox.count - 1] {
            outbox[outbox.count - 1] = event
            return
        }
        outbox.append(event)
    }
}
