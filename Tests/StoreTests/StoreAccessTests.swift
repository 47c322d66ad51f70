import Foundation
import GRDB
import TestSupport
import Testing
@testable import Store

/// What the commands may do to a store and its folder: read-only commands
/// create and write nothing, a folder or an empty file is refused by every
/// command with the problem named, a failed import leaves no store, a newer
/// version's store is never written, what the program creates is private,
/// and a failed write to standard output is an error.
@Suite(.enabled(if: BuiltBinary.path != nil))
struct StoreAccessTests {
    /// Runs `script` in `sh` in `folder`, `$IDM` naming the binary, with the
    /// default store and settings inside `folder`.
    private func shell(_ script: String, in folder: URL) throws -> (status: Int32, output: String, errors: String) {
        let environment = [
            "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TERM": "xterm-256color", "HOME": folder.path, "IDM": BuiltBinary.path ?? "/nonexistent",
            "XDG_DATA_HOME": folder.appendingPathComponent("data").path, "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
        ]
        let outcome = try ProcessOutcome.of("/bin/sh", ["-c", script], in: folder, environment: environment)
        return (outcome.status, outcome.output, outcome.errors)
    }

    private func listing(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    private func mode(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    private func store(in folder: URL, name: String = "s/d.sqlite") throws -> URL {
        try SampleManifest.write(SampleManifest.deliveries(count: 3), to: folder, name: "good.json")
        let imported = try shell("\"$IDM\" import good.json --store \(name)", in: folder)
        #expect(imported.status == 0, "\(imported.errors)")
        return folder.appendingPathComponent(name)
    }

    @Test func readingCommandsCreateNothingBesideTheStore() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let store = try store(in: folder)
        let before = try listing(store.deletingLastPathComponent())
        let bytes = try Data(contentsOf: store)
        for command in ["export s/d.sqlite", "export --format json --store s/d.sqlite", "summary s/d.sqlite", "summary --format json s/d.sqlite",
                        "render s/d.sqlite --size 60x10", "render --store s/d.sqlite --search Feng"] {
            let run = try shell("\"$IDM\" \(command) > /dev/null", in: folder)
            #expect(run.status == 0, "\(command): \(run.errors)")
            #expect(try listing(store.deletingLastPathComponent()) == before, "\(command) left files")
        }
        #expect(try Data(contentsOf: store) == bytes, "the store's bytes are unchanged")
        // A manifest, whatever its name, is read in memory: no store beside it, none by default.
        try FileManager.default.copyItem(at: folder.appendingPathComponent("good.json"), to: store.deletingLastPathComponent().appendingPathComponent("today"))
        let folderBefore = try listing(folder)
        for command in ["export s/today", "export --format json --store s/today", "summary s/today", "summary --format json --store s/today"] {
            let run = try shell("\"$IDM\" \(command) > /dev/null", in: folder)
            #expect(run.status == 0, "\(command): \(run.errors)")
            #expect(try listing(store.deletingLastPathComponent()) == (before + ["today"]).sorted(), "\(command) left files")
            #expect(try listing(folder) == folderBefore, "\(command) made a store")
        }
    }

    @Test(.enabled(if: CommandFaultTests.canMountTmpfs, "needs unshare and a tmpfs mount in a user namespace"))
    func aStoreOnAReadOnlyFileSystemIsRead() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        try SampleManifest.write(SampleManifest.deliveries(count: 3), to: folder, name: "good.json")
        let disk = folder.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        let binary = BuiltBinary.path ?? "/nonexistent"
        let store = "'\(disk.path)/d.sqlite'"
        let script = """
            mount -t tmpfs -o size=1m none '\(disk.path)' || exit 9
            '\(binary)' import good.json --store \(store) > /dev/null || exit 8
            mount -o remount,ro '\(disk.path)' || exit 7
            '\(binary)' export \(store) > /dev/null; echo "export $?"
            '\(binary)' summary \(store) > /dev/null; echo "summary $?"
            '\(binary)' render \(store) > /dev/null; echo "render $?"
            echo "files $(ls -A '\(disk.path)' | tr '\\n' ' ')"
            """
        let text = try CommandFaultTests.inOwnMounts(script, in: folder)
        for command in ["export", "summary", "render"] {
            #expect(text.contains("\(command) 0"), "\(text)")
        }
        #expect(text.contains("files d.sqlite \n"), "\(text)")
    }

