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

    public init(maximumFieldBytes: Int = ManifestReader.defaultMaximumFieldBytes) {
        self.maximumFieldBytes = maximumFieldBytes
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

    /// Validates all of `data` as `validate` does, and also returns a
    /// checkpoint every `interval` deliveries (after delivery `interval - 1`,
    /// `2 * interval - 1`, …), from which parts of it can be read apart.
    public func validate(
        _ data: Data, file: String, checkpointEvery interval: Int, progress: ((Int) -> Void)? = nil
    ) throws(ManifestError) -> (count: Int, checkpoints: [ManifestCheckpoint]) {
        var checkpoints: [ManifestCheckpoint] = []
        let interval = max(1, interval)
        let count = try parse(data, file: file, keepsText: false) { index, _, offset in
            if let progress, index % 8192 == 0 { progress(offset) }
            if (index + 1) % interval == 0 { checkpoints.append(ManifestCheckpoint(index: index + 1, offset: offset)) }
            return true
        }
        return (count, checkpoints)
    }

    /// Calls `body` with the index and value of up to `count` deliveries from
    /// `checkpoint` (from the first when nil) in manifest order, for data
    /// `validate(_:file:checkpointEvery:progress:)` accepted and gave the checkpoint
    /// for; ids are not checked for duplicates. Throws what `body` throws, which stops the walk.
    /// `progress`, if given, is called now and then with the byte offset reached.
    public func forEachDelivery(
        in data: Data, file: String, from checkpoint: ManifestCheckpoint?, count: Int, progress: ((Int) -> Void)? = nil,
        _ body: (Int, Delivery) throws -> Void
    ) throws {
        var bodyError: (any Error)?
        func visit(_ index: Int, _ delivery: Delivery, _ offset: Int) -> Bool {
            if let progress, index % 8192 == 0 { progress(offset) }
            do {
                try body(index, delivery)
                return true
            } catch {
                bodyError = error
                return false
            }
        }
        if let checkpoint {
            _ = try parse(data, file: file) { (parser: inout ManifestParser) throws(ManifestError) in
                try parser.parseRun(after: checkpoint.offset, firstIndex: checkpoint.index, count: count, visit)
            }
        } else {
            let stop = count
            _ = try parse(data, file: file, checksDuplicateIDs: false) { index, delivery, offset in
                index < stop && visit(index, delivery, offset)
            }
        }
        if let bodyError { throw bodyError }
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
        var bodyError: (any Error)?
        _ = try parse(data, file: file, checksDuplicateIDs: checkingDuplicateIDs) { index, delivery, offset in
            if let progress, index % 8192 == 0 { progress(offset) }
            do {
                try body(index, delivery)
                return true
            } catch {
                bodyError = error
                return false
            }
        }
        if let bodyError { throw bodyError }
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
                keepsText: keepsText, checksDuplicateIDs: checksDuplicateIDs)
            do throws(ManifestError) {
                return .success(try run(&parser))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
