/// A handler did not change the models the way its request required.
///
/// After each handler a ``ListEditor`` re-reads the models and checks that exactly one model left the section
/// (`onDelete`) or arrived in it (`onInsert`). When that is not so, the editor stops (a move whose delete handler
/// failed does not call the insert handler), throws this error and, if
/// ``ListEditor/Options/assertsOnHandlerMistakes`` is set, fails a debug assertion.
///
/// Codes can be added later, so match on ``code`` with `==` rather than switching over every case.
public struct EditingError: Error, Hashable, Sendable {
    /// What went wrong, as a value to compare against the static members.
    public struct Code: Hashable, Sendable {
        private enum Base: Hashable, Sendable {
            case deleteHandlerDidNotRemoveModel
            case insertHandlerDidNotInsertModel
            case sectionDisappeared
        }

        private var base: Base

        private init(_ base: Base) {
            self.base = base
        }

        /// After `onDelete` the section did not have exactly one row fewer.
        public static let deleteHandlerDidNotRemoveModel = Code(.deleteHandlerDidNotRemoveModel)
        /// After `onInsert` the section did not have exactly one row more.
        public static let insertHandlerDidNotInsertModel = Code(.insertHandlerDidNotInsertModel)
        /// After a handler the section it worked on was no longer in the list.
        public static let sectionDisappeared = Code(.sectionDisappeared)
    }

    /// What went wrong.
    public var code: Code
    /// A sentence for logs and developers explaining what happened and what the handler should do.
    public var message: String
    /// The number of rows the section should have had after the handler.
    public var expectedRowCount: Int
    /// The number of rows the section had after the handler, or `nil` if the section was gone.
    public var actualRowCount: Int?
    /// Whether the failure happened in the insert half of a move, after the delete handler had already removed the
    /// model: the host's data then lacks the moved model and should be reloaded.
    public var modelRemovedByMove: Bool

    init(code: Code, message: String, expectedRowCount: Int, actualRowCount: Int?, modelRemovedByMove: Bool) {
        self.code = code
        self.message = message
        self.expectedRowCount = expectedRowCount
        self.actualRowCount = actualRowCount
        self.modelRemovedByMove = modelRemovedByMove
    }
}
