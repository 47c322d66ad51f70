/// Sixel images found in a terminal's byte stream, decoded back into
/// pixels, with where the cursor put each: what tests of `--glyphs pixels`
/// measure (cap heights, colours, what was sent).
public struct SixelImage: Sendable, Equatable {
    /// The cell the cursor was moved to (CUP) before the image, from 0.
    public var column: Int
    public var row: Int
    public var width: Int
    public var height: Int
    /// `width × height` RGB colours (0…255 a channel), row-major; nil for a pixel left transparent.
    public var pixels: [[UInt8]?]

    public subscript(x: Int, y: Int) -> [UInt8]? { pixels[y * width + x] }

    /// How dark pixel (x, y) is (0 white … 255 black); 0 for a transparent one.
    public func darkness(x: Int, y: Int) -> Int {
        guard let rgb = self[x, y] else { return 0 }
        return 255 - (Int(rgb[0]) + Int(rgb[1]) + Int(rgb[2])) / 3
    }

    /// Every sixel image in `bytes`, in order.
    public static func all(in bytes: [UInt8]) -> [SixelImage] {
        var images: [SixelImage] = []
        var cursor = (column: 0, row: 0)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == 0x1B, index + 1 < bytes.count else { index += 1; continue }
            if bytes[index + 1] == UInt8(ascii: "[") {
                var end = index + 2
                while end < bytes.count, (0x30 ... 0x3F).contains(bytes[end]) { end += 1 }
                if end < bytes.count, bytes[end] == UInt8(ascii: "H") {
                    let numbers = String(decoding: bytes[(index + 2) ..< end], as: UTF8.self).split(separator: ";").compactMap { Int($0) }
                    cursor = (numbers.count > 1 ? numbers[1] - 1 : 0, numbers.first.map { $0 - 1 } ?? 0)
                }
                index = end + 1
            } else if bytes[index + 1] == UInt8(ascii: "P") {
                var end = index + 2
                while end + 1 < bytes.count, !(bytes[end] == 0x1B && bytes[end + 1] == UInt8(ascii: "\\")) { end += 1 }
                let body = Array(bytes[(index + 2) ..< min(end, bytes.count)])
                if let q = body.firstIndex(of: UInt8(ascii: "q")), body[..<q].allSatisfy({ (0x30 ... 0x3B).contains($0) }),
                   var image = decode(Array(body[(q + 1)...])) {
                    image.column = cursor.column
                    image.row = cursor.row
                    images.append(image)
                }
                index = end + 2
            } else {
                index += 1
            }
        }
        return images
    }

    /// One image's data after `q`: raster attributes, colours, bands.
    static func decode(_ data: [UInt8]) -> SixelImage? {
        var palette: [Int: [UInt8]] = [:]
        var declared: (width: Int, height: Int)?
        var painted: [Int: [UInt8]] = [:]  // y * 65536 + x
        var colour = 0, x = 0, band = 0, maxX = 0, maxY = 0
        var i = 0
        func number() -> Int {
            var value = 0
            while i < data.count, (48 ... 57).contains(data[i]) {
                value = value * 10 + Int(data[i] - 48)
                i += 1
            }
            return value
        }
        func numbers() -> [Int] {
            var out = [number()]
            while i < data.count, data[i] == UInt8(ascii: ";") {
                i += 1
                out.append(number())
            }
            return out
        }
        func paint(_ character: UInt8, times: Int) {
            guard (63 ... 126).contains(character) else { return }
            let bits = Int(character) - 63
            for _ in 0 ..< times {
                for bit in 0 ..< 6 where bits & (1 << bit) != 0 {
                    let y = band * 6 + bit
                    painted[y * 65536 + x] = palette[colour] ?? [0, 0, 0]
                    maxY = max(maxY, y + 1)
                }
                x += 1
                maxX = max(maxX, x)
            }
        }
        while i < data.count {
            let byte = data[i]
            switch byte {
            case UInt8(ascii: "\""):
                i += 1
                let values = numbers()
                if values.count == 4 { declared = (values[2], values[3]) }
            case UInt8(ascii: "#"):
                i += 1
                let values = numbers()
                if values.count == 5, values[1] == 2 {
                    palette[values[0]] = [2, 3, 4].map { UInt8((values[$0] * 255 + 50) / 100) }
                }
                colour = values[0]
            case UInt8(ascii: "!"):
                i += 1
                let count = number()
                if i < data.count {
                    paint(data[i], times: count)
                    i += 1
                }
            case UInt8(ascii: "$"):
                x = 0
                i += 1
            case UInt8(ascii: "-"):
                x = 0
                band += 1
                i += 1
            default:
                paint(byte, times: 1)
                i += 1
            }
        }
        let width = declared?.width ?? maxX, height = declared?.height ?? maxY
        guard width > 0, height > 0 else { return nil }
        var pixels = [[UInt8]?](repeating: nil, count: width * height)
        for (key, rgb) in painted {
            let y = key / 65536, px = key % 65536
            if y < height, px < width { pixels[y * width + px] = rgb }
        }
        return SixelImage(column: 0, row: 0, width: width, height: height, pixels: pixels)
    }

    /// The height in pixels of the first letter of the image's text (a
    /// capital with flat top and bottom bars: F, E), to a fraction of a
    /// pixel: its inked rows (any pixel darker than a quarter), the top and
    /// bottom ones counted by how dark their darkest pixel is, as
    /// antialiasing spreads an edge between two rows.
    public func firstGlyphInkHeight() -> Double {
        var start: Int?
        for x in 0 ..< width where (0 ..< height).contains(where: { darkness(x: x, y: $0) >= 128 }) {
            start = x
            break
        }
        guard var column = start else { return 0 }
        var rowDarkness = [Int](repeating: 0, count: height)
        // Back to where the letter's ink starts, then on to where it ends.
        while column > 0, (0 ..< height).contains(where: { darkness(x: column - 1, y: $0) >= 64 }) { column -= 1 }
        while column < width {
            let darks = (0 ..< height).map { darkness(x: column, y: $0) }
            if darks.allSatisfy({ $0 < 64 }) { break }
            for y in 0 ..< height { rowDarkness[y] = max(rowDarkness[y], darks[y]) }
            column += 1
        }
        return Self.fractionalHeight(rowDarkness)
    }

    /// Rows darker than a quarter, the first and last counted by their darkness (0…255).
    public static func fractionalHeight(_ rows: [Int]) -> Double {
        guard let top = rows.firstIndex(where: { $0 >= 64 }), let bottom = rows.lastIndex(where: { $0 >= 64 }) else { return 0 }
        guard bottom > top else { return Double(rows[top]) / 255 }
        return Double(bottom - top - 1) + Double(rows[top]) / 255 + Double(rows[bottom]) / 255
    }
}
