import SwipeStack

/// The web page's side of a ``SwipeCardStack``: data source, delegate and renderer in one, writing every view
/// operation and delegate call into an operation log that the page drains and carries out on the DOM.
///
/// Views are numbers the host hands out (the page keeps one element per number). Every operation is
/// `ExchangeStride.operation` doubles: `[opcode, …fields]`, unused fields 0.
final class CardStackHost: SwipeCardStackDataSource, SwipeCardStackDelegate, SwipeCardRenderer {
    typealias CardView = Int32

    /// The page's data-source count, declared with each update (the page's array length).
    var declaredCount = 0
    /// The direction slots, to encode events.
    var directions: [SwipeDirection] = SwipeDirection.horizontal
    var log: [Double] = []
    var nextView: Int32 = 0

    func numberOfCards() -> Int { declaredCount }

    func cardView(forIndex index: Int, card: CardID, reusing view: Int32?) -> Int32 {
        if let view {
            append(CardOperation.reuse, Double(view), Double(card.rawValue), Double(index))
            return view
        }
        let view = nextView
        nextView &+= 1
        append(CardOperation.create, Double(view), Double(card.rawValue), Double(index))
        return view
    }

    func insertView(_ view: Int32, card: CardID, zIndex: Int) {
        append(CardOperation.insert, Double(view), Double(zIndex))
    }

    func reorderView(_ view: Int32, zIndex: Int) { append(CardOperation.reorder, Double(view), Double(zIndex)) }

    func apply(_ appearance: CardAppearance, to view: Int32) {
        let m = appearance.transform
        log.append(CardOperation.apply)
        log.append(Double(view))
        log.append(m.a)
        log.append(m.b)
        log.append(m.c)
        log.append(m.d)
        log.append(m.tx)
        log.append(m.ty)
        log.append(appearance.alpha)
        log.append(appearance.overlayAlpha(forSlot: 0))
        log.append(appearance.overlayAlpha(forSlot: 1))
        log.append(Double(appearance.position))
    }

    func removeView(_ view: Int32, card: CardID) { append(CardOperation.remove, Double(view)) }

    func discardView(_ view: Int32) { append(CardOperation.discard, Double(view)) }

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
        var fields: (Double, Double, Double, Double, Double) = (0, 0, 0, 0, 0)
        withUnsafeMutablePointer(to: &fields) { tuple in
            tuple.withMemoryRebound(to: Double.self, capacity: 5) { base in
                EventLayout.write(event, directions: directions, to: base)
            }
        }
        append(CardOperation.event, fields.0, fields.1, fields.2, fields.3, fields.4)
    }

    private func append(
        _ opcode: Double, _ a: Double, _ b: Double = 0, _ c: Double = 0, _ d: Double = 0, _ e: Double = 0
    ) {
        log.append(opcode)
        log.append(a)
        log.append(b)
        log.append(c)
        log.append(d)
        log.append(e)
        for _ in 6..<ExchangeStride.operation { log.append(0) }
    }
}

// The opcodes of the operation log (`CardOperation`, generated from interface.json):
//
// - 1 create `[view, card, index]`: make an element for the card at data-source `index`.
// - 2 reuse `[view, card, index]`: show the card at `index` in an existing, detached element.
// - 3 insert `[view, zIndex]`: attach the element at a drawing order.
// - 4 reorder `[view, zIndex]`.
// - 5 apply `[view, a, b, c, d, tx, ty, alpha, overlay 0 alpha, overlay 1 alpha, position]`: CSS
//   `matrix(a, b, c, d, tx, ty)`.
// - 6 remove `[view]`: detach (kept for reuse). 7 discard `[view]`: free.
// - 8 event `[kind, index, slot, value, card]`: as `riffle_stack_drain_events`.
