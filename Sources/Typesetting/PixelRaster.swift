import Canvas
import Synchronization

/// Faces and images for the `pixels` glyph mode: text rasterised with
/// FreeType at Apple's point size for its style and category, antialiased,
/// in a box of whole terminal cells. Fonts come from the shared `FontTable`.
///
/// Sizes are relative to the terminal's own text: Large's Body (17 pt) is
/// drawn with a capital as tall as a native one, which is taken to be the
/// font's capital when its line (ascender + descender) fills a cell, as a
/// terminal sets its font. Faces and images are cached, so a screen drawn
/// again rasterises nothing. As in `GlyphCache`, the lock is held only to
/// read and write the caches: faces are measured and lines rasterised
/// outside it, each FreeType call under its font's own lock.
public final class PixelRaster: Sendable {
    public static let shared = PixelRaster()

    private struct FaceKey: Hashable {
        var font: FontChoice
        var bold: Bool
        var points: Int
        var cell: CellPixelSize
    }

    private struct State {
        /// A nil value remembers a size no outline font can be found for.
        var faces: [FaceKey: PixelFace?] = [:]
        var images: [PixelLine: PixelImage] = [:]
        var olderImages: [PixelLine: PixelImage] = [:]
        var rasterised = 0
    }

    private let state = Mutex(State())
    private let fonts: FontTable

