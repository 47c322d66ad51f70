/// Rows of deliveries by position, read lazily.
///
/// The screens and the row-height engine see deliveries only through this, so
/// an in-memory manifest and a million-row SQLite store look the same to them.
/// `textLengths(at:)` is what the height estimator needs and must be cheap:
/// a store keeps these figures in its index so that estimating never loads a row.
public protocol DeliverySource: Sendable {
    /// How many rows there are.
    var count: Int { get }
    /// The delivery at `index` (0 ..< count).
    func delivery(at index: Int) -> Delivery
    /// Cheap per-row figures for estimating the row's height without loading it.
    func textLengths(at index: Int) -> TextLengths
    /// `textLengths(at:)` of each row of a run, in order (a paged source
    /// looks each page up once, not each row).
    func textLengths(in rows: Range<Int>) -> [TextLengths]
    /// The deliveries at `indices` with their text lengths, read together:
    /// for a few rows spread over the list (the sample that calibrates
    /// row-height estimates), which a paged source would otherwise read a
    /// page at a time, one for each row.
    func deliveriesWithLengths(at indices: [Int]) -> [(delivery: Delivery, lengths: TextLengths)]
    /// How many leading rows can be read without extra work (all of them,
    /// unless the source finds its rows lazily, like a large search result).
    var cheaplyReadableRows: Int { get }
    /// Where the delivery with `id` is in these rows, or the row nearest to
    /// where it would be; nil when the source cannot tell (the selection then
    /// keeps its index).
    func row(nearestTo id: String) -> Int?
    /// Makes every row cheaply readable, for a worker off the loop (a large
    /// search result learns which rows it holds); nothing to do for most.
    func learnRemainingRows() throws
    /// Rows read from now on are the store's latest: called by the screens
    /// when they handle the message that says it changed (a store's rows
    /// read as they were until then); nothing to do for a list in memory.
    func moveToLatest()
    /// Each row's place in the store it is read from (a key no other row
    /// has), in list order, when every one is known without reading; nil
    /// otherwise. The same rows sorted another way list the same places in
    /// another order: a sort moves rows, it changes no row's height.
    var storePlaces: [Int32]? { get }
}

extension DeliverySource {
    public var cheaplyReadableRows: Int { count }

    public var storePlaces: [Int32]? { nil }

    public func textLengths(in rows: Range<Int>) -> [TextLengths] { rows.map(textLengths(at:)) }

    public func deliveriesWithLengths(at indices: [Int]) -> [(delivery: Delivery, lengths: TextLengths)] {
        indices.map { (delivery(at: $0), textLengths(at: $0)) }
    }
    public func row(nearestTo id: String) -> Int? { nil }
    public func learnRemainingRows() throws {}
    public func moveToLatest() {}
}

/// Character counts of a row's texts, stored at import so that the row-height
/// estimator can guess a height without loading or wrapping the row.
public struct TextLengths: Sendable, Hashable {
    public var name: Int
    public var address: Int
    public var window: Int

    public init(name: Int, address: Int, window: Int) {
        self.name = name
        self.address = address
        self.window = window
    }

    public init(of delivery: Delivery) {
        self.init(
            name: Self.characters(in: delivery.name),
            address: Self.addressCharacters(delivery.address),
            window: delivery.window.map(Self.characters(in:)) ?? 0
        )
    }

    /// `text.count`, counted from the scalars when each is a character by
    /// itself (ASCII, or standalone as `FoldedScalars` tells; only CR LF is
    /// then a character of two), as in most texts; walked as characters otherwise.
    static func characters(in text: String) -> Int {
        simpleText(text)?.characters ?? text.count
    }

    /// `address.singleLine.count`, without joining the lines when each scalar
    /// of both is a character by itself: then none joins ", " to what is
    /// before or after it.
    static func addressCharacters(_ address: Address) -> Int {
        guard let first = simpleText(address.line1), let second = simpleText(address.line2 ?? "") else {
            return address.singleLine.count
        }
        let keepsFirst = !first.isWhiteSpace
        let keepsSecond = !second.isWhiteSpace
        return (keepsFirst ? first.characters : 0) + (keepsSecond ? second.characters : 0) + (keepsFirst && keepsSecond ? 2 : 0)
    }

    /// The characters of `text`, and whether all are white space, when each
    /// of its scalars is ASCII or standalone; nil when one is not.
    private static func simpleText(_ text: String) -> (characters: Int, isWhiteSpace: Bool)? {
        var text = text
        return text.withUTF8 { bytes -> (characters: Int, isWhiteSpace: Bool)? in
            var characters = 0
            var isWhiteSpace = true
            var previous: UInt8 = 0
            var index = 0
            while index < bytes.count {
                // Eight characters at a time while they are ASCII, none white space or a control.
                if let base = bytes.baseAddress {
                    let plainEnd = ByteWord.skip(base, from: index, to: bytes.count) {
                        ByteWord.marksBelow(0x21, in: $0) | ByteWord.marksNonASCII($0)
                    }
                    if plainEnd > index {
                        characters += plainEnd - index
                        isWhiteSpace = false
                        index = plainEnd
                        previous = bytes[index - 1]
                        continue
                    }
                }
                let byte = bytes[index]
                if byte < 0x80 {
                    // CR LF is one character.
                    if !(byte == 0x0A && previous == 0x0D) { characters += 1 }
                    // `Character.isWhitespace` for ASCII: tab to carriage return, and space.
                    isWhiteSpace = isWhiteSpace && ((0x09 ... 0x0D).contains(byte) || byte == 0x20)
                    previous = byte
                    index += 1
                    continue
                }
                // Beyond the Basic Multilingual Plane (4 bytes) nothing is taken as standalone.
                guard byte < 0xF0 else { return nil }
                let length = byte < 0xE0 ? 2 : 3
                guard index + length <= bytes.count else { return nil }
                var value = UInt32(byte) & (length == 2 ? 0x1F : 0x0F)
                for offset in 1 ..< length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
                guard let scalar = Unicode.Scalar(value), SearchFolding.foldedScalars.isStandalone(value) else { return nil }
                characters += 1
                // A character's white space is its first scalar's, and here each scalar is a character.
                isWhiteSpace = isWhiteSpace && scalar.properties.isWhitespace
                previous = byte
                index += length
            }
            return (characters, isWhiteSpace)
        }
    }
}
