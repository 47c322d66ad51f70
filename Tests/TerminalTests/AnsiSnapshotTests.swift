import Canvas
import Foundation
import Model
import Screens
import TestSupport
import Testing
import Typesetting

@testable import Terminal

/// Byte-level golden snapshots of `render --ansi` for the glyph modes the
/// terminal draws itself, and the check that `browse` writes those bytes.
/// `make snapshots` rewrites them (IDELIVERMOBILE_RECORD_SNAPSHOTS=1).
@Suite struct AnsiSnapshotTests {
    static let repositoryRoot = BundledSample.repositoryRoot
    static let deliveries = BundledSample.deliveries

    struct Case: CustomTestStringConvertible, Sendable {
        var glyphs: GlyphMode
        var screen: String
        var category: ContentSizeCategory
        var testDescription: String { "\(glyphs.rawValue)-\(screen)-\(category.name)" }
    }

    static let cases: [Case] = [GlyphMode.doubled, .scaled].flatMap { glyphs in
        ["deliveries", "shipment"].flatMap { screen in
            [ContentSizeCategory.xSmall, .large, .accessibility1, .accessibility3, .accessibility5].map {
                Case(glyphs: glyphs, screen: screen, category: $0)
            }
        }
    }

    static func frame(_ snapshot: Case) -> Frame {
        DisplayWidth.prepareLocale()
        var state = AppState(
            source: deliveries, size: Size(width: 80, height: 24), category: snapshot.category,
            typesetter: Typesetter(glyphs: snapshot.glyphs)
        )
        if snapshot.screen == "shipment" {
            _ = state.update(.key(.down))
            _ = state.update(.key(.enter))
        }
        return state.render()
    }

    @Test(arguments: cases)
    func screenMatchesItsSnapshot(_ snapshot: Case) throws {
        let bytes = AnsiEncoder().frame(Self.frame(snapshot))
        let url = Self.repositoryRoot.appendingPathComponent("Tests/TerminalTests/Snapshots/\(snapshot.testDescription).ansi")
        guard let expected = try SnapshotFile.stored(at: url, produced: bytes) else { return }
        #expect(bytes == expected, "differs from \(url.lastPathComponent); run `make snapshots` if the change is intended")
    }

    /// What `browse` writes raw on a first draw is the scaling part of `render --ansi`, byte for byte.
    @Test(arguments: cases)
    func browseWritesTheSameScalingBytes(_ snapshot: Case) {
        let frame = Self.frame(snapshot)
        let backend = TestBackend(size: Size(width: frame.width, height: frame.height))
        ScreenPainter(backend: backend).draw(frame)
        let scaling = AnsiEncoder().scaling(frame)
        if scaling.isEmpty {
            #expect(backend.raw.isEmpty, "no line resets where no line was ever doubled")
        } else {
            #expect(backend.raw.last == scaling)
            // Then the cursor goes where the frame puts it.
            let cursor = frame.cursor.map { AnsiEncoder.moveTo(x: $0.x, y: $0.y) } ?? ""
            #expect(AnsiEncoder().frame(frame).hasSuffix(scaling + cursor))
        }
    }

    @Test func doubledSnapshotsHoldDoubledLinesAndScaledOnesOSC66() {
        let doubled = AnsiEncoder().frame(Self.frame(Case(glyphs: .doubled, screen: "deliveries", category: .accessibility2)))
        #expect(doubled.contains("\u{1B}#3") && doubled.contains("\u{1B}#4"))
        #expect(!doubled.contains("\u{1B}]66;"))
        let scaled = AnsiEncoder().frame(Self.frame(Case(glyphs: .scaled, screen: "deliveries", category: .accessibility2)))
        #expect(scaled.contains("\u{1B}]66;s=2:n=") && !scaled.contains("\u{1B}#3"))
        let plain = AnsiEncoder().frame(Self.frame(Case(glyphs: .scaled, screen: "deliveries", category: .large)))
        #expect(plain.contains("\u{1B}[0;1mAmelia Hartley"), "Headline at Large is plain bold text")
    }
}
