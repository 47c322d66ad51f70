import Testing
@testable import Typesetting

/// The scalar-by-scalar fast path of measuring agrees with grapheme breaking.
@Suite struct SingleScalarClusterTests {
    /// One scalar of each grapheme-break class the fast path admits: Other
    /// (Latin, Han, kana), Hangul LV and LVT syllables, and pictographs.
    static let neighbours: [UInt32] = [0x61, 0x20, 0x4E00, 0x3042, 0xAC00, 0xAC01, 0xA9, 0x203C, 0xFF21]

    @Test func everyAdmittedScalarIsAClusterNextToAnyOther() {
        var checked = 0
        for value in UInt32(0) ... 0x2A6DF where MeasuredText.standsAlone(value) {
            // Ideographs share their properties: a sample of the large blocks is enough.
            if value >= 0x3400, (0x3400 ... 0x9FFF).contains(value) || value >= 0x20000, value % 17 != 0 { continue }
            guard let scalar = Unicode.Scalar(value) else { continue }
            for neighbour in Self.neighbours {
                guard let other = Unicode.Scalar(neighbour) else { continue }
                var before = String.UnicodeScalarView(), after = String.UnicodeScalarView()
                before.append(scalar)
                before.append(other)
                after.append(other)
                after.append(scalar)
                #expect(String(before).count == 2, "U+\(String(value, radix: 16)) then U+\(String(neighbour, radix: 16))")
                #expect(String(after).count == 2, "U+\(String(neighbour, radix: 16)) then U+\(String(value, radix: 16))")
            }
            checked += 1
        }
        #expect(checked > 10_000)
    }

    @Test(arguments: 0 ..< 8)
    func theFastPathAgreesWithGraphemeBreaking(seed: UInt64) {
        var random = RandomText(seed: seed)
        var admitted = 0
        for _ in 0 ..< 2_000 {
            let text = Sanitizer.sanitize(random.string(maxPieces: 12))
            guard let fast = MeasuredText.singleScalarClusters(text) else { continue }
            admitted += 1
            let slow = MeasuredText.clusters(text)
            #expect(fast.widths == slow.widths, "\(text.debugDescription)")
            #expect(fast.ends == slow.ends, "\(text.debugDescription)")
            #expect(fast.isSpace == slow.isSpace, "\(text.debugDescription)")
        }
        #expect(admitted > 100, "the random texts reach the fast path")
    }

    @Test func realAddressesInEveryScriptTakeIt() {
        for text in ["〒154-0024 東京都世田谷区三軒茶屋1丁目32-6", "北京市朝阳区建国路93号，万达广场 5号楼 1203室",
                     "서울특별시 강남구 테헤란로 152", "ул. Большая Никитская, д. 24/1", "3º izq., 9007 Via Roma", "ＡＢＣ（株）"] {
            #expect(MeasuredText.singleScalarClusters(text) != nil, "\(text)")
        }
        for text in ["e\u{301}", "👍🏽", "🇫🇷", "か\u{3099}", "ｶﾞ", "\u{1100}\u{1161}"] {
            #expect(MeasuredText.singleScalarClusters(text) == nil, "\(text.debugDescription) needs grapheme breaking")
        }
    }
}