    init(fonts: FontTable = .shared) {
        self.fonts = fonts
    }

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
        if let known = state.withLock({ $0.faces[key] }) { return known }
        let face = resolve(key)
        return state.withLock { state in
            if let known = state.faces[key] { return known }
            state.faces[key] = face
            return face
        }
    }

    /// The cap height, in pixels, of a native capital in cells of `cell`
    /// (what Large's Body is drawn at), or nil when no font can be found.
    public func nativeCapHeight(font: FontChoice, cell: CellPixelSize) -> Double? {
        guard let regular = primary(font, bold: false) else { return nil }
        return Self.designMetrics(regular).map { Self.nativeCap($0, cell: cell) }
    }

    private struct DesignMetrics {
        var unitsPerEm: Double
        var ascender: Double
        var descender: Double
        var capHeight: Double
    }

    private static func designMetrics(_ font: OpenFont) -> DesignMetrics? {
        guard let design = font.designMetrics(), design.unitsPerEm > 0, design.ascender + design.descender > 0 else {
            return nil
        }
        // A font without an H: capitals are about 0.7 em in most fonts.
        let capHeight = design.capHeight > 0 ? Double(design.capHeight) : 0.7 * Double(design.unitsPerEm)
        return DesignMetrics(
            unitsPerEm: Double(design.unitsPerEm), ascender: Double(design.ascender), descender: Double(design.descender),
            capHeight: capHeight
        )
    }

    private static func nativeCap(_ metrics: DesignMetrics, cell: CellPixelSize) -> Double {
        Double(cell.height) * metrics.capHeight / (metrics.ascender + metrics.descender)
    }

    private func resolve(_ key: FaceKey) -> PixelFace? {
        // Sizes are measured against the regular face, so bold and regular text of one size match.
        guard let regular = primary(key.font, bold: false), let reference = Self.designMetrics(regular),
              let font = primary(key.font, bold: key.bold), let metrics = Self.designMetrics(font) else { return nil }
        let cap = Self.nativeCap(reference, cell: key.cell) * Double(key.points) / Self.referencePoints
        let em = cap * metrics.unitsPerEm / metrics.capHeight
        let size64 = Int32((em * 64).rounded())
        let advance64 = font.advance64(0x30, size64: size64)
        guard advance64 > 0 else { return nil }
        // The box holds Latin's ink (capitals, ascenders, descenders) in whole
        // rows, the spare pixels split above and below.
        var above: Int32 = 0, below: Int32 = 0
        for letter in "Hbdfklgjpqy".unicodeScalars {
            if let extent = font.coverageExtent(letter.value, size64: size64, threshold: 64) {
                above = max(above, extent.above)
                below = max(below, extent.below)
            }
        }
        let ink = Int(above + below)
        let rows = max(1, (ink + key.cell.height - 1) / key.cell.height)
        let baseline = (rows * key.cell.height - ink) / 2 + Int(above)
        return PixelFace(
            fontPath: font.location.path, faceIndex: font.location.index, isBold: key.bold, size64: size64,
            advance64: advance64, baseline: baseline, rows: rows, cell: key.cell
        )
    }

    /// The font text in `font` is drawn from: the file given, else fontconfig's answer.
    private func primary(_ font: FontChoice, bold: Bool) -> OpenFont? {
        switch font {
        case .path(let file): fonts.font(at: FontLocation(path: file))
        case .automatic, .family: fonts.find(pattern: font.pattern(bold: bold) ?? "monospace").flatMap(fonts.font(at:))
        }
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
        let kept: PixelImage? = state.withLock { state in
            if let cached = state.images[line] { return cached }
            guard let older = state.olderImages[line] else { return nil }
            state.images[line] = older
            return older
        }
        if let kept { return kept }
        let image = rasterise(line)
        return state.withLock { state in
            state.rasterised += 1
            if let cached = state.images[line] { return cached }
            if state.images.count >= Self.imagesPerGeneration {
                state.olderImages = state.images
                state.images = [:]
            }
            state.images[line] = image
            return image
        }
    }

    private func rasterise(_ line: PixelLine) -> PixelImage {
        let face = line.face
        let width = line.pixelWidth, height = line.pixelHeight
        var coverage = [UInt8](repeating: 0, count: width * height)
        var color: [UInt8]?
        for (grapheme, span) in line.graphemeSpans {
            let left = span.lowerBound, right = span.upperBound
            let scalars = Array(grapheme.text.unicodeScalars)
            guard let base = scalars.first, base.value != 0x20 else { continue }
            guard let source = source(for: base, face: face) else {
                Self.drawMissing(into: &coverage, width: width, height: height, left: left, right: right, face: face)
                continue
            }
            if source.hasColorGlyph(base.value) {
                var rgba = color ?? [UInt8](repeating: 0, count: 4 * width * height)
                let top = max(0, face.baseline - Int(face.size64) * 7 / 8 / 64)
                let glyphHeight = min(height - top, Int(face.size64) / 64)
                source.drawColor(base.value, glyphHeight: glyphHeight, maxWidth: right - left, into: &rgba, width: width,
                                 height: height, x: left, y: top)
                color = rgba
                continue
            }
            let advance = Int(source.advance64(base.value, size64: face.size64))
            // Centred in its columns: a fallback font's advance need not match the face's.
            let origin = (left * 64 + (right - left) * 64 / 2 - advance / 2 + 32) >> 6
            source.drawCoverage(base.value, size64: face.size64, into: &coverage, width: width, height: height,
                                originX: origin, baseline: face.baseline)
            // Combining marks the font has are drawn over their base; the rest are dropped.
            for mark in scalars.dropFirst() where DisplayWidth.columns(of: Character(mark)) == 0 {
                guard source.hasGlyph(mark.value) else { continue }
                let markOrigin = source.advance64(mark.value, size64: face.size64) == 0 ? origin + (advance + 32) / 64 : origin
                source.drawCoverage(mark.value, size64: face.size64, into: &coverage, width: width, height: height,
                                    originX: markOrigin, baseline: face.baseline)
            }
        }
        return PixelImage(width: width, height: height, coverage: coverage, color: color)
    }

    /// The face's font if it has `scalar`, else the font fontconfig finds
    /// for it (a monospace one first, then any): CJK, Thai… Emoji come from
    /// an emoji font first, in colour where it has them.
    private func source(for scalar: Unicode.Scalar, face: PixelFace) -> OpenFont? {
        let isEmoji = scalar.properties.isEmojiPresentation
        if !isEmoji, let primary = fonts.font(at: FontLocation(path: face.fontPath, index: face.faceIndex)),
           primary.hasGlyph(scalar.value) {
            return primary
        }
        let weight = face.isBold ? ":bold" : ""
        let text = ["DejaVu Sans Mono,monospace" + weight, "sans-serif" + weight]
        for pattern in isEmoji ? ["emoji"] + text : text + ["emoji"] {
            if let found = fonts.find(pattern: pattern, scalar: scalar.value), let font = fonts.font(at: found),
               font.hasGlyph(scalar.value) {
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
