import SwipeStack

/// C-ABI exports of the host layer: a ``SwipeCardStack`` per handle, whose view operations and delegate calls
/// come back to the page as an operation log (see ``CardOperation``).
///
/// Every call returns the number of operations it wrote into the exchange buffer (0 or more), or a negative
/// ``StackExportStatus`` when refused (state unchanged, nothing written). When a call fills the buffer
/// (``riffle_cards_operation_capacity()`` operations), the page calls ``riffle_cards_drain(_:)`` for the rest.
/// Updates take the page's data-source count after the change, which the stack checks.
enum CardStackTable {
    typealias Stack = SwipeCardStack<CardStackHost, CardStackHost, CardStackHost>

    // Safe without a lock: a wasm instance has one thread, and only these exports touch the table.
    nonisolated(unsafe) static var stacks: [Stack?] = []

    static func stack(_ handle: Int32) -> Stack? {
        let slot = Int(handle)
        guard slot >= 0 && slot < stacks.count else { return nil }
        return stacks[slot]
    }

    /// Runs `body` on a stack, then writes the operations it caused.
    static func run(_ handle: Int32, _ body: (Stack) throws(StackError) -> Void) -> Int32 {
        guard let stack = stack(handle) else { return StackExportStatus.badHandle }
        do {
            try body(stack)
        } catch {
            stack.dataSource.log.removeAll(keepingCapacity: true)
            return StackExportStatus.code(of: error)
        }
        return drain(stack.dataSource)
    }

    /// Moves as many logged operations as fit into the exchange buffer; returns how many.
    static func drain(_ host: CardStackHost) -> Int32 {
        let stride = ExchangeStride.operation
        let capacity = ExchangeBuffer.doubleCapacity / stride * stride
        let count = min(host.log.count, capacity)
        let out = ExchangeBuffer.doubles
        for offset in 0..<count { out[offset] = host.log[offset] }
        host.log.removeFirst(count)
        return Int32(count / stride)
    }
}

/// Creates a host-layer stack with no cards (call `riffle_cards_reload` with the page's count) and returns its
/// handle. Parameters as `riffle_stack_create`.
@_expose(wasm, "riffle_cards_create")
@_cdecl("riffle_cards_create")
public func riffle_cards_create(
    _ width: Double, _ height: Double, _ visibleCards: Int32, _ directionSet: Int32
) -> Int32 {
    var options = SwipeStackOptions(width: width, height: height, directions: StackTable.directions(directionSet))
    options.numberOfVisibleCards = Int(visibleCards)
    let host = CardStackHost()
    host.directions = options.directions
    let stack = CardStackTable.Stack(options: options, dataSource: host, delegate: host, renderer: host)
    if let free = CardStackTable.stacks.firstIndex(where: { $0 == nil }) {
        CardStackTable.stacks[free] = stack
        return Int32(free)
    }
    CardStackTable.stacks.append(stack)
    return Int32(CardStackTable.stacks.count - 1)
}

/// Frees a stack; its handle may be reused. The page drops its elements.
@_expose(wasm, "riffle_cards_destroy")
@_cdecl("riffle_cards_destroy")
public func riffle_cards_destroy(_ handle: Int32) {
    let slot = Int(handle)
    if slot >= 0 && slot < CardStackTable.stacks.count { CardStackTable.stacks[slot] = nil }
}

/// The most operations one call writes into the exchange buffer.
@_expose(wasm, "riffle_cards_operation_capacity")
@_cdecl("riffle_cards_operation_capacity")
public func riffle_cards_operation_capacity() -> Int32 {
    Int32(ExchangeBuffer.doubleCapacity / ExchangeStride.operation)
}

/// Writes the operations that did not fit in the last call's buffer.
@_expose(wasm, "riffle_cards_drain")
@_cdecl("riffle_cards_drain")
public func riffle_cards_drain(_ handle: Int32) -> Int32 {
    CardStackTable.run(handle) { _ in }
}

/// Replaces every card: the page's data source now has `count` cards.
@_expose(wasm, "riffle_cards_reload")
@_cdecl("riffle_cards_reload")
public func riffle_cards_reload(_ handle: Int32, _ count: Int32) -> Int32 {
    CardStackTable.run(handle) { stack in
        stack.dataSource.declaredCount = Int(count)
        stack.reloadData()
    }
}

/// Changes the stack's size and background layout (`scaleStep`, `offsetStep` as `riffle_stack_set_background`).
@_expose(wasm, "riffle_cards_layout")
@_cdecl("riffle_cards_layout")
public func riffle_cards_layout(
    _ handle: Int32, _ width: Double, _ height: Double, _ scaleStep: Double, _ offsetStep: Double
) -> Int32 {
    CardStackTable.run(handle) { stack in
        var options = stack.options
        options.width = width
        options.height = height
        options.backgroundLayout = BackgroundLayout(scaleStep: scaleStep, offsetStep: offsetStep)
        stack.options = options
    }
}

