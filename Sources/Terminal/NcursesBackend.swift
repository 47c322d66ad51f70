import Canvas
import CNcursesw
import Foundation

/// The terminal through ncursesw's cell grid: `TerminalSession` starts
/// ncurses, this writes to it.
public final class NcursesBackend: TerminalBackend {
    /// Colour pairs are used only when the terminal has colours and NO_COLOR is unset.
    public var usesColor = false

    public init() {}

    public var size: Size { Size(width: Int(ide_cols()), height: Int(ide_lines())) }

    public func clear() { erase() }

    public func invalidateRows(_ rows: Range<Int>) {
        wredrawln(ide_stdscr(), Int32(rows.lowerBound), Int32(rows.count))
    }

    public func put(_ cell: Cell, x: Int, y: Int) {
        let wide = CellEmission.wideCharacters(of: cell.grapheme)
        let attrs = CursesAttributes.attributes(for: cell.style)
        let pair = ColorPalette.pair(for: cell.style.color)
        _ = wide.withUnsafeBufferPointer { buffer in
            ide_put_cluster(Int32(y), Int32(x), buffer.baseAddress, attrs, usesColor ? pair : 0)
        }
    }

    public func setCursor(_ position: (x: Int, y: Int)?, visible: Bool) {
        curs_set(visible ? 1 : 0)
        // Placed even when hidden: magnifiers and braille displays follow the cursor, shown or not.
        if let position { move(Int32(position.y), Int32(position.x)) }
    }

    public func flush() { refresh() }

    public func writeRaw(_ bytes: String) {
        // Put the cursor back where ncurses left it, so its next moves are right.
        let back = AnsiEncoder.moveTo(x: Int(ide_physical_cursor_x()), y: Int(ide_physical_cursor_y()))
        WholeFrameWriter.writeAll(Array((bytes + back).utf8)[...], to: 1)
    }
}
