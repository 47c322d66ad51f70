import Synchronization

/// What each scalar of the Basic Multilingual Plane folds to
/// (`SearchFolding`) when it is a character by itself, looked up without a
/// lock or a hash: an import folds tens of millions of characters, and
/// hashing each as a `Character` under a lock cost seconds.
///
/// A scalar is *standalone* when no grapheme rule can join it to the scalar
/// before or after it, given that scalar is ASCII or standalone too: not a
/// combining or spacing mark, ZWJ or prepended sign (asked of Swift's own
/// grapheme breaking, as `Character` iteration does), not a Hangul jamo or
/// syllable. So a standalone scalar followed by ASCII, another standalone
/// scalar or the end is a whole character, and its folding is the
/// character's. Only standalone scalars have an entry.
///
/// The table is built a page of 256 scalars at a time, the first time a
/// scalar of the page is looked up (Foundation folds each, about a
/// millisecond a page); a page, once published, is never changed or freed.
final class FoldedScalars: Sendable {
    private static let pageCount = 256
    private static let pageSize = 256
    /// A page's layout: a standalone flag per scalar, then 257 offsets of its foldings in the bytes that follow.
    private static let offsetsStart = pageSize
    private static let bytesStart = offsetsStart + (pageSize + 1) * MemoryLayout<UInt16>.stride

    /// Each page's address, 0 until built.
    private let pages: InlineArray<256, Atomic<UInt>>
    private let fold: @Sendable (Character) -> String

    /// `fold`: one character folded, as `SearchFolding` folds it.
    init(fold: @escaping @Sendable (Character) -> String) {
        self.fold = fold
        pages = InlineArray { _ in Atomic<UInt>(0) }
    }

    /// The UTF-8 folding of `scalar` when it is standalone, nil when it is not
    /// (or lies beyond the Basic Multilingual Plane).
    func folded(_ scalar: UInt32) -> UnsafeBufferPointer<UInt8>? {
        let pageIndex = Int(scalar) / Self.pageSize
        guard pageIndex < Self.pageCount else { return nil }
        let page = self.page(pageIndex)
        let slot = Int(scalar) % Self.pageSize
        guard page.load(fromByteOffset: slot, as: UInt8.self) != 0 else { return nil }
        let offsets = page + Self.offsetsStart
        let start = Int(offsets.load(fromByteOffset: slot * 2, as: UInt16.self))
        let end = Int(offsets.load(fromByteOffset: slot * 2 + 2, as: UInt16.self))
        return UnsafeBufferPointer(start: (page + Self.bytesStart + start).assumingMemoryBound(to: UInt8.self), count: end - start)
    }

    /// Whether the scalar `value` has an entry: is standalone, beyond ASCII,
    /// within the plane (and, as any standalone scalar, a character by itself
    /// wherever it is followed by ASCII or another standalone scalar).
    func isStandalone(_ value: UInt32) -> Bool {
        folded(value) != nil
    }

    /// Whether `scalar` is standalone (see above).
    static func isStandalone(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100 ... 0x11FF, 0xA960 ... 0xA97F, 0xAC00 ... 0xD7FF: return false  // Hangul jamo and syllables join each other
        default: break
        }
        let alone = String(scalar)
        return ("a" + alone).count == 2 && (alone + "a").count == 2
    }

    private func page(_ index: Int) -> UnsafeRawPointer {
        let address = pages[index].load(ordering: .acquiring)
        if let built = UnsafeRawPointer(bitPattern: address) { return built }
        let made = makePage(index)
        let (won, current) = pages[index].compareExchange(
            expected: 0, desired: UInt(bitPattern: made), successOrdering: .acquiringAndReleasing, failureOrdering: .acquiring)
        if won { return UnsafeRawPointer(made) }
        // Another thread built the same page first: use its copy.
        made.deallocate()
        return UnsafeRawPointer(bitPattern: current) ?? UnsafeRawPointer(made)
    }

    private func makePage(_ index: Int) -> UnsafeMutableRawPointer {
        var standalone = [UInt8](repeating: 0, count: Self.pageSize)
        var offsets: [UInt16] = [0]
        var bytes: [UInt8] = []
        for slot in 0 ..< Self.pageSize {
            if let scalar = Unicode.Scalar(UInt32(index * Self.pageSize + slot)), scalar.value >= 0x80, Self.isStandalone(scalar) {
                let folded = Array(fold(Character(scalar)).utf8)
                // A page's foldings fit 64 KiB many times over; a scalar whose would not simply goes the slow way.
                if bytes.count + folded.count <= Int(UInt16.max) {
                    standalone[slot] = 1
                    bytes += folded
                }
            }
            offsets.append(UInt16(bytes.count))
        }
        let start = UnsafeMutableRawPointer.allocate(byteCount: Self.bytesStart + bytes.count, alignment: 8)
        let page = UnsafeMutableRawBufferPointer(start: start, count: Self.bytesStart + bytes.count)
        standalone.withUnsafeBytes { UnsafeMutableRawBufferPointer(rebasing: page[..<Self.offsetsStart]).copyMemory(from: $0) }
        offsets.withUnsafeBytes { UnsafeMutableRawBufferPointer(rebasing: page[Self.offsetsStart ..< Self.bytesStart]).copyMemory(from: $0) }
        bytes.withUnsafeBytes { UnsafeMutableRawBufferPointer(rebasing: page[Self.bytesStart...]).copyMemory(from: $0) }
        return start
    }
}
