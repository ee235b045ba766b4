import SwipeStack

/// The identity of the card at `index` in a freshly created stack: identities are deterministic, so every stack
/// created with enough cards gives its index `index` the same one.
func initialCard(_ index: Int) -> CardID {
    SwipeStack(numberOfCards: index + 1).card(atIndex: index)!
}
