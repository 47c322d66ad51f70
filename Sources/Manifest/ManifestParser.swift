import Model

/// The manifest schema, `{"deliveries": [Delivery, …]}`, read from JSON text
/// by a `JSONScanner` in one pass: each delivery is handed over as soon as it
/// is read, and every problem is a `ManifestError` naming the line and
/// column, the delivery and the field.
///
/// The same schema reads a delivery's items as the store keeps them
/// (`items`, for `ItemsColumn`), so a manifest and the store speak one JSON.
struct ManifestParser {
    private var scanner: JSONScanner
    /// False when only checking: texts other than ids and statuses are scanned
    /// and validated but not made into Strings (the deliveries come out with
    /// those fields empty), which makes a checking pass much cheaper.
    private let keepsText: Bool
    /// False on a second pass over data already validated: the id table costs time and memory.
    private let checksDuplicateIDs: Bool
    /// `ManifestReader.refusesNUL`, for the texts a store keeps as they are
    /// (the items are kept as JSON, where a NUL is an escape like any other).
    private let refusesNUL: Bool

    /// `base` must point at `count` bytes (at least one) that stay valid while the parser is used.
    init(
        base: UnsafePointer<UInt8>, count: Int, file: String, maximumFieldBytes: Int,
        keepsText: Bool = true, checksDuplicateIDs: Bool = true, refusesNUL: Bool = false
    ) {
        scanner = JSONScanner(base: base, count: count, file: file, maximumFieldBytes: maximumFieldBytes)
        self.keepsText = keepsText
        self.checksDuplicateIDs = checksDuplicateIDs
        self.refusesNUL = refusesNUL
    }

    // MARK: - Manifest

    /// Parses the whole manifest, calling `visit` with each delivery's index,
    /// value and end offset in order (stop early by returning false). Returns how many deliveries were seen.
    mutating func parse(_ visit: (Int, Delivery, Int) -> Bool) throws(ManifestError) -> Int {
        scanner.skipByteOrderMark()
        scanner.skipWhitespace()
        guard !scanner.isAtEnd else {
            throw ManifestError(kind: .empty, file: scanner.file, reason: "the file is empty; expected {\"deliveries\": [...]}")
        }
        guard scanner.peek == JSONByte.openBrace else {
            if scanner.startsValue(scanner.peek) {
                throw scanner.failure(.schema, at: scanner.offset, field: nil,
                                      "the manifest must be an object {\"deliveries\": [...]}, found \(scanner.valueKind(at: scanner.offset))")
            }
            throw scanner.syntaxError("expected '{' at the start of the manifest, found \(scanner.describeByte(at: scanner.offset))")
        }
        var count: Int?
        if try scanner.openContainer(close: JSONByte.closeBrace) {
            guard try parseFields(count: &count, visit) else { return -1 }
        }
        return try finish(count: count)
    }

    /// Reads the manifest's fields up to its closing brace, the deliveries
    /// among them (their number into `count`, which must be nil until then);
    /// false when `visit` asked to stop.
    private mutating func parseFields(count: inout Int?, _ visit: (Int, Delivery, Int) -> Bool) throws(ManifestError) -> Bool {
        var problem: ManifestError?
        repeat {
            let key = try scanner.readKey(problem: &problem)
            if key == .deliveries {
                guard count == nil else {
                    throw scanner.failure(.schema, at: scanner.offset, field: "deliveries", "the field appears twice")
                }
                let seen = try parseDeliveries(visit)
                if seen == -1 { return false }
                count = seen
            } else {
                try scanner.skipValue(depth: 1, problem: &problem)
            }
            if let problem { throw problem }
        } while try scanner.continueContainer(close: JSONByte.closeBrace, what: "a field")
        return true
    }

    /// After the manifest's closing brace: nothing but white space, and the deliveries were there.
    private mutating func finish(count: Int?) throws(ManifestError) -> Int {
        scanner.skipWhitespace()
        guard scanner.isAtEnd else {
            throw scanner.syntaxError("unexpected \(scanner.describeByte(at: scanner.offset)) after the manifest's closing '}'")
        }
        guard let count else {
            throw ManifestError(kind: .schema, file: scanner.file, field: "deliveries",
                                reason: "missing; expected {\"deliveries\": [...]}")
        }
        return count
    }

