import Foundation
import Model
import Screens
import Typesetting

/// The bundled deliveries, read from the repository as `make run` reads them.
enum SampleData {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let deliveries: InMemoryDeliveries = {
        let url = repositoryRoot.appendingPathComponent("Data/deliveries.json")
        do {
            return InMemoryDeliveries(try ManifestReader().read(contentsOf: url).deliveries)
        } catch {
            fatalError("the bundled data must load: \(error)")
        }
    }()

    static func state(
        width: Int = 80, height: Int = 24, category: ContentSizeCategory = .large,
        glyphs: GlyphMode = .automatic, source: (any DeliverySource)? = nil
    ) -> AppState {
        DisplayWidth.prepareLocale()
        let rows = source ?? deliveries
        var state = AppState(
            source: rows, size: TerminalSize(width: width, height: height),
            category: category, typesetter: Typesetter(glyphs: glyphs)
        )
        // The title bar's counts, as `render` sets them for a manifest.
        state.setOverview(StatusCounts(counting: (0 ..< rows.count).map(rows.delivery(at:))))
        return state
    }
}

extension AppState {
    /// Applies keys in order, returning every effect they asked for.
    @discardableResult
    mutating func press(_ keys: Key...) -> [Effect] {
        keys.flatMap { handle($0) }
    }
}
