import Testing
@testable import Canvas

@Suite struct FrameTests {
    @Test func plainLinesAreExactlyTheFrameWidth() {
        var frame = Frame(width: 6, height: 2)
        frame.put([Grapheme("東", columns: 2), Grapheme("京", columns: 2), Grapheme("x", columns: 1)], x: 0, y: 0, style: .plain)
        #expect(frame.plainTextLines == ["東京x ", "      "])
    }

    @Test func wideGraphemeAtTheRightEdgeBecomesBlank() {
        var frame = Frame(width: 3, height: 1)
        frame.put([Grapheme("a", columns: 1), Grapheme("b", columns: 1), Grapheme("東", columns: 2)], x: 0, y: 0, style: .plain)
        #expect(frame.plainTextLines == ["ab "])
    }

    @Test func overwritingHalfAWideGraphemeClearsTheOtherHalf() {
        var frame = Frame(width: 4, height: 1)
        frame.put([Grapheme("東", columns: 2)], x: 0, y: 0, style: .plain)
        frame.put([Grapheme("x", columns: 1)], x: 1, y: 0, style: .plain)
        #expect(frame.plainTextLines == [" x  "])
        frame.put([Grapheme("東", columns: 2)], x: 2, y: 0, style: .plain)
        frame.put([Grapheme("y", columns: 1)], x: 2, y: 0, style: .plain)
        #expect(frame.plainTextLines == [" xy "])
    }
}

@Suite struct FrameClippingTests {
    @Test func fillAndRestyleWhollyOffTheFrameDoNothing() {
        var frame = Frame(width: 4, height: 2)
        frame.fill(x: 0, y: 5, width: 4, height: 1, style: CellStyle(bold: true))
        frame.restyle(x: 6, y: 0, width: 2, height: 2) { $0.bold = true }
        frame.restyle(x: 0, y: -4, width: 2, height: 2) { $0.bold = true }
        #expect(frame.plainTextLines == ["    ", "    "])
        #expect(!frame[0, 0].style.bold)
    }
}

/// Drawing into a `Rect` of the frame: nothing lands outside it.
@Suite struct FrameAreaTests {
    private func text(_ string: String) -> [Grapheme] { string.map { Grapheme(String($0), columns: 1) } }

    @Test func cellsOutsideTheAreaAreLeftAlone() {
        var frame = Frame(width: 6, height: 4)
        let area = Rect(x: 1, y: 1, width: 3, height: 2)
        frame.clipped(to: area) { frame in
            frame.put(text("abcdef"), x: 0, y: 0, style: .plain)  // above the area
            frame.put(text("abcdef"), x: 0, y: 1, style: .plain)  // starts left of it
            frame.fill(x: 0, y: 2, width: 6, height: 5, style: CellStyle(bold: true))
        }
        #expect(frame.plainTextLines == ["      ", " bcd  ", "      ", "      "])
        #expect((0 ..< 6).filter { frame[$0, 2].style.bold } == [1, 2, 3])
        #expect(!frame[1, 3].style.bold)
        #expect(frame.clip == frame.area, "the clip is the whole frame again afterwards")
    }

    @Test func aWideGraphemeOnTheAreasRightEdgeBecomesBlank() {
        var frame = Frame(width: 6, height: 1)
        frame.clipped(to: Rect(x: 0, y: 0, width: 3, height: 1)) { frame in
            frame.put(text("ab") + [Grapheme("東", columns: 2)], x: 0, y: 0, style: .plain)
        }
        #expect(frame.plainTextLines == ["ab    "])
    }

    @Test func lineAttributesAndScaledRunsStayInsideTheArea() {
        var frame = Frame(width: 8, height: 4)
        frame.clipped(to: Rect(x: 0, y: 1, width: 8, height: 2)) { frame in
            frame.setLineAttribute(.doubleTop, y: 0)
            frame.setLineAttribute(.doubleTop, y: 1)
            frame.addScaledRun(ScaledRun(x: 0, y: 2, columns: 4, graphemes: text("ab"), scale: .nearest(to: 2)))
            frame.addScaledRun(ScaledRun(x: 0, y: 1, columns: 4, graphemes: text("ab"), scale: .nearest(to: 2)))
        }
        #expect(frame.lineAttributes == [.normal, .doubleTop, .normal, .normal])
        #expect(frame.scaledRuns.map(\.y) == [1], "a run that would spill below the area is not added")
    }

    @Test func nestedAreasIntersect() {
        let outer = Rect(x: 0, y: 0, width: 4, height: 4)
        #expect(outer.intersection(Rect(x: 2, y: 3, width: 5, height: 5)) == Rect(x: 2, y: 3, width: 2, height: 1))
        #expect(outer.intersection(Rect(x: 9, y: 9, width: 1, height: 1)).width == 0)
        #expect(Size(parsing: "80x24") == Size(width: 80, height: 24))
        #expect(Size(parsing: "80x0") == nil)
        // Beyond any terminal, and beyond memory: refused rather than drawn.
        #expect(Size(parsing: "2000x1000") == Size(width: 2000, height: 1000))
        #expect(Size(parsing: "2001x24") == nil && Size(parsing: "80x1001") == nil && Size(parsing: "99999x99999") == nil)
    }
}
