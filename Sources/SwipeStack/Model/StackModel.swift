/// The bookkeeping core of a swipe stack: which cards remain in what order, which were swiped, and the history
/// that undo walks back.
///
/// Cards are identified internally by stable *identities* that never change while the card exists, so that
/// inserting or deleting a data-source index renumbers every later card without touching them: a card's
/// data-source index is its rank in ``order`` and its stack position is its rank in ``remaining``, both
/// order-statistic treaps. Deleting a swiped card bumps its identity's generation, which turns its history entry
/// stale; stale entries are skipped by undo and compacted away in bulk.
///
/// - Complexity: Every single-card operation is O(log n) expected; batch updates of k cards are O(k log n).
struct StackModel: Sendable {
    /// One step that undo can revert.
    enum HistoryEntry: Sendable {
        /// A card left the stack; live while `generation` matches the identity's current generation.
        case swipe(identity: Int, generation: UInt32, direction: SwipeDirection)
        /// The stack was rotated by `distance`; `formerTop` was on top before, used to restore the exact order.
        case shift(distance: Int, formerTop: Int, generation: UInt32)
    }

    /// Every live card in data-source order: the rank of an identity is the card's data-source index.
    private(set) var order = RankedSequence(seed: 0x5EED_0001)
    /// The cards not swiped, top first: the rank of an identity is the card's position.
    private(set) var remaining = RankedSequence(seed: 0x5EED_0002)
    /// Swipes and shifts, oldest first; may hold stale swipe entries.
    private(set) var history: [HistoryEntry] = []
    /// Undone swipes and shifts that redo can perform again, latest undo last; cleared by a new swipe or shift.
    private var redoable: [HistoryEntry] = []
    /// Incremented when an identity is freed, so that stale references to it can be recognized.
    private var generation: [UInt32] = []
    /// Per identity, the allowed direction slots (bit i = the stack's i-th direction).
    private var allowedMask: [UInt64] = []
    private var freeIdentities: [Int] = []
    private(set) var numberOfSwipedCards = 0
    private var staleHistoryEntries = 0

    init(count: Int) {
        reload(count: count)
    }

    var numberOfCards: Int { order.count }
    var numberOfRemainingCards: Int { remaining.count }

    // MARK: Identities

    func index(of identity: Int) -> Int? { order.rank(of: identity) }
    func position(of identity: Int) -> Int? { remaining.rank(of: identity) }
    func identity(atIndex index: Int) -> Int { order.element(at: index) }
    func identity(atPosition position: Int) -> Int { remaining.element(at: position) }
    func isLive(_ identity: Int, generation expected: UInt32) -> Bool {
        identity < generation.count && generation[identity] == expected && order.contains(identity)
    }
    func generation(of identity: Int) -> UInt32 { generation[identity] }

    /// The public identity of a live card.
    func cardID(of identity: Int) -> CardID { CardID(slot: identity, generation: generation[identity]) }

    /// The internal identity of a card, or `nil` if the card no longer exists.
    func identity(of card: CardID) -> Int? {
        let slot = card.slot
        guard slot < generation.count, generation[slot] == card.generation, order.contains(slot) else { return nil }
        return slot
    }

    func allowedMask(of identity: Int) -> UInt64 { allowedMask[identity] }
    mutating func setAllowedMask(_ mask: UInt64, of identity: Int) { allowedMask[identity] = mask }

    private mutating func makeIdentity() -> Int {
        if let reused = freeIdentities.popLast() {
            allowedMask[reused] = .max
            return reused
        }
        generation.append(0)
        allowedMask.append(.max)
        return generation.count - 1
    }

    // MARK: Updates (callers validate arguments first)

    /// Resets to `count` cards in data-source order with an empty history. O(n).
    ///
    /// Every slot's generation moves on, so no identity from before the reload matches a card after it.
    mutating func reload(count: Int) {
        var generations = Array(repeating: UInt32(0), count: count)
        for slot in 0..<min(count, generation.count) { generations[slot] = generation[slot] &+ 1 }
        generation = generations
        allowedMask = Array(repeating: .max, count: count)
        freeIdentities = []
        history = []
        redoable = []
        numberOfSwipedCards = 0
        staleHistoryEntries = 0
        let identities = Array(0..<count)
        order.replaceAll(with: identities)
        remaining.replaceAll(with: identities)
    }

    /// Inserts a new card at data-source `index` (renumbering later cards) and stack `position`.
    @discardableResult
    mutating func insert(index: Int, position: Int) -> Int {
        let identity = makeIdentity()
        order.insert(identity, at: index)
        remaining.insert(identity, at: position)
        return identity
    }

    /// Adds a new card at data-source `index` without placing it in the stack yet.
    mutating func insertIntoOrder(index: Int) -> Int {
        let identity = makeIdentity()
        order.insert(identity, at: index)
        return identity
    }

    /// Places an identity created by ``insertIntoOrder(index:)`` at a stack position.
    mutating func place(_ identity: Int, at position: Int) {
        remaining.insert(identity, at: position)
    }

    /// Deletes a card everywhere: from the data source, the stack or the swipe history.
    mutating func delete(identity: Int) {
        let index = order.rank(of: identity)!
        order.remove(at: index)
        if let position = remaining.rank(of: identity) {
            remaining.remove(at: position)
        } else {
            numberOfSwipedCards -= 1
            staleHistoryEntries += 1
        }
        generation[identity] &+= 1
        freeIdentities.append(identity)
        compactHistoryIfNeeded()
    }

    /// Moves the card at `from` so that it ends up at position `to`.
    mutating func move(from: Int, to: Int) {
        let identity = remaining.remove(at: from)
        remaining.insert(identity, at: to)
    }

