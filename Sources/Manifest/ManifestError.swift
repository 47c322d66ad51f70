import Model

/// Why a manifest was rejected, and where: the file, the JSON line and column,
/// and for schema problems the delivery's index, id and field.
///
/// A manifest is validated whole before anything is written, so this is the
/// only thing a bad file produces. `exitCode` maps it to the sysexits code the
/// CLI returns: 66 for a missing file or a directory, 74 for one that cannot be read, 65 for
/// bad data.
public struct ManifestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem it is; decides the exit code and the wording.
    public enum Kind: Sendable, Hashable {
        /// There is no file at the path (EX_NOINPUT, 66).
        case fileNotFound
        /// The path is a directory, not a file (EX_NOINPUT, 66).
        case isDirectory
        /// The file exists but could not be read (EX_IOERR, 74).
        case unreadable
        /// The file holds nothing but white space.
        case empty
        /// The bytes are not valid JSON.
        case syntax
        /// A string is not valid UTF-8.
        case invalidUTF8
        /// A string is longer than the reader's limit.
        case fieldTooLarge
        /// Valid JSON that does not match the schema: a wrong type, a missing
        /// field, an unknown status.
        case schema
        /// Two deliveries share an id.
        case duplicateID
        /// A string holds a character the store cannot keep: U+0000 (NUL)
        /// in an id, or in a PostgreSQL store, whose text has no room for it
        /// (`ManifestReader.refusesNUL`).
        case unstorable
    }

    public var kind: Kind
    /// The file as the user named it.
    public var file: String
    /// 1-based line of the offending byte, when the problem has a place in the text.
    public var line: Int?
    /// 1-based column (in Unicode scalars) of the offending byte.
    public var column: Int?
    /// 0-based index in `deliveries` of the delivery at fault, for schema problems.
    public var deliveryIndex: Int?
    /// The id of the delivery at fault, when it has a readable one.
    public var deliveryID: String?
    /// The path of the field at fault, e.g. `deliveries[12].address.line1`.
    public var field: String?
    /// What is wrong, in a sentence without the location.
    public var reason: String

    public init(
        kind: Kind, file: String, line: Int? = nil, column: Int? = nil,
        deliveryIndex: Int? = nil, deliveryID: String? = nil, field: String? = nil, reason: String
    ) {
        self.kind = kind
        self.file = file
        self.line = line
        self.column = column
        self.deliveryIndex = deliveryIndex
        self.deliveryID = deliveryID
        self.field = field
        self.reason = reason
    }

    /// The sysexits code for this error: 66 missing input, 74 I/O error, 65 bad data.
    public var exitCode: Int32 {
        switch kind {
        case .fileNotFound, .isDirectory: ExitStatus.noInput.rawValue
        case .unreadable: ExitStatus.ioError.rawValue
        default: ExitStatus.dataError.rawValue
        }
    }

    /// `file:line:column: delivery 12 (id "DLV-0013"), field deliveries[12].status: reason`.
    public var description: String {
        var text = file
        if let line, let column { text += ":\(line):\(column)" }
        text += ": "
        if let deliveryIndex {
            text += "delivery \(deliveryIndex)"
            if let deliveryID { text += " (id \(Self.quoted(deliveryID)))" }
            text += ", "
        }
        if let field { text += "field \(field): " }
        return text + reason
    }

    /// A short, printable rendering of a value from the file for a message.
    static func quoted(_ value: String, limit: Int = 40) -> String {
        var shown = ""
        for scalar in value.unicodeScalars.prefix(limit) {
            switch scalar.value {
            case 0x22: shown += "\\\""
            case 0x5C: shown += "\\\\"
            // Controls, and the bidi controls that would reorder the rest of the line on a terminal.
            case 0..<0x20, 0x7F..<0xA0, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C:
                shown += "\\u{\(String(scalar.value, radix: 16))}"
            default: shown.unicodeScalars.append(scalar)
            }
        }
        if value.unicodeScalars.count > limit { shown += "…" }
        return "\"" + shown + "\""
    }
}
