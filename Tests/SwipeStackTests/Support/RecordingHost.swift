import SwipeStack

/// A host that plays data source, delegate and renderer at once and writes down every call, the way a UIKit or
/// DOM renderer would receive them. Views are numbers (`v0`, `v1`, …); cards are named by their data-source
/// content (`A`, `B`, …).
final class RecordingHost: SwipeCardStackDataSource, SwipeCardStackDelegate, SwipeCardRenderer {
    typealias CardView = Int

    /// The data source's cards, by index.
    var cards: [String]
    /// When set, the data source reports this count instead of `cards.count` (a data source out of step).
    var reportedCount: Int?
    /// Every view operation and delegate call, in order (appearances excluded: see ``appearances``).
    var log: [String] = []
    /// The latest appearance applied to each view.
    var appearances: [Int: CardAppearance] = [:]
    /// The views in the container and the card content each shows.
    var container: [Int: String] = [:]
    /// The content each view was last configured with.
    var content: [Int: String] = [:]
    var createdViews = 0
    var discardedViews = 0
    /// Runs inside each delegate call, to test a delegate that calls back into the stack.
    var onDelegateCall: ((String) -> Void)?

    init(cards: [String]) {
        self.cards = cards
    }

    func numberOfCards() -> Int { reportedCount ?? cards.count }

    func cardView(forIndex index: Int, card: CardID, reusing view: Int?) -> Int {
        let name = index < cards.count ? cards[index] : "?"
        if let view {
            log.append("reuse v\(view) for \(name)")
            content[view] = name
            return view
        }
        let view = createdViews
        createdViews += 1
        log.append("create v\(view) for \(name)")
        content[view] = name
        return view
    }

    func insertView(_ view: Int, card: CardID, zIndex: Int) {
        log.append("insert v\(view) z\(zIndex)")
        container[view] = content[view]
    }

    func reorderView(_ view: Int, zIndex: Int) { log.append("reorder v\(view) z\(zIndex)") }

    func apply(_ appearance: CardAppearance, to view: Int) { appearances[view] = appearance }

    func removeView(_ view: Int, card: CardID) {
        log.append("remove v\(view)")
        container[view] = nil
        appearances[view] = nil
    }

    func discardView(_ view: Int) {
        log.append("discard v\(view)")
        discardedViews += 1
    }

    private func record(_ entry: String) {
        log.append(entry)
        onDelegateCall?(entry)
    }

    func didSwipeCard(at index: Int, card: CardID, direction: SwipeDirection) {
        record("didSwipe \(cards[index]) \(direction.name)")
    }
    func didUndoCard(at index: Int, card: CardID, from direction: SwipeDirection) {
        record("didUndo \(cards[index]) \(direction.name)")
    }
    func didSelectCard(at index: Int, card: CardID, corner: TapCorner) { record("didSelect \(cards[index]) \(corner)") }
    func didSwipeAllCards() { record("didSwipeAll") }
    func didCancelSwipe(at index: Int, card: CardID) { record("didCancel \(cards[index])") }
    func dragProgress(at index: Int, card: CardID, direction: SwipeDirection?, progress: Double) {
        record("progress \(cards[index]) \(direction?.name ?? "none") \(Int((progress * 100).rounded()))%")
    }
    func didShift(distance: Int) { record("didShift \(distance)") }
    func didUndoShift(distance: Int) { record("didUndoShift \(distance)") }

    /// Returns the log since the last call and clears it.
    func takeLog() -> [String] {
        defer { log = [] }
        return log
    }

    /// The contents on screen, back to front, by the z-index last applied.
    var screen: [String] {
        container.keys.sorted { (appearances[$0]?.zIndex ?? 0) < (appearances[$1]?.zIndex ?? 0) }
            .map { container[$0] ?? "?" }
    }
}

typealias RecordedStack = SwipeCardStack<RecordingHost, RecordingHost, RecordingHost>

extension SwipeCardStack where DataSource == RecordingHost, Delegate == RecordingHost, Renderer == RecordingHost {
    /// A 320 × 480 stack with left and right swipes and three visible cards over a recording host.
    static func recorded(_ cards: [String]) -> (RecordedStack, RecordingHost) {
        let host = RecordingHost(cards: cards)
        var options = SwipeStackOptions(width: 320, height: 480, directions: SwipeDirection.horizontal)
        options.numberOfVisibleCards = 3
        let stack = RecordedStack(options: options, dataSource: host, delegate: host, renderer: host)
        stack.reloadData()
        return (stack, host)
    }
}
