import Foundation
import Testing
@testable import Model

@Suite struct SearchFoldingTests {
    @Test(arguments: [
        ("Bahnhofstraße", "bahnhofstrasse"), ("ŁÓDŹ", "lodz"), ("Ærøskøbing", "aeroskobing"), ("Øster", "oster"),
        ("Αθήνα", "αθηνα"), ("ΆΈΉΊΌΎΏ", "αεηιουω"), ("Ελένη", "ελενη"), ("Παπαδοπούλου", "παπαδοπουλου"),
        ("Kavaklıdere", "kavaklidere"), ("İstanbul", "istanbul"), ("Zoë Müller", "zoe muller"), ("Œuvre", "oeuvre"),
        ("Sigurður Þór", "sigurdur thor"), ("ＡＢＣ", "abc"), ("東京都", "東京都"), ("Дмитрий Ёлкин", "дмитрии елкин"),
        ("Trần Văn Đức", "tran van duc"), ("DLV-0001", "dlv-0001"),
    ])
    func foldsCaseDiacriticsAndLettersThatDoNotDecompose(_ pair: (String, String)) {
        #expect(SearchFolding.fold(pair.0) == pair.1)
    }

    @Test func foldingIsIdempotent() {
        for text in ["Bahnhofstraße", "Ærø", "Αθήνα", "Łukasz Żółkiewski", "İı", "ΣΟΦΟΣ σοφός"] {
            let once = SearchFolding.fold(text)
            #expect(SearchFolding.fold(once) == once, "\(text)")
        }
    }

    /// Each character folded by Foundation afresh: the reference the remembered foldings must equal.
    static func referenceFold(_ text: String) -> String {
        text.map { character -> String in
            if character.isASCII { return character.lowercased() }
            if let special = SearchFolding.special[character] { return special }
            let folded = String(character).folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            return String(folded.flatMap { SearchFolding.special[$0] ?? String($0) })
        }.joined()
    }

    @Test func rememberedCharactersFoldAsFoundationFoldsThemEachTime() {
        let texts = ["Raúl Çelik\r\nÅsa", "Γιώργος Παπαδόπουλος", "Λεωφόρος Βασιλίσσης Σοφίας 76", "上海市浦东新区 ＡＢＣ ｶﾀｶﾅ",
                     "Ñandú e\u{301} A\u{30A}\u{323} 👩🏽‍🚒 \u{0}\t", "İIıi ßẞ ǾǿĲĳ ﬁ", "Ελένη ΣΟΦΟΣ σοφός"]
        // Twice: the second time every character comes from what was remembered.
        for _ in 0 ..< 2 {
            for text in texts {
                #expect(SearchFolding.fold(text) == Self.referenceFold(text), "\(text)")
            }
        }
    }

    @Test func longASCIIRunsAmongOtherTextFoldAsEachCharacterDoes() {
        // A combining mark or a wider character after each place of ASCII runs longer than eight bytes.
        let run = "The QUICK Brown-Fox @[Z]` 0123"
        for place in 0 ... run.utf8.count {
            for other in ["\u{301}", "é", "Ω", "東", "👩🏽‍🚒", "\u{0}"] {
                var text = run
                text.insert(contentsOf: other, at: text.utf8.index(text.utf8.startIndex, offsetBy: place))
                let mixed = "Ж" + text + text
                #expect(SearchFolding.fold(mixed) == Self.referenceFold(mixed), "\(mixed.debugDescription)")
                // All ASCII, of every length around eight.
                let ascii = String(run.prefix(place))
                #expect(SearchFolding.fold(ascii) == Self.referenceFold(ascii), "\(ascii.debugDescription)")
            }
        }
    }

    @Test func matchesMapBackToWholeCharacters() {
        let text = Array("Bahnhofstraße 21").map(String.init)
        #expect(SearchFolding.matches(of: "strasse", in: text) == [7 ..< 13])
        #expect(SearchFolding.matches(of: "SS", in: text) == [11 ..< 12], "ß alone holds the ss")
        #expect(SearchFolding.matches(of: "x", in: text).isEmpty)
        let greek = Array("Αθήνα, Αθήνα").map(String.init)
        #expect(SearchFolding.matches(of: "αθηνα", in: greek) == [0 ..< 5, 7 ..< 12])
    }
}
