import Testing
@testable import Typesetting

/// The ICU-free path for plain Latin prose must find exactly ICU's breaks.
@Suite struct PlainLatinBreakTests {
    static let alphabet: [String] = Array("ab Z9 ,. 0q  ,.xøüŁÀǅȳ-'ΓάωЖщӿ-'1").map(String.init) + ["\u{D7}", "\u{F7}", "o\u{308}", "\u{483}"]

    @Test(arguments: 0 ..< 8)
    func plainLatinBreaksAgreeWithICU(seed: UInt64) {
        var random = RandomText(seed: seed)
        var checked = 0
        for _ in 0 ..< 5000 {
            let length = Int.random(in: 1 ... 40, using: &random)
            let text = (0 ..< length).map { _ in Self.alphabet.randomElement(using: &random) ?? "a" }.joined()
            guard let plain = MeasuredText.plainLatinBreaks(text) else { continue }
            checked += 1
            // Every scalar of plain text is one UTF-16 unit, so indices are offsets.
            #expect(plain.count == text.utf16.count)
            let fast = plain.canBreakAfter.indices.filter { plain.canBreakAfter[$0] }.map { $0 + 1 }
            #expect(fast == LineBreaker.opportunities(in: text), "\"\(text)\"")
        }
        #expect(checked > 300, "the fast path covers typical text")
    }

    @Test func realAddressesTakeTheFastPath() {
        #expect(MeasuredText.plainLatinBreaks("2450 Mission Street, Apt 3, San Francisco, CA 94110") != nil)
        #expect(MeasuredText.plainLatinBreaks("92 Wharf Road, 2200 København N") != nil)
        #expect(MeasuredText.plainLatinBreaks("Feng Wong") != nil)
        #expect(MeasuredText.plainLatinBreaks("Jean-Luc O'Brien, 12-14 Rue de l'Église") != nil)
        #expect(MeasuredText.plainLatinBreaks("Дмитрий Соколов, ул. Большая Никитская") != nil)
        for other in ["co-", "-x", "a - b", "1,000", "a ,b", "Zoe\u{308}", "(ok)", "x\u{1B}", "3×4", ""] {
            #expect(MeasuredText.plainLatinBreaks(other) == nil, "\(other) takes the full path")
        }
    }
}
