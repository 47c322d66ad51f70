import Model

/// Where an import's deliveries come from: a manifest file (read and
/// checked by `ManifestReader`) or a team hub's snapshot streamed straight
/// in (`DeliveryStore.importSnapshot`), without a manifest file between.
/// `read` runs on the importer's reading thread, which prepares the rows
/// while the writer writes them.
struct ImportSource: Sendable {
    /// What `progress` counts to: the manifest's bytes; nil when it counts
    /// deliveries, as many as `expect` says.
    let size: Int?
    /// Calls `expect` with about how many deliveries come (to size the word
    /// lists, and as the progress total when `size` is nil), then `body`
    /// with each delivery, in order, with its index from 0; now and then
    /// `progress` with how far it has read.
    let read: @Sendable (
        _ expect: (Int) -> Void, _ progress: (Int) -> Void, _ body: (Int, Delivery) throws -> Void
    ) throws -> Void
    /// Runs on the reading thread once the rows are all handed over (a
    /// manifest's pages given back, its hash made while the writer indexes);
    /// `stopped` says when the writer has given up (the import failed or
    /// ended), which waits for this to return.
    let finished: @Sendable (_ stopped: () -> Bool) throws -> Void
}
