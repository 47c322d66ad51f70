import Canvas
import CNcursesw

/// Maps a cell's style to curses attributes and a colour pair.
enum CursesAttributes {
    static func attributes(for style: CellStyle) -> attr_t {
        var attrs = ide_a_normal()
        if style.bold { attrs |= ide_a_bold() }
        if style.dim { attrs |= ide_a_dim() }
        if style.underline { attrs |= ide_a_underline() }
        if style.reverse { attrs |= ide_a_reverse() }
        if style.italic { attrs |= ide_a_italic() }
        return attrs
    }
}
