import Foundation
import GRDB
import Testing
@testable import Store

/// A failed, interrupted or killed import gives its space back: the store
/// is the size it was (within a few pages), no staging tables, no WAL and no
/// lock files are left, and a full disk is no fuller than before.
@Suite(.serialized, .enabled(if: BuiltBinary.path != nil))
struct SpaceGivenBackTests {
    static let page = 4096

    private static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    private static func leftovers(of store: URL) throws -> (staging: Bool, free: Int) {
        let queue = try DatabaseQueue(path: store.path)
        defer { try? queue.close() }
        return try queue.read { db in
            (try StagedImport.hasLeftovers(db), try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0)
        }
    }

    private static func filesBeside(_ store: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: store.deletingLastPathComponent().path)
            .filter { $0.hasPrefix(store.lastPathComponent) && $0 != store.lastPathComponent }.sorted()
    }

    @Test(.enabled(if: CommandFaultTests.canMountTmpfs, "needs unshare and a tmpfs mount in a user namespace"))
    func aFailedImportLeavesAFullDiskNoFullerThanBefore() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        try SampleManifest.write(SampleManifest.deliveries(count: 3), to: folder, name: "small.json")
        try SampleManifest.write(SampleManifest.deliveries(count: 8000, idPrefix: "BIG"), to: folder, name: "big.json")
        let disk = folder.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        let binary = BuiltBinary.path ?? "/nonexistent"
        let store = "'\(disk.path)/d.sqlite'"
        // A 1.5 MB disk: a small store fits, the big import does not.
        let script = """
            mount -t tmpfs -o size=1536k none '\(disk.path)' || exit 9
            '\(binary)' import small.json --store \(store) > /dev/null || exit 8
            echo "before $(stat -c %s \(store)) $(df --output=avail -B1 '\(disk.path)' | tail -1)"
            '\(binary)' import big.json --store \(store) > /dev/null 2> errors.txt
            echo "exit $?"
            echo "after $(stat -c %s \(store)) $(df --output=avail -B1 '\(disk.path)' | tail -1)"
            echo "files $(ls -A '\(disk.path)' | tr '\\n' ' ')"
            cp \(store) after.sqlite
            """
        let text = try CommandFaultTests.inOwnMounts(script, in: folder)
        let lines = Dictionary(text.split(separator: "\n").map { line in
            let words = line.split(separator: " ").map(String.init)
            return (words.first ?? "", Array(words.dropFirst()))
        }, uniquingKeysWith: { first, _ in first })
        let errors = (try? String(contentsOf: folder.appendingPathComponent("errors.txt"), encoding: .utf8)) ?? ""
        #expect(lines["exit"] == ["74"], "\(text) \(errors)")
        let before = try #require(lines["before"]?.compactMap { Int($0) }, "\(text)")
        let after = try #require(lines["after"]?.compactMap { Int($0) }, "\(text)")
        try #require(before.count == 2 && after.count == 2, "\(text)")
        #expect(after[0] <= before[0] + 4 * Self.page, "the store is the size it was: \(before[0]) then \(after[0])")
        #expect(after[1] >= before[1] - 4 * Self.page, "the disk is no fuller: \(before[1]) then \(after[1]) bytes free")
        #expect(lines["files"] == ["d.sqlite"], "no -wal, -shm or lock file: \(text)")
        let left = try Self.leftovers(of: folder.appendingPathComponent("after.sqlite"))
        #expect(!left.staging)
    }

    /// A store of three deliveries in `folder`, and an import of 200,000
    /// into it started and let run until it has written several megabytes.
    private static func importUnderWay(in folder: URL) throws -> (store: URL, sizeBefore: Int, process: Process, errors: Pipe) {
        try SampleManifest.write(SampleManifest.deliveries(count: 3), to: folder, name: "small.json")
        let store = folder.appendingPathComponent("d.sqlite")
        #expect(try BuiltBinary.run(["import", "small.json", "--store", store.path], in: folder).status == 0)
        #expect(try BuiltBinary.run(["generate", "--count", "200000", "--out", "big.json"], in: folder).status == 0)
        let before = size(store.path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuiltBinary.path ?? "/nonexistent")
        process.arguments = ["import", "big.json", "--store", store.path]
        process.currentDirectoryURL = folder
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        while process.isRunning, size(store.path + "-wal") + size(store.path) < before + (8 << 20) {
            Thread.sleep(forTimeInterval: 0.02)
        }
        return (store, before, process, errors)
    }

    @Test func anInterruptedImportGivesItsSpaceBack() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let (store, before, process, errors) = try Self.importUnderWay(in: folder)
        kill(process.processIdentifier, SIGINT)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 130, "\(said)")
        #expect(said.contains("interrupted: nothing was imported"), "\(said)")
        #expect(Self.size(store.path) <= before + 4 * Self.page, "the store is the size it was: \(before) then \(Self.size(store.path))")
        #expect(try Self.filesBeside(store).isEmpty, "no -wal, -shm or lock file")
        #expect(try !Self.leftovers(of: store).staging)
        let summary = try BuiltBinary.run(["summary", store.path], in: folder)
        #expect(summary.output.hasPrefix("3 deliveries"), "\(summary.output)")
    }

    @Test func aKilledImportsLeftoversGoAtTheNextOpen() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let (store, before, process, _) = try Self.importUnderWay(in: folder)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)

        // The next import (of the same three) finds the dead one's leftovers and gives them back.
        let again = try BuiltBinary.run(["import", "small.json", "--store", store.path], in: folder)
        #expect(again.status == 0, "\(again.errors)")
        #expect(Self.size(store.path) <= before + 8 * Self.page, "the store is the size it was: \(before) then \(Self.size(store.path))")
        let beside = try Self.filesBeside(store)
        #expect(beside.isEmpty, "no -wal, -shm or lock file: \(beside)")
        #expect(try !Self.leftovers(of: store).staging)
    }
}
