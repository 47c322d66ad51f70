import CLibpq
import Foundation
import Glibc

/// One libpq connection to the team's hub, used from one thread at a time.
///
/// Every call has a deadline: libpq runs non-blocking and each wait for the
/// server polls its socket for at most `timeout`, so a server that keeps the
/// connection but answers nothing (a network gone quiet, a stalled proxy)
/// ends the call as `timedOut` rather than blocking the thread for good; a
/// long call (a snapshot, an import) may run as long as bytes keep moving.
/// `cancel()`, from any thread, ends a call in progress at once.
///
/// A call that ends mid-conversation (timed out, cancelled, the connection
/// lost) closes the connection, since libpq cannot tell where the
/// conversation stands; every later call then fails as `unreachable`, and
/// the caller connects again.
///
/// Opening checks the hub's schema (`HubSchema`): its owner brings an older
/// one up to date; any other role is refused with words saying who may.
///
/// `@unchecked Sendable` only so that `cancel()` may be called from another
/// thread: it touches nothing but the `Sendable` interruption; everything
/// else belongs to the one thread using the connection.
public final class HubConnection: @unchecked Sendable {
    public let address: HubAddress
    /// Who this program is among the hub's clients (the replica's identity), recorded with its changes.
    public let clientID: String
    /// How long any wait for the server may take: short for a browser's
    /// calls, long enough for an import's statements that build keys over
    /// millions of rows (the server sends nothing while it works).
    public var timeout: Duration
    /// The hub's identity, made once with its schema: a re-created database has another.
    public private(set) var identity = UUID()
    /// The role the server knows this connection as (`session_user`), recorded with its changes.
    public private(set) var role = ""

    var pg: OpaquePointer?
    private let interruption = HubInterruption()

    public init(_ address: HubAddress, clientID: String, timeout: Duration) throws(HubError) {
        self.address = address
        self.clientID = clientID
        self.timeout = timeout
        try connect()
        do throws(HubError) {
            try HubSchema.prepare(self)
            let result = try execute("SELECT identity::text, session_user FROM hub")
            guard result.rows == 1, let identity = result.text(0, 0).flatMap(UUID.init(uuidString:)) else {
                throw HubError(.refused, "\(address) has no hub identity; its schema is incomplete")
            }
            self.identity = identity
            role = result.text(0, 1) ?? ""
        } catch {
            close()
            throw error
        }
    }

    deinit {
        close()
    }

    /// Interrupts the call in progress, from any thread, and closes the connection for good (see the type's notes).
    public func cancel() {
        interruption.fire()
    }

    /// Ends the connection; later calls fail as `unreachable`.
    public func close() {
        if let pg { PQfinish(pg) }
        pg = nil
    }

    public var isOpen: Bool { pg != nil }

    // MARK: - Connecting

    private func connect() throws(HubError) {
        let keywords = ["dbname", "client_encoding", "fallback_application_name"]
        let values = [address.text, "UTF8", "idelivermobile"]
        let started = withCStrings(keywords) { keywordPointers in
            withCStrings(values) { valuePointers in PQconnectStartParams(keywordPointers, valuePointers, 1) }
        }
        guard let started else { throw HubError(.unreachable, "cannot connect to \(address): out of memory") }
        pg = started
        if PQstatus(started) == CONNECTION_BAD {
            let error = HubFailure.starting(address, message: String(cString: PQerrorMessage(started)))
            close()
            throw error
        }
        let deadline = ContinuousClock.now + connectDeadline()
        var polling = PGRES_POLLING_WRITING
        while true {
            if PQstatus(started) == CONNECTION_BAD || polling == PGRES_POLLING_FAILED {
                let error = HubFailure.connecting(address, message: String(cString: PQerrorMessage(started)))
                close()
                throw error
            }
            if polling == PGRES_POLLING_OK { break }
            try wait(reading: polling == PGRES_POLLING_READING, writing: polling == PGRES_POLLING_WRITING, until: deadline,
                     doing: "connecting")
            polling = PQconnectPoll(started)
        }
        // The server's notices (a migration's "does not exist, skipping") are not for the person at the terminal.
        PQsetNoticeProcessor(started, { _, _ in }, nil)
        guard PQsetnonblocking(started, 1) == 0 else {
            close()
            throw HubError(.unreachable, "cannot connect to \(address): the connection cannot be made non-blocking")
        }
    }

