import Canvas
import Typesetting

/// The last line: where you are, the text size by name, and what keys do.
/// Parts are dropped from the right when the terminal is narrow, never the
/// text size.
struct StatusBar {
    var position: String
    var textSize: String
    /// Key hints, longest first; the longest that fits is shown.
    var hints: [String]

    func draw(into frame: inout Frame) {
        let y = frame.height - 1
        let style = CellStyle(reverse: true)
        frame.fill(x: 0, y: y, width: frame.width, height: 1, style: style)
        var x = 1
        x = frame.write(textSize, x: x, y: y, style: style) + 1
        if !position.isEmpty, x + 2 + DisplayWidth.columns(of: position) < frame.width {
            x = frame.write("· " + position, x: x, y: y, style: style) + 1
        }
        if let hint = hints.first(where: { x + 2 + DisplayWidth.columns(of: $0) < frame.width }) {
            frame.write("· " + hint, x: x, y: y, style: style)
        }
    }
}
