import CFontRaster
import Canvas
import Synchronization

/// Faces and images for the `pixels` glyph mode: text rasterised with
/// FreeType at Apple's point size for its style and category, antialiased,
/// in a box of whole terminal cells.
///
/// Sizes are relative to the terminal's own text: Large's Body (17 pt) is
/// drawn with a capital as tall as a native one, which is taken to be the
/// font's capital when its line (ascender + descender) fills a cell, as a
/// terminal sets its font. FreeType faces are not thread-safe, so every use
/// happens under the one lock; faces and images are cached, so a screen
/// drawn again rasterises nothing.
public final class PixelRaster: Sendable {
    public static let shared = PixelRaster()

    private struct FaceKey: Hashable {
        var font: FontChoice
        var bold: Bool
        var points: Int
        var cell: CellPixelSize
    }

    private struct State: ~Copyable {
        var fonts: [String: OpaquePointer?] = [:]
        var paths: [String: (path: String, index: Int32)?] = [:]
        var faces: [FaceKey: PixelFace?] = [:]
        /// Fonts for characters the face's font lacks, by (pattern, scalar).
        var fallbacks: [String: (path: String, index: Int32)?] = [:]
        var images: [PixelLine: PixelImage] = [:]
        var olderImages: [PixelLine: PixelImage] = [:]
        var rasterised = 0
    }

    private let state = Mutex(State())

    /// Images kept before the older half is dropped: a few screens' worth at every size.
    static let imagesPerGeneration = 2048

    /// How many lines have been rasterised since launch (for tests and benchmarks).
    public var rasterisedCount: Int { state.withLock { $0.rasterised } }

    /// Large's Body, the size native terminal text stands for.
    public static let referencePoints = 17.0

    // MARK: - Faces

    /// The face for text of `points` (Apple's size) in cells of `cell`, or
    /// nil when no outline font can be found.
    func face(font: FontChoice, bold: Bool, points: Int, cell: CellPixelSize) -> PixelFace? {
        let key = FaceKey(font: font, bold: bold, points: points, cell: cell)
        return state.withLock { state in
            if let known = state.faces[key] { return known }
            let face = Self.resolve(key, state: &state)
            state.faces[key] = face
            return face
        }
    }

    /// The cap height, in pixels, of a native capital in cells of `cell`
    /// (what Large's Body is drawn at), or nil when no font can be found.
    public func nativeCapHeight(font: FontChoice, cell: CellPixelSize) -> Double? {
        state.withLock { state in
            guard let regular = Self.primary(font, bold: false, state: &state) else { return nil }
            return Self.designMetrics(regular).map { Self.nativeCap($0, cell: cell) }
        }
    }

    private struct DesignMetrics {
        var unitsPerEm: Double
        var ascender: Double
        var descender: Double
        var capHeight: Double
    }

    private static func designMetrics(_ font: OpaquePointer) -> DesignMetrics? {
        var units: Int32 = 0, ascender: Int32 = 0, descender: Int32 = 0, cap: Int32 = 0
        guard fr_font_design_metrics(font, &units, &ascender, &descender, &cap) != 0, units > 0, ascender + descender > 0 else {
            return nil
        }
        // A font without an H: capitals are about 0.7 em in most fonts.
        let capHeight = cap > 0 ? Double(cap) : 0.7 * Double(units)
        return DesignMetrics(unitsPerEm: Double(units), ascender: Double(ascender), descender: Double(descender), capHeight: capHeight)
    }

    private static func nativeCap(_ metrics: DesignMetrics, cell: CellPixelSize) -> Double {
        Double(cell.height) * metrics.capHeight / (metrics.ascender + metrics.descender)
    }

