import Model
import Testing

/// Numbers written as digits match Swift's own decimal text, signs and edges included.
@Suite struct DecimalTextTests {
    static let values: [Int] = [0, 1, 9, 10, 11, 99, 100, 101, 12_345, 999_999_999, 1_000_000_000, Int.max, -1, -10, -987_654, Int.min]

    @Test(arguments: values) func appendedDigitsAreTheDecimalText(value: Int) {
        var bytes: [UInt8] = [0x41]
        DecimalText.append(value, to: &bytes)
        #expect(bytes == [0x41] + Array(String(value).utf8))
    }

    @Test(arguments: values) func writtenDigitsAreTheMagnitudesDecimalText(value: Int) {
        var buffer = [UInt8](repeating: 0xFF, count: 24)
        let count = buffer.withUnsafeMutableBufferPointer { DecimalText.write(value.magnitude, at: $0.baseAddress!) }
        #expect(count == DecimalText.digitCount(value.magnitude))
        #expect(Array(buffer[..<count]) == Array(String(value.magnitude).utf8))
        #expect(buffer[count...].allSatisfy { $0 == 0xFF })
    }
}
