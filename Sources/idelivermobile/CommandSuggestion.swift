/// "Did you mean …?" for a word that is neither a file nor a command, as git
/// suggests `status` for `statsu`: `idelivermobile summry` would otherwise be
/// read as browsing a store named "summry" and say there is no such store.
enum CommandSuggestion {
    /// The command names `word` is nearest to, at most two edits away (one for
    /// short words), nearest first; empty when none is near.
    static func nearest(to word: String, among names: [String]) -> [String] {
        let typed = Array(word.lowercased())
        guard !typed.isEmpty, typed.count <= 20 else { return [] }
        let limit = typed.count <= 4 ? 1 : 2
        return names
            .map { (name: $0, distance: distance(typed, Array($0))) }
            .filter { $0.distance <= limit }
            .sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }
            .map(\.name)
    }

    /// Edits (insert, delete, replace, or swap two neighbours) that turn `a` into `b`.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0 ... a.count { table[i][0] = i }
        for j in 0 ... b.count { table[0][j] = j }
        for i in 1 ... a.count {
            for j in 1 ... b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
