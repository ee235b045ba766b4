import Foundation
import SwipeStack
import Testing

/// The native side of the wasm parity test: a scripted session (drags that commit and spring back, cancels,
/// programmatic swipes, undo, shift, appends) run on the native engine, with every action, frame and event recorded
/// in `Tests/WebAppTests/fixtures/swipe-parity.json`. `Tests/WebAppTests/wasm-parity.mjs` replays the same steps on
/// `riffle.wasm` through its C-ABI exports and requires the same numbers within 1e-9.
///
/// This test fails when the committed fixture no longer matches the engine; regenerate it with
/// `RIFFLE_UPDATE_FIXTURES=1 swift test --filter WasmParityFixtureTests` (then rebuild the wasm).
@Suite("Wasm parity fixture")
struct WasmParityFixtureTests {
    /// One scripted call, mirroring an export of `Sources/RiffleWasm`.
    enum Step {
        case dragBegan(Double, Double, Double)
        case dragMoved(Double, Double, Double)
        case dragEnded(Double, Double, Double)
        case dragCancelled(Double)
        case tapped(Double, Double, Double)
        case swipe(slot: Int, animated: Bool, Double)
        case undo(animated: Bool, Double)
        case shift(Int, animated: Bool, Double)
        case append(Int)
        case tick(Double)

        var time: Double {
            switch self {
            case .dragBegan(_, _, let t), .dragMoved(_, _, let t), .dragEnded(_, _, let t), .tapped(_, _, let t): t
            case .dragCancelled(let t), .swipe(_, _, let t), .undo(_, let t), .shift(_, _, let t), .tick(let t): t
            case .append: 0
            }
        }
    }

    static let script: [Step] = {
        var steps: [Step] = [.dragBegan(160, 240, 0)]
        for i in 1...12 { steps.append(.dragMoved(160 + Double(i) * 12.5, 240 + Double(i), Double(i) * 0.016)) }
        steps += [
            .dragEnded(320, 252, 0.2), .tick(0.35), .tick(0.8),
            // A short, slow drag springs back.
            .dragBegan(150, 300, 1), .dragMoved(165, 302, 1.2), .dragMoved(180, 305, 1.4), .dragEnded(182, 305, 1.6),
            .tick(1.7), .tick(2.4),
            .undo(animated: true, 2.5), .tick(2.65), .tick(3),
            .swipe(slot: 0, animated: true, 3.1), .tick(3.3),
            .shift(1, animated: true, 3.6), .tick(3.7),
            .append(3),
            .dragBegan(100, 100, 4), .dragMoved(60, 90, 4.05), .dragMoved(20, 80, 4.1), .dragCancelled(4.12),
            .tick(4.2),
            // A fast flick to the left commits by speed before reaching the distance threshold.
            .dragBegan(200, 200, 5), .dragMoved(190, 200, 5.01), .dragMoved(170, 200, 5.02),
            .dragEnded(150, 200, 5.03), .tick(5.1),
            .tapped(100, 100, 6), .swipe(slot: 1, animated: false, 6.1), .undo(animated: false, 6.2),
        ]
        return steps
    }()

    static let sampleOffsets: [Double] = [0, 0.033, 0.1, 0.25]

