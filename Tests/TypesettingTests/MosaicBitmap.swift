import Canvas
@testable import Typesetting

/// Big text decoded back into the pixels its mosaic characters stand for, so
/// tests measure what is drawn, not what the ramp says.
struct MosaicBitmap {
    var pixels: [[Bool]]

    init(_ text: TypesetText, mosaic: Mosaic) {
        let across = mosaic.pixelsAcross, down = mosaic.pixelsDown
        let width = (text.lines.map(\.width).max() ?? 0) * across
        pixels = []
        for line in text.lines {
            var rows = [[Bool]](repeating: [Bool](repeating: false, count: width), count: down)
            var x = 0
            for grapheme in line.graphemes {
                for dy in 0 ..< down {
                    for dx in 0 ..< across where Self.ink(grapheme.text, mosaic: mosaic, dx: dx, dy: dy) {
                        rows[dy][x * across + dx] = true
                    }
                }
                x += max(1, grapheme.columns)
            }
            pixels += rows
        }
    }

    private static func ink(_ character: String, mosaic: Mosaic, dx: Int, dy: Int) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        switch mosaic {
        case .braille:
            guard (0x2800 ... 0x28FF).contains(scalar.value) else { return false }
            let bits: [[UInt32]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]
            return (scalar.value - 0x2800) & bits[dy][dx] != 0
        case .halfBlocks:
            switch character {
            case "█": return true
            case "▀": return dy == 0
            case "▄": return dy == 1
            default: return false
            }
        }
    }

    /// Rows from the first with ink to the last, inclusive; 0 when blank.
    var inkHeight: Int {
        guard let first = pixels.firstIndex(where: { $0.contains(true) }),
              let last = pixels.lastIndex(where: { $0.contains(true) }) else { return 0 }
        return last - first + 1
    }
}
