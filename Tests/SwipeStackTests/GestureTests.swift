import SwipeStack
import Testing

@Suite("Gesture recognition")
struct GestureTests {
    /// A 320 × 480 stack: the default commit distance is 80 points.
    private func makeStack(_ configure: (inout SwipeStackOptions) -> Void = { _ in }) -> SwipeStack {
        var options = SwipeStackOptions(width: 320, height: 480)
        configure(&options)
        return SwipeStack(numberOfCards: 3, options: options)
    }

    private func events(_ stack: inout SwipeStack) -> [StackEvent] {
        var result: [StackEvent] = []
        while let event = stack.nextEvent() { result.append(event) }
        return result
    }

    @Test func defaultDistanceIsAQuarterOfTheShorterSide() {
        #expect(SwipeStackOptions(width: 320, height: 480).minimumDistance(for: .left) == 80)
        #expect(SwipeStackOptions(width: 600, height: 200).minimumDistance(for: .up) == 50)
    }

    @Test func slowDragPastTheDistanceCommits() {
        var stack = makeStack()
        #expect(stack.dragBegan(at: Point(x: 160, y: 100), time: 0) == .render)
        #expect(stack.dragMoved(to: Point(x: 260, y: 100), time: 1) == .render)
        #expect(stack.dragEnded(at: Point(x: 260, y: 100), time: 2) == .animate)
        #expect(
            events(&stack) == [
                .dragProgress(index: 0, card: initialCard(0), direction: .right, progress: 1),
                .didSwipeCard(index: 0, card: initialCard(0), direction: .right),
            ])
        #expect(stack.remainingIndices == [1, 2])
        #expect(stack.swipedCards == [SwipedCard(index: 0, direction: .right)])
    }

    @Test func slowDragShortOfTheDistanceResets() {
        var stack = makeStack()
        _ = stack.dragBegan(at: Point(x: 160, y: 100), time: 0)
        _ = stack.dragMoved(to: Point(x: 200, y: 100), time: 1)
        #expect(stack.dragEnded(at: Point(x: 200, y: 100), time: 2) == .animate)
        #expect(
            events(&stack) == [
                .dragProgress(index: 0, card: initialCard(0), direction: .right, progress: 0.5),
                .didCancelSwipe(index: 0, card: initialCard(0)),
            ])
        #expect(stack.remainingIndices == [0, 1, 2])
    }

    @Test func fastFlickCommitsOnSpeedAlone() {
        var stack = makeStack()
        _ = stack.dragBegan(at: Point(x: 160, y: 100), time: 0)
        _ = stack.dragMoved(to: Point(x: 170, y: 100), time: 0.01)
        _ = stack.dragEnded(at: Point(x: 185, y: 100), time: 0.02)  // 25 pt, 1,250 pt/s
        #expect(stack.remainingIndices == [1, 2])
        var slow = makeStack()
        _ = slow.dragBegan(at: Point(x: 160, y: 100), time: 0)
        _ = slow.dragEnded(at: Point(x: 180, y: 100), time: 0.02)  // 20 pt, 1,000 pt/s
        #expect(slow.remainingIndices == [0, 1, 2])
    }

    @Test func flickAgainstTheDragDirectionDoesNotCommit() {
        var stack = makeStack()
        _ = stack.dragBegan(at: Point(x: 160, y: 100), time: 0)
        _ = stack.dragMoved(to: Point(x: 220, y: 100), time: 0.5)
        _ = stack.dragEnded(at: Point(x: 180, y: 100), time: 0.52)  // 20 pt right, moving left at 2,000 pt/s
        #expect(stack.remainingIndices == [0, 1, 2])
        #expect(events(&stack).last == .didCancelSwipe(index: 0, card: initialCard(0)))
    }

    @Test func cancelNeverCommits() {
        var stack = makeStack()
        _ = stack.dragBegan(at: Point(x: 160, y: 100), time: 0)
        _ = stack.dragMoved(to: Point(x: 400, y: 100), time: 0.01)
        #expect(stack.dragCancelled(time: 0.02) == .animate)
        #expect(stack.remainingIndices == [0, 1, 2])
        #expect(events(&stack).last == .didCancelSwipe(index: 0, card: initialCard(0)))
        #expect(stack.dragEnded(at: Point(x: 400, y: 100), time: 0.03) == .none)
    }

    @Test func perDirectionThresholds() {
        let configure: (inout SwipeStackOptions) -> Void = {
            $0.directionThresholds = [DirectionThreshold(direction: .right, minimumDistance: 200, minimumSpeed: 5000)]
        }
        var stack = makeStack(configure)
        _ = stack.dragBegan(at: Point(x: 160, y: 100), time: 0)
        _ = stack.dragEnded(at: Point(x: 260, y: 100), time: 1)
        #expect(stack.remainingIndices == [0, 1, 2])
        _ = stack.dragBegan(at: Point(x: 160, y: 100), time: 5)
        _ = stack.dragEnded(at: Point(x: 60, y: 100), time: 6)
        #expect(stack.swipedCards == [SwipedCard(index: 0, direction: .left)])
        _ = stack.dragBegan(at: Point(x: 160, y: 100), time: 10)
        _ = stack.dragEnded(at: Point(x: 190, y: 100), time: 10.01)  // 3,000 pt/s: below the right override
        #expect(stack.remainingIndices == [1, 2])
    }

    @Test func horizontalOnlyIgnoresVerticalDrags() {
        var stack = makeStack { $0.recognitionAxis = .horizontal }
        _ = stack.dragBegan(at: Point(x: 160, y: 100), time: 0)
        _ = stack.dragEnded(at: Point(x: 160, y: 400), time: 1)
        #expect(stack.remainingIndices == [0, 1, 2])
        #expect(stack.frame(at: 1).placements.last?.translationY == 0)
    }

    @Test func eightWayRecognizesDiagonals() {
        var stack = makeStack { $0.directions = SwipeDirection.eightWay }
        _ = stack.dragBegan(at: Point(x: 160, y: 100), time: 0)
        _ = stack.dragEnded(at: Point(x: 220, y: 160), time: 1)
        #expect(stack.swipedCards == [SwipedCard(index: 0, direction: .downRight)])
    }

    @Test func perCardAllowedDirections() throws {
        var stack = makeStack()
        try stack.setAllowedDirections([.left], forCardAtIndex: 0)
        _ = stack.dragBegan(at: Point(x: 160, y: 100), time: 0)
        _ = stack.dragEnded(at: Point(x: 300, y: 100), time: 1)
        #expect(stack.remainingIndices == [0, 1, 2])
        #expect(stack.accessibilityActions == [.swipe(.left)])
        #expect(throws: StackError.self) { try stack.swipe(direction: .right, animated: false, time: 2) }
    }

    @Test func tapsReportTheCorner() {
        var stack = makeStack()
        _ = stack.tapped(at: Point(x: 10, y: 10), time: 0)
        _ = stack.tapped(at: Point(x: 300, y: 470), time: 0)
        _ = stack.tapped(at: Point(x: 500, y: 10), time: 0)
        #expect(
            events(&stack) == [
                .didSelectCard(index: 0, card: initialCard(0), corner: .topLeft),
                .didSelectCard(index: 0, card: initialCard(0), corner: .bottomRight),
            ])
    }

    @Test func updatesDuringADragDoNotInterruptIt() throws {
        var stack = makeStack()
        _ = stack.dragBegan(at: Point(x: 160, y: 100), time: 0)
        try stack.insertCard(atIndex: 0, position: 3)
        try stack.deleteCards(atIndices: [3])
        _ = stack.dragMoved(to: Point(x: 300, y: 100), time: 0.5)
        _ = stack.dragEnded(at: Point(x: 300, y: 100), time: 1)
        #expect(stack.swipedCards == [SwipedCard(index: 1, direction: .right)])
        #expect(stack.remainingIndices == [2, 0])
    }

    @Test func programmaticActionsDuringADragRunInOrderAfterIt() throws {
        var stack = makeStack()
        _ = stack.dragBegan(at: Point(x: 160, y: 100), time: 0)
        #expect(try stack.swipe(direction: .up, animated: true, time: 0.1) == .none)
        #expect(try stack.swipe(direction: .down, animated: true, time: 0.2) == .none)
        _ = stack.dragEnded(at: Point(x: 300, y: 100), time: 1)
        #expect(
            events(&stack) == [
                .didSwipeCard(index: 0, card: initialCard(0), direction: .right),
                .didSwipeCard(index: 1, card: initialCard(1), direction: .up),
                .didSwipeCard(index: 2, card: initialCard(2), direction: .down), .didSwipeAllCards,
            ])
    }
}
