import Canvas
import Foundation
import Input
import Model
import Runtime
import Screens
import Terminal
import TestSupport
import Typesetting
import Testing

/// The browse loop driven through the terminal seam: key scripts in, frames,
/// escapes and effects on the store out, with no pty and no tmux.
@Suite struct BrowseRuntimeTests {
    @Test func openingAShipmentAndGoingBack() throws {
        let fixture = try RuntimeFixture()
        let run = try fixture.run([
            .shows("Feng Wong"), .key(.down), .key(.enter), .shows("ADDRESS"), .key(.escape), .hides("ADDRESS"), .character("q"),
        ])
        #expect(run.ending == .quit)
        #expect(run.terminal.unmet.isEmpty, "\(run.terminal.unmet)")
        let shipment = try #require(run.terminal.frames.first { $0.plainText.contains("ADDRESS") })
        #expect(shipment.plainText.contains("Amelia Hartley") && shipment.plainText.contains("DLV-0002"))
        #expect(run.lastFrame.contains("Feng Wong") && run.lastFrame.contains("Deliveries"))
        // The headless screen holds what the painter wrote: the last frame, cell for cell.
        let last = try #require(run.terminal.frames.last)
        #expect(last.differences(from: run.terminal.screen) == [])
    }

    @Test func markingAndUndoingAreSavedToTheStore() throws {
        let fixture = try RuntimeFixture()
        let marked = try fixture.run([.key(.down), .key(.enter), .character("d"), .shows("Status  Delivered"), .character("q")])
        #expect(marked.ending == .quit)
        #expect(marked.terminal.unmet.isEmpty, "\(marked.terminal.unmet)")
        #expect(try fixture.store.delivery(id: "DLV-0002")?.status == .delivered)
        // The next start undoes it: the change is the store's, not the loop's.
        let undone = try fixture.run([
            .key(.down), .key(.enter), .shows("Status  Delivered"), .character("u"), .shows("Status  Pending"), .character("q"),
        ])
        #expect(undone.terminal.unmet.isEmpty, "\(undone.terminal.unmet)")
        #expect(try fixture.store.delivery(id: "DLV-0002")?.status == .pending)
    }

    @Test func aSearchShowsOnlyWhatMatches() throws {
        let fixture = try RuntimeFixture()
        let typed: [HeadlessTerminal.Step] = [.character("/")] + HeadlessTerminal.typing("hartley")
        let onlyHartley = HeadlessTerminal.Step.until("only Amelia Hartley listed") { frame in
            frame.plainText.contains("Amelia Hartley") && !frame.plainText.contains("Feng Wong")
        }
        // The first Enter ends the search field, the second opens the one match.
        let run = try fixture.run(typed + [onlyHartley, .key(.enter), .key(.enter), .shows("ADDRESS"), .key(.controlC)])
        #expect(run.ending == .signal(2), "Ctrl-C ends the loop as SIGINT would")
        #expect(run.terminal.unmet.isEmpty, "\(run.terminal.unmet)")
        #expect(run.lastFrame.contains("DLV-0002"), "Enter opens the one match")
    }

    @Test func biggerTextIsDrawnAndSaved() throws {
        let fixture = try RuntimeFixture()
        let run = try fixture.run([.shows("Text size: Large"), .character("+"), .shows("Text size: xLarge"), .character("q")])
        #expect(run.terminal.unmet.isEmpty, "\(run.terminal.unmet)")
        #expect(run.state.category == .xLarge)
        #expect(run.savedSizes.last == .xLarge)
    }

