import Store
import Testing

/// The word index's pieces both stores share: splitting text into words, the
/// positions' encoding, and the bitmap searches gather them in.
struct WordPositionsTests {
    @Test func positionsSurviveTheirEncodingWhateverTheGaps() {
        let lists: [[Int32]] = [[], [1], [1, 2, 3], [5, 127, 128, 255, 16_383, 16_384, 2_097_152, 1_000_000, Int32.max]
            .sorted(), Array(stride(from: 7, to: 100_000, by: 13))]
        for positions in lists {
            var decoded: [Int32] = []
            decoded = PositionListCoding.decoded(PositionListCoding.encoded(positions))
            #expect(decoded == positions)
        }
        // A close run takes a byte a position.
        #expect(PositionListCoding.encoded(Array(1...1000)).count == 1000)
    }

    @Test func wordsAreTheRunsBetweenWhiteSpace() {
        func words(_ text: String) -> [String] {
            var words: [String] = []
            WordPositions.forEachWord(in: text) { words.append($0) }
            return words
        }
        #expect(words("dlv-0000001\nraul celik\napt 3, 137  kingfisher") == ["dlv-0000001", "raul", "celik", "apt", "3,", "137", "kingfisher"])
        #expect(words("東京都世田谷区\u{3000}1丁目\tx") == ["東京都世田谷区", "1丁目", "x"])
        #expect(words(" \n ").isEmpty)
        #expect(WordPositions.canLookUp("fisher-s") && !WordPositions.canLookUp("a\u{0600} k") && !WordPositions.canLookUp(""))
    }

    @Test func theWordsAreSplitAtExactlyTheWhiteSpaceScalars() {
        // Every scalar between two letters: a separator exactly when Unicode calls it white space.
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            var words: [String] = []
            WordPositions.forEachWord(in: "a" + String(scalar) + "b") { words.append($0) }
            let expected = WordPositions.separates(scalar) ? ["a", "b"] : ["a" + String(scalar) + "b"]
            if words != expected { Issue.record("U+\(String(value, radix: 16)): \(words)") }
        }
    }

    @Test func aPositionSetUnitesIntersectsAndListsInOrder() {
        var first = PositionSet(capacity: 10)
        for position: Int32 in [300, 3, 64, 63, 3] { first.insert(position) }
        var second = PositionSet(capacity: 400)
        for position: Int32 in [64, 300, 5] { second.insert(position) }
        #expect(first.positions == [3, 63, 64, 300])
        #expect(first.count == 4 && first.contains(63) && !first.contains(5) && !first.contains(100_000) && !first.contains(-1))
        first.formIntersection(second)
        #expect(first.positions == [64, 300])
        second.formIntersection(PositionSet(capacity: 0))
        #expect(second.isEmpty)
    }

    @Test func wordsKeepTheirPositionsAscendingAndOnceEach() {
        var first = WordPositions()
        first.add(position: 1, folded: "kings road kings")
        first.add(position: 2, folded: "road\nmill")
        var later = WordPositions()
        later.add(position: 3, folded: "kings")
        first.append(later)
        #expect(first.lists == ["kings": [1, 3], "road": [1, 2], "mill": [2]])
        first["mill"] = []
        #expect(first["mill"] == nil && first.count == 2)
    }
}
