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
/// bytes where they lie (`bindStaged`) instead of SQLite copying each
/// column into memory of its own.
struct ImportRow: Sendable {
    /// The text columns, in the order both inserts name them.
    private enum Column: Int, CaseIterable {
        case id, name, line1, line2, phone, text, items, instructions, window, searchText

        /// Bound as GRDB binds a String, up to its first NUL (`StoredText` keeps the rest whole).
        var endsAtNUL: Bool { self == .id || self == .items || self == .searchText }
    }

    /// The status the manifest gives.
    let status: DeliveryStatus
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
        status = delivery.status
        lengths = TextLengths(of: delivery)
        var bytes: [UInt8] = []
        // Room for all of it, so that the bytes are allocated once and no
        // bigger than they need: an item's JSON is its name and 25 bytes, and
        // up to 7 digits of quantity (a name to escape takes a second allocation).
        let items = delivery.items.reduce(2) { $0 + $1.name.utf8.count + 32 }
        bytes.reserveCapacity(delivery.id.utf8.count + delivery.name.utf8.count + delivery.address.line1.utf8.count
            + (delivery.address.line2?.utf8.count ?? 0) + (delivery.phone?.utf8.count ?? 0) + (delivery.text?.utf8.count ?? 0)
            + items + (delivery.instructions?.utf8.count ?? 0) + (delivery.window?.utf8.count ?? 0) + searchText.utf8.count)
        var ends = InlineArray<10, UInt32>(repeating: 0)
        var nulls: UInt16 = 0
        // Each column's bytes copied whole, in `Column` order.
        func append(_ value: String?, _ column: Column) {
            if let value {
                bytes.appendUTF8(of: value)
            } else {
                nulls |= 1 << column.rawValue
            }
            ends[column.rawValue] = UInt32(truncatingIfNeeded: bytes.count)
        }
        append(delivery.id, .id)
        append(delivery.name, .name)
        append(delivery.address.line1, .line1)
        append(delivery.address.line2, .line2)
        append(delivery.phone, .phone)
        append(delivery.text, .text)
        ItemsColumn.encode(delivery.items, appendingTo: &bytes)
        ends[Column.items.rawValue] = UInt32(truncatingIfNeeded: bytes.count)
        append(delivery.instructions, .instructions)
        append(delivery.window, .window)
        append(searchText, .searchText)
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
            StoredText.bindable(text(.phone)), StoredText.bindable(text(.text)), status.rawValue, status.rawValue, text(.items),
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

    /// The staged insert's parameter of each text column, counted from a row's first.
    private static let stagedParameters: [(Column, Int32)] = [
        (.id, 1), (.name, 2), (.line1, 3), (.line2, 4), (.phone, 5), (.text, 6), (.items, 9), (.instructions, 10),
        (.window, 11), (.searchText, 12),
    ]

    /// Parameters of one row in the staged insert.
    static let stagedParameterCount: Int32 = 14

    /// The values of one row of the staged insert, its parameters numbered
    /// from `first + 1`: ?1–?11 as `arguments`, ?12 the folded text, ?13 the
    /// row's position, ?14 the status it keeps.
    static func stagedValues(from first: Int32) -> String {
        let p = { (n: Int32) in "?\(first + n)" }
        return "(\(p(13)), \(p(1)), CAST(\(p(2)) AS TEXT), CAST(\(p(3)) AS TEXT), CAST(\(p(4)) AS TEXT), CAST(\(p(5)) AS TEXT), "
            + "CAST(\(p(6)) AS TEXT), \(p(14)), \(p(8)), \(p(9)), CAST(\(p(10)) AS TEXT), CAST(\(p(11)) AS TEXT), \(p(12)))"
    }

    /// Binds the staged insert's parameters of this row, from `first + 1`
    /// (`stagedValues`), the status it keeps being `kept` (nil: its own), and
    /// calls `body` while its text, bound where it lies, is there to read.
    func bindStaged(_ insert: BulkStatement, from first: Int32, position: Int, status kept: String?, _ body: () throws -> Void) throws {
        try bytes.withUnsafeBytes { all in
            for (column, index) in Self.stagedParameters {
                guard nulls & (1 << column.rawValue) == 0 else {
                    insert.bindNull(at: first + index)
                    continue
                }
                insert.bind(lyingAt: bound(column, in: all), at: first + index)
            }
            insert.bind(literal: status.literal, at: first + 7)
            insert.bind(literal: status.literal, at: first + 8)
            insert.bind(position, at: first + 13)
            if let kept { insert.bindUpToNUL(kept, at: first + 14) } else { insert.bind(literal: status.literal, at: first + 14) }
            try body()
        }
    }
}
