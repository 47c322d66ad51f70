import Canvas
import Testing
import Typesetting
@testable import Screens

/// `+` and `-` keep the selected delivery's first line on the screen line it
/// was on whenever the row fits below it; where it does not, it moves up just
/// enough to be seen whole, and a run of `+` then `-` brings it back.
@Suite struct SizeKeysTests {
    private func line(_ state: AppState) -> Int? { state.layout.screenLine(ofRow: state.selected) }

    @Test(arguments: [GlyphMode.automatic, .blocks, .native])
    func theSelectedRowKeepsItsLineWheneverItFits(glyphs: GlyphMode) throws {
        var state = SampleData.state(width: 100, height: 30, glyphs: glyphs)
        state.press(.character("3"), .character("j"))
        let start = try #require(line(state))
        #expect(start == 12)
        var lines: [Int] = []
        for _ in 0 ..< 4 {
            state.press(.character("+"))
            let current = try #require(line(state), "the selected row stays on screen")
            let height = state.layout.height(ofRow: state.selected)
            #expect(current == max(0, min(start, state.layout.viewportHeight - height)), "\(state.category.name): \(current)")
            lines.append(current)
        }
        for _ in 0 ..< 4 { state.press(.character("-")) }
        #expect(state.category == .large)
        #expect(line(state) == start, "back at Large, back on its line (went \(lines))")
    }

    @Test func anotherKeyEndsTheRun() throws {
        var state = SampleData.state(width: 100, height: 30)
        state.press(.character("3"), .character("j"), .character("+"), .character("+"), .character("+"))
        let moved = try #require(line(state))
        // A move starts a new run from where the row is now.
        state.press(.character("k"), .character("j"))
        let now = try #require(line(state))
        state.press(.character("-"), .character("-"), .character("-"))
        #expect(line(state) == now)
        #expect(moved <= 12)
    }

    @Test func zeroGoesBackToLargeOnTheSameLine() throws {
        var state = SampleData.state(width: 100, height: 30)
        state.press(.character("4"), .character("j"))
        let start = try #require(line(state))
        state.press(.character("+"), .character("+"), .character("0"))
        #expect(state.category == .large)
        #expect(line(state) == start)
    }
}
