/// A one-pass UTF-8 byte scanner for the manifest schema.
///
/// Foundation's JSON readers report no line or column on Linux, build a tree
/// of the whole file (too big at a million deliveries), and repair bad UTF-8
/// silently; this scanner validates every byte, knows the offset of every
/// value, and hands over one `Delivery` at a time.
struct ManifestParser {
    private let base: UnsafePointer<UInt8>
    private let end: Int
    private let file: String
    private let maximumFieldBytes: Int
    /// False when only checking: texts other than ids and statuses are scanned
    /// and validated but not made into Strings (the deliveries come out with
    /// those fields empty), which makes a checking pass much cheaper.
    private let keepsText: Bool
    /// False on a second pass over data already validated: the id table costs time and memory.
    private let checksDuplicateIDs: Bool
    private var offset = 0
    private static let maximumDepth = 512

    /// `base` must point at `count` bytes (at least one) that stay valid while the parser is used.
    init(
        base: UnsafePointer<UInt8>, count: Int, file: String, maximumFieldBytes: Int,
        keepsText: Bool = true, checksDuplicateIDs: Bool = true
    ) {
        self.keepsText = keepsText
        self.checksDuplicateIDs = checksDuplicateIDs
        self.base = base
        self.end = count
        self.file = file
        self.maximumFieldBytes = maximumFieldBytes
    }

    // MARK: - Manifest

    /// Parses the whole manifest, calling `visit` with each delivery's index,
    /// value and end offset in order (stop early by returning false). Returns how many deliveries were seen.
    mutating func parse(_ visit: (Int, Delivery, Int) -> Bool) throws(ManifestError) -> Int {
        if end >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF { offset = 3 }
        skipWhitespace()
        guard offset < end else {
            throw ManifestError(kind: .empty, file: file, reason: "the file is empty; expected {\"deliveries\": [...]}")
        }
        guard peek == Byte.openBrace else {
            if startsValue(peek) {
                throw failure(.schema, at: offset, field: nil,
                              "the manifest must be an object {\"deliveries\": [...]}, found \(valueKind(at: offset))")
            }
            throw syntaxError("expected '{' at the start of the manifest, found \(describeByte(at: offset))")
        }
        var count: Int?
        var problem: ManifestError?
        if try openContainer(close: Byte.closeBrace) {
            repeat {
                let key = try readKey(problem: &problem)
                if key == .deliveries {
                    guard count == nil else {
                        throw failure(.schema, at: offset, field: "deliveries", "the field appears twice")
                    }
                    count = try parseDeliveries(visit)
                    if count == -1 { return -1 }
                } else {
                    try skipValue(depth: 1, problem: &problem)
                }
                if let problem { throw problem }
            } while try continueContainer(close: Byte.closeBrace, what: "a field")
        }
        skipWhitespace()
        guard offset == end else {
            throw syntaxError("unexpected \(describeByte(at: offset)) after the manifest's closing '}'")
        }
        guard let count else {
            throw ManifestError(kind: .schema, file: file, field: "deliveries",
                                reason: "missing; expected {\"deliveries\": [...]}")
        }
        return count
    }

    /// Returns the number of deliveries, or -1 when `visit` asked to stop.
    private mutating func parseDeliveries(_ visit: (Int, Delivery, Int) -> Bool) throws(ManifestError) -> Int {
        guard peek == Byte.openBracket else {
            if startsValue(peek) {
                throw failure(.schema, at: offset, field: "deliveries",
                              "must be an array of deliveries, found \(valueKind(at: offset))")
            }
            throw syntaxError("expected a value, found \(describeByte(at: offset))")
        }
        var index = 0
        var firstIndexByID: [String: Int] = [:]
        guard try openContainer(close: Byte.closeBracket) else { return 0 }
        repeat {
            let (delivery, idOffset) = try parseDelivery(index: index)
            if checksDuplicateIDs, let first = firstIndexByID.updateValue(index, forKey: delivery.id) {
                var error = failure(.duplicateID, at: idOffset, field: "deliveries[\(index)].id",
                                    "duplicate id; delivery \(first) has the same id")
                error.deliveryIndex = index
                error.deliveryID = delivery.id
                throw error
            }
            if !visit(index, delivery, offset) { return -1 }
            index += 1
        } while try continueContainer(close: Byte.closeBracket, what: "a delivery")
        return index
    }

