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

    init(_ text: String) {
        if let plain = Self(plainLatin: text) {
            self = plain
            return
        }
        let sanitized = Sanitizer.sanitize(text)
        let (widths, ends, isSpace) = Self.singleScalarClusters(sanitized) ?? Self.clusters(sanitized)
        var canBreakAfter = [Bool](repeating: false, count: widths.count)
        var index = 0
        for breakOffset in LineBreaker.opportunities(inUTF16: Array(sanitized.utf16)) {
            // A break inside a cluster (ICU and Swift can disagree) is ignored.
            while index < ends.count, ends[index] < breakOffset { index += 1 }
            if index < ends.count, ends[index] == breakOffset { canBreakAfter[index] = true }
        }
        self.init(sanitized: sanitized, widths: widths, isSpace: isSpace, canBreakAfter: canBreakAfter)
    }

    /// Per grapheme cluster of `sanitized`: its columns, the UTF-16 offset
    /// after it, and whether it is a space.
    typealias Clusters = (widths: [UInt8], ends: [Int], isSpace: [Bool])

    /// The clusters by Swift's grapheme breaking: right for any text, and the
    /// slowest part of measuring it.
    static func clusters(_ sanitized: String) -> Clusters {
        var widths: [UInt8] = [], ends: [Int] = [], isSpace: [Bool] = []
        widths.reserveCapacity(sanitized.utf8.count)
        ends.reserveCapacity(sanitized.utf8.count)
        isSpace.reserveCapacity(sanitized.utf8.count)
        var offset = 0
        for character in sanitized {
            // A cluster of several cells (🇯🇵, Thai สำ) counts them all.
            widths.append(UInt8(DisplayWidth.columnsOfSanitized(character)))
            offset += character.utf16.count
            ends.append(offset)
            isSpace.append(character == " ")
        }
        return (widths, ends, isSpace)
    }

    /// The clusters of text in which every scalar is a cluster of its own
    /// (see `standsAlone`), found scalar by scalar without grapheme breaking;
    /// nil for any other text. A property test checks it against `clusters`.
    static func singleScalarClusters(_ sanitized: String) -> Clusters? {
        var widths: [UInt8] = [], ends: [Int] = [], isSpace: [Bool] = []
        widths.reserveCapacity(sanitized.utf8.count)
        ends.reserveCapacity(sanitized.utf8.count)
        isSpace.reserveCapacity(sanitized.utf8.count)
        var offset = 0
        for scalar in sanitized.unicodeScalars {
            let value = scalar.value
            guard standsAlone(value) else { return nil }
            widths.append(UInt8(DisplayWidth.columns(ofScalar: value)))
            offset += value > 0xFFFF ? 2 : 1
            ends.append(offset)
            isSpace.append(value == 0x20)
        }
        return (widths, ends, isSpace)
    }

    /// Scalars that are always a grapheme cluster by themselves, whatever is
    /// next to them: printable ASCII and Latin, Greek and Cyrillic letters
    /// without combining marks, common punctuation, and Chinese, Japanese and
    /// Korean text (ideographs, kana but for the combining voicing marks,
    /// precomposed Hangul syllables, CJK and full-width punctuation). None of
    /// them is Extend, ZWJ, SpacingMark, Prepend, a regional indicator, a
    /// conjoining jamo or a control in UAX #29.
    static func standsAlone(_ value: UInt32) -> Bool {
        switch value {
        case 0x20 ... 0x7E, 0xA0 ... 0xAC, 0xAE ... 0x2FF, 0x370 ... 0x377, 0x37A ... 0x37F, 0x384 ... 0x38A, 0x38C,
             0x38E ... 0x3A1, 0x3A3 ... 0x482, 0x48A ... 0x52F, 0x2010 ... 0x2027, 0x2030 ... 0x205E,
             0x3000 ... 0x3029, 0x3030 ... 0x303F, 0x3041 ... 0x3096, 0x309B ... 0x30FF, 0x3105 ... 0x312F,
             0x3131 ... 0x318E, 0x31F0 ... 0x31FF, 0x3400 ... 0x4DBF, 0x4E00 ... 0x9FFF, 0xAC00 ... 0xD7A3,
             0xF900 ... 0xFAFF, 0xFF01 ... 0xFF9D, 0xFFE0 ... 0xFFE6, 0x20000 ... 0x2A6DF:
            true
        default:
            false
        }
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

    /// Plain Latin prose measured without ICU (see `plainLatinBreaks`), or nil.
    init?(plainLatin text: String) {
        guard let plain = Self.plainLatinBreaks(text) else { return nil }
        self.init(sanitized: text, widths: [UInt8](repeating: 1, count: plain.count), isSpace: plain.isSpace, canBreakAfter: plain.canBreakAfter)
    }

    /// Break opportunities of plain alphabetic prose: ASCII letters and digits,
    /// precomposed Latin letters (U+00C0–U+024F but × and ÷), Greek and
    /// Cyrillic letters, spaces, `,` `.` ending a word, and `-` `'` inside one. There UAX #14 reduces to "after a run of spaces" and
    /// the end of the text (and after a hyphen before a letter), and every scalar is one grapheme one column wide:
    /// most names and addresses, measured without ICU or a grapheme split.
    /// Nil for anything else, which takes the full path. A property test
    /// checks this against ICU.
    static func plainLatinBreaks(_ text: String) -> (count: Int, isSpace: [Bool], canBreakAfter: [Bool])? {
        var isSpace: [Bool] = []
        var canBreakAfter: [Bool] = []
        isSpace.reserveCapacity(text.utf8.count)
        canBreakAfter.reserveCapacity(text.utf8.count)
        var previous: UInt32 = 0
        var pendingPunctuation = false  // a `,` or `.` that must be followed by a space or the end
        var pendingWordCharacter = false  // a `-` or `'` that must be followed by a letter or digit
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if pendingPunctuation, value != 0x20 { return nil }
            if pendingWordCharacter, !Self.isWordCharacter(value) { return nil }
            pendingPunctuation = false
            pendingWordCharacter = false
            switch value {
            case 0x30 ... 0x39, 0x41 ... 0x5A, 0x61 ... 0x7A, 0xC0 ... 0xD6, 0xD8 ... 0xF6, 0xF8 ... 0x24F,
                 0x386, 0x388 ... 0x3CE, 0x400 ... 0x481, 0x48A ... 0x4FF:
                // Letters of class AL (Latin, Greek, Cyrillic) and digits.
                isSpace.append(false)
                canBreakAfter.append(false)
                // A hyphen between letters is a break before a letter, not before a digit.
                if previous == 0x2D, !(0x30 ... 0x39).contains(value), canBreakAfter.count >= 2 {
                    canBreakAfter[canBreakAfter.count - 2] = true
                }
            case 0x2D, 0x27:
                // `-` and `'` only inside a word: "Jean-Luc", "12-14", "O'Brien".
                guard Self.isWordCharacter(previous) else { return nil }
                pendingWordCharacter = true
                isSpace.append(false)
                canBreakAfter.append(false)
                previous = value
                continue
            case 0x20:
                isSpace.append(true)
                canBreakAfter.append(false)
                if previous == 0x20 { canBreakAfter[canBreakAfter.count - 2] = false }
                canBreakAfter[canBreakAfter.count - 1] = true  // after the last space of a run
            case 0x2C, 0x2E:
                // Only at a word's end: "a,1", "a .b" and the like follow other rules.
                guard previous != 0, previous != 0x20, previous != 0x2C, previous != 0x2E else { return nil }
                pendingPunctuation = true
                isSpace.append(false)
                canBreakAfter.append(false)
            default:
                return nil
            }
            previous = value
        }
        guard !isSpace.isEmpty, !pendingWordCharacter else { return nil }
        canBreakAfter[canBreakAfter.count - 1] = true
        return (isSpace.count, isSpace, canBreakAfter)
    }

    private static func isWordCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x30 ... 0x39, 0x41 ... 0x5A, 0x61 ... 0x7A, 0xC0 ... 0xD6, 0xD8 ... 0xF6, 0xF8 ... 0x24F,
             0x386, 0x388 ... 0x3CE, 0x400 ... 0x481, 0x48A ... 0x4FF:
            true
        default:
            false
        }
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