    private static func resolve(_ key: FaceKey, state: inout State) -> PixelFace? {
        // Sizes are measured against the regular face, so bold and regular text of one size match.
        guard let regular = primary(key.font, bold: false, state: &state), let reference = designMetrics(regular),
              let (path, index) = primaryPath(key.font, bold: key.bold, state: &state),
              let font = open(path, index, state: &state), let metrics = designMetrics(font) else { return nil }
        let cap = nativeCap(reference, cell: key.cell) * Double(key.points) / referencePoints
        let em = cap * metrics.unitsPerEm / metrics.capHeight
        let size64 = Int32((em * 64).rounded())
        let advance64 = fr_font_advance64(font, 0x30, size64)
        guard advance64 > 0 else { return nil }
        // The box holds Latin's ink (capitals, ascenders, descenders) in whole
        // rows, the spare pixels split above and below.
        var above: Int32 = 0, below: Int32 = 0
        for letter in "Hbdfklgjpqy".unicodeScalars {
            var a: Int32 = 0, b: Int32 = 0
            if fr_font_coverage_extent(font, letter.value, size64, 64, &a, &b) != 0 {
                above = max(above, a)
                below = max(below, b)
            }
        }
        let ink = Int(above + below)
        let rows = max(1, (ink + key.cell.height - 1) / key.cell.height)
        let baseline = (rows * key.cell.height - ink) / 2 + Int(above)
        return PixelFace(
            fontPath: path, faceIndex: index, isBold: key.bold, size64: size64, advance64: advance64, baseline: baseline,
            rows: rows, cell: key.cell
        )
    }

    private static func primaryPath(_ font: FontChoice, bold: Bool, state: inout State) -> (String, Int32)? {
        let pattern: String
        switch font {
        case .path(let file): return (file, 0)
        case .automatic, .family: pattern = font.pattern(bold: bold) ?? "monospace"
        }
        if let known = state.paths[pattern] { return known.map { ($0.path, $0.index) } }
        let found = GlyphCache.find(pattern: pattern, scalar: 0)
        state.paths[pattern] = found.map { (path: $0.0, index: $0.1) }
        return found
    }

    private static func primary(_ font: FontChoice, bold: Bool, state: inout State) -> OpaquePointer? {
        guard let (path, index) = primaryPath(font, bold: bold, state: &state) else { return nil }
        return open(path, index, state: &state)
    }

    private static func open(_ path: String, _ index: Int32, state: inout State) -> OpaquePointer? {
        let key = "\(path)#\(index)"
        if let known = state.fonts[key] { return known }
        let font = fr_font_open(path, index)
        state.fonts[key] = font
        return font
    }

    // MARK: - Images

    /// Drops every rasterised line (faces and fonts stay).
    public func removeImages() {
        state.withLock { state in
            state.images = [:]
            state.olderImages = [:]
        }
    }

    /// `line` rasterised: its coverage and colour glyphs in a box of
    /// `line.columns × line.rows` cells.
    public func image(for line: PixelLine) -> PixelImage {
        state.withLock { state in
            if let cached = state.images[line] { return cached }
            if let older = state.olderImages[line] {
                state.images[line] = older
                return older
            }
            let image = Self.rasterise(line, state: &state)
            if state.images.count >= Self.imagesPerGeneration {
                state.olderImages = state.images
                state.images = [:]
            }
            state.images[line] = image
            state.rasterised += 1
            return image
        }
    }

