import Canvas
import Testing

@testable import Terminal

@Suite struct ColorPaletteTests {
    private let black = (red: 0, green: 0, blue: 0)
    private let white = (red: 255, green: 255, blue: 255)

    @Test(arguments: ColorPalette.roles.filter { ColorPalette.extended($0) >= 0 })
    func everyColourReadsOnDarkAndLightBackgrounds(role: ColorRole) throws {
        let colour = try #require(ColorPalette.rgb(ofExtended: Int(ColorPalette.extended(role))))
        #expect(ColorPalette.contrast(colour, black) >= 3, "\(role) on black")
        #expect(ColorPalette.contrast(colour, white) >= 3, "\(role) on white")
    }

    @Test func basicYellowIsWhyTheExtendedPaletteExists() throws {
        // xterm's yellow3 (#cdcd00), what COLOR_YELLOW usually looks like.
        #expect(ColorPalette.contrast((205, 205, 0), white) < 2)
    }

    @Test func theTerminalsColourCountChoosesThePalette() {
        #expect(ColorPalette(colorCount: 8).foreground(.warning) == 3)
        #expect(ColorPalette(colorCount: 256).foreground(.warning) == 136)
        #expect(ColorPalette(colorCount: 256).foreground(.normal) == -1)
        #expect(ColorPalette(colorCount: 8).foreground(.secondary) == -1)
    }

    @Test func everyRoleButNormalHasItsOwnPair() {
        let pairs = ColorRole.allCases.map(ColorPalette.pair(for:))
        #expect(ColorPalette.pair(for: .normal) == 0)
        #expect(Set(pairs).count == ColorRole.allCases.count)
    }

    @Test func xtermCubeAndGreyRamp() throws {
        #expect(try #require(ColorPalette.rgb(ofExtended: 16)) == (0, 0, 0))
        #expect(try #require(ColorPalette.rgb(ofExtended: 136)) == (175, 135, 0))
        #expect(try #require(ColorPalette.rgb(ofExtended: 231)) == (255, 255, 255))
        #expect(try #require(ColorPalette.rgb(ofExtended: 232)) == (8, 8, 8))
        #expect(ColorPalette.rgb(ofExtended: 3) == nil)
    }

    @Test func contrastRunsFromOneToTwentyOne() {
        #expect(abs(ColorPalette.contrast(black, white) - 21) < 0.01)
        #expect(ColorPalette.contrast(white, white) == 1)
    }
}
