import CFontRaster
import Synchronization

/// One font file opened with FreeType, which both rasterisers draw from.
///
/// A FreeType face is not thread-safe (every call sets its size and loads
/// into its one glyph slot), so each method here is one call of the C target
/// under the font's own lock. Every call sets what it needs itself, so no
/// state is carried from one call to the next; a thread drawing with this
/// font waits at most for one call of another's, never for a glyph cache or
/// for other fonts. The face never leaves the lock.
final class OpenFont: Sendable {
    let location: FontLocation

    /// Owns the face: closed when the font is dropped.
    private struct Face: ~Copyable {
        let pointer: OpaquePointer
        deinit { fr_font_close(pointer) }
    }

    private let face: Mutex<Face>

    /// Opens the file (slow for a large CJK font: callers do it outside their
    /// locks); nil if FreeType cannot open it or it has no usable strike.
    init?(_ location: FontLocation) {
        guard let pointer = fr_font_open(location.path, location.index) else { return nil }
        self.location = location
        face = Mutex(Face(pointer: pointer))
    }

    private func call<Result: Sendable>(_ body: (OpaquePointer) -> Result) -> Result {
        face.withLock { body($0.pointer) }
    }

    // MARK: - Whole pixels (the mosaic ladder)

    var isBitmap: Bool { call { fr_font_is_bitmap($0) != 0 } }

    func hasStrike(pixelHeight: Int32) -> Bool { call { fr_font_has_strike($0, pixelHeight) != 0 } }

    func hasGlyph(_ scalar: UInt32) -> Bool { call { fr_font_has_glyph($0, scalar) != 0 } }

    /// Ascent and descent in whole pixels at the size, or nil if it cannot be set.
    func lineMetrics(size: Int32) -> (ascent: Int32, descent: Int32)? {
        call { font in
            var ascent: Int32 = 0, descent: Int32 = 0
            guard fr_font_line_metrics(font, size, size, &ascent, &descent) != 0 else { return nil }
            return (ascent, descent)
        }
    }

    /// The advance in whole pixels at the size; -1 if the glyph is missing.
    func advance(_ scalar: UInt32, size: Int32) -> Int32 { call { fr_font_advance($0, scalar, size, size) } }

    /// Rows of ink above and below the baseline, as `draw` would draw it; nil if missing.
    func ink(_ scalar: UInt32, size: Int32, threshold: Int32) -> (above: Int32, below: Int32)? {
        call { font in
            var above: Int32 = 0, below: Int32 = 0
            guard fr_font_ink(font, scalar, size, size, threshold, &above, &below) != 0 else { return nil }
            return (above, below)
        }
    }

    /// Draws the glyph into `box` (`width` × `height`, 1 = ink, OR-ed in); see `fr_font_draw`.
    func draw(
        _ scalar: UInt32, size: Int32, threshold: Int32, into box: inout [UInt8], width: Int, height: Int,
        originX: Int, baseline: Int
    ) {
        call { font in
            box.withUnsafeMutableBufferPointer { buffer in
                _ = fr_font_draw(font, scalar, size, size, threshold, buffer.baseAddress, Int32(width), Int32(height),
                                 Int32(originX), Int32(baseline))
            }
        }
    }

    // MARK: - 1/64 pixel, antialiased (the `pixels` mode)

    /// Units per em, ascender, descender and capital height in font units;
    /// nil for a bitmap font. A font without an H has a capital height of 0.
    func designMetrics() -> (unitsPerEm: Int32, ascender: Int32, descender: Int32, capHeight: Int32)? {
        call { font in
            var units: Int32 = 0, ascender: Int32 = 0, descender: Int32 = 0, cap: Int32 = 0
            guard fr_font_design_metrics(font, &units, &ascender, &descender, &cap) != 0 else { return nil }
            return (units, ascender, descender, cap)
        }
    }

    /// The unhinted advance in 1/64 pixel at an em of `size64`; -1 if missing.
    func advance64(_ scalar: UInt32, size64: Int32) -> Int32 { call { fr_font_advance64($0, scalar, size64) } }

    /// Rows above and below the baseline the antialiased coverage reaches; nil if missing.
    func coverageExtent(_ scalar: UInt32, size64: Int32, threshold: Int32) -> (above: Int32, below: Int32)? {
        call { font in
            var above: Int32 = 0, below: Int32 = 0
            guard fr_font_coverage_extent(font, scalar, size64, threshold, &above, &below) != 0 else { return nil }
            return (above, below)
        }
    }

    /// Draws the glyph's coverage into `box` (`width` × `height`, the larger
    /// of what is there and the glyph's kept); see `fr_font_draw_coverage`.
    func drawCoverage(_ scalar: UInt32, size64: Int32, into box: inout [UInt8], width: Int, height: Int, originX: Int, baseline: Int) {
        call { font in
            box.withUnsafeMutableBufferPointer { buffer in
                _ = fr_font_draw_coverage(font, scalar, size64, 0, buffer.baseAddress, Int32(width), Int32(height),
                                          Int32(originX), Int32(baseline))
            }
        }
    }

    func hasColorGlyph(_ scalar: UInt32) -> Bool { call { fr_font_has_color_glyph($0, scalar) != 0 } }

    /// Draws a colour glyph `glyphHeight` pixels tall, at most `maxWidth`
    /// wide, into premultiplied `rgba` at (`x`, `y`); see `fr_font_draw_color`.
    func drawColor(
        _ scalar: UInt32, glyphHeight: Int, maxWidth: Int, into rgba: inout [UInt8], width: Int, height: Int, x: Int, y: Int
    ) {
        call { font in
            rgba.withUnsafeMutableBufferPointer { buffer in
                _ = fr_font_draw_color(font, scalar, Int32(glyphHeight), Int32(maxWidth), buffer.baseAddress,
                                       Int32(width), Int32(height), Int32(x), Int32(y))
            }
        }
    }
}
