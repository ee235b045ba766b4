import ListEditing

/// C-ABI exports that drive a ``ListEditor`` over piles of cards from JavaScript.
///
/// Sections and models are 32-bit integers the page assigns (a pile number, a card number), so no string crosses
/// the boundary. Lists travel through the exchange buffer as `Int32`s: `[sectionCount, then per section:
/// sectionID, rowCount, model…]`. Every edit goes through the editor's bindings (policies and handlers); the
/// handlers change the list the export layer keeps, and ``riffle_list_diff(_:)`` reports the change since the last
/// checkpoint as ``StagedListChangeset`` stages for the page to patch its DOM with.
final class PileStore {
    var list = SectionedList<Int32, Int32>()
    /// The list as the page last drew it; diffs start here.
    var checkpoint = SectionedList<Int32, Int32>()
    /// The model an insert control adds (the card the page drew for it).
    var pendingInsert: Int32 = -1
}

struct ListEntry {
    let store: PileStore
    var editor: ListEditor<Int32, Int32>
}

enum ListTable {
    // Safe without a lock: a wasm instance has one thread, and only these exports touch the table.
    nonisolated(unsafe) static var entries: [ListEntry?] = []

    static func with(_ handle: Int32, _ body: (ListEntry) -> Int32) -> Int32 {
        let slot = Int(handle)
        guard slot >= 0 && slot < entries.count, let entry = entries[slot] else { return ListExportStatus.badHandle }
        return body(entry)
    }
}

// The codes themselves are generated (WasmInterface.swift, from interface.json).
extension ListExportStatus {
    static func code(of refusal: EditRefusal) -> Int32 {
        switch refusal {
        case .unknownSection: EditRefusalCode.unknownSection
        case .rowOutOfRange: EditRefusalCode.rowOutOfRange
        case .sectionNotBound: EditRefusalCode.sectionNotBound
        case .styleNotAllowed: EditRefusalCode.styleNotAllowed
        case .noDeleteHandler: EditRefusalCode.noDeleteHandler
        case .noInsertHandler: EditRefusalCode.noInsertHandler
        case .movingNotAllowed: EditRefusalCode.movingNotAllowed
        case .rowNotMovable: EditRefusalCode.rowNotMovable
        case .destinationNotAllowed: EditRefusalCode.destinationNotAllowed
        }
    }

    static func code(of outcome: EditOutcome<Int32>) -> Int32 {
        switch outcome {
        case .deleted: EditOutcomeCode.deleted
        case .inserted: EditOutcomeCode.inserted
        case .moved: EditOutcomeCode.moved
        case .unchanged: EditOutcomeCode.unchanged
        case .refused(let refusal): code(of: refusal)
        }
    }

    static func run(_ body: () throws(EditingError) -> EditOutcome<Int32>) -> Int32 {
        do {
            return code(of: try body())
        } catch {
            return handlerMistake
        }
    }
}

// MARK: Lifetime and contents

/// Creates a list of piles bound with one whole-list binding, and returns its handle.
///
/// - Parameters:
///   - editingMode: 0 no editing control; 1 every row offers delete; 2 rows offer delete and the end of each
///     section offers insert (a card drawn into the pile).
///   - movementMode: 0 rows cannot move; 1 within their pile; 2 to any pile.
@_expose(wasm, "riffle_list_create")
@_cdecl("riffle_list_create")
public func riffle_list_create(_ editingMode: Int32, _ movementMode: Int32) -> Int32 {
    let store = PileStore()
    var binding = ListBinding<Int32, Int32>.onWholeList()
    switch editingMode {
    case 1:
        binding = binding.allowEditing(style: .delete)
    case 2:
        binding = binding.allowEditing(styleForRow: { section, row in
            row < (store.list.numberOfRows(in: section) ?? 0) ? .delete : .insert
        })
    default:
        break
    }
    switch movementMode {
    case 1: binding = binding.allowMoving(.withinSameSection)
    case 2: binding = binding.allowMoving(.toAnySection)
    default: break
    }
    binding = binding.onDelete { section, row, _, _ in
        store.list.removeModel(at: ListIndexPath(section: section, row: row))
    }
    .onInsert { section, row, _, model in
        let inserted = model ?? store.pendingInsert
        store.list.insert(inserted, at: ListIndexPath(section: section, row: row))
    }
    var editor = ListEditor<Int32, Int32>(
        options: ListEditor.Options(assertsOnHandlerMistakes: false), models: { store.list })
    editor.bind(binding)
    let entry = ListEntry(store: store, editor: editor)
    if let free = ListTable.entries.firstIndex(where: { $0 == nil }) {
        ListTable.entries[free] = entry
        return Int32(free)
    }
    ListTable.entries.append(entry)
    return Int32(ListTable.entries.count - 1)
}

