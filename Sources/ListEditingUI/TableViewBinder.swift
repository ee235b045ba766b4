#if canImport(UIKit) && !os(watchOS)
    import ListEditing
    import UIKit

    /// Binds a `UITableView` to a ``ListEditing`` list (Braid's table binder, seed 002): it is the table's data
    /// source and delegate, asks a `ListEditor` which rows can be deleted, inserted and moved, forwards the user's
    /// edits to it, snaps refused moves with `ListEditor.snapTarget(forMoveFrom:proposed:)`, and animates data
    /// changes with the batches of `TableBatch`. Every decision is in ListEditing; this class only calls UIKit.
    ///
    /// ```swift
    /// let binder = TableViewBinder(tableView: tableView, editor: editor, models: { store.list },
    ///     rowIdentity: { $0.code }, rowContentEqual: ==) { tableView, indexPath, card in
    ///         let cell = tableView.dequeueReusableCell(withIdentifier: "card", for: indexPath)
    ///         cell.textLabel?.text = card.name
    ///         return cell
    ///     }
    /// store.list.sections[0].models.append(newCard)
    /// binder.reload()     // animates the insert
    /// ```
    @MainActor
    public final class TableViewBinder<SectionID: Hashable, Model, RowKey: Hashable>: NSObject, UITableViewDataSource,
        UITableViewDelegate
    {
        /// Makes the cell for a row.
        public typealias CellProvider = (UITableView, IndexPath, Model) -> UITableViewCell

        /// The editor whose bindings decide what can be edited.
        public var editor: ListEditor<SectionID, Model>
        private let readModels: () -> SectionedList<SectionID, Model>
        private let rowIdentity: (Model) -> RowKey
        private let rowContentEqual: (Model, Model) -> Bool
        private let cellProvider: CellProvider
        private weak var tableView: UITableView?
        /// What the table shows now: the list at the last batch.
        public private(set) var displayed: SectionedList<SectionID, Model>

        /// Binds a table.
        ///
        /// - Parameters:
        ///   - tableView: The table; the binder becomes its data source and delegate.
        ///   - editor: The editor with the bindings (editing and movement policies, handlers).
        ///   - models: Returns the host's current list (the same closure the editor reads).
        ///   - rowIdentity: A row's stable identity, for the diff.
        ///   - cellProvider: Makes a row's cell.
        public init(
            tableView: UITableView, editor: ListEditor<SectionID, Model>,
            models: @escaping () -> SectionedList<SectionID, Model>, rowIdentity: @escaping (Model) -> RowKey,
            rowContentEqual: @escaping (Model, Model) -> Bool, cellProvider: @escaping CellProvider
        ) {
            self.editor = editor
            readModels = models
            self.rowIdentity = rowIdentity
            self.rowContentEqual = rowContentEqual
            self.cellProvider = cellProvider
            self.tableView = tableView
            displayed = models()
            super.init()
            tableView.dataSource = self
            tableView.delegate = self
            tableView.reloadData()
        }

        /// Animates the table from what it shows to the host's current list, one batch per diff stage.
        public func reload() {
            let target = readModels()
            guard let tableView else {
                displayed = target
                return
            }
            let changes = StagedListChangeset(
                from: displayed, to: target, rowIdentity: rowIdentity, rowContentEqual: rowContentEqual)
            for batch in TableBatch.batches(for: changes) {
                tableView.performBatchUpdates {
                    displayed = batch.data
                    for operation in batch.operations { apply(operation, to: tableView) }
                }
            }
            displayed = target
        }

        private func apply(_ operation: TableOperation, to tableView: UITableView) {
            func paths(_ rows: [RowPath]) -> [IndexPath] { rows.map { IndexPath(row: $0.row, section: $0.section) } }
            switch operation {
            case .deleteSections(let offsets): tableView.deleteSections(IndexSet(offsets), with: .automatic)
            case .insertSections(let offsets): tableView.insertSections(IndexSet(offsets), with: .automatic)
            case .reloadSections(let offsets): tableView.reloadSections(IndexSet(offsets), with: .automatic)
            case .moveSection(let from, let to): tableView.moveSection(from, toSection: to)
            case .deleteRows(let rows): tableView.deleteRows(at: paths(rows), with: .automatic)
            case .insertRows(let rows): tableView.insertRows(at: paths(rows), with: .automatic)
            case .reloadRows(let rows): tableView.reloadRows(at: paths(rows), with: .automatic)
            case .moveRow(let from, let to):
                tableView.moveRow(
                    at: IndexPath(row: from.row, section: from.section), to: IndexPath(row: to.row, section: to.section)
                )
            }
        }

        private func listPath(_ indexPath: IndexPath) -> ListIndexPath<SectionID>? {
            guard displayed.sections.indices.contains(indexPath.section) else { return nil }
            return ListIndexPath(section: displayed.sections[indexPath.section].id, row: indexPath.row)
        }

        private func tablePath(_ path: ListIndexPath<SectionID>) -> IndexPath? {
            displayed.sectionIndex(of: path.section).map { IndexPath(row: path.row, section: $0) }
        }

        // MARK: UITableViewDataSource

        public func numberOfSections(in tableView: UITableView) -> Int { displayed.sections.count }

        public func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
            displayed.sections.indices.contains(section) ? displayed.sections[section].models.count : 0
        }

        public func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            cellProvider(tableView, indexPath, displayed.sections[indexPath.section].models[indexPath.row])
        }

        public func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
            guard let path = listPath(indexPath) else { return false }
            return editor.editingStyle(at: path) != .none || editor.canMoveRow(at: path)
        }

        public func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
            listPath(indexPath).map { editor.canMoveRow(at: $0) } ?? false
        }

        public func tableView(
            _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
            forRowAt indexPath: IndexPath
        ) {
            guard let path = listPath(indexPath) else { return }
            switch editingStyle {
            case .delete: _ = try? editor.deleteRequested(at: path)
            case .insert: _ = try? editor.insertRequested(at: path)
            default: return
            }
            reload()
        }

        public func tableView(
            _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
        ) {
            // The table already shows the row at its destination; the handlers update the models to match, and a
            // refused or failed move is undone by reloading what the models hold.
            guard let source = listPath(sourceIndexPath), let destination = listPath(destinationIndexPath) else {
                return
            }
            let outcome = try? editor.moveRequested(from: source, to: destination)
            displayed = readModels()
            if case .moved = outcome {} else { tableView.reloadData() }
        }

        // MARK: UITableViewDelegate

        public func tableView(
            _ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath
        ) -> UITableViewCell.EditingStyle {
            guard let path = listPath(indexPath) else { return .none }
            switch editor.editingStyle(at: path) {
            case .none: return .none
            case .delete: return .delete
            case .insert: return .insert
            }
        }

        public func tableView(
            _ tableView: UITableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
            toProposedIndexPath proposedDestinationIndexPath: IndexPath
        ) -> IndexPath {
            guard let source = listPath(sourceIndexPath), let proposed = listPath(proposedDestinationIndexPath)
            else { return sourceIndexPath }
            return tablePath(editor.snapTarget(forMoveFrom: source, proposed: proposed)) ?? sourceIndexPath
        }
    }
#endif
