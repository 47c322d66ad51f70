import CFontRaster
import Canvas
import Synchronization

/// Fonts, resolved faces and rasterised glyphs, shared by every `Typesetter`
/// so that laying out a screen never rasterises a glyph it has drawn before.
///
/// FreeType faces are not thread-safe, so every use of them happens under the
/// one lock; that is cheap because only cache misses touch FreeType.
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

    private struct FallbackKey: Hashable {
        var pattern: String
        var scalar: UInt32
    }

    /// Open fonts by path; a nil value remembers a file that would not open.
    private struct State: ~Copyable {
        var fonts: [String: OpaquePointer?] = [:]
        var faces: [FaceKey: GlyphFace?] = [:]
        var fallbacks: [FallbackKey: (path: String, index: Int32)?] = [:]
        var glyphs: [GlyphKey: GlyphBlock] = [:]
        var rasterised = 0
    }

    private let state = Mutex(State())

    /// How many glyphs have been rasterised since launch (for tests and benchmarks).
    var rasterisedCount: Int { state.withLock { $0.rasterised } }

    // MARK: - Faces

    /// The face for glyphs `capHeight` pixels tall in `mosaic`, or nil if no font can be found.
    func face(font: FontChoice, bold: Bool, capHeight: Int, mosaic: Mosaic) -> GlyphFace? {
        let key = FaceKey(font: font, bold: bold, capHeight: capHeight, mosaic: mosaic)
        return state.withLock { state in
            if let known = state.faces[key] { return known }
            let face = Self.resolve(key, state: &state)
            state.faces[key] = face
            return face
        }
    }

    private static func resolve(_ key: FaceKey, state: inout State) -> GlyphFace? {
        let strike = GlyphStrike.strike(capHeight: key.capHeight, bold: key.bold)
        let pattern = key.font.pattern(bold: key.bold)
        // The ladder's own bitmap strike, when the default font is asked for and installed.
        if key.font == .automatic, let strike, let path = GlyphStrike.path(of: strike.file),
           let font = open(path, 0, state: &state), fr_font_has_strike(font, Int32(strike.pixelHeight)) != 0 {
            let box = key.mosaic.lineBox(ascent: strike.ascent, descent: strike.descent)
            return GlyphFace(
                fontPath: path, faceIndex: 0, mosaic: key.mosaic, rows: box.rows, pixelSize: Int32(strike.pixelHeight),
                threshold: strike.threshold, baseline: box.baseline, columnCells: key.mosaic.cells(forAdvance: strike.advance),
                fallbackPattern: pattern, capHeight: key.capHeight
            )
        }
        // Otherwise an outline font fitted to the same cap height: `--font`,
        // or a machine without the strike (then in the strike's box, so rows
        // and wrapping are the same everywhere).
        var path: String, index: Int32 = 0
        if let pattern {
            guard let found = find(pattern: pattern, scalar: 0) else { return nil }
            (path, index) = found
        } else if case let .path(file) = key.font {
            path = file
        } else {
            return nil
        }
        guard let font = open(path, index, state: &state) else { return nil }
        // Thin regular strokes vanish at these sizes unless fainter coverage counts as ink.
        let threshold: Int32 = key.bold ? 110 : 80
        let size = fittedSize(font, capHeight: key.capHeight, threshold: threshold)
        let box: (rows: Int, baseline: Int), columnCells: Int
        if key.font == .automatic, let strike {
            box = key.mosaic.lineBox(ascent: strike.ascent, descent: strike.descent)
            columnCells = key.mosaic.cells(forAdvance: strike.advance)
        } else {
            let ink = inkExtent(font, size, size, threshold)
            box = key.mosaic.lineBox(ascent: ink.above, descent: ink.below)
            columnCells = key.mosaic.cells(forAdvance: Int(fr_font_advance(font, 0x30, size, size)))
        }
        return GlyphFace(
            fontPath: path, faceIndex: index, mosaic: key.mosaic, rows: box.rows, pixelSize: size,
            threshold: fr_font_is_bitmap(font) != 0 ? 0 : threshold, baseline: box.baseline,
            columnCells: columnCells, fallbackPattern: pattern, capHeight: key.capHeight
        )
    }

    /// The pixel size at which a capital H is `capHeight` pixels tall (the
    /// largest that is not taller, if none is exact).
    private static func fittedSize(_ font: OpaquePointer, capHeight: Int, threshold: Int32) -> Int32 {
        var best = Int32(max(1, capHeight))
        for size in Int32(max(1, capHeight)) ... Int32(capHeight * 3) {
            var above: Int32 = 0, below: Int32 = 0
            guard fr_font_ink(font, 0x48, size, size, threshold, &above, &below) != 0 else { break }
            if above > capHeight { break }
            best = size
            if above == capHeight { break }
        }
        return best
    }

    /// Pixels above and below the baseline that Latin letters reach.
    private static func inkExtent(
        _ font: OpaquePointer, _ width: Int32, _ height: Int32, _ threshold: Int32
    ) -> (above: Int, below: Int, total: Int) {
        var above: Int32 = 0, below: Int32 = 0
        for letter in "Hbdfklgjpqy".unicodeScalars {
            var a: Int32 = 0, b: Int32 = 0
            if fr_font_ink(font, letter.value, width, height, threshold, &a, &b) != 0 {
                above = max(above, a)
                below = max(below, b)
            }
        }
        return (Int(above), Int(below), Int(above + below))
    }

    /// The font file and face index fontconfig gives for `pattern` (with `scalar`, unless 0).
    static func find(pattern: String, scalar: UInt32) -> (String, Int32)? {
        var buffer = [CChar](repeating: 0, count: 4096)
        var index: Int32 = 0
        let found = buffer.withUnsafeMutableBufferPointer { out in
            fr_find_font(pattern, scalar, out.baseAddress, Int32(out.count), &index)
        }
        guard found == 1 else { return nil }
        let path = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return (path, index)
    }

    private static func open(_ path: String, _ index: Int32, state: inout State) -> OpaquePointer? {
        let key = "\(path)#\(index)"
        if let known = state.fonts[key] { return known }
        let font = fr_font_open(path, index)
        state.fonts[key] = font
        return font
    }

    /// Opens the font files named (looked for in `GlyphStrike.fontDirectories`)
    /// that are not open yet, each outside the lock: opening one (a CJK
    /// strike, Unifont) is the slow part of a face's first use, and work
    /// done ahead of the keys on another thread (`Typesetter.prepareFonts`)
    /// must not hold up a frame that needs the cache meanwhile. Each font
    /// has its own FreeType library, so opening is safe on any thread.
    func openAhead(files: [String]) {
        for file in files {
            guard let path = GlyphStrike.path(of: file) else { continue }
            let key = "\(path)#0"
            if state.withLock({ $0.fonts[key] != nil }) { continue }
            let opened = OpenedFont(pointer: fr_font_open(path, 0))
            let kept = state.withLock { state in
                if state.fonts[key] != nil { return false }
                state.fonts[key] = opened.pointer
                return true
            }
            // The key path opened it meanwhile: this copy is not needed.
            if !kept { fr_font_close(opened.pointer) }
        }
    }

    /// A font just opened, handed to the lock's state (or closed): used by
    /// one thread at a time, as every font here is, hence unchecked.
    private struct OpenedFont: @unchecked Sendable {
        let pointer: OpaquePointer?
    }

    // MARK: - Glyphs

    /// `grapheme` drawn big in `face`: `face.rows` rows of
    /// `columns × face.columnCells` cells.
    func block(for grapheme: Grapheme, in face: GlyphFace) -> GlyphBlock {
        let key = GlyphKey(face: face, grapheme: grapheme.text)
        return state.withLock { state in
            if let cached = state.glyphs[key] { return cached }
            let block = Self.rasterise(grapheme, in: face, state: &state)
            state.glyphs[key] = block
            state.rasterised += 1
            return block
        }
    }

    private static func rasterise(_ grapheme: Grapheme, in face: GlyphFace, state: inout State) -> GlyphBlock {
        let cells = grapheme.columns * face.columnCells
        guard cells > 0 else { return GlyphBlock(rows: Array(repeating: [], count: face.rows)) }
        let boxWidth = cells * face.mosaic.pixelsAcross, boxHeight = face.boxHeight
        let scalars = Array(grapheme.text.unicodeScalars)
        guard let base = scalars.first, let source = source(for: base, wide: grapheme.columns > 1, in: face, state: &state) else {
            return nativeBlock(grapheme, cells: cells, rows: face.rows)
        }
        var bitmap = [UInt8](repeating: 0, count: boxWidth * boxHeight)
        let advance = Int(fr_font_advance(source.font, base.value, source.size, source.size))
        // Centred: a fallback font's advance need not match the face's cells.
        let origin = (boxWidth - advance) / 2
        bitmap.withUnsafeMutableBufferPointer { box in
            _ = fr_font_draw(source.font, base.value, source.size, source.size, source.threshold, box.baseAddress,
                             Int32(boxWidth), Int32(boxHeight), Int32(origin), Int32(source.baseline))
            // Combining marks that the font has are drawn over the base; the rest are dropped.
            for mark in scalars.dropFirst() where DisplayWidth.columns(of: Character(mark)) == 0 {
                guard fr_font_has_glyph(source.font, mark.value) != 0 else { continue }
                let markAdvance = fr_font_advance(source.font, mark.value, source.size, source.size)
                let markOrigin = markAdvance == 0 ? origin + advance : origin
                _ = fr_font_draw(source.font, mark.value, source.size, source.size, source.threshold, box.baseAddress,
                                 Int32(boxWidth), Int32(boxHeight), Int32(markOrigin), Int32(source.baseline))
            }
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
        var font: OpaquePointer
        var size: Int32
        var threshold: Int32
        var baseline: Int
    }

    /// The face's own font if it has `scalar`; else the largest fallback
    /// strike that fits the box and has it (`GlyphStrike.fallbacks`); else
    /// Unifont scaled to the box; else whatever font fontconfig finds. Nil
    /// leaves the character native, centred in its box.
    private static func source(for scalar: Unicode.Scalar, wide: Bool, in face: GlyphFace, state: inout State) -> GlyphSource? {
        if !wide, let primary = open(face.fontPath, face.faceIndex, state: &state), fr_font_has_glyph(primary, scalar.value) != 0 {
            return GlyphSource(font: primary, size: face.pixelSize, threshold: face.threshold, baseline: face.baseline)
        }
        // A pixel of a fallback may be clipped: Kanji strikes leave their top row blank.
        for fallback in GlyphStrike.fallbacks where fallback.pixelHeight <= face.boxHeight + 1 {
            guard let path = GlyphStrike.path(of: fallback.file), let font = open(path, 0, state: &state),
                  fr_font_has_glyph(font, scalar.value) != 0 else { continue }
            let size = Int32(fallback.pixelHeight)
            guard fr_font_has_strike(font, size) != 0 else { continue }
            return GlyphSource(font: font, size: size, threshold: 0, baseline: fittedBaseline(font, size: size, in: face))
        }
        // Ideographs and other wide characters turn to blots below about 12
        // pixels; the native glyph, centred, reads better (checked in xterm).
        if wide, face.boxHeight < minimumWidePixelHeight { return nil }
        if let path = GlyphStrike.path(of: unifont), let font = open(path, 0, state: &state),
           fr_font_has_glyph(font, scalar.value) != 0 {
            let size = Int32(face.boxHeight)
            return GlyphSource(font: font, size: size, threshold: 96, baseline: fittedBaseline(font, size: size, in: face))
        }
        let key = FallbackKey(pattern: face.fallbackPattern ?? "monospace", scalar: scalar.value)
        let fallback: (path: String, index: Int32)?
        if let known = state.fallbacks[key] {
            fallback = known
        } else {
            fallback = find(pattern: key.pattern, scalar: scalar.value).map { (path: $0.0, index: $0.1) }
            state.fallbacks[key] = fallback
        }
        guard let fallback, let font = open(fallback.path, fallback.index, state: &state),
              fr_font_has_glyph(font, scalar.value) != 0 else { return nil }
        let size = fittedSize(font, capHeight: face.capHeight, threshold: 96)
        return GlyphSource(font: font, size: size, threshold: 96, baseline: fittedBaseline(font, size: size, in: face))
    }

    /// The face's baseline, moved just enough for the font's ascent and
    /// descent to stay inside the box.
    private static func fittedBaseline(_ font: OpaquePointer, size: Int32, in face: GlyphFace) -> Int {
        var ascent: Int32 = 0, descent: Int32 = 0
        guard fr_font_line_metrics(font, size, size, &ascent, &descent) != 0 else { return face.baseline }
        return min(face.boxHeight - Int(descent), max(Int(ascent), face.baseline))
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
