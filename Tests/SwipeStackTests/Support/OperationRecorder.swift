import SwipeStack

/// The native twin of the wasm exports' `CardStackHost` (Sources/RiffleWasm/Exports/CardStackHost.swift): the same
/// operation log, twelve numbers per operation, so the parity fixture can compare the two op for op.
final class OperationRecorder: SwipeCardStackDataSource, SwipeCardStackDelegate, SwipeCardRenderer {
    typealias CardView = Int32

    var declaredCount = 0
    var log: [[Double]] = []
    var nextView: Int32 = 0

    func numberOfCards() -> Int { declaredCount }

    func cardView(forIndex index: Int, card: CardID, reusing view: Int32?) -> Int32 {
        if let view {
            append([2, Double(view), Double(card.rawValue), Double(index)])
            return view
        }
        let view = nextView
        nextView += 1
        append([1, Double(view), Double(card.rawValue), Double(index)])
        return view
    }

    func insertView(_ view: Int32, card: CardID, zIndex: Int) { append([3, Double(view), Double(zIndex)]) }
    func reorderView(_ view: Int32, zIndex: Int) { append([4, Double(view), Double(zIndex)]) }
    func apply(_ appearance: CardAppearance, to view: Int32) {
        let m = appearance.transform
        append([
            5, Double(view), m.a, m.b, m.c, m.d, m.tx, m.ty, appearance.alpha, appearance.overlayAlpha(forSlot: 0),
            appearance.overlayAlpha(forSlot: 1), Double(appearance.position),
        ])
    }
    func removeView(_ view: Int32, card: CardID) { append([6, Double(view)]) }
    func discardView(_ view: Int32) { append([7, Double(view)]) }

    func didSwipeCard(at index: Int, card: CardID, direction: SwipeDirection) {
        event(.didSwipeCard(index: index, card: card, direction: direction))
    }
    func didUndoCard(at index: Int, card: CardID, from direction: SwipeDirection) {
        event(.didUndoCard(index: index, card: card, direction: direction))
    }
    func didSelectCard(at index: Int, card: CardID, corner: TapCorner) {
        event(.didSelectCard(index: index, card: card, corner: corner))
    }
    func didSwipeAllCards() { event(.didSwipeAllCards) }
    func didCancelSwipe(at index: Int, card: CardID) { event(.didCancelSwipe(index: index, card: card)) }
    func dragProgress(at index: Int, card: CardID, direction: SwipeDirection?, progress: Double) {
        event(.dragProgress(index: index, card: card, direction: direction, progress: progress))
    }
    func didShift(distance: Int) { event(.didShift(distance: distance)) }
    func didUndoShift(distance: Int) { event(.didUndoShift(distance: distance)) }

    private func event(_ event: StackEvent) {
        append([8] + WasmParityFixtureTests.encode(event, directions: SwipeDirection.horizontal))
    }

    private func append(_ operation: [Double]) {
        log.append(operation + Array(repeating: 0, count: 12 - operation.count))
    }
}
