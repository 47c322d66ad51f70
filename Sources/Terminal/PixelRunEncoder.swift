import Canvas
import Synchronization
import Typesetting

/// The bytes that show a `PixelRun` in a terminal's graphics protocol: its
/// line rasterised (`PixelRaster`), painted in the colours of its style
/// (ink blended into the terminal's background by coverage, or the
/// background into the ink in reverse video, colour glyphs
/// over that), cut to the part on screen and encoded. Cached per (line,
/// part, colours, terminal), so a line drawn again costs a lookup.
final class PixelRunEncoder: Sendable {
    static let shared = PixelRunEncoder()

    struct Key: Hashable {
        var line: PixelLine
        var visible: Rect
        var ink: RGBColor
        /// What the ink is blended into: the terminal's background, or the style's colour in reverse video.
        var paper: RGBColor
        var underline: Bool
        var graphics: PixelGraphics
        /// Where the run is (kitty's image id is its position; sixel's bytes do not depend on it).
        var placement: UInt32
    }

    /// One piece of an image: sixel images wider than the terminal allows go as several, side by side.
    struct Tile: Sendable, Hashable {
        /// Cells right of the run's left edge.
        var column: Int
        var bytes: String
    }

    private struct State {
        var current: [Key: [Tile]] = [:]
        var older: [Key: [Tile]] = [:]
        var encoded = 0
    }

    private let state = Mutex(State())
    static let entriesPerGeneration = 1024

    /// How many runs have been encoded since launch (for tests and benchmarks).
    var encodedCount: Int { state.withLock { $0.encoded } }

    func removeAll() { state.withLock { $0 = State() } }

    /// The kitty image id of a run's position: the same cell, the same id.
    static func placement(of run: PixelRun) -> UInt32 { UInt32(run.y * 4096 + run.x + 1) }

    func tiles(for run: PixelRun, style: CellStyle, graphics: PixelGraphics, colorCount: Int) -> [Tile] {
        // A link is underlined in its image, as the hyperlink overlay underlines linked text
        // (which it does not write over an image).
        // Reverse video (a badge's symbol cut out of its tile) swaps ink and paper.
        let color = graphics.ink(for: style, colorCount: colorCount)
        let key = Key(
            line: run.line, visible: run.visible, ink: style.reverse ? graphics.background : color,
            paper: style.reverse ? color : graphics.background,
            underline: style.underline || style.link != nil,
            graphics: graphics, placement: graphics.graphicsProtocol == .kitty ? Self.placement(of: run) : 0
        )
        if let known = state.withLock({ state -> [Tile]? in
            if let tiles = state.current[key] { return tiles }
            if let tiles = state.older[key] {
                state.current[key] = tiles
                return tiles
            }
            return nil
        }) { return known }
        let tiles = Self.encode(key)
        state.withLock { state in
            if state.current.count >= Self.entriesPerGeneration {
                state.older = state.current
                state.current = [:]
            }
            state.current[key] = tiles
            state.encoded += 1
        }
        return tiles
    }

    private static func encode(_ key: Key) -> [Tile] {
        let image = PixelRaster.shared.image(for: key.line)
        let cell = key.line.face.cell
        let region = (x: key.visible.x * cell.width, y: key.visible.y * cell.height,
                      width: key.visible.width * cell.width, height: key.visible.height * cell.height)
        var coverage = image.coverage
        if key.underline { underline(&coverage, line: key.line, width: image.width) }
        let graphics = key.graphics
        switch graphics.graphicsProtocol {
        case .kitty:
            var rgb = [UInt8](repeating: 0, count: 3 * region.width * region.height)
            for y in 0 ..< region.height {
                for x in 0 ..< region.width {
                    let color = paint(image, coverage, x: region.x + x, y: region.y + y, ink: key.ink, paper: key.paper)
                    let at = 3 * (y * region.width + x)
                    rgb[at] = color.red
                    rgb[at + 1] = color.green
                    rgb[at + 2] = color.blue
                }
            }
            // One image id a screen position: sending another image there replaces it.
            let bytes = KittyGraphicsEncoder.transmitAndPlace(rgb: rgb, width: region.width, height: region.height, id: key.placement, placement: 1)
            return [Tile(column: 0, bytes: String(decoding: bytes, as: UTF8.self))]
        case .sixel:
            let palette = SixelPalette(ink: key.ink, paper: key.paper, registers: graphics.colorRegisters, hasColor: image.color != nil)
            // Tiles of whole cells, each at most the terminal's widest image.
            let tileColumns = max(1, graphics.maximumWidth / cell.width)
            var tiles: [Tile] = []
            var column = 0
            while column < key.visible.width {
                let columns = min(tileColumns, key.visible.width - column)
                let x0 = region.x + column * cell.width, width = columns * cell.width
                var indices = [UInt8](repeating: 0, count: width * region.height)
                coverage.withUnsafeBufferPointer { coverage in
                    for y in 0 ..< region.height {
                        let source = (region.y + y) * image.width + x0, target = y * width
                        for x in 0 ..< width {
                            indices[target + x] = palette.level(coverage[source + x])
                        }
                    }
                }
                if let color = image.color {
                    for y in 0 ..< region.height {
                        for x in 0 ..< width {
                            let at = 4 * ((region.y + y) * image.width + x0 + x)
                            guard color[at + 3] > 0 else { continue }
                            let under = palette.colors[Int(indices[y * width + x])]
                            indices[y * width + x] = palette.nearest(over(color, at: at, on: under))
                        }
                    }
                }
                let bytes = SixelEncoder.encode(indices: indices, width: width, height: region.height, palette: palette.colors)
                tiles.append(Tile(column: column, bytes: String(decoding: bytes, as: UTF8.self)))
                column += columns
            }
            return tiles
        }
    }

    /// Pixel (x, y) of `image` in colour: ink over paper by coverage, a colour glyph over that.
    private static func paint(_ image: PixelImage, _ coverage: [UInt8], x: Int, y: Int, ink: RGBColor, paper: RGBColor) -> RGBColor {
        let base = paper.blended(toward: ink, coverage: Int(coverage[y * image.width + x]))
        guard let color = image.color else { return base }
        let at = 4 * (y * image.width + x)
        return color[at + 3] == 0 ? base : over(color, at: at, on: base)
    }

    /// Premultiplied RGBA at `at` composited over `base`.
    private static func over(_ rgba: [UInt8], at: Int, on base: RGBColor) -> RGBColor {
        let alpha = Int(rgba[at + 3])
        func channel(_ top: UInt8, _ bottom: UInt8) -> UInt8 { UInt8(min(255, Int(top) + Int(bottom) * (255 - alpha) / 255)) }
        return RGBColor(red: channel(rgba[at], base.red), green: channel(rgba[at + 1], base.green), blue: channel(rgba[at + 2], base.blue))
    }

    /// A line under the text, a little below the baseline, as thick as the font's strokes are thin.
    private static func underline(_ coverage: inout [UInt8], line: PixelLine, width: Int) {
        let em = Int(line.face.size64) / 64
        let thickness = max(1, em / 16), top = min(line.pixelHeight - thickness, line.face.baseline + max(1, em / 10))
        guard top >= 0 else { return }
        for y in top ..< top + thickness {
            for x in 0 ..< width { coverage[y * width + x] = 255 }
        }
    }
}
