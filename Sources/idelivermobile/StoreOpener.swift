import Foundation
import Store
import TeamHub

/// Reads what `--store` names: a `postgresql://` URL (a team's hub, used
/// through its local replica, `TeamStoreOpener`) or a file path (SQLite; nil
/// is the default store).
enum StoreOpener {
    /// Whether `text` is meant as a database address (`postgres:` or
    /// `postgresql:`, however many slashes): such a text is never a file name.
    static func isDatabaseURL(_ text: String?) -> Bool {
        text.map(HubAddress.isAddress) ?? false
    }

    /// `text` read as libpq reads it: what libpq cannot read is a usage
    /// error (64) naming the problem, before any server is asked. A password
    /// in it is warned about once.
    static func address(_ text: String) throws(StoreError) -> HubAddress {
        do throws(HubError) {
            let address = try HubAddress(parsing: text)
            if let warning = address.passwordWarning() { Diagnostics.warn("warning: \(warning)") }
            return address
        } catch {
            throw StoreError(kind: .badLocation, path: "store address", reason: error.message)
        }
    }

    /// The SQLite store at `store` (nil: the default store); a team's hub is never opened here.
    static func open(_ store: String?) throws(StoreError) -> any DeliveryStoring {
        try DeliveryStore(path: store)
    }

    /// Opens a store to import into, with what this call created for it (an
    /// SQLite file that was not there, and the folders made for it; nil when
    /// it was there). A team's hub is imported into apart (`ImportCommand`).
    static func openForImport(_ store: String?) throws(StoreError) -> (any DeliveryStoring, created: StoreFiles.Created?) {
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
