import Foundation
import GRDB
import Testing
@testable import Store

/// The binary at the hard edges: read-only stores, a full disk,
/// a directory for a manifest, a store from a newer version.
@Suite(.enabled(if: BuiltBinary.path != nil))
struct CommandFaultTests {
    /// Runs the binary (under `unshare --user` when `asNobody`: root may write
    /// anything, so read-only files are only read-only to another user).
    private func run(_ arguments: [String], in folder: URL, stdout: FileHandle? = nil, asNobody: Bool = false)
        throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        let binary = BuiltBinary.path ?? "/nonexistent"
        if asNobody, geteuid() == 0 {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
            process.arguments = ["--user", binary] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = arguments
        }
        process.currentDirectoryURL = folder
        let output = Pipe(), errors = Pipe()
        process.standardOutput = stdout ?? output
        process.standardError = errors
        try process.run()
        let out = stdout == nil ? output.fileHandleForReading.readDataToEndOfFile() : Data()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    private func importedStore(in folder: URL) throws -> URL {
        try SampleManifest.write(SampleManifest.deliveries(count: 3), to: folder, name: "good.json")
        let imported = try run(["import", "good.json", "--store", "s/d.sqlite"], in: folder)
        #expect(imported.status == 0)
        return folder.appendingPathComponent("s/d.sqlite")
    }

    @Test(arguments: [["render", "s/d.sqlite", "--size", "60x10"], ["export", "s/d.sqlite"], ["summary", "s/d.sqlite"]])
    func aReadOnlyStoreIsReadAndNothingWritten(command: [String]) throws {
        let folder = try SampleManifest.temporaryFolder()
        defer {
            chmod(folder.appendingPathComponent("s").path, 0o755)
            SampleManifest.remove(folder)
        }
        let store = try importedStore(in: folder)
        chmod(folder.path, 0o755)
        chmod(store.path, 0o444)
        chmod(store.deletingLastPathComponent().path, 0o555)
        let read = try run(command, in: folder, asNobody: true)
        #expect(read.status == 0, "\(read.errors)")
        #expect(read.output.contains(command[0] == "summary" ? "3 deliveries" : SampleManifest.names[0]))
        let files = try FileManager.default.contentsOfDirectory(atPath: store.deletingLastPathComponent().path)
        #expect(files == ["d.sqlite"], "no -wal or -shm left")
    }

    @Test func renderToAFullDiskFailsWith74() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let rendered = try run(["render", "--size", "80x24"], in: folder, stdout: full)
        #expect(rendered.status == 74)
        #expect(rendered.errors.contains("cannot write"))
    }

    /// Whether this machine lets us mount a small tmpfs in a user namespace.
    static let canMountTmpfs: Bool = {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        probe.arguments = ["--user", "--map-root-user", "--mount", "sh", "-c", "mount -t tmpfs -o size=64k none /mnt"]
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }()

    /// Runs `script` in `sh` in `folder`, as root of a user namespace with
    /// mounts of its own (`canMountTmpfs`), and returns what it printed.
    static func inOwnMounts(_ script: String, in folder: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments = ["--user", "--map-root-user", "--mount", "sh", "-c", script]
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text
    }

    @Test(.enabled(if: canMountTmpfs, "needs unshare and a tmpfs mount in a user namespace"))
    func aFullDiskLeavesNoWalBehind() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        try SampleManifest.write(SampleManifest.deliveries(count: 6000), to: folder, name: "big.json")
        let disk = folder.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        let binary = BuiltBinary.path ?? "/nonexistent"
        // A 600 kB disk: the store's tables fit, the import does not.
        let script = "mount -t tmpfs -o size=600k none '\(disk.path)' && '\(binary)' import big.json --store '\(disk.path)/d.sqlite'; "
            + "echo \"exit=$?\"; ls -a '\(disk.path)'"
        let text = try Self.inOwnMounts(script, in: folder)
        #expect(text.contains("exit=74"), "\(text)")
        // The store the import was creating goes with it, and nothing beside it stays.
        #expect(!text.contains("d.sqlite"), "\(text)")
    }

    @Test func importingADirectoryExits66() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("dir.json"), withIntermediateDirectories: true)
        let imported = try run(["import", "dir.json", "--store", "s/d.sqlite"], in: folder)
        #expect(imported.status == 66)
        #expect(imported.errors.contains("dir.json: is a directory"))
    }

    @Test func aNewerStoreIsRefusedForImportButRenders() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let store = try importedStore(in: folder)
        let queue = try DatabaseQueue(path: store.path)
        try queue.write { try $0.execute(sql: "PRAGMA user_version = \(StoreSchema.version + 1)") }
        try queue.close()

        let imported = try run(["import", "good.json", "--store", "s/d.sqlite"], in: folder)
        #expect(imported.status == 65)
        #expect(imported.errors.contains(store.path) && imported.errors.contains("schema version \(StoreSchema.version + 1)")
                && imported.errors.contains("\(StoreSchema.version)"), "\(imported.errors)")
        let rendered = try run(["render", "s/d.sqlite", "--size", "60x10"], in: folder)
        #expect(rendered.status == 0)
        #expect(rendered.output.contains(SampleManifest.names[0]))
    }
}