    // MARK: Swipes, shifts and undo

    /// Takes the card `identity` out of the stack and records the swipe; a new swipe (not a redo) forgets what
    /// redo could perform.
    mutating func swipe(identity: Int, direction: SwipeDirection, isRedo: Bool = false) {
        remaining.remove(at: remaining.rank(of: identity)!)
        history.append(.swipe(identity: identity, generation: generation[identity], direction: direction))
        numberOfSwipedCards += 1
        if !isRedo { redoable.removeAll() }
    }

    /// The number of positions a shift by `distance` actually rotates, or 0 when it changes nothing.
    func effectiveShift(_ distance: Int) -> Int {
        let count = remaining.count
        guard count > 1 else { return 0 }
        let rotation = distance % count
        return rotation < 0 ? rotation + count : rotation
    }

    /// Rotates the stack so that the card at position `distance` comes to the top, and records it.
    mutating func shift(by distance: Int, isRedo: Bool = false) {
        let rotation = effectiveShift(distance)
        guard rotation != 0 else { return }
        let top = remaining.element(at: 0)
        remaining.rotate(by: rotation)
        history.append(.shift(distance: distance, formerTop: top, generation: generation[top]))
        if !isRedo { redoable.removeAll() }
    }

    /// Whether any swipe or shift can be undone.
    var canUndo: Bool { history.count > staleHistoryEntries }

    /// Whether a swipe can be undone.
    var canUndoSwipe: Bool { numberOfSwipedCards > 0 }

    /// Whether a shift can be undone. O(h) in the worst case, usually O(1).
    var canUndoShift: Bool {
        history.contains { if case .shift = $0 { true } else { false } }
    }

    /// Whether an undone action can be performed again. O(r) for r undone actions in the worst case.
    var canRedo: Bool {
        redoable.contains { entry in
            switch entry {
            case .swipe(let identity, let entryGeneration, _):
                isLive(identity, generation: entryGeneration) && remaining.contains(identity)
            case .shift: remaining.count > 1
            }
        }
    }

    /// Which kind of history entry an undo reverts.
    enum UndoKind: Sendable {
        /// The latest swipe or shift.
        case any
        /// The latest swipe, even if shifts came after it.
        case swipe
        /// The latest shift, even if swipes came after it.
        case shift
    }

    /// What an undo did.
    enum Undone {
        case swipe(identity: Int, direction: SwipeDirection)
        case shift(distance: Int)
    }

    /// Reverts the latest live history entry of a kind, or returns `nil` if there is none. The reverted entry
    /// can be performed again by a redo (``SwipeStack/redo(animated:time:)``).
    ///
    /// O(log n) amortized when the entry is the latest; O(h) when entries of the other kind follow it.
    mutating func undo(_ kind: UndoKind = .any) -> Undone? {
        var offset = history.count - 1
        while offset >= 0 {
            let entry = history[offset]
            switch entry {
            case .swipe(let identity, let entryGeneration, let direction):
                guard isLive(identity, generation: entryGeneration) else {
                    if offset == history.count - 1 {
                        history.removeLast()
                        staleHistoryEntries -= 1
                    }
                    offset -= 1
                    continue
                }
                guard kind != .shift else {
                    offset -= 1
                    continue
                }
                history.remove(at: offset)
                remaining.insert(identity, at: 0)
                numberOfSwipedCards -= 1
                redoable.append(entry)
                return .swipe(identity: identity, direction: direction)
            case .shift(let distance, let formerTop, let entryGeneration):
                guard kind != .swipe else {
                    offset -= 1
                    continue
                }
                history.remove(at: offset)
                let count = remaining.count
                if isLive(formerTop, generation: entryGeneration), let rank = remaining.rank(of: formerTop) {
                    remaining.rotate(by: rank)
                } else if count > 1 {
                    let back = (count - distance % count) % count
                    remaining.rotate(by: back)
                }
                redoable.append(entry)
                return .shift(distance: distance)
            }
        }
        return nil
    }

    /// What a redo did.
    enum Redone {
        case swipe(identity: Int, direction: SwipeDirection)
        case shift(distance: Int)
    }

    /// Takes the latest undone swipe or shift that still applies off the redo list, skipping those that no longer
    /// apply (a deleted card, a card no longer in the stack, a stack too small to shift); `nil` when none is left.
    /// The caller performs it with `isRedo: true`.
    mutating func popRedo() -> Redone? {
        while let entry = redoable.popLast() {
            switch entry {
            case .swipe(let identity, let entryGeneration, let direction):
                guard isLive(identity, generation: entryGeneration), remaining.contains(identity) else { continue }
                return .swipe(identity: identity, direction: direction)
            case .shift(let distance, _, _):
                guard effectiveShift(distance) != 0 else { continue }
                return .shift(distance: distance)
            }
        }
        return nil
    }

    /// The live swipes in swipe order, as identities and directions. O(k log n) for k history entries.
    func forEachSwipe(_ body: (Int, SwipeDirection) -> Void) {
        for entry in history {
            if case .swipe(let identity, let entryGeneration, let direction) = entry,
                isLive(identity, generation: entryGeneration)
            {
                body(identity, direction)
            }
        }
    }

    private mutating func compactHistoryIfNeeded() {
        guard staleHistoryEntries > 32 && staleHistoryEntries * 2 > history.count else { return }
        let kept = history.filter { entry in
            if case .swipe(let identity, let entryGeneration, _) = entry {
                return isLive(identity, generation: entryGeneration)
            }
            return true
        }
        history = kept
        staleHistoryEntries = 0
    }
}
