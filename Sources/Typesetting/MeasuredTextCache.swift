import Synchronization

/// Measured texts shared by every `Typesetter`, so that measuring a row again
/// (on every frame, at another width, at another text size) skips the
/// sanitise, grapheme split and ICU pass.
///
/// Bounded by two generations: lookups promote entries from the older one,
/// and when the newer one fills up the older one is dropped, so a screenful
/// of rows measured again and again stays cached while memory stays flat.
final class MeasuredTextCache: Sendable {
    static let shared = MeasuredTextCache(generationSize: 16384)

    private struct Generations: ~Copyable {
        var current: [TextKey: MeasuredText] = [:]
        var previous: [TextKey: MeasuredText] = [:]
    }

    private let generationSize: Int
    private let generations = Mutex(Generations())

    init(generationSize: Int) {
        self.generationSize = generationSize
    }

    func measured(_ text: String) -> MeasuredText {
        // Plain Latin prose is measured faster than it is hashed and looked up,
        // and keeping it out leaves the cache (and its lock) to the text that needs it.
        if let plain = MeasuredText(plainLatin: text) { return plain }
        let key = TextKey(text)
        if let hit = generations.withLock({ lookUp(key, in: &$0) }) { return hit }
        let measured = MeasuredText(text)
        generations.withLock { store(measured, for: key, in: &$0) }
        return measured
    }

    private func lookUp(_ key: TextKey, in g: inout Generations) -> MeasuredText? {
        if let hit = g.current[key] { return hit }
        guard let old = g.previous[key] else { return nil }
        store(old, for: key, in: &g)
        return old
    }

    private func store(_ measured: MeasuredText, for key: TextKey, in g: inout Generations) {
        if g.current.count >= generationSize {
            g.previous = g.current
            g.current = [:]
        }
        g.current[key] = measured
    }
}

/// A string compared and hashed by its UTF-8 bytes: String's own Hashable
/// normalises non-ASCII text on every hash and comparison, which costs more
/// than a cache miss. Canonically equal strings spelled differently just miss.
private struct TextKey: Hashable, Sendable {
    let text: String

    init(_ text: String) {
        var text = text
        text.makeContiguousUTF8()
        self.text = text
    }

    func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    static func == (lhs: TextKey, rhs: TextKey) -> Bool {
        lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }
}
