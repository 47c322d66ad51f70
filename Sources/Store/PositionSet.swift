/// A set of delivery positions as a bitmap: what a word search gathers,
/// unions (the words that hold one typed word) and intersects (every typed
/// word) in a few microseconds per thousand positions, then lists in order.
/// Both stores' word indexes answer with one.
public struct PositionSet: Sendable {
    private var bits: [UInt64]

    /// An empty set sized for positions up to `capacity` (it grows past that if it must).
    public init(capacity: Int) {
        bits = Array(repeating: 0, count: max(0, capacity) / 64 + 1)
    }

    /// A set of `positions`, sized for positions up to `capacity`.
    public init(_ positions: some Sequence<Int32>, capacity: Int) {
        self.init(capacity: capacity)
        for position in positions { insert(position) }
    }

    /// Adds `position` (a negative one is ignored: no delivery has it).
    public mutating func insert(_ position: Int32) {
        guard position >= 0 else { return }
        let word = Int(position) >> 6
        if word >= bits.count { bits += Array(repeating: 0, count: word - bits.count + 1) }
        bits[word] |= 1 << UInt64(position & 63)
    }

    /// Whether `position` is in the set.
    public func contains(_ position: Int32) -> Bool {
        guard position >= 0 else { return false }
        let word = Int(position) >> 6
        return word < bits.count && bits[word] & (1 << UInt64(position & 63)) != 0
    }

    /// Keeps only the positions `other` holds too.
    public mutating func formIntersection(_ other: PositionSet) {
        for index in bits.indices { bits[index] &= index < other.bits.count ? other.bits[index] : 0 }
    }

    /// How many positions both this set and `other` hold (no set made of them).
    public func countInCommon(with other: PositionSet) -> Int {
        zip(bits, other.bits).reduce(0) { $0 + ($1.0 & $1.1).nonzeroBitCount }
    }

    /// The positions every one of `words` is at (`found(word)`), as both
    /// stores' word searches gather them: longer words first, as they are
    /// rarer, so the first set is small, and an empty one ends the search
    /// without asking for the rest. Nil for no words.
    public static func holdingAll(_ words: [String], _ found: (String) throws -> PositionSet) rethrows -> PositionSet? {
        var matched: PositionSet?
        for word in Set(words).sorted(by: { $0.unicodeScalars.count > $1.unicodeScalars.count }) {
            let set = try found(word)
            if matched == nil { matched = set } else { matched?.formIntersection(set) }
            if matched?.isEmpty ?? true { break }
        }
        return matched
    }

    /// Whether no position is in the set.
    public var isEmpty: Bool { bits.allSatisfy { $0 == 0 } }

    /// How many positions it holds.
    public var count: Int { bits.reduce(0) { $0 + $1.nonzeroBitCount } }

    /// The positions, ascending.
    public var positions: [Int32] {
        var positions: [Int32] = []
        positions.reserveCapacity(count)
        for (index, word) in bits.enumerated() where word != 0 {
            var rest = word
            while rest != 0 {
                positions.append(Int32(index << 6 + rest.trailingZeroBitCount))
                rest &= rest - 1
            }
        }
        return positions
    }
}
