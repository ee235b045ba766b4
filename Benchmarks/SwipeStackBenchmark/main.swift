import SeededRandom
import SwipeStack

// Compares the SwipeStack engine with a plain-array model of Shuffle's bookkeeping on a 100,000-card stack,
// and times frame(at:). Prints numbers; asserts nothing.
#if canImport(Glibc)
    import Glibc  // links libm for the standard library's floating-point helpers on Linux
#endif

/// The obvious array implementation: every renumbering, search and removal is linear.
struct ArrayStack {
    var count: Int
    var remaining: [Int]
    var swiped: [Int] = []
    var shifts: [Int] = []  // kept so that the workload is the same; undo reverts swipes here

    init(count: Int) {
        self.count = count
        remaining = Array(0..<count)
    }

    mutating func insert(index: Int, position: Int) {
        remaining = remaining.map { $0 >= index ? $0 + 1 : $0 }
        swiped = swiped.map { $0 >= index ? $0 + 1 : $0 }
        remaining.insert(index, at: position)
        count += 1
    }

    mutating func delete(index: Int) {
        if let position = remaining.firstIndex(of: index) {
            remaining.remove(at: position)
        } else if let entry = swiped.firstIndex(of: index) {
            swiped.remove(at: entry)
        }
        remaining = remaining.map { $0 > index ? $0 - 1 : $0 }
        swiped = swiped.map { $0 > index ? $0 - 1 : $0 }
        count -= 1
    }

    mutating func swipe() { swiped.append(remaining.removeFirst()) }
    mutating func undo() { if let index = swiped.popLast() { remaining.insert(index, at: 0) } }
    mutating func shift(_ distance: Int) {
        let rotation = distance % remaining.count
        remaining = Array(remaining[rotation...] + remaining[..<rotation])
    }
    func position(ofIndex index: Int) -> Int? { remaining.firstIndex(of: index) }
    func index(atPosition position: Int) -> Int { remaining[position] }
}

enum Operation {
    case swipe, undo, insert(Double, Double), delete(Double), shift(Int), lookUpIndex(Double), lookUpPosition(Double)
}

func workload(_ length: Int) -> [Operation] {
    var random = SeededRandomNumberGenerator(seed: 42)  // both models see the same workload
    return (0..<length).map { _ in
        let fraction = { Double.random(in: 0..<1, using: &random) }
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<22: return .swipe
        case 22..<35: return .undo
        case 35..<50: return .insert(fraction(), fraction())
        case 50..<62: return .delete(fraction())
        case 62..<72: return .shift(Int.random(in: 1...50, using: &random))
        case 72..<86: return .lookUpIndex(fraction())
        default: return .lookUpPosition(fraction())
        }
    }
}

func seconds(_ duration: Duration) -> Double {
    let (whole, fraction) = duration.components
    return Double(whole) + Double(fraction) * 1e-18
}

let cards = 100_000
let engineOperations = 200_000
let referenceOperations = 4_000
let operations = workload(engineOperations)
let clock = ContinuousClock()
var checksum = 0

var engine = SwipeStack(numberOfCards: cards)
let engineTime = clock.measure {
    for (step, operation) in operations.enumerated() {
        let time = Double(step) / 60
        let n = engine.numberOfCards
        let r = engine.numberOfRemainingCards
        switch operation {
        case .swipe: if r > 1 { _ = try? engine.swipe(direction: .left, animated: false, time: time) }
        case .undo: if engine.numberOfSwipedCards > 0 { _ = try? engine.undoLastSwipe(animated: false, time: time) }
        case .insert(let a, let b):
            _ = try? engine.insertCard(atIndex: Int(a * Double(n + 1)), position: Int(b * Double(r + 1)))
        case .delete(let a): if r > 1 { _ = try? engine.deleteCards(atIndices: [Int(a * Double(n))]) }
        case .shift(let distance): _ = try? engine.shift(withDistance: distance, animated: false, time: time)
        case .lookUpIndex(let a): checksum &+= engine.index(atPosition: Int(a * Double(r))) ?? 0
        case .lookUpPosition(let a): checksum &+= engine.position(ofIndex: Int(a * Double(n))) ?? 0
        }
        while engine.nextEvent() != nil {}
    }
}

var reference = ArrayStack(count: cards)
let referenceTime = clock.measure {
    for operation in operations.prefix(referenceOperations) {
        let n = reference.count
        let r = reference.remaining.count
        switch operation {
        case .swipe: if r > 1 { reference.swipe() }
        case .undo: reference.undo()
        case .insert(let a, let b): reference.insert(index: Int(a * Double(n + 1)), position: Int(b * Double(r + 1)))
        case .delete(let a): if r > 1 { reference.delete(index: Int(a * Double(n))) }
        case .shift(let distance): reference.shift(distance)
        case .lookUpIndex(let a): checksum &+= reference.index(atPosition: Int(a * Double(r)))
        case .lookUpPosition(let a): checksum &+= reference.position(ofIndex: Int(a * Double(n))) ?? 0
        }
    }
}

