import Benchmark
import Canvas
import Foundation
import Input
import ManifestGenerator
import Model
import RowLayout
import Screens
import Typesetting

/// The row-height engine through the real render path (AppState + render):
/// what a user waits for after opening the data, pressing `+`, End or PgDn,
/// at 10^3 … 10^6 rows; and the `exact` strategy laying out every row.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
        timeUnits: .microseconds,
        warmupIterations: 2,
        maxDuration: .seconds(3),
        maxIterations: 60
    )
    let screen = Size(width: 80, height: 24)

    for count in [1_000, 10_000, 100_000, 1_000_000] {
        Benchmark("First frame (estimated) N=\(count)") { benchmark in
            let source = DataSets.shared.source(count: count)
            benchmark.startMeasurement()
            let state = AppState(source: source, size: screen, category: .large, strategy: .estimated)
            blackHole(state.render())
            benchmark.stopMeasurement()
        }

        for (name, category) in [("Text size step +", ContentSizeCategory.large), ("Text size step AX4 to AX5", .accessibility4)] {
            Benchmark("\(name) (estimated) N=\(count)") { benchmark in
                var state = AppState(
                    source: DataSets.shared.source(count: count), size: screen, category: category, strategy: .estimated,
                    start: StartingView(top: count / 2, selected: count / 2)
                )
                blackHole(state.render())
                benchmark.startMeasurement()
                blackHole(state.update(.key(.character("+"))))
                blackHole(state.render())
                benchmark.stopMeasurement()
            }
        }

        // A key from the top of a freshly opened list, and the frame after it.
        for (name, key) in [("End", Key.end), ("PgDn", .pageDown)] {
            Benchmark("\(name) (estimated) N=\(count)") { benchmark in
                var state = AppState(source: DataSets.shared.source(count: count), size: screen, category: .large, strategy: .estimated)
                blackHole(state.render())
                benchmark.startMeasurement()
                blackHole(state.update(.key(key)))
                blackHole(state.render())
                benchmark.stopMeasurement()
            }
        }

        Benchmark("Refine 200 rows (estimated) N=\(count)") { benchmark in
            let source = DataSets.shared.source(count: count)
            var layout = ListLayout(
                rowCount: count, strategy: .estimated, context: LayoutContext(width: 79, category: ContentSizeCategory.large.rawValue),
                viewportHeight: 22, measurer: DeliveryRowMeasurer(source: source, typesetter: Typesetter())
            )
            benchmark.startMeasurement()
            blackHole(layout.refine(budget: 200))
            benchmark.stopMeasurement()
        }

        Benchmark(
            "Full layout (exact) N=\(count)",
            configuration: .init(
                metrics: [.wallClock, .throughput, .peakMemoryResident], timeUnits: .milliseconds,
                warmupIterations: count >= 100_000 ? 0 : 1, maxDuration: .seconds(10), maxIterations: count >= 100_000 ? 3 : 20
            )
        ) { benchmark in
            let source = DataSets.shared.source(count: count)
            benchmark.startMeasurement()
            let state = AppState(source: source, size: screen, category: .large, strategy: .exact)
            blackHole(state.render())
            benchmark.stopMeasurement()
        }

        Benchmark(
            "Index build only (exact, heights known) N=\(count)",
            configuration: .init(metrics: [.wallClock, .throughput], timeUnits: .milliseconds, maxDuration: .seconds(3), maxIterations: 20)
        ) { benchmark in
            let heights = KnownHeights(count: count)
            benchmark.startMeasurement()
            blackHole(ListLayout(
                rowCount: count, strategy: .exact, context: LayoutContext(width: 79, category: 3), viewportHeight: 22, measurer: heights
            ))
            benchmark.stopMeasurement()
        }
    }

    // Typesetting per text: 10,000 generated addresses (about one in ten
    // not Latin), width 80; divide a sample's time by 10,000.
    let addresses = DataSets.shared.source(count: 10_000).deliveries.map(\.address.singleLine)
    let measuring: [(String, Typesetter, ContentSizeCategory)] = [
        ("height first time (no cache), Large", { var t = Typesetter(); t.cachesMeasurements = false; return t }(), .large),
        ("height with the cache warm, Large", Typesetter(), .large),
        ("height with the cache warm, AX5", Typesetter(), .accessibility5),
    ]
    for (name, typesetter, category) in measuring {
        Benchmark("Typesetter.\(name) x10000", configuration: .init(metrics: [.wallClock], timeUnits: .microseconds)) { benchmark in
            for text in addresses { blackHole(typesetter.height(of: text, style: .subheadline, category: category, width: 80)) }
            benchmark.startMeasurement()
            for text in addresses { blackHole(typesetter.height(of: text, style: .subheadline, category: category, width: 80)) }
            benchmark.stopMeasurement()
        }
    }
    for (name, category) in [("native, Large", ContentSizeCategory.large), ("big glyphs, xxxLarge", .xxxLarge),
                             ("big glyphs, AX5", .accessibility5)] {
        Benchmark("Typesetter.typeset \(name), cached x10000", configuration: .init(metrics: [.wallClock], timeUnits: .microseconds)) { benchmark in
            let typesetter = Typesetter()
            for text in addresses { blackHole(typesetter.typeset(text, style: .subheadline, category: category, width: 80)) }
            benchmark.startMeasurement()
            for text in addresses { blackHole(typesetter.typeset(text, style: .subheadline, category: category, width: 80)) }
            benchmark.stopMeasurement()
        }
    }
}

/// Heights already known (1 to 8 lines), to time the layout engine's own
/// work in the `exact` strategy apart from typesetting.
struct KnownHeights: RowMeasuring {
    let heights: [UInt8]

    init(count: Int) {
        heights = (0 ..< count).map { UInt8(1 + ($0 &* 2_654_435_761) % 8) }
    }

    func exactHeight(ofRow row: Int, in context: LayoutContext) -> Int { Int(heights[row]) }
    func estimatedHeight(ofRow row: Int, in context: LayoutContext) -> Int { 3 }
    func fixedHeight(in context: LayoutContext) -> Int { 3 }
}

/// Generated deliveries held in memory, made once per process and row count
/// (outside the measured part): the data "once it is open".
final class DataSets: @unchecked Sendable {
    static let shared = DataSets()
    private let lock = NSLock()
    private var sources: [Int: InMemoryDeliveries] = [:]

    func source(count: Int) -> InMemoryDeliveries {
        lock.withLock {
            if let source = sources[count] { return source }
            let generator = DeliveryGenerator(seed: 1)
            let source = InMemoryDeliveries((0 ..< count).map { generator.delivery(at: $0) })
            sources[count] = source
            return source
        }
    }
}
