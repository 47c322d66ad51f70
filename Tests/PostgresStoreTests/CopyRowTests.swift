import Manifest
import Model
import NIOCore
@testable import PostgresStore
import Store
import Testing

/// A delivery's COPY line, read back by COPY's text-format rules, gives every
/// field as it was (no server needed; the load tests send such lines to one).
struct CopyRowTests {
    /// A line's fields as the server reads them: split at tabs, `\N` is NULL, escapes undone.
    /// `text` escaped as a field's (`CopyRow.LineWriter.escaped`), written into `buffer`.
    private static func writeEscaped(_ text: String, _ buffer: inout ByteBuffer) {
        let bytes = Array(text.utf8)
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: 2 * bytes.count) { free in
            guard let base = free.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return 0 }
            var line = CopyRow.LineWriter(base: base)
            bytes.withUnsafeBufferPointer { line.escaped($0) }
            return line.count
        }
    }

    private static func fields(of line: String) -> [String?] {
        line.split(separator: "\t", omittingEmptySubsequences: false).map { field -> String? in
            if field == "\\N" { return nil }
            var value = ""
            var escaping = false
            for character in field.unicodeScalars {
                if escaping {
                    switch character {
                    case "t": value += "\t"
                    case "n": value += "\n"
                    case "r": value += "\r"
                    default: value.unicodeScalars.append(character)
                    }
                    escaping = false
                } else if character == "\\" {
                    escaping = true
                } else {
                    value.unicodeScalars.append(character)
                }
            }
            return value
        }
    }

    @Test func everyFieldReadsBackAsItWas() {
        var deliveries = PostgresFixture.deliveries(count: 400)
        deliveries[3] = Delivery(id: "X\\N", name: "\r\n", address: Address(line1: "\\", line2: ""), phone: nil, text: "\t",
                                 status: .failed, items: [], instructions: nil, window: "\\\\t")
        var buffer = ByteBuffer()
        var items: [UInt8] = [9, 9, 9]
        for (index, delivery) in deliveries.enumerated() {
            let searchText = CopyRow.searchText(of: delivery)
            CopyRow.append(delivery, sequence: Int32(index + 1), searchText: searchText, items: &items, to: &buffer)
        }
        let lines = String(buffer: buffer).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == deliveries.count + 1 && lines.last == "", "a line a delivery, each ending in a newline")
        for (index, delivery) in deliveries.enumerated() where index < lines.count {
            let lengths = TextLengths(of: delivery)
            let expected: [String?] = [
                String(index + 1), delivery.id, delivery.name, delivery.address.line1, delivery.address.line2, delivery.phone,
                delivery.text, delivery.status.rawValue, ItemsColumn.encode(delivery.items), delivery.instructions, delivery.window,
                String(lengths.name), String(lengths.address), String(lengths.window), CopyRow.searchText(of: delivery),
                delivery.status.rawValue,
            ]
            #expect(expected.count == CopyRow.columns(first: "position").count)
            #expect(Self.fields(of: String(lines[index])) == expected, "delivery \(index)")
        }
    }

    @Test func anEscapedWordIsItsTextWithTheFourEscapes() {
        var buffer = ByteBuffer()
        for text in ["a\\b\tc\nd\re ü", ""] {
            Self.writeEscaped(text, &buffer)
        }
        #expect(String(buffer: buffer) == "a\\\\b\\tc\\nd\\re ü")
    }

    @Test func eightBytesAtATimeMissNoByteThatNeedsAnEscape() {
        // Each byte value at each place of a word, among bytes that need none and bytes that borrow (0x00, 0x80, 0xFF).
        for value in 0 ... 255 {
            for place in 0 ..< 8 {
                for filler: UInt8 in [0x41, 0xFF, 0x80, 0x5D, 0x0E] {
                    var bytes = [UInt8](repeating: filler, count: 8)
                    bytes[place] = UInt8(value)
                    let word = bytes.withUnsafeBufferPointer { $0.baseAddress.map(ByteWord.load) ?? 0 }
                    let escaped: Set<UInt8> = [UInt8(ascii: "\\"), 0x09, 0x0A, 0x0D]
                    let needs = bytes.contains { escaped.contains($0) }
                    if needs { #expect(CopyRow.escapeCandidates(word) != 0, "byte \(value) at \(place) among \(filler)") }
                }
            }
        }
        #expect(0 == CopyRow.escapeCandidates(Array("Abbey Rd".utf8).withUnsafeBufferPointer { $0.baseAddress.map(ByteWord.load) ?? 0 }))
    }

    @Test func anEscapeIsFoundWhereverItFallsInALongText() {
        // Every place in texts longer than a word, so an escape falls in the eight-byte steps and in the tail.
        for length in [1, 7, 8, 9, 16, 23] {
            for place in 0 ..< length {
                for special in ["\\", "\t", "\n", "\r"] {
                    var characters = [String](repeating: "é", count: length)
                    characters[place] = special
                    let text = characters.joined()
                    var buffer = ByteBuffer()
                    Self.writeEscaped(text, &buffer)
                    let written = String(buffer: buffer)
                    #expect(Self.fields(of: written) == [text], "\(text.debugDescription)")
                }
            }
        }
    }
}