    // MARK: - Delivery

    private mutating func parseDelivery(index: Int) throws(ManifestError) -> (Delivery, idOffset: Int) {
        let start = offset
        func path(_ name: String) -> String { "deliveries[\(index)].\(name)" }
        guard peek == Byte.openBrace else {
            guard startsValue(peek) else { throw syntaxError("expected a delivery, found \(describeByte(at: offset))") }
            var error = failure(.schema, at: offset, field: "deliveries[\(index)]",
                                "a delivery must be an object, found \(valueKind(at: offset))")
            error.deliveryIndex = index
            throw error
        }
        var problem: ManifestError?
        var id: String?, idOffset = start
        var name: String?
        var address: Address?
        var phone: String?, text: String?, instructions: String?, window: String?
        var status: DeliveryStatus?
        var items: [Item]?
        if try openContainer(close: Byte.closeBrace) {
            repeat {
                let key = try readKey(problem: &problem)
                let valueOffset = offset
                switch key {
                case .id:
                    idOffset = valueOffset
                    id = try stringValue(path("id"), required: true, essential: true, problem: &problem)
                case .name: name = try stringValue(path("name"), required: true, problem: &problem)
                case .address: address = try addressValue(index: index, problem: &problem)
                case .phone: phone = try stringValue(path("phone"), required: false, problem: &problem)
                case .text: text = try stringValue(path("text"), required: false, problem: &problem)
                case .instructions:
                    instructions = try stringValue(path("instructions"), required: false, problem: &problem)
                case .window: window = try stringValue(path("window"), required: false, problem: &problem)
                case .status:
                    if let raw = try stringValue(path("status"), required: true, essential: true, problem: &problem) {
                        status = DeliveryStatus(rawValue: raw)
                        if status == nil {
                            note(&problem, failure(.schema, at: valueOffset, field: path("status"),
                                                   "unknown status \(ManifestError.quoted(raw)); expected one of "
                                                   + DeliveryStatus.allCases.map(\.rawValue).joined(separator: ", ")))
                        }
                    }
                case .items: items = try itemsValue(index: index, problem: &problem)
                default: try skipValue(depth: 2, problem: &problem)
                }
            } while try continueContainer(close: Byte.closeBrace, what: "a field")
        }
        if problem == nil {
            if id == nil { note(&problem, failure(.schema, at: start, field: path("id"), "missing")) }
            if id?.isEmpty == true { note(&problem, failure(.schema, at: idOffset, field: path("id"), "is empty")) }
            if name == nil { note(&problem, failure(.schema, at: start, field: path("name"), "missing")) }
            if address == nil { note(&problem, failure(.schema, at: start, field: path("address"), "missing")) }
            if status == nil { note(&problem, failure(.schema, at: start, field: path("status"), "missing")) }
        }
        if var problem {
            problem.deliveryIndex = index
            if let id, !id.isEmpty { problem.deliveryID = id }
            throw problem
        }
        guard let id, let name, let address, let status else {
            // Unreachable: every nil above recorded a problem. Kept as an error, not a trap.
            throw failure(.schema, at: start, field: "deliveries[\(index)]", "incomplete delivery")
        }
        let delivery = Delivery(
            id: id, name: name, address: address, phone: phone, text: text, status: status,
            items: items ?? [], instructions: instructions, window: window
        )
        return (delivery, idOffset)
    }

