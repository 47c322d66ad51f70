import Model
import Testing
@testable import ManifestGenerator

@Suite struct DeliveryGeneratorTests {
    let sample: [Delivery] = {
        let generator = DeliveryGenerator(seed: 2024)
        return (0 ..< 4_000).map { generator.delivery(at: $0) }
    }()

    @Test func eachDeliveryDependsOnlyOnSeedAndIndex() {
        let generator = DeliveryGenerator(seed: 2024)
        for index in [3_999, 0, 1_234, 17] {
            #expect(generator.delivery(at: index) == sample[index])
        }
    }

    @Test func idsAreUniqueAndNumberedFromOne() {
        #expect(sample[0].id == "DLV-0000001")
        #expect(sample[3_999].id == "DLV-0004000")
        #expect(Set(sample.map(\.id)).count == sample.count)
        #expect(DeliveryGenerator.id(forIndex: 12_345_677) == "DLV-12345678")
    }

    @Test func aboutOneInTenIsInANonLatinScript() {
        func isNonLatin(_ text: String) -> Bool {
            text.unicodeScalars.contains { (0x0370 ... 0x03FF).contains($0.value) || (0x0400 ... 0x04FF).contains($0.value)
                || (0x3040 ... 0x30FF).contains($0.value) || (0x4E00 ... 0x9FFF).contains($0.value) }
        }
        let share = Double(sample.filter { isNonLatin($0.name) }.count) / Double(sample.count)
        #expect(share > 0.07 && share < 0.13)
        for block: ClosedRange<UInt32> in [0x0370 ... 0x03FF, 0x0400 ... 0x04FF, 0x3040 ... 0x30FF, 0x4E00 ... 0x9FFF] {
            #expect(sample.contains { $0.name.unicodeScalars.contains { block.contains($0.value) } }, "script block \(block)")
        }
    }

    @Test func lengthsRangeFromAFewCharactersToSeveralLines() {
        let names = sample.map(\.name.count)
        let addresses = sample.map(\.address.singleLine.count)
        #expect(names.min() ?? 99 <= 3)
        #expect(names.max() ?? 0 >= 60, "some names wrap at 40 columns")
        #expect(addresses.min() ?? 99 <= 15)
        #expect(addresses.max() ?? 0 >= 120, "some addresses wrap three lines at 40 columns")
    }

    @Test func optionalFieldsAreSometimesAbsentAndStatusesAreMixed() {
        let fields: [(String, (Delivery) -> Bool)] = [
            ("phone", { $0.phone != nil }), ("text", { $0.text != nil }), ("instructions", { $0.instructions != nil }),
            ("window", { $0.window != nil }), ("line2", { $0.address.line2 != nil }),
        ]
        for (name, isPresent) in fields {
            let present = sample.filter(isPresent).count
            #expect(present > 0 && present < sample.count, "\(name) is sometimes present, sometimes not")
        }
        #expect(Set(sample.map(\.status)) == Set(DeliveryStatus.allCases))
        #expect(sample.allSatisfy { !$0.items.isEmpty })
    }
}
