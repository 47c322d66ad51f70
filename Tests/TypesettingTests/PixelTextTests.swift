import Canvas
import Testing

@testable import Typesetting

/// `--glyphs pixels`: text rasterised at Apple's point sizes, in boxes of
/// whole cells that the row engine measures from the same numbers.
@Suite struct PixelTextTests {
    static let cell = CellPixelSize(width: 9, height: 19)
    static var typesetter: Typesetter {
        var typesetter = Typesetter(glyphs: .pixels)
        typesetter.cellPixels = cell
        return typesetter
    }

    /// The height of the ink of `image` (an E: flat top and bottom), to a
    /// fraction of a pixel: rows with ink, the top and bottom ones counted by
    /// their darkest pixel's coverage.
    static func capHeight(of image: PixelImage) -> Double {
        let rows = (0 ..< image.height).map { y in (0 ..< image.width).map { Int(image.coverage[y * image.width + $0]) }.max() ?? 0 }
        guard let top = rows.firstIndex(where: { $0 >= 64 }), let bottom = rows.lastIndex(where: { $0 >= 64 }), bottom > top else { return 0 }
        return Double(bottom - top - 1) + Double(rows[top] + rows[bottom]) / 255
    }

    @Test func capitalsFollowApplesRatiosWithinFivePercentAtEveryCategory() throws {
        let native = try #require(PixelRaster.shared.nativeCapHeight(font: .automatic, cell: Self.cell))
        #expect(abs(native - 12) < 0.5, "DejaVu Sans Mono filling a 19-pixel cell has a 12-pixel capital, as xterm draws it")
        var previous = 0.0
        for category in ContentSizeCategory.allCases {
            for style in [TextStyle.headline, .body, .subheadline] {
                let points = ApplePointSizes.points(of: style, at: category)
                let set = Self.typesetter.typeset("EE", style: style, category: category, width: 80)
                guard let line = set.lines.first?.pixels else {
                    #expect(points == 17, "only Large's size is native text: \(style) \(category.name)")
                    continue
                }
                let cap = Self.capHeight(of: PixelRaster.shared.image(for: line))
                let ratio = cap / native, apple = Double(points) / 17
                #expect(abs(ratio - apple) / apple <= 0.05, "\(style) \(category.name): \(cap) px, \(ratio) vs Apple's \(apple)")
                if style == .headline {
                    #expect(cap > previous, "\(category.name) is taller than the size below")
                    previous = cap
                }
            }
            if category == .large { previous = native }
        }
    }

    @Test func aLineIsAnImageOfWholeCellsAndItsRowsAreEmpty() {
        for category in ContentSizeCategory.allCases where category != .large {
            let set = Self.typesetter.typeset("Feng Wong", style: .headline, category: category, width: 80)
            let line = set.lines[0]
            let image = line.pixels
            #expect(image != nil, "\(category.name)")
            #expect(set.height == image?.rows)
            #expect(set.height == Self.typesetter.rowsPerLine(for: .headline, at: category))
            #expect(line.width == image?.columns, "the fallback text fills exactly the image's cells")
            #expect(set.lines.dropFirst().allSatisfy { $0.graphemes.isEmpty && $0.pixels == nil })
            #expect(line.text.hasPrefix(category < .large ? "Feng" : "Feng Wong".prefix(min(9, image?.columns ?? 0))))
        }
    }

    @Test func pixelTextWrapsWithinTheWidthAndMeasuresAsItDraws() {
        var random = RandomText(seed: 36)
        let typesetter = Self.typesetter
        for _ in 0 ..< 30 {
            let text = random.string(maxPieces: 12)
            for category in [ContentSizeCategory.xSmall, .large, .xxLarge, .accessibility3, .accessibility5] {
                for width in [1, 7, 30, 79] {
                    for style in [TextStyle.headline, .subheadline, .caption1] {
                        let set = typesetter.typeset(text, style: style, category: category, width: width, lineLimit: 4)
                        #expect(set.height == typesetter.height(of: text, style: style, category: category, width: width, lineLimit: 4),
                                "\(text.debugDescription) \(style) \(category.name) width \(width)")
                        for line in set.lines {
                            // A wide character in one column overflows it, as native text does.
                            #expect(line.width <= max(width, 2), "\(text.debugDescription) at \(width): \(line.width)")
                            if let pixels = line.pixels { #expect(pixels.columns <= width) }
                        }
                    }
                }
            }
        }
    }

    @Test func everyScriptIsDrawnFromAFontThatHasIt() {
        // Latin, CJK, Cyrillic, Greek, Hebrew, Arabic, Thai: each has ink, none is a missing-glyph box.
        for text in ["Feng", "佐藤", "Дмитрий", "Ελένη", "שלום", "مرحبا", "สวัสดี"] {
            let set = Self.typesetter.typeset(text, style: .headline, category: .accessibility2, width: 90)
            guard let line = set.lines[0].pixels else {
                Issue.record("\(text) is not an image")
                continue
            }
            let image = PixelRaster.shared.image(for: line)
            let inked = image.coverage.filter { $0 >= 128 }.count
            #expect(inked > image.width, "\(text) has ink")
        }
    }

    @Test func rightToLeftTextIsDrawnInVisualOrder() throws {
        let set = Self.typesetter.typeset("שלום", style: .headline, category: .accessibility1, width: 90)
        let line = try #require(set.lines[0].pixels)
        #expect(line.graphemes.map(\.text).joined() == "םולש")
        #expect(set.lines[0].text.hasPrefix("ש"), "the plain fallback keeps the logical order")
    }

    @Test func emojiAreDrawnInColourWhenAColourFontIsInstalled() throws {
        let set = Self.typesetter.typeset("☕", style: .headline, category: .accessibility2, width: 40)
        let line = try #require(set.lines[0].pixels)
        let image = PixelRaster.shared.image(for: line)
        // Without a colour font the emoji is drawn in the text's colour from whatever font has it.
        if let color = image.color {
            #expect(stride(from: 3, to: color.count, by: 4).contains { color[$0] > 0 })
        } else {
            #expect(image.coverage.contains { $0 > 0 })
        }
    }

    @Test func withoutACellSizePixelsDrawsMosaics() {
        let typesetter = Typesetter(glyphs: .pixels)
        let set = typesetter.typeset("Feng", style: .headline, category: .accessibility1, width: 80)
        #expect(set.lines.allSatisfy { $0.pixels == nil })
        #expect(set.height == Typesetter(glyphs: .braille).typeset("Feng", style: .headline, category: .accessibility1, width: 80).height)
    }
}