    private mutating func addressValue(index: Int, problem: inout ManifestError?) throws(ManifestError) -> Address? {
        let start = offset
        let field = { "deliveries[\(index)].address" }
        guard peek == Byte.openBrace else {
            note(&problem, failure(.schema, at: offset, field: field(),
                                   "must be an object {\"line1\": …, \"line2\": …}, found \(valueKind(at: offset))"))
            try skipValue(depth: 2, problem: &problem)
            return nil
        }
        var line1: String?, line2: String?
        if try openContainer(close: Byte.closeBrace) {
            repeat {
                switch try readKey(problem: &problem) {
                case .line1: line1 = try stringValue(field() + ".line1", required: true, problem: &problem)
                case .line2: line2 = try stringValue(field() + ".line2", required: false, problem: &problem)
                default: try skipValue(depth: 3, problem: &problem)
                }
            } while try continueContainer(close: Byte.closeBrace, what: "a field")
        }
        guard let line1 else {
            note(&problem, failure(.schema, at: start, field: field() + ".line1", "missing"))
            return nil
        }
        return Address(line1: line1, line2: line2)
    }

    private mutating func itemsValue(index: Int, problem: inout ManifestError?) throws(ManifestError) -> [Item]? {
        let field = { "deliveries[\(index)].items" }
        if peek == Byte.n, try readNull() { return nil }
        guard peek == Byte.openBracket else {
            note(&problem, failure(.schema, at: offset, field: field(),
                                   "must be an array of {\"name\": …, \"quantity\": …}, found \(valueKind(at: offset))"))
            try skipValue(depth: 2, problem: &problem)
            return nil
        }
        var items: [Item] = []
        guard try openContainer(close: Byte.closeBracket) else { return items }
        repeat {
            let itemNumber = items.count
            let itemField = { field() + "[\(itemNumber)]" }
            let start = offset
            guard peek == Byte.openBrace else {
                note(&problem, failure(.schema, at: offset, field: itemField(),
                                       "an item must be an object, found \(valueKind(at: offset))"))
                try skipValue(depth: 3, problem: &problem)
                items.append(Item(name: ""))
                continue
            }
            var name: String?
            var quantity = 1
            if try openContainer(close: Byte.closeBrace) {
                repeat {
                    switch try readKey(problem: &problem) {
                    case .name: name = try stringValue(itemField() + ".name", required: true, problem: &problem)
                    case .quantity:
                        quantity = try quantityValue(itemField() + ".quantity", problem: &problem) ?? quantity
                    default: try skipValue(depth: 4, problem: &problem)
                    }
                } while try continueContainer(close: Byte.closeBrace, what: "a field")
            }
            if name == nil { note(&problem, failure(.schema, at: start, field: itemField() + ".name", "missing")) }
            items.append(Item(name: name ?? "", quantity: quantity))
        } while try continueContainer(close: Byte.closeBracket, what: "an item")
        return items
    }

    private mutating func quantityValue(
        _ field: @autoclosure () -> String, problem: inout ManifestError?
    ) throws(ManifestError) -> Int? {
        let start = offset
        guard peek == Byte.minus || isDigit(peek) else {
            note(&problem, failure(.schema, at: offset, field: field(),
                                   "must be a whole number, found \(valueKind(at: offset))"))
            try skipValue(depth: 4, problem: &problem)
            return nil
        }
        let number = try readNumber()
        guard let value = number else {
            note(&problem, failure(.schema, at: start, field: field(),
                                   "must be a whole number, found \(text(from: start, to: offset))"))
            return nil
        }
        guard value >= 0 else {
            note(&problem, failure(.schema, at: start, field: field(), "must not be negative, found \(value)"))
            return nil
        }
        return value
    }

    /// A string field: a string, or null/absent when not required.
    private mutating func stringValue(
        _ field: @autoclosure () -> String, required: Bool, essential: Bool = false, problem: inout ManifestError?
    ) throws(ManifestError) -> String? {
        if peek == Byte.quote { return try readString(field: field(), keep: keepsText || essential, problem: &problem) }
        if !required, peek == Byte.n, try readNull() { return nil }
        note(&problem, failure(.schema, at: offset, field: field(),
                               "must be a string, found \(valueKind(at: offset))"))
        try skipValue(depth: 2, problem: &problem)
        return nil
    }

    // MARK: - JSON values

