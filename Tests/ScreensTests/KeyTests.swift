import Testing
@testable import Screens

@Suite struct KeyTests {
    @Test func keysCompareByValue() {
        #expect(Key.character("+") == Key.character("+"))
        #expect(Key.wheel(3) != Key.wheel(-3))
    }
}
