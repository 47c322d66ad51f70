import CLineBreak

/// Where UAX #14 lets a line end, by ICU's line-break iterator.
enum LineBreaker {
    /// UTF-16 offsets at which a line may end, ascending, excluding 0 and
    /// including the end of the text (the end of an empty text is not listed).
    static func opportunities(inUTF16 units: [UInt16]) -> [Int] {
        guard !units.isEmpty else { return [] }
        var out = [Int32](repeating: 0, count: units.count + 1)
        let count = units.withUnsafeBufferPointer { text in
            out.withUnsafeMutableBufferPointer { buffer in
                lb_line_breaks(text.baseAddress, Int32(text.count), buffer.baseAddress, Int32(buffer.count))
            }
        }
        // ICU failing is not expected; breaking only at the end keeps text whole.
        guard count >= 0 else { return [units.count] }
        return out.prefix(Int(min(count, Int32(out.count)))).map(Int.init)
    }

    static func opportunities(in text: String) -> [Int] {
        opportunities(inUTF16: Array(text.utf16))
    }
}
