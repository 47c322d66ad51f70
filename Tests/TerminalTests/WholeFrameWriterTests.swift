import Foundation
import Testing
@testable import Terminal

/// A frame is gathered while it is drawn and reaches the terminal at once:
/// here the terminal is a pipe, whose read end sees nothing until the frame
/// is whole, then every byte in the order written.
@Suite struct WholeFrameWriterTests {
    private final class Pipe {
        let readEnd: Int32, writeEnd: Int32
        init() throws {
            var ends: [Int32] = [0, 0]
            try #require(pipe(&ends) == 0)
            readEnd = ends[0]
            writeEnd = ends[1]
        }

        deinit {
            close(readEnd)
            close(writeEnd)
        }

        var hasBytes: Bool {
            var descriptor = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            return poll(&descriptor, 1, 0) == 1
        }

        func write(_ text: String) {
            WholeFrameWriter.writeAll(Array(text.utf8)[...], to: writeEnd)
        }

        func readAll() -> String {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(readEnd, &buffer, buffer.count)
            return String(decoding: buffer[..<max(0, count)], as: UTF8.self)
        }
    }

    @Test func nothingReachesTheTerminalUntilTheFrameIsWhole() throws {
        let terminal = try Pipe()
        let writer = WholeFrameWriter(output: terminal.writeEnd)
        var seenMidFrame = true
        writer.frame {
            terminal.write("\u{1B}[1;1Hcells")
            terminal.write("\u{1B}[?25l")
            seenMidFrame = terminal.hasBytes
            terminal.write("\u{1B}#6image")
        }
        #expect(!seenMidFrame)
        #expect(terminal.readAll() == "\u{1B}[1;1Hcells\u{1B}[?25l\u{1B}#6image")
        // The descriptor is the terminal again after the frame, and the next frame starts empty.
        terminal.write("raw")
        #expect(terminal.readAll() == "raw")
        writer.frame { terminal.write("next") }
        #expect(terminal.readAll() == "next")
    }

    @Test func aTerminalThatSynchronizesGetsEachFrameMarked() throws {
        let terminal = try Pipe()
        let writer = WholeFrameWriter(output: terminal.writeEnd)
        writer.synchronizes = true
        writer.frame { terminal.write("cells") }
        #expect(terminal.readAll() == "\u{1B}[?2026hcells\u{1B}[?2026l")
        // A frame that changes nothing writes nothing, not even the marks.
        writer.frame {}
        #expect(!terminal.hasBytes)
    }
}
