import Model

/// A one-pass scanner over the UTF-8 bytes of a JSON text: the tokens and
/// values of JSON, each error placed at its line and column.
///
/// Foundation's JSON readers report no line or column on Linux, build a tree
/// of the whole text (too big at a million deliveries), and repair bad UTF-8
/// silently; this scanner validates every byte, knows the offset of every
/// value, and builds nothing but the strings and numbers asked for, so the
/// schema on top of it (`ManifestParser`) streams.
///
/// Problems that still leave the text readable (bad UTF-8 in a string, a
/// string over the size limit) are noted in `problem` and the scan goes on,
/// so that the schema can still name the delivery they are in; syntax errors
/// throw at once.
struct JSONScanner {
    private let base: UnsafePointer<UInt8>
    private let end: Int
    /// The file as the user named it, for messages.
    let file: String
    /// The longest string accepted, in UTF-8 bytes.
    let maximumFieldBytes: Int
    /// The offset of the next byte to read.
    private(set) var offset = 0
    static let maximumDepth = 512

    /// `base` must point at `count` bytes (at least one) that stay valid while the scanner is used.
    init(base: UnsafePointer<UInt8>, count: Int, file: String, maximumFieldBytes: Int) {
        self.base = base
        self.end = count
        self.file = file
        self.maximumFieldBytes = maximumFieldBytes
    }

    /// Skips a UTF-8 byte order mark at the start.
    mutating func skipByteOrderMark() {
        if offset == 0, end >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF { offset = 3 }
    }

    /// Moves to `offset`, a place an earlier pass over the same bytes stopped at.
    mutating func seek(to offset: Int) {
        self.offset = min(max(offset, 0), end)
    }

    /// Whether every byte has been read.
    var isAtEnd: Bool { offset >= end }

    // MARK: - Values

    /// Consumes an opening bracket or brace; returns false when the container is empty.
    mutating func openContainer(close: UInt8) throws(ManifestError) -> Bool {
        offset += 1
        skipWhitespace()
        if offset < end, base[offset] == close {
            offset += 1
            return false
        }
        return true
    }

    /// After an element: consumes a comma (true, another element follows) or the closing byte (false).
    mutating func continueContainer(close: UInt8, what: String) throws(ManifestError) -> Bool {
        skipWhitespace()
        guard offset < end else { throw syntaxError("unexpected end of file; expected ',' or '\(Character(Unicode.Scalar(close)))'") }
        switch base[offset] {
        case JSONByte.comma:
            offset += 1
            skipWhitespace()
            if offset < end, base[offset] == close {
                throw syntaxError("expected \(what) after ',', found '\(Character(Unicode.Scalar(close)))' (trailing comma)")
            }
            return true
        case close:
            offset += 1
            return false
        default:
            throw syntaxError("expected ',' or '\(Character(Unicode.Scalar(close)))' after \(what), found \(describeByte(at: offset))")
        }
    }

    /// Reads `"key"` and the colon after it, leaving the offset on the value.
    mutating func readKey(problem: inout ManifestError?) throws(ManifestError) -> ManifestKey {
        skipWhitespace()
        guard offset < end, base[offset] == JSONByte.quote else {
            throw syntaxError("expected a field name in double quotes, found \(describeByte(at: offset))")
        }
        // Fast path: a short plain-ASCII name, matched in place; eight bytes at a time to its end.
        var close = ByteWord.skip(base, from: offset + 1, to: min(end, offset + 17), unmarkedBy: Self.notPlainString)
        while close < end, close - offset <= 16, base[close] > 0x20, base[close] < 0x7F,
              base[close] != JSONByte.quote, base[close] != JSONByte.backslash {
            close += 1
        }
        let key: ManifestKey
        if close < end, base[close] == JSONByte.quote {
            key = ManifestKey.match(UnsafeBufferPointer(start: base + offset + 1, count: close - offset - 1))
            offset = close + 1
        } else {
            key = ManifestKey.named(try readString(field: nil, problem: &problem))
        }
        skipWhitespace()
        guard offset < end, base[offset] == JSONByte.colon else {
            throw syntaxError("expected ':' after the field name, found \(describeByte(at: offset))")
        }
        offset += 1
        skipWhitespace()
        guard offset < end else { throw syntaxError("unexpected end of file; expected a value") }
        return key
    }

