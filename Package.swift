// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "quakes-tui",
    platforms: [.macOS(.v15)],   // Synchronization's Mutex
    products: [
        .executable(name: "quakes-tui", targets: ["quakes-tui"]),
        .executable(name: "quakes-bench", targets: ["QuakesBench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        // The push stream's websocket: Hummingbird's client over SwiftNIO (TLS through NIOSSL).
        .package(url: "https://github.com/hummingbird-project/swift-websocket", from: "1.6.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // The bundled real USGS feed that seeds a new catalog, and the map's
        // layers (Natural Earth coastlines, PB2002 plates, GEM faults). Live
        // in the top-level Resources/ folder; this target only exposes their URLs.
        .target(
            name: "BundledData",
            path: "Resources",
            // The manual page and the sections it is made from are installed, not bundled.
            exclude: ["manual", "quakes-tui.1"],
            sources: ["BundledFeed.swift", "BundledLandOutline.swift", "BundledGazetteer.swift", "BundledMapLayers.swift"],
            resources: [.copy("all_week_2018-06-14.geojson"), .copy("land_110m.txt"), .copy("land_110m.README.md"),
                        .copy("gazetteer_cities15000.tsv"),
                        // The map's other line layers (Tools/make-map-layers.py), each
                        // with its provenance; the faults keep their CC BY-SA licence.
                        .copy("coast_50m.txt"), .copy("coast_50m.README.md"),
                        .copy("plates_pb2002.txt"), .copy("plates_pb2002.README.md"), .copy("plates_pb2002.LICENSE.md"),
                        .copy("faults_gem2021.txt"), .copy("faults_gem2021.README.md"),
                        .copy("faults_gem2021.LICENSE.txt")]
        ),
        // WaitableMutex: a condition variable whose state the compiler checks.
        .target(name: "ThreadWaiting"),
        // The field's analyses on columns of events, knowing no catalog:
        // declustering, the Omori–Utsu fit and forecast, Mc and the b-value.
        .target(name: "QuakeSeismology"),
        .target(
            name: "QuakeStore",
            dependencies: [
                "BundledData",
                "ThreadWaiting",
                "QuakeSeismology",   // a declustering's results are kept in the catalog
                .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's C API: the importer binds a row's text with its length.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                "CZlib",
            ]
        ),
        // The system zlib: gzip-compressed feeds are imported as they are.
        .systemLibrary(
            name: "CZlib",
            path: "Sources/CZlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .target(
            name: "QuakeQuery",
            dependencies: [
                "QuakeStore",
                "QuakeSeismology",   // declustering a selection
                "BundledData",   // the gazetteer DISTANCE("place") reads
                .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's C API: a progress handler abandons stale reads.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        // Downloading USGS feeds (libcurl) and importing them.
        .target(
            name: "QuakeFeed",
            dependencies: ["QuakeStore", "CCurl"]
        ),
        // Quakes pushed as they are published (EMSC's websocket), stored as they
        // come, and what a dropped connection missed caught up through FDSN.
        .target(
            name: "QuakePush",
            dependencies: ["QuakeStore", "QuakeFeed", .product(name: "WSClient", package: "swift-websocket"),
                           .product(name: "Logging", package: "swift-log")]
        ),
        // The system libcurl, used directly: its write callback is synchronous,
        // so a body is refused at the limit as it arrives (URLSession queued it).
        .systemLibrary(
            name: "CCurl",
            path: "Sources/CCurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // posix_spawn as a shell would start a child (signals unblocked and
        // at their defaults): the alert command, the bench, the tests.
        .target(name: "ProcessSpawn"),
        .systemLibrary(
            name: "CNcursesw",
            path: "Sources/CNcursesw",
            providers: [.apt(["libncursesw5-dev"])]
        ),
        .target(
            name: "TerminalUI",
            dependencies: ["CNcursesw", "ThreadWaiting"]
        ),
        // The map's pieces that know no terminal: the projection, the
        // land outlines, the aggregate of quakes per dot.
        .target(
            name: "QuakeMap",
            dependencies: ["QuakeQuery", "QuakeStore", "BundledData"]
        ),
        // Results as list prints them (table, CSV, JSON, GeoJSON): `list`
        // and the browser's export write through the same formatter.
        .target(
            name: "QuakeOutput",
            dependencies: [
                "QuakeQuery", "QuakeStore", "TerminalUI",
            ]
        ),
        // The charts' values and estimators (time bins, magnitude–frequency,
        // Mc and the b-value) that know no terminal.
        .target(
            name: "QuakeCharts",
            dependencies: ["QuakeQuery", "QuakeStore", "QuakeSeismology"]
        ),
        // The views: the table, the map, the charts, a quake's details, the
        // keys' help, drawn from values (a results page, aggregates, charts)
        // into a Screen. They read no catalog: no GRDB, no controller
        // (ViewBoundaryTests holds them to it). The browser and the `stats`
        // and `map` commands draw through them.
        .target(
            name: "QuakeViews",
            dependencies: ["QuakeQuery", "QuakeStore", "QuakeMap", "QuakeCharts", "QuakeSeismology", "TerminalUI"]
        ),
        .target(
            name: "QuakesApp",
            dependencies: ["QuakeQuery", "QuakeStore", "QuakeMap", "QuakeCharts", "QuakeOutput", "QuakeViews", "TerminalUI",
                           "ThreadWaiting", "QuakeSeismology", "QuakePush"]
        ),
        .executableTarget(
            name: "quakes-tui",
            dependencies: [
                "QuakeStore",
                "QuakeQuery",
                "QuakeFeed",
                "QuakePush",
                "QuakeOutput",
                "QuakesApp",
                "QuakeViews",
                "QuakeMap",
                "QuakeCharts",
                "QuakeSeismology",
                "TerminalUI",
                "ProcessSpawn",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                // `version --verbose` asks SQLite its version.
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "TOMLKit", package: "TOMLKit"),
            ]
        ),
        // quakes-keys: the manual's KEYS section and docs/KEYS.md from the
        // browser's Keymap, for `make manual`.
        .executableTarget(
            name: "quakes-keys",
            dependencies: ["QuakesApp"]
        ),
        // quakes-bench: the generator and `make bench`.
        .executableTarget(
            name: "QuakesBench",
            dependencies: [
                "QuakeStore", "QuakeQuery", "QuakeSeismology", "QuakeMap", "QuakeCharts", "QuakeViews", "TerminalUI", "BundledData", "ProcessSpawn",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Fixtures and helpers (temporary folders, running the built binary)
        // shared by the test targets.
        .target(
            name: "TestSupport",
            dependencies: ["QuakeStore", "ProcessSpawn", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Tests/TestSupport"
        ),
        // CSV.swift: the CSV reader before issue 14 and the CSV writer before
        // `CSVRecords`, kept in the tests as the oracles of what replaced them.
        .testTarget(
            name: "QuakeStoreTests",
            dependencies: ["QuakeStore", "QuakeOutput", "TestSupport", "quakes-tui", .product(name: "CSV", package: "CSV.swift")]
        ),
        .testTarget(
            name: "QuakeQueryTests",
            dependencies: [
                "QuakeQuery", "QuakeStore", "TestSupport", "quakes-tui",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            path: "Tests/QuakeQueryTests"
        ),
        .testTarget(
            name: "TerminalUITests",
            dependencies: ["TerminalUI", "ThreadWaiting"]
        ),
        .testTarget(
            name: "QuakesAppTests",
            dependencies: ["QuakesApp", "QuakeViews", "QuakeMap", "QuakeCharts", "QuakeOutput", "QuakeQuery", "QuakeStore",
                           "QuakeSeismology", "QuakePush", "TerminalUI", "TestSupport", "quakes-keys"]
        ),
        // The map's projection, fit, land outlines and aggregate; `quakes-tui map`.
        .testTarget(
            name: "QuakeMapTests",
            dependencies: ["QuakeMap", "QuakeQuery", "QuakeStore", "TestSupport", "quakes-tui"]
        ),
        // Time bins, the magnitude–frequency estimators, the charts' aggregates; `quakes-tui stats`.
        .testTarget(
            name: "QuakeChartsTests",
            dependencies: ["QuakeCharts", "QuakeQuery", "QuakeStore", "TestSupport", "quakes-tui"]
        ),
        // Declustering, Omori, Mc and b against the field's own fixtures.
        .testTarget(
            name: "QuakeSeismologyTests",
            dependencies: ["QuakeSeismology", "QuakeCharts"]   // the charts' Mc methods on the same fixtures
        ),
        // `fetch` against a real HTTP server on 127.0.0.1.
        .testTarget(
            name: "FetchTests",
            dependencies: ["TestSupport", "QuakeStore", "QuakePush", "quakes-tui"]
        ),
        // The real binary in a real terminal (tmux).
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["TestSupport", "quakes-tui"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
