import Canvas
import Foundation
import Input
import Model
import Testing
import TestSupport
import Typesetting
@testable import Screens

/// Golden screens that keep every cell's style (colour, weight, reverse,
/// underline, link) as well as its text, through the render path, in
/// `StyledFrame`'s form: the plain snapshots (`SnapshotTests`) cannot see
/// a lost highlight or link. `make snapshots` rewrites them
/// (IDELIVERMOBILE_RECORD_SNAPSHOTS=1); a normal run only compares.
@Suite struct StyledSnapshotTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var screen: String
        var category: ContentSizeCategory
        var testDescription: String { "\(screen)-80x24-\(category.name)" }
    }

    static let cases: [Case] = ["deliveries", "shipment", "help"].flatMap { screen in
        [ContentSizeCategory.large, .accessibility2].map { Case(screen: screen, category: $0) }
    }

    @Test(arguments: cases)
    func screenMatchesItsStyledSnapshot(_ snapshot: Case) throws {
        var state = SampleData.state(category: snapshot.category)
        // A fixed clock, so the late marks do not follow the day the test runs.
        _ = state.update(.clock(TimeOfDay(parsingClock: "12:30")))
        switch snapshot.screen {
        case "shipment": state.press(.down, .enter)  // Amelia Hartley: a long address, two items, a phone link
        case "help": state.press(.character("?"))
        default: break
        }
        let text = StyledFrame.text(of: state.render())
        let url = SampleData.repositoryRoot
            .appendingPathComponent("Tests/ScreensTests/StyledSnapshots/\(snapshot.testDescription).styled")
        guard let expected = try SnapshotFile.stored(at: url, produced: text) else { return }
        #expect(text == expected, "differs from \(url.lastPathComponent); run `make snapshots` if the change is intended")
    }
}
