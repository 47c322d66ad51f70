import Canvas
import Input
import Foundation
import Model
import Screens
import TestSupport
import Typesetting

/// The bundled deliveries, read from the repository as `make run` reads them.
enum SampleData {
    static let repositoryRoot = BundledSample.repositoryRoot
    static let deliveries = BundledSample.deliveries

    static func state(
        width: Int = 80, height: Int = 24, category: ContentSizeCategory = .large,
        glyphs: GlyphMode = .automatic, source: (any DeliverySource)? = nil, start: StartingView? = nil
    ) -> AppState {
        DisplayWidth.prepareLocale()
        let rows = source ?? deliveries
        var state = AppState(
            source: rows, size: Size(width: width, height: height),
            category: category, typesetter: Typesetter(glyphs: glyphs), start: start
        )
        // The title bar's counts, as `render` sets them for a manifest.
        _ = state.update(.counted(query: state.search.query, StatusCounts(counting: (0 ..< rows.count).map(rows.delivery(at:)))))
        return state
    }
}

extension AppState {
    /// Sends keys in order, returning the commands they asked for, notice
    /// timers aside (`UpdateTests` looks at those).
    @discardableResult
    mutating func press(_ keys: Key...) -> [Command] {
        press(keys)
    }

    @discardableResult
    mutating func press(_ keys: [Key]) -> [Command] {
        keys.flatMap { update(.key($0)) }.filter {
            if case .startNoticeTimer = $0 { return false }
            return true
        }
    }

    /// Updates with `message` and does what the runtime does with the sizes
    /// ahead it asks for (`Command.prepareSizes`): prepares them and sends
    /// the answer back. Returns the other commands, notice timers aside.
    @discardableResult
    mutating func send(_ message: Message) -> [Command] {
        var others: [Command] = []
        for command in update(message) {
            if case .prepareSizes(let ahead) = command {
                others += send(.sizesPrepared(ahead, ahead.prepare()))
            } else if case .startNoticeTimer = command {
                continue
            } else {
                others.append(command)
            }
        }
        return others
    }
}

extension Command {
    /// The search a key asks for: keeping the delivery `keeping`, or from the first row.
    static func search(query: String, status: StatusFilter, sort: DeliveryOrder = .manifest, keeping id: String? = nil) -> Command {
        .search(SearchRequest(query: query, status: status, sort: sort, selection: id.map { .delivery(id: $0) } ?? .firstRow))
    }
}
