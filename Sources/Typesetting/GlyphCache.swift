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
        var rows: Int
        var mosaic: Mosaic
    }

    private struct GlyphKey: Hashable {
        var fontPath: String
        var pixelWidth: Int32
        var pixelHeight: Int32
        var threshold: Int32
        var mosaic: Mosaic
        var rows: Int
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

    /// The face for `rows`-row glyphs in `mosaic`, or nil if no font can be found.
    func face(font: FontChoice, bold: Bool, rows: Int, mosaic: Mosaic) -> GlyphFace? {
        let key = FaceKey(font: font, bold: bold, rows: rows, mosaic: mosaic)
        return state.withLock { state in
            if let known = state.faces[key] { return known }
            let face = Self.resolve(key, state: &state)
            state.faces[key] = face
            return face
        }
    }

    private static func resolve(_ key: FaceKey, state: inout State) -> GlyphFace? {
        var path: String, index: Int32 = 0
        let pattern = key.font.pattern(bold: key.bold)
        if let pattern {
            guard let found = find(pattern: pattern, scalar: 0) else { return nil }
            (path, index) = found
        } else if case let .path(file) = key.font {
            path = file
        } else {
            return nil
        }
        guard let font = open(path, index, state: &state) else { return nil }
        let boxHeight = key.rows * key.mosaic.pixelsDown
        // Thin regular strokes vanish at these sizes unless fainter coverage counts as ink.
        let threshold: Int32 = key.bold ? 110 : 80
        let scale = Int32(key.mosaic.horizontalScale)
        var size: Int32
        if key.font == .automatic, let tuned = tunedPixelHeight(rows: key.rows, mosaic: key.mosaic) {
            size = tuned
        } else {
            // The largest size whose ascenders and descenders both fit in the box.
            size = Int32(boxHeight * 2)
            while size > 3, inkExtent(font, size * scale, size, threshold).total > boxHeight { size -= 1 }
        }
        let ink = inkExtent(font, size * scale, size, threshold)
        // Descenders give way first when the box is tight, at least a pixel of them kept.
        let below = min(ink.below, max(1, boxHeight - ink.above))
        let advance = max(1, Int(fr_font_advance(font, 0x30, size * scale, size)))
        // Rounded down: the glyph's side bearings absorb a lost pixel, and
        // tight letter spacing reads better than gappy at these sizes.
        let columnCells = max(1, advance / key.mosaic.pixelsAcross)
        return GlyphFace(
            fontPath: path, faceIndex: index, mosaic: key.mosaic, rows: key.rows,
            pixelWidth: size * scale, pixelHeight: size, threshold: threshold, baseline: boxHeight - below,
            columnCells: columnCells, fallbackPattern: pattern
        )
    }

    /// Pixel sizes chosen by eye for DejaVu Sans Mono where the fit-the-box
    /// rule picks too small a size: letting descenders clip by a pixel buys a
    /// size that reads much better (see docs/typesetting.md).
    private static func tunedPixelHeight(rows: Int, mosaic: Mosaic) -> Int32? {
        switch (mosaic, rows) {
        case (.braille, 2): 8
        case (.quadrants, 3): 7
        case (.quadrants, 4): 7
        default: nil
        }
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

    private static func find(pattern: String, scalar: UInt32) -> (String, Int32)? {
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

    // MARK: - Glyphs

    /// `grapheme` drawn big in `face`: `face.rows` rows of
    /// `columns × face.columnCells` cells.
    func block(for grapheme: Grapheme, in face: GlyphFace) -> GlyphBlock {
        let key = GlyphKey(
            fontPath: face.fontPath, pixelWidth: face.pixelWidth, pixelHeight: face.pixelHeight,
            threshold: face.threshold, mosaic: face.mosaic, rows: face.rows, grapheme: grapheme.text
        )
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
        // Ideographs and other wide characters turn to blots below about 12
        // pixels; the native glyph, centred, reads better (checked in xterm).
        let legible = grapheme.columns < 2 || face.pixelHeight >= Self.minimumWidePixelHeight
        guard legible, let base = scalars.first, let font = font(for: base, in: face, state: &state) else {
            return nativeBlock(grapheme, cells: cells, rows: face.rows)
        }
        var bitmap = [UInt8](repeating: 0, count: boxWidth * boxHeight)
        let advance = Int(fr_font_advance(font, base.value, face.pixelWidth, face.pixelHeight))
        // Centred: a fallback font's advance need not match the primary font's.
        let origin = (boxWidth - advance) / 2
        bitmap.withUnsafeMutableBufferPointer { box in
            _ = fr_font_draw(font, base.value, face.pixelWidth, face.pixelHeight, face.threshold, box.baseAddress,
                             Int32(boxWidth), Int32(boxHeight), Int32(origin), Int32(face.baseline))
            // Combining marks that the font has are drawn over the base; the rest are dropped.
            for mark in scalars.dropFirst() where DisplayWidth.columns(of: Character(mark)) == 0 {
                guard fr_font_has_glyph(font, mark.value) != 0 else { continue }
                let markAdvance = fr_font_advance(font, mark.value, face.pixelWidth, face.pixelHeight)
                let markOrigin = markAdvance == 0 ? origin + advance : origin
                _ = fr_font_draw(font, mark.value, face.pixelWidth, face.pixelHeight, face.threshold, box.baseAddress,
                                 Int32(boxWidth), Int32(boxHeight), Int32(markOrigin), Int32(face.baseline))
            }
        }
        var rows: [[Grapheme]] = []
        for row in 0 ..< face.rows {
            rows.append((0 ..< cells).map { cell in
                Grapheme(face.mosaic.character(in: bitmap, width: boxWidth, x: cell * face.mosaic.pixelsAcross,
                                               y: row * face.mosaic.pixelsDown), columns: 1)
            })
        }
        return GlyphBlock(rows: rows)
    }

    /// The face's font if it has `scalar`, else a fontconfig fallback that does.
    private static func font(for scalar: Unicode.Scalar, in face: GlyphFace, state: inout State) -> OpaquePointer? {
        if let primary = open(face.fontPath, face.faceIndex, state: &state), fr_font_has_glyph(primary, scalar.value) != 0 {
            return primary
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
        return font
    }

    /// The smallest pixel height at which wide characters are rasterised.
    static let minimumWidePixelHeight: Int32 = 12

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
