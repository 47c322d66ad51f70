import Testing
@testable import Typesetting

/// Properties that must hold for any text at any width, checked over
/// thousands of random strings mixing every script and trap.
@Suite struct WrappingPropertyTests {
    let typesetter = Typesetter(glyphs: .native)

    /// Walks `source` through `lines`: each line must be the next run of the
    /// source, and only spaces may be skipped, and only where a line ends.
    static func rejoins(_ lines: [String], to source: String) -> Bool {
        var rest = Substring(source)
        for line in lines {
            if !line.hasPrefix(" ") { rest = rest.drop(while: { $0 == " " }) }
            guard rest.hasPrefix(line) else { return false }
            rest = rest.dropFirst(line.count)
        }
        return rest.allSatisfy { $0 == " " }
    }

    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00 ... 0x1F, 0x7F ... 0x9F, 0x202A ... 0x202E, 0x2066 ... 0x2069, 0x200E, 0x200F, 0x061C, 0x2028, 0x2029: true
        default: false
        }
    }

    @Test(arguments: [2, 3, 7, 20, 41])
    func noLineIsWiderThanTheWidth(width: Int) {
        var random = RandomText(seed: UInt64(width))
        for _ in 0 ..< 400 {
            let text = random.string()
            let set = typesetter.typeset(text, style: .body, category: .large, width: width)
            for line in set.lines {
                #expect(line.width <= width, "\(text.debugDescription) at \(width): \(line.text.debugDescription)")
            }
        }
    }

    @Test(arguments: [2, 5, 13, 40])
    func linesRejoinToTheSanitisedTextLessBreakSpaces(width: Int) {
        // In logical order: the lines as a terminal with its own BiDi gets
        // them (here they are shaped and reordered, `nativeLinesAreInVisualOrder`).
        var typesetter = typesetter
        typesetter.rightToLeft = .terminal
        var random = RandomText(seed: 1000 + UInt64(width))
        for _ in 0 ..< 400 {
            let text = random.string()
            let lines = typesetter.typeset(text, style: .subheadline, category: .large, width: width).lines.map(\.text)
            #expect(Self.rejoins(lines, to: Sanitizer.sanitize(text)), "\(text.debugDescription) at \(width): \(lines)")
        }
    }

    @Test func noControlCharacterIsEverEmitted() {
        var random = RandomText(seed: 7)
        for _ in 0 ..< 400 {
            let text = random.string()
            for width in [3, 30] {
                for limit in [nil, 1, 2] as [Int?] {
                    let set = typesetter.typeset(text, style: .body, category: .large, width: width, lineLimit: limit)
                    let unsafe = set.lines.flatMap { $0.text.unicodeScalars.filter(Self.isUnsafe) }
                    #expect(unsafe.isEmpty, "\(text.debugDescription)")
                }
            }
        }
    }

    @Test func heightAgreesWithTypesetAndRespectsTheLineLimit() {
        var random = RandomText(seed: 99)
        for _ in 0 ..< 300 {
            let text = random.string()
            for width in [4, 17, 60] {
                for limit in [nil, 1, 3] as [Int?] {
                    let set = typesetter.typeset(text, style: .body, category: .large, width: width, lineLimit: limit)
                    #expect(typesetter.height(of: text, style: .body, category: .large, width: width, lineLimit: limit) == set.height)
                    if let limit { #expect(set.height <= limit) }
                    #expect(set.lines.allSatisfy { $0.width <= width })
                }
            }
        }
    }

    @Test func aNarrowerWidthNeverNeedsFewerLines() {
        var random = RandomText(seed: 5)
        for _ in 0 ..< 200 {
            let text = random.string()
            var previous = Int.max
            for width in 2 ... 40 {
                let height = typesetter.height(of: text, style: .body, category: .large, width: width)
                #expect(height <= previous, "\(text.debugDescription) at \(width)")
                previous = height
            }
        }
    }
}
