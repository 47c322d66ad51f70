import Foundation
import Logging
import Model
import NIOCore
import NIOPosix
import PostgresNIO
import Store
import Synchronization

/// One connection to the server, used synchronously by the (synchronous)
/// program, and kept up: when the server goes away the link says so, tries
/// again with growing pauses on a thread of its own, and when it is back runs
/// the store's `onReconnect` (listen again, write the queued changes).
///
/// postgres-nio is asynchronous; the link runs it on its own one-thread event
/// loop group and waits for each result from the calling thread, which is never
/// that loop's thread, so a wait cannot deadlock. One conversation at a time
/// (a lock held across each query or transaction), so a transaction is never
/// interleaved with another thread's page read.
///
/// A conversation may be given a patience: how long it waits for the link and
/// then for each answer. A server that stops answering without closing the
/// connection (a network gone quiet, a stopped process) would otherwise hold
/// the screen's loop for as long as it stays so. When the patience runs out the
/// link takes the connection for lost: it closes it, which also frees a
/// conversation stuck in it, and reconnects. A link given a heartbeat also
/// asks an idle server, now and then, for an answer within a patience: a
/// browser nobody touches learns of other browsers' changes only through
/// the connection, and one that died quietly would otherwise leave its list
/// still, and saying nothing, for good.
final class PostgresLink: Sendable {
    let location: PostgresLocation
    /// Whether this link only serves reads a newer one may supersede (the
    /// browser's searches and counts): then a query is not sent once the
    /// read it serves is stopped (`ReadInterruption`), so a search the next
    /// keystroke replaced ends after the query under way rather than running
    /// its next ones (a sorted search's order, seconds at 10^6 for a letter).
    let servesInterruptibleReads: Bool
    /// Each conversation's patience, unless it is given one.
    let patience: Duration?
    /// How often an idle link asks the server for an answer, and how long it waits for it (nil: never).
    let heartbeat: (every: Duration, patience: Duration)?
    private let group: MultiThreadedEventLoopGroup
    private let logger: Logger
    /// Held across each query or transaction: one conversation at a time.
    /// A lock that can be waited for until a deadline, which `Mutex` cannot.
    private let conversation = NSLock()
    /// When the conversation under way stops waiting for answers, and its patience, if it has one.
    private let deadline = Mutex<(end: ContinuousClock.Instant, patience: Duration)?>(nil)
    private let state = Mutex(State())
    /// Called on the reconnecting thread, with the new connection, before the link is usable again.
    let onReconnect = Mutex<(@Sendable (PostgresConnection) throws -> Void)?>(nil)
    /// Called on the event loop for each notification.
    let onNotification = Mutex<(@Sendable (String, String) -> Void)?>(nil)

    /// Longest pause between reconnection attempts.
    static let longestPause: TimeInterval = 2
    static let shortestPause: TimeInterval = 0.1
    /// How long the store's work on a new connection (`onReconnect`: the
    /// queued changes, which may wait for another's import to commit) may go
    /// without an answer before the connection is given up and tried again.
    static let reconnectPatience: Duration = .seconds(30)

    private struct State {
        var connection: PostgresConnection?
        var reconnecting = false
        var closed = false
        var lastProblem: String?
        var nextID = 1
    }

    /// Connects now; throws `.unavailable` with a message naming the server (never the password).
    init(
        location: PostgresLocation, servesInterruptibleReads: Bool = false, patience: Duration? = nil,
        heartbeat: (every: Duration, patience: Duration)? = nil
    ) throws(StoreError) {
        self.location = location
        self.servesInterruptibleReads = servesInterruptibleReads
        self.patience = patience
        self.heartbeat = heartbeat
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        logger = Logger(label: "idelivermobile.postgres", factory: { _ in SwiftLogNoOpLogHandler() })
        do {
            let connection = try connect()
            state.withLock { $0.connection = connection }
            watch(connection)
        } catch {
            try? group.syncShutdownGracefully()
            throw error
        }
        if let heartbeat { startBeating(every: heartbeat.every) }
    }

    /// A thread that checks the link every `interval` (`checkAnswers`) until it is closed; it does not keep the link alive.
    private func startBeating(every interval: Duration) {
        let thread = Thread { [weak self] in
            while true {
                Thread.sleep(forTimeInterval: Self.seconds(interval))
                guard let self, !self.state.withLock({ $0.closed }) else { return }
                self.checkAnswers()
            }
        }
        thread.name = "postgres-heartbeat"
        thread.start()
    }