    /// The URL's (or `PGCONNECT_TIMEOUT`'s) `connect_timeout` when it sets one, else `timeout`.
    private func connectDeadline() -> Duration {
        guard let pg, let options = PQconninfo(pg) else { return timeout }
        defer { PQconninfoFree(options) }
        var option = options
        while let keyword = option.pointee.keyword {
            if String(cString: keyword) == "connect_timeout", let value = option.pointee.val,
               let seconds = Int(String(cString: value).trimmingCharacters(in: .whitespaces)), seconds > 0 {
                return .seconds(max(2, seconds))
            }
            option += 1
        }
        return timeout
    }

    // MARK: - Waiting with a deadline

    /// Waits until the server's socket can be read or written (as asked), the deadline passes, or `cancel()` is called.
    /// Returns whether it can be read; a deadline passed is `timedOut`, and closes the connection.
    @discardableResult
    func wait(reading: Bool, writing: Bool, until deadline: ContinuousClock.Instant, doing what: String) throws(HubError) -> Bool {
        guard let readable = try poll(reading: reading, writing: writing, until: deadline, doing: what) else {
            throw ended(HubError(.timedOut, "\(address) did not answer within \(Self.words(timeout)) while \(what); the connection is closed"))
        }
        return readable
    }

    /// As `wait`, but a deadline passed is nil rather than an error.
    func poll(reading: Bool, writing: Bool, until deadline: ContinuousClock.Instant, doing what: String) throws(HubError) -> Bool? {
        while true {
            guard let pg else { throw closedError() }
            if interruption.isFired { throw ended(HubError(.cancelled, "\(what) \(address) was interrupted")) }
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return nil }
            let socket = PQsocket(pg)
            guard socket >= 0 else { throw ended(HubError(.unreachable, "the connection to \(address) was lost while \(what)")) }
            var events = Int16(0)
            if reading { events |= Int16(POLLIN) }
            if writing { events |= Int16(POLLOUT) }
            var descriptors = [pollfd(fd: socket, events: events, revents: 0),
                               pollfd(fd: interruption.readEnd, events: Int16(POLLIN), revents: 0)]
            let milliseconds = Int32(clamping: max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            let ready = Glibc.poll(&descriptors, 2, milliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                throw ended(HubError(.unreachable, "waiting for \(address) failed: \(String(cString: strerror(errno)))"))
            }
            if descriptors[1].revents != 0 || interruption.isFired {
                throw ended(HubError(.cancelled, "\(what) \(address) was interrupted"))
            }
            if descriptors[0].revents != 0 { return descriptors[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 }
        }
    }

    /// A deadline `timeout` from now: each wait for the server's next bytes gets the whole of it.
    var nextDeadline: ContinuousClock.Instant { ContinuousClock.now + timeout }

    /// Closes the connection after a call ended mid-conversation, and returns `error` to throw.
    func ended(_ error: HubError) -> HubError {
        close()
        return error
    }

    func closedError() -> HubError {
        HubError(.unreachable, "the connection to \(address) is closed (after an earlier failure); connect again")
    }

    /// The connection, or the error saying it is closed.
    func open() throws(HubError) -> OpaquePointer {
        guard let pg else { throw closedError() }
        if interruption.isFired { throw ended(HubError(.cancelled, "the connection to \(address) was interrupted")) }
        return pg
    }

    // MARK: - Statements

    /// Runs one statement with text parameters (nil for NULL) and returns its
    /// result, rows as text, or with `binary` in the binary format. A
    /// statement the server refuses throws its error in words, and the
    /// connection stays usable.
    @discardableResult
    func execute(_ sql: String, _ parameters: [String?] = [], binary: Bool = false) throws(HubError) -> HubResult {
        let pg = try open()
        let sent = withOptionalCStrings(parameters) { values in
            PQsendQueryParams(pg, sql, Int32(parameters.count), nil, values, nil, nil, binary ? 1 : 0)
        }
        guard sent == 1 else { throw ended(HubFailure.lost(address, message: String(cString: PQerrorMessage(pg)))) }
        try flush()
        var last: HubResult?
        var failure: HubError?
        while let result = try nextResult() {
            switch result.status {
            case PGRES_FATAL_ERROR, PGRES_BAD_RESPONSE, PGRES_NONFATAL_ERROR:
                failure = failure ?? HubFailure.statement(result, address: address)
            case PGRES_COPY_IN, PGRES_COPY_OUT, PGRES_COPY_BOTH:
                // Not asked for here: end it so the connection stays in step.
                throw ended(HubError(.refused, "\(address) began a COPY where a statement's result was expected"))
            default:
                last = result
            }
        }
        if let failure { throw failure }
        guard let last else { throw HubError(.refused, "\(address) returned no result") }
        return last
    }

    /// Sends what libpq has queued, waiting (with the deadline) while the socket is full.
    func flush() throws(HubError) {
        while true {
            let pg = try open()
            let flushed = PQflush(pg)
            if flushed == 0 { return }
            guard flushed > 0 else { throw ended(HubFailure.lost(address, message: String(cString: PQerrorMessage(pg)))) }
            if try wait(reading: true, writing: true, until: nextDeadline, doing: "sending to") {
                guard PQconsumeInput(pg) == 1 else { throw ended(HubFailure.lost(address, message: String(cString: PQerrorMessage(pg)))) }
            }
        }
    }

    /// The next result of the statement sent, waiting for it; nil when there are no more.
    func nextResult() throws(HubError) -> HubResult? {
        while true {
            let pg = try open()
            if PQisBusy(pg) == 0 { return PQgetResult(pg).map(HubResult.init) }
            try wait(reading: true, writing: false, until: nextDeadline, doing: "waiting for an answer from")
            guard PQconsumeInput(pg) == 1 else { throw ended(HubFailure.lost(address, message: String(cString: PQerrorMessage(pg)))) }
        }
    }

    /// `identifier` quoted as SQL names are (libpq's `PQescapeIdentifier`), for the few statements that take a name, not a value.
    func quoted(identifier: String) throws(HubError) -> String {
        let pg = try open()
        guard let escaped = PQescapeIdentifier(pg, identifier, identifier.utf8.count) else {
            throw HubError(.refused, "'\(identifier)' cannot be used as a name: \(String(cString: PQerrorMessage(pg)))")
        }
        defer { PQfreemem(escaped) }
        return String(cString: escaped)
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    func transaction<Value>(_ begin: String = "BEGIN", _ body: () throws(HubError) -> Value) throws(HubError) -> Value {
        try execute(begin)
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            if isOpen { _ = try? execute("ROLLBACK") }
            throw error
        }
    }

    static func words(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return seconds == seconds.rounded() ? "\(Int(seconds)) s" : String(format: "%.1f s", seconds)
    }
}

/// Calls `body` with `strings` as a NULL-terminated array of C strings.
func withCStrings<Result>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Result) -> Result {
    withOptionalCStrings(strings) { body(UnsafePointer($0)) }
}

/// Calls `body` with `strings` as an array of C strings (a NULL for each nil), itself NULL-terminated.
func withOptionalCStrings<Result>(_ strings: [String?], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> Result) -> Result {
    let copies = strings.map { $0.flatMap { strdup($0) } }
    let array = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: copies.count + 1)
    defer {
        array.deallocate()
        for copy in copies { free(copy) }
    }
    for (index, copy) in copies.enumerated() { array[index] = copy.map { UnsafePointer($0) } }
    array[copies.count] = nil
    return body(array)
}
