import CNcursesw
import Input
import Testing

@testable import Terminal

@Suite struct KeyDecoderTests {
    @Test func cursorAndPageKeys() {
        #expect(KeyDecoder.functionKey(KEY_UP) == .up)
        #expect(KeyDecoder.functionKey(KEY_DOWN) == .down)
        #expect(KeyDecoder.functionKey(KEY_LEFT) == .left)
        #expect(KeyDecoder.functionKey(KEY_NPAGE) == .pageDown)
        #expect(KeyDecoder.functionKey(KEY_PPAGE) == .pageUp)
        #expect(KeyDecoder.functionKey(KEY_HOME) == .home)
        #expect(KeyDecoder.functionKey(KEY_END) == .end)
        #expect(KeyDecoder.functionKey(KEY_F0 + 5) == nil)
    }

    @Test func controlCharactersBecomeKeysOrNothing() {
        #expect(KeyDecoder.character(3) == .controlC)
        #expect(KeyDecoder.character(13) == .enter)
        #expect(KeyDecoder.character(10) == .enter)
        #expect(KeyDecoder.character(127) == .backspace)
        #expect(KeyDecoder.character(27) == .escape)
        #expect(KeyDecoder.character(4) == .control("d"))
        #expect(KeyDecoder.character(21) == .control("u"))
        #expect(KeyDecoder.character(6) == .control("f"))
        #expect(KeyDecoder.character(2) == .control("b"))
        #expect(KeyDecoder.character(12) == .control("l"))
        #expect(KeyDecoder.character(0) == nil)
        #expect(KeyDecoder.character(28) == nil)
    }

    @Test func printableCharactersIncludingNonASCII() {
        #expect(KeyDecoder.character(UInt32(("+" as Unicode.Scalar).value)) == .character("+"))
        #expect(KeyDecoder.character(0x00E9) == .character("é"))
        #expect(KeyDecoder.character(0xD800) == nil, "a lone surrogate is not a character")
    }
}