    @Test func sizeKeysBackToBackEndAsAFreshStartAtTheLastSizeWouldShow() throws {
        let fixture = try RuntimeFixture()
        let rows = try BrowseRuntime.rows(for: SearchRequest(query: "", status: .all), in: fixture.store)
        // Every row measured (a short list): at a fresh start, before the loop; at the run's time, with its counts.
        var start = AppState(source: rows, size: Size(width: 80, height: 24), category: .accessibility1, typesetter: Typesetter())
        _ = start.update(.clock(TimeOfDay(parsingClock: "12:30")))
        _ = start.update(.counted(query: "", try fixture.store.statusCounts(matching: "")))
        let fresh = start.render()
        // The list and its scrollbar; the status bar says which glyphs, which a fresh start does not.
        let list = { (frame: Frame) in Array(frame.plainTextLines.dropLast()) }
        let run = try fixture.run([
            .shows("Feng Wong"), .character("+"), .character("+"), .character("+"), .character("+"), .character("+"), .character("-"),
            .until("the list as a fresh start at AX1 shows it") { list($0) == list(fresh) }, .character("q"),
        ])
        #expect(run.terminal.unmet.isEmpty, "\(run.terminal.unmet)")
        #expect(run.state.category == .accessibility1)
    }

    @Test func aResizeIsDrawnWholeAtTheNewSize() throws {
        let fixture = try RuntimeFixture()
        let run = try fixture.run([.shows("Feng Wong"), .event(.resized(Size(width: 40, height: 20))),
                                   .until("a 40×20 frame") { $0.width == 40 && $0.height == 20 }])
        #expect(run.terminal.unmet.isEmpty, "\(run.terminal.unmet)")
        #expect(run.ending == .quit, "the script ran out: the terminal hung up, and the loop ended")
        let frame = try #require(run.terminal.frames.last)
        #expect(run.terminal.screen.width == 40 && frame.differences(from: run.terminal.screen) == [], "every cell of the new size written")
    }

    @Test func aTerminatingSignalEndsTheLoopWithIt() throws {
        let fixture = try RuntimeFixture()
        let run = try fixture.run([.shows("Feng Wong"), .event(.terminated(signal: 15))])
        #expect(run.ending == .signal(15))
    }

    @Test func copyingGoesToTheClipboardSanitised() throws {
        var deliveries = (0 ..< BundledSample.deliveries.count).map(BundledSample.deliveries.delivery(at:))
        deliveries[1].address.line1 = "38 Wharf Road\u{1B}]0;owned\u{07}\u{9B}2J"
        let fixture = try RuntimeFixture(deliveries: deliveries)
        let run = try fixture.run([
            .key(.down), .key(.enter), .shows("ADDRESS"), .character("y"), .character("Y"), .character("O"), .character("q"),
        ])
        #expect(run.terminal.unmet.isEmpty, "\(run.terminal.unmet)")
        let copied = run.terminal.escapes.filter { $0.hasPrefix("\u{1B}]52;c;") && $0.hasSuffix("\u{07}") }.compactMap { escape in
            Data(base64Encoded: String(escape.dropFirst(7).dropLast())).map { String(decoding: $0, as: UTF8.self) }
        }
        #expect(copied.count == 2, "the phone, then the address")
        #expect(copied.first?.filter(\.isNumber) == "02079460821")
        let address = try #require(copied.last)
        #expect(address.contains("38 Wharf Road"))
        #expect(!address.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F ... 0x9F).contains($0.value) },
                "no control character on the clipboard: \(address.debugDescription)")
        #expect(run.opened.count == 1 && run.opened[0].hasPrefix("https://www.openstreetmap.org/"), "\(run.opened)")
    }
}

extension Frame {
    /// The cells where `screen` (a backend's grid) differs from this frame
    /// as the painter writes it: full blocks as reversed spaces, and neither
    /// continuations nor cells under a scaled run, which the terminal draws.
    func differences(from screen: Frame) -> [String] {
        var found: [String] = []
        for y in 0 ..< height {
            for x in 0 ..< width where !self[x, y].isContinuation && !isCovered(x: x, y: y) && screen[x, y] != self[x, y].asWritten {
                found.append("\(x),\(y): \(screen[x, y].grapheme.debugDescription) for \(self[x, y].grapheme.debugDescription)")
            }
        }
        return found
    }
}
