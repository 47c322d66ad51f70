import Foundation
import Model
import Store
import Synchronization
import TeamHub

/// Keeps a replica and its hub in step, on a thread of its own, so that
/// nothing on the path from a key to a frame ever waits for the network.
///
/// Its loop: connect (every call has a deadline, `HubConnection`), send the
/// outbox in order, take the hub's changes since the replica's position,
/// then wait up to a second for a `NOTIFY` (only a "go fetch" nudge: a
/// missed one loses nothing, since the next round asks by position) or for
/// `kick()` (a change was just made here). A lost or silent hub ends the
/// round: the engine says it is offline, tries again a moment later, and
/// the outbox waits on disk meanwhile.
///
/// The engine never touches the screens: it keeps its news (`SyncReport`,
/// and whether rows changed) for the runtime, which takes it with
/// `takeNews()` when `whenNews` wakes it and turns it into messages.
public final class SyncEngine: Sendable {
    /// What the engine has to say since the runtime last asked.
    public struct News: Sendable {
        /// The newest report, when it differs from the last one taken.
        public var report: SyncReport?
        /// The replica's rows changed (the hub's changes, or a refused change's status put back).
        public var rowsChanged: Bool
    }

    /// How long a call to the hub may wait for it.
    public static let callTimeout: Duration = .seconds(3)
    /// The longest wait for a nudge before asking the hub anyway.
    static let quietRound: Duration = .seconds(1)
    /// The wait before connecting again after the hub failed.
    static let retryDelay: Duration = .seconds(1)

    private let store: DeliveryStore
    private let address: HubAddress
    private let timeout: Duration
    private let author: ChangeAuthor
    private let whenNews: @Sendable () -> Void
    private let state: Mutex<State>

    private struct State {
        var stopped = false
        var kicked = false
        var report: SyncReport?
        var taken: SyncReport?
        var rowsChanged = false
        /// The connection in use, to cancel on `stop()`.
        var connection: HubConnection?
    }

    /// An engine for `store` (a replica of the hub at `address`), making changes as `author`.
    /// `offline` is why the hub did not answer at start, if it did not.
    public init(
        store: DeliveryStore, address: HubAddress, author: ChangeAuthor, offline: String?, timeout: Duration = callTimeout,
        whenNews: @escaping @Sendable () -> Void
    ) {
        self.store = store
        self.address = address
        self.timeout = timeout
        self.author = author
        self.whenNews = whenNews
        state = Mutex(State())
        // The first report is known before the thread runs: the screens start with it.
        publish(link: offline.map(SyncReport.Link.offline) ?? .online, connectedAt: nil, rowsChanged: false)
    }

    /// Starts the engine's thread.
    public func start() {
        let thread = Thread { [self] in run() }
        thread.name = "idelivermobile.sync"
        thread.start()
    }

    /// A change was just saved here: send it now rather than after the wait.
    public func kick() {
        state.withLock { $0.kicked = true }
    }

    /// The maker has looked at the refused change `changeID`: it is marked
    /// seen in the replica now, a local write like a status change's, so
    /// that a browser quit before the hub answers again does not show it
    /// once more; the next report leaves it out.
    public func lookedAt(changeID: String) {
        if let id = UUID(uuidString: changeID) { try? store.markSeen(id) }
        kick()
    }

    /// The news since the last call (`whenNews` says when there is some).
    public func takeNews() -> News {
        state.withLock { state in
            let report = state.report == state.taken ? nil : state.report
            state.taken = state.report
            defer { state.rowsChanged = false }
            return News(report: report, rowsChanged: state.rowsChanged)
        }
    }

    /// The newest report, taken or not.
    public var report: SyncReport? { state.withLock { $0.report } }

    /// Ends the thread: a call in progress is cancelled; the outbox stays on disk.
    public func stop() {
        let connection = state.withLock { state in
            state.stopped = true
            return state.connection
        }
        connection?.cancel()
    }

