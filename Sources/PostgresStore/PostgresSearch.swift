import Model
import PostgresNIO
import Store

/// Which rows a list keeps, and in what order, as SQL over `delivery`: every
/// typed word (`SubstringSearch.words`, as the SQLite store splits and folds
/// them) found anywhere in the folded `search_text` (a `LIKE '%word%'`; the
/// word index, `SearchWords`, answers it without reading the texts), the
/// status when a filter is on, and the sort the `s` key chose. Every value
/// is a bound parameter.
///
/// A list in manifest or status order is read by keyset: the rows after the
/// last one learnt, in list order, a chunk at a time. In status order,
/// "after" compares the whole sort key, `(rank, position) > (that row's
/// rank, its position)`, looked up from its position, so the step needs no
/// value but a position and the order is total (position breaks ties). A
/// list in a text order is read whole, from the store's whole order
/// (`wholeList`, kept by `KeptTextOrders`) or sorted by the server.
struct PostgresSearch: Sendable, Hashable {
    /// The typed words, folded (`SubstringSearch.words`).
    var words: [String]
    /// LIKE patterns, one per word.
    var patterns: [String]
    var status: String?
    var order: DeliveryOrder

    /// Nil for every row in manifest order (the plain list, read by position range).
    init?(text: String, status: String?, order: DeliveryOrder = .manifest) {
        words = SubstringSearch.words(text)
        patterns = words.map(Self.likePattern)
        self.status = status
        self.order = order
        if patterns.isEmpty && status == nil && order == .manifest { return nil }
    }

    /// A LIKE pattern finding `word` anywhere (`%`, `_` and `\\` in it escaped).
    static func likePattern(_ word: String) -> String {
        var pattern = "%"
        for character in word {
            if character == "%" || character == "_" || character == "\\" { pattern.append("\\") }
            pattern.append(character)
        }
        return pattern + "%"
    }

    /// The sort key before `position`, as SQL expressions over `delivery`,
    /// ordered as the SQLite store orders (`DeliverySearch.orderingSQL`): a
    /// window's text and a name folded in ASCII only (`lower` under "C" is
    /// SQLite's NOCASE), compared byte by byte; no window sorts last.
    static func sortKey(_ order: DeliveryOrder) -> [String] {
        switch order {
        case .manifest: []
        case .window:
            // No window last; among those, none (NULL) before an empty one, as SQLite sorts NULL first.
            ["CASE WHEN delivery_window IS NULL THEN 1 WHEN delivery_window = '' THEN 2 ELSE 0 END",
             "coalesce(delivery_window, '') COLLATE \"C\""]
        case .name: ["lower(name COLLATE \"C\")"]
        case .status: [statusRank]
        }
    }

    /// Pending first, then out for delivery, delivered, failed.
    static let statusRank =
        "(CASE status WHEN 'pending' THEN 0 WHEN 'out_for_delivery' THEN 1 WHEN 'delivered' THEN 2 ELSE 3 END)"

    /// A status's place in status order, as `statusRank` gives it.
    static func rank(of status: String) -> Int {
        DeliveryStatus.allCases.firstIndex { $0.rawValue == status } ?? 3
    }

    /// The rows of one status, as the status index, which begins with the
    /// rank, reads them (`PostgresSchema.statusIndex`): a range of it.
    static func statusCondition(_ status: String) -> String {
        "\(statusRank) = \(rank(of: status))"
    }

    /// `SELECT <columns> FROM delivery WHERE <this search>`. `columns` and
    /// `extra` (one more condition) are the caller's own SQL, never values.
    func query(selecting columns: String, extra: String? = nil) -> PostgresQuery {
        var binds = PostgresBindings()
        var conditions = conditions(&binds)
        if let extra { conditions.append(extra) }
        var sql = "SELECT \(columns) FROM delivery"
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        return PostgresQuery(unsafeSQL: sql, binds: binds)
    }

