import Canvas

/// What a terminal too small for any layout shows instead of a broken screen.
struct TooSmallNotice {
    /// Smaller than this and no screen can show anything useful.
    static let minimum = Size(width: 20, height: 6)

    static func isNeeded(at size: Size) -> Bool { size.width < minimum.width || size.height < minimum.height }

    func draw(into frame: inout Frame) {
        // The short form for a terminal too narrow for the long one.
        let headline = frame.width >= 18 ? "Terminal too small" : "Too small"
        let lines = [headline, "need \(Self.minimum.width)×\(Self.minimum.height)", "q quits"]
        let top = max(0, (frame.height - lines.count) / 2)
        for (offset, line) in lines.enumerated() {
            let width = line.count
            frame.write(line, x: max(0, (frame.width - width) / 2), y: top + offset, style: CellStyle(bold: offset == 0))
        }
    }
}
