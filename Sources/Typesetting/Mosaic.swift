/// A way of drawing a bitmap with text characters: how many pixels a cell
/// holds and which character shows each pattern of them.
enum Mosaic: Sendable, Hashable {
    /// Braille patterns: 2 × 4 dots a cell. A cell is about twice as tall as
    /// wide, so the dots are square.
    case braille
    /// Quadrant blocks and half blocks (▘▝▖▗▀▄▌▐▚▞▛▜▙▟█): 2 × 2 solid pixels a
    /// cell, each twice as tall as wide, so glyphs are drawn at double
    /// horizontal resolution to keep their shape.
    case quadrants

    var pixelsAcross: Int { 2 }
    var pixelsDown: Int {
        switch self {
        case .braille: 4
        case .quadrants: 2
        }
    }

    /// How much wider than tall the em square is rasterised, in pixels.
    var horizontalScale: Int {
        switch self {
        case .braille: 1
        case .quadrants: 2
        }
    }

    private static let quadrantCharacters: [String] = [
        " ", "▘", "▝", "▀", "▖", "▌", "▞", "▛", "▗", "▚", "▐", "▜", "▄", "▙", "▟", "█",
    ]

    /// The character for one cell of `bitmap` (row-major, `width` pixels a
    /// row, 1 = ink) whose top-left pixel is at (`x`, `y`).
    func character(in bitmap: [UInt8], width: Int, x: Int, y: Int) -> String {
        func ink(_ dx: Int, _ dy: Int) -> Bool { bitmap[(y + dy) * width + x + dx] != 0 }
        switch self {
        case .braille:
            // Unicode's dot numbering: 1 2 3 down the left, 4 5 6 down the right, then 7 and 8.
            let bits: [(Int, Int, UInt32)] = [
                (0, 0, 0x01), (0, 1, 0x02), (0, 2, 0x04), (1, 0, 0x08),
                (1, 1, 0x10), (1, 2, 0x20), (0, 3, 0x40), (1, 3, 0x80),
            ]
            let pattern = bits.reduce(UInt32(0)) { ink($1.0, $1.1) ? $0 | $1.2 : $0 }
            // A blank cell is a space: an empty braille pattern is drawn as dots by some fonts.
            guard pattern != 0, let scalar = Unicode.Scalar(0x2800 + pattern) else { return " " }
            return String(Character(scalar))
        case .quadrants:
            var index = 0
            if ink(0, 0) { index |= 1 }
            if ink(1, 0) { index |= 2 }
            if ink(0, 1) { index |= 4 }
            if ink(1, 1) { index |= 8 }
            return Self.quadrantCharacters[index]
        }
    }
}
