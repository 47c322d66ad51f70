import Canvas
import Testing

@testable import Typesetting

/// `--glyphs scaled` (OSC 66) and `--glyphs doubled` (DEC double-size lines).
@Suite struct ScaledTextTests {
    let categories = ContentSizeCategory.allCases

    @Test func headlineAndBodyFollowApplesRatiosWithinTenPercentRisingStrictly() {
        for style in [TextStyle.headline, .body] {
            var previous = 0.0
            for category in categories {
                let scale = Typesetter.textScale(for: style, at: category)
                let apple = Double(ApplePointSizes.points(of: style, at: category)) / 17
                #expect(abs(scale.effective - apple) / apple <= 0.10, "\(style) \(category.name): \(scale.effective) vs \(apple)")
                #expect(scale.effective > previous, "\(style) \(category.name)")
                #expect((1 ... 7).contains(scale.scale) && (0 ... 15).contains(scale.numerator) && (0 ... 15).contains(scale.denominator))
                #expect(scale.denominator == 0 || scale.numerator < scale.denominator)
                previous = scale.effective
            }
        }
        #expect(Typesetter.textScale(for: .body, at: .large) == TextScale(scale: 1))
        #expect(Typesetter.textScale(for: .body, at: .xSmall).effective < 1)
    }

    @Test func everyRatioTheProtocolCanStateIsFoundWithinFourPercent() {
        for hundredths in 20 ... 700 {
            let ratio = Double(hundredths) / 100
            let scale = TextScale.nearest(to: ratio)
            #expect(abs(scale.effective - ratio) / ratio < 0.04, "\(ratio) → \(scale) \(scale.effective)")
            #expect(Double(scale.scale) >= ratio * 0.99, "the block holds the text")
        }
    }

    @Test func aScaledLineTakesScaleRowsAndScaleCellsAColumn() {
        let typesetter = Typesetter(glyphs: .scaled)
        for category in categories {
            let scale = Typesetter.textScale(for: .headline, at: category)
            let set = typesetter.typeset("Feng Wong", style: .headline, category: category, width: 80)
            #expect(set.height == scale.scale)
            #expect(set.height == typesetter.height(of: "Feng Wong", style: .headline, category: category, width: 80))
            #expect(typesetter.rowsPerLine(for: .headline, at: category) == scale.scale)
            if scale.isNative {
                #expect(set.lines[0].scaled == nil)
                #expect(set.lines[0].text == "Feng Wong")
            } else {
                #expect(set.lines[0].scaled == ScaledLine(graphemes: DisplayWidth.graphemes(of: "Feng Wong"), scale: scale))
                #expect(set.lines[0].width == 9 * scale.scale)
                #expect(set.lines.dropFirst().allSatisfy { $0.graphemes.isEmpty && $0.scaled == nil })
            }
        }
    }

    @Test func scaledTextWrapsAtScaleCellsAColumnAndMeasuresAsItDraws() {
        let typesetter = Typesetter(glyphs: .scaled)
        var random = RandomText(seed: 66)
        for _ in 0 ..< 40 {
            let text = random.string(maxPieces: 12)
            for category in categories {
                for width in [20, 37, 80] {
                    let set = typesetter.typeset(text, style: .subheadline, category: category, width: width)
                    #expect(set.height == typesetter.height(of: text, style: .subheadline, category: category, width: width), "\(text.debugDescription) \(category.name) \(width)")
                    #expect(set.lines.allSatisfy { $0.width <= max(width, Typesetter.textScale(for: .subheadline, at: category).scale * 2) })
                }
            }
        }
    }

    @Test func doubledLinesComeInTopAndBottomPairsOfHalfTheColumns() {
        let typesetter = Typesetter(glyphs: .doubled)
        let set = typesetter.typeset("Feng Wong", style: .headline, category: .xxLarge, width: 80)
        #expect(set.lines.map(\.lineAttribute) == [.doubleTop, .doubleBottom])
        #expect(set.lines[0].text == "F e n g   W o n g ")
        #expect(set.lines[1].graphemes == set.lines[0].graphemes)
        let wrapped = typesetter.typeset("Feng Wong", style: .headline, category: .xxLarge, width: 12)
        #expect(wrapped.lines.map(\.lineAttribute) == [.doubleTop, .doubleBottom, .doubleTop, .doubleBottom])
        #expect(wrapped.height == typesetter.height(of: "Feng Wong", style: .headline, category: .xxLarge, width: 12))
    }

    @Test func doubledLinesNeverShrinkARow() {
        let typesetter = Typesetter(glyphs: .doubled)
        for style in TextStyle.allCases {
            let rows = categories.map { typesetter.rowsPerLine(for: style, at: $0) }
            #expect(rows == rows.sorted(), "\(style): \(rows)")
        }
    }
}

extension ScaledTextTests {
    @Test func linesWithWideOrUncommonCharactersAreNeverDoubled() {
        // xterm 379 crashes drawing them on a double-size line: they go up to the smallest mosaic.
        let typesetter = Typesetter(glyphs: .doubled)
        let vietnamese = typesetter.typeset("Nguyễn Thị", style: .headline, category: .xxLarge, width: 200)
        #expect(vietnamese.height > 2 && vietnamese.lines.allSatisfy { $0.lineAttribute == .normal })
        let greek = typesetter.typeset("Ελένη", style: .headline, category: .xxLarge, width: 80)
        #expect(greek.lines.map(\.lineAttribute) == [.doubleTop, .doubleBottom])
        let set = typesetter.typeset("佐藤 花子", style: .headline, category: .xxLarge, width: 80)
        #expect(set.lines.allSatisfy { $0.lineAttribute == .normal })
        #expect(set.height == typesetter.height(of: "佐藤 花子", style: .headline, category: .xxLarge, width: 80))
        #expect(set.height == typesetter.rowsPerLine(for: .headline, at: .xxxLarge), "braille 12, as the name one step up")
    }
}
