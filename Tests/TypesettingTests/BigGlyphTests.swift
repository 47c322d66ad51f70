import Canvas
import Testing
@testable import Typesetting

@Suite struct BigGlyphTests {
    let mosaicScalars: ClosedRange<UInt32> = 0x2580 ... 0x2588
    let brailleScalars: ClosedRange<UInt32> = 0x2800 ... 0x28FF

    @Test func automaticIsBrailleAndBlocksAreHalfBlocks() {
        #expect(Typesetter(glyphs: .automatic).mosaic == .braille)
        #expect(Typesetter(glyphs: .braille).mosaic == .braille)
        #expect(Typesetter(glyphs: .blocks).mosaic == .halfBlocks)
        #expect(Typesetter(glyphs: .native).mosaic == nil)
    }

    @Test func bigTextIsRowsPerLineLinesAndOnlyMosaicCharacters() {
        for (mode, allowed) in [(GlyphMode.braille, brailleScalars), (.blocks, mosaicScalars)] {
            let typesetter = Typesetter(glyphs: mode)
            let set = typesetter.typeset("Feng Wong", style: .headline, category: .accessibility2, width: 200)
            #expect(set.height == typesetter.rowsPerLine(for: .headline, at: .accessibility2))
            #expect(set.height > 1)
            for line in set.lines {
                #expect(line.text.unicodeScalars.allSatisfy { $0 == " " || allowed.contains($0.value) }, "\(line.text)")
            }
            #expect(set.lines.contains { $0.text.contains { $0 != " " } })
        }
    }

    @Test func bigTextWrapsByItsOwnWidth() throws {
        let typesetter = Typesetter(glyphs: .blocks)
        let face = try #require(typesetter.bigFace(for: .headline, at: .accessibility2))
        let oneWord = 4 * face.columnCells  // "Feng"
        let set = typesetter.typeset("Feng Wong", style: .headline, category: .accessibility2, width: oneWord + 1)
        #expect(set.height == 2 * face.rows)
        #expect(set.lines.allSatisfy { $0.width <= oneWord + 1 })
        let wide = typesetter.typeset("Feng Wong", style: .headline, category: .accessibility2, width: 9 * face.columnCells)
        #expect(wide.height == face.rows)
    }

    /// The drawing honours the ramp exactly: a capital H decoded back from
    /// the mosaic is as many pixels tall as the ramp's cap height.
    @Test(arguments: [GlyphMode.braille, .blocks])
    func aCapitalIsExactlyTheRampsCapHeight(mode: GlyphMode) throws {
        let typesetter = Typesetter(glyphs: mode)
        let mosaic = try #require(typesetter.mosaic)
        for style in [TextStyle.headline, .body, .subheadline, .caption1, .footnote] {
            for category in ContentSizeCategory.allCases where category > .large {
                let cap = typesetter.metrics(for: style, at: category).capHeight(in: mosaic)
                guard cap > 0 else { continue }
                let set = typesetter.typeset("H", style: style, category: category, width: 200)
                #expect(MosaicBitmap(set, mosaic: mosaic).inkHeight == cap, "\(style) \(category.name) \(mode)")
            }
        }
    }

    /// What a person sees: from Large up, every step draws the name or the
    /// address taller than the step before and neither shorter, in every
    /// mosaic (native text, one row, counts as no mosaic ink). Measured on
    /// capitals and digits: descenders differ between the strikes' designs.
    @Test(arguments: [GlyphMode.automatic, .braille, .blocks])
    func everyStepDrawsTheNameOrTheAddressTaller(mode: GlyphMode) throws {
        let typesetter = Typesetter(glyphs: mode)
        let mosaic = try #require(typesetter.mosaic)
        func ink(_ text: String, _ style: TextStyle, _ category: ContentSizeCategory) -> Int {
            MosaicBitmap(typesetter.typeset(text, style: style, category: category, width: 1000), mosaic: mosaic).inkHeight
        }
        var previous = (name: 0, address: 0, body: 0)
        for category in ContentSizeCategory.allCases where category > .large {
            let now = (name: ink("FENG WONG", .headline, category), address: ink("2450 MISSION ST 94110", .subheadline, category),
                       body: ink("FLAT 14", .body, category))
            #expect(now.name >= previous.name && now.address >= previous.address && now.body >= previous.body, "\(category.name) \(mode)")
            #expect(now.name > previous.name || now.address > previous.address, "\(category.name) \(mode)")
            #expect(now.name >= now.address, "the name is never drawn smaller than the address")
            previous = now
        }
    }