    private static func rasterise(_ line: PixelLine, state: inout State) -> PixelImage {
        let face = line.face
        let width = line.pixelWidth, height = line.pixelHeight
        var coverage = [UInt8](repeating: 0, count: width * height)
        var color: [UInt8]?
        for (grapheme, span) in line.graphemeSpans {
            let left = span.lowerBound, right = span.upperBound
            let scalars = Array(grapheme.text.unicodeScalars)
            guard let base = scalars.first, base.value != 0x20 else { continue }
            guard let source = source(for: base, face: face, state: &state) else {
                drawMissing(into: &coverage, width: width, height: height, left: left, right: right, face: face)
                continue
            }
            if fr_font_has_color_glyph(source, base.value) != 0 {
                var rgba = color ?? [UInt8](repeating: 0, count: 4 * width * height)
                let top = max(0, face.baseline - Int(face.size64) * 7 / 8 / 64)
                let glyphHeight = min(height - top, Int(face.size64) / 64)
                _ = rgba.withUnsafeMutableBufferPointer { buffer in
                    fr_font_draw_color(source, base.value, Int32(glyphHeight), Int32(right - left), buffer.baseAddress,
                                       Int32(width), Int32(height), Int32(left), Int32(top))
                }
                color = rgba
                continue
            }
            let advance = Int(fr_font_advance64(source, base.value, face.size64))
            // Centred in its columns: a fallback font's advance need not match the face's.
            let origin = (left * 64 + (right - left) * 64 / 2 - advance / 2 + 32) >> 6
            coverage.withUnsafeMutableBufferPointer { box in
                _ = fr_font_draw_coverage(source, base.value, face.size64, 0, box.baseAddress, Int32(width), Int32(height),
                                          Int32(origin), Int32(face.baseline))
                // Combining marks the font has are drawn over their base; the rest are dropped.
                for mark in scalars.dropFirst() where DisplayWidth.columns(of: Character(mark)) == 0 {
                    guard fr_font_has_glyph(source, mark.value) != 0 else { continue }
                    let markAdvance = fr_font_advance64(source, mark.value, face.size64)
                    let markOrigin = markAdvance == 0 ? origin + (advance + 32) / 64 : origin
                    _ = fr_font_draw_coverage(source, mark.value, face.size64, 0, box.baseAddress, Int32(width), Int32(height),
                                              Int32(markOrigin), Int32(face.baseline))
                }
            }
        }
        return PixelImage(width: width, height: height, coverage: coverage, color: color)
    }

    /// The face's font if it has `scalar`, else the font fontconfig finds
    /// for it (a monospace one first, then any): CJK, Thai… Emoji come from
    /// an emoji font first, in colour where it has them.
    private static func source(for scalar: Unicode.Scalar, face: PixelFace, state: inout State) -> OpaquePointer? {
        let isEmoji = scalar.properties.isEmojiPresentation
        if !isEmoji, let primary = open(face.fontPath, face.faceIndex, state: &state), fr_font_has_glyph(primary, scalar.value) != 0 {
            return primary
        }
        let weight = face.isBold ? ":bold" : ""
        let text = ["DejaVu Sans Mono,monospace" + weight, "sans-serif" + weight]
        for pattern in isEmoji ? ["emoji"] + text : text + ["emoji"] {
            let key = "\(pattern)#\(scalar.value)"
            let found: (path: String, index: Int32)?
            if let known = state.fallbacks[key] {
                found = known
            } else {
                found = GlyphCache.find(pattern: pattern, scalar: scalar.value).map { (path: $0.0, index: $0.1) }
                state.fallbacks[key] = found
            }
            if let found, let font = open(found.path, found.index, state: &state), fr_font_has_glyph(font, scalar.value) != 0 {
                return font
            }
        }
        return nil
    }

    /// A character no font has: an outlined box in its columns, as
    /// terminals draw one, so the line keeps its shape and says something is there.
    private static func drawMissing(into coverage: inout [UInt8], width: Int, height: Int, left: Int, right: Int, face: PixelFace) {
        let capTop = max(0, face.baseline - Int(face.size64) * 7 / 10 / 64)
        let x0 = left + 1, x1 = min(width - 1, right - 2), y0 = capTop, y1 = min(height - 1, face.baseline - 1)
        guard x1 > x0, y1 > y0 else { return }
        for x in x0 ... x1 {
            coverage[y0 * width + x] = 255
            coverage[y1 * width + x] = 255
        }
        for y in y0 ... y1 {
            coverage[y * width + x0] = 255
            coverage[y * width + x1] = 255
        }
    }
}