    /// Consumes an opening bracket or brace; returns false when the container is empty.
    private mutating func openContainer(close: UInt8) throws(ManifestError) -> Bool {
        offset += 1
        skipWhitespace()
        if offset < end, base[offset] == close {
            offset += 1
            return false
        }
        return true
    }

    /// After an element: consumes a comma (true, another element follows) or the closing byte (false).
    private mutating func continueContainer(close: UInt8, what: String) throws(ManifestError) -> Bool {
        skipWhitespace()
        guard offset < end else { throw syntaxError("unexpected end of file; expected ',' or '\(Character(Unicode.Scalar(close)))'") }
        switch base[offset] {
        case Byte.comma:
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
    private mutating func readKey(problem: inout ManifestError?) throws(ManifestError) -> ManifestKey {
        skipWhitespace()
        guard offset < end, base[offset] == Byte.quote else {
            throw syntaxError("expected a field name in double quotes, found \(describeByte(at: offset))")
        }
        // Fast path: a short plain-ASCII name, matched in place.
        var close = offset + 1
        while close < end, close - offset <= 16, base[close] > 0x20, base[close] < 0x7F,
              base[close] != Byte.quote, base[close] != Byte.backslash {
            close += 1
        }
        let key: ManifestKey
        if close < end, base[close] == Byte.quote {
            key = ManifestKey.match(UnsafeBufferPointer(start: base + offset + 1, count: close - offset - 1))
            offset = close + 1
        } else {
            key = ManifestKey.named(try readString(field: nil, problem: &problem))
        }
        skipWhitespace()
        guard offset < end, base[offset] == Byte.colon else {
            throw syntaxError("expected ':' after the field name, found \(describeByte(at: offset))")
        }
        offset += 1
        skipWhitespace()
        guard offset < end else { throw syntaxError("unexpected end of file; expected a value") }
        return key
    }

    /// Skips any JSON value, still checking its syntax and UTF-8.
    private mutating func skipValue(depth: Int, problem: inout ManifestError?) throws(ManifestError) {
        guard depth < Self.maximumDepth else { throw syntaxError("values are nested too deeply") }
        guard offset < end else { throw syntaxError("unexpected end of file; expected a value") }
        switch base[offset] {
        case Byte.quote: _ = try readString(field: nil, problem: &problem)
        case Byte.openBrace:
            if try openContainer(close: Byte.closeBrace) {
                repeat {
                    _ = try readKey(problem: &problem)
                    try skipValue(depth: depth + 1, problem: &problem)
                } while try continueContainer(close: Byte.closeBrace, what: "a field")
            }
        case Byte.openBracket:
            if try openContainer(close: Byte.closeBracket) {
                repeat {
                    skipWhitespace()
                    try skipValue(depth: depth + 1, problem: &problem)
                } while try continueContainer(close: Byte.closeBracket, what: "a value")
            }
        case Byte.t: try readLiteral("true")
        case Byte.f: try readLiteral("false")
        case Byte.n: try readLiteral("null")
        case Byte.minus, Byte.zero...Byte.nine: _ = try readNumber()
        default: throw syntaxError("expected a value, found \(describeByte(at: offset))")
        }
    }

    private mutating func readNull() throws(ManifestError) -> Bool {
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
    private mutating func readNumber() throws(ManifestError) -> Int? {
        var negative = false
        if peek == Byte.minus {
            negative = true
            offset += 1
        }
        guard offset < end, isDigit(base[offset]) else { throw syntaxError("invalid number: expected a digit") }
        var value = 0
        var fits = true
        if base[offset] == Byte.zero {
            offset += 1
        } else {
            while offset < end, isDigit(base[offset]) {
                let digit = Int(base[offset] - Byte.zero)
                let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times.addingReportingOverflow(negative ? -digit : digit)
                if overflow1 || overflow2 { fits = false } else { value = sum }
                offset += 1
            }
        }
        var integral = true
        if offset < end, base[offset] == Byte.dot {
            integral = false
            offset += 1
            guard offset < end, isDigit(base[offset]) else {
                throw syntaxError("invalid number: expected a digit after '.'")
            }
            while offset < end, isDigit(base[offset]) { offset += 1 }
        }
        if offset < end, base[offset] == Byte.e || base[offset] == Byte.capitalE {
            integral = false
            offset += 1
            if offset < end, base[offset] == Byte.plus || base[offset] == Byte.minus { offset += 1 }
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
    private mutating func readString(
        field: @autoclosure () -> String?, keep: Bool = true, problem: inout ManifestError?
    ) throws(ManifestError) -> String {
        let quoteOffset = offset
        let start = offset + 1
        var index = start
        var valid = true
        // Fast path: no escapes, so the bytes are the string.
        while true {
            guard index < end else { throw failure(.syntax, at: quoteOffset, field: nil, "unterminated string") }
            let byte = base[index]
            if byte == Byte.quote { break }
            if byte == Byte.backslash { return try readEscapedString(field: field, from: index, problem: &problem) }
            if byte < 0x20 {
                throw failure(.syntax, at: index, field: nil,
                              "control character U+\(hex4(Int(byte))) in a string must be escaped")
            }
            if byte < 0x80 {
                index += 1
            } else if let length = utf8SequenceLength(at: index) {
                index += length
            } else {
                note(&problem, failure(.invalidUTF8, at: index, field: field(),
                                       "invalid UTF-8 byte 0x\(String(byte, radix: 16, uppercase: true)) in a string"))
                valid = false
                index += 1
            }
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

    /// The slow path of `readString` once a backslash is seen at `escapeIndex`.
    private mutating func readEscapedString(
        field: () -> String?, from escapeIndex: Int, problem: inout ManifestError?
    ) throws(ManifestError) -> String {
        let quoteOffset = offset
        var bytes: [UInt8] = Array(UnsafeBufferPointer(start: base + quoteOffset + 1, count: escapeIndex - quoteOffset - 1))
        var index = escapeIndex
        var valid = true
        while true {
            guard index < end else { throw failure(.syntax, at: quoteOffset, field: nil, "unterminated string") }
            let byte = base[index]
            if byte == Byte.quote { break }
            if byte == Byte.backslash {
                guard index + 1 < end else { throw failure(.syntax, at: quoteOffset, field: nil, "unterminated string") }
                let escaped = base[index + 1]
                index += 2
                switch escaped {
                case Byte.quote, Byte.backslash, Byte.slash: bytes.append(escaped)
                case Byte.b: bytes.append(0x08)
                case Byte.f: bytes.append(0x0C)
                case Byte.n: bytes.append(0x0A)
                case Byte.r: bytes.append(0x0D)
                case Byte.t: bytes.append(0x09)
                case Byte.u:
                    let escapeStart = index - 2
                    var scalar = try readHex4(at: index)
                    index += 4
                    if (0xD800..<0xDC00).contains(scalar) {
                        let pairsWithLow = index + 6 <= end && base[index] == Byte.backslash && base[index + 1] == Byte.u
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
                    if let unicodeScalar = Unicode.Scalar(UInt32(scalar)) {
                        UTF8.encode(unicodeScalar) { bytes.append($0) }
                    }
                default:
                    throw failure(.syntax, at: index - 2, field: nil, "invalid escape '\\\(describeRaw(escaped))' in a string")
                }
                continue
            }
            if byte < 0x20 {
                throw failure(.syntax, at: index, field: nil,
                              "control character U+\(hex4(Int(byte))) in a string must be escaped")
            }
            if byte < 0x80 {
                bytes.append(byte)
                index += 1
            } else if let length = utf8SequenceLength(at: index) {
                bytes.append(contentsOf: UnsafeBufferPointer(start: base + index, count: length))
                index += length
            } else {
                note(&problem, failure(.invalidUTF8, at: index, field: field(),
                                       "invalid UTF-8 byte 0x\(String(byte, radix: 16, uppercase: true)) in a string"))
                valid = false
                index += 1
            }
        }
        offset = index + 1
        if bytes.count > maximumFieldBytes {
            note(&problem, tooLarge(field: field(), at: quoteOffset, length: bytes.count))
            return ""
        }
        if !valid { return "" }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func readHex4(at index: Int) throws(ManifestError) -> Int {
        guard index + 4 <= end else { throw failure(.syntax, at: index, field: nil, "unterminated \\u escape") }
        var value = 0
        for position in index..<(index + 4) {
            let byte = base[position]
            let digit: Int
            switch byte {
            case Byte.zero...Byte.nine: digit = Int(byte - Byte.zero)
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

    private mutating func skipWhitespace() {
        while offset < end {
            switch base[offset] {
            case Byte.space, Byte.tab, Byte.newline, Byte.carriageReturn: offset += 1
            default: return
            }
        }
    }

    // MARK: - Errors

    /// The byte at the offset, or 0 at the end (never a valid JSON byte there).
    private var peek: UInt8 { offset < end ? base[offset] : 0 }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= Byte.zero && byte <= Byte.nine }

    private func startsValue(_ byte: UInt8) -> Bool {
        switch byte {
        case Byte.quote, Byte.openBrace, Byte.openBracket, Byte.t, Byte.f, Byte.n, Byte.minus, Byte.zero...Byte.nine:
            true
        default: false
        }
    }

    /// What kind of JSON value starts at `index`, for messages.
    private func valueKind(at index: Int) -> String {
        guard index < end else { return "the end of the file" }
        switch base[index] {
        case Byte.quote: return "a string"
        case Byte.openBrace: return "an object"
        case Byte.openBracket: return "an array"
        case Byte.t, Byte.f: return "a boolean"
        case Byte.n: return "null"
        case Byte.minus, Byte.zero...Byte.nine: return "a number"
        default: return describeByte(at: index)
        }
    }

    private func describeByte(at index: Int) -> String {
        guard index < end else { return "the end of the file" }
        return "'" + describeRaw(base[index]) + "'"
    }

    private func describeRaw(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? String(Character(Unicode.Scalar(byte))) : "\\x" + String(byte, radix: 16, uppercase: true)
    }

    private func text(from start: Int, to stop: Int) -> String {
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

    private func note(_ problem: inout ManifestError?, _ error: ManifestError) {
        if problem == nil { problem = error }
    }

    private func syntaxError(_ reason: String) -> ManifestError {
        failure(.syntax, at: offset, field: nil, reason)
    }

    /// An error located at a byte offset, with its line and column worked out from the start of the file.
    private func failure(_ kind: ManifestError.Kind, at index: Int, field: String?, _ reason: String) -> ManifestError {
        var line = 1
        var lineStart = 0
        let stop = min(index, end)
        for position in 0..<stop where base[position] == Byte.newline {
            line += 1
            lineStart = position + 1
        }
        var column = 1
        for position in lineStart..<stop where base[position] & 0xC0 != 0x80 { column += 1 }
        return ManifestError(kind: kind, file: file, line: line, column: column, field: field, reason: reason)
    }
}

/// The ASCII bytes the scanner looks for.
private enum Byte {
    static let quote: UInt8 = 0x22, backslash: UInt8 = 0x5C, slash: UInt8 = 0x2F
    static let openBrace: UInt8 = 0x7B, closeBrace: UInt8 = 0x7D
    static let openBracket: UInt8 = 0x5B, closeBracket: UInt8 = 0x5D
    static let comma: UInt8 = 0x2C, colon: UInt8 = 0x3A, dot: UInt8 = 0x2E
    static let minus: UInt8 = 0x2D, plus: UInt8 = 0x2B
    static let zero: UInt8 = 0x30, nine: UInt8 = 0x39
    static let space: UInt8 = 0x20, tab: UInt8 = 0x09, newline: UInt8 = 0x0A, carriageReturn: UInt8 = 0x0D
    static let b: UInt8 = 0x62, f: UInt8 = 0x66, n: UInt8 = 0x6E, r: UInt8 = 0x72, t: UInt8 = 0x74, u: UInt8 = 0x75
    static let e: UInt8 = 0x65, capitalE: UInt8 = 0x45
}
