import Canvas

/// Text sanitised, measured per grapheme cluster, and cut into the segments
/// between UAX #14 break opportunities: everything wrapping needs, at any
/// width or size, in a compact form.
///
/// Building one costs a sanitise, a grapheme split and an ICU pass;
/// `MeasuredTextCache` keeps them so that re-measuring a row at another width
/// or text size is a short loop over integers.
struct MeasuredText: Sendable {
    /// What a line may hold between two break opportunities: content, then
    /// the spaces before the next opportunity, which hang past a line's end
    /// and are dropped where it breaks.
    struct Segment: Sendable {
        /// Grapheme indices: content is `start ..< contentEnd`, spaces `contentEnd ..< end`.
        var start: Int32
        var contentEnd: Int32
        var end: Int32
        /// Native columns of the content.
        var contentWidth: Int32
    }

    /// The sanitised text, the graphemes of which the indices count.
    let sanitized: String
    /// Native columns of each grapheme (0, 1 or 2).
    let widths: [UInt8]
    let segments: [Segment]

    var graphemeCount: Int { widths.count }

    init(_ text: String) {
        if let plain = Self(plainASCII: text) {
            self = plain
            return
        }
        let sanitized = Sanitizer.sanitize(text)
        var widths: [UInt8] = []
        var ends: [Int] = []  // UTF-16 offset after each grapheme
        var isSpace: [Bool] = []
        widths.reserveCapacity(sanitized.utf8.count)
        ends.reserveCapacity(sanitized.utf8.count)
        if sanitized.utf8.allSatisfy({ $0 < 0x80 }) {
            // Sanitised ASCII is printable: one column and one UTF-16 unit a grapheme.
            for (offset, byte) in sanitized.utf8.enumerated() {
                widths.append(1)
                ends.append(offset + 1)
                isSpace.append(byte == 0x20)
            }
        } else {
            var offset = 0
            for character in sanitized {
                widths.append(UInt8(DisplayWidth.columns(of: character)))
                offset += character.utf16.count
                ends.append(offset)
                isSpace.append(character == " ")
            }
        }
        var canBreakAfter = [Bool](repeating: false, count: widths.count)
        var index = 0
        for breakOffset in LineBreaker.opportunities(inUTF16: Array(sanitized.utf16)) {
            // A break inside a cluster (ICU and Swift can disagree) is ignored.
            while index < ends.count, ends[index] < breakOffset { index += 1 }
            if index < ends.count, ends[index] == breakOffset { canBreakAfter[index] = true }
        }
        self.init(sanitized: sanitized, widths: widths, isSpace: isSpace, canBreakAfter: canBreakAfter)
    }

    private init(sanitized: String, widths: [UInt8], isSpace: [Bool], canBreakAfter: [Bool]) {
        var segments: [Segment] = []
        var start = 0
        while start < widths.count {
            var end = start
            while end < widths.count, !canBreakAfter[end] { end += 1 }
            end = min(end + 1, widths.count)
            var contentEnd = end
            while contentEnd > start, isSpace[contentEnd - 1] { contentEnd -= 1 }
            var contentWidth = 0
            for i in start ..< contentEnd { contentWidth += Int(widths[i]) }
            segments.append(Segment(start: Int32(start), contentEnd: Int32(contentEnd), end: Int32(end), contentWidth: Int32(contentWidth)))
            start = end
        }
        self.sanitized = sanitized
        self.widths = widths
        self.segments = segments
    }

    /// Plain ASCII prose measured without ICU (see `plainASCIIBreaks`), or nil.
    init?(plainASCII text: String) {
        guard let plain = Self.plainASCIIBreaks(text) else { return nil }
        self.init(sanitized: text, widths: [UInt8](repeating: 1, count: plain.count), isSpace: plain.isSpace, canBreakAfter: plain.canBreakAfter)
    }

    /// Break opportunities of plain ASCII prose (letters, digits, spaces, and
    /// `,` `.` ending a word), where UAX #14 reduces to "after a run of spaces"
    /// and the end of the text: most names and addresses, measured without
    /// ICU or a grapheme split. Nil for anything else, which takes the full path.
    /// A property test checks this against ICU.
    static func plainASCIIBreaks(_ text: String) -> (count: Int, isSpace: [Bool], canBreakAfter: [Bool])? {
        let utf8 = text.utf8
        return utf8.withContiguousStorageIfAvailable { bytes -> (Int, [Bool], [Bool])? in
            let n = bytes.count
            guard n > 0 else { return nil }
            var isSpace = [Bool](repeating: false, count: n)
            var canBreakAfter = [Bool](repeating: false, count: n)
            for i in 0 ..< n {
                let byte = bytes[i]
                switch byte {
                case 0x30 ... 0x39, 0x41 ... 0x5A, 0x61 ... 0x7A:
                    break
                case 0x20:
                    isSpace[i] = true
                    canBreakAfter[i] = i + 1 == n || bytes[i + 1] != 0x20
                case 0x2C, 0x2E:
                    // Only at a word's end: "a,1", "a .b" and the like follow other rules.
                    guard i > 0, bytes[i - 1] != 0x20, i + 1 == n || bytes[i + 1] == 0x20 else { return nil }
                default:
                    return nil
                }
            }
            canBreakAfter[n - 1] = true
            return (n, isSpace, canBreakAfter)
        } ?? nil
    }

    /// The measured graphemes, built on demand: measuring never needs them.
    func graphemes() -> [Grapheme] {
        var out: [Grapheme] = []
        out.reserveCapacity(widths.count)
        for (index, character) in sanitized.enumerated() where index < widths.count {
            out.append(Grapheme(String(character), columns: Int(widths[index])))
        }
        return out
    }
}
