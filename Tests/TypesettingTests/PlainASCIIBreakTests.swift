import Testing
@testable import Typesetting

/// The ICU-free path for plain ASCII prose must find exactly ICU's breaks.
@Suite struct PlainASCIIBreakTests {
    static let alphabet = Array("ab Z9 ,. 0q  ,.x")

    @Test(arguments: 0 ..< 4)
    func plainASCIIBreaksAgreeWithICU(seed: UInt64) {
        var random = RandomText(seed: seed)
        var checked = 0
        for _ in 0 ..< 5000 {
            let length = Int.random(in: 1 ... 40, using: &random)
            let text = String((0 ..< length).map { _ in Self.alphabet.randomElement(using: &random) ?? "a" })
            guard let plain = MeasuredText.plainASCIIBreaks(text) else { continue }
            checked += 1
            let fast = plain.canBreakAfter.indices.filter { plain.canBreakAfter[$0] }.map { $0 + 1 }
            #expect(fast == LineBreaker.opportunities(in: text), "\"\(text)\"")
        }
        #expect(checked > 300, "the fast path covers typical text")
    }

    @Test func realAddressesTakeTheFastPath() {
        #expect(MeasuredText.plainASCIIBreaks("2450 Mission Street, Apt 3, San Francisco, CA 94110") != nil)
        #expect(MeasuredText.plainASCIIBreaks("Feng Wong") != nil)
        for other in ["co-operate", "1,000", "a ,b", "O'Brien", "Zoë", "(ok)", "x\u{1B}"] {
            #expect(MeasuredText.plainASCIIBreaks(other) == nil, "\(other) takes the full path")
        }
    }
}
