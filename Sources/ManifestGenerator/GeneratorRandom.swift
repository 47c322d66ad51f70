/// SplitMix64, seeded per delivery from (seed, index): every delivery can be
/// made on its own, in any order, and always comes out the same.
struct GeneratorRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64, index: Int) {
        state = Self.mix(seed ^ 0x5851_F42D_4C95_7F2D) ^ Self.mix(UInt64(truncatingIfNeeded: index) &+ 0x2545_F491_4F6C_DD1D)
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0 ..< bound (bound > 0), cheaper than `Int.random(in:using:)`.
    mutating func below(_ bound: Int) -> Int {
        Int(truncatingIfNeeded: next() % UInt64(bound))
    }

    /// True with the given chance in percent.
    mutating func percent(_ chance: Int) -> Bool { below(100) < chance }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}
