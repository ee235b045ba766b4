import SeededRandom
import SwipeStack
import Testing

/// Random sessions of drags, swipes, undos, redos, shifts, inserts, deletes, moves and reloads through the host
/// layer, with frames at random times in between, checked after every step against what a user would see.
@Suite("Host layer: random sessions")
struct HostLayerPropertyTests {
    @Test func everyVisibleCardHasExactlyOneViewAndViewsAreReused() throws {
        var random = SeededRandomNumberGenerator(seed: 0x5EED_0013)  // every run sees the same sequences
        var nextName = 0
        func name() -> String {
            nextName += 1
            return "c\(nextName)"
        }
        for sequence in 0..<10_000 {
            let host = RecordingHost(cards: (0..<Int.random(in: 0...6, using: &random)).map { _ in name() })
            var options = SwipeStackOptions(width: 320, height: 480, directions: SwipeDirection.horizontal)
            options.numberOfVisibleCards = Int.random(in: 1...4, using: &random)
            let stack = RecordedStack(options: options, dataSource: host, delegate: host, renderer: host)
            stack.reloadData()
            var time = 0.0
            var mostViewsOnScreen = 0
            for step in 0..<24 {
                time += Double.random(in: 0...0.2, using: &random)
                let count = host.cards.count
                let remaining = stack.engine.numberOfRemainingCards
                switch Int.random(in: 0..<100, using: &random) {
                case 0..<12:
                    stack.pointerBegan(
                        at: Point(x: .random(in: 0...320, using: &random), y: .random(in: 0...480, using: &random)),
                        time: time)
                case 12..<24:
                    stack.pointerMoved(to: Point(x: .random(in: -200...520, using: &random), y: 200), time: time)
                case 24..<30:
                    stack.pointerEnded(at: Point(x: .random(in: -200...520, using: &random), y: 200), time: time)
                case 30..<33: stack.pointerCancelled(time: time)
                case 33..<45: try? stack.swipe(Bool.random(using: &random) ? .left : .right, time: time)
                case 45..<52: try? stack.undoLastSwipe(animated: Bool.random(using: &random), time: time)
                case 52..<56: try? stack.undo(time: time)
                case 56..<61: try? stack.redo(animated: Bool.random(using: &random), time: time)
                case 61..<66: try? stack.shift(withDistance: .random(in: -2...3, using: &random), time: time)
                case 66..<76:
                    let index = Int.random(in: 0...count, using: &random)
                    host.cards.insert(name(), at: index)
                    try stack.insertCard(atIndex: index, position: .random(in: 0...remaining, using: &random))
                case 76..<86 where count > 0:
                    let index = Int.random(in: 0..<count, using: &random)
                    host.cards.remove(at: index)
                    try stack.deleteCards(atIndices: [index])
                case 86..<90:
                    let added = Int.random(in: 0...3, using: &random)
                    for _ in 0..<added { host.cards.append(name()) }
                    try stack.appendCards(count: added)
                case 90..<93 where remaining > 1:
                    try stack.moveCard(
                        fromPosition: .random(in: 0..<remaining, using: &random),
                        toPosition: .random(in: 0..<remaining, using: &random))
                case 93..<95:
                    host.cards = (0..<Int.random(in: 0...5, using: &random)).map { _ in name() }
                    stack.reloadData()
                case 95..<97:
                    // A mistake: the data source claims a count that does not add up; nothing may change.
                    host.cards.append(name())
                    #expect(throws: StackError.self) { try stack.appendCards(count: 2) }
                    host.cards.removeLast()
                default:
                    break
                }
                stack.renderFrame(at: time)
                let context = "sequence \(sequence), step \(step)"
                // Every placement has exactly one view, showing its card's current content.
                var placed: [CardID] = []
                stack.engine.forEachPlacement(at: time) { placed.append($0.card) }
                try #require(placed.count == host.container.count, "\(context): views \(host.container) for \(placed)")
                for card in placed {
                    let view = try #require(stack.view(for: card), "\(context): a visible card has no view")
                    let index = try #require(stack.engine.index(of: card))
                    try #require(host.container[view] == host.cards[index], "\(context): a view shows the wrong card")
                }
                // No view shows a card that is gone, and views live within the pool's bound.
                for (card, _) in stack.visibleViews { try #require(stack.engine.contains(card), "\(context)") }
                mostViewsOnScreen = max(mostViewsOnScreen, host.container.count)
                let alive = host.createdViews - host.discardedViews
                try #require(
                    alive <= mostViewsOnScreen + stack.reusePoolCapacity,
                    "\(context): \(alive) views alive, at most \(mostViewsOnScreen) on screen")
            }
        }
    }
}