/// Frees a list; its handle may be reused.
@_expose(wasm, "riffle_list_destroy")
@_cdecl("riffle_list_destroy")
public func riffle_list_destroy(_ handle: Int32) {
    let slot = Int(handle)
    if slot >= 0 && slot < ListTable.entries.count { ListTable.entries[slot] = nil }
}

/// Replaces the list (and its checkpoint) with the list encoded in the exchange buffer. Returns 0, or −30 when
/// the encoding is malformed (the list is unchanged).
@_expose(wasm, "riffle_list_load")
@_cdecl("riffle_list_load")
public func riffle_list_load(_ handle: Int32) -> Int32 {
    ListTable.with(handle) { entry in
        guard let list = ListCoding.decode() else { return ListExportStatus.malformedInput }
        entry.store.list = list
        entry.store.checkpoint = list
        return 0
    }
}

/// Writes the current list into the exchange buffer and returns how many integers were written (−31 if it does
/// not fit).
@_expose(wasm, "riffle_list_write")
@_cdecl("riffle_list_write")
public func riffle_list_write(_ handle: Int32) -> Int32 {
    ListTable.with(handle) { entry in
        var writer = IntegerWriter()
        ListCoding.encode(entry.store.list, into: &writer)
        return writer.result
    }
}

/// Makes the current list the checkpoint that the next diff starts from.
@_expose(wasm, "riffle_list_checkpoint")
@_cdecl("riffle_list_checkpoint")
public func riffle_list_checkpoint(_ handle: Int32) -> Int32 {
    ListTable.with(handle) { entry in
        entry.store.checkpoint = entry.store.list
        return 0
    }
}

/// Puts the list back as it was at the checkpoint (after the server refused an edit).
@_expose(wasm, "riffle_list_restore")
@_cdecl("riffle_list_restore")
public func riffle_list_restore(_ handle: Int32) -> Int32 {
    ListTable.with(handle) { entry in
        entry.store.list = entry.store.checkpoint
        return 0
    }
}

// MARK: Policies

/// The editing control a row offers: 0 none, 1 delete, 2 insert (row = the section's row count asks about the
/// end of the section).
@_expose(wasm, "riffle_list_editing_style")
@_cdecl("riffle_list_editing_style")
public func riffle_list_editing_style(_ handle: Int32, _ section: Int32, _ row: Int32) -> Int32 {
    ListTable.with(handle) { entry in
        let path = ListIndexPath(section: section, row: Int(row))
        let count = entry.store.list.numberOfRows(in: section) ?? -1
        let style: EditingStyle
        if Int(row) == count, let binding = entry.editor.binding(for: section) {
            style = binding.editingPolicy.style(section: section, row: Int(row))  // the end of the section
        } else {
            style = entry.editor.editingStyle(at: path)
        }
        switch style {
        case .none: return EditingStyleCode.none
        case .delete: return EditingStyleCode.delete
        case .insert: return EditingStyleCode.insert
        }
    }
}

/// Whether a row can be picked up to move (1) or not (0).
@_expose(wasm, "riffle_list_can_move")
@_cdecl("riffle_list_can_move")
public func riffle_list_can_move(_ handle: Int32, _ section: Int32, _ row: Int32) -> Int32 {
    ListTable.with(handle) { $0.editor.canMoveRow(at: ListIndexPath(section: section, row: Int(row))) ? 1 : 0 }
}