    /// Waits up to `patience` for the outbox to be empty (sent); whether it is.
    public func waitUntilSent(patience: Duration) -> Bool {
        let deadline = ContinuousClock.now + patience
        kick()
        while ContinuousClock.now < deadline {
            if (try? store.outboxCount()) == 0 { return true }
            if case .offline = report?.link { return false }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return (try? store.outboxCount()) == 0
    }

    // MARK: - The thread

    private var isStopped: Bool { state.withLock { $0.stopped } }

    private func run() {
        var connection: HubConnection?
        var connectedAt = Date()
        while !isStopped {
            if connection == nil {
                do throws(HubError) {
                    let opened = try HubConnection(address, clientID: author.clientID, timeout: timeout)
                    try opened.listen()
                    let hub = try? store.replicaState()?.hub
                    if hub != opened.identity.uuidString.lowercased() {
                        opened.close()
                        throw HubError(.refused, "\(address.redacted) is another database than the one this replica copies "
                                       + "(it was made anew): quit and start again to copy it")
                    }
                    connection = opened
                    connectedAt = Date()
                    state.withLock { $0.connection = opened }
                } catch {
                    publish(link: .offline(error.message), connectedAt: nil, rowsChanged: false)
                    pause(Self.retryDelay)
                    continue
                }
            }
            guard let current = connection else { continue }
            do {
                let exchange = HubExchange(store: store, connection: current, connectedAt: connectedAt)
                let pushed = try exchange.push()
                let pulled = try exchange.pull()
                publish(link: .online, connectedAt: connectedAt, rowsChanged: pushed || pulled)
                try waitForWork(on: current)
            } catch {
                current.close()
                connection = nil
                state.withLock { $0.connection = nil }
                let words = (error as? HubError)?.message ?? "\(error)"
                publish(link: .offline(words), connectedAt: nil, rowsChanged: false)
                pause(Self.retryDelay)
            }
        }
        connection?.close()
    }

    /// Waits for a nudge from the hub, a kick, a stop, or the end of a quiet round.
    private func waitForWork(on connection: HubConnection) throws {
        let deadline = ContinuousClock.now + Self.quietRound
        while ContinuousClock.now < deadline {
            if state.withLock({ $0.stopped || $0.kicked }) { break }
            if try connection.waitForNudge(timeout: .milliseconds(50)) { break }
        }
        state.withLock { $0.kicked = false }
    }

    /// Sleeps up to `duration`, less when kicked or stopped.
    private func pause(_ duration: Duration) {
        let deadline = ContinuousClock.now + duration
        while ContinuousClock.now < deadline, !state.withLock({ $0.stopped || $0.kicked }) {
            Thread.sleep(forTimeInterval: 0.02)
        }
        state.withLock { $0.kicked = false }
    }

    /// Makes the report of the replica as it is now and wakes the runtime when there is news.
    private func publish(link: SyncReport.Link, connectedAt: Date?, rowsChanged: Bool) {
        let waiting = (try? store.outboxCount()) ?? 0
        let bounds = (try? store.outboxBounds()) ?? (queuedThrough: 0, waitingFrom: nil)
        let conflicts = ((try? store.unseenConflicts(madeBy: author.clientID)) ?? []).map { conflict in
            ConflictNotice(
                changeID: conflict.changeID.uuidString.lowercased(), deliveryID: conflict.deliveryID, mine: conflict.mine,
                madeAt: Self.timeOfDay(conflict.madeAt), madeOffline: connectedAt.map { conflict.madeAt < $0 } ?? true,
                kept: conflict.kept, keptBy: conflict.keptBy, keptAt: conflict.keptAt.flatMap(Self.timeOfDay))
        }
        let report = SyncReport(
            link: link, waiting: waiting, conflicts: conflicts, queuedThrough: bounds.queuedThrough, waitingFrom: bounds.waitingFrom)
        let news = state.withLock { state in
            state.report = report
            if rowsChanged { state.rowsChanged = true }
            return rowsChanged || report != state.taken
        }
        if news { whenNews() }
    }

    /// A moment as a local time of day, for messages.
    static func timeOfDay(_ date: Date) -> TimeOfDay? {
        let parts = Calendar.current.dateComponents([.hour, .minute], from: date)
        guard let hour = parts.hour, let minute = parts.minute else { return nil }
        return TimeOfDay(hour: hour, minute: minute)
    }
}
