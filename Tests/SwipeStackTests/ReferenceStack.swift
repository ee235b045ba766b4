import SwipeStack

/// The plain-array oracle: Shuffle's bookkeeping written the obvious, linear way.
struct ReferenceStack {
    enum Entry: Equatable {
        case swipe(index: Int, direction: SwipeDirection)
        case shift(distance: Int, formerTop: Int?)
    }

    var count: Int
    var remaining: [Int]
    var history: [Entry] = []

    init(count: Int) {
        self.count = count
        remaining = Array(0..<count)
    }

    var swiped: [SwipedCard] {
        history.compactMap { entry in
            if case .swipe(let index, let direction) = entry { return SwipedCard(index: index, direction: direction) }
            return nil
        }
    }

    private mutating func renumber(_ transform: (Int) -> Int) {
        remaining = remaining.map(transform)
        history = history.map { entry in
            switch entry {
            case .swipe(let index, let direction): .swipe(index: transform(index), direction: direction)
            case .shift(let distance, let top): .shift(distance: distance, formerTop: top.map(transform))
            }
        }
    }

    mutating func insert(index: Int, position: Int) -> Bool {
        guard index >= 0, index <= count, position >= 0, position <= remaining.count else { return false }
        renumber { $0 >= index ? $0 + 1 : $0 }
        remaining.insert(index, at: position)
        count += 1
        return true
    }

    mutating func append(indices: [Int]) -> Bool {
        let newCount = count + indices.count
        guard indices.allSatisfy({ $0 >= 0 && $0 < newCount }), Set(indices).count == indices.count else {
            return false
        }
        for index in indices.sorted() {
            renumber { $0 >= index ? $0 + 1 : $0 }
        }
        remaining.append(contentsOf: indices)
        count = newCount
        return true
    }

    mutating func delete(indices: [Int]) -> Bool {
        guard indices.allSatisfy({ $0 >= 0 && $0 < count }), Set(indices).count == indices.count else { return false }
        for index in indices.sorted(by: >) {
            remaining.removeAll { $0 == index }
            let swiped = Entry.swipe(index: index, direction: swipedDirection(index) ?? .left)
            history.removeAll { $0 == swiped }
            history = history.map { entry in
                if case .shift(let distance, let top) = entry, top == index {
                    return .shift(distance: distance, formerTop: nil)
                }
                return entry
            }
            renumber { $0 > index ? $0 - 1 : $0 }
            count -= 1
        }
        return true
    }

    private func swipedDirection(_ index: Int) -> SwipeDirection? {
        for case .swipe(let swipedIndex, let direction) in history where swipedIndex == index { return direction }
        return nil
    }

    mutating func delete(positions: [Int]) -> Bool {
        guard positions.allSatisfy({ $0 >= 0 && $0 < remaining.count }), Set(positions).count == positions.count
        else { return false }
        return delete(indices: positions.map { remaining[$0] })
    }

    mutating func move(from: Int, to: Int) -> Bool {
        guard from >= 0, from < remaining.count, to >= 0, to < remaining.count else { return false }
        remaining.insert(remaining.remove(at: from), at: to)
        return true
    }

    mutating func swipe(_ direction: SwipeDirection) -> Bool {
        guard !remaining.isEmpty else { return false }
        history.append(.swipe(index: remaining.removeFirst(), direction: direction))
        return true
    }

    mutating func shift(_ distance: Int) -> Bool {
        guard !remaining.isEmpty else { return false }
        guard remaining.count > 1 else { return true }
        let rotation = ((distance % remaining.count) + remaining.count) % remaining.count
        guard rotation != 0 else { return true }
        let top = remaining[0]
        remaining = Array(remaining[rotation...] + remaining[..<rotation])
        history.append(.shift(distance: distance, formerTop: top))
        return true
    }

    mutating func undo() -> Bool {
        guard let entry = history.popLast() else { return false }
        switch entry {
        case .swipe(let index, _):
            remaining.insert(index, at: 0)
        case .shift(let distance, let top):
            if let top, let rank = remaining.firstIndex(of: top) {
                remaining = Array(remaining[rank...] + remaining[..<rank])
            } else if remaining.count > 1 {
                let back = (remaining.count - distance % remaining.count) % remaining.count
                remaining = Array(remaining[back...] + remaining[..<back])
            }
        }
        return true
    }
}

extension SwipeStack {
    /// Builds a stack of `remaining.count + swiped.count` cards whose remaining order and swipe history are given.
    static func fixture(
        remaining: [Int], swiped: [Int], options: SwipeStackOptions = SwipeStackOptions()
    ) throws
        -> SwipeStack
    {
        var stack = SwipeStack(numberOfCards: remaining.count + swiped.count, options: options)
        for index in swiped {
            try stack.moveCard(fromPosition: stack.position(ofIndex: index)!, toPosition: 0)
            try stack.swipe(direction: .left, animated: false, time: 0)
        }
        for (target, index) in remaining.enumerated() {
            try stack.moveCard(fromPosition: stack.position(ofIndex: index)!, toPosition: target)
        }
        while stack.nextEvent() != nil {}
        return stack
    }
}
