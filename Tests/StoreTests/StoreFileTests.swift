import Foundation
import Testing
@testable import Store

/// What a path holds, from its first bytes, before SQLite is let near it.
@Suite struct StoreFileTests {
    @Test func aPathIsToldByWhatItHolds() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        #expect(StoreFile.content(at: path("none")) == .missing)
        #expect(StoreFile.content(at: folder.path) == .directory)
        #expect(FileManager.default.createFile(atPath: path("empty"), contents: Data()))
        #expect(StoreFile.content(at: path("empty")) == .empty)
        #expect(FileManager.default.createFile(atPath: path("m.json"), contents: Data(#"{"deliveries": []}"#.utf8)))
        #expect(StoreFile.content(at: path("m.json")) == .other)
        let store = try DeliveryStore(url: folder.appendingPathComponent("s.sqlite"))
        store.close()
        #expect(StoreFile.content(at: path("s.sqlite")) == .sqlite(schemaVersion: StoreSchema.version))
    }

    @Test func whatCannotBeAStoreIsRefusedNamingTheProblem() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        #expect(FileManager.default.createFile(atPath: folder.appendingPathComponent("empty").path, contents: Data()))
        for (name, kind, words) in [("empty", StoreError.Kind.notAStore, "is empty (0 bytes)"), ("", .missing, "is a directory"),
                                    ("none", .missing, "no such store")] {
            let url = folder.appendingPathComponent(name)
            #expect {
                _ = try DeliveryStore(url: url, access: .readOnly)
            } throws: { error in
                guard let error = error as? StoreError else { return false }
                return error.kind == kind && error.description.contains(words)
            }
        }
        #expect(try Data(contentsOf: folder.appendingPathComponent("empty")).isEmpty)
    }
}