let engineRate = Double(engineOperations) / seconds(engineTime)
let referenceRate = Double(referenceOperations) / seconds(referenceTime)

// frame(at:) with 3 visible cards while a card is dragged, the background gliding, and one card flying out.
var options = SwipeStackOptions(width: 320, height: 480)
options.numberOfVisibleCards = 3
var drawn = SwipeStack(numberOfCards: cards, options: options)
_ = try? drawn.swipe(direction: .right, animated: true, time: 0)
_ = drawn.dragBegan(at: Point(x: 160, y: 100), time: 0)
_ = drawn.dragMoved(to: Point(x: 220, y: 120), time: 0.05)
let frames = 200_000
let frameTime = clock.measure {
    for step in 0..<frames {
        let frame = drawn.frame(at: 0.05 + Double(step % 10) * 0.01)
        checksum &+= frame.placements.count
    }
}
var visitTotal = 0
let visitTime = clock.measure {
    for step in 0..<frames {
        drawn.forEachPlacement(at: 0.05 + Double(step % 10) * 0.01) { visitTotal &+= $0.zIndex }
    }
}

/// The cheapest possible host: views are numbers, operations only feed a checksum, so the numbers below are the
/// host layer's own cost (view bookkeeping, matrices, overlay alphas, the frame decision).
final class NullHost: SwipeCardStackDataSource, SwipeCardStackDelegate, SwipeCardRenderer {
    var count = 0
    var nextView = 0
    var checksum = 0.0
    func numberOfCards() -> Int { count }
    func cardView(forIndex index: Int, card: CardID, reusing view: Int?) -> Int {
        if let view { return view }
        nextView += 1
        return nextView
    }
    func insertView(_ view: Int, card: CardID, zIndex: Int) { checksum += Double(zIndex) }
    func reorderView(_ view: Int, zIndex: Int) { checksum += Double(zIndex) }
    func apply(_ appearance: CardAppearance, to view: Int) {
        checksum += appearance.transform.a + appearance.transform.tx + appearance.overlayAlpha(forSlot: 1)
    }
    func removeView(_ view: Int, card: CardID) { checksum += 1 }
    func discardView(_ view: Int) { checksum += 1 }
}

// The host layer's frame (renderFrame(at:): tick, placements, view bookkeeping, matrices and overlay alphas, all
// renderer calls) in the same situation as frame(at:) above.
let host = NullHost()
host.count = cards
let hosted = SwipeCardStack(options: options, dataSource: host, delegate: host, renderer: host)
hosted.reloadData()
try? hosted.swipe(.right, time: 0)
hosted.pointerBegan(at: Point(x: 160, y: 100), time: 0)
hosted.pointerMoved(to: Point(x: 220, y: 120), time: 0.05)
hosted.renderFrame(at: 0.05)
let hostedTime = clock.measure {
    for step in 0..<frames {
        hosted.renderFrame(at: 0.05 + Double(step % 10) * 0.01)
    }
}
checksum &+= Int(host.checksum) &+ host.nextView

func format(_ value: Double, _ digits: Int = 0) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int(value * scale + 0.5)
    guard digits > 0 else { return String(scaled) }
    let whole = String(scaled / Int(scale))
    var fraction = String(scaled % Int(scale))
    while fraction.count < digits { fraction = "0" + fraction }
    return whole + "." + fraction
}

print("SwipeStack benchmark: \(cards) cards, mixed workload (swipe, undo, insert, delete, shift, look-ups)")
print("engine:    \(format(engineRate)) ops/s (\(engineOperations) ops in \(format(seconds(engineTime), 3)) s)")
print(
    "reference: \(format(referenceRate)) ops/s (\(referenceOperations) ops in \(format(seconds(referenceTime), 3)) s)")
print("ratio:     \(format(engineRate / referenceRate, 1))x (target ≥ 20x)")
print("frame(at:) with 3 visible cards: \(format(seconds(frameTime) / Double(frames) * 1e9)) ns per call")
print("forEachPlacement(at:) with 3 visible cards: \(format(seconds(visitTime) / Double(frames) * 1e9)) ns per call")
let frameNanoseconds = seconds(frameTime) / Double(frames) * 1e9
let hostedNanoseconds = seconds(hostedTime) / Double(frames) * 1e9
print(
    "SwipeCardStack.renderFrame(at:) with 3 visible cards: \(format(hostedNanoseconds)) ns per frame "
        + "(target ≤ 2000 ns), \(format(hostedNanoseconds / frameNanoseconds, 2))x frame(at:) alone")
print("(checksum \(checksum &+ visitTotal))")