    /// The positions of the first `limit` rows in list order after the row at
    /// `position` (0: from the start), or `backwards` the last `limit` rows
    /// before it (0: from the end), last first: a keyset step.
    ///
    /// In manifest order, a range of the primary key (or of the status
    /// index). In status order, a range of each status's part of the status
    /// index: the one the filter keeps, or all four, each read only as far as
    /// `limit` rows and merged. A text order has no index of its own (its
    /// lists are read whole): the rows after the anchor's whole key, sorted.
    func positions(after position: Int32, limit: Int, backwards: Bool = false) -> PostgresQuery {
        var binds = PostgresBindings()
        let anchor = position > 0 ? bind(position, &binds) : nil
        binds.append(limit)
        let limitParameter = "$\(binds.count)"
        let direction = backwards ? " DESC" : ""
        guard order == .status else {
            var conditions = conditions(&binds)
            if let anchor { conditions.append(keyComparison(backwards ? "<" : ">", position: anchor)) }
            let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
            let ordering = key.map { $0 + direction }.joined(separator: ", ")
            return PostgresQuery(
                unsafeSQL: "SELECT position FROM delivery\(filter) ORDER BY \(ordering) LIMIT \(limitParameter)", binds: binds)
        }
        let branches = statusRanges(&binds, comparison: backwards ? "<" : ">", anchor: anchor)
        let reads = branches.map { branch in
            "(SELECT position, \(branch.rank) AS rank FROM delivery WHERE \(branch.conditions) "
                + "ORDER BY position\(direction) LIMIT \(limitParameter))"
        }
        guard reads.count > 1 else {
            return PostgresQuery(
                unsafeSQL: "SELECT position FROM delivery WHERE \(branches[0].conditions) ORDER BY position\(direction) LIMIT \(limitParameter)",
                binds: binds)
        }
        // The statuses' ranges merged in list order: the rank, then the position.
        return PostgresQuery(
            unsafeSQL: "SELECT position FROM (\(reads.joined(separator: " UNION ALL "))) merged "
                + "ORDER BY rank\(direction), position\(direction) LIMIT \(limitParameter)",
            binds: binds)
    }

    /// Every position of the list when it holds at most `limit` rows, in list
    /// order (in manifest order unsorted: they come nearly in order, and the
    /// caller sorts them, linear in Swift); more than `limit` positions when
    /// it holds more, and then the scan stops there, and the list is counted
    /// and learnt by keyset instead.
    func positions(upTo limit: Int) -> PostgresQuery {
        var binds = PostgresBindings()
        let conditions = conditions(&binds)
        binds.append(limit + 1)
        let sortKey = Self.sortKey(order)
        let keyColumns = sortKey.enumerated().map { ", \($1) AS k\($0)" }.joined()
        let ordering = order == .manifest ? "" : " ORDER BY " + (sortKey.indices.map { "k\($0)" } + ["position"]).joined(separator: ", ")
        var matched = "SELECT position\(keyColumns) FROM delivery"
        if !conditions.isEmpty { matched += " WHERE " + conditions.joined(separator: " AND ") }
        return PostgresQuery(
            unsafeSQL: "SELECT coalesce(array_agg(position\(ordering)), '{}') FROM (\(matched) LIMIT $\(binds.count)) first",
            binds: binds)
    }

    /// Whether the word index cannot answer this search: some typed word
    /// holds white space (hidden in a grapheme cluster), which the index's
    /// words never do, so the folded texts are scanned.
    var scansText: Bool { !words.allSatisfy(WordPositions.canLookUp) }

    /// The rows at `positions` that pass the status filter, in list order
    /// (`positions`: the rows the words found, from the word index), as one
    /// array: a letter typed at 10^6 finds most rows, and taking 874,000 of
    /// them a row at a time cost this end seconds.
    func ordering(_ positions: [Int32]) -> PostgresQuery {
        var binds = PostgresBindings()
        binds.append(PositionArray(positions))
        var sql = "SELECT coalesce(array_agg(position ORDER BY \(key.joined(separator: ", "))), '{}') FROM delivery WHERE position = ANY($1)"
        if let status { sql += " AND " + Self.statusCondition(status) }
        return PostgresQuery(unsafeSQL: sql, binds: binds)
    }

    /// Every position in `order`, as one array: the rows of an `ARRAY`
    /// subquery come in its order, which the server may sort in parallel
    /// (at 10^6 1.1-1.2 s). An `ORDER BY` inside `array_agg` sorts in one
    /// process (1.5-1.9 s); `array_agg` over a sorted subquery keeps the order
    /// only while the server cannot aggregate in parts (PostgreSQL 16 can).
    static func wholeList(in order: DeliveryOrder) -> PostgresQuery {
        PostgresQuery(unsafeSQL: "SELECT ARRAY(SELECT position FROM delivery ORDER BY \(totalOrder(order).joined(separator: ", ")))")
    }

    /// Whether the list keeps only some rows (a search or a status filter), rather than sorting them all.
    var filters: Bool { !patterns.isEmpty || status != nil }