    /// Skips any JSON value, still checking its syntax and UTF-8.
    mutating func skipValue(depth: Int, problem: inout ManifestError?) throws(ManifestError) {
        guard depth < Self.maximumDepth else { throw syntaxError("values are nested too deeply") }
        guard offset < end else { throw syntaxError("unexpected end of file; expected a value") }
        switch base[offset] {
        case JSONByte.quote: _ = try readString(field: nil, problem: &problem)
        case JSONByte.openBrace:
            if try openContainer(close: JSONByte.closeBrace) {
                repeat {
                    _ = try readKey(problem: &problem)
                    try skipValue(depth: depth + 1, problem: &problem)
                } while try continueContainer(close: JSONByte.closeBrace, what: "a field")
            }
        case JSONByte.openBracket:
            if try openContainer(close: JSONByte.closeBracket) {
                repeat {
                    skipWhitespace()
                    try skipValue(depth: depth + 1, problem: &problem)
                } while try continueContainer(close: JSONByte.closeBracket, what: "a value")
            }
        case JSONByte.t: try readLiteral("true")
        case JSONByte.f: try readLiteral("false")
        case JSONByte.n: try readLiteral("null")
        case JSONByte.minus, JSONByte.zero...JSONByte.nine: _ = try readNumber()
        default: throw syntaxError("expected a value, found \(describeByte(at: offset))")
        }
    }

    mutating func readNull() throws(ManifestError) -> Bool {
        try readLiteral("null")
        return true
    }

    private mutating func readLiteral(_ literal: StaticString) throws(ManifestError) {
        let start = offset
        let count = literal.utf8CodeUnitCount
        let matches = literal.withUTF8Buffer { expected in
            guard start + count <= end else { return false }
            for index in 0..<count where base[start + index] != expected[index] { return false }
            return true
        }
        guard matches else { throw syntaxError("invalid literal; expected \(literal)") }
        offset += count
    }

    /// Reads a JSON number; returns its value when it is an integer that fits in `Int`, else nil.
    mutating func readNumber() throws(ManifestError) -> Int? {
        var negative = false
        if peek == JSONByte.minus {
            negative = true
            offset += 1
        }
        guard offset < end, isDigit(base[offset]) else { throw syntaxError("invalid number: expected a digit") }
        var value = 0
        var fits = true
        if base[offset] == JSONByte.zero {
            offset += 1
        } else {
            while offset < end, isDigit(base[offset]) {
                let digit = Int(base[offset] - JSONByte.zero)
                let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times.addingReportingOverflow(negative ? -digit : digit)
                if overflow1 || overflow2 { fits = false } else { value = sum }
                offset += 1
            }
        }
        var integral = true
        if offset < end, base[offset] == JSONByte.dot {
            integral = false
            offset += 1
            guard offset < end, isDigit(base[offset]) else {
                throw syntaxError("invalid number: expected a digit after '.'")
            }
            while offset < end, isDigit(base[offset]) { offset += 1 }
        }
        if offset < end, base[offset] == JSONByte.e || base[offset] == JSONByte.capitalE {
            integral = false
            offset += 1
            if offset < end, base[offset] == JSONByte.plus || base[offset] == JSONByte.minus { offset += 1 }
            guard offset < end, isDigit(base[offset]) else {
                throw syntaxError("invalid number: expected a digit in the exponent")
            }
            while offset < end, isDigit(base[offset]) { offset += 1 }
        }
        return integral && fits ? value : nil
    }

    /// Reads a string at the offset (on its opening quote). Invalid UTF-8 and
    /// over-long strings are noted as problems and the scan goes on to the
    /// closing quote, so that the delivery's id can still be named.
    mutating func readString(
        field: @autoclosure () -> String?, keep: Bool = true, refusingNUL nulRefusal: String? = nil, problem: inout ManifestError?
    ) throws(ManifestError) -> String {
        let quoteOffset = offset
        let start = offset + 1
        var index = start
        var valid = true
        // Fast path: no escapes, so the bytes are the string.
        while true {
            // Eight bytes at a time to the next that is not plain ASCII of a string: the closing quote, say.
            index = ByteWord.skip(base, from: index, to: end, unmarkedBy: Self.notPlainString)
            guard index < end else { throw failure(.syntax, at: quoteOffset, field: nil, "unterminated string") }
            let byte = base[index]
            if byte == JSONByte.quote { break }
            if byte == JSONByte.backslash {
                return try readEscapedString(field: field, from: index, refusingNUL: nulRefusal, problem: &problem)
            }
            index += try characterLength(at: index, field: field, valid: &valid, problem: &problem)
        }
        offset = index + 1
        let length = index - start
        if length > maximumFieldBytes {
            note(&problem, tooLarge(field: field(), at: quoteOffset, length: length))
            return ""
        }
        if !valid || !keep { return "" }
        return String(decoding: UnsafeBufferPointer(start: base + start, count: length), as: UTF8.self)
    }

