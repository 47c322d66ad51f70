import Canvas
import Synchronization

/// Faces and rasterised glyphs of the mosaic modes, shared by every
/// `Typesetter` so that laying out a screen never rasterises a glyph it has
/// drawn before. Fonts come from the shared `FontTable`.
///
/// The cache's lock is held only to read and write its tables: faces are
/// fitted and glyphs rasterised outside it, each FreeType call under its
/// font's own lock (`OpenFont`). So a frame never waits for a worker
/// drawing the next sizes ahead (`Command.prepareSizes`) to finish a glyph
/// or a face, only, when both draw from one font at once, for one call of
/// it. Two threads drawing the same new glyph both rasterise it and get the
/// same block: the cache is keyed by everything the drawing reads.
final class GlyphCache: Sendable {
    static let shared = GlyphCache()

    private struct FaceKey: Hashable {
        var font: FontChoice
        var bold: Bool
        var capHeight: Int
        var mosaic: Mosaic
    }

    /// A glyph is drawn by everything its face says (file, size, threshold,
    /// baseline, mosaic, cells), so the whole face is its key.
    private struct GlyphKey: Hashable {
        var face: GlyphFace
        var grapheme: String
    }

    private struct State {
        /// A nil value remembers a size no font can be found for.
        var faces: [FaceKey: GlyphFace?] = [:]
        var glyphs: [GlyphKey: GlyphBlock] = [:]
        var rasterised = 0
    }

    private let state = Mutex(State())
    private let fonts: FontTable

    init(fonts: FontTable = .shared) {
        self.fonts = fonts
    }

    /// How many glyphs have been rasterised since launch (for tests and benchmarks).
    var rasterisedCount: Int { state.withLock { $0.rasterised } }

    // MARK: - Faces

    /// The face for glyphs `capHeight` pixels tall in `mosaic`, or nil if no font can be found.
    func face(font: FontChoice, bold: Bool, capHeight: Int, mosaic: Mosaic) -> GlyphFace? {
        let key = FaceKey(font: font, bold: bold, capHeight: capHeight, mosaic: mosaic)
        if let known = state.withLock({ $0.faces[key] }) { return known }
        let face = resolve(key)
        return state.withLock { state in
            if let known = state.faces[key] { return known }
            state.faces[key] = face
            return face
        }
    }

    private func resolve(_ key: FaceKey) -> GlyphFace? {
        let strike = GlyphStrike.strike(capHeight: key.capHeight, bold: key.bold)
        let pattern = key.font.pattern(bold: key.bold)
        // The ladder's own bitmap strike, when the default font is asked for and installed.
        if key.font == .automatic, let strike, let font = fonts.font(named: strike.file),
           font.hasStrike(pixelHeight: Int32(strike.pixelHeight)) {
            let box = key.mosaic.lineBox(ascent: strike.ascent, descent: strike.descent)
            return GlyphFace(
                fontPath: font.location.path, faceIndex: 0, mosaic: key.mosaic, rows: box.rows, pixelSize: Int32(strike.pixelHeight),
                threshold: strike.threshold, baseline: box.baseline, columnCells: key.mosaic.cells(forAdvance: strike.advance),
                fallbackPattern: pattern, capHeight: key.capHeight
            )
        }
        // Otherwise an outline font fitted to the same cap height: `--font`,
        // or a machine without the strike (then in the strike's box, so rows
        // and wrapping are the same everywhere).
        let location: FontLocation
        if let pattern {
            guard let found = fonts.find(pattern: pattern) else { return nil }
            location = found
        } else if case let .path(file) = key.font {
            location = FontLocation(path: file)
        } else {
            return nil
        }
        guard let font = fonts.font(at: location) else { return nil }
        // Thin regular strokes vanish at these sizes unless fainter coverage counts as ink.
        let threshold: Int32 = key.bold ? 110 : 80
        let size = Self.fittedSize(font, capHeight: key.capHeight, threshold: threshold)
        let box: (rows: Int, baseline: Int), columnCells: Int
        if key.font == .automatic, let strike {
            box = key.mosaic.lineBox(ascent: strike.ascent, descent: strike.descent)
            columnCells = key.mosaic.cells(forAdvance: strike.advance)
        } else {
            let ink = Self.inkExtent(font, size: size, threshold: threshold)
            box = key.mosaic.lineBox(ascent: ink.above, descent: ink.below)
            columnCells = key.mosaic.cells(forAdvance: Int(font.advance(0x30, size: size)))
        }
        return GlyphFace(
            fontPath: location.path, faceIndex: location.index, mosaic: key.mosaic, rows: box.rows, pixelSize: size,
            threshold: font.isBitmap ? 0 : threshold, baseline: box.baseline,
            columnCells: columnCells, fallbackPattern: pattern, capHeight: key.capHeight
        )
    }

