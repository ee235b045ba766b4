import SwipeStack

/// The layout of one placement in the exchange buffer, as 64-bit floats.
///
/// `[index, card, position, zIndex, translationX, translationY, rotation, scale, opacity, primaryOverlaySlot,
/// primaryOverlayOpacity, secondaryOverlaySlot, secondaryOverlayOpacity]`
enum PlacementLayout {
    static let stride = ExchangeStride.placement
}

/// The layout of one event in the exchange buffer, as 64-bit floats: `[kind, index, directionSlot, value, card]`.
///
/// Kinds (`StackEventKind`, generated from interface.json): swiped, undone, shifted (value: distance), shift undone
/// (value: distance), swipe cancelled, all cards swiped, card selected (value: the corner, `TapCornerCode`), drag
/// progress (value: progress 0...1). `card` is the card's `CardID.rawValue`. Missing fields are −1.
enum EventLayout {
    static let stride = ExchangeStride.event

    /// Writes an event's fields at `base`.
    static func write(_ event: StackEvent, directions: [SwipeDirection], to base: UnsafeMutablePointer<Double>) {
        func slot(_ direction: SwipeDirection?) -> Double {
            guard let direction, let slot = directions.firstIndex(of: direction) else { return -1 }
            return Double(slot)
        }
        func id(_ card: CardID) -> Double { Double(card.rawValue) }
        let fields: (Double, Double, Double, Double, Double)
        switch event {
        case .didSwipeCard(let index, let card, let direction):
            fields = (StackEventKind.swiped, Double(index), slot(direction), -1, id(card))
        case .didUndoCard(let index, let card, let direction):
            fields = (StackEventKind.undone, Double(index), slot(direction), -1, id(card))
        case .didShift(let distance): fields = (StackEventKind.shifted, -1, -1, Double(distance), -1)
        case .didUndoShift(let distance): fields = (StackEventKind.shiftUndone, -1, -1, Double(distance), -1)
        case .didCancelSwipe(let index, let card): fields = (StackEventKind.cancelled, Double(index), -1, -1, id(card))
        case .didSwipeAllCards: fields = (StackEventKind.allSwiped, -1, -1, -1, -1)
        case .didSelectCard(let index, let card, let corner):
            fields = (StackEventKind.selected, Double(index), -1, cornerCode(corner), id(card))
        case .dragProgress(let index, let card, let direction, let progress):
            fields = (StackEventKind.progress, Double(index), slot(direction), progress, id(card))
        }
        base[0] = fields.0
        base[1] = fields.1
        base[2] = fields.2
        base[3] = fields.3
        base[4] = fields.4
    }
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
            base[1] = Double(placement.card.rawValue)
            base[2] = Double(placement.position)
            base[3] = Double(placement.zIndex)
            base[4] = placement.translationX
            base[5] = placement.translationY
            base[6] = placement.rotation
            base[7] = placement.scale
            base[8] = placement.opacity
            base[9] = Double(placement.primaryOverlay)
            base[10] = placement.primaryOverlayOpacity
            base[11] = Double(placement.secondaryOverlay)
            base[12] = placement.secondaryOverlayOpacity
            count += 1
        }
        return Int32(count)
    }
}

/// Moves the waiting events into the exchange buffer, oldest first, and returns how many were written.
@_expose(wasm, "riffle_stack_drain_events")
@_cdecl("riffle_stack_drain_events")
public func riffle_stack_drain_events(_ handle: Int32) -> Int32 {
    StackTable.with(handle) { stack in
        let out = ExchangeBuffer.doubles
        let capacity = ExchangeBuffer.doubleCapacity / EventLayout.stride
        let directions = stack.options.directions
        var count = 0
        while count < capacity, let event = stack.nextEvent() {
            EventLayout.write(event, directions: directions, to: out + count * EventLayout.stride)
            count += 1
        }
        return Int32(count)
    }
}

func cornerCode(_ corner: TapCorner) -> Double {
    switch corner {
    case .topLeft: TapCornerCode.topLeft
    case .topRight: TapCornerCode.topRight
    case .bottomLeft: TapCornerCode.bottomLeft
    case .bottomRight: TapCornerCode.bottomRight
    }
}
