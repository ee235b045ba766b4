#if canImport(UIKit) && !os(watchOS)
    import QuartzCore
    import SwipeStack
    import UIKit

    /// Supplies the cards of a ``SwipeCardStackView`` (Shuffle's `SwipeCardStackDataSource`).
    @MainActor
    public protocol SwipeCardStackViewDataSource: AnyObject {
        /// The number of cards (Shuffle's `numberOfCards(in:)`).
        func numberOfCards(in cardStack: SwipeCardStackView) -> Int
        /// The view for the card at `index` (Shuffle's `cardStack(_:cardForIndexAt:)`); configure `reusableView`
        /// and return it when given, like a dequeued cell.
        func cardStack(
            _ cardStack: SwipeCardStackView, cardForIndexAt index: Int, reusing reusableView: UIView?
        )
            -> UIView
    }

    /// Hears what happens in a ``SwipeCardStackView`` (Shuffle's `SwipeCardStackDelegate`); every method is
    /// optional.
    @MainActor
    public protocol SwipeCardStackViewDelegate: AnyObject {
        /// A card was swiped (`cardStack(_:didSwipeCardAt:with:)`).
        func cardStack(_ cardStack: SwipeCardStackView, didSwipeCardAt index: Int, with direction: SwipeDirection)
        /// An undo brought a card back (`cardStack(_:didUndoCardAt:from:)`).
        func cardStack(_ cardStack: SwipeCardStackView, didUndoCardAt index: Int, from direction: SwipeDirection)
        /// The top card was tapped (`cardStack(_:didSelectCardAt:)`, with MGSwipeCards' corner).
        func cardStack(_ cardStack: SwipeCardStackView, didSelectCardAt index: Int, tapCorner: TapCorner)
        /// The last card was swiped (`didSwipeAllCards(_:)`).
        func didSwipeAllCards(_ cardStack: SwipeCardStackView)
        /// A drag ended without a swipe.
        func cardStack(_ cardStack: SwipeCardStackView, didCancelSwipeAt index: Int)
        /// The dragged card moved toward a direction, `progress` 0...1 of the way to a swipe.
        func cardStack(
            _ cardStack: SwipeCardStackView, dragProgress progress: Double, toward direction: SwipeDirection?,
            at index: Int)
    }

    extension SwipeCardStackViewDelegate {
        /// Does nothing by default.
        public func cardStack(
            _ cardStack: SwipeCardStackView, didSwipeCardAt index: Int, with direction: SwipeDirection
        ) {}
        /// Does nothing by default.
        public func cardStack(_ cardStack: SwipeCardStackView, didUndoCardAt index: Int, from direction: SwipeDirection)
        {}
        /// Does nothing by default.
        public func cardStack(_ cardStack: SwipeCardStackView, didSelectCardAt index: Int, tapCorner: TapCorner) {}
        /// Does nothing by default.
        public func didSwipeAllCards(_ cardStack: SwipeCardStackView) {}
        /// Does nothing by default.
        public func cardStack(_ cardStack: SwipeCardStackView, didCancelSwipeAt index: Int) {}
        /// Does nothing by default.
        public func cardStack(
            _ cardStack: SwipeCardStackView, dragProgress progress: Double, toward direction: SwipeDirection?,
            at index: Int
        ) {}
    }

    /// A card view that shows an overlay per direction (MGSwipeCards' overlays); the stack sets their alphas.
    @MainActor
    public protocol SwipeCardOverlayDisplaying: AnyObject {
        /// Sets the alpha of the overlay for a direction slot (an index into the stack's directions).
        func setOverlayAlpha(_ alpha: CGFloat, forSlot slot: Int)
    }

    /// A UIKit swipe card stack (Shuffle's and MGSwipeCards' `SwipeCardStack`): a thin view over the
    /// `SwipeCardStack` host layer of the SwipeStack module, which decides every view operation; this view only moves
    /// `UIView`s, reads a pan and a tap recognizer, and runs a `CADisplayLink` while something moves.
    ///
    /// ```swift
    /// let stack = SwipeCardStackView(options: SwipeStackOptions(width: 320, height: 480))
    /// stack.dataSource = self
    /// stack.delegate = self
    /// stack.reloadData()
    /// try? stack.swipe(.left, animated: true)
    /// ```
    @MainActor
    public final class SwipeCardStackView: UIView {
        typealias Host = SwipeCardStack<UIKitCardHost, UIKitCardHost, UIKitCardHost>

        /// Supplies the cards.
        public weak var dataSource: SwipeCardStackViewDataSource?
        /// Hears swipes, undos, taps and drag progress.
        public weak var delegate: SwipeCardStackViewDelegate?

        let host: Host
        private var displayLink: CADisplayLink?

        /// Creates a stack; the options' width and height follow the view's bounds.
        ///
        /// - Parameter options: The engine's configuration.
        public init(options: SwipeStackOptions = SwipeStackOptions()) {
            let adapter = UIKitCardHost()
            host = Host(options: options, dataSource: adapter, delegate: adapter, renderer: adapter)
            super.init(frame: CGRect(x: 0, y: 0, width: options.width, height: options.height))
            adapter.stackView = self
            addGestureRecognizer(UIPanGestureRecognizer(target: self, action: #selector(handlePan(_:))))
            addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(handleTap(_:))))
        }

        /// Not supported: create the stack in code.
        @available(*, unavailable)
        public required init?(coder: NSCoder) { nil }

        /// The engine, for queries: the top card, positions, identities.
        public var engine: SwipeStack { host.engine }
        /// How many cards have not been swiped (Shuffle's `numberOfRemainingCards()`).
        public var numberOfRemainingCards: Int { host.engine.numberOfRemainingCards }
        /// The data-source index of the top card (Shuffle's `topCardIndex`).
        public var topCardIndex: Int? { host.engine.topCardIndex }

        /// Reads the data source again (Shuffle's `reloadData()`).
        public func reloadData() {
            host.reloadData()
            scheduleFrame()
        }

        /// Swipes the top card (Shuffle's `swipe(_:animated:)`); a refused swipe throws.
        public func swipe(_ direction: SwipeDirection, animated: Bool = true) throws(StackError) {
            try host.swipe(direction, animated: animated, time: CACurrentMediaTime())
            scheduleFrame()
        }

        /// Brings back the last swiped card (`undoLastSwipe(animated:)`).
        public func undoLastSwipe(animated: Bool = true) throws(StackError) {
            try host.undoLastSwipe(animated: animated, time: CACurrentMediaTime())
            scheduleFrame()
        }

        /// Reverts the last swipe or shift, whichever came last.
        public func undo(animated: Bool = true) throws(StackError) {
            try host.undo(animated: animated, time: CACurrentMediaTime())
            scheduleFrame()
        }

        /// Performs the last undone swipe or shift again.
        public func redo(animated: Bool = true) throws(StackError) {
            try host.redo(animated: animated, time: CACurrentMediaTime())
            scheduleFrame()
        }

        /// Shifts the stack (MGSwipeCards' `shift(withDistance:animated:)`).
        public func shift(withDistance distance: Int = 1, animated: Bool = true) throws(StackError) {
            try host.shift(withDistance: distance, animated: animated, time: CACurrentMediaTime())
            scheduleFrame()
        }

        /// Inserts a card the data source now has (Shuffle's `insertCard(atIndex:position:)`).
        public func insertCard(atIndex index: Int, position: Int) throws(StackError) {
            try host.insertCard(atIndex: index, position: position)
            scheduleFrame()
        }

        /// Appends the cards the data source added at its end (Shuffle's `appendCards(atIndices:)` for the last
        /// indices).
        public func appendCards(count: Int) throws(StackError) {
            try host.appendCards(count: count)
            scheduleFrame()
        }

        /// Deletes cards by data-source index (Shuffle's `deleteCards(atIndices:)`).
        public func deleteCards(atIndices indices: [Int]) throws(StackError) {
            try host.deleteCards(atIndices: indices)
            scheduleFrame()
        }

        /// Deletes cards by stack position (Shuffle's `deleteCards(atPositions:)`).
        public func deleteCards(atPositions positions: [Int]) throws(StackError) {
            try host.deleteCards(atPositions: positions)
            scheduleFrame()
        }

        public override func layoutSubviews() {
            super.layoutSubviews()
            var options = host.options
            if options.width != bounds.width || options.height != bounds.height {
                options.width = bounds.width
                options.height = bounds.height
                host.options = options
            }
            host.renderFrame(at: CACurrentMediaTime())
        }

        // MARK: Input

        @objc private func handlePan(_ recognizer: UIPanGestureRecognizer) {
            let location = recognizer.location(in: self)
            let point = Point(x: location.x, y: location.y)
            let time = CACurrentMediaTime()
            switch recognizer.state {
            case .began: host.pointerBegan(at: point, time: time)
            case .changed: host.pointerMoved(to: point, time: time)
            case .ended: host.pointerEnded(at: point, time: time)
            case .cancelled, .failed: host.pointerCancelled(time: time)
            default: break
            }
            scheduleFrame()
        }

        @objc private func handleTap(_ recognizer: UITapGestureRecognizer) {
            let location = recognizer.location(in: self)
            let point = Point(x: location.x, y: location.y)
            let time = CACurrentMediaTime()
            host.pointerBegan(at: point, time: time)
            host.pointerEnded(at: point, time: time)
            scheduleFrame()
        }

        // MARK: Frames

        private func scheduleFrame() {
            guard host.needsAnimationFrame else { return }
            if displayLink == nil {
                let link = CADisplayLink(
                    target: DisplayLinkTarget(self), selector: #selector(DisplayLinkTarget.step(_:)))
                link.add(to: .main, forMode: .common)
                displayLink = link
            }
            displayLink?.isPaused = false
        }

        fileprivate func step(_ link: CADisplayLink) {
            if !host.renderFrame(at: link.targetTimestamp) && !host.isTrackingPointer { link.isPaused = true }
        }
    }

    /// Breaks the display link's strong reference to its target.
    @MainActor
    private final class DisplayLinkTarget: NSObject {
        weak var stackView: SwipeCardStackView?
        init(_ stackView: SwipeCardStackView) { self.stackView = stackView }
        @objc func step(_ link: CADisplayLink) {
            guard let stackView else { return link.invalidate() }
            stackView.step(link)
        }
    }

    /// The host layer's data source, delegate and renderer for ``SwipeCardStackView``: forwards to the view's
    /// data source and delegate and moves `UIView`s.
    @MainActor
    final class UIKitCardHost {
        weak var stackView: SwipeCardStackView?
    }

    extension UIKitCardHost: @preconcurrency SwipeCardStackDataSource {
        func numberOfCards() -> Int {
            guard let stackView else { return 0 }
            return stackView.dataSource?.numberOfCards(in: stackView) ?? 0
        }

        func cardView(forIndex index: Int, card: CardID, reusing view: UIView?) -> UIView {
            guard let stackView, let dataSource = stackView.dataSource else { return view ?? UIView() }
            return dataSource.cardStack(stackView, cardForIndexAt: index, reusing: view)
        }
    }

    extension UIKitCardHost: @preconcurrency SwipeCardStackDelegate {
        func didSwipeCard(at index: Int, card: CardID, direction: SwipeDirection) {
            guard let stackView else { return }
            stackView.delegate?.cardStack(stackView, didSwipeCardAt: index, with: direction)
        }
        func didUndoCard(at index: Int, card: CardID, from direction: SwipeDirection) {
            guard let stackView else { return }
            stackView.delegate?.cardStack(stackView, didUndoCardAt: index, from: direction)
        }
        func didSelectCard(at index: Int, card: CardID, corner: TapCorner) {
            guard let stackView else { return }
            stackView.delegate?.cardStack(stackView, didSelectCardAt: index, tapCorner: corner)
        }
        func didSwipeAllCards() {
            guard let stackView else { return }
            stackView.delegate?.didSwipeAllCards(stackView)
        }
        func didCancelSwipe(at index: Int, card: CardID) {
            guard let stackView else { return }
            stackView.delegate?.cardStack(stackView, didCancelSwipeAt: index)
        }
        func dragProgress(at index: Int, card: CardID, direction: SwipeDirection?, progress: Double) {
            guard let stackView else { return }
            stackView.delegate?.cardStack(stackView, dragProgress: progress, toward: direction, at: index)
        }
    }

    extension UIKitCardHost: @preconcurrency SwipeCardRenderer {
        func insertView(_ view: UIView, card: CardID, zIndex: Int) {
            view.layer.zPosition = CGFloat(zIndex)
            stackView?.addSubview(view)
        }

        func reorderView(_ view: UIView, zIndex: Int) { view.layer.zPosition = CGFloat(zIndex) }

        func apply(_ appearance: CardAppearance, to view: UIView) {
            guard let stackView else { return }
            let options = stackView.host.options
            view.bounds = CGRect(x: 0, y: 0, width: options.width, height: options.height)
            view.center = CGPoint(x: stackView.bounds.midX, y: stackView.bounds.midY)
            let m = appearance.transform
            view.transform = CGAffineTransform(a: m.a, b: m.b, c: m.c, d: m.d, tx: m.tx, ty: m.ty)
            view.alpha = appearance.alpha
            view.isUserInteractionEnabled = appearance.position == 0
            if let overlays = view as? SwipeCardOverlayDisplaying {
                for slot in stackView.host.options.directions.indices {
                    overlays.setOverlayAlpha(appearance.overlayAlpha(forSlot: slot), forSlot: slot)
                }
            }
        }

        func removeView(_ view: UIView, card: CardID) { view.removeFromSuperview() }

        func discardView(_ view: UIView) {}
    }
#endif
