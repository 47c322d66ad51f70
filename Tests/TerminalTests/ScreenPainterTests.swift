import Canvas
import Model
import Screens
import Testing
import Typesetting

@testable import Terminal

/// What the painter writes through the backend seam: styles of real screens
/// and the diff between frames.
@Suite struct ScreenPainterTests {
    static let deliveries = InMemoryDeliveries([
        Delivery(id: "D1", name: "Feng Wong", address: Address(line1: "2450 Mission Street"), phone: "+1 415 555 0101", status: .outForDelivery),
        Delivery(id: "D2", name: "Amelia Hartley", address: Address(line1: "Flat 14, Kingfisher Court"), status: .failed),
        Delivery(id: "D3", name: "Jonas Berg", address: Address(line1: "Storgatan 5"), status: .delivered),
    ])

    static func state(category: ContentSizeCategory = .large, glyphs: GlyphMode = .native, size: Size = Size(width: 60, height: 16)) -> AppState {
        DisplayWidth.prepareLocale()
        return AppState(source: deliveries, size: size, category: category, typesetter: Typesetter(glyphs: glyphs))
    }

    static func painted(_ state: AppState) -> (ScreenPainter<TestBackend>, TestBackend) {
        let backend = TestBackend(size: state.size)
        let painter = ScreenPainter(backend: backend)
        painter.draw(state.render())
        return (painter, backend)
    }

    /// The row of the backend's screen whose text contains `text`, and the column where it starts.
    static func find(_ text: String, on screen: Frame) throws -> (x: Int, y: Int) {
        for (y, line) in screen.plainTextLines.enumerated() {
            if let range = line.range(of: text) {
                return (line.distance(from: line.startIndex, to: range.lowerBound), y)
            }
        }
        throw FindError.notFound(text)
    }

    enum FindError: Error { case notFound(String) }

    @Test func theSelectedRowIsReversedAndOthersAreNot() throws {
        let (_, backend) = Self.painted(Self.state())
        let selected = try Self.find("Feng Wong", on: backend.screen)
        let other = try Self.find("Amelia Hartley", on: backend.screen)
        #expect(backend.screen[selected.x, selected.y].style.reverse)
        #expect(backend.screen[selected.x, selected.y].style.bold)
        #expect(!backend.screen[other.x, other.y].style.reverse)
        #expect(backend.screen[0, selected.y].style.color == .tint)
    }

    @Test func statusBadgesAndTheStatusBarHaveTheirColours() throws {
        let (_, backend) = Self.painted(Self.state())
        let failed = try Self.find("Amelia Hartley", on: backend.screen)
        // The badge's solid cells are written as reverse-video spaces in the status colour.
        #expect(backend.screen[1, failed.y].style == CellStyle(bold: true, reverse: true, color: .danger))
        #expect(backend.screen.plainTextLines[failed.y + 1].contains("✗") || backend.screen.plainTextLines[failed.y].contains("✗"))
        let delivered = try Self.find("Jonas Berg", on: backend.screen)
        #expect(backend.screen[1, delivered.y].style.color == .success)
        let bar = backend.screen.height - 1
        #expect((0 ..< backend.screen.width).allSatisfy { backend.screen[$0, bar].style.reverse })
    }

    @Test func shipmentLabelsAreTinted() throws {
        var state = Self.state()
        _ = state.update(.key(.enter))
        let (_, backend) = Self.painted(state)
        let phone = try Self.find("Phone", on: backend.screen)
        #expect(backend.screen[phone.x, phone.y].style.color == .tint)
        let value = try Self.find("+1 415 555 0101", on: backend.screen)
        #expect(backend.screen[value.x, value.y].style.color == .normal)
    }

