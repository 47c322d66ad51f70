/// DEC sixel: an image as six-pixel bands of one character per column and
/// colour (`?` + the band's bits), run-length coded (`!n`), after the
/// colours it uses (`#i;2;r;g;b`, in percent).
///
/// Every pixel of the image is given a colour, and the bits past its last
/// row are left out with background select 1 (transparent), so the band
/// that straddles its bottom edge paints nothing below it: an image of
/// whole cells covers exactly its cells.
enum SixelEncoder {
    /// `indices` (`width × height` palette indices, row-major) as one sixel
    /// sequence, from `ESC P` to `ESC \`. Only the colours used are defined.
    static func encode(indices: [UInt8], width: Int, height: Int, palette: [RGBColor]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(width * height / 4 + 64)
        out += Array("\u{1B}P0;1;0q\"1;1;\(width);\(height)".utf8)
        var used = [Bool](repeating: false, count: 256)
        for index in indices { used[Int(index)] = true }
        for (number, color) in palette.enumerated() where used[number] {
            func percent(_ value: UInt8) -> Int { (Int(value) * 100 + 127) / 255 }
            out += Array("#\(number);2;\(percent(color.red));\(percent(color.green));\(percent(color.blue))".utf8)
        }
        var bits = [UInt8](repeating: 0, count: 256 * width)
        var present = [Bool](repeating: false, count: 256)
        var colours: [Int] = []
        indices.withUnsafeBufferPointer { pixels in
            bits.withUnsafeMutableBufferPointer { bits in
                var top = 0
                while top < height {
                    let bandRows = min(6, height - top)
                    colours.removeAll(keepingCapacity: true)
                    for row in 0 ..< bandRows {
                        let bit = UInt8(1 << row)
                        let line = (top + row) * width
                        for x in 0 ..< width {
                            let colour = Int(pixels[line + x])
                            if !present[colour] {
                                present[colour] = true
                                colours.append(colour)
                            }
                            bits[colour * width + x] |= bit
                        }
                    }
                    for (n, colour) in colours.enumerated() {
                        if n > 0 { out.append(UInt8(ascii: "$")) }
                        appendNumber(&out, prefix: UInt8(ascii: "#"), colour)
                        let base = colour * width
                        var last = width - 1
                        while last >= 0, bits[base + last] == 0 { last -= 1 }
                        var x = 0
                        while x <= last {
                            let value = bits[base + x]
                            var run = 1
                            while x + run <= last, bits[base + x + run] == value { run += 1 }
                            let character = value + 63
                            if run > 3 {
                                appendNumber(&out, prefix: UInt8(ascii: "!"), run)
                                out.append(character)
                            } else {
                                for _ in 0 ..< run { out.append(character) }
                            }
                            x += run
                        }
                        for x in 0 ..< width { bits[base + x] = 0 }
                        present[colour] = false
                    }
                    out.append(UInt8(ascii: "-"))
                    top += 6
                }
            }
        }
        out += [0x1B, UInt8(ascii: "\\")]
        return out
    }

    private static func appendNumber(_ out: inout [UInt8], prefix: UInt8, _ value: Int) {
        out.append(prefix)
        if value >= 1000 {
            out += Array(String(value).utf8)
            return
        }
        if value >= 100 { out.append(UInt8(48 + value / 100)) }
        if value >= 10 { out.append(UInt8(48 + value / 10 % 10)) }
        out.append(UInt8(48 + value % 10))
    }
}
