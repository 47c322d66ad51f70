import Foundation
import Model

/// How a delivery's items are kept in one TEXT column: a small JSON array,
/// `[{"name":"Tea","quantity":2}]`, readable with the sqlite3 shell and its
/// JSON functions.
///
/// Decoding is on the paging path (every row a screen shows), so the exact
/// form `encode` writes is read by a direct scan; anything else (a column
/// edited by hand) goes through `JSONDecoder`.
public enum ItemsColumn {
    public static func encode(_ items: [Item]) -> String {
        // Built as UTF-8 bytes: an import encodes a million of these.
        var json: [UInt8] = [UInt8(ascii: "[")]
        for (index, item) in items.enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            json.append(contentsOf: #"{"name":"#.utf8)
            appendQuoted(item.name, to: &json)
            json.append(contentsOf: #","quantity":"#.utf8)
            json.append(contentsOf: String(item.quantity).utf8)
            json.append(UInt8(ascii: "}"))
        }
        json.append(UInt8(ascii: "]"))
        return String(decoding: json, as: UTF8.self)
    }

    public static func decode(_ json: String) -> [Item] {
        if json == "[]" { return [] }
        var utf8 = json
        if let items = utf8.withUTF8({ scan($0) }) { return items }
        return (try? JSONDecoder().decode([Item].self, from: Data(json.utf8))) ?? []
    }

    // MARK: - Encoding

    /// `text` as a JSON string: quote, backslash and control characters escaped.
    /// Bytes of multi-byte characters are never below 0x80, so they are copied as they are.
    private static func appendQuoted(_ text: String, to json: inout [UInt8]) {
        json.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): json.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): json.append(contentsOf: #"\\"#.utf8)
            case UInt8(ascii: "\n"): json.append(contentsOf: #"\n"#.utf8)
            case UInt8(ascii: "\r"): json.append(contentsOf: #"\r"#.utf8)
            case UInt8(ascii: "\t"): json.append(contentsOf: #"\t"#.utf8)
            case 0 ..< 0x20:
                let hex = String(byte, radix: 16)
                json.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            default: json.append(byte)
            }
        }
        json.append(UInt8(ascii: "\""))
    }

    // MARK: - Decoding what `encode` wrote

    /// Reads exactly `encode`'s output; nil for anything else.
    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> [Item]? {
        var index = 0
        func expect(_ literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            let matches = literal.withUTF8Buffer { expected in
                (0..<count).allSatisfy { bytes[index + $0] == expected[$0] }
            }
            if matches { index += count }
            return matches
        }
        guard expect("[") else { return nil }
        var items: [Item] = []
        repeat {
            guard expect("{\"name\":\""), let name = string(bytes, &index), expect(",\"quantity\":") else { return nil }
            var quantity = 0
            var digits = 0
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39, digits < 18 {
                quantity = quantity * 10 + Int(bytes[index] - 0x30)
                index += 1
                digits += 1
            }
            guard digits > 0, expect("}") else { return nil }
            items.append(Item(name: name, quantity: quantity))
        } while expect(",")
        return expect("]") && index == bytes.count ? items : nil
    }

    /// The string from the offset to its closing quote (consumed), undoing `appendQuoted`'s escapes.
    private static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> String? {
        let start = index
        while index < bytes.count, bytes[index] != 0x22, bytes[index] != 0x5C { index += 1 }
        guard index < bytes.count else { return nil }
        if bytes[index] == 0x22 {
            defer { index += 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        }
        var text = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x22 {
                index += 1
                return String(decoding: text, as: UTF8.self)
            }
            guard byte == 0x5C else {
                text.append(byte)
                index += 1
                continue
            }
            guard index + 1 < bytes.count else { return nil }
            let escaped = bytes[index + 1]
            index += 2
            switch escaped {
            case 0x22, 0x5C, 0x2F: text.append(escaped)
            case 0x6E: text.append(0x0A)
            case 0x72: text.append(0x0D)
            case 0x74: text.append(0x09)
            case 0x75:
                guard index + 4 <= bytes.count,
                      let value = UInt8(String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<(index + 4)]), as: UTF8.self), radix: 16),
                      value < 0x20
                else { return nil }
                text.append(value)
                index += 4
            default: return nil
            }
        }
        return nil
    }
}
