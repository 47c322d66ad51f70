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

    @Test func matchesMapBackToWholeCharacters() {
        let text = Array("Bahnhofstraße 21").map(String.init)
        #expect(SearchFolding.matches(of: "strasse", in: text) == [7 ..< 13])
        #expect(SearchFolding.matches(of: "SS", in: text) == [11 ..< 12], "ß alone holds the ss")
        #expect(SearchFolding.matches(of: "x", in: text).isEmpty)
        let greek = Array("Αθήνα, Αθήνα").map(String.init)
        #expect(SearchFolding.matches(of: "αθηνα", in: greek) == [0 ..< 5, 7 ..< 12])
    }
}
