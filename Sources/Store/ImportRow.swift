import Foundation
import GRDB
import Manifest
import Model

/// One delivery made ready for the import's insert: its column values and its text lengths.
///
/// Prepared on the reading thread (the items encoded, the search text
/// folded), so the writer only binds and steps. Its text columns are kept
/// as one run of UTF-8 bytes: handing a row over or copying it is one
/// reference rather than one per column, and the staged insert binds the
/// bytes where they lie (`insertStaged`) instead of SQLite copying each
/// column into memory of its own.
struct ImportRow: Sendable {
    /// The text columns, in the order both inserts name them.
    private enum Column: Int, CaseIterable {
        case id, name, line1, line2, phone, text, items, instructions, window, searchText

        /// Bound as GRDB binds a String, up to its first NUL (`StoredText` keeps the rest whole).
        var endsAtNUL: Bool { self == .id || self == .items || self == .searchText }
    }

    /// The status the manifest gives.
    let status: String
    let lengths: TextLengths
    /// Every text column's bytes, one after another.
    private let bytes: [UInt8]
    /// Where each column's bytes end in `bytes`.
    private let ends: InlineArray<10, UInt32>
    /// The columns that are NULL, a bit each by `Column.rawValue`.
    private let nulls: UInt16

    /// `searchText` is its folded search text (`StoreSchema.folded`), made by
    /// the caller, which also gathers its words.
    init(_ delivery: Delivery, searchText: String) {
        status = delivery.status.rawValue
        lengths = TextLengths(of: delivery)
        let items = ItemsColumn.encode(delivery.items)
        // Each column's value in `Column` order, given to `body`.
        func forEachValue(_ body: (String?) -> Void) {
            for value in [delivery.id, delivery.name, delivery.address.line1, delivery.address.line2, delivery.phone, delivery.text,
                          items, delivery.instructions, delivery.window, searchText] as [String?] {
                body(value)
            }
        }
        var count = 0
        forEachValue { count += $0?.utf8.count ?? 0 }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        var ends = InlineArray<10, UInt32>(repeating: 0)
        var nulls: UInt16 = 0
        var index = 0
        forEachValue { value in
            if let value { bytes.append(contentsOf: value.utf8) } else { nulls |= 1 << index }
            ends[index] = UInt32(truncatingIfNeeded: bytes.count)
            index += 1
        }
        self.bytes = bytes
        self.ends = ends
        self.nulls = nulls
    }

    /// The row of `delivery`, its search text folded here.
    init(_ delivery: Delivery) {
        self.init(delivery, searchText: StoreSchema.folded(id: delivery.id, name: delivery.name, address: delivery.address))
    }

    var id: String { text(.id) ?? "" }

    private func range(_ column: Column) -> Range<Int> {
        let index = column.rawValue
        return (index == 0 ? 0 : Int(ends[index - 1])) ..< Int(ends[index])
    }

    private func text(_ column: Column) -> String? {
        nulls & (1 << column.rawValue) != 0 ? nil : String(decoding: bytes[range(column)], as: UTF8.self)
    }

    /// id, name, line1, line2, phone, text, status, importedStatus, items,
    /// instructions, window: the order of the columns both inserts name.
    var arguments: StatementArguments {
        [
            id, StoredText.bindable(text(.name)), StoredText.bindable(text(.line1)), StoredText.bindable(text(.line2)),
            StoredText.bindable(text(.phone)), StoredText.bindable(text(.text)), status, status, text(.items),
            StoredText.bindable(text(.instructions)), StoredText.bindable(text(.window)),
        ]
    }

    /// The bytes of `column` within `all` (this row's), as they are bound.
    private func bound(_ column: Column, in all: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        let text = UnsafeRawBufferPointer(rebasing: all[range(column)])
        guard column.endsAtNUL, let nul = text.firstIndex(of: 0) else { return text }
        return UnsafeRawBufferPointer(rebasing: text[..<nul])
    }

    /// Whether this row's id, as bound, sorts before `other`'s (SQLite's `BINARY`).
    func idPrecedes(_ other: ImportRow) -> Bool {
        bytes.withUnsafeBytes { mine in
            other.bytes.withUnsafeBytes { theirs in
                let (a, b) = (bound(.id, in: mine), other.bound(.id, in: theirs))
                guard let start = a.baseAddress, let otherStart = b.baseAddress else { return a.count < b.count }
                let order = memcmp(start, otherStart, min(a.count, b.count))
                return order != 0 ? order < 0 : a.count < b.count
            }
        }
    }

    /// Runs `lookup`, a query of one parameter, with this row's id (as the
    /// inserts bind it), and gives `read` its first row, or nil for none.
    func lookUp<T>(in lookup: BulkStatement, _ read: (BulkStatement) -> T) throws -> T? {
        try bytes.withUnsafeBytes { all in
            lookup.bind(lyingAt: bound(.id, in: all), at: 1)
            return try lookup.first(read)
        }
    }

    /// The staged insert's parameter of each text column.
    private static let stagedParameters: [(Column, Int32)] = [
        (.id, 1), (.name, 2), (.line1, 3), (.line2, 4), (.phone, 5), (.text, 6), (.items, 9), (.instructions, 10),
        (.window, 11), (.searchText, 12),
    ]

    /// Binds the staged insert's parameters (`StagedImport.write`) and runs
    /// it: ?1–?11 as `arguments`, ?12 the folded text, ?13 the row's position,
    /// ?14 the status it keeps. The text is bound where it lies, for the
    /// insert only.
    func insertStaged(_ insert: BulkStatement, position: Int, status kept: String) throws {
        try bytes.withUnsafeBytes { all in
            for (column, index) in Self.stagedParameters {
                guard nulls & (1 << column.rawValue) == 0 else {
                    insert.bindNull(at: index)
                    continue
                }
                insert.bind(lyingAt: bound(column, in: all), at: index)
            }
            insert.bindUpToNUL(status, at: 7)
            insert.bindUpToNUL(status, at: 8)
            insert.bind(position, at: 13)
            insert.bindUpToNUL(kept, at: 14)
            try insert.run()
        }
    }
}
