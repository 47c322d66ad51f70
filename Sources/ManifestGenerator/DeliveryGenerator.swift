import Model

/// Makes realistic, varied deliveries from a seed, each one from its index
/// alone, so a million-row manifest can be streamed out and any row re-made.
///
/// Why this shape: the row-height engine must be tested and benchmarked on
/// rows as uneven as real ones (names from two characters to several wrapped
/// lines, about one row in ten in Japanese, Chinese, Russian or Greek,
/// optional fields missing), and the same seed must always give the same data.
///
/// ```swift
/// let generator = DeliveryGenerator(seed: 42)
/// let first = generator.delivery(at: 0)   // id "DLV-0000001"
/// ```
public struct DeliveryGenerator: Sendable {
    public let seed: UInt64

    public init(seed: UInt64) {
        self.seed = seed
    }

    /// The delivery at `index` (0-based); its id is `DLV-` and index + 1 in at least 7 digits.
    public func delivery(at index: Int) -> Delivery {
        var random = GeneratorRandom(seed: seed, index: index)
        let script = random.below(100)
        let name: String
        let address: Address
        switch script {
        case 0 ..< 3:
            name = random.pick(SampleText.japaneseNames)
            address = Address(line1: random.pick(SampleText.japaneseAddresses), line2: optionalLine2(SampleText.japaneseLine2, &random))
        case 3 ..< 6:
            name = random.pick(SampleText.chineseNames)
            address = Address(line1: random.pick(SampleText.chineseAddresses), line2: optionalLine2(SampleText.chineseLine2, &random))
        case 6 ..< 8:
            name = random.pick(SampleText.russianNames)
            address = Address(line1: random.pick(SampleText.russianAddresses), line2: optionalLine2(SampleText.russianLine2, &random))
        case 8 ..< 10:
            name = random.pick(SampleText.greekNames)
            address = Address(line1: random.pick(SampleText.greekAddresses), line2: optionalLine2(SampleText.greekLine2, &random))
        default:
            name = latinName(&random)
            address = latinAddress(&random)
        }
        let status: DeliveryStatus = switch random.below(10) {
        case 0 ..< 4: .pending
        case 4 ..< 7: .outForDelivery
        case 7 ..< 9: .delivered
        default: .failed
        }
        let phone = random.percent(80) ? phoneNumber(&random) : nil
        let text = random.percent(60) ? (random.percent(50) ? phone : phoneNumber(&random)) : nil
        let items = (0 ..< 1 + random.below(random.percent(90) ? 2 : 5)).map { _ in
            Item(name: random.pick(SampleText.items), quantity: random.percent(80) ? 1 : 2 + random.below(11))
        }
        return Delivery(
            id: Self.id(forIndex: index), name: name, address: address, phone: phone, text: text, status: status,
            items: items,
            instructions: random.percent(30) ? random.pick(SampleText.instructions) : nil,
            window: random.percent(60) ? random.pick(SampleText.windows) : nil
        )
    }

    /// `DLV-0000001` for index 0.
    public static func id(forIndex index: Int) -> String {
        let digits = String(index + 1)
        return "DLV-" + String(repeating: "0", count: max(0, 7 - digits.count)) + digits
    }

    private func optionalLine2(_ pool: [String], _ random: inout GeneratorRandom) -> String? {
        random.percent(75) ? random.pick(pool) : nil
    }

    private func latinName(_ random: inout GeneratorRandom) -> String {
        switch random.below(100) {
        case 0 ..< 5:
            return random.pick(SampleText.givenNames)
        case 5 ..< 9:
            return random.pick(SampleText.companies)
        case 9 ..< 11:
            // Several given names and a double-barrelled family name: wraps at narrow widths.
            return (0 ..< 3 + random.below(3)).map { _ in random.pick(SampleText.givenNames) }.joined(separator: " ")
                + " " + random.pick(SampleText.familyNames) + "-" + random.pick(SampleText.familyNames)
        default:
            return random.pick(SampleText.givenNames) + " " + random.pick(SampleText.familyNames)
        }
    }

    private func latinAddress(_ random: inout GeneratorRandom) -> Address {
        let number = String(1 + random.below(random.percent(70) ? 200 : 9_999))
        var line1 = number + " " + random.pick(SampleText.streets)
        if random.percent(35) { line1 = random.pick(SampleText.units) + ", " + line1 }
        if random.percent(5) {
            line1 = "c/o " + random.pick(SampleText.companies) + ", " + random.pick(SampleText.units) + ", " + line1
                + ", entrance through the courtyard behind the pharmacy"
        }
        let line2 = random.percent(85) ? random.pick(SampleText.cities) : nil
        return Address(line1: line1, line2: line2)
    }

    private func phoneNumber(_ random: inout GeneratorRandom) -> String {
        let area = 200 + random.below(800), exchange = 100 + random.below(900), line = random.below(10_000)
        let lineDigits = String(line)
        return "(\(area)) \(exchange)-" + String(repeating: "0", count: 4 - lineDigits.count) + lineDigits
    }
}