    /// The bytes of a word that end or escape a string or need a closer
    /// look (a control, a byte beyond ASCII): what fast paths stop at.
    @inline(__always)
    private static func notPlainString(_ word: UInt64) -> UInt64 {
        ByteWord.marks(JSONByte.quote, in: word) | ByteWord.marks(JSONByte.backslash, in: word)
            | ByteWord.marksBelow(0x20, in: word) | ByteWord.marksNonASCII(word)
    }

    /// The slow path of `readString` once a backslash is seen at `escapeIndex`;
    /// `nulRefusal`: why `\u0000` is a problem here, or nil when it is not.
    private mutating func readEscapedString(
        field: () -> String?, from escapeIndex: Int, refusingNUL nulRefusal: String?, problem: inout ManifestError?
    ) throws(ManifestError) -> String {
        let quoteOffset = offset
        var bytes: [UInt8] = Array(UnsafeBufferPointer(start: base + quoteOffset + 1, count: escapeIndex - quoteOffset - 1))
        var index = escapeIndex
        var valid = true
        while true {
            guard index < end else { throw failure(.syntax, at: quoteOffset, field: nil, "unterminated string") }
            let byte = base[index]
            if byte == JSONByte.quote { break }
            if byte == JSONByte.backslash {
                guard index + 1 < end else { throw failure(.syntax, at: quoteOffset, field: nil, "unterminated string") }
                let escaped = base[index + 1]
                index += 2
                switch escaped {
                case JSONByte.quote, JSONByte.backslash, JSONByte.slash: bytes.append(escaped)
                case JSONByte.b: bytes.append(0x08)
                case JSONByte.f: bytes.append(0x0C)
                case JSONByte.n: bytes.append(0x0A)
                case JSONByte.r: bytes.append(0x0D)
                case JSONByte.t: bytes.append(0x09)
                case JSONByte.u:
                    let escapeStart = index - 2
                    var scalar = try readHex4(at: index)
                    index += 4
                    if (0xD800..<0xDC00).contains(scalar) {
                        let pairsWithLow = index + 6 <= end && base[index] == JSONByte.backslash && base[index + 1] == JSONByte.u
                        let low = pairsWithLow ? try readHex4(at: index + 2) : -1
                        if (0xDC00..<0xE000).contains(low) {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                            index += 6
                        } else {
                            note(&problem, failure(.invalidUTF8, at: escapeStart, field: field(),
                                                   "\\u\(hex4(scalar)) is an unpaired surrogate"))
                            valid = false
                            continue
                        }
                    } else if (0xDC00..<0xE000).contains(scalar) {
                        note(&problem, failure(.invalidUTF8, at: escapeStart, field: field(),
                                               "\\u\(hex4(scalar)) is an unpaired surrogate"))
                        valid = false
                        continue
                    }
                    if scalar == 0, let nulRefusal {
                        note(&problem, failure(.unstorable, at: escapeStart, field: field(), nulRefusal))
                        valid = false
                        continue
                    }
                    if let unicodeScalar = Unicode.Scalar(UInt32(scalar)) {
                        UTF8.encode(unicodeScalar) { bytes.append($0) }
                    }
                default:
                    throw failure(.syntax, at: index - 2, field: nil, "invalid escape '\\\(describeRaw(escaped))' in a string")
                }
                continue
            }
            let length = try characterLength(at: index, field: field, valid: &valid, problem: &problem)
            bytes.append(contentsOf: UnsafeBufferPointer(start: base + index, count: length))
            index += length
        }
        offset = index + 1
        if bytes.count > maximumFieldBytes {
            note(&problem, tooLarge(field: field(), at: quoteOffset, length: bytes.count))
            return ""
        }
        if !valid { return "" }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The length in bytes of the character at `index` in a string (not its
    /// closing quote or a backslash). A raw control character is a syntax
    /// error; an invalid UTF-8 byte is noted, makes the string invalid and counts as one byte.
    @inline(__always)
    private func characterLength(
        at index: Int, field: () -> String?, valid: inout Bool, problem: inout ManifestError?
    ) throws(ManifestError) -> Int {
        let byte = base[index]
        if byte >= 0x20, byte < 0x80 { return 1 }
        if byte < 0x20 {
            throw failure(.syntax, at: index, field: nil, "control character U+\(hex4(Int(byte))) in a string must be escaped")
        }
        if let length = utf8SequenceLength(at: index) { return length }
        note(&problem, failure(.invalidUTF8, at: index, field: field(),
                               "invalid UTF-8 byte 0x\(String(byte, radix: 16, uppercase: true)) in a string"))
        valid = false
        return 1
    }

    private func readHex4(at index: Int) throws(ManifestError) -> Int {
        guard index + 4 <= end else { throw failure(.syntax, at: index, field: nil, "unterminated \\u escape") }
        var value = 0
        for position in index..<(index + 4) {
            let byte = base[position]
            let digit: Int
            switch byte {
            case JSONByte.zero...JSONByte.nine: digit = Int(byte - JSONByte.zero)
            case 0x41...0x46: digit = Int(byte) - 0x41 + 10
            case 0x61...0x66: digit = Int(byte) - 0x61 + 10
            default: throw failure(.syntax, at: position, field: nil, "invalid hex digit in a \\u escape")
            }
            value = value << 4 | digit
        }
        return value
    }

    /// The length of the well-formed UTF-8 sequence starting with a non-ASCII byte at `index`, or nil.
    private func utf8SequenceLength(at index: Int) -> Int? {
        let lead = base[index]
        func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            index + offset < end && range.contains(base[index + offset])
        }
        switch lead {
        case 0xC2...0xDF: return continuation(1) ? 2 : nil
        case 0xE0: return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : nil
        case 0xED: return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : nil
        case 0xE1...0xEF: return continuation(1) && continuation(2) ? 3 : nil
        case 0xF0: return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : nil
        case 0xF4: return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : nil
        case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : nil
        default: return nil
        }
    }

    mutating func skipWhitespace() {
        while offset < end {
            switch base[offset] {
            case JSONByte.space, JSONByte.tab, JSONByte.newline, JSONByte.carriageReturn: offset += 1
            default: return
            }
        }
    }

    // MARK: - Errors

    /// The byte at the offset, or 0 at the end (never a valid JSON byte there).
    var peek: UInt8 { offset < end ? base[offset] : 0 }

    func isDigit(_ byte: UInt8) -> Bool { byte >= JSONByte.zero && byte <= JSONByte.nine }

    func startsValue(_ byte: UInt8) -> Bool {
        switch byte {
        case JSONByte.quote, JSONByte.openBrace, JSONByte.openBracket, JSONByte.t, JSONByte.f, JSONByte.n, JSONByte.minus, JSONByte.zero...JSONByte.nine:
            true
        default: false
        }
    }

    /// What kind of JSON value starts at `index`, for messages.
    func valueKind(at index: Int) -> String {
        guard index < end else { return "the end of the file" }
        switch base[index] {
        case JSONByte.quote: return "a string"
        case JSONByte.openBrace: return "an object"
        case JSONByte.openBracket: return "an array"
        case JSONByte.t, JSONByte.f: return "a boolean"
        case JSONByte.n: return "null"
        case JSONByte.minus, JSONByte.zero...JSONByte.nine: return "a number"
        default: return describeByte(at: index)
        }
    }

    func describeByte(at index: Int) -> String {
        guard index < end else { return "the end of the file" }
        return "'" + describeRaw(base[index]) + "'"
    }

    private func describeRaw(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? String(Character(Unicode.Scalar(byte))) : "\\x" + String(byte, radix: 16, uppercase: true)
    }

    func text(from start: Int, to stop: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: base + start, count: min(stop - start, 40)), as: UTF8.self)
    }

    private func hex4(_ value: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private func tooLarge(field: String?, at index: Int, length: Int) -> ManifestError {
        failure(.fieldTooLarge, at: index, field: field,
                "the string is \(length) bytes long; the limit is \(maximumFieldBytes) bytes"
                + (maximumFieldBytes == 1 << 20 ? " (1 MB)" : ""))
    }

    func note(_ problem: inout ManifestError?, _ error: ManifestError) {
        if problem == nil { problem = error }
    }

    func syntaxError(_ reason: String) -> ManifestError {
        failure(.syntax, at: offset, field: nil, reason)
    }

    /// An error located at a byte offset, with its line and column worked out from the start of the file.
    func failure(_ kind: ManifestError.Kind, at index: Int, field: String?, _ reason: String) -> ManifestError {
        var line = 1
        var lineStart = 0
        let stop = min(index, end)
        for position in 0..<stop where base[position] == JSONByte.newline {
            line += 1
            lineStart = position + 1
        }
        var column = 1
        for position in lineStart..<stop where base[position] & 0xC0 != 0x80 { column += 1 }
        return ManifestError(kind: kind, file: file, line: line, column: column, field: field, reason: reason)
    }
}
