/// Public piles that lie face down: their count is public, their cards visible to nobody (see
/// ``TableVisibility``).
extension DeckState {
    /// Turns a public pile face down or face up, creating it empty when it does not exist.
    ///
    /// - Parameters:
    ///   - name: the pile's name.
    ///   - faceDown: `true` to turn it face down, `false` face up.
    /// - Returns: the pile's cards, bottom first, when it was face down and is now turned face up
    ///   (what everyone now sees); otherwise none.
    /// - Throws: ``TableError`` when the name is not a valid pile name, names a player's hand, or
    ///   the pile would be one more than ``maximumPiles``. Nothing changes then.
    @discardableResult
    public mutating func setFace(ofPile name: String, faceDown: Bool) throws(TableError) -> [Card] {
        guard PileName.isValid(name) else { throw .invalidPileName }
        guard !isPrivatePile(name) else { throw .pileIsAHand(name) }
        let index: Int
        if let existing = pileIndex(named: name) {
            index = existing
        } else {
            do {
                index = try createPile(named: name)
            } catch {
                throw .tooManyPiles
            }
        }
        let revealed = piles[index].isFaceDown && !faceDown ? piles[index].cards : []
        piles[index].isFaceDown = faceDown
        return revealed
    }
}
