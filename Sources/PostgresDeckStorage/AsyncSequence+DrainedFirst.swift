extension AsyncSequence {
    /// The first element, after reading the sequence to its end.
    ///
    /// A PostgreSQL connection answers one statement at a time: a row stream that is abandoned
    /// after its first row must still be drained before the connection can run the next statement.
    /// Reading every row here (these queries return at most one) lets the stream complete on its
    /// own instead of relying on an abandoned iterator being cleaned up, which under load left a
    /// transaction waiting forever ("idle in transaction").
    func drainedFirst() async throws -> Element? {
        var first: Element?
        for try await element in self where first == nil {
            first = element
        }
        return first
    }
}
