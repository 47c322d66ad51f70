import Foundation
import Model
import TestSupport
import Testing
import Typesetting
@testable import Screens

/// Golden text snapshots of whole screens through the render path.
/// `make snapshots` rewrites them (IDELIVERMOBILE_RECORD_SNAPSHOTS=1); a
/// normal run only compares.
@Suite struct SnapshotTests {
    static let categories: [ContentSizeCategory] = [.xSmall, .large, .xxxLarge, .accessibility3, .accessibility5]
    static let sizes: [(Int, Int)] = [(80, 24), (40, 20)]

    struct Case: CustomTestStringConvertible, Sendable {
        var screen: String
        var width: Int
        var height: Int
        var category: ContentSizeCategory
        /// The clock for late marks (`--now`), in the file name when set.
        var now: String?
        var testDescription: String { "\(screen)-\(width)x\(height)-\(category.name)" + (now.map { "-now-\($0.replacingOccurrences(of: ":", with: ""))" } ?? "") }
    }

    static let cases: [Case] = ["deliveries", "shipment"].flatMap { screen in
        sizes.flatMap { size in categories.map { Case(screen: screen, width: size.0, height: size.1, category: $0) } }
    } + [ContentSizeCategory.large, .accessibility3].flatMap { category in
        // Overview and late marks at a fixed time: Feng Wong's 09:00-12:00 has ended at 12:30.
        sizes.map { Case(screen: "deliveries", width: $0.0, height: $0.1, category: category, now: "12:30") }
    }

    @Test(arguments: cases)
    func screenMatchesItsSnapshot(_ snapshot: Case) throws {
        var state = SampleData.state(width: snapshot.width, height: snapshot.height, category: snapshot.category)
        _ = state.update(.clock(snapshot.now.flatMap(TimeOfDay.init(parsingClock:))))
        if snapshot.screen == "shipment" {
            state.press(.down)  // Amelia Hartley: a long address, two items, instructions
            state.press(.enter)
        }
        let text = state.render().plainText
        let url = SampleData.repositoryRoot
            .appendingPathComponent("Tests/ScreensTests/Snapshots/\(snapshot.testDescription).txt")
        guard let expected = try SnapshotFile.stored(at: url, produced: text) else { return }
        #expect(text == expected, "differs from \(url.lastPathComponent); run `make snapshots` if the change is intended")
    }
}
