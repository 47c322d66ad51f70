import Foundation
import Model
import SeededRandom
import Store
import TeamHub
import TeamSync
import TestSupport
import Testing

/// Issue 33's fault test: five clients, each a replica with its sync engine
/// behind a proxy of its own, make status changes for
/// `$IDELIVERMOBILE_FAULT_SECONDS` (default 60) while the proxies stall and
/// drop at random and the server is restarted, from the seed
/// `$IDELIVERMOBILE_FAULT_SEED` (printed, to replay a run). Afterwards every
/// change made is in the hub's log exactly once (every one a client was told
/// was saved among them), every replica equals the hub, and every change the
/// hub rejected is shown to its maker.
@Suite(.serialized, .enabled(if: PostgresCluster.isAvailable, Comment(rawValue: PostgresCluster.skipReason)))
struct RandomizedFaultTests {
    static let clients = 5
    static var seconds: Double {
        ProcessInfo.processInfo.environment["IDELIVERMOBILE_FAULT_SECONDS"].flatMap(Double.init) ?? 60
    }
    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["IDELIVERMOBILE_FAULT_SEED"].flatMap(UInt64.init) ?? 33
    }

    /// One client: who it is, its way to the hub, its replica and its engine.
    struct Client {
        let author: ChangeAuthor
        let proxy: FaultProxy
        let replica: DeliveryStore
        let engine: SyncEngine
    }

    @Test func fiveClientsThroughStallsDropsAndRestartsLoseNothingAndDoubleNothing() throws {
        let seed = Self.seed
        print("RandomizedFaultTests: seed \(seed), \(Self.seconds) s (IDELIVERMOBILE_FAULT_SEED, IDELIVERMOBILE_FAULT_SECONDS)")
        let cluster = try PostgresCluster()
        defer { cluster.remove() }
        let team = try TeamFixture(count: 30, cluster: cluster)
        let clients = try (0 ..< Self.clients).map { number in
            let author = ChangeAuthor(clientID: UUID().uuidString.lowercased(), userName: "courier\(number)")
            let proxy = try FaultProxy(targetPort: cluster.port)
            let replica = try team.replica("client-\(number)", port: proxy.port, clientID: author.clientID)
            let engine = SyncEngine(store: replica, address: try team.address(port: proxy.port), author: author, offline: nil,
                                    timeout: .milliseconds(500), whenNews: {})
            engine.start()
            return Client(author: author, proxy: proxy, replica: replica, engine: engine)
        }
        defer { for client in clients { client.engine.stop(); client.proxy.stop() } }

        // Every change made (its id), and those a screen would have called "saved" (the hub answered for it).
        let made = Shared<[Int: [(id: String, sequence: Int64)]]>([:])
        let saved = Shared<Set<String>>([])
        let failures = Shared<[String]>([])
        let deadline = Date().addingTimeInterval(Self.seconds)
        let group = DispatchGroup()
        for (number, client) in clients.enumerated() {
            group.enter()
            Thread {
                defer { group.leave() }
                var random = SplitMix64(seed: SplitMix64.mix(seed &+ UInt64(number)))
                while Date() < deadline {
                    let delivery = team.deliveries[Int.random(in: 0 ..< team.deliveries.count, using: &random)]
                    let status = DeliveryStatus.allCases.randomElement(using: &random) ?? .pending
                    do {
                        if let change = try client.replica.setStatus(status, forDeliveryID: delivery.id, by: client.author),
                           let sequence = change.outboxSequence, let id = change.changeID {
                            made.withLock { $0[number, default: []].append((id, sequence)) }
                        }
                        client.engine.kick()
                    } catch {
                        failures.withLock { $0.append("client \(number): \(error)") }
                    }
                    if let report = client.engine.report {
                        let sent = made.withLock { $0[number, default: []] }.filter { report.hasSent($0.sequence) }.map(\.id)
                        saved.withLock { $0.formUnion(sent) }
                    }
                    Thread.sleep(forTimeInterval: Double.random(in: 0.02 ... 0.15, using: &random))
                }
            }.start()
        }

        // The faults: a client's link stalls or drops for a while, or the server restarts.
        var random = SplitMix64(seed: seed)
        var restarts = 0
        while Date() < deadline {
            let roll = Int.random(in: 0 ..< 10, using: &random)
            if roll == 0 {
                try cluster.stop()
                Thread.sleep(forTimeInterval: Double.random(in: 0.3 ... 1.5, using: &random))
                try cluster.start()
                restarts += 1
            } else {
                let client = clients[Int.random(in: 0 ..< clients.count, using: &random)]
                client.proxy.set([.stall, .drop, .pass][roll % 3])
            }
            Thread.sleep(forTimeInterval: Double.random(in: 0.2 ... 1.5, using: &random))
        }
        group.wait()
        for client in clients { client.proxy.set(.pass) }
        #expect(failures.withLock { $0 }.isEmpty)

        // Everything reaches the hub once the faults stop.
        for client in clients {
            client.engine.kick()
            #expect(TeamFixture.eventually { (try? client.replica.outboxCount()) == 0 }, "\(client.author.userName)'s outbox empties")
        }
        let changes = made.withLock { $0.values.flatMap { $0.map(\.id) } }
        let logged = TeamFixture.pairs(try cluster.psql(team.database, """
            SELECT string_agg(change_id::text || '=' || n, ',') FROM (SELECT change_id, count(*) AS n FROM status_change GROUP BY change_id) c
            """))
        let missing = changes.filter { logged[$0] == nil }
        let doubled = changes.filter { (logged[$0] ?? "1") != "1" }
        #expect(missing.isEmpty, "\(missing.count) of \(changes.count) changes never reached the hub")
        #expect(doubled.isEmpty, "\(doubled.count) changes were logged more than once")
        #expect(saved.withLock { $0 }.isSubset(of: Set(logged.keys)), "every change called saved is on the hub")
        print("RandomizedFaultTests: \(changes.count) changes, \(saved.withLock { $0.count }) seen saved during the run, \(restarts) server restarts")

        // Every replica equals the hub, and every rejected change is shown to its maker.
        let hub = try team.hubStatuses()
        for client in clients {
            client.engine.kick()
            #expect(TeamFixture.eventually { (try? TeamFixture.statuses(of: client.replica)) == hub }, "\(client.author.userName)'s replica equals the hub")
            let rejected = try cluster.psql(team.database, """
                SELECT coalesce(string_agg(change_id::text, ','), '') FROM status_change WHERE client = '\(client.author.clientID)' AND outcome <> 'applied'
                """).split(separator: ",").map(String.init)
            let shown = Set(try client.replica.unseenConflicts(madeBy: client.author.clientID).map { $0.changeID.uuidString.lowercased() })
            #expect(Set(rejected) == shown, "\(client.author.userName): every rejected change is shown to its maker, and only those")
        }
    }
}
