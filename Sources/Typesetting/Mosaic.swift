/// A way of drawing a bitmap with text characters: how many pixels a cell
/// holds and which character shows each pattern of them.
enum Mosaic: Sendable, Hashable, CaseIterable {
    /// Braille patterns: 2 × 4 dots a cell. A cell is about twice as tall as
    /// wide, so the dots are square and a font's pixels map one to one.
    case braille
    /// Half blocks (▀ ▄ █): 1 × 2 solid pixels a cell, each about as wide as
    /// tall, so a font's pixels map one to one and every stroke is a solid
    /// bar at least a cell wide or half a row tall.
    case halfBlocks

    var pixelsAcross: Int {
        switch self {
        case .braille: 2
        case .halfBlocks: 1
        }
    }

    var pixelsDown: Int {
        switch self {
        case .braille: 4
        case .halfBlocks: 2
        }
    }

    /// Rows and the baseline of a line of text `ascent + descent` pixels
    /// tall, the spare pixels split between top and bottom (the top gets the
    /// odd one: accents on capitals need it more than descenders do).
    func lineBox(ascent: Int, descent: Int) -> (rows: Int, baseline: Int) {
        let height = ascent + descent
        let rows = max(1, (height + pixelsDown - 1) / pixelsDown)
        let spare = rows * pixelsDown - height
        return (rows, (spare + 1) / 2 + ascent)
    }

    /// Cells one character `advance` pixels wide takes (rounded up: a spare
    /// pixel is spacing).
    func cells(forAdvance advance: Int) -> Int {
        max(1, (advance + pixelsAcross - 1) / pixelsAcross)
    }

    /// The character for one cell of `bitmap` (row-major, `width` pixels a
    /// row, nonzero = ink) whose top-left pixel is at (`x`, `y`).
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
        case .halfBlocks:
            switch (ink(0, 0), ink(0, 1)) {
            case (false, false): return " "
            case (true, false): return "▀"
            case (false, true): return "▄"
            case (true, true): return "█"
            }
        }
    }
}
