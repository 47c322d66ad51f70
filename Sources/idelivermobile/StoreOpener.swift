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
}