    /// Names in other scripts grow with the rest: drawn as mosaic, not left native.
    @Test func japaneseRussianAndHebrewNamesAreEnlarged() {
        let typesetter = Typesetter(glyphs: .automatic)
        for name in ["佐藤 花子", "Дмитрий Соколов", "דוד כהן", "王伟"] {
            let set = typesetter.typeset(name, style: .headline, category: .accessibility3, width: 400)
            #expect(set.height == typesetter.rowsPerLine(for: .headline, at: .accessibility3), "\(name)")
            let text = set.lines.map(\.text).joined()
            #expect(text.unicodeScalars.allSatisfy { $0 == " " || brailleScalars.contains($0.value) }, "\(name): \(text)")
            #expect(MosaicBitmap(set, mosaic: .braille).inkHeight >= 10, "\(name)")
        }
    }

    @Test func heightAgreesWithTypesetForBigText() {
        var random = RandomText(seed: 42)
        for mode in [GlyphMode.automatic, .braille, .blocks] {
            let typesetter = Typesetter(glyphs: mode)
            for _ in 0 ..< 40 {
                let text = random.string(maxPieces: 8)
                for category in [ContentSizeCategory.xLarge, .xxxLarge, .accessibility3, .accessibility5] {
                    for (width, limit) in [(30, nil), (97, nil), (60, 1), (45, 2)] as [(Int, Int?)] {
                        let set = typesetter.typeset(text, style: .headline, category: category, width: width, lineLimit: limit)
                        let height = typesetter.height(of: text, style: .headline, category: category, width: width, lineLimit: limit)
                        #expect(height == set.height, "\(text.debugDescription) \(mode) \(category.name) \(width)")
                        #expect(set.lines.allSatisfy { $0.width <= width })
                        #expect(set.height % typesetter.rowsPerLine(for: .headline, at: category) == 0)
                        let unsafe = set.lines.flatMap { $0.text.unicodeScalars.filter(WrappingPropertyTests.isUnsafe) }
                        #expect(unsafe.isEmpty)
                    }
                }
            }
        }
    }

    /// Rows never shrink as the text size grows, in every glyph mode.
    @Test func noRowGetsShorterAsTheCategoryGrows() {
        var random = RandomText(seed: 3)
        for mode in GlyphMode.allCases {
            let typesetter = Typesetter(glyphs: mode)
            for _ in 0 ..< 30 {
                let text = random.string(maxPieces: 10)
                for style in [TextStyle.headline, .subheadline, .body] {
                    var previous = 0
                    for category in ContentSizeCategory.allCases {
                        let height = typesetter.height(of: text, style: style, category: category, width: 80)
                            + typesetter.metrics(for: style, at: category).spacingAfter
                        #expect(height >= previous, "\(text.debugDescription) \(mode) \(style) \(category.name)")
                        previous = height
                    }
                }
            }
        }
    }

    @Test func nativeModeDrawsPlainTextAtEverySize() {
        let typesetter = Typesetter(glyphs: .native)
        let set = typesetter.typeset("Feng Wong", style: .headline, category: .accessibility5, width: 40)
        #expect(set.lines.map(\.text) == ["Feng Wong"])
        #expect(set.isBold)
    }

