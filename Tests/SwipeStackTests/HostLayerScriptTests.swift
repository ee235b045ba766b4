import SwipeStack
import Testing

/// The host layer driven step by step through a recording host: after each step, the exact view operations and
/// delegate calls (TCA's exhaustive discipline), and what is on screen.
@Suite("Host layer: scripted sessions")
struct HostLayerScriptTests {
    let cards = ["A", "B", "C", "D", "E", "F"]

    /// Draws frames from `start` until nothing moves (at most 2 s), returning the time after the last frame.
    @discardableResult
    func settle(_ stack: RecordedStack, from start: Double) -> Double {
        var time = start
        stack.renderFrame(at: time)
        while stack.needsAnimationFrame && time < start + 2 {
            time += 1.0 / 60
            stack.renderFrame(at: time)
        }
        return time
    }

    @Test func firstFrameCreatesOneViewPerVisibleCardBackToFront() {
        let (stack, host) = RecordedStack.recorded(cards)
        #expect(stack.needsAnimationFrame)
        #expect(stack.renderFrame(at: 0) == false)
        #expect(
            host.takeLog() == [
                "create v0 for C", "insert v0 z0", "create v1 for B", "insert v1 z1", "create v2 for A", "insert v2 z2",
            ])
        #expect(host.screen == ["C", "B", "A"])
        #expect(host.appearances[2]?.transform == .identity)
        #expect(host.appearances[1]?.transform == AffineMatrix(a: 0.95, b: 0, c: 0, d: 0.95, tx: 0, ty: 0))
        #expect(stack.renderFrame(at: 1) == false)
        #expect(host.takeLog().isEmpty)
    }

    @Test func dragThatCommitsSwipesAndReleasesTheViewForReuse() {
        let (stack, host) = RecordedStack.recorded(cards)
        stack.renderFrame(at: 0)
        _ = host.takeLog()
        #expect(stack.pointerBegan(at: Point(x: 160, y: 200), time: 0))
        stack.pointerMoved(to: Point(x: 260, y: 200), time: 0.1)
        #expect(host.takeLog() == ["progress A right 100%"])
        stack.renderFrame(at: 0.1)
        // The drag uncovers the next card, D, which fades in behind the others.
        #expect(
            host.takeLog() == ["create v3 for D", "insert v3 z0", "reorder v0 z1", "reorder v1 z2", "reorder v2 z3"])
        #expect(host.screen == ["D", "C", "B", "A"])
        let dragged = host.appearances[2]!
        #expect(dragged.transform.tx == 100 && dragged.transform.b > 0)  // tilted clockwise, as dragged right
        #expect(dragged.overlayAlpha(forSlot: 1) > 0 && dragged.overlayAlpha(forSlot: 0) == 0)
        stack.pointerEnded(at: Point(x: 300, y: 200), time: 0.15)
        #expect(host.takeLog() == ["didSwipe A right"])
        #expect(stack.needsAnimationFrame)
        settle(stack, from: 0.15)
        // The glide uncovers E for a moment; when it ends E's view and then A's (flown out) are released.
        #expect(
            host.takeLog() == [
                "create v4 for E", "insert v4 z0", "reorder v3 z1", "reorder v0 z2", "reorder v1 z3", "reorder v2 z4",
                "remove v4", "reorder v3 z0", "reorder v0 z1", "reorder v1 z2", "reorder v2 z3", "remove v2",
            ])
        #expect(host.screen == ["D", "C", "B"])
        #expect(stack.numberOfReusableViews == 2)
        #expect(stack.view(for: stack.engine.card(atIndex: 0)!) == nil)
    }

    @Test func undoBringsTheSwipedCardBackInAReusedViewAndRedoSwipesItAgain() throws {
        let (stack, host) = RecordedStack.recorded(cards)
        settle(stack, from: 0)
        try stack.swipe(.left, time: 1)
        var time = settle(stack, from: 1)
        _ = host.takeLog()
        #expect(host.screen == ["D", "C", "B"])
        try stack.undoLastSwipe(time: time)
        #expect(host.takeLog() == ["didUndo A left"])
        stack.renderFrame(at: time)
        // A comes back from the left, in the view released by the card that is now hidden again (D, v4; the
        // swipe's glide had uncovered E and D, drawn back to front as v3 and v4).
        #expect(host.takeLog() == ["remove v4", "reorder v0 z0", "reorder v1 z1", "reuse v4 for A", "insert v4 z2"])
        let returning = try #require(host.appearances[4])
        #expect(returning.transform.tx < -300 && returning.transform.b < 0)  // from the left, tilted as dragged left
        time = settle(stack, from: time)
        #expect(host.screen == ["C", "B", "A"])
        try stack.redo(time: time)
        #expect(host.takeLog() == ["didSwipe A left"])
        stack.renderFrame(at: time + 0.05)
        let leaving = try #require(host.appearances[4])
        #expect(leaving.transform.tx < 0 && leaving.transform.b < 0)
        #expect(throws: StackError.self) { try stack.redo(time: time) }
    }

    @Test func undoLastSwipeSkipsShiftsWhichHaveTheirOwnUndo() throws {
        let (stack, host) = RecordedStack.recorded(cards)
        try stack.swipe(.right, animated: false, time: 0)
        try stack.shift(withDistance: 2, animated: false, time: 0)
        #expect(stack.engine.remainingIndices == [3, 4, 5, 1, 2])
        try stack.undoLastSwipe(animated: false, time: 0)
        #expect(stack.engine.remainingIndices == [0, 3, 4, 5, 1, 2])
        #expect(stack.engine.canUndoShift && !stack.engine.canUndoSwipe)
        try stack.undoLastShift(animated: false, time: 0)
        #expect(stack.engine.remainingIndices[0] == 1)
        #expect(
            host.takeLog() == ["didSwipe A right", "didShift 2", "didUndo A right", "didUndoShift 2"])
        #expect(throws: StackError.self) { try stack.undoLastSwipe(time: 0) }
    }

    @Test func insertDuringADragKeepsEveryViewOnItsCard() throws {
        let (stack, host) = RecordedStack.recorded(cards)
        stack.renderFrame(at: 0)
        _ = host.takeLog()
        stack.pointerBegan(at: Point(x: 160, y: 200), time: 0)
        stack.pointerMoved(to: Point(x: 200, y: 200), time: 0.05)
        host.cards.insert("N", at: 0)
        try stack.insertCard(atIndex: 0, position: 1)
        stack.renderFrame(at: 0.06)
        // N takes position 1 behind the dragged A, in front of B; C stays as the card the drag uncovers. No view
        // changes card.
        #expect(host.takeLog() == ["progress A right 50%", "create v3 for N", "insert v3 z2", "reorder v2 z3"])
        #expect(host.screen == ["C", "B", "N", "A"])
        stack.pointerEnded(at: Point(x: 200, y: 200), time: 0.3)
        #expect(host.takeLog() == ["didCancel A"])
    }

    @Test func deleteDuringAnAnimationReleasesTheViewAtTheNextFrame() throws {
        let (stack, host) = RecordedStack.recorded(cards)
        stack.renderFrame(at: 0)
        try stack.swipe(.right, time: 0)
        stack.renderFrame(at: 0.05)
        _ = host.takeLog()
        host.cards.remove(at: 0)
        try stack.deleteCards(atIndices: [0])
        stack.renderFrame(at: 0.06)
        #expect(host.takeLog() == ["remove v2"])
        #expect(!stack.needsAnimationFrame || host.container.values.allSatisfy { $0 != "A" })
        #expect(host.container.values.sorted() == ["B", "C", "D", "E"])
    }

    @Test func animatedShiftHandsTheFormerTopCardsViewToTheCardItUncovers() throws {
        let (stack, host) = RecordedStack.recorded(cards)
        stack.renderFrame(at: 0)
        _ = host.takeLog()
        try stack.shift(withDistance: 1, time: 1)
        #expect(host.takeLog() == ["didShift 1"])
        stack.renderFrame(at: 1)
        // A goes to the bottom, out of sight; its view shows E, which the glide uncovers behind D.
        #expect(
            host.takeLog() == [
                "remove v2", "reuse v2 for E", "insert v2 z0", "create v3 for D", "insert v3 z1", "reorder v0 z2",
                "reorder v1 z3",
            ])
        settle(stack, from: 1)
        #expect(host.takeLog() == ["remove v2", "reorder v3 z0", "reorder v0 z1", "reorder v1 z2"])
        #expect(host.screen == ["D", "C", "B"])
        try stack.undoLastShift(time: 3)
        stack.renderFrame(at: 3)
        #expect(host.takeLog() == ["didUndoShift 1", "reuse v2 for A", "insert v2 z3"])
        #expect(host.screen == ["D", "C", "B", "A"])
    }

    @Test func deletingTheDraggedCardEndsItsDragAndReleasesItsView() throws {
        let (stack, host) = RecordedStack.recorded(cards)
        stack.renderFrame(at: 0)
        stack.pointerBegan(at: Point(x: 160, y: 200), time: 0)
        stack.pointerMoved(to: Point(x: 200, y: 200), time: 0.05)
        stack.renderFrame(at: 0.05)
        _ = host.takeLog()
        host.cards.remove(at: 0)
        try stack.deleteCards(atIndices: [0])
        stack.renderFrame(at: 0.06)
        // D, uncovered by the drag, stays as the third card; only the deleted card's view goes.
        #expect(host.takeLog() == ["remove v2"])
        #expect(host.screen == ["D", "C", "B"])
        stack.pointerMoved(to: Point(x: 260, y: 200), time: 0.1)
        stack.pointerEnded(at: Point(x: 300, y: 200), time: 0.15)
        #expect(host.takeLog().isEmpty)  // the finger no longer holds a card: no progress, no swipe
        #expect(stack.engine.remainingIndices == [0, 1, 2, 3, 4])
    }

    @Test func tapSelectsTheTopCardCorner() {
        let (stack, host) = RecordedStack.recorded(cards)
        stack.pointerBegan(at: Point(x: 40, y: 40), time: 0)
        stack.pointerEnded(at: Point(x: 41, y: 40), time: 0.1)
        #expect(host.takeLog().suffix(2) == ["didCancel A", "didSelect A topLeft"])
    }

    // MARK: Bad input

    @Test func aCountThatDoesNotAddUpIsRefusedAndChangesNothing() {
        let (stack, host) = RecordedStack.recorded(cards)
        settle(stack, from: 0)
        _ = host.takeLog()
        host.cards.append("G")  // the data source grew by one, but the host claims two appended
        #expect(throws: StackError.self) { try stack.appendCards(count: 2) }
        #expect(throws: StackError.self) { try stack.insertCard(atIndex: 9, position: 0) }
        #expect(throws: StackError.self) { try stack.deleteCards(atIndices: [0]) }
        #expect(throws: StackError.self) { try stack.reloadCards(atIndices: [42]) }
        #expect(stack.engine.numberOfCards == 6)
        #expect(host.takeLog().isEmpty)
        #expect(throws: Never.self) { try stack.appendCards(count: 1) }
        #expect(stack.engine.numberOfCards == 7)
    }

    @Test func aDataSourceThatShrankSilentlyGetsNoQuestionsAboutMissingIndices() {
        let (stack, host) = RecordedStack.recorded(["A", "B", "C"])
        host.reportedCount = 1
        stack.renderFrame(at: 0)
        #expect(host.takeLog() == ["create v0 for A", "insert v0 z2"])
    }

    @Test func aDelegateThatSwipesFromInsideACallbackKeepsTheOrder() throws {
        let (stack, host) = RecordedStack.recorded(cards)
        var nested = false
        host.onDelegateCall = { entry in
            guard entry == "didSwipe A left", !nested else { return }
            nested = true
            try? stack.swipe(.right, animated: false, time: 0)
            try? stack.undoLastSwipe(animated: false, time: 0)
        }
        try stack.swipe(.left, animated: false, time: 0)
        #expect(host.takeLog() == ["didSwipe A left", "didSwipe B right", "didUndo B right"])
        #expect(stack.engine.remainingIndices == [1, 2, 3, 4, 5])
    }

    @Test func viewsTheStackNeverCreatedAreNotItsOwn() {
        let (stack, _) = RecordedStack.recorded(cards)
        stack.renderFrame(at: 0)
        #expect(stack.card(for: 99) == nil)
        #expect(stack.card(for: 2) == stack.engine.topCard)
    }

    @Test func reloadDataGivesEveryCardANewIdentityAndReleasesViews() {
        let (stack, host) = RecordedStack.recorded(cards)
        stack.renderFrame(at: 0)
        let before = stack.engine.topCard!
        _ = host.takeLog()
        host.cards = ["X", "Y"]
        stack.reloadData()
        #expect(!stack.engine.contains(before))
        stack.renderFrame(at: 0)
        #expect(
            host.takeLog() == [
                "remove v0", "remove v1", "remove v2", "reuse v2 for Y", "insert v2 z0", "reuse v1 for X",
                "insert v1 z1",
            ])
    }
}
