import Synchronization

/// A request to stop the import under way: Ctrl-C, a hang-up or a
/// termination while `idelivermobile import` (or a first browse) writes.
/// The importer stops before its next transaction and gives back what it
/// wrote as for any failed import (staging dropped, pages returned to the
/// file system, the WAL emptied), so an interrupted import leaves the store
/// as it was, in size too. A signal is a process-wide event, and so is this.
public enum ImportInterruption {
    private static let signal = Atomic<Int32>(0)

    /// Records `number` as the reason to stop (the first one counts).
    public static func request(signal number: Int32) {
        _ = signal.compareExchange(expected: 0, desired: number, ordering: .relaxed)
    }

    /// The signal that asked the import to stop, if one did.
    public static var requested: Int32? {
        let number = signal.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }
}
