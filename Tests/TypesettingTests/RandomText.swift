import SeededRandom

/// Reproducible random strings mixing the scripts and traps a delivery list
/// can receive: Latin words, CJK, emoji with ZWJ and modifiers, combining
/// marks, controls, right-to-left text and bidi controls.
struct RandomText: RandomNumberGenerator {
    private var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    mutating func next() -> UInt64 { random.next() }

    private static let pieces: [[String]] = [
        ["Feng", "Wong", "delivery", "Street", "antidisestablishmentarianism", "co-operate", "12-14", "(ok)", "e.g.", "$5.00"],
        [" ", " ", " ", "  ", "\t", "\n", "-"],
        ["北京市", "東京都渋谷区", "中", "，", "。", "「引用」", "ｈｅｌｌｏ", "한국어", "カタカナ"],
        ["👍", "👍🏽", "👨‍👩‍👧‍👦", "🏳️‍🌈", "🇫🇷", "❤️", "1️⃣"],
        ["e\u{301}", "a\u{308}\u{323}", "\u{301}", "n\u{303}", "\u{20DD}"],
        ["\u{1B}[31m", "\r", "\u{0}", "\u{7}", "\u{7F}", "\u{85}", "\u{9B}", "\u{2028}", "\u{B}"],
        ["שלום", "مرحبا", "\u{202E}evil\u{202C}", "\u{2067}x\u{2069}", "\u{200F}", "\u{61C}"],
        ["\u{200B}", "\u{2060}", "\u{FEFF}", "\u{AD}", "\u{378}", "\u{E000}"],
    ]

    mutating func string(maxPieces: Int = 24) -> String {
        var out = ""
        for _ in 0 ..< Int.random(in: 0 ... maxPieces, using: &self) {
            let group = Self.pieces[Int.random(in: 0 ..< Self.pieces.count, using: &self)]
            out += group[Int.random(in: 0 ..< group.count, using: &self)]
        }
        return out
    }
}
