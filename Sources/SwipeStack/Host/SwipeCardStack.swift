/// The host layer of a swipe card stack: the glue between the ``SwipeStack`` engine and any renderer, in the shape
/// of Shuffle's and MGSwipeCards' `SwipeCardStack` (a data source, a delegate) but platform-neutral and
/// Foundation-free.
///
/// It owns what every renderer would otherwise rebuild: which card views to create, keep, reorder and release as
/// cards come and go (keyed by ``CardID``, reusing released views), each view's ``AffineMatrix`` and overlay
/// alphas, pointer input turned into drags and taps, engine events turned into delegate calls, and whether another
/// animation frame is needed. A renderer (UIKit, SwiftUI, the DOM through wasm, a test) carries out
/// ``SwipeCardRenderer`` operations and calls ``renderFrame(at:)`` while ``needsAnimationFrame`` is `true`:
///
/// ```swift
/// let stack = SwipeCardStack(
///     options: SwipeStackOptions(width: 320, height: 480), dataSource: cards, delegate: handler, renderer: container)
/// stack.reloadData()                          // asks cards.numberOfCards()
/// stack.pointerBegan(at: Point(x: 160, y: 200), time: now)
/// stack.pointerMoved(to: Point(x: 300, y: 210), time: now + 0.1)
/// stack.pointerEnded(at: Point(x: 320, y: 210), time: now + 0.15)   // handler.didSwipeCard(at: 0, …)
/// while stack.needsAnimationFrame { stack.renderFrame(at: nextFrameTime()) }
/// ```
///
/// Caller mistakes never trap: updates that do not add up with the data source's count or name cards that do not
/// exist throw ``StackError`` and change nothing; a delegate or data source may call back into the stack.
///
/// - Complexity: A frame is O(v log n + v²) for v visible cards (v is small: ``SwipeStackOptions/numberOfVisibleCards``
///   plus the cards flying out); updates are the engine's.
public final class SwipeCardStack<
    DataSource: SwipeCardStackDataSource, Delegate: SwipeCardStackDelegate, Renderer: SwipeCardRenderer
> where Renderer.CardView == DataSource.CardView, DataSource.CardView: Equatable {
    /// The host's card view type.
    public typealias CardView = DataSource.CardView

    /// A view on screen and the card it shows.
    @usableFromInline
    struct ShownView {
        @usableFromInline var card: CardID
        @usableFromInline var view: CardView
        @usableFromInline var zIndex: Int
        /// Whether the current frame still shows the card; views not marked are released after the frame.
        @usableFromInline var isInFrame: Bool

        @usableFromInline
        init(card: CardID, view: CardView, zIndex: Int, isInFrame: Bool) {
            self.card = card
            self.view = view
            self.zIndex = zIndex
            self.isInFrame = isInFrame
        }
    }

    /// The engine, for queries (indices, positions, identities, options); change it through this type's methods.
    public var engine: SwipeStack { stackEngine }
    @usableFromInline var stackEngine: SwipeStack
    /// Supplies the cards' count and views.
    public var dataSource: DataSource
    /// Hears swipes, undos, taps and drag progress.
    public var delegate: Delegate
    /// Carries out the view operations.
    public var renderer: Renderer
    /// How far a pointer may move and still count as a tap, in points (default 6).
    public var tapSlop: Double = 6
    /// How long a pointer may stay down and still count as a tap, in seconds (default 0.3).
    public var tapDuration: Double = 0.3
    /// How many released views are kept for reuse; views released beyond it are discarded (default: the visible
    /// cards plus two).
    public var reusePoolCapacity: Int

    /// Whether the host should call ``renderFrame(at:)`` on its next animation frame (display link, timeline,
    /// `requestAnimationFrame`). Set by every call that changes what is drawn; cleared by a frame after which
    /// nothing moves.
    public var needsAnimationFrame: Bool { needsFrame }

    // The frame path is @inlinable so that a renderer's module specializes it for its view type: unspecialized
    // generic code would handle every view as an opaque value, several times slower.
    @usableFromInline var needsFrame = false
    @usableFromInline var shown: [ShownView] = []
    @usableFromInline var reusable: [CardView] = []
    @usableFromInline var frameBuffer: [CardPlacement] = []
    var pointer: PointerState?
    @usableFromInline var isDelivering = false
    /// Bumped by every change of the engine's cards, so a frame notices a data source or renderer that changed
    /// the stack while it was being drawn.
    @usableFromInline var revision = 0

    /// Creates a stack with no cards; call ``reloadData()`` to read the data source.
    ///
    /// - Parameters:
    ///   - options: The engine's configuration.
    ///   - dataSource: Supplies the cards.
    ///   - delegate: Hears what happens.
    ///   - renderer: Carries out the view operations.
    public init(options: SwipeStackOptions, dataSource: DataSource, delegate: Delegate, renderer: Renderer) {
        stackEngine = SwipeStack(numberOfCards: 0, options: options)
        self.dataSource = dataSource
        self.delegate = delegate
        self.renderer = renderer
        reusePoolCapacity = options.numberOfVisibleCards + 2
    }

    /// The views on screen and the cards they show, back to front as of the last frame.
    public var visibleViews: [(card: CardID, view: CardView)] {
        shown.sorted { $0.zIndex < $1.zIndex }.map { ($0.card, $0.view) }
    }

    /// The view showing a card, or `nil` when the card has no view (not visible, or gone).
    ///
    /// - Parameter card: A card's identity.
    /// - Returns: Its view as of the last frame.
    public func view(for card: CardID) -> CardView? {
        for entry in shown where entry.card == card { return entry.view }
        return nil
    }

    /// The number of released views kept for reuse.
    public var numberOfReusableViews: Int { reusable.count }

    /// The engine's configuration; setting it clamps every value and redraws.
    public var options: SwipeStackOptions {
        get { stackEngine.options }
        set {
            stackEngine.options = newValue
            needsFrame = true
        }
    }

    // MARK: Events

    /// Records what the engine asked for and delivers its events to the delegate.
    @discardableResult
    func handle(_ action: StackAction) -> StackAction {
        if action != .none { needsFrame = true }
        deliverEvents()
        return action
    }

    /// Delivers the engine's events in order. A call made by the delegate from inside a callback queues its own
    /// events, which this loop delivers after the current one.
    @inlinable
    func deliverEvents() {
        guard !isDelivering else { return }
        isDelivering = true
        defer { isDelivering = false }
        while let event = stackEngine.nextEvent() {
            delegate.deliver(event)
        }
    }

    /// Runs an engine update that may throw, then delivers events.
    @discardableResult
    func update(_ body: (inout SwipeStack) throws(StackError) -> StackAction) throws(StackError) -> StackAction {
        let action = try body(&stackEngine)
        revision &+= 1
        return handle(action)
    }

    /// The card a view shows, for a host that gets a view back from its toolkit (a tap on a cell, a DOM event).
    ///
    /// - Parameter view: A view.
    /// - Returns: The card it shows as of the last frame, or `nil` for a view this stack did not put on screen
    ///   (or released since).
    public func card(for view: CardView) -> CardID? {
        for entry in shown where entry.view == view { return entry.card }
        return nil
    }
}
