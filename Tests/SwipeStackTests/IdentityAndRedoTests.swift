import SwipeStack
import Testing

/// Stable card identities, the split undo calls, redo, and the tilt of programmatic swipes, at the engine level.
@Suite("Card identities, undo and redo")
struct IdentityAndRedoTests {
    @Test func identitiesSurviveInsertsDeletesMovesSwipesAndUndos() throws {
        var stack = SwipeStack(numberOfCards: 5)
        let cards = stack.remainingCards
        #expect(Set(cards).count == 5)
        try stack.swipe(direction: .left, animated: false, time: 0)
        try stack.insertCard(atIndex: 0, position: 1)
        try stack.moveCard(fromPosition: 0, toPosition: 3)
        try stack.deleteCards(atIndices: [3])  // the card that had index 2
        try stack.undoLastSwipe(animated: false, time: 0)
        #expect(stack.index(of: cards[0]) == 1 && stack.position(of: cards[0]) == 0)
        #expect(stack.index(of: cards[1]) == 2 && stack.card(atIndex: 2) == cards[1])
        #expect(!stack.contains(cards[2]) && stack.index(of: cards[2]) == nil && stack.position(of: cards[2]) == nil)
        for position in 0..<stack.numberOfRemainingCards {
            let card = try #require(stack.card(atPosition: position))
            #expect(stack.position(of: card) == position)
            #expect(stack.card(atIndex: try #require(stack.index(of: card))) == card)
        }
        // A deleted card's identity is never handed out again, not even to the card that reuses its storage.
        try stack.insertCard(atIndex: 0, position: 0)
        #expect(stack.topCard != cards[2] && !stack.remainingCards.contains(cards[2]))
    }

    @Test func reloadGivesEveryCardANewIdentity() throws {
        var stack = SwipeStack(numberOfCards: 3)
        let before = stack.remainingCards
        try stack.reloadData(count: 3)
        #expect(Set(before).isDisjoint(with: stack.remainingCards))
        #expect(stack.remainingIndices == [0, 1, 2])
    }

    @Test func placementsAndEventsCarryTheIdentity() throws {
        var stack = SwipeStack(numberOfCards: 3)
        let top = try #require(stack.topCard)
        #expect(stack.frame(at: 0).placements.last?.card == top)
        try stack.swipe(direction: .right, animated: false, time: 0)
        #expect(stack.nextEvent() == .didSwipeCard(index: 0, card: top, direction: .right))
    }

    @Test func undoLastSwipeLeavesShiftsAndRedoRepeatsTheUndoneActions() throws {
        var stack = SwipeStack(numberOfCards: 5)
        try stack.swipe(direction: .left, animated: false, time: 0)  // remaining [1, 2, 3, 4]
        try stack.shift(withDistance: 1, animated: false, time: 0)  // [2, 3, 4, 1]
        #expect(stack.canUndoSwipe && stack.canUndoShift && !stack.canRedo)
        try stack.undoLastSwipe(animated: false, time: 0)
        #expect(stack.remainingIndices == [0, 2, 3, 4, 1])
        try stack.undo(animated: false, time: 0)  // the shift: 1 is back on top
        #expect(stack.remainingIndices == [1, 0, 2, 3, 4])
        #expect(stack.canRedo && !stack.canUndo)
        try stack.redo(animated: false, time: 0)  // the shift again
        #expect(stack.remainingIndices == [0, 2, 3, 4, 1])
        try stack.redo(animated: false, time: 0)  // the swipe of card 0 again
        #expect(stack.remainingIndices == [2, 3, 4, 1])
        #expect(throws: StackError.self) { try stack.redo(animated: false, time: 0) }
        // A new swipe forgets what could be redone.
        try stack.undoLastSwipe(animated: false, time: 0)
        try stack.swipe(direction: .right, animated: false, time: 0)
        #expect(!stack.canRedo)
    }

    @Test func redoSkipsACardThatWasDeleted() throws {
        var stack = SwipeStack(numberOfCards: 3)
        try stack.swipe(direction: .left, animated: false, time: 0)
        try stack.undoLastSwipe(animated: false, time: 0)
        try stack.deleteCards(atIndices: [0])
        #expect(!stack.canRedo)
        #expect(throws: StackError.self) { try stack.redo(animated: false, time: 0) }
    }

    @Test(
        "a programmatic swipe tilts like a drag toward it; undo brings it back from that side",
        arguments: [
            SwipeDirection.left, .right,
        ])
    func programmaticSwipesTiltLikeADrag(direction: SwipeDirection) throws {
        var stack = SwipeStack(numberOfCards: 3, options: SwipeStackOptions(width: 320, height: 480))
        try stack.swipe(direction: direction, animated: true, time: 0)
        let leaving = try #require(stack.frame(at: 0.2).placements.last)
        #expect(leaving.rotation * direction.dx > 0)
        #expect(leaving.translationX * direction.dx > 0)
        _ = stack.animationTick(at: 5)
        try stack.undoLastSwipe(animated: true, time: 5)
        let returning = try #require(stack.frame(at: 5).placements.last)
        #expect(returning.rotation * direction.dx > 0 && returning.translationX * direction.dx > 0)
    }
}
