import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A TCP proxy on loopback between clients and a server (a throwaway
/// PostgreSQL cluster), for fault tests: it passes bytes both ways, stalls
/// (keeps every connection open and forwards nothing, as a frozen server or
/// a dead network does), or drops (closes every connection, and each new
/// one at once), on command.
///
/// It listens on 127.0.0.1 only and connects only to 127.0.0.1: it can
/// never send anything off this machine. One thread accepts, one per
/// connection forwards (`poll` both ways); `stop()` ends them all.
public final class FaultProxy: Sendable {
    public enum Mode: Sendable, Equatable {
        case pass, stall, drop
    }

    /// The port clients connect to (on 127.0.0.1).
    public let port: Int
    private let targetPort: Int
    private let listener: Int32
    private let state = Mutex(State())

    private struct State {
        var mode = Mode.pass
        var stopped = false
        /// The open connections' two descriptors each.
        var connections: [Int: (client: Int32, server: Int32)] = [:]
        var nextID = 0
    }

    /// A proxy to 127.0.0.1:`targetPort`, listening on a free loopback port.
    public init(targetPort: Int) throws {
        self.targetPort = targetPort
        let listening = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listening >= 0 else { throw PostgresCluster.Problem(message: "socket() failed") }
        var yes: Int32 = 1
        setsockopt(listening, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        _ = fcntl(listening, F_SETFD, FD_CLOEXEC)
        var address = Self.loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listening, $0, length) == 0 && getsockname(listening, $0, &length) == 0
            }
        }
        guard bound, listen(listening, 64) == 0 else {
            close(listening)
            throw PostgresCluster.Problem(message: "the proxy cannot listen on loopback")
        }
        listener = listening
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "FaultProxy.accept"
        thread.start()
    }

    deinit { stop() }

    /// The mode in force now.
    public var mode: Mode { state.withLock { $0.mode } }

    /// Passes, stalls or drops from now on. Dropping closes every open connection.
    public func set(_ mode: Mode) {
        let closing: [(Int32, Int32)] = state.withLock { state in
            state.mode = mode
            guard mode == .drop else { return [] }
            defer { state.connections.removeAll() }
            return state.connections.values.map { ($0.client, $0.server) }
        }
        for (client, server) in closing {
            shutdown(client, Int32(SHUT_RDWR))
            shutdown(server, Int32(SHUT_RDWR))
        }
    }

    /// Closes the listener and every connection.
    public func stop() {
        let closing: [(Int32, Int32)]? = state.withLock { state in
            guard !state.stopped else { return nil }
            state.stopped = true
            defer { state.connections.removeAll() }
            return state.connections.values.map { ($0.client, $0.server) }
        }
        guard let closing else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for (client, server) in closing {
            shutdown(client, Int32(SHUT_RDWR))
            shutdown(server, Int32(SHUT_RDWR))
        }
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return address
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            let (stopped, mode) = state.withLock { ($0.stopped, $0.mode) }
            if stopped || mode == .drop {
                close(client)
                if stopped { return }
                continue
            }
            let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            _ = fcntl(server, F_SETFD, FD_CLOEXEC)
            var address = Self.loopback(port: targetPort)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
            guard connected else {
                close(server)
                close(client)
                continue
            }
            let id: Int = state.withLock { state in
                defer { state.nextID += 1 }
                state.connections[state.nextID] = (client, server)
                return state.nextID
            }
            let thread = Thread { [self] in forward(id: id, client: client, server: server) }
            thread.name = "FaultProxy.forward"
            thread.start()
        }
    }

    /// Copies bytes both ways while passing; while stalled, reads nothing
    /// (the kernel's buffers fill and both ends wait, as on a dead network).
    private func forward(id: Int, client: Int32, server: Int32) {
        defer {
            _ = state.withLock { $0.connections.removeValue(forKey: id) }
            close(client)
            close(server)
        }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var fds = [pollfd(fd: client, events: Int16(POLLIN), revents: 0), pollfd(fd: server, events: Int16(POLLIN), revents: 0)]
        while true {
            let (mode, open) = state.withLock { ($0.mode, $0.connections[id] != nil) }
            if !open || mode == .drop { return }
            if mode == .stall {
                usleep(20_000)
                continue
            }
            fds[0].revents = 0
            fds[1].revents = 0
            let ready = poll(&fds, 2, 50)
            if ready < 0 { if errno == EINTR { continue } else { return } }
            if ready == 0 { continue }
            for (from, to) in [(0, 1), (1, 0)] where fds[from].revents != 0 {
                // Looked at again: a stall that began since the poll forwards nothing more.
                guard state.withLock({ $0.mode }) == .pass else { break }
                let count = read(fds[from].fd, &buffer, buffer.count)
                if count <= 0 { return }
                var sent = 0
                while sent < count {
                    // Never SIGPIPE: a peer gone is the end of this connection, not of the test process.
                    let written = buffer.withUnsafeBytes { send(fds[to].fd, $0.baseAddress.map { $0 + sent }, count - sent, Int32(MSG_NOSIGNAL)) }
                    if written <= 0 { return }
                    sent += written
                }
            }
        }
    }
}
