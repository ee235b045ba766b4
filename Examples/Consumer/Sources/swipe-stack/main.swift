// Swipes the top card right with a scripted drag, then undoes it: SwipeStack alone, no Foundation.
import SwipeStack

var stack = SwipeStack(numberOfCards: 3, options: SwipeStackOptions(width: 320, height: 480))
var time = 0.0
_ = stack.dragBegan(at: Point(x: 160, y: 240), time: time)
for step in 1...10 {
    time += 0.016
    _ = stack.dragMoved(to: Point(x: 160 + Double(step) * 20, y: 240), time: time)
}
var action = stack.dragEnded(at: Point(x: 360, y: 240), time: time)
while action == .animate {
    time += 0.016
    action = stack.animationTick(at: time)
}
var events: [StackEvent] = []
while let event = stack.nextEvent() { events.append(event) }
let frame = stack.frame(at: time)
print("events", events, "top", stack.topCardIndex ?? -1, "visible", frame.placements.count)
// Card identities survive inserts and deletes; data-source indices shift with them.
let firstCard = stack.card(atIndex: 0)
let swipedFirstRight = events.contains { event in
    if case .didSwipeCard(index: 0, let card, direction: .right) = event { return card == firstCard }
    return false
}
guard swipedFirstRight, stack.topCardIndex == 1 else { fatalError("swipe-stack: the drag did not swipe card 0 right") }
_ = try stack.undoLastSwipe(animated: false, time: time)
guard stack.topCardIndex == 0, stack.topCard == firstCard else {
    fatalError("swipe-stack: undo did not bring card 0 back")
}
