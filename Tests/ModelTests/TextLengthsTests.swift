import SeededRandom
import Testing
@testable import Model

/// Counting from the bytes (ASCII texts) gives exactly the characters Swift counts.
@Suite struct TextLengthsTests {
    @Test func asciiAndOtherTextsCountAsTheirCharacters() {
        let pool: [String] = ["a", "Z", "1", " ", "\t", "\r", "\n", "\r\n", "\u{0B}", "\u{0C}", ",", "é", "e\u{301}", "\u{301}", "東", "👩🏽‍🚒", "\u{85}",
                              "\u{A0}", "\u{3000}", "\u{2028}", "Ж", "ß", "\u{1100}", "\u{1161}", "\u{AC00}", "\u{11A8}", "\u{0600}", "\u{FE0F}", "\u{1F600}",
                              // Runs of eight and more plain characters, counted eight at a time.
                              "Kingfisher", "Court-1234", "~!@#$%^&*()"]
        var random = SplitMix64(seed: 14)
        func text() -> String {
            (0 ..< Int.random(in: 0 ... 8, using: &random)).map { _ in pool[Int.random(in: 0 ..< pool.count, using: &random)] }.joined()
        }
        for _ in 0 ..< 5000 {
            let (name, line1, line2, window) = (text(), text(), Bool.random(using: &random) ? text() : nil, text())
            let delivery = Delivery(id: "D", name: name, address: Address(line1: line1, line2: line2), window: window)
            let lengths = TextLengths(of: delivery)
            let expected = TextLengths(name: name.count, address: delivery.address.singleLine.count, window: window.count)
            #expect(lengths == expected, "\([name, line1, line2 ?? "nil", window].map { Array($0.unicodeScalars) })")
        }
    }
}