    @Test func withoutAnyFontBigTextFallsBackToNativeText() {
        let typesetter = Typesetter(glyphs: .blocks, font: .path("/nonexistent/NoSuchFont.ttf"))
        let set = typesetter.typeset("Feng Wong", style: .headline, category: .accessibility5, width: 40)
        #expect(set.lines.map(\.text) == ["Feng Wong"])
        #expect(typesetter.height(of: "Feng Wong", style: .headline, category: .accessibility5, width: 40) == 1)
    }

    @Test func aCharacterNoFontHasIsDrawnNativeInTheMiddleOfItsBox() throws {
        let typesetter = Typesetter(glyphs: .blocks)
        let face = try #require(typesetter.bigFace(for: .headline, at: .accessibility2))
        let missing = "\u{10FFFD}"  // private use: no font draws it
        let set = typesetter.typeset(missing, style: .headline, category: .accessibility2, width: 80)
        #expect(set.height == face.rows)
        let row = try #require(set.lines.firstIndex { $0.text.contains(missing) })
        #expect(row == (face.rows - 1) / 2)
        let line = set.lines[row]
        #expect(line.width == face.columnCells)
        let before = try #require(line.graphemes.firstIndex { $0.text == missing })
        #expect(before == (face.columnCells - 1) / 2)
    }

    @Test func fontArgumentsParse() {
        #expect(FontChoice(argument: "/usr/share/fonts/x.ttf") == .path("/usr/share/fonts/x.ttf"))
        #expect(FontChoice(argument: "Liberation Mono") == .family("Liberation Mono"))
        #expect(FontChoice(argument: "") == .automatic)
    }

    @Test func aFamilyChoiceIsFoundThroughFontconfig() throws {
        let typesetter = Typesetter(glyphs: .blocks, font: .family("DejaVu Sans Mono"))
        let face = try #require(typesetter.bigFace(for: .body, at: .accessibility5))
        #expect(face.fontPath.hasSuffix(".ttf"))
    }

    @Test func eachGlyphIsRasterisedOnce() throws {
        let cache = GlyphCache()
        let face = try #require(cache.face(font: .automatic, bold: true, capHeight: 10, mosaic: .braille))
        let first = cache.block(for: Grapheme("W", columns: 1), in: face)
        let second = cache.block(for: Grapheme("W", columns: 1), in: face)
        #expect(first == second)
        #expect(cache.rasterisedCount == 1)
        _ = cache.block(for: Grapheme("w", columns: 1), in: face)
        #expect(cache.rasterisedCount == 2)
    }

    @Test func typesettingFromManyTasksAgreesWithOneTask() async {
        let typesetter = Typesetter(glyphs: .automatic)
        let texts = ["Feng Wong", "Amelia Hartley", "佐藤 花子", "Zoë Ångström", "2450 Mission Street"]
        let serial = texts.map { typesetter.typeset($0, style: .headline, category: .accessibility4, width: 70) }
        let parallel = await withTaskGroup(of: (Int, TypesetText).self) { group in
            for (index, text) in texts.enumerated() {
                group.addTask { (index, typesetter.typeset(text, style: .headline, category: .accessibility4, width: 70)) }
            }
            var results = [TypesetText?](repeating: nil, count: texts.count)
            for await (index, set) in group { results[index] = set }
            return results
        }
        #expect(parallel == serial.map { Optional($0) })
    }
}

