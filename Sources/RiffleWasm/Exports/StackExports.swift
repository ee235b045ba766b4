import SwipeStack

/// C-ABI exports that drive ``SwipeStack`` engines from JavaScript.
///
/// A page creates a stack with `riffle_stack_create` and receives a handle; every other call takes that handle.
/// Times are seconds (the page passes `performance.now() / 1000`); points are CSS pixels in the stack's
/// coordinates. Calls that change the stack return the engine's ``StackAction`` as 0 (none), 1 (render) or
/// 2 (animate), or a negative ``StackExportStatus`` when the engine refused the call (state unchanged).
enum StackTable {
    // Safe without a lock: a wasm instance has one thread, and only these exports touch the table.
    nonisolated(unsafe) static var stacks: [SwipeStack?] = []

    static func with(_ handle: Int32, _ body: (inout SwipeStack) -> Int32) -> Int32 {
        let slot = Int(handle)
        guard slot >= 0 && slot < stacks.count, var stack = stacks[slot] else { return StackExportStatus.badHandle }
        // Move the value out while it changes so the engine's arrays are uniquely referenced (no copy on write).
        stacks[slot] = nil
        let result = body(&stack)
        stacks[slot] = stack
        return result
    }

    static func read(_ handle: Int32, _ body: (SwipeStack) -> Int32) -> Int32 {
        let slot = Int(handle)
        guard slot >= 0 && slot < stacks.count, let stack = stacks[slot] else { return StackExportStatus.badHandle }
        return body(stack)
    }

    static func directions(_ set: Int32) -> [SwipeDirection] {
        switch set {
        case 1: SwipeDirection.cardinal
        case 2: SwipeDirection.eightWay
        default: SwipeDirection.horizontal
        }
    }
}

// The codes themselves are generated (WasmInterface.swift, from interface.json).
extension StackExportStatus {
    static func code(of action: StackAction) -> Int32 {
        switch action {
        case .none: StackActionCode.none
        case .render: StackActionCode.render
        case .animate: StackActionCode.animate
        }
    }

    static func code(of error: StackError) -> Int32 {
        if error.code == .emptyStack { return emptyStack }
        if error.code == .directionNotAllowed { return directionNotAllowed }
        if error.code == .nothingToUndo { return nothingToUndo }
        if error.code == .indexOutOfRange { return indexOutOfRange }
        if error.code == .positionOutOfRange { return positionOutOfRange }
        if error.code == .duplicateIndex { return duplicateIndex }
        if error.code == .countMismatch { return countMismatch }
        if error.code == .nothingToRedo { return nothingToRedo }
        return invalidArgument
    }

    static func run(_ body: () throws(StackError) -> StackAction) -> Int32 {
        do {
            return code(of: try body())
        } catch {
            return code(of: error)
        }
    }
}

// MARK: Lifetime and configuration

/// Creates a stack and returns its handle.
///
/// - Parameters:
///   - numberOfCards: The data source's card count.
///   - width: The stack's width in CSS pixels.
///   - height: The stack's height in CSS pixels.
///   - visibleCards: How many cards are drawn (1...16).
///   - directionSet: 0 for left and right, 1 for the four cardinal directions, 2 for eight directions; direction
///     slots follow `SwipeDirection.horizontal`, `.cardinal` or `.eightWay`.
@_expose(wasm, "riffle_stack_create")
@_cdecl("riffle_stack_create")
public func riffle_stack_create(
    _ numberOfCards: Int32, _ width: Double, _ height: Double, _ visibleCards: Int32, _ directionSet: Int32
) -> Int32 {
    var options = SwipeStackOptions(width: width, height: height, directions: StackTable.directions(directionSet))
    options.numberOfVisibleCards = Int(visibleCards)
    let stack = SwipeStack(numberOfCards: Int(numberOfCards), options: options)
    if let free = StackTable.stacks.firstIndex(where: { $0 == nil }) {
        StackTable.stacks[free] = stack
        return Int32(free)
    }
    StackTable.stacks.append(stack)
    return Int32(StackTable.stacks.count - 1)
}

/// Frees a stack; its handle may be reused.
@_expose(wasm, "riffle_stack_destroy")
@_cdecl("riffle_stack_destroy")
public func riffle_stack_destroy(_ handle: Int32) {
    let slot = Int(handle)
    if slot >= 0 && slot < StackTable.stacks.count { StackTable.stacks[slot] = nil }
}

// MARK: Gestures

