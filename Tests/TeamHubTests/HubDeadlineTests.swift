import Foundation
@testable import TeamHub
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Every call has a deadline: a server that keeps the connection and says nothing ends the call as timed out,
/// and `cancel()` from another thread ends it at once.
@Suite(.enabled(if: PostgresCluster.isAvailable, Comment(rawValue: PostgresCluster.skipReason)))
struct HubDeadlineTests {
    /// Runs `body` with the connection's server process frozen (SIGSTOP), as a network gone quiet looks to the client.
    private func frozen(_ hub: HubConnection, _ body: () throws -> Void) throws {
        let pid = try #require(hub.execute("SELECT pg_backend_pid()").text(0, 0).flatMap { Int32($0) })
        kill(pid, SIGSTOP)
        defer { kill(pid, SIGCONT) }
        try body()
    }

    @Test func aSilentServerEndsTheCallAsTimedOutAndClosesTheConnection() throws {
        let fixture = try HubFixture()
        let hub = try fixture.connect(timeout: .milliseconds(500))
        try frozen(hub) {
            #expect {
                _ = try hub.position()
            } throws: { error in
                let error = error as? HubError
                return error?.kind == .timedOut && error?.exitCode == 69 && error?.message.contains("did not answer") == true
            }
        }
        #expect(!hub.isOpen)
        #expect {
            _ = try hub.position()
        } throws: { error in
            (error as? HubError)?.kind == .unreachable
        }
    }

    @Test func cancelFromAnotherThreadEndsACallInProgress() throws {
        let fixture = try HubFixture()
        let hub = try fixture.connect(timeout: .seconds(120))
        try frozen(hub) {
            let canceller = Thread {
                Thread.sleep(forTimeInterval: 0.2)
                hub.cancel()
            }
            canceller.start()
            #expect {
                _ = try hub.position()
            } throws: { error in
                (error as? HubError)?.kind == .cancelled
            }
        }
        #expect(!hub.isOpen)
    }

    @Test func aServerThatNeverAnswersTheStartupTimesOutConnecting() throws {
        // A listener that accepts (the kernel does) and never says a word.
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0 }
        }
        try #require(bound && listen(listener, 4) == 0)
        let port = UInt16(bigEndian: address.sin_port)
        #expect {
            try HubConnection(HubAddress(parsing: "postgresql://idm@127.0.0.1:\(port)/x?sslmode=disable"), clientID: "t", timeout: .milliseconds(500))
        } throws: { error in
            (error as? HubError)?.kind == .timedOut
        }
    }

    @Test func aNudgeComesWhenSomeoneChangesAStatusAndQuietIsNotAFailure() throws {
        let fixture = try HubFixture()
        let owner = try fixture.connect()
        let deliveries = HubFixture.deliveries(count: 3).map { delivery in
            var delivery = delivery
            delivery.status = .pending
            return delivery
        }
        try owner.importManifest(at: fixture.write(deliveries))
        let listener = try fixture.connect(client: "listener")
        try listener.listen()
        #expect(try listener.waitForNudge(timeout: .milliseconds(100)) == false)
        #expect(listener.isOpen)
        _ = try owner.submit(HubChange(changeID: UUID(), deliveryID: deliveries[1].id, basedOn: .pending, status: .failed, madeAt: Date()))
        #expect(try listener.waitForNudge(timeout: .seconds(30)))
        // An import nudges too.
        var changed = deliveries
        changed[0].name = "Someone New"
        try owner.importManifest(at: fixture.write(changed, name: "changed.json"))
        #expect(try listener.waitForNudge(timeout: .seconds(30)))
    }
}
