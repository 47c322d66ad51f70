import Foundation
import Model

/// Reads a manifest file (`{"deliveries": [...]}`) and validates all of it.
///
/// Every problem comes out as one `ManifestError` naming the file, the line and
/// column, and for schema problems the delivery's index, id and field, so that a
/// courier's bad file is fixed in one look. It streams: `forEachDelivery` hands
/// over one delivery at a time, so a million-delivery import never holds the
/// whole manifest as values.
///
///     let data = try ManifestReader.contents(of: url)
///     let count = try ManifestReader().validate(data, file: url.path)
public struct ManifestReader: Sendable {
    /// The longest string the reader accepts, in UTF-8 bytes: 1 MB.
    public static let defaultMaximumFieldBytes = 1 << 20

    /// The longest string this reader accepts, in UTF-8 bytes.
    public var maximumFieldBytes: Int

    /// Whether a text a store keeps as it is (all but the items' names,
    /// which it keeps as JSON) holding U+0000 (`\u0000`) is a problem of
    /// the manifest (`ManifestError.Kind.unstorable`), named at its place
    /// like any other: PostgreSQL's text cannot hold NUL, and a server's
    /// refusal half way through the rows names neither the file nor the delivery.
    public var refusesNUL: Bool

    public init(maximumFieldBytes: Int = ManifestReader.defaultMaximumFieldBytes, refusesNUL: Bool = false) {
        self.maximumFieldBytes = maximumFieldBytes
        self.refusesNUL = refusesNUL
    }

    /// The bytes of the file at `url`, mapped rather than copied when possible
    /// (`ManifestFile`). Throws `.fileNotFound` (exit 66) or `.unreadable` (exit 74).
    public static func contents(of url: URL) throws(ManifestError) -> Data {
        try ManifestFile(url).data
    }

    /// Reads and validates the file at `url` into deliveries held in memory.
    public func read(contentsOf url: URL) throws(ManifestError) -> [Delivery] {
        try read(Self.contents(of: url), file: Self.displayName(of: url))
    }

    /// The file as the user named it: relative paths stay relative in messages.
    public static func displayName(of url: URL) -> String {
        url.relativePath
    }

    /// Validates `data` and returns all its deliveries.
    public func read(_ data: Data, file: String) throws(ManifestError) -> [Delivery] {
        var deliveries: [Delivery] = []
        _ = try parse(data, file: file) { _, delivery, _ in
            deliveries.append(delivery)
            return true
        }
        return deliveries
    }

    /// Validates all of `data` without keeping the deliveries; returns how many there are.
    /// `progress`, if given, is called now and then with the number of bytes checked.
    public func validate(_ data: Data, file: String, progress: ((Int) -> Void)? = nil) throws(ManifestError) -> Int {
        try parse(data, file: file, keepsText: false) { index, _, offset in
            if let progress, index % 8192 == 0 { progress(offset) }
            return true
        }
    }

    /// Where `data` can be cut for a second reader: just past the first
    /// delivery that ends at or after byte `offset`, found by following only
    /// strings and brackets (`DeliveryBoundaryScan`), many times cheaper than
    /// `validate`; nil when the deliveries end before or cannot be found
    /// without parsing. Nothing is checked: the reader from the start confirms
    /// it by ending there. `progress`, if given, is called now and then with the offset scanned.
    public func checkpoint(in data: Data, atOrAfter offset: Int, progress: ((Int) -> Void)? = nil) -> ManifestCheckpoint? {
        data.withUnsafeBytes { raw in
            DeliveryBoundaryScan.checkpoint(in: raw.bindMemory(to: UInt8.self), atOrAfter: offset, progress: progress)
        }
    }

    /// Calls `body` with the index, value and end offset of each delivery
    /// from `checkpoint` (from the first when nil) to the end of the
    /// manifest, checking all it reads, what follows the deliveries too;
    /// returns how many it read. Ids are not checked for duplicates (a
    /// store's unique key finds them; `validate` then says where). Throws a
    /// `ManifestError` at the first problem, or what `body` throws, which stops the walk.
    /// `progress`, if given, is called now and then with the byte offset reached.
    @discardableResult
    public func forEachDelivery(
        in data: Data, file: String, from checkpoint: ManifestCheckpoint?, progress: ((Int) -> Void)? = nil,
        _ body: (Int, Delivery, Int) throws -> Void
    ) throws -> Int {
        try walk(data, file: file, from: checkpoint, checksDuplicateIDs: false, progress: progress, body)
    }

    /// Calls `body` with each delivery's index and value, in manifest order.
    ///
    /// Throws a `ManifestError` at the first problem (after `body` has seen the
    /// deliveries before it: call `validate` first to write nothing on a bad
    /// file), or whatever `body` throws, which stops the walk. Pass
    /// `checkingDuplicateIDs: false` only for data `validate` has accepted.
    /// `progress`, if given, is called now and then with the number of bytes read.
    public func forEachDelivery(
        in data: Data, file: String, checkingDuplicateIDs: Bool = true, progress: ((Int) -> Void)? = nil,
        _ body: (Int, Delivery) throws -> Void
    ) throws {
        _ = try walk(data, file: file, from: nil, checksDuplicateIDs: checkingDuplicateIDs, progress: progress) { index, delivery, _ in
            try body(index, delivery)
        }
    }

    /// The deliveries from `checkpoint` (the first when nil) to the end, each
    /// with its index and end offset, as both `forEachDelivery` give them.
    private func walk(
        _ data: Data, file: String, from checkpoint: ManifestCheckpoint?, checksDuplicateIDs: Bool,
        progress: ((Int) -> Void)?, _ body: (Int, Delivery, Int) throws -> Void
    ) throws -> Int {
        var bodyError: (any Error)?
        func visit(_ index: Int, _ delivery: Delivery, _ offset: Int) -> Bool {
            if let progress, index % 8192 == 0 { progress(offset) }
            do {
                try body(index, delivery, offset)
                return true
            } catch {
                bodyError = error
                return false
            }
        }
        let count: Int
        if let checkpoint {
            count = try parse(data, file: file) { (parser: inout ManifestParser) throws(ManifestError) in
                try parser.parseRest(after: checkpoint.offset, firstIndex: checkpoint.index, visit)
            }
        } else {
            count = try parse(data, file: file, checksDuplicateIDs: checksDuplicateIDs, visit)
        }
        if let bodyError { throw bodyError }
        return count
    }

    private func parse(
        _ data: Data, file: String, keepsText: Bool = true, checksDuplicateIDs: Bool = true,
        _ visit: (Int, Delivery, Int) -> Bool
    ) throws(ManifestError) -> Int {
        try parse(data, file: file, keepsText: keepsText, checksDuplicateIDs: checksDuplicateIDs) {
            (parser: inout ManifestParser) throws(ManifestError) in try parser.parse(visit)
        }
    }

    private func parse(
        _ data: Data, file: String, keepsText: Bool = true, checksDuplicateIDs: Bool = true,
        _ run: (inout ManifestParser) throws(ManifestError) -> Int
    ) throws(ManifestError) -> Int {
        let result: Result<Int, ManifestError> = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let base = bytes.baseAddress, !bytes.isEmpty else {
                return .failure(ManifestError(kind: .empty, file: file,
                                              reason: "the file is empty; expected {\"deliveries\": [...]}"))
            }
            var parser = ManifestParser(
                base: base, count: bytes.count, file: file, maximumFieldBytes: maximumFieldBytes,
                keepsText: keepsText, checksDuplicateIDs: checksDuplicateIDs, refusesNUL: refusesNUL)
            do throws(ManifestError) {
                return .success(try run(&parser))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
