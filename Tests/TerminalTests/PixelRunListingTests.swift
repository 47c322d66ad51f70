import Canvas
import Foundation
import Model
import Screens
import Testing
import Typesetting

@testable import Terminal

/// `render --pixel-runs`: each image of text of the frame with its
/// characters' pixel columns, which a tool cuts a screenshot by (make
/// pixels reads each script run of a line with its own OCR model).
@Suite struct PixelRunListingTests {
    static let cell = CellPixelSize(width: 9, height: 19)
    static let delivery = Delivery(
        id: "JP-1", name: "佐藤 花子", address: Address(line1: "〒154-0024 東京都世田谷区三軒茶屋1丁目32-6", line2: "サンハイツ三軒茶屋 305号室"),
        window: "14:00-16:00"
    )

    static func frame(at category: ContentSizeCategory) -> Frame {
        DisplayWidth.prepareLocale()
        var typesetter = Typesetter(glyphs: .pixels)
        typesetter.cellPixels = cell
        let state = AppState(
            source: InMemoryDeliveries([delivery]), size: Size(width: 100, height: 30), category: category, typesetter: typesetter
        )
        return state.render()
    }

    /// Pixel columns of `image` with strong ink (half coverage or more).
    static func inkedColumns(of image: PixelImage) -> [Int] {
        (0 ..< image.width).filter { x in (0 ..< image.height).contains { image.coverage[$0 * image.width + x] >= 128 } }
    }

    @Test func eachCharactersPixelColumnsHoldItsInkWhereTheRasterDrawsIt() throws {
        // AX1: two rows an image, columns of 14.45 px; Small: one row, narrower than native columns.
        for category in [ContentSizeCategory.accessibility1, .small] {
            let frame = Self.frame(at: category)
            let listing = PixelRunListing(frame)
            let address = try #require(listing.runs.firstIndex { $0.text.hasPrefix("〒154") }, "\(category.name)")
            let run = listing.runs[address], line = frame.pixelRuns[address].line
            #expect(run.text == line.graphemes.map(\.text).joined())
            #expect(run.advance == Double(line.face.advance64) / 64)
            #expect((run.x, run.y, run.columns, run.rows) == (frame.pixelRuns[address].x, frame.pixelRuns[address].y, line.columns, line.rows))
            #expect(run.graphemes.first?.left == 0)
            #expect(zip(run.graphemes, run.graphemes.dropFirst()).allSatisfy { $0.right == $1.left }, "neighbours share an edge")
            #expect(run.graphemes.last.map { $0.left < line.pixelWidth } == true)
            // Each character drawn alone in its line (the others blanked, columns kept): its ink
            // lies in its listed columns, so a screenshot cut there holds that character only.
            for (index, glyph) in run.graphemes.enumerated() where glyph.text != " " {
                var alone = line
                alone.graphemes = line.graphemes.filter { $0.columns > 0 }.enumerated().map { other in
                    other.offset == index ? other.element : Grapheme(" ", columns: other.element.columns)
                }
                let inked = Self.inkedColumns(of: PixelRaster.shared.image(for: alone))
                #expect(!inked.isEmpty, "\(glyph.text) at \(category.name)")
                #expect(inked.allSatisfy { (glyph.left ..< glyph.right).contains($0) },
                        "\(glyph.text) at \(category.name): ink in \(inked.first ?? 0)…\(inked.last ?? 0), listed \(glyph.left)..<\(glyph.right)")
            }
        }
    }

    @Test func theListingIsJSONWithEveryCharacterInVisualOrder() throws {
        let frame = Self.frame(at: .accessibility1)
        let json = PixelRunListing(frame).json
        #expect(!json.contains("\n") && !json.unicodeScalars.contains { $0.value < 0x20 })
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let runs = try #require(decoded["runs"] as? [[String: Any]])
        #expect(runs.count == frame.pixelRuns.count)
        // The name's line, golden: DejaVu Sans Mono's column at AX1's Headline (28 pt) is 1036/64 =
        // 16.1875 px, so 佐 (two columns) ends at 2072/64 rounded, 32; 藤 at 65, the space at 81, 花 at
        // 113 and 子 at 146: 9 columns in 17 cells of 9 px. The badge's tile is left of it.
        #expect(json.hasPrefix(
            #"{"runs":[{"advance":16.1875,"cell":{"height":19,"width":9},"columns":17,"graphemes":["#
                + #"{"columns":2,"left":0,"right":32,"text":"佐"},{"columns":2,"left":32,"right":65,"text":"藤"},"#
                + #"{"columns":1,"left":65,"right":81,"text":" "},{"columns":2,"left":81,"right":113,"text":"花"},"#
                + #"{"columns":2,"left":113,"right":146,"text":"子"}],"rows":2,"text":"佐藤 花子","#
                + #""visible":{"height":2,"width":17,"x":0,"y":0},"x":10,"y":1}"#
        ), "\(json.prefix(600))")
    }
}
