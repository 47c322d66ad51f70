import Canvas
import Testing
@testable import Typesetting

/// One table of open fonts for both rasterisers, and drawing from it on many
/// threads at once.
@Suite struct FontTableTests {
    static let cell = CellPixelSize(width: 9, height: 19)

    @Test func aFontBothRasterisersDrawFromIsOpenedOnce() throws {
        let fonts = FontTable()
        let raster = PixelRaster(fonts: fonts), cache = GlyphCache(fonts: fonts)
        let pixelFace = try #require(raster.face(font: .automatic, bold: true, points: 28, cell: Self.cell))
        let text = DisplayWidth.graphemes(of: "Feng")
        _ = raster.image(for: PixelLine(graphemes: text, face: pixelFace, columns: pixelFace.cells(forColumns: 4)))
        let openedForPixels = fonts.openedCount
        #expect(openedForPixels > 0)
        // A cap of 12 is the ladder's first DejaVu Sans Mono Bold rung: the file the pixels mode draws bold from.
        let mosaicFace = try #require(cache.face(font: .automatic, bold: true, capHeight: 12, mosaic: .braille))
        #expect(mosaicFace.fontPath == pixelFace.fontPath)
        for grapheme in text { _ = cache.block(for: grapheme, in: mosaicFace) }
        #expect(fonts.openedCount == openedForPixels, "the mosaic draws from the font the pixels mode opened")
        #expect(cache.rasterisedCount == 4)
    }

    /// What one job draws: a mosaic glyph or a pixels line, each from a face resolved for it.
    enum Job: Sendable {
        case glyph(capHeight: Int, mosaic: Mosaic, text: String)
        case line(points: Int, bold: Bool, text: String)
    }

    enum Drawn: Sendable, Equatable {
        case block(GlyphBlock?)
        case image(PixelImage?)
    }

    static func draw(_ job: Job, cache: GlyphCache, raster: PixelRaster) -> Drawn {
        switch job {
        case let .glyph(capHeight, mosaic, text):
            let face = cache.face(font: .automatic, bold: capHeight >= 10, capHeight: capHeight, mosaic: mosaic)
            return .block(face.map { face in cache.block(for: DisplayWidth.graphemes(of: text)[0], in: face) })
        case let .line(points, bold, text):
            let face = raster.face(font: .automatic, bold: bold, points: points, cell: cell)
            return .image(face.map { face in
                let graphemes = DisplayWidth.graphemes(of: text)
                let columns = face.cells(forColumns: graphemes.reduce(0) { $0 + $1.columns })
                return raster.image(for: PixelLine(graphemes: graphemes, face: face, columns: columns))
            })
        }
    }

    /// Every job twice (so that two threads draw the same new glyph), the
    /// mosaic's DejaVu rungs and the pixels mode's bold from one file.
    static let jobs: [Job] = {
        var jobs: [Job] = []
        for capHeight in [6, 9, 12, 14, 17, 25] {
            for mosaic in [Mosaic.braille, .halfBlocks] {
                for text in ["F", "w", "0", "é", "Ж", "佐"] { jobs.append(.glyph(capHeight: capHeight, mosaic: mosaic, text: text)) }
            }
        }
        for points in [22, 28, 40] {
            for bold in [false, true] {
                for text in ["Feng Wong", "佐藤 花子", "Zoë Ångström"] { jobs.append(.line(points: points, bold: bold, text: text)) }
            }
        }
        return jobs + jobs
    }()

    @Test func drawingFromManyTasksAtOnceDrawsWhatOneTaskDraws() async {
        // Fresh tables, so that fonts are opened, faces fitted and glyphs drawn while other tasks do the same.
        let fonts = FontTable()
        let cache = GlyphCache(fonts: fonts), raster = PixelRaster(fonts: fonts)
        let parallel = await withTaskGroup(of: (Int, Drawn).self) { group in
            for (index, job) in Self.jobs.enumerated() {
                group.addTask { (index, Self.draw(job, cache: cache, raster: raster)) }
            }
            var drawn = [Drawn?](repeating: nil, count: Self.jobs.count)
            for await (index, result) in group { drawn[index] = result }
            return drawn
        }
        let serialFonts = FontTable()
        let serialCache = GlyphCache(fonts: serialFonts), serialRaster = PixelRaster(fonts: serialFonts)
        let serial = Self.jobs.map { Self.draw($0, cache: serialCache, raster: serialRaster) }
        #expect(parallel == serial.map { Optional($0) })
        #expect(!serial.contains(.block(nil)) && !serial.contains(.image(nil)), "every job draws something")
        #expect(cache.rasterisedCount >= serialCache.rasterisedCount)
    }
}
