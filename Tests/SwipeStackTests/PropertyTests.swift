import SeededRandom
import SwipeStack
import Testing

@Suite("Random sequences against the array reference model")
struct PropertyTests {
    @Test func tenThousandRandomSequencesAgreeWithTheReference() throws {
        var random = SeededRandomNumberGenerator(seed: 0xC0FF_EE00)
        var operations = 0
        for sequence in 0..<10_000 {
            let count = Int.random(in: 0...8, using: &random)
            var stack = SwipeStack(numberOfCards: count)
            var reference = ReferenceStack(count: count)
            var time = 0.0
            for _ in 0..<Int.random(in: 1...16, using: &random) {
                operations += 1
                time += 0.05
                let valid: Bool
                let threw: Bool
                let n = reference.count
                let r = reference.remaining.count
                switch Int.random(in: 0..<100, using: &random) {
                case 0..<18:
                    let index = Int.random(in: -1...n + 1, using: &random)
                    let position = Int.random(in: -1...r + 1, using: &random)
                    valid = reference.insert(index: index, position: position)
                    threw = (try? stack.insertCard(atIndex: index, position: position)) == nil
                case 18..<26:
                    let k = Int.random(in: 0...3, using: &random)
                    let indices = (0..<k).map { _ in Int.random(in: 0...n + k, using: &random) }
                    valid = reference.append(indices: indices)
                    threw = (try? stack.appendCards(atIndices: indices)) == nil
                case 26..<38:
                    let k = Int.random(in: 0...2, using: &random)
                    let indices = (0..<k).map { _ in Int.random(in: -1...n, using: &random) }
                    valid = reference.delete(indices: indices)
                    threw = (try? stack.deleteCards(atIndices: indices)) == nil
                case 38..<44:
                    let k = Int.random(in: 0...2, using: &random)
                    let positions = (0..<k).map { _ in Int.random(in: 0...r, using: &random) }
                    valid = reference.delete(positions: positions)
                    threw = (try? stack.deleteCards(atPositions: positions)) == nil
                case 44..<50:
                    let from = Int.random(in: 0...r, using: &random)
                    let to = Int.random(in: 0...r, using: &random)
                    valid = reference.move(from: from, to: to)
                    threw = (try? stack.moveCard(fromPosition: from, toPosition: to)) == nil
                case 50..<72:
                    let direction = SwipeDirection.cardinal[Int.random(in: 0..<4, using: &random)]
                    valid = reference.swipe(direction)
                    threw =
                        (try? stack.swipe(direction: direction, animated: Bool.random(using: &random), time: time))
                        == nil
                case 72..<88:
                    valid = reference.undo()
                    threw = (try? stack.undo(animated: Bool.random(using: &random), time: time)) == nil
                case 88..<97:
                    let distance = Int.random(in: -4...4, using: &random)
                    valid = reference.shift(distance)
                    threw =
                        (try? stack.shift(withDistance: distance, animated: Bool.random(using: &random), time: time))
                        == nil
                default:
                    let newCount = Int.random(in: 0...6, using: &random)
                    reference = ReferenceStack(count: newCount)
                    valid = true
                    threw = (try? stack.reloadData(count: newCount)) == nil
                }
                _ = stack.animationTick(at: time)
                _ = stack.frame(at: time)
                var agrees = valid == !threw && stack.remainingIndices == reference.remaining
                agrees = agrees && stack.swipedCards == reference.swiped && stack.numberOfCards == reference.count
                agrees = agrees && stack.numberOfSwipedCards == reference.swiped.count
                agrees = agrees && stack.canUndo == !reference.history.isEmpty
                for (position, index) in reference.remaining.enumerated() {
                    agrees = agrees && stack.index(atPosition: position) == index
                    agrees = agrees && stack.position(ofIndex: index) == position
                }
                if !agrees {
                    try #require(valid == !threw, "sequence \(sequence): validity differs")
                    try #require(stack.remainingIndices == reference.remaining, "sequence \(sequence)")
                    try #require(stack.swipedCards == reference.swiped, "sequence \(sequence)")
                    Issue.record("sequence \(sequence): counts or look-ups differ")
                    return
                }
            }
        }
        #expect(operations > 80_000)
    }
}