    /// Asks the server for an answer within the heartbeat's patience, unless
    /// the link is away (the reconnecting thread is at work) or busy (the
    /// conversation under way finds out for itself). No answer in time: the
    /// connection is taken for lost, as `rows(_:on:)` says.
    private func checkAnswers() {
        guard let patience = heartbeat?.patience, let connection = state.withLock({ $0.connection }) else { return }
        guard conversation.try() else { return }
        defer { conversation.unlock() }
        deadline.withLock { $0 = (ContinuousClock.now + patience, patience) }
        defer { deadline.withLock { $0 = nil } }
        _ = try? rows("SELECT 1", on: connection)
    }

    deinit {
        close()
    }

    /// Closes the connection and stops reconnecting.
    func close() {
        let connection = state.withLock { state -> PostgresConnection? in
            state.closed = true
            defer { state.connection = nil }
            return state.connection
        }
        _ = try? connection?.close().wait()
        try? group.syncShutdownGracefully()
    }

    /// Whether the link has a live connection.
    var isConnected: Bool { state.withLock { $0.connection != nil } }

    /// Why the link is down, when it is.
    var problem: String? { state.withLock { $0.connection == nil ? $0.lastProblem ?? "not connected" : nil } }

    // MARK: - Talking

    /// Runs `body` with the connection, alone (no other query or transaction
    /// interleaves). A lost connection throws `.unavailable` and starts
    /// reconnecting. With a `patience`, waiting for the link and for each
    /// answer ends when it runs out, and the connection is taken for lost.
    func withConnection<T>(patience: Duration? = nil, _ body: (PostgresConnection) throws -> T) throws(StoreError) -> T {
        guard let patience = patience ?? self.patience else {
            conversation.lock()
            defer { conversation.unlock() }
            return try converse(body)
        }
        let end = ContinuousClock.now + patience
        // Away from the server, say so at once rather than wait for the reconnecting thread's turn.
        guard state.withLock({ $0.connection }) != nil else { throw unreachable() }
        guard conversation.lock(before: Date(timeIntervalSinceNow: Self.seconds(patience))) else {
            // Another conversation has had no answer for all this time: it is as stuck as this one would be.
            if let connection = state.withLock({ $0.connection }) { abandon(connection, patience: patience) }
            throw noAnswer(within: patience)
        }
        defer { conversation.unlock() }
        deadline.withLock { $0 = (end, patience) }
        defer { deadline.withLock { $0 = nil } }
        return try converse(body)
    }

    /// `body` with the connection, the conversation lock held.
    private func converse<T>(_ body: (PostgresConnection) throws -> T) throws(StoreError) -> T {
        guard let connection = state.withLock({ $0.connection }) else { throw unreachable() }
        do {
            return try body(connection)
        } catch let error as StoreError {
            throw error
        } catch {
            throw storeError(error, connection: connection)
        }
    }

    private func unreachable() -> StoreError {
        StoreError(kind: .unavailable, path: location.description, reason: "the server is unreachable (\(problem ?? "reconnecting"))")
    }

    private func noAnswer(within patience: Duration) -> StoreError {
        StoreError(kind: .unavailable, path: location.description, reason: "lost the connection to the server (\(Self.silence(patience)))")
    }