/// Why a move would be refused (a negative refusal code), or 0 if it would be performed.
@_expose(wasm, "riffle_list_move_refusal")
@_cdecl("riffle_list_move_refusal")
public func riffle_list_move_refusal(
    _ handle: Int32, _ fromSection: Int32, _ fromRow: Int32, _ toSection: Int32, _ toRow: Int32
) -> Int32 {
    ListTable.with(handle) { entry in
        let refusal = entry.editor.moveRefusal(
            from: ListIndexPath(section: fromSection, row: Int(fromRow)),
            to: ListIndexPath(section: toSection, row: Int(toRow)))
        return refusal.map(ListExportStatus.code(of:)) ?? 0
    }
}

// MARK: Edits

/// The user deleted a row. Returns 1 (deleted), a negative refusal code, or −20 for a handler mistake.
@_expose(wasm, "riffle_list_delete")
@_cdecl("riffle_list_delete")
public func riffle_list_delete(_ handle: Int32, _ section: Int32, _ row: Int32) -> Int32 {
    ListTable.with(handle) { entry in
        ListExportStatus.run { () throws(EditingError) in
            try entry.editor.deleteRequested(at: ListIndexPath(section: section, row: Int(row)))
        }
    }
}

/// The user inserted `model` at a row through the insert control. Returns 2 (inserted) or a negative code.
@_expose(wasm, "riffle_list_insert")
@_cdecl("riffle_list_insert")
public func riffle_list_insert(_ handle: Int32, _ section: Int32, _ row: Int32, _ model: Int32) -> Int32 {
    ListTable.with(handle) { entry in
        entry.store.pendingInsert = model
        defer { entry.store.pendingInsert = -1 }
        return ListExportStatus.run { () throws(EditingError) in
            try entry.editor.insertRequested(at: ListIndexPath(section: section, row: Int(row)))
        }
    }
}

/// The user dropped a row at a new place (`toRow` is its row after the move). Returns 3 (moved), 4 (unchanged)
/// or a negative code.
@_expose(wasm, "riffle_list_move")
@_cdecl("riffle_list_move")
public func riffle_list_move(
    _ handle: Int32, _ fromSection: Int32, _ fromRow: Int32, _ toSection: Int32, _ toRow: Int32
) -> Int32 {
    ListTable.with(handle) { entry in
        ListExportStatus.run { () throws(EditingError) in
            try entry.editor.moveRequested(
                from: ListIndexPath(section: fromSection, row: Int(fromRow)),
                to: ListIndexPath(section: toSection, row: Int(toRow)))
        }
    }
}

// MARK: Diffs

/// Writes the staged difference from the checkpoint to the current list into the exchange buffer, makes the
/// current list the checkpoint, and returns how many integers were written (−31 if they do not fit).
@_expose(wasm, "riffle_list_diff")
@_cdecl("riffle_list_diff")
public func riffle_list_diff(_ handle: Int32) -> Int32 {
    ListTable.with(handle) { entry in
        let changes = StagedListChangeset(from: entry.store.checkpoint, to: entry.store.list)
        entry.store.checkpoint = entry.store.list
        var writer = IntegerWriter()
        ListCoding.encode(changes, into: &writer)
        return writer.result
    }
}

/// Reads a list from the exchange buffer (the server's piles), writes the staged difference from the current list
/// to it, and makes it the current list and checkpoint. Returns the integer count, −30 or −31.
@_expose(wasm, "riffle_list_diff_to")
@_cdecl("riffle_list_diff_to")
public func riffle_list_diff_to(_ handle: Int32) -> Int32 {
    ListTable.with(handle) { entry in
        guard let target = ListCoding.decode() else { return ListExportStatus.malformedInput }
        let changes = StagedListChangeset(from: entry.store.list, to: target)
        entry.store.list = target
        entry.store.checkpoint = target
        var writer = IntegerWriter()
        ListCoding.encode(changes, into: &writer)
        return writer.result
    }
}
