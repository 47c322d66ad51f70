/// Whole numbers written as decimal digits straight into bytes, without a
/// String made of each: an import writes millions of them (the items' JSON).
public enum DecimalText {
    /// How many digits `value` has in decimal (1 for 0).
    public static func digitCount(_ value: UInt) -> Int {
        var digits = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        return digits
    }

    /// Writes the digits of `value` from `base` on, and says how many there are.
    @discardableResult
    public static func write(_ value: UInt, at base: UnsafeMutablePointer<UInt8>) -> Int {
        let digits = digitCount(value)
        var rest = value
        for place in stride(from: digits - 1, through: 0, by: -1) {
            base[place] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        return digits
    }

    /// Appends `value` in decimal, a minus sign first when it is negative.
    public static func append(_ value: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: digitCount(value.magnitude)))
        bytes.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            write(value.magnitude, at: base + start)
        }
    }
}