    /// Why a connection was taken for lost when its patience ran out.
    static func silence(_ patience: Duration) -> String {
        let tenths = Int((seconds(patience) * 10).rounded())
        return "no answer within \(tenths / 10)\(tenths % 10 == 0 ? "" : ".\(tenths % 10)") s"
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// Takes `connection` for lost, as having given no answer within
    /// `patience`, and closes it: whatever waits on it fails, and the link reconnects.
    private func abandon(_ connection: PostgresConnection, patience: Duration) {
        lost(connection, problem: Self.silence(patience))
        connection.close().whenComplete { _ in }
    }

    /// Runs `body` in a transaction (BEGIN … COMMIT, ROLLBACK when it throws).
    func transaction<T>(patience: Duration? = nil, _ body: (PostgresConnection) throws -> T) throws(StoreError) -> T {
        try withConnection(patience: patience) { connection in
            _ = try rows("BEGIN", on: connection)
            do {
                let value = try body(connection)
                _ = try rows("COMMIT", on: connection)
                return value
            } catch {
                if !connection.isClosed { _ = try? connection.query("ROLLBACK", logger: logger).wait() }
                throw error
            }
        }
    }

    /// The rows of `query`, waited for.
    func rows(_ query: PostgresQuery, on connection: PostgresConnection) throws -> [PostgresRow] {
        if servesInterruptibleReads, ReadInterruption.current?.isInterrupted == true {
            throw StoreError(kind: .inputOutput, path: location.description, reason: "stopped: a newer read replaced it")
        }
        // Each row handed over as it comes: postgres-nio's way of collecting
        // them all copies the rows kept so far at every batch that arrives,
        // so a result of 10^6 rows (a search for "dlv", every id) took 9 s.
        let rows = Mutex<[PostgresRow]>([])
        let answer = connection.query(query, logger: logger) { row in rows.withLock { $0.append(row) } }
        guard let (end, patience) = deadline.withLock({ $0 }) else {
            _ = try answer.wait()
            return rows.withLock { $0 }
        }
        // Past the conversation's deadline, the connection is given up.
        let left = ContinuousClock.now.duration(to: end)
        let gaveUp = Atomic<Bool>(false)
        let timer = answer.eventLoop.scheduleTask(in: .nanoseconds(max(0, Int64(Self.seconds(left) * 1e9)))) { [weak self] in
            gaveUp.store(true, ordering: .sequentiallyConsistent)
            self?.abandon(connection, patience: patience)
        }
        answer.whenComplete { _ in timer.cancel() }
        do {
            _ = try answer.wait()
            return rows.withLock { $0 }
        } catch where gaveUp.load(ordering: .sequentiallyConsistent) {
            throw noAnswer(within: patience)
        }
    }

    /// Runs `query` and returns its rows; with a `patience`, as `withConnection` says.
    func rows(_ query: PostgresQuery, patience: Duration? = nil) throws(StoreError) -> [PostgresRow] {
        try withConnection(patience: patience) { connection in try rows(query, on: connection) }
    }

    /// Runs an asynchronous piece of work (COPY) on a thread of its own and waits for it.
    func waitFor<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
        // The outcome is handed over as the one element of a queue, which the caller waits on.
        let outcome = BoundedQueue<Result<T, any Error>>(capacity: 1)
        let executor = BlockingTaskExecutor()
        defer { executor.stop() }
        Task(executorPreference: executor) {
            do { _ = outcome.put(.success(try await work())) } catch { _ = outcome.put(.failure(error)) }
            outcome.finish(error: nil)
        }
        guard let result = try outcome.take() else { throw CancellationError() }
        return try result.get()
    }

    var quietLogger: Logger { logger }

    // MARK: - Connecting and reconnecting

    private func connect() throws(StoreError) -> PostgresConnection {
        let configuration: PostgresConnection.Configuration
        do {
            configuration = try makeConfiguration()
        } catch {
            throw StoreError(kind: .unavailable, path: location.description, reason: "cannot set up TLS (\(error))")
        }
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        do {
            let connection = try PostgresConnection.connect(
                on: group.next(), configuration: configuration, id: id, logger: logger
            ).wait()
            connection.addListener(channel: PostgresSchema.notificationChannel) { [weak self] _, notification in
                self?.onNotification.withLock { $0 }?(notification.channel, notification.payload)
            }
            return connection
        } catch {
            throw StoreError(kind: .unavailable, path: location.description,
                             reason: "cannot connect to the PostgreSQL server: \(Self.whyNotConnected(error, to: location))")
        }
    }

    private func makeConfiguration() throws -> PostgresConnection.Configuration {
        var configuration: PostgresConnection.Configuration
        if location.isUnixSocket {
            // libpq uses no TLS on a Unix socket whatever sslmode says; the socket is local.
            configuration = .init(
                unixSocketPath: location.socketPath, username: location.user, password: location.password,
                database: location.database)
        } else {
            let tls: PostgresConnection.Configuration.TLS
            switch location.tls {
            case .disable:
                tls = .disable
            case .prefer, .require:
                // libpq's prefer and require encrypt but do not check the certificate.
                var tlsConfiguration = TLSConfiguration.makeClientConfiguration()
                tlsConfiguration.certificateVerification = .none
                let context = try NIOSSLContext(configuration: tlsConfiguration)
                tls = location.tls == .require ? .require(context) : .prefer(context)
            case .verifyFull:
                tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            }
            configuration = .init(
                host: location.host, port: location.port, username: location.user, password: location.password,
                database: location.database, tls: tls)
        }
        configuration.options.connectTimeout = Self.connectTimeout(location.connectTimeout)
        configuration.options.additionalStartupParameters = [("application_name", "idelivermobile")]
        return configuration
    }

    /// Starts reconnecting when `connection` closes for any reason but `close()`.
    private func watch(_ connection: PostgresConnection) {
        connection.closeFuture.whenComplete { [weak self] _ in
            self?.lost(connection, problem: "the connection was closed")
        }
    }

    private func lost(_ connection: PostgresConnection, problem: String) {
        let starts: Bool = state.withLock { state in
            guard !state.closed, state.connection === connection else { return false }
            state.connection = nil
            state.lastProblem = problem
            defer { state.reconnecting = true }
            return !state.reconnecting
        }
        guard starts else { return }
        let thread = Thread { [weak self] in self?.reconnectLoop() }
        thread.name = "postgres-reconnect"
        thread.start()
    }

