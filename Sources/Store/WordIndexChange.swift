/// What rows written in place or added do to a word index, as both stores
/// keep one (`SearchWordIndex`, and the PostgreSQL store's `SearchWords`):
/// the positions each word loses and gains, and, as words leave the index
/// or come into it, the word ids each trigram's list loses and gains.
public struct WordIndexChange: Sendable {
    private var leaving: [String: Set<Int32>] = [:]
    private var joining: [String: Set<Int32>] = [:]
    private var trigramsLosing: [Int64: Set<Int32>] = [:]
    private var trigramsGaining: [Int64: Set<Int32>] = [:]

    /// Each row's position leaves the words only its `old` text held (nil
    /// for a new row) and joins those only its `new` text holds.
    public init(changed: [(position: Int32, old: String?, new: String)]) {
        for row in changed where row.old != row.new {
            let old = row.old.map(WordPositions.words(of:)) ?? []
            let new = WordPositions.words(of: row.new)
            for word in old.subtracting(new) { leaving[word, default: []].insert(row.position) }
            for word in new.subtracting(old) { joining[word, default: []].insert(row.position) }
        }
    }

    /// The words whose positions change.
    public var words: Set<String> { Set(leaving.keys).union(joining.keys) }

    /// `positions` (the word's, ascending) as the change leaves them.
    public func positions(of word: String, from positions: [Int32]) -> [Int32] {
        Self.applying(leaving[word], joining[word], to: positions)
    }

    /// The word with `id` left the index: its trigrams' lists lose the id.
    public mutating func wordLeft(_ word: String, id: Int32) {
        WordTrigrams.forEachKey(of: word) { trigramsLosing[$0, default: []].insert(id) }
    }

    /// The word with `id` came into the index: its trigrams' lists gain the id.
    public mutating func wordCame(_ word: String, id: Int32) {
        WordTrigrams.forEachKey(of: word) { trigramsGaining[$0, default: []].insert(id) }
    }

    /// The trigrams whose lists change, once the words that left or came are noted.
    public var trigrams: Set<Int64> { Set(trigramsLosing.keys).union(trigramsGaining.keys) }

    /// `ids` (the trigram's list, ascending) as the change leaves them.
    public func ids(of trigram: Int64, from ids: [Int32]) -> [Int32] {
        Self.applying(trigramsLosing[trigram], trigramsGaining[trigram], to: ids)
    }

    /// An ascending list without `gone` and with `added`, ascending.
    private static func applying(_ gone: Set<Int32>?, _ added: Set<Int32>?, to list: [Int32]) -> [Int32] {
        var list = list
        if let gone { list.removeAll(where: gone.contains) }
        if let added { list = Array(Set(list).union(added)).sorted() }
        return list
    }
}