/// Draws a frame at `time`: the view operations to carry out.
@_expose(wasm, "riffle_cards_frame")
@_cdecl("riffle_cards_frame")
public func riffle_cards_frame(_ handle: Int32, _ time: Double) -> Int32 {
    CardStackTable.run(handle) { stack in stack.renderFrame(at: time) }
}

/// Whether the page should draw another frame (1) or not (0).
@_expose(wasm, "riffle_cards_needs_frame")
@_cdecl("riffle_cards_needs_frame")
public func riffle_cards_needs_frame(_ handle: Int32) -> Int32 {
    guard let stack = CardStackTable.stack(handle) else { return StackExportStatus.badHandle }
    return stack.needsAnimationFrame ? 1 : 0
}

// MARK: Pointer input

/// A pointer went down on the stack; writes the operations, or returns −1 when no card took it.
@_expose(wasm, "riffle_cards_pointer_began")
@_cdecl("riffle_cards_pointer_began")
public func riffle_cards_pointer_began(_ handle: Int32, _ x: Double, _ y: Double, _ time: Double) -> Int32 {
    var taken = true
    let result = CardStackTable.run(handle) { stack in taken = stack.pointerBegan(at: Point(x: x, y: y), time: time) }
    return result >= 0 && !taken ? StackExportStatus.emptyStack : result
}

/// The pointer moved.
@_expose(wasm, "riffle_cards_pointer_moved")
@_cdecl("riffle_cards_pointer_moved")
public func riffle_cards_pointer_moved(_ handle: Int32, _ x: Double, _ y: Double, _ time: Double) -> Int32 {
    CardStackTable.run(handle) { stack in stack.pointerMoved(to: Point(x: x, y: y), time: time) }
}

/// The pointer went up: a swipe, a spring back, and a tap for a short, still press.
@_expose(wasm, "riffle_cards_pointer_ended")
@_cdecl("riffle_cards_pointer_ended")
public func riffle_cards_pointer_ended(_ handle: Int32, _ x: Double, _ y: Double, _ time: Double) -> Int32 {
    CardStackTable.run(handle) { stack in stack.pointerEnded(at: Point(x: x, y: y), time: time) }
}

/// The browser cancelled the pointer.
@_expose(wasm, "riffle_cards_pointer_cancelled")
@_cdecl("riffle_cards_pointer_cancelled")
public func riffle_cards_pointer_cancelled(_ handle: Int32, _ time: Double) -> Int32 {
    CardStackTable.run(handle) { stack in stack.pointerCancelled(time: time) }
}

// MARK: Programmatic actions

/// Swipes the top card toward a direction slot.
@_expose(wasm, "riffle_cards_swipe")
@_cdecl("riffle_cards_swipe")
public func riffle_cards_swipe(_ handle: Int32, _ slot: Int32, _ animated: Int32, _ time: Double) -> Int32 {
    CardStackTable.run(handle) { (stack) throws(StackError) in
        let directions = stack.options.directions
        guard slot >= 0 && Int(slot) < directions.count else {
            throw StackError(.directionNotAllowed, "swipe: no such direction slot")
        }
        try stack.swipe(directions[Int(slot)], animated: animated != 0, time: time)
    }
}

/// Undoes: `kind` 0 the last swipe or shift, 1 the last swipe, 2 the last shift.
@_expose(wasm, "riffle_cards_undo")
@_cdecl("riffle_cards_undo")
public func riffle_cards_undo(_ handle: Int32, _ kind: Int32, _ animated: Int32, _ time: Double) -> Int32 {
    CardStackTable.run(handle) { (stack) throws(StackError) in
        switch kind {
        case 1: try stack.undoLastSwipe(animated: animated != 0, time: time)
        case 2: try stack.undoLastShift(animated: animated != 0, time: time)
        default: try stack.undo(animated: animated != 0, time: time)
        }
    }
}

/// Performs the last undone swipe or shift again.
@_expose(wasm, "riffle_cards_redo")
@_cdecl("riffle_cards_redo")
public func riffle_cards_redo(_ handle: Int32, _ animated: Int32, _ time: Double) -> Int32 {
    CardStackTable.run(handle) { (stack) throws(StackError) in try stack.redo(animated: animated != 0, time: time) }
}

/// Shifts the stack by `distance`.
@_expose(wasm, "riffle_cards_shift")
@_cdecl("riffle_cards_shift")
public func riffle_cards_shift(_ handle: Int32, _ distance: Int32, _ animated: Int32, _ time: Double) -> Int32 {
    CardStackTable.run(handle) { (stack) throws(StackError) in
        try stack.shift(withDistance: Int(distance), animated: animated != 0, time: time)
    }
}

// MARK: Data-source updates

