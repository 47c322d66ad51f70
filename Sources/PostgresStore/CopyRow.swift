import Manifest
import Model
import PostgresNIO
import Store

/// One delivery as a line of COPY text format, for `delivery` itself or the
/// import's temporary table (`columns`, in this order): tab-separated, `\N`
/// for NULL, and backslash, tab, newline and carriage return escaped, so no
/// value can end a field or a row early.
///
/// A line is written straight into the buffer's free bytes, room for the
/// longest it can be made first: an import writes a million of them, and
/// writing a byte at a time through `ByteBuffer`, or making a String of
/// each number and of the items, cost seconds.
enum CopyRow {
    /// The columns of a line: `sequence` goes in the first (`position`, or the temporary table's `seq`).
    static func columns(first: String) -> [String] {
        [first, "id", "name", "line1", "line2", "phone", "text_number", "status", "items", "instructions", "delivery_window",
         "name_length", "address_length", "window_length", "search_text", "imported_status"]
    }

    /// `searchText`: `searchText(of: delivery)`, which the caller also indexes
    /// (`SearchWords`); `items`: a buffer the items' JSON is made in, kept by
    /// the caller from row to row.
    static func append(
        _ delivery: Delivery, sequence: Int32, searchText: String, items: inout [UInt8], to buffer: inout ByteBuffer
    ) {
        let lengths = TextLengths(of: delivery)
        items.removeAll(keepingCapacity: true)
        ItemsColumn.encode(delivery.items, appendingTo: &items)
        func bytes(_ text: String?) -> Int { text?.utf8.count ?? 2 }
        let textBytes = bytes(delivery.id) + bytes(delivery.name) + bytes(delivery.address.line1) + bytes(delivery.address.line2)
            + bytes(delivery.phone) + bytes(delivery.text) + bytes(delivery.instructions) + bytes(delivery.window)
            + bytes(searchText) + 2 * bytes(delivery.status.rawValue) + items.count
        // Every byte of a text may double when escaped; then 15 tabs, a newline, and four numbers of 20 digits at most.
        let most = 2 * textBytes + 16 + 4 * 20
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: most) { free in
            guard let base = free.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return 0 }
            var line = LineWriter(base: base)
            line.number(Int(sequence))
            line.field(delivery.id)
            line.field(delivery.name)
            line.field(delivery.address.line1)
            line.field(delivery.address.line2)
            line.field(delivery.phone)
            line.field(delivery.text)
            line.field(delivery.status.rawValue)
            line.tab()
            items.withUnsafeBufferPointer { line.escaped($0) }
            line.field(delivery.instructions)
            line.field(delivery.window)
            line.tab()
            line.number(lengths.name)
            line.tab()
            line.number(lengths.address)
            line.tab()
            line.number(lengths.window)
            line.field(searchText)
            line.field(delivery.status.rawValue)
            line.byte(UInt8(ascii: "\n"))
            return line.count
        }
    }

    /// What search looks in: id, name and address, folded as the SQLite store folds them.
    static func searchText(of delivery: Delivery) -> String {
        SubstringSearch.searchedText(
            id: delivery.id, name: delivery.name, line1: delivery.address.line1, line2: delivery.address.line2)
    }

    /// The bytes of eight that may need an escape (`ByteWord`): a backslash,
    /// or below 0x0E (tab, newline and carriage return are).
    static func escapeCandidates(_ word: UInt64) -> UInt64 {
        ByteWord.marks(UInt8(ascii: "\\"), in: word) | ByteWord.marksBelow(0x0E, in: word)
    }

    /// Writes a line's bytes into memory the caller has made room in.
    struct LineWriter {
        let base: UnsafeMutablePointer<UInt8>
        var count = 0

        mutating func byte(_ byte: UInt8) {
            base[count] = byte
            count += 1
        }

        mutating func tab() { byte(UInt8(ascii: "\t")) }

        /// A tab, then `value` escaped, or `\N` for nil.
        mutating func field(_ value: String?) {
            tab()
            guard var value else {
                byte(UInt8(ascii: "\\"))
                byte(UInt8(ascii: "N"))
                return
            }
            value.withUTF8 { escaped($0) }
        }

        /// `bytes` with the four escapes; runs between them copied whole.
        mutating func escaped(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let source = bytes.baseAddress else { return }
            var start = 0
            var index = 0
            while index < bytes.count {
                // Eight bytes at a time to the next that may need an escape (most texts have none at all).
                index = ByteWord.skip(source, from: index, to: bytes.count, unmarkedBy: CopyRow.escapeCandidates)
                guard index < bytes.count else { break }
                let value = source[index]
                index += 1
                // Only backslash and three bytes below 0x0E need escaping: two comparisons pass any other byte.
                if value > UInt8(ascii: "\\") || (value != UInt8(ascii: "\\") && value > 0x0D) { continue }
                let escape: UInt8
                switch value {
                case UInt8(ascii: "\\"): escape = UInt8(ascii: "\\")
                case UInt8(ascii: "\t"): escape = UInt8(ascii: "t")
                case UInt8(ascii: "\n"): escape = UInt8(ascii: "n")
                case UInt8(ascii: "\r"): escape = UInt8(ascii: "r")
                default: continue
                }
                copy(source + start, count: index - 1 - start)
                byte(UInt8(ascii: "\\"))
                byte(escape)
                start = index
            }
            copy(source + start, count: bytes.count - start)
        }

        private mutating func copy(_ source: UnsafePointer<UInt8>, count length: Int) {
            (base + count).update(from: source, count: length)
            count += length
        }

        /// A number in decimal (at most 20 bytes).
        mutating func number(_ value: Int) {
            if value < 0 { byte(UInt8(ascii: "-")) }
            count += DecimalText.write(value.magnitude, at: base + count)
        }

        /// `bytes` as a `bytea` field: hex (`\\x…`), its backslash escaped for the COPY text format (3 + 2 × `bytes.count` bytes).
        mutating func bytea(_ bytes: UnsafeRawBufferPointer) {
            byte(UInt8(ascii: "\\"))
            byte(UInt8(ascii: "\\"))
            byte(UInt8(ascii: "x"))
            let digits: StaticString = "0123456789abcdef"
            let hex = digits.utf8Start
            for value in bytes {
                base[count] = hex[Int(value >> 4)]
                base[count + 1] = hex[Int(value & 0x0F)]
                count += 2
            }
        }
    }
}
