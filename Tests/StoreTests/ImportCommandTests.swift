import Foundation
import GRDB
import Model
import Testing
@testable import Store

/// `idelivermobile import` as a process: exit codes, messages, and a kill in the middle of a write.
/// Runs under `make test`, which builds the binary and names it in IDELIVERMOBILE_BIN.
@Suite(.enabled(if: BuiltBinary.path != nil))
struct ImportCommandTests {
    private func process(_ arguments: [String], in folder: URL) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuiltBinary.path ?? "/nonexistent")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        return process
    }

    /// Runs to the end; returns the exit status and standard error.
    private func run(_ arguments: [String], in folder: URL) throws -> (status: Int32, output: String, errors: String) {
        try BuiltBinary.run(arguments, in: folder)
    }

    @Test func exitCodesFollowSysexits() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        try SampleManifest.write(SampleManifest.deliveries(count: 3), to: folder, name: "good.json")
        try Data("{\"deliveries\": [{\"id\": \"A\", \"name\": 7}]}".utf8).write(to: folder.appendingPathComponent("bad.json"))
        try Data("x".utf8).write(to: folder.appendingPathComponent("plain"))

        let good = try run(["import", "good.json", "--store", "s/d.sqlite"], in: folder)
        #expect(good.status == 0)
        #expect(good.output.hasPrefix("Imported 3 deliveries from good.json (3 new, 0 updated, 0 unchanged)"))
        #expect(good.errors == "")

        // Again with one delivery changed: only that one counts as updated.
        var changed = SampleManifest.deliveries(count: 3)
        changed[1].name = "Renamed Person"
        try SampleManifest.write(changed, to: folder, name: "good.json")
        let again = try run(["import", "good.json", "--store", "s/d.sqlite"], in: folder)
        #expect(again.output.hasPrefix("Imported 3 deliveries from good.json (0 new, 1 updated, 2 unchanged)"))

        // One delivery is one, not "1 deliveries".
        try SampleManifest.write(SampleManifest.deliveries(count: 1), to: folder, name: "one.json")
        let one = try run(["import", "one.json", "--store", "s/one.sqlite"], in: folder)
        #expect(one.output.hasPrefix("Imported 1 delivery from one.json (1 new, 0 updated, 0 unchanged)"))

        let missing = try run(["import", "nope.json", "--store", "s/d.sqlite"], in: folder)
        #expect(missing.status == 66)
        #expect(missing.errors == "idelivermobile: nope.json: no such file\n")

        let bad = try run(["import", "bad.json", "--store", "s/d.sqlite"], in: folder)
        #expect(bad.status == 65)
        #expect(bad.errors == "idelivermobile: bad.json:1:37: delivery 0 (id \"A\"), field deliveries[0].name: must be a string, found a number\n")

        let cannotCreate = try run(["import", "good.json", "--store", "plain/d.sqlite"], in: folder)
        #expect(cannotCreate.status == 73)

        #expect(try DeliveryStore(url: folder.appendingPathComponent("s/d.sqlite")).count() == 3)
    }

    /// The process exits right after the importer returns: a thread of the
    /// import still running then (its reader hashing the manifest) could
    /// crash in exit's cleanup, a segfault (139) instead of 65 now and then.
    /// A few runs add confidence; `ImportThreadTests` is the deterministic check.
    @Test func aRepeatedIdExits65EveryTime() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        var deliveries = SampleManifest.deliveries(count: 12)
        deliveries[9].id = deliveries[0].id
        try SampleManifest.write(deliveries, to: folder, name: "dupid.json")
        for attempt in 0 ..< 8 {
            let outcome = try run(["import", "dupid.json", "--store", "s\(attempt)/d.sqlite"], in: folder)
            #expect(outcome.status == 65, "attempt \(attempt): \(outcome.errors)")
            #expect(outcome.errors.hasSuffix("duplicate id; delivery 0 has the same id\n"))
        }
    }

    @Test func killingAnImportMidWriteLeavesTheStoreAsItWasAndTheNextImportWorks() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let url = folder.appendingPathComponent("d.sqlite")
        let deliveries = SampleManifest.deliveries(count: 100)
        do {
            let store = try DeliveryStore(url: url)
            try store.importManifest(at: try SampleManifest.write(deliveries, to: folder))
            try store.setStatus(.failed, forDeliveryID: deliveries[1].id)
        }
        let before = (0..<100).map(try DeliveryStore(url: url).deliveries().delivery(at:))
        #expect(try run(["generate", "--count", "100000", "--seed", "5", "--out", "big.json"], in: folder).status == 0)

        let importer = process(["import", "big.json", "--store", url.path], in: folder)
        importer.standardOutput = FileHandle.nullDevice
        importer.standardError = FileHandle.nullDevice
        try importer.run()
        // Kill it in the middle of writing: once it has committed some of its staged rows.
        let probe = try DatabaseQueue(path: url.path)
        var staged = 0
        while importer.isRunning, staged < 20_000 {
            staged = try probe.read { db in
                // (Not `tableExists`: the probe's cached schema would not see the importer's new table.)
                let exists = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE name = 'staged_delivery'") == 1
                return exists ? try Int.fetchOne(db, sql: "SELECT count(*) FROM staged_delivery") ?? 0 : 0
            }
            usleep(20_000)
        }
        try probe.close()
        #expect(importer.isRunning)
        kill(importer.processIdentifier, SIGKILL)
        importer.waitUntilExit()
        #expect(importer.terminationReason == .uncaughtSignal)

        let reopened = try DeliveryStore(url: url)
        #expect(try reopened.count() == 100)
        #expect((0..<100).map(try reopened.deliveries().delivery(at:)) == before)
        #expect(try reopened.search("dlv", status: .failed).count == before.filter { $0.status == .failed }.count)
        let check = try DatabaseQueue(path: url.path).read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") }
        #expect(check == "ok")
        // Opening discarded what the killed import left; the next import works.
        #expect(try LongImportTests.leftoverTables(url) == [])
        let again = try run(["import", "big.json", "--store", url.path], in: folder)
        #expect(again.status == 0, "\(again.errors)")
        #expect(try DeliveryStore(url: url).count() > 100)
        #expect(try LongImportTests.leftoverTables(url) == [])
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("d.sqlite-import") }
        #expect(files == [], "no import lock files left")
    }
}