/// The page appended `count` cards to its data source, which now has `total`.
@_expose(wasm, "riffle_cards_append")
@_cdecl("riffle_cards_append")
public func riffle_cards_append(_ handle: Int32, _ count: Int32, _ total: Int32) -> Int32 {
    CardStackTable.run(handle) { (stack) throws(StackError) in
        stack.dataSource.declaredCount = Int(total)
        try stack.appendCards(count: Int(count))
    }
}

/// The page inserted a card at `index` of its data source (now `total` cards), shown at stack `position`.
@_expose(wasm, "riffle_cards_insert")
@_cdecl("riffle_cards_insert")
public func riffle_cards_insert(
    _ handle: Int32, _ index: Int32, _ position: Int32, _ total: Int32
) -> Int32 {
    CardStackTable.run(handle) { (stack) throws(StackError) in
        stack.dataSource.declaredCount = Int(total)
        try stack.insertCard(atIndex: Int(index), position: Int(position))
    }
}

/// The page deleted the card at `index` of its data source (now `total` cards), remaining or swiped.
@_expose(wasm, "riffle_cards_delete")
@_cdecl("riffle_cards_delete")
public func riffle_cards_delete(_ handle: Int32, _ index: Int32, _ total: Int32) -> Int32 {
    CardStackTable.run(handle) { (stack) throws(StackError) in
        let before = stack.dataSource.declaredCount
        stack.dataSource.declaredCount = Int(total)
        do throws(StackError) {
            try stack.deleteCards(atIndices: [Int(index)])
        } catch {
            stack.dataSource.declaredCount = before
            throw error
        }
    }
}

// MARK: Queries

/// The data-source index of the top card, or −1.
@_expose(wasm, "riffle_cards_top_index")
@_cdecl("riffle_cards_top_index")
public func riffle_cards_top_index(_ handle: Int32) -> Int32 {
    guard let stack = CardStackTable.stack(handle) else { return StackExportStatus.badHandle }
    return Int32(stack.engine.topCardIndex ?? -1)
}

/// The number of cards not yet swiped.
@_expose(wasm, "riffle_cards_remaining_count")
@_cdecl("riffle_cards_remaining_count")
public func riffle_cards_remaining_count(_ handle: Int32) -> Int32 {
    guard let stack = CardStackTable.stack(handle) else { return StackExportStatus.badHandle }
    return Int32(stack.engine.numberOfRemainingCards)
}

/// What can be undone and redone, as bits: 1 any undo, 2 a swipe, 4 a shift, 8 a redo.
@_expose(wasm, "riffle_cards_history")
@_cdecl("riffle_cards_history")
public func riffle_cards_history(_ handle: Int32) -> Int32 {
    guard let stack = CardStackTable.stack(handle) else { return StackExportStatus.badHandle }
    let engine = stack.engine
    return (engine.canUndo ? CardHistoryBit.undo : 0) | (engine.canUndoSwipe ? CardHistoryBit.undoSwipe : 0)
        | (engine.canUndoShift ? CardHistoryBit.undoShift : 0) | (engine.canRedo ? CardHistoryBit.redo : 0)
}

/// The current data-source index of a card identity (as passed in operations), or −1 when the card is gone.
@_expose(wasm, "riffle_cards_index_of")
@_cdecl("riffle_cards_index_of")
public func riffle_cards_index_of(_ handle: Int32, _ card: Double) -> Int32 {
    guard let stack = CardStackTable.stack(handle) else { return StackExportStatus.badHandle }
    guard card >= 0 && card < 9_007_199_254_740_992 else { return -1 }
    return Int32(stack.engine.index(of: CardID(rawValue: UInt64(card))) ?? -1)
}

/// The card identity a view number shows, or −1 for a view the stack did not put on screen.
@_expose(wasm, "riffle_cards_card_of_view")
@_cdecl("riffle_cards_card_of_view")
public func riffle_cards_card_of_view(_ handle: Int32, _ view: Int32) -> Double {
    guard let stack = CardStackTable.stack(handle), let card = stack.card(for: view) else { return -1 }
    return Double(card.rawValue)
}

/// The data-source index of the card at a stack position, or −1.
@_expose(wasm, "riffle_cards_index_at_position")
@_cdecl("riffle_cards_index_at_position")
public func riffle_cards_index_at_position(_ handle: Int32, _ position: Int32) -> Int32 {
    guard let stack = CardStackTable.stack(handle) else { return StackExportStatus.badHandle }
    return Int32(stack.engine.index(atPosition: Int(position)) ?? -1)
}

/// Whether an animation still runs at `time` (1) or not (0).
@_expose(wasm, "riffle_cards_is_animating")
@_cdecl("riffle_cards_is_animating")
public func riffle_cards_is_animating(_ handle: Int32, _ time: Double) -> Int32 {
    guard let stack = CardStackTable.stack(handle) else { return StackExportStatus.badHandle }
    return stack.engine.isAnimating(at: time) ? 1 : 0
}