    /// Returns the number of deliveries, or -1 when `visit` asked to stop.
    private mutating func parseDeliveries(_ visit: (Int, Delivery, Int) -> Bool) throws(ManifestError) -> Int {
        guard scanner.peek == JSONByte.openBracket else {
            if scanner.startsValue(scanner.peek) {
                throw scanner.failure(.schema, at: scanner.offset, field: "deliveries",
                                      "must be an array of deliveries, found \(scanner.valueKind(at: scanner.offset))")
            }
            throw scanner.syntaxError("expected a value, found \(scanner.describeByte(at: scanner.offset))")
        }
        var index = 0
        var firstIndexByID: [String: Int] = [:]
        guard try scanner.openContainer(close: JSONByte.closeBracket) else { return 0 }
        repeat {
            let (delivery, idOffset) = try parseDelivery(index: index)
            if checksDuplicateIDs, let first = firstIndexByID.updateValue(index, forKey: delivery.id) {
                var error = scanner.failure(.duplicateID, at: idOffset, field: "deliveries[\(index)].id",
                                            "duplicate id; delivery \(first) has the same id")
                error.deliveryIndex = index
                error.deliveryID = delivery.id
                throw error
            }
            if !visit(index, delivery, scanner.offset) { return -1 }
            index += 1
        } while try scanner.continueContainer(close: JSONByte.closeBracket, what: "a delivery")
        return index
    }

    /// Parses the deliveries of the array from `offset`, where delivery
    /// `firstIndex - 1` ends (`ManifestCheckpoint`), and everything after
    /// them to the end of the manifest, calling `visit` as `parse` does;
    /// returns how many deliveries were seen, or -1 when `visit` asked to stop.
    mutating func parseRest(after offset: Int, firstIndex: Int, _ visit: (Int, Delivery, Int) -> Bool) throws(ManifestError) -> Int {
        scanner.seek(to: offset)
        var index = firstIndex
        while try scanner.continueContainer(close: JSONByte.closeBracket, what: "a delivery") {
            let (delivery, _) = try parseDelivery(index: index)
            if !visit(index, delivery, scanner.offset) { return -1 }
            index += 1
        }
        // The deliveries were seen (a second field of that name is a problem); the manifest's other fields follow.
        var count: Int? = index
        if try scanner.continueContainer(close: JSONByte.closeBrace, what: "a field") {
            guard try parseFields(count: &count, visit) else { return -1 }
        }
        _ = try finish(count: count)
        return index - firstIndex
    }

    // MARK: - Delivery

