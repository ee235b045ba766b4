/// The pure rules that turn a drag into a decision and into overlay opacities.
///
/// All functions take the stack's direction list and a bit mask of the slots that may be used, so that per-card
/// allowed directions and the recognition axis combine by intersecting masks.
enum SwipeRecognizer {
    /// The drag translation the recognizer sees: one component is dropped for axis-restricted stacks.
    static func constrained(_ translation: Point, axis: RecognitionAxis) -> Point {
        switch axis {
        case .any: translation
        case .horizontal: Point(x: translation.x, y: 0)
        case .vertical: Point(x: 0, y: translation.y)
        }
    }

    /// The slot with the largest projected drag among `mask`, or `nil` if no allowed direction has a positive one.
    static func activeSlot(_ translation: Point, directions: [SwipeDirection], mask: UInt64) -> Int? {
        var best: Int?
        var bestProjection = 0.0
        for (slot, direction) in directions.enumerated() where mask & (1 << UInt64(slot)) != 0 {
            let projection = translation.projected(on: direction)
            if projection > bestProjection + 1e-12 {
                best = slot
                bestProjection = projection
            }
        }
        return best
    }

    /// The slot to commit a released drag in, or `nil` to reset the card.
    ///
    /// The active direction commits when the projected drag reaches its minimum distance, or when the velocity
    /// projected on it reaches its minimum speed; a velocity pointing elsewhere never commits.
    static func committedSlot(
        translation: Point, velocity: Point, options: SwipeStackOptions, mask: UInt64
    ) -> Int? {
        guard let slot = activeSlot(translation, directions: options.directions, mask: mask) else { return nil }
        let direction = options.directions[slot]
        if translation.projected(on: direction) >= options.minimumDistance(for: direction) { return slot }
        if velocity.projected(on: direction) >= options.minimumSpeed(for: direction) { return slot }
        return nil
    }

    /// The drag progress toward the active direction's commit distance, 0...1.
    static func progress(_ translation: Point, slot: Int?, options: SwipeStackOptions) -> Double {
        guard let slot else { return 0 }
        let direction = options.directions[slot]
        let distance = translation.projected(on: direction)
        return min(max(distance / options.minimumDistance(for: direction), 0), 1)
    }

    /// The overlays for a card displaced by `translation`: the active direction's overlay rises with progress and
    /// shares its opacity with the angular neighbour on the other side of the drag, in proportion to how close
    /// the drag's angle is to each.
    static func overlay(_ translation: Point, options: SwipeStackOptions, mask: UInt64) -> OverlayBlend {
        let directions = options.directions
        guard let active = activeSlot(translation, directions: directions, mask: mask) else { return .none }
        let progress = progress(translation, slot: active, options: options)
        let angle = Angle.atan2(translation.y, translation.x)
        let activeOffset = Angle.normalized(angle - directions[active].angle)
        var neighbour = -1
        var neighbourOffset = Double.pi
        for (slot, direction) in directions.enumerated() where slot != active && mask & (1 << UInt64(slot)) != 0 {
            let offset = Angle.normalized(angle - direction.angle)
            let onOtherSide = (offset >= 0) != (activeOffset >= 0) || activeOffset == 0
            if onOtherSide && abs(offset) < abs(neighbourOffset) {
                neighbour = slot
                neighbourOffset = offset
            }
        }
        let span = abs(activeOffset) + abs(neighbourOffset)
        guard neighbour >= 0, span <= Double.pi + 1e-9, span > 0 else {
            return OverlayBlend(primary: active, primaryOpacity: progress)
        }
        let neighbourWeight = abs(activeOffset) / span
        return OverlayBlend(
            primary: active, primaryOpacity: progress * (1 - neighbourWeight), secondary: neighbour,
            secondaryOpacity: progress * neighbourWeight)
    }

    /// The rotation of a card displaced horizontally by `dx` on a stack `width` wide, grabbed above (`grabSign`
    /// = 1) or below (−1) its middle: proportional to the drag, clamped to ±`maximum`.
    static func rotation(dx: Double, width: Double, grabSign: Double, maximum: Double) -> Double {
        grabSign * min(max(dx / width, -1), 1) * maximum
    }
}