/// The pointer went down on the stack.
@_expose(wasm, "riffle_stack_drag_began")
@_cdecl("riffle_stack_drag_began")
public func riffle_stack_drag_began(_ handle: Int32, _ x: Double, _ y: Double, _ time: Double) -> Int32 {
    StackTable.with(handle) { StackExportStatus.code(of: $0.dragBegan(at: Point(x: x, y: y), time: time)) }
}

/// The pointer moved during a drag.
@_expose(wasm, "riffle_stack_drag_moved")
@_cdecl("riffle_stack_drag_moved")
public func riffle_stack_drag_moved(_ handle: Int32, _ x: Double, _ y: Double, _ time: Double) -> Int32 {
    StackTable.with(handle) { StackExportStatus.code(of: $0.dragMoved(to: Point(x: x, y: y), time: time)) }
}

/// The pointer went up: the engine swipes the card or springs it back.
@_expose(wasm, "riffle_stack_drag_ended")
@_cdecl("riffle_stack_drag_ended")
public func riffle_stack_drag_ended(_ handle: Int32, _ x: Double, _ y: Double, _ time: Double) -> Int32 {
    StackTable.with(handle) { StackExportStatus.code(of: $0.dragEnded(at: Point(x: x, y: y), time: time)) }
}

/// The browser cancelled the pointer (`pointercancel`): the card springs back.
@_expose(wasm, "riffle_stack_drag_cancelled")
@_cdecl("riffle_stack_drag_cancelled")
public func riffle_stack_drag_cancelled(_ handle: Int32, _ time: Double) -> Int32 {
    StackTable.with(handle) { StackExportStatus.code(of: $0.dragCancelled(time: time)) }
}

/// A tap on the stack.
@_expose(wasm, "riffle_stack_tapped")
@_cdecl("riffle_stack_tapped")
public func riffle_stack_tapped(_ handle: Int32, _ x: Double, _ y: Double, _ time: Double) -> Int32 {
    StackTable.with(handle) { StackExportStatus.code(of: $0.tapped(at: Point(x: x, y: y), time: time)) }
}

// MARK: Programmatic actions

/// Swipes the top card toward a direction slot (an index into the stack's directions).
@_expose(wasm, "riffle_stack_swipe")
@_cdecl("riffle_stack_swipe")
public func riffle_stack_swipe(_ handle: Int32, _ slot: Int32, _ animated: Int32, _ time: Double) -> Int32 {
    StackTable.with(handle) { stack in
        let directions = stack.options.directions
        guard slot >= 0 && Int(slot) < directions.count else { return StackExportStatus.directionNotAllowed }
        return StackExportStatus.run { () throws(StackError) in
            try stack.swipe(direction: directions[Int(slot)], animated: animated != 0, time: time)
        }
    }
}

/// Undoes the last swipe or shift, whichever came last.
@_expose(wasm, "riffle_stack_undo")
@_cdecl("riffle_stack_undo")
public func riffle_stack_undo(_ handle: Int32, _ animated: Int32, _ time: Double) -> Int32 {
    StackTable.with(handle) { stack in
        StackExportStatus.run { () throws(StackError) in try stack.undo(animated: animated != 0, time: time) }
    }
}

/// Shifts the stack so that the card at position `distance` comes to the top.
@_expose(wasm, "riffle_stack_shift")
@_cdecl("riffle_stack_shift")
public func riffle_stack_shift(_ handle: Int32, _ distance: Int32, _ animated: Int32, _ time: Double) -> Int32 {
    StackTable.with(handle) { stack in
        StackExportStatus.run { () throws(StackError) in
            try stack.shift(withDistance: Int(distance), animated: animated != 0, time: time)
        }
    }
}

// MARK: Data-source updates

/// Appends `count` new cards at the bottom, with indices `numberOfCards..<numberOfCards + count` (the data source
/// grew at its end, as in the infinite-stack pattern).
@_expose(wasm, "riffle_stack_append_cards")
@_cdecl("riffle_stack_append_cards")
public func riffle_stack_append_cards(_ handle: Int32, _ count: Int32) -> Int32 {
    StackTable.with(handle) { stack in
        guard count >= 0 else { return StackExportStatus.invalidArgument }
        let first = stack.numberOfCards
        let indices = Array(first..<first + Int(count))
        return StackExportStatus.run { () throws(StackError) in
            try stack.appendCards(atIndices: indices, dataSourceCount: first + Int(count))
        }
    }
}
