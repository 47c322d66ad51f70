import Foundation
import Manifest
import Testing
@testable import Model

/// The bundled sample data is what a new user sees first and what the
/// snapshots and layout tests lean on, so it must keep exercising the hard
/// cases: several scripts, emoji, long wrapping addresses and absent fields.
@Suite struct BundledDataTests {
    /// `Data/deliveries.json` at the package root, found from this file so the
    /// test does not depend on the working directory.
    static let manifestURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // ModelTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("Data/deliveries.json")

    static func loadDeliveries() throws -> [Delivery] {
        try ManifestReader().read(contentsOf: manifestURL)
    }

    /// True when any scalar of `text` falls in one of `ranges`.
    static func uses(_ ranges: [ClosedRange<UInt32>], in text: String) -> Bool {
        text.unicodeScalars.contains { scalar in ranges.contains { $0.contains(scalar.value) } }
    }

    static let han: [ClosedRange<UInt32>] = [0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F]
    static let kana: [ClosedRange<UInt32>] = [0x3040...0x309F, 0x30A0...0x30FF, 0x31F0...0x31FF]
    static let cyrillic: [ClosedRange<UInt32>] = [0x0400...0x04FF, 0x0500...0x052F]
    static let greek: [ClosedRange<UInt32>] = [0x0370...0x03FF, 0x1F00...0x1FFF]

    static func hasEmoji(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.isEmojiPresentation }
    }

    @Test func hasEnoughDeliveriesWithUniqueIDsInOrder() throws {
        let deliveries = try Self.loadDeliveries()
        #expect(deliveries.count >= 40)
        let ids = deliveries.map(\.id)
        #expect(Set(ids).count == ids.count, "ids must be unique")
        let expected = (1...deliveries.count).map { String(format: "DLV-%04d", $0) }
        #expect(ids == expected)
    }

    @Test func startsWithTheOriginalSample() throws {
        let first = try #require(try Self.loadDeliveries().first)
        #expect(first.name == "Feng Wong")
        #expect(first.items.map(\.name).contains("iPod Touch"))
    }

    @Test func usesEveryStatus() throws {
        let used = Set(try Self.loadDeliveries().map(\.status))
        #expect(used == Set(DeliveryStatus.allCases))
    }

    @Test(arguments: [
        ("Han", BundledDataTests.han),
        ("Hiragana/Katakana", BundledDataTests.kana),
        ("Cyrillic", BundledDataTests.cyrillic),
        ("Greek", BundledDataTests.greek),
    ])
    func hasNamesAndAddressesInScript(script: String, ranges: [ClosedRange<UInt32>]) throws {
        let deliveries = try Self.loadDeliveries()
        #expect(deliveries.contains { Self.uses(ranges, in: $0.name) }, "no name in \(script)")
        #expect(deliveries.contains { Self.uses(ranges, in: $0.address.singleLine) }, "no address in \(script)")
    }

    @Test func hasEmojiIncludingAZWJSequence() throws {
        let deliveries = try Self.loadDeliveries()
        let texts = deliveries.flatMap { [$0.name, $0.instructions ?? ""] }
        #expect(texts.contains(where: Self.hasEmoji))
        #expect(deliveries.contains { Self.hasEmoji($0.name) }, "no emoji in any name")
        // A ZWJ sequence is one grapheme of several emoji scalars: the hard case for display width.
        let zwj: Unicode.Scalar = "\u{200D}"
        #expect(texts.contains { text in
            text.contains { character in
                character.unicodeScalars.contains(zwj) && character.unicodeScalars.contains { $0.properties.isEmojiPresentation }
            }
        })
    }

    @Test func someDeliveriesLackEachOptionalField() throws {
        let deliveries = try Self.loadDeliveries()
        #expect(deliveries.contains { $0.address.line2 == nil })
        #expect(deliveries.contains { $0.phone == nil })
        #expect(deliveries.contains { $0.text == nil })
        #expect(deliveries.contains { $0.instructions == nil })
        #expect(deliveries.contains { $0.window == nil })
        // Absent means absent: an empty string would still draw an empty element.
        for delivery in deliveries {
            let optionals = [delivery.address.line2, delivery.phone, delivery.text, delivery.instructions, delivery.window]
            #expect(!optionals.contains(""), "\(delivery.id) has an empty optional field")
        }
    }

    @Test func everyDeliveryShipsSomething() throws {
        for delivery in try Self.loadDeliveries() {
            #expect(!delivery.items.isEmpty, "\(delivery.id) has no items")
            #expect(delivery.items.allSatisfy { $0.quantity > 0 && !$0.name.isEmpty }, "\(delivery.id) has a bad item")
        }
    }

    @Test func hasLongAddressesThatWrap() throws {
        let long = try Self.loadDeliveries().filter { $0.address.singleLine.count > 80 }
        #expect(long.count >= 5)
    }
}
