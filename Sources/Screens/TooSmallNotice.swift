import Canvas

/// What a terminal too small for any layout shows instead of a broken screen.
struct TooSmallNotice {
    func draw(into frame: inout Frame) {
        let lines = ["Terminal too small", "need \(TerminalSize.minimum.width)×\(TerminalSize.minimum.height)", "q quits"]
        let top = max(0, (frame.height - lines.count) / 2)
        for (offset, line) in lines.enumerated() {
            let width = line.count
            frame.write(line, x: max(0, (frame.width - width) / 2), y: top + offset, style: CellStyle(bold: offset == 0))
        }
    }
}
