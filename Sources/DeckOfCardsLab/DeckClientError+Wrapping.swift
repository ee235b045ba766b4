import DeckClient

extension DeckClientError {
    /// Any error as a client error (the client only throws these; others become transport failures).
    static func wrapping(_ error: any Error) -> DeckClientError {
        error as? DeckClientError ?? DeckClientError(code: .transportFailed, message: "\(error)")
    }
}
