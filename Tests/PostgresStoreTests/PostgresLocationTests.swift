import Foundation
import NIOCore
@testable import PostgresStore
import Store
import Testing

/// Reading libpq-style URLs, the PG* variables and the password file (no server needed).
struct PostgresLocationTests {
    @Test func aFullURLIsReadAndPrintedWithoutItsPassword() throws {
        let location = try PostgresLocation(url: "postgresql://courier:pa%40ss@db.example.com:6543/team?sslmode=require", environment: [:])
        #expect(location.host == "db.example.com" && location.port == 6543 && location.user == "courier")
        #expect(location.password == "pa@ss" && location.database == "team" && location.tls == .require)
        #expect(location.description == "postgresql://courier@db.example.com:6543/team?sslmode=require")
        #expect(!"\(location)".contains("pa"+"@ss"))
    }

    @Test func whatTheURLLeavesOutComesFromTheEnvironmentThenTheDefaults() throws {
        let environment = ["PGHOST": "/run/pg", "PGPORT": "5433", "PGUSER": "dispatcher", "PGPASSWORD": "x", "PGDATABASE": "deliveries"]
        let location = try PostgresLocation(url: "postgresql://", environment: environment)
        #expect(location.isUnixSocket && location.socketPath == "/run/pg/.s.PGSQL.5433")
        #expect(location.user == "dispatcher" && location.database == "deliveries" && location.password == "x")
        let defaults = try PostgresLocation(url: "postgres:///", environment: ["USER": "amy"])
        #expect(defaults.host == "/var/run/postgresql" && defaults.port == 5432 && defaults.user == "amy" && defaults.database == "amy")
        #expect(defaults.tls == .prefer && defaults.password == nil)
        let socket = try PostgresLocation(url: "postgresql://u@%2Ftmp%2Fsock/db?port=7000", environment: [:])
        #expect(socket.socketPath == "/tmp/sock/.s.PGSQL.7000")
        let v6 = try PostgresLocation(url: "postgresql://u@[::1]:6000/db", environment: [:])
        #expect(v6.host == "::1" && v6.port == 6000 && v6.description == "postgresql://u@[::1]:6000/db")
    }

    @Test func thePasswordFileIsReadLikeLibpqsAndIgnoredWhenOthersCanReadIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pgpass-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(".pgpass")
        try "# comment\nother:*:*:*:no\ndb.example.com:5432:team:courier:se\\:cret\n*:*:*:*:fallback\n".write(to: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        let found = try PostgresLocation(url: "postgresql://courier@db.example.com/team", environment: [:], homeDirectory: folder.path)
        #expect(found.password == "se:cret")
        let fallback = try PostgresLocation(url: "postgresql://x@elsewhere/y", environment: ["PGPASSFILE": file.path])
        #expect(fallback.password == "fallback")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        let ignored = try PostgresLocation(url: "postgresql://courier@db.example.com/team", environment: [:], homeDirectory: folder.path)
        #expect(ignored.password == nil)
    }

    @Test func badURLsAreRefusedWithoutEchoingAPassword() {
        #expect(throws: PostgresLocation.Problem.self) { try PostgresLocation(url: "mysql://a/b", environment: [:]) }
        #expect(throws: PostgresLocation.Problem.self) { try PostgresLocation(url: "postgresql://h:99999/db", environment: [:]) }
        #expect(throws: PostgresLocation.Problem.self) { try PostgresLocation(url: "postgresql://h/db?sslmode=verify-ca", environment: [:]) }
        #expect(throws: PostgresLocation.Problem.self) { try PostgresLocation(url: "postgresql://h/db?sslmode=sometimes", environment: [:]) }
        #expect(throws: PostgresLocation.Problem.self) { try PostgresLocation(url: "postgresql://h/db?connect_timeout=soon", environment: [:]) }
        #expect(PostgresLocation.redacting("failed: postgresql://amy:hunter2@db/x and postgres://b:c@d") == "failed: postgresql://amy:***@db/x and postgres://b:***@d")
        // Read before any server is asked: a usage problem, whose message keeps the password out.
        do {
            _ = try PostgresDeliveryStore(url: "postgresql://amy:hunter2@h/db?sslmode=sometimes", environment: [:])
            Issue.record("opened a store from a bad URL")
        } catch {
            #expect(error.kind == .badLocation && error.exitCode == 64)
            #expect(!error.description.contains("hunter2") && error.description.contains("sslmode 'sometimes'"))
        }
    }

    @Test func theEndpointInMessagesIsTheSocketFileOrTheHostAndPort() throws {
        #expect(try PostgresLocation(url: "postgresql:///d?host=/run/pg&port=6000", environment: [:]).endpoint == "/run/pg/.s.PGSQL.6000")
        #expect(try PostgresLocation(url: "postgresql://db.example.com/d", environment: [:]).endpoint == "db.example.com:5432")
        #expect(try PostgresLocation(url: "postgresql://[::1]:6000/d", environment: [:]).endpoint == "[::1]:6000")
    }

    @Test func connectTimeoutIsReadAsLibpqReadsIt() throws {
        #expect(try PostgresLocation(url: "postgresql://h/db", environment: [:]).connectTimeout == nil)
        #expect(try PostgresLocation(url: "postgresql://h/db?connect_timeout=10", environment: ["PGCONNECT_TIMEOUT": "4"]).connectTimeout == 10)
        #expect(try PostgresLocation(url: "postgresql://h/db", environment: ["PGCONNECT_TIMEOUT": " 4"]).connectTimeout == 4)
        #expect(PostgresLink.connectTimeout(nil) == .seconds(3))
        #expect(PostgresLink.connectTimeout(1) == .seconds(2))
        #expect(PostgresLink.connectTimeout(7) == .seconds(7))
        #expect(PostgresLink.connectTimeout(0) == .hours(24))
    }
}
