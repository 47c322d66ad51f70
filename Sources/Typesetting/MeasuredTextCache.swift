import Synchronization

/// Measured texts shared by every `Typesetter`, so that measuring a row again
/// (on every frame, at another width, at another text size) skips the
/// sanitise, grapheme split and ICU pass.
///
/// Bounded: when full it starts again empty, which keeps memory flat while a
/// screenful of rows is re-measured many times over.
final class MeasuredTextCache: Sendable {
    static let shared = MeasuredTextCache(capacity: 8192)

    private let capacity: Int
    private let entries = Mutex<[String: MeasuredText]>([:])

    init(capacity: Int) {
        self.capacity = capacity
    }

    func measured(_ text: String) -> MeasuredText {
        if let hit = entries.withLock({ $0[text] }) { return hit }
        let measured = MeasuredText(text)
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[text] = measured
        }
        return measured
    }
}
