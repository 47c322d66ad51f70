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
        var current: [String: MeasuredText] = [:]
        var previous: [String: MeasuredText] = [:]
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
        if let hit = generations.withLock({ lookUp(text, in: &$0) }) { return hit }
        let measured = MeasuredText(text)
        generations.withLock { store(measured, for: text, in: &$0) }
        return measured
    }

    private func lookUp(_ text: String, in g: inout Generations) -> MeasuredText? {
        if let hit = g.current[text] { return hit }
        guard let old = g.previous[text] else { return nil }
        store(old, for: text, in: &g)
        return old
    }

    private func store(_ measured: MeasuredText, for text: String, in g: inout Generations) {
        if g.current.count >= generationSize {
            g.previous = g.current
            g.current = [:]
        }
        g.current[text] = measured
    }
}