    /// The pixel size at which a capital H is `capHeight` pixels tall (the
    /// largest that is not taller, if none is exact).
    private static func fittedSize(_ font: OpenFont, capHeight: Int, threshold: Int32) -> Int32 {
        var best = Int32(max(1, capHeight))
        for size in Int32(max(1, capHeight)) ... Int32(capHeight * 3) {
            guard let ink = font.ink(0x48, size: size, threshold: threshold) else { break }
            if ink.above > capHeight { break }
            best = size
            if ink.above == capHeight { break }
        }
        return best
    }

    /// Pixels above and below the baseline that Latin letters reach.
    private static func inkExtent(_ font: OpenFont, size: Int32, threshold: Int32) -> (above: Int, below: Int) {
        var above: Int32 = 0, below: Int32 = 0
        for letter in "Hbdfklgjpqy".unicodeScalars {
            if let ink = font.ink(letter.value, size: size, threshold: threshold) {
                above = max(above, ink.above)
                below = max(below, ink.below)
            }
        }
        return (Int(above), Int(below))
    }

    // MARK: - Glyphs

    /// `grapheme` drawn big in `face`: `face.rows` rows of
    /// `columns × face.columnCells` cells.
    func block(for grapheme: Grapheme, in face: GlyphFace) -> GlyphBlock {
        let key = GlyphKey(face: face, grapheme: grapheme.text)
        if let cached = state.withLock({ $0.glyphs[key] }) { return cached }
        let block = rasterise(grapheme, in: face)
        return state.withLock { state in
            state.rasterised += 1
            if let cached = state.glyphs[key] { return cached }
            state.glyphs[key] = block
            return block
        }
    }

    private func rasterise(_ grapheme: Grapheme, in face: GlyphFace) -> GlyphBlock {
        let cells = grapheme.columns * face.columnCells
        guard cells > 0 else { return GlyphBlock(rows: Array(repeating: [], count: face.rows)) }
        let boxWidth = cells * face.mosaic.pixelsAcross, boxHeight = face.boxHeight
        let scalars = Array(grapheme.text.unicodeScalars)
        guard let base = scalars.first, let source = source(for: base, wide: grapheme.columns > 1, in: face) else {
            return Self.nativeBlock(grapheme, cells: cells, rows: face.rows)
        }
        let font = source.font
        var bitmap = [UInt8](repeating: 0, count: boxWidth * boxHeight)
        let advance = Int(font.advance(base.value, size: source.size))
        // Centred: a fallback font's advance need not match the face's cells.
        let origin = (boxWidth - advance) / 2
        font.draw(base.value, size: source.size, threshold: source.threshold, into: &bitmap, width: boxWidth, height: boxHeight,
                  originX: origin, baseline: source.baseline)
        // Combining marks that the font has are drawn over the base; the rest are dropped.
        for mark in scalars.dropFirst() where DisplayWidth.columns(of: Character(mark)) == 0 {
            guard font.hasGlyph(mark.value) else { continue }
            let markOrigin = font.advance(mark.value, size: source.size) == 0 ? origin + advance : origin
            font.draw(mark.value, size: source.size, threshold: source.threshold, into: &bitmap, width: boxWidth, height: boxHeight,
                      originX: markOrigin, baseline: source.baseline)
        }
        if base == "0", scalars.count == 1 { GlyphTuning.plainZero(&bitmap, width: boxWidth, height: boxHeight) }
        var rows: [[Grapheme]] = []
        for row in 0 ..< face.rows {
            rows.append((0 ..< cells).map { cell in
                Grapheme(face.mosaic.character(in: bitmap, width: boxWidth, x: cell * face.mosaic.pixelsAcross,
                                               y: row * face.mosaic.pixelsDown), columns: 1)
            })
        }
        return GlyphBlock(rows: rows)
    }

