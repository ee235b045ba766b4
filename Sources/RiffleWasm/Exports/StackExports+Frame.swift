import SwipeStack

/// The layout of one placement in the exchange buffer, as 64-bit floats.
///
/// `[index, position, zIndex, translationX, translationY, rotation, scale, opacity, primaryOverlaySlot,
/// primaryOverlayOpacity, secondaryOverlaySlot, secondaryOverlayOpacity]`
enum PlacementLayout {
    static let stride = 12
}

/// The layout of one event in the exchange buffer, as 64-bit floats: `[kind, index, directionSlot, value]`.
///
/// Kinds: 1 swiped, 2 undone, 3 shifted (value: distance), 4 shift undone (value: distance), 5 swipe cancelled,
/// 6 all cards swiped, 7 card selected (value: corner 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right),
/// 8 drag progress (value: progress 0...1). Missing fields are −1.
enum EventLayout {
    static let stride = 4
}

/// An animation frame is due: retires finished animations. Returns the action (2 while something moves).
@_expose(wasm, "riffle_stack_animation_tick")
@_cdecl("riffle_stack_animation_tick")
public func riffle_stack_animation_tick(_ handle: Int32, _ time: Double) -> Int32 {
    StackTable.with(handle) { StackExportStatus.code(of: $0.animationTick(at: time)) }
}

/// Writes the placements at `time` into the exchange buffer, back to front, and returns how many were written.
///
/// Sampling never changes the stack. Writes nothing beyond the buffer's capacity.
@_expose(wasm, "riffle_stack_frame")
@_cdecl("riffle_stack_frame")
public func riffle_stack_frame(_ handle: Int32, _ time: Double) -> Int32 {
    StackTable.read(handle) { stack in
        let out = ExchangeBuffer.doubles
        let capacity = ExchangeBuffer.doubleCapacity / PlacementLayout.stride
        var count = 0
        stack.forEachPlacement(at: time) { placement in
            guard count < capacity else { return }
            let base = out + count * PlacementLayout.stride
            base[0] = Double(placement.index)
            base[1] = Double(placement.position)
            base[2] = Double(placement.zIndex)
            base[3] = placement.translationX
            base[4] = placement.translationY
            base[5] = placement.rotation
            base[6] = placement.scale
            base[7] = placement.opacity
            base[8] = Double(placement.primaryOverlay)
            base[9] = placement.primaryOverlayOpacity
            base[10] = Double(placement.secondaryOverlay)
            base[11] = placement.secondaryOverlayOpacity
            count += 1
        }
        return Int32(count)
    }
}

/// Whether an animation still runs at `time` (1) or not (0).
@_expose(wasm, "riffle_stack_is_animating")
@_cdecl("riffle_stack_is_animating")
public func riffle_stack_is_animating(_ handle: Int32, _ time: Double) -> Int32 {
    StackTable.read(handle) { $0.isAnimating(at: time) ? 1 : 0 }
}

/// Moves the waiting events into the exchange buffer, oldest first, and returns how many were written.
@_expose(wasm, "riffle_stack_drain_events")
@_cdecl("riffle_stack_drain_events")
public func riffle_stack_drain_events(_ handle: Int32) -> Int32 {
    StackTable.with(handle) { stack in
        let out = ExchangeBuffer.doubles
        let capacity = ExchangeBuffer.doubleCapacity / EventLayout.stride
        let directions = stack.options.directions
        func slot(_ direction: SwipeDirection?) -> Double {
            guard let direction, let slot = directions.firstIndex(of: direction) else { return -1 }
            return Double(slot)
        }
        var count = 0
        while count < capacity, let event = stack.nextEvent() {
            let fields: (Double, Double, Double, Double)
            switch event {
            case .didSwipeCard(let index, let direction): fields = (1, Double(index), slot(direction), -1)
            case .didUndoCard(let index, let direction): fields = (2, Double(index), slot(direction), -1)
            case .didShift(let distance): fields = (3, -1, -1, Double(distance))
            case .didUndoShift(let distance): fields = (4, -1, -1, Double(distance))
            case .didCancelSwipe(let index): fields = (5, Double(index), -1, -1)
            case .didSwipeAllCards: fields = (6, -1, -1, -1)
            case .didSelectCard(let index, let corner): fields = (7, Double(index), -1, cornerCode(corner))
            case .dragProgress(let index, let direction, let progress):
                fields = (8, Double(index), slot(direction), progress)
            }
            let base = out + count * EventLayout.stride
            base[0] = fields.0
            base[1] = fields.1
            base[2] = fields.2
            base[3] = fields.3
            count += 1
        }
        return Int32(count)
    }
}

private func cornerCode(_ corner: TapCorner) -> Double {
    switch corner {
    case .topLeft: 0
    case .topRight: 1
    case .bottomLeft: 2
    case .bottomRight: 3
    }
}

// MARK: Queries

/// The data-source index of the top card, or −1 when no card remains.
@_expose(wasm, "riffle_stack_top_index")
@_cdecl("riffle_stack_top_index")
public func riffle_stack_top_index(_ handle: Int32) -> Int32 {
    StackTable.read(handle) { Int32($0.topCardIndex ?? -1) }
}

/// The data-source index of the card at a stack position, or −1.
@_expose(wasm, "riffle_stack_index_at_position")
@_cdecl("riffle_stack_index_at_position")
public func riffle_stack_index_at_position(_ handle: Int32, _ position: Int32) -> Int32 {
    StackTable.read(handle) { Int32($0.index(atPosition: Int(position)) ?? -1) }
}

/// The number of cards not yet swiped.
@_expose(wasm, "riffle_stack_remaining_count")
@_cdecl("riffle_stack_remaining_count")
public func riffle_stack_remaining_count(_ handle: Int32) -> Int32 {
    StackTable.read(handle) { Int32($0.numberOfRemainingCards) }
}

/// The data source's card count as the engine knows it.
@_expose(wasm, "riffle_stack_card_count")
@_cdecl("riffle_stack_card_count")
public func riffle_stack_card_count(_ handle: Int32) -> Int32 {
    StackTable.read(handle) { Int32($0.numberOfCards) }
}

/// Whether an undo is possible (1) or not (0).
@_expose(wasm, "riffle_stack_can_undo")
@_cdecl("riffle_stack_can_undo")
public func riffle_stack_can_undo(_ handle: Int32) -> Int32 {
    StackTable.read(handle) { $0.canUndo ? 1 : 0 }
}

/// The distance in CSS pixels that commits a swipe toward a direction slot.
@_expose(wasm, "riffle_stack_swipe_distance")
@_cdecl("riffle_stack_swipe_distance")
public func riffle_stack_swipe_distance(_ handle: Int32, _ slot: Int32) -> Double {
    let slot = Int(slot)
    guard handle >= 0 && Int(handle) < StackTable.stacks.count, let stack = StackTable.stacks[Int(handle)],
        slot >= 0 && slot < stack.options.directions.count
    else { return -1 }
    return stack.options.minimumDistance(for: stack.options.directions[slot])
}
