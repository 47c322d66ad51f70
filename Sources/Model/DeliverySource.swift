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
}

extension DeliverySource {
    public var cheaplyReadableRows: Int { count }

    public func textLengths(in rows: Range<Int>) -> [TextLengths] { rows.map(textLengths(at:)) }

    public func deliveriesWithLengths(at indices: [Int]) -> [(delivery: Delivery, lengths: TextLengths)] {
        indices.map { (delivery(at: $0), textLengths(at: $0)) }
    }
    public func row(nearestTo id: String) -> Int? { nil }
    public func learnRemainingRows() throws {}
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

    /// `text.count`; for ASCII (most texts) counted from the bytes, where only CR LF is a character of two.
    static func characters(in text: String) -> Int {
        asciiCharacters(in: text) ?? text.count
    }

    /// `address.singleLine.count`, without joining the lines when both are
    /// ASCII: no ASCII character joins ", " to what is before or after it.
    static func addressCharacters(_ address: Address) -> Int {
        guard let first = asciiCharacters(in: address.line1), let second = asciiCharacters(in: address.line2 ?? "") else {
            return address.singleLine.count
        }
        let keepsFirst = !isAsciiWhiteSpace(address.line1)
        let keepsSecond = !isAsciiWhiteSpace(address.line2 ?? "")
        return (keepsFirst ? first : 0) + (keepsSecond ? second : 0) + (keepsFirst && keepsSecond ? 2 : 0)
    }

    /// The characters of an ASCII `text`, nil when it holds anything else.
    private static func asciiCharacters(in text: String) -> Int? {
        var text = text
        return text.withUTF8 { bytes -> Int? in
            var characters = bytes.count
            var previous: UInt8 = 0
            for byte in bytes {
                if byte >= 0x80 { return nil }
                if byte == 0x0A && previous == 0x0D { characters -= 1 }
                previous = byte
            }
            return characters
        }
    }

    /// Whether ASCII `text` is all white space (`Character.isWhitespace`: tab to carriage return, and space).
    private static func isAsciiWhiteSpace(_ text: String) -> Bool {
        text.utf8.allSatisfy { (0x09 ... 0x0D).contains($0) || $0 == 0x20 }
    }
}
