import SeededRandom

/// SplitMix64, seeded per delivery from (seed, index): every delivery can be
/// made on its own, in any order, and always comes out the same.
struct GeneratorRandom: RandomNumberGenerator {
    private var random: SplitMix64

    init(seed: UInt64, index: Int) {
        random = SplitMix64(seed: SplitMix64.mix(seed ^ 0x5851_F42D_4C95_7F2D)
            ^ SplitMix64.mix(UInt64(truncatingIfNeeded: index) &+ 0x2545_F491_4F6C_DD1D))
    }

    mutating func next() -> UInt64 { random.next() }

    /// A number in 0 ..< bound (bound > 0), cheaper than `Int.random(in:using:)`.
    mutating func below(_ bound: Int) -> Int {
        Int(truncatingIfNeeded: next() % UInt64(bound))
    }

    /// True with the given chance in percent.
    mutating func percent(_ chance: Int) -> Bool { below(100) < chance }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}
