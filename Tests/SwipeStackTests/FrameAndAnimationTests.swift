import SwipeStack
import Testing

@Suite("Frames and animations")
struct FrameAndAnimationTests {
    private func makeStack(count: Int = 5) -> SwipeStack {
        SwipeStack(numberOfCards: count, options: SwipeStackOptions(width: 320, height: 480))
    }

    private func placement(
        _ index: Int, _ position: Int, z: Int, x: Double = 0, y: Double = 0, rotation: Double = 0,
        scale: Double = 1, opacity: Double = 1
    ) -> [Double] {
        [Double(index), Double(position), Double(z), x, y, rotation, scale, opacity]
    }

    private func flatten(_ placement: CardPlacement) -> [Double] {
        [
            Double(placement.index), Double(placement.position), Double(placement.zIndex), placement.translationX,
            placement.translationY, placement.rotation, placement.scale, placement.opacity,
        ]
    }

    private func close(_ a: [[Double]], _ b: [[Double]]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { zip($0, $1).allSatisfy { abs($0 - $1) < 1e-9 } }
    }

    @Test func scriptedDragWithWholeFrames() {
        var stack = makeStack()
        var frame = stack.frame(at: 0)
        #expect(!frame.isAnimating)
        #expect(
            close(
                frame.placements.map(flatten),
                [placement(2, 2, z: 0, scale: 0.9), placement(1, 1, z: 1, scale: 0.95), placement(0, 0, z: 2)]))

