// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "iDeliverMobile",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "idelivermobile", targets: ["idelivermobile"]),
        .library(name: "iDeliverMobileKit", targets: ["Model", "Manifest", "Store", "TeamHub", "Typesetting", "RowLayout", "Canvas", "Input", "Screens", "Terminal"]),
        // Deterministic test data for the benchmarks; not part of the kit a program links.
        .library(name: "ManifestGenerator", targets: ["ManifestGenerator"]),
        // A program on a pseudo-terminal, for the tests and the benchmarks; not part of the kit a program links.
        .library(name: "PseudoTerminal", targets: ["PseudoTerminal"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
    ],
    targets: [
        // MARK: - C system libraries (nothing above these sees C)
        .systemLibrary(name: "CNcursesw"),
        .target(name: "CUnicodeText"),
        .target(name: "CLineBreak", linkerSettings: [.linkedLibrary("icuuc")]),
        .target(name: "CVisualOrder", linkerSettings: [.linkedLibrary("icuuc")]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2"),
        // SQLite's process-wide settings (`sqlite3_config` is variadic: Swift cannot call it).
        .target(name: "CSQLiteSettings", linkerSettings: [.linkedLibrary("sqlite3")]),
        // libpq (Debian libpq-dev): the team's hub, read and written as psql does.
        .systemLibrary(name: "CLibpq", pkgConfig: "libpq"),
        // OpenSSL's libcrypto, which libpq links: SHA-256 of manifests.
        .systemLibrary(name: "CLibcrypto", pkgConfig: "libcrypto"),
        .target(
            name: "CFontRaster", dependencies: ["CFreeType"],
            linkerSettings: [.linkedLibrary("freetype"), .linkedLibrary("fontconfig")]
        ),

        // MARK: - The data flow: Store -> Model -> Screens -> Typesetting -> RowLayout -> Canvas -> Terminal
        .target(name: "Model"),
        // The one JSON path: manifests read and written, and the store's items column.
        .target(name: "Manifest", dependencies: ["Model"]),
        // What decides that a manifest is unchanged, in both stores: SHA-256 of its bytes.
        .target(name: "ContentDigest", dependencies: ["CLibcrypto"]),
        // GRDBSQLite: SQLite's C API for what GRDB keeps internal (interrupting one reading connection).
        .target(
            name: "Store",
            dependencies: [
                "Model", "Manifest", "ContentDigest", "CSQLiteSettings", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        // The team's hub on PostgreSQL through libpq: its schema, imports, change feed, intake and grants.
        .target(name: "TeamHub", dependencies: ["Model", "Manifest", "ContentDigest", "CLibpq"]),
        // A team database as browsers use it: a local replica (a Store) kept in step with the hub by a sync engine.
        .target(name: "TeamSync", dependencies: ["Model", "Manifest", "Store", "TeamHub"]),
        .target(name: "Canvas"),
        // Keys as the screens see them: below both the screens and the terminal that decodes them.
        .target(name: "Input"),
        .target(name: "Typesetting", dependencies: ["Canvas", "CUnicodeText", "CLineBreak", "CVisualOrder", "CFontRaster"]),
        .target(name: "RowLayout"),
        .target(name: "SeededRandom"),
        .target(name: "ManifestGenerator", dependencies: ["Model", "Manifest", "SeededRandom"]),
        .target(name: "Screens", dependencies: ["Model", "Typesetting", "RowLayout", "Canvas", "Input"]),
        .target(name: "Terminal", dependencies: ["Canvas", "Input", "Typesetting", "CNcursesw", "CUnicodeText"]),
        // The browse loop: terminal events to messages, commands to effects (store, workers, sync, clipboard).
        .target(name: "Runtime", dependencies: ["Model", "RowLayout", "Screens", "Store", "TeamSync", "Terminal", "Typesetting"]),
        .executableTarget(
            name: "idelivermobile",
            dependencies: [
                "Model", "Manifest", "Store", "TeamHub", "TeamSync", "Typesetting", "RowLayout", "Canvas", "Input", "Screens", "Terminal", "Runtime",
                "ManifestGenerator",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // MARK: - Tests
        // A program started on a pseudo-terminal whose other end a test or a benchmark plays; in no app product.
        .target(name: "PseudoTerminal", path: "Tests/PseudoTerminal"),
        // Starting programs from tests without leaking descriptors (tmux, pg_ctl); in no product.
        .target(name: "TestSupport", dependencies: ["Model", "Manifest", "Canvas", "Input", "Terminal", "PseudoTerminal"], path: "Tests/Support"),
        .testTarget(name: "ModelTests", dependencies: ["Model", "Manifest", "SeededRandom"]),
        .testTarget(name: "ManifestTests", dependencies: ["Manifest", "Model", "SeededRandom"]),
        .testTarget(name: "StoreTests", dependencies: ["Store", "ContentDigest", "Manifest", "Model", "TestSupport", "SeededRandom"]),
        .testTarget(name: "TeamHubTests", dependencies: ["TeamHub", "Manifest", "Model", "ManifestGenerator", "TestSupport"], exclude: ["Resources"]),
        .testTarget(
            name: "TeamSyncTests",
            dependencies: ["TeamSync", "TeamHub", "Store", "Manifest", "Model", "ManifestGenerator", "TestSupport", "SeededRandom"]
        ),
        .testTarget(name: "CanvasTests", dependencies: ["Canvas"]),
        .testTarget(name: "TypesettingTests", dependencies: ["Typesetting", "Canvas", "SeededRandom"], exclude: ["Resources"]),
        .testTarget(name: "RowLayoutTests", dependencies: ["RowLayout", "SeededRandom"]),
        .testTarget(name: "ManifestGeneratorTests", dependencies: ["ManifestGenerator", "Manifest", "Model"]),
        .testTarget(name: "ScreensTests", dependencies: ["Screens", "Model", "Typesetting", "RowLayout", "Canvas", "Input", "SeededRandom", "TestSupport"], exclude: ["Snapshots", "StyledSnapshots"]),
        .testTarget(name: "TerminalTests", dependencies: ["Terminal", "Screens", "Canvas", "Input", "CNcursesw", "Model", "Typesetting", "TestSupport"], exclude: ["Snapshots"]),
        .testTarget(
            name: "RuntimeTests",
            dependencies: ["Runtime", "Screens", "Store", "Terminal", "Model", "Canvas", "Input", "Typesetting", "TestSupport", "SeededRandom"]
        ),
        .testTarget(name: "EndToEndTests", dependencies: ["Store", "Manifest", "Model", "TestSupport", "PseudoTerminal"]),
    ],
    swiftLanguageModes: [.v6]
)