    /// How many of this list's rows come before the row at `position`, whether
    /// or not the list holds that row: where it is, or would be. With `from`
    /// (manifest order), only those at positions from `from` on.
    /// With `among` (every position of the list, already known), those rows
    /// are counted rather than the search run again.
    func rowsBefore(position: Int32, from: Int32? = nil, among known: [Int32]? = nil) -> PostgresQuery {
        var binds = PostgresBindings()
        var conditions: [String]
        if let known {
            binds.append(known)
            conditions = ["position = ANY($1)"]
        } else if order == .status {
            // Each status's range before the row, counted in its part of the status index.
            let anchor = bind(position, &binds)
            let counts = statusRanges(&binds, comparison: "<", anchor: anchor)
                .map { "(SELECT count(*) FROM delivery WHERE \($0.conditions))" }
            return PostgresQuery(unsafeSQL: "SELECT " + counts.joined(separator: " + "), binds: binds)
        } else {
            conditions = self.conditions(&binds)
        }
        binds.append(position)
        conditions.append(keyComparison("<", position: "$\(binds.count)"))
        if let from {
            binds.append(from)
            conditions.append("position >= $\(binds.count)")
        }
        return PostgresQuery(unsafeSQL: "SELECT count(*) FROM delivery WHERE " + conditions.joined(separator: " AND "), binds: binds)
    }

    /// The list's rows counted per block of `block` positions (block number,
    /// count), in the scan that counts them anyway: where a row is in a big
    /// list is then the blocks before it and a short range of one block.
    func countsPerBlock(_ block: Int32) -> PostgresQuery {
        var binds = PostgresBindings()
        let conditions = conditions(&binds)
        binds.append(block)
        var sql = "SELECT position / $\(binds.count) AS block, count(*) AS count FROM delivery"
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        return PostgresQuery(unsafeSQL: sql + " GROUP BY 1", binds: binds)
    }

    /// The sort key and then the position: the list's total order.
    private var key: [String] { Self.totalOrder(order) }

    /// The sort key of `order` and then the position.
    static func totalOrder(_ order: DeliveryOrder) -> [String] { sortKey(order) + ["position"] }

    /// The words, each bound, and the status (as its rank, a number of ours, `statusCondition`).
    private func conditions(_ binds: inout PostgresBindings) -> [String] {
        var conditions = wordConditions(&binds)
        if let status { conditions.append(Self.statusCondition(status)) }
        return conditions
    }

    /// The typed words (when the folded texts are scanned), each bound.
    private func wordConditions(_ binds: inout PostgresBindings) -> [String] {
        patterns.map { "search_text LIKE \(bind($0, &binds))" }
    }

    /// `value` bound, as its parameter (`$n`).
    private func bind<Value: PostgresNonThrowingEncodable & Sendable>(_ value: Value, _ binds: inout PostgresBindings) -> String {
        binds.append(value)
        return "$\(binds.count)"
    }

    /// A list in status order's rows of one status each (the filter's, or
    /// every status in order), as conditions reading a range of that status's
    /// part of the status index: the status, the words, and with `anchor`
    /// (the parameter of a position) the rows whose whole key compares by
    /// `comparison` with that row's. `rank`: the status's place in status order.
    private func statusRanges(
        _ binds: inout PostgresBindings, comparison: String, anchor: String?
    ) -> [(rank: Int, conditions: String)] {
        let statuses = status.map { [$0] } ?? DeliveryStatus.allCases.map(\.rawValue)
        let words = wordConditions(&binds)
        return statuses.map { status in
            let rank = Self.rank(of: status)
            // The status index begins with the rank; the key is (rank, position): of this status, all rows,
            // none, or those past the row's position.
            var conditions = [Self.statusCondition(status)] + words
            if let anchor {
                let (all, none) = comparison == ">" ? ("0", "2147483647") : ("2147483647", "0")
                conditions.append("""
                    position \(comparison) (SELECT CASE WHEN \(Self.statusRank) = \(rank) THEN position \
                    WHEN \(Self.statusRank) \(comparison == ">" ? "<" : ">") \(rank) THEN \(all) ELSE \(none) END \
                    FROM delivery WHERE position = \(anchor))
                    """)
            }
            return (rank, conditions.joined(separator: " AND "))
        }
    }

    /// Rows whose whole key compares by `comparison` with the key of the row at `position` (a bound parameter).
    private func keyComparison(_ comparison: String, position parameter: String) -> String {
        // In manifest order the key is the position itself: a plain range on the primary key.
        guard key.count > 1 else { return "position \(comparison) \(parameter)" }
        let columns = key.joined(separator: ", ")
        return "(\(columns)) \(comparison) (SELECT \(columns) FROM delivery WHERE position = \(parameter))"
    }
}