        _ = stack.dragBegan(at: Point(x: 160, y: 100), time: 1)
        _ = stack.dragMoved(to: Point(x: 200, y: 100), time: 2)  // halfway to the 80-point threshold
        frame = stack.frame(at: 2)
        #expect(
            close(
                frame.placements.map(flatten),
                [
                    placement(3, 3, z: 0, scale: 0.9, opacity: 0.5), placement(2, 2, z: 1, scale: 0.925),
                    placement(1, 1, z: 2, scale: 0.975),
                    placement(0, 0, z: 3, x: 40, rotation: 40.0 / 320 * Double.pi / 10),
                ]))
        let top = frame.placements[3]
        #expect(top.primaryOverlay == 1 && abs(top.primaryOverlayOpacity - 0.5) < 1e-12)
        #expect(top.overlayOpacity(forSlot: 0) == 0)

        _ = stack.dragMoved(to: Point(x: 200, y: 140), time: 2.5)  // 45°: right and down blend equally
        let blended = stack.frame(at: 2.5).placements.last!
        #expect(abs(blended.overlayOpacity(forSlot: 1) - blended.overlayOpacity(forSlot: 3)) < 1e-9)

        _ = stack.dragMoved(to: Point(x: 900, y: 400), time: 3)  // far: rotation clamps at π/10
        #expect(abs(stack.frame(at: 3).placements.last!.rotation - Double.pi / 10) < 1e-12)
        _ = stack.dragMoved(to: Point(x: -900, y: 100), time: 3.1)
        #expect(abs(stack.frame(at: 3.1).placements.last!.rotation + Double.pi / 10) < 1e-12)
    }

    @Test func grabbingBelowTheMiddleFlipsTheRotation() {
        var stack = makeStack()
        _ = stack.dragBegan(at: Point(x: 160, y: 400), time: 0)
        _ = stack.dragMoved(to: Point(x: 240, y: 400), time: 1)
        #expect(abs(stack.frame(at: 1).placements.last!.rotation + 80.0 / 320 * Double.pi / 10) < 1e-12)
    }

    @Test func programmaticSwipeOutCurve() throws {
        var stack = makeStack()
        #expect(try stack.swipe(direction: .right, animated: true, time: 0) == .animate)
        let frame = stack.frame(at: 0.2)  // halfway through 0.4 s; eased in: 0.375 of the way
        let leaving = try #require(frame.placements.last)
        #expect(leaving.index == 0 && leaving.position == -1)
        #expect(abs(leaving.translationX - 237.96638418062332) < 1e-6)
        #expect(leaving.primaryOverlay == 1 && leaving.primaryOverlayOpacity == 1)
        #expect(frame.isAnimating)
        #expect(stack.animationTick(at: 0.2) == .animate)
        #expect(stack.animationTick(at: 0.5) == .render)
        #expect(stack.frame(at: 0.5).placements.map(\.index) == [3, 2, 1])
        #expect(stack.animationTick(at: 0.6) == .none)
    }

    @Test func swipeOutDurationVariesContinuouslyWithSpeed() {
        let options = AnimationOptions()
        #expect(options.swipeOutDuration(distance: 500, speed: 0) == 0.4)
        #expect(options.swipeOutDuration(distance: 500, speed: 1250) == 0.4)
        #expect(options.swipeOutDuration(distance: 500, speed: 1251) < 0.4)
        #expect(options.swipeOutDuration(distance: 500, speed: 2500) == 0.2)
        #expect(options.swipeOutDuration(distance: 500, speed: 100_000) == 0.1)
    }

    @Test func optionsAreClamped() {
        let options = AnimationOptions(
            swipeDuration: 100, resetDampingRatio: -1, resetFrequency: .nan, maximumRotationAngle: 5)
        #expect(options.swipeDuration == 2)
        #expect(options.resetDampingRatio == 0.1)
        #expect(options.resetFrequency == 16)
        #expect(options.maximumRotationAngle == Double.pi / 4)
        var stackOptions = SwipeStackOptions()
        stackOptions.numberOfVisibleCards = 99
        #expect(SwipeStack(options: stackOptions).options.numberOfVisibleCards == 16)
    }

    @Test func resetSpringStartsWithTheReleaseVelocity() {
        var stack = makeStack()
        _ = stack.dragBegan(at: Point(x: 160, y: 100), time: 0)
        _ = stack.dragMoved(to: Point(x: 190, y: 100), time: 0.95)
        _ = stack.dragEnded(at: Point(x: 200, y: 100), time: 1)  // 40 pt, 200 pt/s: resets
        let atRelease = stack.frame(at: 1).placements.last!.translationX
        let later = stack.frame(at: 1.001).placements.last!.translationX
        #expect(abs(atRelease - 40) < 1e-9)
        // x'(0) = v0 = 200 pt/s; over 1 ms the spring's pull (−ω²x) changes it by about 10 pt/s.
        #expect(abs((later - atRelease) / 0.001 - 200) < 15)
        #expect(stack.frame(at: 1.05).isAnimating)
        #expect(stack.animationTick(at: 3) == .render)
        #expect(stack.frame(at: 3).placements.last!.translationX == 0)
    }

    @Test(arguments: [(0.1, 1.0, 73.57588823428847), (0.1, 0.5, 65.97001533917017)])
    func springSampledAtFixedTimes(time: Double, damping: Double, expected: Double) {
        var stack = SwipeStack(
            numberOfCards: 1,
            options: {
                var options = SwipeStackOptions(width: 320, height: 480)
                options.animation.resetDampingRatio = damping
                options.animation.resetFrequency = 10
                return options
            }())
        _ = stack.dragBegan(at: Point(x: 100, y: 100), time: 0)
        _ = stack.dragMoved(to: Point(x: 200, y: 100), time: 5)
        _ = stack.dragCancelled(time: 10)  // released at rest, 100 pt right
        #expect(abs(stack.frame(at: 10 + time).placements.last!.translationX - expected) < 1e-9)
    }

    @Test func undoBringsTheCardBack() throws {
        var stack = makeStack()
        try stack.swipe(direction: .left, animated: false, time: 0)
        #expect(try stack.undoLastSwipe(animated: true, time: 1) == .animate)
        let start = stack.frame(at: 1).placements.last!
        #expect(start.index == 0 && start.position == 0)
        #expect(abs(start.translationX + (320.0 * 320 + 480 * 480).squareRoot() * 1.1) < 1e-9)
        #expect(start.primaryOverlay == 0 && start.primaryOverlayOpacity == 1)
        #expect(stack.frame(at: 1.3).placements.last!.translationX == 0)
        #expect(stack.nextEvent() == .didSwipeCard(index: 0, card: initialCard(0), direction: .left))
        #expect(stack.nextEvent() == .didUndoCard(index: 0, card: initialCard(0), direction: .left))
        #expect(stack.nextEvent() == nil)
    }

    @Test func customLayoutHook() {
        var options = SwipeStackOptions(width: 320, height: 480)
        options.backgroundLayout = BackgroundLayout { position in
            CardTransform(translationY: Double(position) * 10, scale: 1)
        }
        let stack = SwipeStack(numberOfCards: 3, options: options)
        #expect(stack.frame(at: 0).placements.map(\.translationY) == [20, 10, 0])
    }

    @Test func cardLayoutWithFooter() {
        var options = SwipeStackOptions(width: 300, height: 400)
        options.footerHeight = 100
        #expect(SwipeStack(options: options).cardLayout.contentFrame == Rect(x: 0, y: 0, width: 300, height: 300))
        options.isFooterTransparent = true
        let layout = SwipeStack(options: options).cardLayout
        #expect(layout.contentFrame.height == 400 && layout.overlayFrame.height == 300)
        #expect(layout.footerFrame == Rect(x: 0, y: 300, width: 300, height: 100))
    }

    @Test func accessibilityActionEqualsProgrammaticSwipe() throws {
        var viaAction = makeStack()
        var viaCall = makeStack()
        #expect(viaAction.accessibilityActions == [.swipe(.left), .swipe(.right), .swipe(.up), .swipe(.down)])
        try viaAction.performAccessibilityAction(.swipe(.up), time: 1)
        try viaCall.swipe(direction: .up, animated: true, time: 1)
        #expect(viaAction.frame(at: 1.2) == viaCall.frame(at: 1.2))
        #expect(viaAction.nextEvent() == viaCall.nextEvent())
        #expect(viaAction.accessibilityActions.last == .undo)
        #expect(AccessibilityAction.swipe(.up).label == "Swipe up")
    }
}
