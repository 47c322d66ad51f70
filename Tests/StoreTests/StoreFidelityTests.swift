import ContentDigest
import Foundation
import GRDB
import Manifest
import Model
import Testing
@testable import Store

/// The store keeps exactly what the manifest says, and refuses what it must not touch.
@Suite struct StoreFidelityTests {
    /// Through a direct import and a staged one (whose insert binds through SQLite's C API).
    @Test(arguments: [3, DeliveryImporter.directImportLimit + 20])
    func aNulIsStoredAndReadBackNotTruncated(count: Int) throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        var deliveries = SampleManifest.deliveries(count: count)
        // Empty text stays empty text, not NULL.
        deliveries[1].phone = ""
        deliveries[1].instructions = ""
        deliveries[2].text = "Ünï\u{301}code 東京"
        deliveries[0].name = "ab\u{0}cd"
        deliveries[0].address = Address(line1: "\u{0}1 Main St", line2: "Town\u{0}")
        deliveries[0].phone = "555\u{0}0100"
        deliveries[0].instructions = "ring\u{0}twice"
        // (A window is read as a time window, so a NUL cannot be in one: `DeliveryWindowTests`.)
        deliveries[0].items = [Item(name: "box\u{0}set", quantity: 1)]
        let store = try DeliveryStore(url: folder.appendingPathComponent("d.sqlite"))
        try store.importManifest(at: try SampleManifest.write(deliveries, to: folder))
        let source = try store.deliveries()
        #expect((0 ..< source.count).map(source.delivery(at:)) == deliveries)
        try store.setStatus(.failed, forDeliveryID: deliveries[0].id)
        #expect(try store.delivery(id: deliveries[0].id)?.name == "ab\u{0}cd")
        #expect(try store.delivery(id: deliveries[0].id)?.address.line2 == "Town\u{0}")
    }

    @Test func aNulInAnIdIsRefusedRatherThanTwoDeliveriesMadeOne() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let store = try DeliveryStore(url: folder.appendingPathComponent("d.sqlite"))
        let kept = SampleManifest.deliveries(count: 3)
        try store.importManifest(at: try SampleManifest.write(kept, to: folder))
        // Ids are looked up as text ending at a NUL: these two were stored as one "H", the second replacing the first.
        var twins = SampleManifest.deliveries(count: 2)
        twins[0].id = "H\u{0}2"
        twins[1].id = "H\u{0}3"
        do {
            try store.importManifest(at: try SampleManifest.write(twins, to: folder))
            Issue.record("imported ids holding NUL")
        } catch let error as ManifestError {
            #expect(error.kind == .unstorable && error.field == "deliveries[0].id" && error.exitCode == 65, "\(error)")
        }
        let source = try store.deliveries()
        #expect((0 ..< source.count).map(source.delivery(at:)) == kept)
    }
}

@Suite struct ContentHashTests {
    @Test func sha256MatchesTheStandardsVectors() {
        #expect(ContentHash.sha256(Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(ContentHash.sha256(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(ContentHash.sha256(Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(ContentHash.sha256(Data(repeating: 0x61, count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func aChangedManifestWithTheSameSizeAndTimeIsImportedAgain() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        var deliveries = SampleManifest.deliveries(count: 5)
        let store = try DeliveryStore(url: folder.appendingPathComponent("d.sqlite"))
        let manifest = try SampleManifest.write(deliveries, to: folder)
        #expect(try store.importManifestIfChanged(at: manifest).performed)
        #expect(try !store.importManifestIfChanged(at: manifest).performed, "unchanged: skipped")

        // Same length, same modification time (as `touch -r` leaves it), other content.
        let attributes = try FileManager.default.attributesOfItem(atPath: manifest.path)
        deliveries[0].name = String(deliveries[0].name.reversed())
        try SampleManifest.write(deliveries, to: folder)
        try FileManager.default.setAttributes([.modificationDate: attributes[.modificationDate] as Any], ofItemAtPath: manifest.path)
        #expect(try FileManager.default.attributesOfItem(atPath: manifest.path)[.size] as? Int == attributes[.size] as? Int)
        #expect(try store.importManifestIfChanged(at: manifest).performed, "the content changed")
        #expect(try store.delivery(id: deliveries[0].id)?.name == deliveries[0].name)
    }
}

@Suite struct SchemaVersionTests {
    @Test func aNewerStoreIsNotOpenedForWritingButCanBeRead() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let url = folder.appendingPathComponent("d.sqlite")
        let deliveries = SampleManifest.deliveries(count: 4)
        do {
            let store = try DeliveryStore(url: url)
            try store.importManifest(at: try SampleManifest.write(deliveries, to: folder))
        }
        // What a later version would leave: a higher user_version and a migration this one does not know.
        let queue = try DatabaseQueue(path: url.path)
        try queue.write { db in
            try db.execute(sql: "PRAGMA user_version = \(StoreSchema.version + 1)")
            try db.execute(sql: "INSERT INTO grdb_migrations(identifier) VALUES ('a migration from the future')")
        }
        try queue.close()

        #expect {
            try DeliveryStore(url: url)
        } throws: { error in
            guard let error = error as? StoreError else { return false }
            return error.kind == .newerSchema && error.exitCode == 65 && error.description.contains(url.path)
                && error.description.contains("version \(StoreSchema.version + 1)") && error.description.contains("\(StoreSchema.version)")
        }
        let readOnly = try DeliveryStore(url: url, access: .readOnly)
        let source = try readOnly.deliveries()
        #expect((0 ..< source.count).map(source.delivery(at:)) == deliveries)
        let version = try DatabaseQueue(path: url.path).read { try Int.fetchOne($0, sql: "PRAGMA user_version") }
        #expect(version == StoreSchema.version + 1, "nothing was written")
    }
}
