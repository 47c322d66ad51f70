import Foundation
import Manifest
import Model

/// The hub's change feed: every delivery row carries the feed position of
/// its last change (`revision`), so a snapshot is every row with the
/// position it is consistent with, and "changes since" is the rows whose
/// revision is past a position, in revision order. A NOTIFY on
/// `HubSchema.channel` says only "go fetch": a missed one loses nothing,
/// since the next fetch asks by position.
enum HubFeed {
    /// The columns a feed row is read from, in this order (`row(_:)`).
    static let columns = """
        position, id, name, line1, line2, phone, text_number, status, items, instructions, delivery_window,
        revision, changed_by, changed_client, changed_at
        """

    /// A row from its fields in the binary format, `columns`' order; nil when a required field is missing or unknown.
    static func row(_ field: (Int) -> UnsafeRawBufferPointer?) -> HubRow? {
        guard let position = field(0), let id = field(1), let name = field(2), let line1 = field(3),
              let status = field(7).map(HubBinary.text).flatMap(DeliveryStatus.init(rawValue:)), let revision = field(11)
        else { return nil }
        func text(_ index: Int) -> String? { field(index).map(HubBinary.text) }
        let delivery = Delivery(
            id: HubBinary.text(id), name: HubBinary.text(name), address: Address(line1: HubBinary.text(line1), line2: text(4)),
            phone: text(5), text: text(6), status: status, items: text(8).map(ItemsColumn.decode) ?? [], instructions: text(9),
            window: text(10))
        var author: HubAuthor?
        if let role = text(12), let client = text(13), let at = field(14) {
            author = HubAuthor(role: role, clientID: client, at: HubBinary.date(at))
        }
        return HubRow(position: Int(HubBinary.int32(position)), delivery: delivery, revision: HubBinary.int64(revision), lastChange: author)
    }
}

extension HubConnection {
    /// Every delivery, in position order, handed to `row` as it streams in
    /// (binary `COPY … TO STDOUT`: nothing is held but the row at hand), and
    /// the feed position the rows are consistent with: ask `changes(since:)`
    /// from there. `progress` gets (rows so far, rows in all) now and then.
    /// A `row` that throws ends the snapshot, and the connection with it.
    public func snapshot(progress: (Int, Int) -> Void, row: (HubRow) throws -> Void) throws -> HubPosition {
        try execute("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        // A plain read of one index in order: compiling it to machine code first costs more than it saves.
        try execute("SET LOCAL jit = off")
        let facts = try execute("SELECT feed, deliveries FROM hub")
        guard facts.rows == 1, let feed = facts.text(0, 0).flatMap({ Int64($0) }), let total = facts.text(0, 1).flatMap({ Int($0) }) else {
            throw ended(HubError(.refused, "\(address) has no feed position"))
        }
        progress(0, total)
        var done = 0
        let every = max(1, total / 200)
        try copyOut("COPY (SELECT \(HubFeed.columns) FROM delivery ORDER BY position) TO STDOUT (FORMAT binary)") { fields in
            guard let decoded = HubFeed.row({ fields[$0] }) else {
                throw HubError(.refused, "\(address) sent a delivery row this program cannot read")
            }
            try row(decoded)
            done += 1
            if done % every == 0 { progress(done, total) }
        }
        try execute("COMMIT")
        progress(done, max(total, done))
        return HubPosition(sequence: feed)
    }

    /// The rows changed since `position`, in the order of their changes, at
    /// most `limit` of them, and the position to ask from next: the last
    /// row's when the page is full (more may follow), else the feed's
    /// position as the same statement saw it.
    public func changes(since position: HubPosition, limit: Int) throws(HubError) -> (rows: [HubRow], position: HubPosition) {
        // One statement, one snapshot: every row up to `feed` is visible in it (`HubSchema`'s notes).
        let result = try execute("""
            SELECT \(HubFeed.columns), h.feed FROM hub h
                LEFT JOIN LATERAL (SELECT * FROM delivery d WHERE d.revision > $1 AND d.revision <= h.feed ORDER BY d.revision LIMIT $2) d ON true
            """, [String(position.sequence), String(max(1, limit))], binary: true)
        guard result.rows > 0, let feedField = result.bytes(0, 15) else { throw HubError(.refused, "\(address) has no feed position") }
        var rows: [HubRow] = []
        for index in 0 ..< result.rows where !result.isNull(index, 0) {
            guard let row = HubFeed.row({ result.bytes(index, $0) }) else {
                throw HubError(.refused, "\(address) sent a delivery row this program cannot read")
            }
            rows.append(row)
        }
        let feed = HubBinary.int64(feedField)
        let next = rows.count >= limit ? rows[rows.count - 1].revision : max(feed, position.sequence)
        return (rows, HubPosition(sequence: next))
    }

    /// The feed's position now.
    public func position() throws(HubError) -> HubPosition {
        let result = try execute("SELECT feed FROM hub")
        return HubPosition(sequence: result.text(0, 0).flatMap { Int64($0) } ?? 0)
    }
}
