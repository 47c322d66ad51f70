import Foundation
import PostgresStore
import Store

/// Opens what `--store` names: a `postgresql://` URL (a team's PostgreSQL
/// database) or a file path (SQLite; nil is the default store).
enum StoreOpener {
    static func isDatabaseURL(_ text: String?) -> Bool {
        text.map(PostgresLocation.isURL) ?? false
    }

    static func open(_ store: String?) throws(StoreError) -> any DeliveryStoring {
        if let store, PostgresLocation.isURL(store) { return try PostgresDeliveryStore(url: store) }
        return try DeliveryStore(path: store)
    }

    /// Opens a store to import into, with what this call created for it (an
    /// SQLite file that was not there, and the folders made for it; nil when
    /// it was there, or for a database URL).
    static func openForImport(_ store: String?) throws(StoreError) -> (any DeliveryStoring, created: StoreFiles.Created?) {
        if let store, PostgresLocation.isURL(store) { return (try PostgresDeliveryStore(url: store), nil) }
        let url = store.map { URL(fileURLWithPath: $0) } ?? StoreLocation.defaultURL()
        let created = StoreFile.content(at: url.path) == .missing ? StoreFiles.Created(store: url) : nil
        return (try DeliveryStore(url: url), created)
    }

    /// After a failed import: lets go of the store, and removes it when the
    /// import created it (with the folders made for it), so that a failed
    /// import never leaves a store behind (nor a -wal or -shm beside one that was there).
    static func abandon(_ store: any DeliveryStoring, created: StoreFiles.Created?) {
        store.close()
        created?.remove()
    }
}