extension BigGlyphTests {
    /// Hebrew is drawn right to left (the first letter at the right) and
    /// Arabic in its joining forms, so big text reads as the script does.
    @Test func rightToLeftTextIsShapedAndInVisualOrder() {
        #expect(VisualOrder.line(DisplayWidth.graphemes(of: "דוד 12")).map(\.text).joined() == "12 דוד")
        #expect(VisualOrder.line(DisplayWidth.graphemes(of: "Feng Wong")).map(\.text).joined() == "Feng Wong")
        // بيت: beh, yeh, teh become initial, medial and final forms, drawn right to left.
        let arabic = VisualOrder.line(DisplayWidth.graphemes(of: "بيت")).map(\.text).joined()
        #expect(arabic.unicodeScalars.map(\.value) == [0xFE96, 0xFEF4, 0xFE91])
        let typesetter = Typesetter(glyphs: .automatic)
        let hebrew = typesetter.typeset("שלום", style: .headline, category: .accessibility3, width: 200)
        let shin = typesetter.typeset("ש", style: .headline, category: .accessibility3, width: 200)
        let mem = typesetter.typeset("ם", style: .headline, category: .accessibility3, width: 200)
        #expect(hebrew.lines.map { String($0.text.suffix(shin.width)) } == shin.lines.map(\.text), "the first letter is drawn at the right end")
        #expect(hebrew.lines.map { String($0.text.prefix(mem.width)) } == mem.lines.map(\.text), "the last at the left")
    }

    @Test func wideCharactersTooSmallToReadAreDrawnNativeAndCentred() throws {
        // Half blocks at xLarge: the name is 6 pixels tall, too few for an ideograph.
        let typesetter = Typesetter(glyphs: .blocks)
        let face = try #require(typesetter.bigFace(for: .headline, at: .xLarge))
        #expect(face.boxHeight < GlyphCache.minimumWidePixelHeight)
        let set = typesetter.typeset("北", style: .headline, category: .xLarge, width: 80)
        var expected = Array(repeating: "", count: face.rows)
        expected[(face.rows - 1) / 2] = "北"
        #expect(set.lines.map { $0.text.trimmingCharacters(in: " ") } == expected)
        #expect(set.lines.allSatisfy { $0.width == 2 * face.columnCells })
    }
}

private extension String {
    func trimmingCharacters(in character: Character) -> String {
        String(drop { $0 == character }.reversed().drop { $0 == character }.reversed())
    }
}

extension BigGlyphTests {
    /// A bold zero loses its slash, not its weight: the ring's strokes in its
    /// middle row are as wide as a bold O's (a one-dot ring read as O or 6).
    @Test func boldZerosKeepTheirStrokes() throws {
        let typesetter = Typesetter(glyphs: .braille)
        let mosaic = try #require(typesetter.mosaic)
        func leftStroke(_ text: String) -> Int {
            let bitmap = MosaicBitmap(typesetter.typeset(text, style: .headline, category: .accessibility3, width: 100), mosaic: mosaic)
            let inkRows = bitmap.pixels.filter { $0.contains(true) }
            let middle = inkRows[inkRows.count / 2]
            return middle.drop { !$0 }.prefix { $0 }.count
        }
        #expect(leftStroke("0") >= 2, "Terminus bold has two-dot stems")
        #expect(leftStroke("0") == leftStroke("O"))
    }

    /// Zeros are drawn plain: no slash or dot inside the ring, so a mosaic
    /// zero never reads as 8 or 6 (Terminus slashes its zeros); a bold zero
    /// keeps strokes as thick as a bold O's.
    @Test(arguments: [GlyphMode.braille, .blocks])
    func zerosHaveNoStrokeInsideTheirRing(mode: GlyphMode) throws {
        let typesetter = Typesetter(glyphs: mode)
        let mosaic = try #require(typesetter.mosaic)
        for category in ContentSizeCategory.allCases where category > .large {
            let bitmap = MosaicBitmap(typesetter.typeset("0", style: .subheadline, category: category, width: 100), mosaic: mosaic)
            let inkRows = bitmap.pixels.filter { $0.contains(true) }
            for row in inkRows.dropFirst().dropLast() {
                // At most two runs of ink: the ring's left and right strokes, nothing between.
                let runs = zip([false] + row, row).filter { !$0 && $1 }.count
                #expect(runs <= 2, "\(category.name) \(mode): \(row.map { $0 ? "#" : "." }.joined())")
            }
        }
    }
}
