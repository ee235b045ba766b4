/// Supplies the cards of a ``SwipeCardStack``: how many there are and a view for each (Shuffle's
/// `SwipeCardStackDataSource`), generic over the host's view type.
///
/// The stack asks for a view only when a card becomes visible, and hands back a view it released earlier when it
/// has one, so the data source configures it instead of building a new one (like `dequeueReusableCell`).
public protocol SwipeCardStackDataSource {
    /// The host's card view type: a `UIView` subclass, a web page's element number, a SwiftUI identity. Views
    /// are compared with `==` (object identity for `UIView`).
    associatedtype CardView: Equatable

    /// The number of cards the data source holds (Shuffle's `numberOfCards(in:)`).
    ///
    /// The stack compares it with its own count on every update and refuses updates that do not add up with
    /// ``StackError/Code/countMismatch``.
    func numberOfCards() -> Int

    /// The view showing a card (Shuffle's `cardStack(_:cardForIndexAt:)`).
    ///
    /// - Parameters:
    ///   - index: The card's current data-source index.
    ///   - card: The card's stable identity.
    ///   - view: A view the stack released earlier, to configure and return; `nil` when none is free.
    /// - Returns: The view to show, `view` itself or a new one.
    func cardView(forIndex index: Int, card: CardID, reusing view: CardView?) -> CardView
}