    @Test(arguments: ["empty", "folder"])
    func anEmptyFileOrAFolderIsRefusedByEveryCommand(kind: String) throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        try SampleManifest.write(SampleManifest.deliveries(count: 3), to: folder, name: "good.json")
        let target = folder.appendingPathComponent("x.sqlite")
        if kind == "empty" {
            _ = FileManager.default.createFile(atPath: target.path, contents: Data())
        } else {
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
        }
        let (status, problem): (Int32, String) = kind == "empty" ? (65, "x.sqlite: is empty (0 bytes)") : (66, "x.sqlite: is a directory")
        for command in ["export x.sqlite", "export --store x.sqlite", "summary x.sqlite", "render x.sqlite", "render --store x.sqlite",
                        "import good.json --store x.sqlite", "browse --store x.sqlite", "browse x.sqlite"] {
            // browse needs a terminal: script(1) gives it one.
            let line = command.hasPrefix("browse")
                ? "script -qec '\"$IDM\" \(command)' /dev/null < /dev/null" : "\"$IDM\" \(command)"
            let run = try shell(line, in: folder)
            let said = run.errors + run.output
            #expect(run.status == status, "\(command): \(said)")
            #expect(said.contains(problem), "\(command): \(said)")
        }
        if kind == "empty" {
            #expect(try Data(contentsOf: target).isEmpty, "still 0 bytes: no store was made in it")
        }
        // (browse keeps its browser's identity in the settings folder, `config`: no store.)
        #expect(try listing(folder).filter { $0 != "config" } == ["good.json", "x.sqlite"])
    }

    @Test func aFailedImportNeverCreatesTheStore() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        try Data("not json at all\n".utf8).write(to: folder.appendingPathComponent("notjson.txt"))
        var run = try shell("\"$IDM\" import notjson.txt --store x.sqlite", in: folder)
        #expect(run.status == 65, "\(run.errors)")
        run = try shell("\"$IDM\" import missing.json --store s/y.sqlite", in: folder)
        #expect(run.status == 66, "\(run.errors)")
        run = try shell("\"$IDM\" import notjson.txt", in: folder)
        #expect(run.status == 65, "\(run.errors)")
        #expect(try listing(folder) == ["notjson.txt"], "no store, folder or default store made")
    }

    @Test func aStoreIsNoManifestAndContentDecidesWhatAFileIs() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        _ = try store(in: folder)
        try FileManager.default.copyItem(at: folder.appendingPathComponent("good.json"), to: folder.appendingPathComponent("today"))
        try Data("hello\n".utf8).write(to: folder.appendingPathComponent("notes.json"))
        var run = try shell("\"$IDM\" render today --size 60x10", in: folder)
        #expect(run.status == 0 && run.output.contains(SampleManifest.names[0]), "\(run.errors)")
        run = try shell("\"$IDM\" import today --store s/d.sqlite", in: folder)
        #expect(run.status == 0, "\(run.errors)")
        run = try shell("\"$IDM\" import s/d.sqlite --store t.sqlite", in: folder)
        #expect(run.status == 65 && run.errors.contains("is a deliveries store, not a manifest"), "\(run.errors)")
        run = try shell("\"$IDM\" render notes.json", in: folder)
        #expect(run.status == 65 && run.errors.contains("neither a deliveries manifest (JSON) nor a store (SQLite)"), "\(run.errors)")
        run = try shell("\"$IDM\" summary today", in: folder)
        #expect(run.status == 0 && run.output.hasPrefix("3 deliveries in \(folder.appendingPathComponent("today").path)\n"), "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("t.sqlite").path))
    }

    @Test func aNewerStoreIsNeverWritten() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let store = try store(in: folder)
        // As a newer version might leave it: not in WAL mode, its version ahead.
        let queue = try DatabaseQueue(path: store.path)
        try queue.writeWithoutTransaction { db in
            _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE")
            try db.execute(sql: "PRAGMA user_version = \(StoreSchema.version + 1)")
        }
        try queue.close()
        let bytes = try Data(contentsOf: store)
        for command in ["import good.json --store s/d.sqlite", "export s/d.sqlite", "summary s/d.sqlite", "render s/d.sqlite",
                        "browse s/d.sqlite", "browse --store s/d.sqlite"] {
            let line = command.hasPrefix("browse")
                ? "script -qec '\"$IDM\" \(command)' /dev/null < /dev/null" : "\"$IDM\" \(command) > /dev/null"
            _ = try shell(line, in: folder)
            #expect(try Data(contentsOf: store) == bytes, "\(command) wrote to the store")
            #expect(try listing(store.deletingLastPathComponent()) == ["d.sqlite"], "\(command) left files")
        }
        let run = try shell("\"$IDM\" import good.json --store s/d.sqlite", in: folder)
        #expect(run.status == 65 && run.errors.contains("schema version \(StoreSchema.version + 1)"), "\(run.errors)")
    }

    @Test func whatTheProgramCreatesIsPrivateWhateverTheUmask() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        try SampleManifest.write(SampleManifest.deliveries(count: 3), to: folder, name: "good.json")
        var run = try shell("umask 000; \"$IDM\" import good.json && \"$IDM\" import good.json --store new/deep/d.sqlite", in: folder)
        #expect(run.status == 0, "\(run.errors)")
        #expect(try mode(folder.appendingPathComponent("data/idelivermobile").path) == 0o700)
        #expect(try mode(folder.appendingPathComponent("data/idelivermobile/deliveries.sqlite").path) == 0o600)
        #expect(try mode(folder.appendingPathComponent("new").path) == 0o700)
        #expect(try mode(folder.appendingPathComponent("new/deep").path) == 0o700)
        #expect(try mode(folder.appendingPathComponent("new/deep/d.sqlite").path) == 0o600)
        // A umask that takes the owner's own bits changes nothing either.
        run = try shell("umask 0277; \"$IDM\" import good.json --store other/d.sqlite", in: folder)
        #expect(run.status == 0, "\(run.errors)")
        #expect(try mode(folder.appendingPathComponent("other/d.sqlite").path) == 0o600)
        // An existing store keeps the mode its owner gave it.
        chmod(folder.appendingPathComponent("new/deep/d.sqlite").path, 0o640)
        try SampleManifest.write(SampleManifest.deliveries(count: 4), to: folder, name: "more.json")
        run = try shell("\"$IDM\" import more.json --store new/deep/d.sqlite", in: folder)
        #expect(run.status == 0, "\(run.errors)")
        #expect(try mode(folder.appendingPathComponent("new/deep/d.sqlite").path) == 0o640)
    }

    @Test(arguments: ["summary", "summary --format json", "export", "export --format json", "render --size 40x10", "import good.json --store t.sqlite"])
    func aFailedWriteToStandardOutputExits74(command: String) throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        _ = try store(in: folder)
        let storeArgument = command.hasPrefix("import") ? "" : " --store s/d.sqlite"
        for redirection in ["> /dev/full", ">&-"] {
            let run = try shell("\"$IDM\" \(command)\(storeArgument) \(redirection)", in: folder)
            #expect(run.status == 74, "\(command) \(redirection): \(run.errors)")
            #expect(run.errors.contains("cannot write to standard output"), "\(command) \(redirection): \(run.errors)")
            try? FileManager.default.removeItem(at: folder.appendingPathComponent("t.sqlite"))
        }
    }
}