    @Test func onlyChangedCellsAreWritten() throws {
        var state = Self.state()
        let (painter, backend) = Self.painted(state)
        let frame = state.render()
        #expect(backend.written.count == (0 ..< frame.height).reduce(0) { sum, y in
            sum + (0 ..< frame.width).filter { !frame[$0, y].isContinuation }.count
        })
        backend.resetLog()
        painter.draw(frame)
        #expect(backend.written.isEmpty, "an unchanged frame writes nothing")
        #expect(backend.raw.isEmpty)

        _ = state.update(.key(.down))
        let next = state.render()
        painter.draw(next)
        var changed: Set<[Int]> = []
        for y in 0 ..< frame.height {
            for x in 0 ..< frame.width where frame[x, y] != next[x, y] && !next[x, y].isContinuation { changed.insert([x, y]) }
        }
        #expect(!changed.isEmpty)
        #expect(Set(backend.written.map { [$0.x, $0.y] }) == changed)
        #expect(backend.screen.cells == next.cells.map(\.asWritten), "the terminal holds the frame as written (solid cells as reverse spaces)")
    }

    /// In blocks mode a row whose half blocks change is written whole, so
    /// the italic blank right of each glyph is painted after it.
    @Test func aRowWhoseHalfBlocksChangeIsWrittenWhole() {
        var state = Self.state(category: .xxLarge, glyphs: .blocks, size: Size(width: 100, height: 30))
        let (painter, backend) = Self.painted(state)
        let frame = state.render()
        #expect(backend.written.contains { $0.cell.style.italic && $0.cell.grapheme == " " }, "blanks beside ▄ are italic")
        backend.resetLog()
        _ = state.update(.key(.down))
        let next = state.render()
        painter.draw(next)
        let rows = (0 ..< next.height).filter { next.changesHalfBlocks(from: frame, y: $0) }
        #expect(!rows.isEmpty)
        for y in rows {
            #expect(backend.invalidated.contains(y ..< y + 1), "row \(y) invalidated")
            #expect(Set(backend.written.filter { $0.y == y }.map(\.x)).count == (0 ..< next.width).filter { !next[$0, y].isContinuation }.count, "row \(y) written whole")
        }
        #expect(backend.screen.cells == (0 ..< next.height).flatMap { y in (0 ..< next.width).map { next.written(x: $0, y: y) } })
    }

    @Test func aTerminalThatKeepsInkInItsBorderGetsTheBarAsAReversedRightHalf() {
        let frame = Self.state().render()
        let bar = (0 ..< frame.height).filter { frame[0, $0].grapheme == "▌" }
        #expect(!bar.isEmpty)
        for keeps in [false, true] {
            let backend = TestBackend(size: Size(width: frame.width, height: frame.height))
            let painter = ScreenPainter(backend: backend)
            painter.keepsInkInBorder = keeps
            painter.draw(frame)
            for y in bar {
                let cell = backend.screen[0, y]
                #expect(cell.grapheme == (keeps ? "▐" : "▌") && cell.style.reverse == keeps, "row \(y): \(cell)")
                #expect(cell.style.color == frame[0, y].style.color)
            }
        }
        #expect(BorderInk.isKept(environment: [:], version: "mlterm(3.9.0)"))
        #expect(!BorderInk.isKept(environment: ["MLTERM": "3.9.0"], version: "XTerm(379)"), "an xterm started from mlterm")
        #expect(BorderInk.isKept(environment: ["TERM": "mlterm-256color"], version: nil))
        #expect(!BorderInk.isKept(environment: ["TERM": "xterm-256color"], version: nil))
    }

    @Test func doubledLinesAreWrittenRawAfterTheFlushAndNeverAsCells() throws {
        let state = Self.state(category: .accessibility2, glyphs: .doubled)
        let frame = state.render()
        let doubled = (0 ..< frame.height).filter { frame.lineAttributes[$0] != .normal }
        #expect(!doubled.isEmpty)
        let (_, backend) = Self.painted(state)
        #expect(!backend.written.contains { doubled.contains($0.y) })
        let raw = backend.raw.joined()
        for y in doubled {
            #expect(raw.contains(AnsiEncoder.moveTo(x: 0, y: y) + "\u{1B}[2K" + frame.lineAttributes[y].escapeSequence))
        }
    }

    @Test func aDoubledRowThatGoesBackToNormalIsResetAndRedrawnWhole() throws {
        var state = Self.state(category: .accessibility2, glyphs: .doubled)
        let (painter, backend) = Self.painted(state)
        let before = state.render()
        _ = state.update(.key(.character("0")))  // back to Large: every row plain
        let after = state.render()
        backend.resetLog()
        painter.draw(after)
        for y in 0 ..< before.height where before.lineAttributes[y] != .normal {
            #expect(backend.raw.first?.contains(AnsiEncoder.moveTo(x: 0, y: y) + "\u{1B}#5") == true, "row \(y) reset")
            #expect(backend.invalidated.contains(y ..< y + 1))
            let written = Set(backend.written.filter { $0.y == y }.map(\.x))
            let cells = Set((0 ..< after.width).filter { !after[$0, y].isContinuation })
            #expect(written == cells, "row \(y) redrawn whole")
        }
        #expect(backend.screen.cells == after.cells.map(\.asWritten))
    }

    @Test func scaledRunsKeepTheirCellsOutOfTheGridAndAreRewrittenWhenTouched() throws {
        var state = Self.state(category: .accessibility1, glyphs: .scaled)
        let (painter, backend) = Self.painted(state)
        let frame = state.render()
        #expect(!frame.scaledRuns.isEmpty)
        for run in frame.scaledRuns {
            #expect(!backend.written.contains { run.covers(x: $0.x, y: $0.y) })
            #expect(backend.raw.last?.contains(AnsiEncoder().scaledRun(run, in: frame)) == true)
        }
        backend.resetLog()
        _ = state.update(.key(.down))
        let next = state.render()
        painter.draw(next)
        // The selection moved: both rows' runs change style and are written again.
        let rewritten = next.scaledRuns.filter { backend.raw.joined().contains(AnsiEncoder().scaledRun($0, in: next)) }
        #expect(rewritten.count >= 2)
    }

    @Test func theGlyphModeShowsInTheHelpAndAfterAPlus() throws {
        var state = Self.state(glyphs: .doubled, size: Size(width: 100, height: 40))
        #expect(!state.render().plainText.contains("glyphs:"))
        _ = state.update(.key(.character("+")))
        #expect(state.render().plainTextLines.last?.contains("glyphs: doubled") == true)
        _ = state.update(.key(.character("-")))
        _ = state.update(.key(.character("?")))
        #expect(state.render().plainText.contains("glyphs: doubled"))
    }

    /// At the sizes the ladder doubles, the help is doubled like the list:
    /// arrows and ⌫ spelt out (a doubled line cannot hold them), its frame
    /// drawn at the cells' edges, nothing of the list left beside it, and no
    /// double-height line cut in half at the box's edge.
    @Test(arguments: [ContentSizeCategory.xLarge, .xxLarge], [80, 100, 101])
    func theHelpIsDoubledLikeTheList(category: ContentSizeCategory, width: Int) throws {
        var state = Self.state(category: category, glyphs: .doubled, size: Size(width: width, height: 30))
        #expect(state.render().lineAttributes.contains { $0 != .normal }, "the list has doubled rows")
        _ = state.update(.key(.character("?")))
        let frame = state.render()
        let box = try Self.find("Keys", on: frame)
        #expect(frame.lineAttributes[box.y] == .normal, "the box's top is a plain row")
        let doubled = (0 ..< frame.height).filter { frame.lineAttributes[$0] != .normal }
        #expect(!doubled.isEmpty, "the entries are doubled")
        for y in doubled {
            let text = (0 ..< frame.width).map { frame[$0, y].grapheme }.joined()
            #expect(!text.contains { "↑↓←→⌫".contains($0) }, "row \(y): \(text)")
            #expect(frame[0, y].grapheme == " " && frame[1, y].grapheme == " ", "the margin beside the box at row \(y)")
            // Each half has its other half beside it.
            if frame.lineAttributes[y] == .doubleTop { #expect(frame.lineAttributes[y + 1] == .doubleBottom, "row \(y)") }
            if frame.lineAttributes[y] == .doubleBottom { #expect(frame.lineAttributes[y - 1] == .doubleTop, "row \(y)") }
        }
        // A doubled row holds its text in every other cell.
        let shown = doubled.map { y in stride(from: 0, to: frame.width, by: 2).map { frame[$0, y].grapheme }.joined() }
        #expect(shown.contains { $0.contains("Up Down") })
        #expect(shown.contains { $0.contains("Ctrl-D Ctrl-U") }, "keys are not split: \(shown)")
        #expect(!shown.contains { $0.reversed().first { $0 != " " } == "-" }, "no line ends inside a chord: \(shown)")
        // The box's sides stand on pair edges: both at even/odd columns of one pair.
        let sides = (0 ..< frame.width).filter { frame[$0, box.y + 1].grapheme == "▏" || frame[$0, box.y + 1].grapheme == "▕" }
        #expect(sides.count == 2 && sides[0] % 2 == 0 && sides[1] % 2 == 1, "sides at \(sides)")
    }

    @Test func theHelpIsPlainWhereTheListIsNotDoubled() throws {
        var state = Self.state(category: .accessibility3, glyphs: .doubled, size: Size(width: 100, height: 40))
        _ = state.update(.key(.character("?")))
        let frame = state.render()
        #expect(try Self.find("Keys", on: frame).y == 1)
        #expect(frame.lineAttributes.allSatisfy { $0 == .normal }, "braille entries: no row is doubled")
    }
}

extension ScreenPainterTests {
    @Test func givingTheTerminalBackResetsTheDoubledLines() {
        let state = Self.state(category: .accessibility2, glyphs: .doubled)
        let (painter, backend) = Self.painted(state)
        let frame = state.render()
        backend.resetLog()
        painter.resetLines()
        let expected = (0 ..< frame.height).filter { frame.lineAttributes[$0] != .normal }
            .map { AnsiEncoder.moveTo(x: 0, y: $0) + "\u{1B}#5" }.joined()
        #expect(!expected.isEmpty)
        #expect(backend.raw == [expected])
    }
}