    /// Tries again after 0.1 s, 0.2 s, 0.4 s … at most 2 s apart, until connected or closed.
    private func reconnectLoop() {
        var pause = Self.shortestPause
        while true {
            Thread.sleep(forTimeInterval: pause)
            if state.withLock({ $0.closed }) { return }
            do {
                let connection = try connect()
                // Listen and write the queued changes before anyone else may use it.
                let problem: String? = {
                    conversation.lock()
                    defer { conversation.unlock() }
                    // A connection that goes quiet now is given up like any other, and tried again.
                    let patience = patience ?? Self.reconnectPatience
                    deadline.withLock { $0 = (ContinuousClock.now + patience, patience) }
                    defer { deadline.withLock { $0 = nil } }
                    do {
                        try onReconnect.withLock { $0 }?(connection)
                    } catch {
                        return Self.describe(error)
                    }
                    state.withLock { state in
                        state.connection = connection
                        state.reconnecting = false
                        state.lastProblem = nil
                    }
                    return nil
                }()
                if let problem {
                    _ = try? connection.close().wait()
                    state.withLock { $0.lastProblem = problem }
                    pause = min(Self.longestPause, pause * 2)
                    continue
                }
                watch(connection)
                return
            } catch {
                state.withLock { $0.lastProblem = error.reason }
                pause = min(Self.longestPause, pause * 2)
            }
        }
    }

    /// A `StoreError` for a failure on `connection`: `.unavailable` when the
    /// connection is gone (and reconnecting starts), else the server's message.
    private func storeError(_ error: any Error, connection: PostgresConnection) -> StoreError {
        if connection.isClosed || Self.isConnectionLoss(error) {
            lost(connection, problem: Self.describe(error))
            return StoreError(kind: .unavailable, path: location.description, reason: "lost the connection to the server (\(Self.describe(error)))")
        }
        return StoreError(kind: .inputOutput, path: location.description, reason: Self.describe(error))
    }

    static func isConnectionLoss(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError else { return error is ChannelError || error is IOError }
        switch error.code {
        case .serverClosedConnection, .clientClosedConnection, .connectionError, .uncleanShutdown: return true
        default: return false
        }
    }

    /// How long connecting may take: libpq's `connect_timeout` (at least
    /// 2 s; 0 or less waits a day, as good as for ever), else 3 s.
    static func connectTimeout(_ seconds: Int?) -> TimeAmount {
        guard let seconds else { return .seconds(3) }
        return seconds <= 0 ? .hours(24) : .seconds(Int64(max(seconds, 2)))
    }

    /// Why connecting to `location` failed, in words a person can act on:
    /// the server's message when it answered, else what the socket said
    /// (nothing listening, no socket file, no such host, no answer in time,
    /// no TLS where `sslmode` asks for it) rather than the networking
    /// library's description of its attempts.
    static func whyNotConnected(_ error: any Error, to location: PostgresLocation) -> String {
        let place = location.endpoint
        if let error = error as? PSQLError {
            if error.serverInfo?[.message] != nil { return describe(error) }
            switch error.code {
            case .sslUnsupported:
                return "\(place) does not offer TLS, which sslmode=\(location.tls.rawValue) asks for"
            case .serverClosedConnection:
                return "\(place) closed the connection before it was open"
            default:
                if let underlying = error.underlying { return whyNotConnected(underlying, to: location) }
            }
        }
        if let error = error as? NIOConnectionError {
            if let failure = error.connectionErrors.first { return whyNotConnected(failure.error, to: location) }
            if error.dnsAError != nil || error.dnsAAAAError != nil { return "no host is called \(error.host)" }
        }
        if let error = error as? IOError {
            switch error.errnoCode {
            case ECONNREFUSED:
                return "nothing accepts connections at \(place); is the server running, and listening there?"
            case ENOENT where location.isUnixSocket:
                return "there is no server socket \(place); is the server running, with that socket folder and port?"
            case EACCES:
                return "not allowed to connect to \(place)"
            case ENETUNREACH, EHOSTUNREACH:
                return "\(place) cannot be reached from here"
            default:
                break
            }
        }
        if let error = error as? ChannelError, case let .connectTimeout(amount) = error {
            return "\(place) did not answer within \(amount.nanoseconds / 1_000_000_000) s (connect_timeout)"
        }
        return describe(error)
    }

    /// What went wrong, in words: the server's message when there is one
    /// (PSQLError's own description hides it), never a password.
    static func describe(_ error: any Error) -> String {
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] {
                let state = error.serverInfo?[.sqlState].map { " [\($0)]" } ?? ""
                return message + state
            }
            if let underlying = error.underlying { return PostgresLocation.redacting("\(underlying)") }
            return "\(error.code)"
        }
        if let error = error as? StoreError { return error.reason }
        return PostgresLocation.redacting("\(error)")
    }
}
