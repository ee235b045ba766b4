import SwipeStack
import Testing

@Suite("Shuffle's index bookkeeping (seed 000)")
struct IndexBookkeepingTests {
    private func fixture() throws -> SwipeStack {
        let stack = try SwipeStack.fixture(remaining: [3, 2, 5, 6, 0], swiped: [1, 4, 7])
        #expect(stack.remainingIndices == [3, 2, 5, 6, 0])
        #expect(stack.swipedCards.map(\.index) == [1, 4, 7])
        return stack
    }

    @Test func insertRenumbersRemainingAndSwiped() throws {
        var stack = try fixture()
        try stack.insertCard(atIndex: 4, position: 2)
        #expect(stack.remainingIndices == [3, 2, 4, 6, 7, 0])
        #expect(stack.swipedCards.map(\.index) == [1, 5, 8])
        #expect(stack.numberOfCards == 9)
        #expect(stack.topCardIndex == 3)
        #expect(stack.position(ofIndex: 4) == 2)
        #expect(stack.index(atPosition: 4) == 7)
        #expect(stack.position(ofIndex: 5) == nil)
    }

    @Test func deletingASwipedCardRemovesItFromTheHistory() throws {
        var stack = try fixture()
        try stack.deleteCards(atIndices: [4])
        #expect(stack.swipedCards.map(\.index) == [1, 6])
        #expect(stack.remainingIndices == [3, 2, 4, 5, 0])
        #expect(stack.numberOfSwipedCards == 2)
    }

    @Test func deletingARemainingCardRenumbers() throws {
        var stack = try fixture()
        try stack.deleteCards(atIndices: [2])
        #expect(stack.remainingIndices == [2, 4, 5, 0])
        #expect(stack.swipedCards.map(\.index) == [1, 3, 6])
    }

    @Test func undoAfterDeletingASwipedCardSkipsIt() throws {
        var stack = try fixture()
        try stack.deleteCards(atIndices: [7])
        let card = try #require(stack.card(atIndex: 4))
        try stack.undoLastSwipe(animated: false, time: 0)
        #expect(stack.remainingIndices == [4, 3, 2, 5, 6, 0])
        #expect(stack.nextEvent() == .didUndoCard(index: 4, card: card, direction: .left))
    }

    @Test func deleteByPositionAndBatchIndicesReferToTheStateBefore() throws {
        var stack = try fixture()
        try stack.deleteCards(atPositions: [0, 4])
        #expect(stack.remainingIndices == [1, 3, 4])
        #expect(stack.swipedCards.map(\.index) == [0, 2, 5])
        var other = try fixture()
        try other.deleteCards(atIndices: [7, 0, 3])
        #expect(other.remainingIndices == [1, 3, 4])
        #expect(other.swipedCards.map(\.index) == [0, 2])
    }

    @Test func appendPlacesNewCardsAtTheBottomInOrder() throws {
        var stack = try fixture()
        try stack.appendCards(atIndices: [9, 8], dataSourceCount: 10)
        #expect(stack.remainingIndices == [3, 2, 5, 6, 0, 9, 8])
        #expect(stack.numberOfRemainingCards == 7)
    }

    @Test func moveCardKeepsIndices() throws {
        var stack = try fixture()
        try stack.moveCard(fromPosition: 4, toPosition: 1)
        #expect(stack.remainingIndices == [3, 0, 2, 5, 6])
    }

    @Test func mismatchedUpdatesThrowAndChangeNothing() throws {
        let original = try fixture()
        var stack = original
        let attempts: [(StackError.Code, (inout SwipeStack) throws(StackError) -> Void)] = [
            (.indexOutOfRange, { stack throws(StackError) in try stack.insertCard(atIndex: 9, position: 0) }),
            (.positionOutOfRange, { stack throws(StackError) in try stack.insertCard(atIndex: 0, position: 6) }),
            (
                .countMismatch,
                { stack throws(StackError) in try stack.insertCard(atIndex: 0, position: 0, dataSourceCount: 8) }
            ),
            (.indexOutOfRange, { stack throws(StackError) in try stack.deleteCards(atIndices: [0, 8]) }),
            (.duplicateIndex, { stack throws(StackError) in try stack.deleteCards(atIndices: [2, 2]) }),
            (.positionOutOfRange, { stack throws(StackError) in try stack.deleteCards(atPositions: [5]) }),
            (.duplicateIndex, { stack throws(StackError) in try stack.appendCards(atIndices: [8, 8]) }),
            (.indexOutOfRange, { stack throws(StackError) in try stack.appendCards(atIndices: [10]) }),
            (.positionOutOfRange, { stack throws(StackError) in try stack.moveCard(fromPosition: 0, toPosition: 5) }),
            (.invalidArgument, { stack throws(StackError) in try stack.reloadData(count: -1) }),
            (
                .directionNotAllowed,
                { stack throws(StackError) in
                    try stack.swipe(direction: .upLeft, animated: false, time: 0)
                }
            ),
        ]
        for (code, attempt) in attempts {
            let error = #expect(throws: StackError.self) { try attempt(&stack) }
            #expect(error?.code == code)
            #expect(stack.remainingIndices == original.remainingIndices)
            #expect(stack.swipedCards == original.swipedCards)
            #expect(stack.numberOfCards == original.numberOfCards)
        }
        var empty = SwipeStack(numberOfCards: 0)
        #expect(throws: StackError(.emptyStack, "swipe: no card remains")) {
            try empty.swipe(direction: .left, animated: false, time: 0)
        }
        #expect(throws: StackError.self) { try empty.undoLastSwipe(animated: false, time: 0) }
    }

    @Test func shiftIsUndoableAndSkipsSwipedCards() throws {
        var stack = try fixture()
        try stack.shift(withDistance: 2, animated: false, time: 0)
        #expect(stack.remainingIndices == [5, 6, 0, 3, 2])
        try stack.shift(withDistance: -1, animated: false, time: 0)
        #expect(stack.remainingIndices == [2, 5, 6, 0, 3])
        try stack.undo(animated: false, time: 0)
        try stack.undo(animated: false, time: 0)
        #expect(stack.remainingIndices == [3, 2, 5, 6, 0])
        try stack.undo(animated: false, time: 0)
        #expect(stack.remainingIndices == [7, 3, 2, 5, 6, 0])
        #expect(stack.swipedCards.map(\.index) == [1, 4])
    }
}
