/// The editing engine: checks editing and moving requests against the bindings, calls the handlers with exact
/// index bookkeeping, and verifies after each handler that the models really changed.
///
/// The editor does not own the models. It reads them through the `models` closure given at creation, before a
/// request and again after each handler, exactly as Braid's binder refreshes its data source. A renderer asks the
/// editor which control a row offers (``editingStyle(at:)``, ``canMoveRow(at:)``) and forwards the user's
/// actions as requests (``deleteRequested(at:)``, ``insertRequested(at:)``, ``moveRequested(from:to:)``).
///
/// ```swift
/// final class Store { var list = SectionedList<String, String>([ListSection(id: "hand", models: ["AS", "KD"])]) }
/// let store = Store()
/// var editor = ListEditor<String, String>(models: { store.list })
/// editor.bind(
///     .onWholeList()
///         .allowEditing(style: .delete)
///         .onDelete { section, row, _, _ in store.list.removeModel(at: ListIndexPath(section: section, row: row)) })
/// let outcome = try editor.deleteRequested(at: ListIndexPath(section: "hand", row: 0))
/// // outcome == .deleted(ListIndexPath(section: "hand", row: 0)); store.list has ["KD"]
/// ```
///
/// A request that the bindings do not allow returns ``EditOutcome/refused(_:)`` and calls nothing. A handler that
/// does not remove or add exactly one model makes the request throw ``EditingError``.
public struct ListEditor<SectionID: Hashable, Model> {
    /// Settings of a ``ListEditor``.
    public struct Options: Sendable {
        /// Whether a handler mistake (see ``EditingError``) also fails a debug assertion, so it is noticed while
        /// developing. The error is thrown either way; tests that exercise the error turn this off.
        public var assertsOnHandlerMistakes: Bool

        /// Creates options.
        ///
        /// - Parameter assertsOnHandlerMistakes: Whether handler mistakes fail a debug assertion; `true` by default.
        public init(assertsOnHandlerMistakes: Bool = true) {
            self.assertsOnHandlerMistakes = assertsOnHandlerMistakes
        }
    }

    /// The editor's settings.
    public var options: Options
    /// The bindings, in the order they were bound.
    public private(set) var bindings: [ListBinding<SectionID, Model>] = []
    let readModels: () -> SectionedList<SectionID, Model>

    /// Creates an editor that reads the host's models through a closure.
    ///
    /// - Parameters:
    ///   - options: The editor's settings.
    ///   - models: Returns the host's current models; called before each request and after each handler.
    public init(options: Options = Options(), models: @escaping () -> SectionedList<SectionID, Model>) {
        self.options = options
        self.readModels = models
    }

    /// Adds a binding. Where it overlaps earlier bindings, the more specific scope wins, and between equally
    /// specific scopes the binding added last.
    ///
    /// - Parameter binding: The binding to add.
    public mutating func bind(_ binding: ListBinding<SectionID, Model>) {
        bindings.append(binding)
    }

    /// Returns the binding that decides for a section.
    ///
    /// - Parameter section: The section's identifier.
    /// - Returns: The most specific (and, among those, last added) binding covering the section, or `nil`.
    /// - Complexity: O(*b*), where *b* is the number of bindings.
    public func binding(for section: SectionID) -> ListBinding<SectionID, Model>? {
        var best: ListBinding<SectionID, Model>?
        for binding in bindings where binding.scope.contains(section) {
            if let current = best, current.scope.specificity > binding.scope.specificity { continue }
            best = binding
        }
        return best
    }

    /// Returns the editing control a row offers.
    ///
    /// - Parameter indexPath: The row's location.
    /// - Returns: The binding's style for the row, or ``EditingStyle/none`` if the row does not exist or its section
    ///   is not bound.
    public func editingStyle(at indexPath: ListIndexPath<SectionID>) -> EditingStyle {
        let list = readModels()
        guard let count = list.numberOfRows(in: indexPath.section), (0..<count).contains(indexPath.row),
            let binding = binding(for: indexPath.section)
        else { return .none }
        return binding.editingPolicy.style(section: indexPath.section, row: indexPath.row)
    }

    /// Returns whether a row can be picked up to be moved (shows a reorder control).
    ///
    /// - Parameter indexPath: The row's location.
    /// - Returns: `true` if the row exists, its binding allows moving and has a delete handler, and the row is
    ///   movable.
    public func canMoveRow(at indexPath: ListIndexPath<SectionID>) -> Bool {
        let list = readModels()
        return sourceRefusal(at: indexPath, in: list) == nil
    }

    /// Returns why a move would be refused, without performing it.
    ///
    /// - Parameters:
    ///   - source: The row's current location.
    ///   - destination: The row's location after the move.
    /// - Returns: The reason the move would be refused, or `nil` if ``moveRequested(from:to:)`` would perform it.
    public func moveRefusal(
        from source: ListIndexPath<SectionID>, to destination: ListIndexPath<SectionID>
    ) -> EditRefusal? {
        moveRefusal(from: source, to: destination, in: readModels())
    }
}