    private mutating func parseDelivery(index: Int) throws(ManifestError) -> (Delivery, idOffset: Int) {
        let start = scanner.offset
        func path(_ name: String) -> String { "deliveries[\(index)].\(name)" }
        guard scanner.peek == JSONByte.openBrace else {
            guard scanner.startsValue(scanner.peek) else {
                throw scanner.syntaxError("expected a delivery, found \(scanner.describeByte(at: scanner.offset))")
            }
            var error = scanner.failure(.schema, at: scanner.offset, field: "deliveries[\(index)]",
                                        "a delivery must be an object, found \(scanner.valueKind(at: scanner.offset))")
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
        if try scanner.openContainer(close: JSONByte.closeBrace) {
            repeat {
                let key = try scanner.readKey(problem: &problem)
                let valueOffset = scanner.offset
                switch key {
                case .id:
                    idOffset = valueOffset
                    id = try stringValue(path("id"), required: true, essential: true, nulRefusal: Self.nulInID, problem: &problem)
                case .name: name = try stringValue(path("name"), required: true, problem: &problem)
                case .address: address = try addressValue(index: index, problem: &problem)
                case .phone: phone = try stringValue(path("phone"), required: false, problem: &problem)
                case .text: text = try stringValue(path("text"), required: false, problem: &problem)
                case .instructions:
                    instructions = try stringValue(path("instructions"), required: false, problem: &problem)
                case .window:
                    // Read even when only checking: a window that is not one is refused at its line and column.
                    if let text = try stringValue(path("window"), required: false, essential: true, problem: &problem) {
                        switch DeliveryWindow.normalized(text) {
                        case .success(let normalized): window = normalized
                        case .failure(let reason):
                            scanner.note(&problem, scanner.failure(.schema, at: valueOffset, field: path("window"),
                                                                   "\(ManifestError.quoted(text)) \(reason)"))
                        }
                    }
                case .status:
                    if let raw = try stringValue(path("status"), required: true, essential: true, problem: &problem) {
                        status = DeliveryStatus(rawValue: raw)
                        if status == nil {
                            scanner.note(&problem, scanner.failure(.schema, at: valueOffset, field: path("status"),
                                                                   "unknown status \(ManifestError.quoted(raw)); expected one of "
                                                                   + DeliveryStatus.allCases.map(\.rawValue).joined(separator: ", ")))
                        }
                    }
                case .items: items = try itemsValue(index: index, problem: &problem)
                default: try scanner.skipValue(depth: 2, problem: &problem)
                }
            } while try scanner.continueContainer(close: JSONByte.closeBrace, what: "a field")
        }
        if problem == nil {
            if id == nil { scanner.note(&problem, scanner.failure(.schema, at: start, field: path("id"), "missing")) }
            if id?.isEmpty == true { scanner.note(&problem, scanner.failure(.schema, at: idOffset, field: path("id"), "is empty")) }
            if name == nil { scanner.note(&problem, scanner.failure(.schema, at: start, field: path("name"), "missing")) }
            if address == nil { scanner.note(&problem, scanner.failure(.schema, at: start, field: path("address"), "missing")) }
            if status == nil { scanner.note(&problem, scanner.failure(.schema, at: start, field: path("status"), "missing")) }
        }
        if var problem {
            problem.deliveryIndex = index
            if let id, !id.isEmpty { problem.deliveryID = id }
            throw problem
        }
        guard let id, let name, let address, let status else {
            // Unreachable: every nil above recorded a problem. Kept as an error, not a trap.
            throw scanner.failure(.schema, at: start, field: "deliveries[\(index)]", "incomplete delivery")
        }
        let delivery = Delivery(
            id: id, name: name, address: address, phone: phone, text: text, status: status,
            items: items ?? [], instructions: instructions, window: window
        )
        return (delivery, idOffset)
    }

    private mutating func addressValue(index: Int, problem: inout ManifestError?) throws(ManifestError) -> Address? {
        let start = scanner.offset
        let field = { "deliveries[\(index)].address" }
        guard scanner.peek == JSONByte.openBrace else {
            scanner.note(&problem, scanner.failure(.schema, at: scanner.offset, field: field(),
                                                   "must be an object {\"line1\": …, \"line2\": …}, found \(scanner.valueKind(at: scanner.offset))"))
            try scanner.skipValue(depth: 2, problem: &problem)
            return nil
        }
        var line1: String?, line2: String?
        if try scanner.openContainer(close: JSONByte.closeBrace) {
            repeat {
                switch try scanner.readKey(problem: &problem) {
                case .line1: line1 = try stringValue(field() + ".line1", required: true, problem: &problem)
                case .line2: line2 = try stringValue(field() + ".line2", required: false, problem: &problem)
                default: try scanner.skipValue(depth: 3, problem: &problem)
                }
            } while try scanner.continueContainer(close: JSONByte.closeBrace, what: "a field")
        }
        guard let line1 else {
            scanner.note(&problem, scanner.failure(.schema, at: start, field: field() + ".line1", "missing"))
            return nil
        }
        return Address(line1: line1, line2: line2)
    }

    /// An `items` array (null for none): a delivery's at `index`, or the whole text's when nil (the items column).
    private mutating func itemsValue(index: Int?, problem: inout ManifestError?) throws(ManifestError) -> [Item]? {
        let field = { index.map { "deliveries[\($0)].items" } ?? "items" }
        if scanner.peek == JSONByte.n, try scanner.readNull() { return nil }
        guard scanner.peek == JSONByte.openBracket else {
            scanner.note(&problem, scanner.failure(.schema, at: scanner.offset, field: field(),
                                                   "must be an array of {\"name\": …, \"quantity\": …}, found \(scanner.valueKind(at: scanner.offset))"))
            try scanner.skipValue(depth: 2, problem: &problem)
            return nil
        }
        var items: [Item] = []
        guard try scanner.openContainer(close: JSONByte.closeBracket) else { return items }
        repeat {
            let itemNumber = items.count
            let itemField = { field() + "[\(itemNumber)]" }
            let start = scanner.offset
            guard scanner.peek == JSONByte.openBrace else {
                scanner.note(&problem, scanner.failure(.schema, at: scanner.offset, field: itemField(),
                                                       "an item must be an object, found \(scanner.valueKind(at: scanner.offset))"))
                try scanner.skipValue(depth: 3, problem: &problem)
                items.append(Item(name: ""))
                continue
            }
            var name: String?
            var quantity = 1
            if try scanner.openContainer(close: JSONByte.closeBrace) {
                repeat {
                    switch try scanner.readKey(problem: &problem) {
                    case .name: name = try stringValue(itemField() + ".name", required: true, keptAsJSON: true, problem: &problem)
                    case .quantity:
                        quantity = try quantityValue(itemField() + ".quantity", problem: &problem) ?? quantity
                    default: try scanner.skipValue(depth: 4, problem: &problem)
                    }
                } while try scanner.continueContainer(close: JSONByte.closeBrace, what: "a field")
            }
            if name == nil { scanner.note(&problem, scanner.failure(.schema, at: start, field: itemField() + ".name", "missing")) }
            items.append(Item(name: name ?? "", quantity: quantity))
        } while try scanner.continueContainer(close: JSONByte.closeBracket, what: "an item")
        return items
    }

    private mutating func quantityValue(
        _ field: @autoclosure () -> String, problem: inout ManifestError?
    ) throws(ManifestError) -> Int? {
        let start = scanner.offset
        guard scanner.peek == JSONByte.minus || scanner.isDigit(scanner.peek) else {
            scanner.note(&problem, scanner.failure(.schema, at: scanner.offset, field: field(),
                                                   "must be a whole number, found \(scanner.valueKind(at: scanner.offset))"))
            try scanner.skipValue(depth: 4, problem: &problem)
            return nil
        }
        let number = try scanner.readNumber()
        guard let value = number else {
            scanner.note(&problem, scanner.failure(.schema, at: start, field: field(),
                                                   "must be a whole number, found \(scanner.text(from: start, to: scanner.offset))"))
            return nil
        }
        guard value >= 0 else {
            scanner.note(&problem, scanner.failure(.schema, at: start, field: field(), "must not be negative, found \(value)"))
            return nil
        }
        return value
    }

    /// Why an id may not hold NUL, in any store: ids are looked up as text
    /// that ends at a NUL, so two ids alike up to one would be one delivery.
    static let nulInID = "\\u0000 (NUL) cannot be part of an id: deliveries are found by their id as text that ends at a NUL"
    /// Why a PostgreSQL store refuses it elsewhere (`ManifestReader.refusesNUL`).
    static let nulInPostgres = "\\u0000 (NUL) cannot be kept in a PostgreSQL store; remove it from the manifest"

    /// A string field: a string, or null/absent when not required;
    /// `keptAsJSON`: a store keeps it inside JSON text (an item's name);
    /// `nulRefusal`: why a NUL may not be in it, when not only for `refusesNUL`.
    private mutating func stringValue(
        _ field: @autoclosure () -> String, required: Bool, essential: Bool = false, keptAsJSON: Bool = false,
        nulRefusal: String? = nil, problem: inout ManifestError?
    ) throws(ManifestError) -> String? {
        if scanner.peek == JSONByte.quote {
            let refusal = nulRefusal ?? (refusesNUL && !keptAsJSON ? Self.nulInPostgres : nil)
            return try scanner.readString(field: field(), keep: keepsText || essential, refusingNUL: refusal, problem: &problem)
        }
        if !required, scanner.peek == JSONByte.n, try scanner.readNull() { return nil }
        scanner.note(&problem, scanner.failure(.schema, at: scanner.offset, field: field(),
                                               "must be a string, found \(scanner.valueKind(at: scanner.offset))"))
        try scanner.skipValue(depth: 2, problem: &problem)
        return nil
    }

    // MARK: - Items

    /// Parses the whole text as an items array, `[{"name": …, "quantity": …}, …]` (null for none).
    mutating func parseItems() throws(ManifestError) -> [Item] {
        scanner.skipWhitespace()
        guard !scanner.isAtEnd else { throw scanner.syntaxError("expected an array of items, found the end of the file") }
        var problem: ManifestError?
        let items = try itemsValue(index: nil, problem: &problem)
        if let problem { throw problem }
        scanner.skipWhitespace()
        guard scanner.isAtEnd else {
            throw scanner.syntaxError("unexpected \(scanner.describeByte(at: scanner.offset)) after the items")
        }
        return items ?? []
    }
}
