import Testing
@testable import Canvas

@Suite struct CellTests {
    /// Solid cells are written as reverse-video spaces, so no font can leave
    /// a seam between rows; everything else is written as it is.
    @Test func aFullBlockIsWrittenAsAReverseSpace() {
        let tile = Cell("█", style: CellStyle(bold: true, color: .success))
        #expect(tile.asWritten == Cell(" ", style: CellStyle(bold: true, reverse: true, color: .success)))
        // Inside a reversed selection a block shows as the background: a plain space.
        let selected = Cell("█", style: CellStyle(reverse: true))
        #expect(selected.asWritten == Cell(" ", style: .plain))
        // An upper half block is the lower one reversed: the ink at the top is the terminal's background.
        #expect(Cell("▀", style: CellStyle(color: .tint)).asWritten == Cell("▄", style: CellStyle(reverse: true, color: .tint)))
        #expect(Cell("▀", style: CellStyle(reverse: true)).asWritten == Cell("▄", style: .plain))
        for other in ["▄", "⣿", "a", " "] {
            #expect(Cell(other, style: .plain).asWritten == Cell(other, style: .plain))
        }
    }
}
