/// What a terminal answered to the glyph probe, parsed from raw bytes:
/// cursor position reports (`ESC [ row ; column R`), an XTVERSION name
/// (`ESC P > | name ESC \`) and whether the closing status report
/// (`ESC [ 0 n`) came, after which nothing more is due.
public struct ProbeReplies: Sendable, Hashable {
    /// Columns of the cursor position reports, in order.
    public var cursorColumns: [Int] = []
    public var version: String?
    public var isComplete = false

    public init(cursorColumns: [Int] = [], version: String? = nil, isComplete: Bool = false) {
        self.cursorColumns = cursorColumns
        self.version = version
        self.isComplete = isComplete
    }

    public init(parsing bytes: [UInt8]) {
        var index = 0
        func at(_ i: Int) -> UInt8? { i < bytes.count ? bytes[i] : nil }
        while index < bytes.count {
            guard bytes[index] == 0x1B else { index += 1; continue }
            if at(index + 1) == UInt8(ascii: "[") {
                // CSI: parameters then a final byte.
                var end = index + 2
                while let byte = at(end), (0x30 ... 0x3F).contains(byte) { end += 1 }
                guard let final = at(end) else { break }
                let parameters = String(decoding: bytes[(index + 2) ..< end], as: UTF8.self)
                if final == UInt8(ascii: "R") {
                    let parts = parameters.split(separator: ";")
                    if parts.count == 2, let column = Int(parts[1]) { cursorColumns.append(column) }
                } else if final == UInt8(ascii: "n"), parameters == "0" {
                    isComplete = true
                }
                index = end + 1
            } else if at(index + 1) == UInt8(ascii: "P") {
                // DCS up to ST (ESC \).
                var end = index + 2
                while end + 1 < bytes.count, !(bytes[end] == 0x1B && bytes[end + 1] == UInt8(ascii: "\\")) { end += 1 }
                guard end + 1 < bytes.count else { break }
                let body = String(decoding: bytes[(index + 2) ..< end], as: UTF8.self)
                if body.hasPrefix(">|") { version = String(body.dropFirst(2)) }
                index = end + 2
            } else {
                index += 1
            }
        }
    }
}
