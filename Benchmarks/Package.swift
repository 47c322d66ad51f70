// swift-tools-version:6.1
import PackageDescription

// The row-height benchmarks live in their own package so that `swift build`
// and `swift test` at the root never build ordo-one/benchmark. Run them with
// `make bench` (release build).
let package = Package(
    name: "iDeliverMobileBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "iDeliverMobile", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The program on a pseudo-terminal that answers like a terminal, for the end-to-end parts.
        .target(name: "BenchTerminal", dependencies: [.product(name: "PseudoTerminal", package: "iDeliverMobile")], path: "BenchTerminal"),
        // The parts' `--name value` options and the load printed beside their figures.
        .target(name: "BenchCommandLine", path: "BenchCommandLine"),
        // Keys timed end to end: the release binary on a pseudo-terminal.
        .executableTarget(name: "KeyLatency", dependencies: ["BenchTerminal", "BenchCommandLine"], path: "KeyLatency"),
        // `--glyphs pixels`: images encoded in process, and the release binary on a sixel-answering pseudo-terminal.
        .executableTarget(
            name: "PixelLatency",
            dependencies: [
                "BenchTerminal", "BenchCommandLine", .product(name: "iDeliverMobileKit", package: "iDeliverMobile"),
                .product(name: "PseudoTerminal", package: "iDeliverMobile"),
            ],
            path: "PixelLatency"
        ),
        // Imports timed as whole processes: the release binary's wall clock, CPU and memory; the hub's snapshot through TeamHub.
        .executableTarget(
            name: "ImportTiming",
            dependencies: ["BenchCommandLine", .product(name: "iDeliverMobileKit", package: "iDeliverMobile")],
            path: "ImportTiming"
        ),
        .executableTarget(
            name: "RowHeightBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "iDeliverMobileKit", package: "iDeliverMobile"),
                .product(name: "ManifestGenerator", package: "iDeliverMobile"),
            ],
            path: "Benchmarks/RowHeightBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "SearchBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "iDeliverMobileKit", package: "iDeliverMobile"),
                .product(name: "ManifestGenerator", package: "iDeliverMobile"),
            ],
            path: "Benchmarks/SearchBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
