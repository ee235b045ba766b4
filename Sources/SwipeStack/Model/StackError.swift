/// The error thrown when a call does not match the stack's state; the state is left unchanged.
///
/// Like swift-nio's `FileSystemError`, the type is a struct wrapping a private code, so that new codes can be
/// added without breaking clients. Compare ``code`` against the static members of ``StackError/Code``:
///
/// ```swift
/// do {
///     try stack.insertCard(atIndex: 9, position: 0)
/// } catch {
///     if error.code == .indexOutOfRange { reloadFromServer() }
/// }
/// ```
public struct StackError: Error, Equatable, Sendable {
    /// What kind of mistake the call made.
    public struct Code: Hashable, Sendable {
        private enum Wrapped: Hashable, Sendable {
            case indexOutOfRange
            case positionOutOfRange
            case duplicateIndex
            case countMismatch
            case emptyStack
            case directionNotAllowed
            case nothingToUndo
            case nothingToRedo
            case invalidArgument
        }

        private let wrapped: Wrapped

        private init(_ wrapped: Wrapped) {
            self.wrapped = wrapped
        }

        /// A data-source index is outside the valid range for the call.
        public static let indexOutOfRange = Code(.indexOutOfRange)
        /// A stack position is outside the remaining stack.
        public static let positionOutOfRange = Code(.positionOutOfRange)
        /// A batch call names the same index or position twice.
        public static let duplicateIndex = Code(.duplicateIndex)
        /// The data-source count given does not add up with the update.
        public static let countMismatch = Code(.countMismatch)
        /// The call needs a card in the stack and none remains.
        public static let emptyStack = Code(.emptyStack)
        /// The direction is not one of the stack's directions or not allowed for the card.
        public static let directionNotAllowed = Code(.directionNotAllowed)
        /// There is no swipe or shift left to undo (of the kind the call undoes).
        public static let nothingToUndo = Code(.nothingToUndo)
        /// There is no undone swipe or shift left to redo.
        public static let nothingToRedo = Code(.nothingToRedo)
        /// A numeric argument is outside its documented range (for example a negative count).
        public static let invalidArgument = Code(.invalidArgument)
    }

    /// What kind of mistake the call made.
    public let code: Code
    /// A human-readable explanation for logs; not meant to be parsed.
    public let message: String

    /// Creates an error with a code and an explanation.
    ///
    /// - Parameters:
    ///   - code: What kind of mistake the call made.
    ///   - message: A human-readable explanation.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
