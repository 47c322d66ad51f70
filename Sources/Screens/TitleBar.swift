import Canvas
import Typesetting

/// Line 0: the screen's title, like a navigation bar; always native text so it
/// stays put whatever the text size.
struct TitleBar {
    var leading: String
    var title: String?
    var trailing: String

    func draw(into frame: inout Frame) {
        frame.fill(x: 0, y: 0, width: frame.width, height: 1, style: CellStyle(underline: true))
        let style = CellStyle(underline: true)
        frame.write(leading, x: 1, y: 0, style: CellStyle(bold: title == nil, underline: true, color: title == nil ? .normal : .tint))
        if let title {
            let width = DisplayWidth.columns(of: title)
            frame.write(title, x: max(0, (frame.width - width) / 2), y: 0, style: CellStyle(bold: true, underline: true))
        }
        let trailingWidth = DisplayWidth.columns(of: trailing)
        if trailingWidth > 0, trailingWidth + 2 < frame.width {
            frame.write(trailing, x: frame.width - trailingWidth - 1, y: 0, style: style)
        }
    }
}
