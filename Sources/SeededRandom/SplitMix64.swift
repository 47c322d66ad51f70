/// SplitMix64: a tiny, fast random number generator that gives the same
/// sequence for the same seed on every platform.
///
/// Why: generated manifests must be byte-for-byte reproducible, and every
/// property or model-based test must be replayable from the seed it prints.
///
///     var random = SplitMix64(seed: 42)
///     let roll = Int.random(in: 1 ... 6, using: &random)
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// SplitMix64's output function: a good 64-bit mixer on its own, e.g. to
    /// derive independent seeds from a seed and an index.
    public static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
