import Canvas
import Foundation
import Input
import Terminal
import TestSupport
import Testing

/// The seam's escapes go through the backend with the cells: a headless
/// terminal sees the same bytes the real one writes.
@Suite struct HeadlessTerminalTests {
    @Test func linksAndClipboardAreWrittenThroughTheBackend() throws {
        let terminal = HeadlessTerminal(size: Size(width: 10, height: 2), script: [])
        terminal.start()
        var frame = Frame(width: 10, height: 2)
        _ = frame.put([Grapheme("0", columns: 1), Grapheme("2", columns: 1)], x: 1, y: 1, style: CellStyle(link: "tel:02"))
        terminal.draw(frame)
        terminal.copyToClipboard("call\u{1B}[2J 02\n")
        terminal.stop()
        let escapes = terminal.escapes
        #expect(escapes.first == "\u{1B}[?2004h" && escapes.last == "\u{1B}[?2004l", "bracketed paste on at start, off at stop")
        #expect(escapes.contains { $0.contains("\u{1B}]8;;tel:02\u{1B}\\02") }, "the link over its cells")
        let clipboard = try #require(escapes.first { $0.hasPrefix("\u{1B}]52;c;") })
        let payload = try #require(Data(base64Encoded: String(clipboard.dropFirst(7).dropLast())))
        let copied = String(decoding: payload, as: UTF8.self)
        #expect(!copied.unicodeScalars.contains { $0.value == 0x1B }, "no control character reaches the clipboard: \(copied.debugDescription)")
        #expect(copied.contains("02"))
        #expect(terminal.screen[1, 1].grapheme == "0" && terminal.frames == [frame])
    }

    @Test func aScriptIsReplayedThenTheTerminalHangsUp() {
        let terminal = HeadlessTerminal(size: Size(width: 10, height: 2), script: HeadlessTerminal.keys(.down)
            + [.event(.resized(Size(width: 20, height: 4))), .until("a frame", { _ in true })])
        #expect(terminal.hasPendingInput())
        #expect(terminal.nextEvent(timeoutMilliseconds: 0) == .key(.down))
        #expect(terminal.nextEvent(timeoutMilliseconds: 0) == .resized(Size(width: 20, height: 4)))
        #expect(terminal.size == Size(width: 20, height: 4))
        terminal.draw(Frame(width: 20, height: 4))
        #expect(terminal.nextEvent(timeoutMilliseconds: 0) == .hungUp && terminal.hasHungUp && terminal.unmet.isEmpty)
    }
}
