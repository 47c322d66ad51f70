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
            name: delivery.name.count,
            address: delivery.address.singleLine.count,
            window: delivery.window?.count ?? 0
        )
    }
}