    /// The fixture as the current native engine produces it.
    static func fixtureText() -> String {
        var options = SwipeStackOptions(width: 320, height: 480, directions: SwipeDirection.horizontal)
        options.numberOfVisibleCards = 3
        var stack = SwipeStack(numberOfCards: 10, options: options)
        var lines: [String] = []
        lines.append("{")
        lines.append(
            "  \"config\": {\"numberOfCards\": 10, \"width\": 320, \"height\": 480, \"visibleCards\": 3, "
                + "\"directionSet\": 0},")
        lines.append("  \"sampleOffsets\": [\(sampleOffsets.map(number).joined(separator: ", "))],")
        lines.append(contentsOf: hostLayerSection())
        lines.append("  \"steps\": [")
        for (offset, step) in script.enumerated() {
            let (op, args, action) = perform(step, on: &stack)
            var events: [String] = []
            while let event = stack.nextEvent() { events.append(list(encode(event, directions: options.directions))) }
            var frames: [String] = []
            for sample in sampleOffsets {
                var placements: [String] = []
                stack.forEachPlacement(at: step.time + sample) { placements.append(list(encode($0))) }
                frames.append("[" + placements.joined(separator: ", ") + "]")
            }
            let comma = offset == script.count - 1 ? "" : ","
            lines.append(
                "    {\"op\": \"\(op)\", \"args\": \(list(args)), \"time\": \(number(step.time)), "
                    + "\"action\": \(action), \"events\": [\(events.joined(separator: ", "))],")
            lines.append("     \"frames\": [\(frames.joined(separator: ", "))]}\(comma)")
        }
        lines.append("  ]")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// One scripted call of the host-layer exports (`riffle_cards_*`).
    enum CardStep {
        case reload(Int)
        case frame(Double)
        case pointerBegan(Double, Double, Double)
        case pointerMoved(Double, Double, Double)
        case pointerEnded(Double, Double, Double)
        case pointerCancelled(Double)
        case swipe(slot: Int, Double)
        /// kind 0: any, 1: swipe, 2: shift.
        case undo(kind: Int, Double)
        case redo(Double)
        case shift(Int, Double)
        case append(Int, total: Int)
        case insert(index: Int, position: Int, total: Int)
        case delete(index: Int, total: Int)
    }

    static let hostLayerScript: [CardStep] = {
        var steps: [CardStep] = [.reload(6), .frame(0), .pointerBegan(160, 240, 0.1)]
        for i in 1...6 {
            steps += [
                .pointerMoved(160 + Double(i) * 25, 244, 0.1 + Double(i) * 0.016), .frame(0.1 + Double(i) * 0.016),
            ]
        }
        steps += [
            .pointerEnded(330, 246, 0.21), .frame(0.25), .frame(0.5), .frame(0.9),
            .pointerBegan(100, 100, 1), .pointerMoved(110, 100, 1.05), .insert(index: 0, position: 1, total: 7),
            .frame(1.06), .pointerCancelled(1.1), .frame(1.2), .frame(2),
            .swipe(slot: 0, 2.1), .frame(2.15), .delete(index: 2, total: 6), .frame(2.2), .frame(3),
            .undo(kind: 1, 3.1), .frame(3.2), .frame(4), .redo(4.1), .frame(4.2), .frame(5),
            .shift(1, 5.1), .frame(5.2), .undo(kind: 2, 5.3), .frame(5.4), .frame(6),
            .append(3, total: 9), .frame(6.1), .append(2, total: 5), .swipe(slot: 7, 6.2), .undo(kind: 1, 6.3),
            .undo(kind: 0, 6.3), .frame(6.4), .pointerBegan(40, 40, 7), .pointerEnded(41, 41, 7.1), .frame(7.2),
            .frame(8),
        ]
        return steps
    }()

    /// The host-layer session, as fixture lines: each step's result and the operations it wrote.
    static func hostLayerSection() -> [String] {
        let recorder = OperationRecorder()
        var options = SwipeStackOptions(width: 320, height: 480, directions: SwipeDirection.horizontal)
        options.numberOfVisibleCards = 3
        let stack = SwipeCardStack(options: options, dataSource: recorder, delegate: recorder, renderer: recorder)
        var lines = ["  \"cards\": ["]
        for (offset, step) in hostLayerScript.enumerated() {
            let (op, args, result) = perform(step, on: stack, recorder: recorder)
            let operations = result < 0 ? [] : recorder.log
            recorder.log = []
            let comma = offset == hostLayerScript.count - 1 ? "" : ","
            lines.append(
                "    {\"op\": \"\(op)\", \"args\": \(list(args)), \"result\": \(result < 0 ? -1 : operations.count), "
                    + "\"ops\": [\(operations.map(list).joined(separator: ", "))]}\(comma)")
        }
        lines.append("  ],")
        return lines
    }

    static func perform(
        _ step: CardStep, on stack: SwipeCardStack<OperationRecorder, OperationRecorder, OperationRecorder>,
        recorder: OperationRecorder
    ) -> (String, [Double], Int) {
        func run(_ body: () throws(StackError) -> Void) -> Int {
            do {
                try body()
                return 0
            } catch {
                return -1
            }
        }
        switch step {
        case .reload(let count):
            recorder.declaredCount = count
            stack.reloadData()
            return ("reload", [Double(count)], 0)
        case .frame(let t):
            stack.renderFrame(at: t)
            return ("frame", [t], 0)
        case .pointerBegan(let x, let y, let t):
            return ("pointerBegan", [x, y, t], stack.pointerBegan(at: Point(x: x, y: y), time: t) ? 0 : -1)
        case .pointerMoved(let x, let y, let t):
            stack.pointerMoved(to: Point(x: x, y: y), time: t)
            return ("pointerMoved", [x, y, t], 0)
        case .pointerEnded(let x, let y, let t):
            stack.pointerEnded(at: Point(x: x, y: y), time: t)
            return ("pointerEnded", [x, y, t], 0)
        case .pointerCancelled(let t):
            stack.pointerCancelled(time: t)
            return ("pointerCancelled", [t], 0)
        case .swipe(let slot, let t):
            return (
                "swipe", [Double(slot), 1, t],
                run { () throws(StackError) in
                    guard slot < 2 else { throw StackError(.directionNotAllowed, "no such slot") }
                    try stack.swipe(SwipeDirection.horizontal[slot], time: t)
                }
            )
        case .undo(let kind, let t):
            return (
                "undo", [Double(kind), 1, t],
                run { () throws(StackError) in
                    switch kind {
                    case 1: try stack.undoLastSwipe(time: t)
                    case 2: try stack.undoLastShift(time: t)
                    default: try stack.undo(time: t)
                    }
                }
            )
        case .redo(let t):
            return ("redo", [1, t], run { () throws(StackError) in try stack.redo(time: t) })
        case .shift(let distance, let t):
            return (
                "shift", [Double(distance), 1, t],
                run { () throws(StackError) in try stack.shift(withDistance: distance, time: t) }
            )
        case .append(let count, let total):
            let before = recorder.declaredCount
            recorder.declaredCount = total
            let result = run { () throws(StackError) in try stack.appendCards(count: count) }
            if result < 0 { recorder.declaredCount = before }
            return ("append", [Double(count), Double(total)], result)
        case .insert(let index, let position, let total):
            let before = recorder.declaredCount
            recorder.declaredCount = total
            let result = run { () throws(StackError) in try stack.insertCard(atIndex: index, position: position) }
            if result < 0 { recorder.declaredCount = before }
            return ("insert", [Double(index), Double(position), Double(total)], result)
        case .delete(let index, let total):
            let before = recorder.declaredCount
            recorder.declaredCount = total
            let result = run { () throws(StackError) in try stack.deleteCards(atIndices: [index]) }
            if result < 0 { recorder.declaredCount = before }
            return ("delete", [Double(index), Double(total)], result)
        }
    }

    static func perform(_ step: Step, on stack: inout SwipeStack) -> (String, [Double], Int) {
        func code(_ action: StackAction) -> Int {
            switch action {
            case .none: 0
            case .render: 1
            case .animate: 2
            }
        }
        func code(_ body: (inout SwipeStack) throws(StackError) -> StackAction) -> Int {
            do { return code(try body(&stack)) } catch { return -1 }
        }
        switch step {
        case .dragBegan(let x, let y, let t):
            return ("dragBegan", [x, y, t], code(stack.dragBegan(at: Point(x: x, y: y), time: t)))
        case .dragMoved(let x, let y, let t):
            return ("dragMoved", [x, y, t], code(stack.dragMoved(to: Point(x: x, y: y), time: t)))
        case .dragEnded(let x, let y, let t):
            return ("dragEnded", [x, y, t], code(stack.dragEnded(at: Point(x: x, y: y), time: t)))
        case .dragCancelled(let t):
            return ("dragCancelled", [t], code(stack.dragCancelled(time: t)))
        case .tapped(let x, let y, let t):
            return ("tapped", [x, y, t], code(stack.tapped(at: Point(x: x, y: y), time: t)))
        case .swipe(let slot, let animated, let t):
            let direction = stack.options.directions[slot]
            return (
                "swipe", [Double(slot), animated ? 1 : 0, t],
                code { (s: inout SwipeStack) throws(StackError) in
                    try s.swipe(direction: direction, animated: animated, time: t)
                }
            )
        case .undo(let animated, let t):
            return (
                "undo", [animated ? 1 : 0, t],
                code { (s: inout SwipeStack) throws(StackError) in try s.undo(animated: animated, time: t) }
            )
        case .shift(let distance, let animated, let t):
            return (
                "shift", [Double(distance), animated ? 1 : 0, t],
                code { (s: inout SwipeStack) throws(StackError) in
                    try s.shift(withDistance: distance, animated: animated, time: t)
                }
            )
        case .append(let count):
            let first = stack.numberOfCards
            return (
                "append", [Double(count)],
                code { (s: inout SwipeStack) throws(StackError) in
                    try s.appendCards(atIndices: Array(first..<first + count), dataSourceCount: first + count)
                }
            )
        case .tick(let t):
            return ("tick", [t], code(stack.animationTick(at: t)))
        }
    }

    /// The export layer's placement layout (`riffle_stack_frame`).
    static func encode(_ p: CardPlacement) -> [Double] {
        [
            Double(p.index), Double(p.card.rawValue), Double(p.position), Double(p.zIndex), p.translationX,
            p.translationY, p.rotation, p.scale,
            p.opacity, Double(p.primaryOverlay), p.primaryOverlayOpacity, Double(p.secondaryOverlay),
            p.secondaryOverlayOpacity,
        ]
    }

    /// The export layer's event layout (`riffle_stack_drain_events`).
    static func encode(_ event: StackEvent, directions: [SwipeDirection]) -> [Double] {
        func slot(_ direction: SwipeDirection?) -> Double {
            direction.flatMap { directions.firstIndex(of: $0) }.map(Double.init) ?? -1
        }
        switch event {
        case .didSwipeCard(let index, let card, let direction):
            return [1, Double(index), slot(direction), -1, Double(card.rawValue)]
        case .didUndoCard(let index, let card, let direction):
            return [2, Double(index), slot(direction), -1, Double(card.rawValue)]
        case .didShift(let distance): return [3, -1, -1, Double(distance), -1]
        case .didUndoShift(let distance): return [4, -1, -1, Double(distance), -1]
        case .didCancelSwipe(let index, let card): return [5, Double(index), -1, -1, Double(card.rawValue)]
        case .didSwipeAllCards: return [6, -1, -1, -1, -1]
        case .didSelectCard(let index, let card, let corner):
            let code: Double =
                switch corner {
                case .topLeft: 0
                case .topRight: 1
                case .bottomLeft: 2
                case .bottomRight: 3
                }
            return [7, Double(index), -1, code, Double(card.rawValue)]
        case .dragProgress(let index, let card, let direction, let progress):
            return [8, Double(index), slot(direction), progress, Double(card.rawValue)]
        }
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }

    static func list(_ values: [Double]) -> String { "[" + values.map(number).joined(separator: ", ") + "]" }

    static var fixtureURL: URL {
        // Resolved, so that a development package that links this folder in still finds the repository's fixture.
        URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("WebAppTests/fixtures/swipe-parity.json")
    }

    @Test func fixtureMatchesTheNativeEngine() throws {
        let expected = Self.fixtureText()
        if ProcessInfo.processInfo.environment["RIFFLE_UPDATE_FIXTURES"] == "1" {
            try FileManager.default.createDirectory(
                at: Self.fixtureURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            try expected.write(to: Self.fixtureURL, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOf: Self.fixtureURL, encoding: .utf8)
        #expect(
            committed == expected,
            "swipe-parity.json is stale: run RIFFLE_UPDATE_FIXTURES=1 swift test --filter WasmParityFixtureTests")
    }

    @Test func scriptCoversCommitSpringBackUndoShiftAndAppend() {
        let text = Self.fixtureText()
        // Event kinds 1 (swiped), 2 (undone), 3 (shifted) and 5 (cancelled) must all occur in the script.
        for kind in ["[1, ", "[2, ", "[3, ", "[5, "] { #expect(text.contains("\"events\": [" + kind)) }
    }
}
