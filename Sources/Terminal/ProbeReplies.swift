import Canvas

/// What a terminal answered to the glyph probe, parsed from raw bytes:
/// cursor position reports (`ESC [ row ; column R`), an XTVERSION name
/// (`ESC P > | name ESC \`), the primary device attributes (`ESC [ ? 63 ;
/// 4 … c`: 4 is sixel), kitty's graphics reply (`ESC _ G i=31;OK ESC \`),
/// the cell and window sizes in pixels (`ESC [ 6 ; h ; w t`, `ESC [ 4 ; h ;
/// w t`), XTSMGRAPHICS's colour registers and largest sixel image (`ESC [ ?
/// 1 ; 0 ; n S`, `ESC [ ? 2 ; 0 ; w ; h S`), the default colours (OSC 10
/// and 11), synchronized output (`ESC [ ? 2026 ; 2 $ y`) and whether the
/// closing status report (`ESC [ 0 n`) came, after which nothing more is due.
public struct ProbeReplies: Sendable, Hashable {
    /// Columns of the cursor position reports, in order.
    public var cursorColumns: [Int] = []
    public var version: String?
    public var isComplete = false
    /// The primary device attributes' parameters, when the terminal answered them.
    public var deviceAttributes: [Int]?
    /// True when the terminal answered kitty's graphics query with OK.
    public var kittyGraphics = false
    /// The cell size in pixels (`ESC [ 16 t`).
    public var cellPixels: CellPixelSize?
    /// The text area in pixels (`ESC [ 14 t`), width then height.
    public var windowPixels: Size?
    /// Sixel colour registers (XTSMGRAPHICS item 1).
    public var colorRegisters: Int?
    /// The largest sixel image in pixels (XTSMGRAPHICS item 2).
    public var sixelGeometry: Size?
    /// The default text and background colours (OSC 10, OSC 11).
    public var foreground: RGBColor?
    public var background: RGBColor?
    /// The terminal knows synchronized output (DECRPM for mode 2026 answered 1 or 2).
    public var synchronizesOutput = false

    public init(
        cursorColumns: [Int] = [], version: String? = nil, isComplete: Bool = false, deviceAttributes: [Int]? = nil,
        kittyGraphics: Bool = false, cellPixels: CellPixelSize? = nil
    ) {
        self.cursorColumns = cursorColumns
        self.version = version
        self.isComplete = isComplete
        self.deviceAttributes = deviceAttributes
        self.kittyGraphics = kittyGraphics
        self.cellPixels = cellPixels
    }

    /// True when the device attributes include 4: the terminal draws sixel.
    public var drawsSixel: Bool { deviceAttributes?.contains(4) == true }

    public init(parsing bytes: [UInt8]) {
        var index = 0
        func at(_ i: Int) -> UInt8? { i < bytes.count ? bytes[i] : nil }
        /// The end of a string started at `start` (ST or BEL), as (body end, next index).
        func stringEnd(from start: Int) -> (Int, Int)? {
            var end = start
            while end < bytes.count {
                if bytes[end] == 0x07 { return (end, end + 1) }
                if bytes[end] == 0x1B, end + 1 < bytes.count, bytes[end + 1] == UInt8(ascii: "\\") { return (end, end + 2) }
                if bytes[end] == 0x1B, end + 1 >= bytes.count { return nil }
                end += 1
            }
            return nil
        }
        while index < bytes.count {
            guard bytes[index] == 0x1B else { index += 1; continue }
            if at(index + 1) == UInt8(ascii: "[") {
                // CSI: parameters then a final byte.
                var end = index + 2
                while let byte = at(end), (0x30 ... 0x3F).contains(byte) { end += 1 }
                let parametersEnd = end
                // Intermediate bytes (DECRPM's `$`).
                while let byte = at(end), (0x20 ... 0x2F).contains(byte) { end += 1 }
                guard let final = at(end) else { break }
                let parameters = String(decoding: bytes[(index + 2) ..< parametersEnd], as: UTF8.self)
                let intermediates = String(decoding: bytes[parametersEnd ..< end], as: UTF8.self)
                let numbers = parameters.drop(while: { $0 == "?" }).split(separator: ";").map { Int($0) ?? -1 }
                switch final {
                case UInt8(ascii: "R"):
                    let parts = parameters.split(separator: ";")
                    if parts.count == 2, let column = Int(parts[1]) { cursorColumns.append(column) }
                case UInt8(ascii: "y") where intermediates == "$" && parameters.hasPrefix("?") && numbers.count == 2 && numbers[0] == 2026:
                    // 1: set, 2: reset; 0 (unknown) and 4 (permanently reset) mean no.
                    synchronizesOutput = numbers[1] == 1 || numbers[1] == 2
                case UInt8(ascii: "n") where parameters == "0":
                    isComplete = true
                case UInt8(ascii: "c") where parameters.hasPrefix("?"):
                    deviceAttributes = numbers
                case UInt8(ascii: "t") where numbers.count == 3:
                    if numbers[0] == 6 { cellPixels = CellPixelSize(parsing: "\(numbers[2])x\(numbers[1])") }
                    if numbers[0] == 4, numbers[1] > 0, numbers[2] > 0 { windowPixels = Size(width: numbers[2], height: numbers[1]) }
                case UInt8(ascii: "S") where parameters.hasPrefix("?") && numbers.count >= 3 && numbers[1] == 0:
                    if numbers[0] == 1 { colorRegisters = numbers[2] }
                    if numbers[0] == 2, numbers.count == 4 { sixelGeometry = Size(width: numbers[2], height: numbers[3]) }
                default:
                    break
                }
                index = end + 1
            } else if at(index + 1) == UInt8(ascii: "P") {
                // DCS up to ST (ESC \).
                guard let (end, next) = stringEnd(from: index + 2) else { break }
                let body = String(decoding: bytes[(index + 2) ..< end], as: UTF8.self)
                if body.hasPrefix(">|") { version = String(body.dropFirst(2)) }
                index = next
            } else if at(index + 1) == UInt8(ascii: "_") {
                // APC: kitty's graphics reply.
                guard let (end, next) = stringEnd(from: index + 2) else { break }
                let body = String(decoding: bytes[(index + 2) ..< end], as: UTF8.self)
                if body.hasPrefix("G"), body.hasSuffix(";OK") { kittyGraphics = true }
                index = next
            } else if at(index + 1) == UInt8(ascii: "]") {
                // OSC: the default colours.
                guard let (end, next) = stringEnd(from: index + 2) else { break }
                let body = String(decoding: bytes[(index + 2) ..< end], as: UTF8.self)
                if body.hasPrefix("10;") { foreground = RGBColor(x11: String(body.dropFirst(3))) }
                if body.hasPrefix("11;") { background = RGBColor(x11: String(body.dropFirst(3))) }
                index = next
            } else {
                index += 1
            }
        }
    }
}
