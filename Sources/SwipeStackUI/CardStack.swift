#if canImport(SwiftUI) && !os(tvOS)
    import Foundation
    import SwiftUI
    import SwipeStack

    /// Programmatic control of a ``CardStack``: swipe, undo, redo and shift from buttons or code, and the
    /// stack's state to show (the handle of the SwiftUI stack, like a scroll view's proxy).
    ///
    /// Create one with `@StateObject` and pass it to the stack. The handle owns the `SwipeCardStack` host layer of
    /// the SwipeStack module; the view only draws what the host layer decides.
    @MainActor
    public final class CardStackHandle: ObservableObject {
        typealias Host = SwipeCardStack<SwiftUICardHost, SwiftUICardHost, SwiftUICardHost>

        let adapter: SwiftUICardHost
        let host: Host
        /// Bumped on every change, so SwiftUI re-evaluates the stack (and resumes its timeline).
        @Published private(set) var revision = 0

        /// Called for each delegate call of the host layer (did swipe, did undo, did select, drag progress…).
        public var onEvent: ((StackEvent) -> Void)?

        /// Creates a handle.
        ///
        /// - Parameter options: The engine's configuration; width and height follow the view's size.
        public init(options: SwipeStackOptions = SwipeStackOptions()) {
            adapter = SwiftUICardHost()
            host = Host(options: options, dataSource: adapter, delegate: adapter, renderer: adapter)
            adapter.handle = self
        }

        /// The engine, for queries (top card, remaining count, identities).
        public var engine: SwipeStack { host.engine }

        static var now: Double { Date().timeIntervalSinceReferenceDate }

        /// Swipes the top card.
        public func swipe(_ direction: SwipeDirection, animated: Bool = true) throws(StackError) {
            try host.swipe(direction, animated: animated, time: Self.now)
            revision += 1
        }

        /// Brings back the last swiped card.
        public func undoLastSwipe(animated: Bool = true) throws(StackError) {
            try host.undoLastSwipe(animated: animated, time: Self.now)
            revision += 1
        }

        /// Reverts the last swipe or shift.
        public func undo(animated: Bool = true) throws(StackError) {
            try host.undo(animated: animated, time: Self.now)
            revision += 1
        }

        /// Performs the last undone swipe or shift again.
        public func redo(animated: Bool = true) throws(StackError) {
            try host.redo(animated: animated, time: Self.now)
            revision += 1
        }

        /// Shifts the stack.
        public func shift(withDistance distance: Int = 1, animated: Bool = true) throws(StackError) {
            try host.shift(withDistance: distance, animated: animated, time: Self.now)
            revision += 1
        }

        /// Tells the stack the data grew at its end by `count` cards (seed 000's infinite stack).
        public func appendCards(count: Int) throws(StackError) {
            try host.appendCards(count: count)
            revision += 1
        }

        /// Tells the stack the data changed entirely.
        public func reloadData() {
            host.reloadData()
            revision += 1
        }

        /// Syncs the data count and size with the view, then draws a frame: the cards to show, back to front.
        func frame(count: Int, size: CGSize, at time: Double) -> [SwiftUICardHost.Shown] {
            if adapter.count != count {
                // Growth at the end keeps the stack and its history (the infinite stack); anything else reloads.
                let added = count - adapter.count
                adapter.count = count
                if added <= 0 || (try? host.appendCards(count: added)) == nil { host.reloadData() }
            }
            var options = host.options
            if options.width != size.width || options.height != size.height {
                options.width = size.width
                options.height = size.height
                host.options = options
            }
            host.renderFrame(at: time)
            return adapter.shown.values.sorted { $0.appearance.zIndex < $1.appearance.zIndex }
        }

        func pointer(_ phase: Int, at location: CGPoint) {
            let point = Point(x: location.x, y: location.y)
            switch phase {
            case 0: host.pointerBegan(at: point, time: Self.now)
            case 1: host.pointerMoved(to: point, time: Self.now)
            default: host.pointerEnded(at: point, time: Self.now)
            }
            revision += 1
        }

        var isTrackingPointer: Bool { host.isTrackingPointer }
        var directions: [SwipeDirection] { host.options.directions }
        var needsFrame: Bool { host.needsAnimationFrame || host.isTrackingPointer }
    }

    /// A SwiftUI swipe card stack, generic over the card content (dadalar's `CardStack`, Shuffle's and
    /// MGSwipeCards' behaviour): drag, tap, programmatic swipe and undo through a ``CardStackHandle``.
    ///
    /// ```swift
    /// @StateObject var handle = CardStackHandle()
    /// var body: some View {
    ///     CardStack(cards, handle: handle) { card in CardFace(card) }
    ///     Button("Undo") { try? handle.undo() }
    /// }
    /// ```
    ///
    /// Views are keyed by the host layer's view numbers, so a card keeps its SwiftUI identity while indices shift.
    @available(iOS 15, macOS 12, tvOS 15, watchOS 8, *)
    public struct CardStack<Data: RandomAccessCollection, Content: View, Overlay: View>: View where Data.Index == Int {
        let data: Data
        @ObservedObject var handle: CardStackHandle
        let content: (Data.Element) -> Content
        let overlayContent: (SwipeDirection) -> Overlay

        /// Creates a stack of `data`'s elements, each drawn by `content`, with an overlay per swipe direction
        /// (MGSwipeCards' `leftOverlay`, `rightOverlay`, …) that fades in as the card is dragged toward it.
        ///
        /// - Parameters:
        ///   - data: The cards, by data-source index.
        ///   - handle: The stack's handle (create it with `@StateObject`).
        ///   - content: Draws one card.
        ///   - overlay: Draws the overlay for a direction.
        public init(
            _ data: Data, handle: CardStackHandle, @ViewBuilder content: @escaping (Data.Element) -> Content,
            @ViewBuilder overlay: @escaping (SwipeDirection) -> Overlay
        ) {
            self.data = data
            self.handle = handle
            self.content = content
            self.overlayContent = overlay
        }

        public var body: some View {
            GeometryReader { geometry in
                TimelineView(.animation(minimumInterval: nil, paused: !handle.needsFrame)) { context in
                    let shown = handle.frame(
                        count: data.count, size: geometry.size, at: context.date.timeIntervalSinceReferenceDate)
                    ZStack {
                        ForEach(shown) { card in
                            if card.appearance.index >= 0 && card.appearance.index < data.count {
                                let m = card.appearance.transform  // about the card's centre
                                content(data[data.startIndex + card.appearance.index])
                                    .frame(width: geometry.size.width, height: geometry.size.height)
                                    .overlay {
                                        ZStack {
                                            ForEach(handle.directions.indices, id: \.self) { slot in
                                                overlayContent(handle.directions[slot])
                                                    .opacity(card.appearance.overlayAlpha(forSlot: slot))
                                            }
                                        }
                                    }
                                    .opacity(card.appearance.alpha)
                                    .transformEffect(Self.aboutCentre(m, size: geometry.size))
                                    .zIndex(Double(card.appearance.zIndex))
                            }
                        }
                    }
                }
                .contentShape(Rectangle())
                .gesture(
                    DragGesture(minimumDistance: 0)
                        .onChanged { value in
                            if !handle.isTrackingPointer { handle.pointer(0, at: value.startLocation) }
                            handle.pointer(1, at: value.location)
                        }
                        .onEnded { value in handle.pointer(2, at: value.location) })
            }
        }
    }

    @available(iOS 15, macOS 12, tvOS 15, watchOS 8, *)
    extension CardStack {
        /// The host layer's matrix is about the card's centre (UIKit's anchor point, CSS's transform origin);
        /// `transformEffect` applies a transform about the view's top-left corner, so move the origin.
        static func aboutCentre(_ m: AffineMatrix, size: CGSize) -> CGAffineTransform {
            let cx = size.width / 2
            let cy = size.height / 2
            return CGAffineTransform(
                a: m.a, b: m.b, c: m.c, d: m.d, tx: m.tx + cx - (m.a * cx + m.c * cy),
                ty: m.ty + cy - (m.b * cx + m.d * cy))
        }
    }

    @available(iOS 15, macOS 12, tvOS 15, watchOS 8, *)
    extension CardStack where Overlay == EmptyView {
        /// Creates a stack of `data`'s elements, each drawn by `content`, without overlays.
        ///
        /// - Parameters:
        ///   - data: The cards, by data-source index.
        ///   - handle: The stack's handle (create it with `@StateObject`).
        ///   - content: Draws one card.
        public init(_ data: Data, handle: CardStackHandle, @ViewBuilder content: @escaping (Data.Element) -> Content) {
            self.init(data, handle: handle, content: content, overlay: { _ in EmptyView() })
        }
    }

    /// The host layer's data source, delegate and renderer for ``CardStack``: views are numbers, and the
    /// renderer keeps each one's latest appearance for the next body evaluation.
    @MainActor
    final class SwiftUICardHost {
        /// One card on screen.
        struct Shown: Identifiable {
            var id: Int
            var appearance: CardAppearance
        }

        weak var handle: CardStackHandle?
        var count = 0
        var nextView = 0
        var shown: [Int: Shown] = [:]
    }

    extension SwiftUICardHost: @preconcurrency SwipeCardStackDataSource {
        func numberOfCards() -> Int { count }
        func cardView(forIndex index: Int, card: CardID, reusing view: Int?) -> Int {
            if let view { return view }
            nextView += 1
            return nextView
        }
    }

    extension SwiftUICardHost: @preconcurrency SwipeCardStackDelegate {
        func didSwipeCard(at index: Int, card: CardID, direction: SwipeDirection) {
            handle?.onEvent?(.didSwipeCard(index: index, card: card, direction: direction))
        }
        func didUndoCard(at index: Int, card: CardID, from direction: SwipeDirection) {
            handle?.onEvent?(.didUndoCard(index: index, card: card, direction: direction))
        }
        func didSelectCard(at index: Int, card: CardID, corner: TapCorner) {
            handle?.onEvent?(.didSelectCard(index: index, card: card, corner: corner))
        }
        func didSwipeAllCards() { handle?.onEvent?(.didSwipeAllCards) }
        func didCancelSwipe(at index: Int, card: CardID) {
            handle?.onEvent?(.didCancelSwipe(index: index, card: card))
        }
        func dragProgress(at index: Int, card: CardID, direction: SwipeDirection?, progress: Double) {
            handle?.onEvent?(.dragProgress(index: index, card: card, direction: direction, progress: progress))
        }
        func didShift(distance: Int) { handle?.onEvent?(.didShift(distance: distance)) }
        func didUndoShift(distance: Int) { handle?.onEvent?(.didUndoShift(distance: distance)) }
    }

    extension SwiftUICardHost: @preconcurrency SwipeCardRenderer {
        func insertView(_ view: Int, card: CardID, zIndex: Int) {}
        func reorderView(_ view: Int, zIndex: Int) {}
        func apply(_ appearance: CardAppearance, to view: Int) { shown[view] = Shown(id: view, appearance: appearance) }
        func removeView(_ view: Int, card: CardID) { shown[view] = nil }
        func discardView(_ view: Int) {}
    }
#endif
