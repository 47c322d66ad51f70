import SeededRandom
@testable import Store
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

    @Test func whiteSpaceIsFoundWhereverItFallsInLongWords() {
        // Runs longer than eight bytes before and after, at three alignments; every scalar of the blocks white space lives in.
        for value in UInt32(0) ... 0x3100 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for before in ["abcdefg", "abcdefgh", "abcdefghi"] {
                var words: [String] = []
                WordPositions.forEachWord(in: before + String(scalar) + "jklmnopqrs") { words.append($0) }
                let expected = WordPositions.separates(scalar) ? [before, "jklmnopqrs"] : [before + String(scalar) + "jklmnopqrs"]
                if words != expected { Issue.record("U+\(String(value, radix: 16)) after \(before.count): \(words)") }
            }
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

    @Test func positionSetsCountWhatTheyShareAndGatherEveryTypedWordLongestFirst() {
        var odd = PositionSet(capacity: 100)
        var small = PositionSet(capacity: 4)
        for position in stride(from: Int32(1), to: 300, by: 2) { odd.insert(position) }
        for position: Int32 in [1, 2, 3, 299, 1000] { small.insert(position) }
        var both = odd
        both.formIntersection(small)
        #expect(odd.countInCommon(with: small) == both.count && both.count == 3)
        #expect(small.countInCommon(with: odd) == 3)
        // Each word's positions; the longest word is asked first, and an empty set stops the asking.
        let at: [String: [Int32]] = ["road": [1, 5, 9], "ro": [1, 2, 5, 9, 11], "x": [], "oad": [5, 9, 20]]
        var asked: [String] = []
        let found = { (word: String) -> PositionSet in
            asked.append(word)
            var set = PositionSet(capacity: 32)
            for position in at[word] ?? [] { set.insert(position) }
            return set
        }
        #expect(PositionSet.holdingAll(["ro", "road", "oad", "ro"], found)?.positions == [5, 9])
        #expect(asked == ["road", "oad", "ro"])
        asked = []
        #expect(PositionSet.holdingAll(["x", "road", "ro"], found)?.isEmpty == true)
        #expect(asked == ["road", "ro", "x"])
        asked = []
        #expect(PositionSet.holdingAll(["zzzz", "ro"], found)?.isEmpty == true)
        #expect(asked == ["zzzz"], "an empty set ends the search")
        #expect(PositionSet.holdingAll([], found) == nil)
    }

    @Test func aChangeOfRowsMovesTheirPositionsBetweenWordsAndTheWordsIdsBetweenTrigrams() {
        var change = WordIndexChange(changed: [
            (position: 3, old: "kim lee road", new: "kim park road"),
            (position: 8, old: nil, new: "park lane"),
            (position: 9, old: "same text", new: "same text"),
        ])
        #expect(change.words == ["lee", "park", "lane"])
        #expect(change.positions(of: "lee", from: [1, 3, 7]) == [1, 7])
        #expect(change.positions(of: "park", from: [5, 9]) == [3, 5, 8, 9])
        #expect(change.positions(of: "road", from: [3, 4]) == [3, 4], "a word both texts hold keeps the row")
        #expect(change.trigrams.isEmpty, "no word has left or come yet")
        change.wordLeft("lee", id: 12)
        change.wordCame("lane", id: 40)
        #expect(change.trigrams == Set(WordTrigrams.keys(of: "lee") + WordTrigrams.keys(of: "lane")))
        let lee = WordTrigrams.keys(of: "lee")[0]
        let lan = WordTrigrams.keys(of: "lane")[0]
        #expect(change.ids(of: lee, from: [3, 12, 20]) == [3, 20])
        #expect(change.ids(of: lan, from: [50, 7]) == [7, 40, 50])
        #expect(PositionListCoding.encoded([2, 9, 400]).withUnsafeBytes { PositionListCoding.decoded($0) } == [2, 9, 400])
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

    /// Words in one delivery keep their position without a list; a seeded
    /// mix of adds, parts appended, lists set and removed must read back as a
    /// plain dictionary of lists does, through every way out.
    @Test func oneDeliveryWordsAndListsReadBackAlike() {
        let seed = UInt64(0x5EED_0001)
        var random = SplitMix64(seed: seed)
        var words = WordPositions()
        var model: [String: [Int32]] = [:]
        var position: Int32 = 0
        for _ in 0 ..< 2000 {
            switch random.next() % 10 {
            case 0 ..< 6:
                position += Int32(random.next() % 3)
                let text = (0 ..< Int(random.next() % 4)).map { _ in "w\(random.next() % 40)" }.joined(separator: " ")
                words.add(position: position, folded: text)
                for word in Set(text.split(separator: " ").map(String.init)) where model[word]?.last != position {
                    model[word, default: []].append(position)
                }
            case 6, 7:
                position += 1
                var later = WordPositions()
                let word = "w\(random.next() % 40)"
                later.add(position: position, folded: word + " only\(position)")
                words.append(later)
                model[word, default: []].append(position)
                model["only\(position)"] = [position]
            case 8:
                let word = "w\(random.next() % 40)"
                let list = (0 ..< Int32(random.next() % 3)).map { $0 * 5 + 1 }
                words[word] = list
                model[word] = list.isEmpty ? nil : list
            default:
                let word = "w\(random.next() % 40)"
                words[word] = nil
                model[word] = nil
            }
        }
        #expect(words.lists == model, "seed \(seed)")
        #expect(words.count == model.count, "seed \(seed)")
        #expect(words.sorted().map(\.word) == model.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }, "seed \(seed)")
        #expect(words.sorted().allSatisfy { model[$0.word] == $0.positions }, "seed \(seed)")
        // Word bytes and encoded lists as kept, in the order `forEach` gives them.
        var encoded: [(String, [UInt8])] = []
        words.forEachEncoded { word, list in encoded.append((String(decoding: word, as: UTF8.self), Array(list))) }
        var listed: [(String, [UInt8])] = []
        words.forEach { word, list in listed.append((word, PositionListCoding.encoded(list))) }
        #expect(encoded.map(\.0) == listed.map(\.0) && encoded.map(\.1) == listed.map(\.1), "seed \(seed)")
    }

    /// Words sort in the order of their UTF-8 bytes, SQLite's `BINARY`, also
    /// those alike for many bytes, holding NUL or beginning another; and each
    /// entry's bytes are its list's encoding.
    @Test func wordsSortByTheirBytesWhateverTheyShare() {
        let seed = UInt64(0x5EED_0002)
        var random = SplitMix64(seed: seed)
        let pieces = ["a", "b", "\u{0}", "é", "z", "\u{10FFFF}", "dlv-00000", "0"]
        var words = WordPositions()
        var expected: Set<String> = []
        for position in Int32(1) ... 3000 {
            let word = (0 ..< Int(random.next() % 12)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            guard !word.isEmpty else { continue }
            words.add(position: position, folded: word)
            if random.next() % 4 == 0 { words.add(position: position + 5000, folded: word) }
            expected.insert(word)
        }
        let sorted = words.sorted()
        let got = sorted.map(\.word)
        let wanted = expected.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        #expect(got.count == wanted.count, "seed \(seed)")
        // The first word out of place, rather than thousands of them.
        if let index = zip(got, wanted).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            Issue.record("seed \(seed): word \(index) is \(got[index].debugDescription), not \(wanted[index].debugDescription)")
        }
        #expect(sorted.allSatisfy { entry in entry.withEncoded { Array($0) } == PositionListCoding.encoded(entry.positions) },
                "seed \(seed)")
    }

    /// A re-import's words: the manifest's rows given their positions (known
    /// ids keeping theirs, in any order; new ones after), merged with the
    /// words of the rows kept, must read as one table of every word would.
    @Test func aReimportsWordsMergeAsOneTableWould() {
        let seed = UInt64(0x5EED_0003)
        var random = SplitMix64(seed: seed)
        let before = 400
        // The manifest's 300 rows: most known positions (shuffled), some new.
        var known = Array(Int32(1) ... Int32(before))
        for index in known.indices.reversed() { known.swapAt(index, Int(random.next() % UInt64(index + 1))) }
        let positions = (0 ..< 300).map { row in row % 5 == 4 ? Int32(before + 1 + row) : known[row] }
        var manifest = WordPositions()
        var kept = WordPositions()
        var model: [String: Set<Int32>] = [:]
        func text() -> String { (0 ..< Int(random.next() % 4)).map { _ in "w\(random.next() % 60)" }.joined(separator: " ") }
        for (row, position) in positions.enumerated() {
            let words = text()
            manifest.add(position: Int32(row + 1), folded: words)
            for word in words.split(separator: " ") { model[String(word), default: []].insert(position) }
        }
        for position in Set(known).subtracting(positions) .sorted() {
            let words = text() + " only\(position)"
            kept.add(position: position, folded: words)
            for word in words.split(separator: " ") { model[String(word), default: []].insert(position) }
        }
        let merged = manifest.sorted().merged(positions: positions, kept: kept.sorted())
        #expect(merged.map(\.word) == model.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }, "seed \(seed)")
        for entry in merged where entry.positions != model[entry.word]?.sorted() {
            Issue.record("seed \(seed): \(entry.word) has \(entry.positions)")
        }
    }
}