    /// A font that has a character, at the size and baseline to draw it in a face's box.
    private struct GlyphSource {
        var font: OpenFont
        var size: Int32
        var threshold: Int32
        var baseline: Int
    }

    /// The face's own font if it has `scalar`; else the largest fallback
    /// strike that fits the box and has it (`GlyphStrike.fallbacks`); else
    /// Unifont scaled to the box; else whatever font fontconfig finds. Nil
    /// leaves the character native, centred in its box.
    private func source(for scalar: Unicode.Scalar, wide: Bool, in face: GlyphFace) -> GlyphSource? {
        if !wide, let primary = fonts.font(at: FontLocation(path: face.fontPath, index: face.faceIndex)),
           primary.hasGlyph(scalar.value) {
            return GlyphSource(font: primary, size: face.pixelSize, threshold: face.threshold, baseline: face.baseline)
        }
        // A pixel of a fallback may be clipped: Kanji strikes leave their top row blank.
        for fallback in GlyphStrike.fallbacks where fallback.pixelHeight <= face.boxHeight + 1 {
            guard let font = fonts.font(named: fallback.file), font.hasGlyph(scalar.value) else { continue }
            let size = Int32(fallback.pixelHeight)
            guard font.hasStrike(pixelHeight: size) else { continue }
            return GlyphSource(font: font, size: size, threshold: 0, baseline: Self.fittedBaseline(font, size: size, in: face))
        }
        // Ideographs and other wide characters turn to blots below about 12
        // pixels; the native glyph, centred, reads better (checked in xterm).
        if wide, face.boxHeight < Self.minimumWidePixelHeight { return nil }
        if let font = fonts.font(named: Self.unifont), font.hasGlyph(scalar.value) {
            let size = Int32(face.boxHeight)
            return GlyphSource(font: font, size: size, threshold: 96, baseline: Self.fittedBaseline(font, size: size, in: face))
        }
        guard let location = fonts.find(pattern: face.fallbackPattern ?? "monospace", scalar: scalar.value),
              let font = fonts.font(at: location), font.hasGlyph(scalar.value) else { return nil }
        let size = Self.fittedSize(font, capHeight: face.capHeight, threshold: 96)
        return GlyphSource(font: font, size: size, threshold: 96, baseline: Self.fittedBaseline(font, size: size, in: face))
    }

    /// The face's baseline, moved just enough for the font's ascent and
    /// descent to stay inside the box.
    private static func fittedBaseline(_ font: OpenFont, size: Int32, in face: GlyphFace) -> Int {
        guard let metrics = font.lineMetrics(size: size) else { return face.baseline }
        return min(face.boxHeight - Int(metrics.descent), max(Int(metrics.ascent), face.baseline))
    }

    static let unifont = "unifont.otf"

    /// The smallest box, in pixels, in which wide characters are drawn big.
    static let minimumWidePixelHeight = 12

    /// A character no font has: drawn as ordinary text in the middle of its box.
    static func nativeBlock(_ grapheme: Grapheme, cells: Int, rows: Int) -> GlyphBlock {
        let blank = Grapheme(" ", columns: 1)
        let left = (cells - grapheme.columns) / 2
        return GlyphBlock(rows: (0 ..< rows).map { row in
            guard row == (rows - 1) / 2 else { return Array(repeating: blank, count: cells) }
            return Array(repeating: blank, count: left) + [grapheme]
                + Array(repeating: blank, count: cells - left - grapheme.columns)
        })
    }
}
