/// An answer that carries the deck's change number, read from the response's `ETag`.
protocol ChangeNumbered {
    /// The deck's change number after the answer, or `nil` when the response had no `ETag`.
    var changeNumber: Int? { get set }
}

extension DeckStatus: ChangeNumbered {}
extension ReturnResult: ChangeNumbered {}
extension DrawResult: ChangeNumbered {}
extension PileState: ChangeNumbered {}
extension PileDrawResult: ChangeNumbered {}
extension DealResult: ChangeNumbered {}
extension JoinResult: ChangeNumbered {}
extension LeaveResult: ChangeNumbered {}

extension DeckOfCardsClient {
    /// `answer` with the change number of `response`'s `ETag`, when it carries one.
    static func withChangeNumber<Answer>(_ answer: Answer, from response: HTTPResponse) -> Answer {
        guard var numbered = answer as? any ChangeNumbered, let changeNumber = response.changeNumber else {
            return answer
        }
        numbered.changeNumber = changeNumber
        return numbered as? Answer ?? answer
    }
}
