import Testing
@testable import Typesetting

@Suite struct TypesetterEstimateTests {
    @Test func rowsPerLineAndAdvanceMatchWhatTypesetDraws() {
        for mode in GlyphMode.allCases {
            let typesetter = Typesetter(glyphs: mode)
            for category in ContentSizeCategory.allCases {
                let set = typesetter.typeset("Wong", style: .headline, category: category, width: 200)
                #expect(set.height == typesetter.rowsPerLine(for: .headline, at: category), "\(mode) \(category.name)")
                #expect(Double(set.width) <= 4 * typesetter.estimatedAdvance(for: .headline, at: category))
            }
        }
        #expect(Typesetter(glyphs: .native).rowsPerLine(for: .headline, at: .accessibility5) == 1)
    }
}
