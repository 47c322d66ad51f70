import Foundation
import Model

/// How a delivery's items are kept in one TEXT column: a small JSON array,
/// readable with the sqlite3 shell and its JSON functions.
enum ItemsColumn {
    static func encode(_ items: [Item]) -> String {
        var json = "["
        for (index, item) in items.enumerated() {
            if index > 0 { json += "," }
            json += "{\"name\":"
            appendQuoted(item.name, to: &json)
            json += ",\"quantity\":\(item.quantity)}"
        }
        return json + "]"
    }

    static func decode(_ json: String) -> [Item] {
        if json == "[]" { return [] }
        return (try? JSONDecoder().decode([Item].self, from: Data(json.utf8))) ?? []
    }

    private static func appendQuoted(_ text: String, to json: inout String) {
        json += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": json += "\\\""
            case "\\": json += "\\\\"
            case "\n": json += "\\n"
            case "\r": json += "\\r"
            case "\t": json += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                json += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: json.unicodeScalars.append(scalar)
            }
        }
        json += "\""
    }
}
