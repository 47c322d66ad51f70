import Testing
@testable import Typesetting

@Suite struct NativeWrappingTests {
    let typesetter = Typesetter(glyphs: .native)

    func lines(_ text: String, width: Int, lineLimit: Int? = nil) -> [String] {
        typesetter.typeset(text, style: .body, category: .large, width: width, lineLimit: lineLimit).lines.map(\.text)
    }

    @Test func latinBreaksAtSpacesAndAfterHyphens() {
        #expect(lines("1 Infinite Loop, Cupertino", width: 16) == ["1 Infinite Loop,", "Cupertino"])
        #expect(lines("well-known place", width: 8) == ["well-", "known", "place"])
    }

    @Test func cjkBreaksBetweenIdeographs() {
        #expect(lines("北京市朝阳区", width: 6) == ["北京市", "朝阳区"])
        #expect(lines("北京市，朝阳区", width: 8) == ["北京市，", "朝阳区"])
    }

    @Test func aWordLongerThanTheLineBreaksBetweenGraphemes() {
        #expect(lines("Zoe\u{308}Zoe\u{308}Zoe\u{308}", width: 4) == ["Zoe\u{308}Z", "oe\u{308}Zo", "e\u{308}"])
    }

    @Test func truncationEndsInAnEllipsis() {
        #expect(lines("one two three four", width: 9, lineLimit: 1) == ["one two…"])
        #expect(lines("one two three four", width: 8, lineLimit: 2) == ["one two", "three…"])
        #expect(lines("short", width: 8, lineLimit: 1) == ["short"])
    }

    @Test func emptyTextIsOneEmptyLine() {
        #expect(lines("", width: 10) == [""])
        #expect(typesetter.height(of: "", style: .body, category: .large, width: 10) == 1)
    }
}
