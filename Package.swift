// swift-tools-version: 6.2
import PackageDescription

/// Every target's settings: Swift 6 language mode, and the upcoming features the server anchors (Hummingbird,
/// postgres-nio) use: `any` spelled out on every existential, imports that are visible only to the files that write
/// them, and nonisolated async functions that run on their caller's executor unless marked `@concurrent`.
let strictSwift6: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
]
/// The standard library's `squareRoot()` and rounding call libm's `sqrt`, `round`, … on Linux, which an executable
/// without Foundation does not link by itself.
let linksLibm: [LinkerSetting] = [.linkedLibrary("m", .when(platforms: [.linux, .android]))]

/// A product that only the server, the CLI and their tests use, on the platforms a server runs on. Besides saying
/// what runs where, the condition keeps an iOS, tvOS or watchOS app that uses only the libraries clear of the server
/// dependencies' minimums (Hummingbird needs iOS 15, swift-prometheus iOS 16 and watchOS 9): SwiftPM checks the
/// minimums of every target's dependencies in the graph, but skips dependencies whose condition does not match.
func serverProduct(_ name: String, _ package: String) -> Target.Dependency {
    .product(name: name, package: package, condition: .when(platforms: [.linux, .macOS]))
}

let package = Package(
    name: "Riffle",
    // One list for the whole package (SwiftPM has no per-target minimums). macOS 15 is the server's floor: it and
    // the stores use the standard library's `Mutex` and `Atomic` (Synchronization, macOS 15); the server builds on
    // Linux and macOS only (see `serverProduct`), so the list raises the engines' Mac floor too. iOS, tvOS, watchOS
    // and Mac Catalyst: Swift concurrency's back-deployment floor, which DeckClient's async API needs; the engines,
    // PlayingCards, CardArt and the SDK use nothing newer (the SDK locks with NSLock, not Mutex).
    platforms: [.macOS(.v15), .iOS(.v13), .macCatalyst(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    products: [
        .library(name: "PlayingCards", targets: ["PlayingCards"]),
        .library(name: "SwipeStack", targets: ["SwipeStack"]),
        .library(name: "ListEditing", targets: ["ListEditing"]),
        .library(name: "SwipeStackUI", targets: ["SwipeStackUI"]),
        .library(name: "ListEditingUI", targets: ["ListEditingUI"]),
        .library(name: "CardArt", targets: ["CardArt"]),
        .library(name: "DeckService", targets: ["DeckService"]),
        .library(name: "DeckStorage", targets: ["DeckStorage"]),
        .library(name: "DeckStores", targets: ["DeckStores", "SQLiteDeckStorage", "PostgresDeckStorage"]),
        .library(name: "DeckClient", targets: ["DeckClient"]),
        .library(name: "DeckOfCardsLab", targets: ["DeckOfCardsLab"]),
        .executable(name: "riffle", targets: ["riffle"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.0"),
        // HTTP field and status types (already in the graph through Hummingbird), imported by name.
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        // SHA-256 of live-table tokens (already in the graph through postgres-nio).
        .package(url: "https://github.com/apple/swift-crypto.git", "3.9.0"..<"5.0.0"),
        // `swift package generate-documentation` (scripts/build-docs.sh); not needed to build or depend on Riffle.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin.git", from: "1.5.0"),
    ],
    targets: [
        // Engines and domain: pure Swift, no Foundation.
        // The one seeded generator (SplitMix64): the engines' reproducible randomness, and the tests' and benchmarks'
        // seeded inputs. A module of its own, so that SwipeStack need not depend on PlayingCards for it.
        .target(name: "SeededRandom", swiftSettings: strictSwift6),
        .target(
            name: "PlayingCards", dependencies: ["SeededRandom"], swiftSettings: strictSwift6,
            linkerSettings: linksLibm),
        .target(
            name: "SwipeStack", dependencies: ["SeededRandom"], swiftSettings: strictSwift6, linkerSettings: linksLibm),
        .target(name: "ListEditing", swiftSettings: strictSwift6, linkerSettings: linksLibm),
        // UIKit and SwiftUI views over the engines' host layers, behind #if canImport: (nearly) empty on Linux.
        .target(name: "SwipeStackUI", dependencies: ["SwipeStack"], swiftSettings: strictSwift6),
        .target(name: "ListEditingUI", dependencies: ["ListEditing"], swiftSettings: strictSwift6),

        // Card art: vector faces, SVG writer, PNG rasterizer (deflate through the system zlib).
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),
        .target(
            name: "CardArt", dependencies: ["PlayingCards", "CZlib"], swiftSettings: strictSwift6,
            linkerSettings: linksLibm),

        // Storage: the DeckStore protocol, one target per backend, and the one place that opens a store
        // from a `--database` argument.
        .target(name: "DeckStorage", dependencies: ["PlayingCards"], swiftSettings: strictSwift6),
        .target(
            name: "SQLiteDeckStorage",
            dependencies: [
                "DeckStorage", "PlayingCards", serverProduct("GRDB", "GRDB.swift"),
                serverProduct("GRDBSQLite", "GRDB.swift"),
            ],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "PostgresDeckStorage",
            dependencies: [
                "DeckStorage",
                "PlayingCards",
                serverProduct("PostgresNIO", "postgres-nio"),
                serverProduct("Logging", "swift-log"),
                serverProduct("NIOCore", "swift-nio"),
            ],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "DeckStores",
            dependencies: [
                "DeckStorage", "SQLiteDeckStorage", "PostgresDeckStorage", serverProduct("Logging", "swift-log"),
            ],
            swiftSettings: strictSwift6
        ),

        // The web app (HTML, CSS, ES modules and riffle.wasm), a client of the API: its files, bundled for the server.
        .target(name: "RiffleWebApp", resources: [.copy("Public")], swiftSettings: strictSwift6),

        // The Deck of Cards API's request core and the live tables' domain, pure: requests and their answers,
        // callers and tokens, display names, event records, replay and rendering, snapshots, seating. No I/O of its
        // own (the store is a protocol), no NIO, no Hummingbird; the noninterference test runs against it alone.
        .target(
            name: "TableCore",
            dependencies: [
                "PlayingCards",
                "DeckStorage",
                serverProduct("HTTPTypes", "swift-http-types"),
                serverProduct("Crypto", "swift-crypto"),
            ],
            swiftSettings: strictSwift6
        ),

        // Live tables at run time: the event hub, presence across servers, their state machines, the quotas and the
        // event-stream transport over NIO.
        .target(
            name: "LiveTables",
            dependencies: [
                "TableCore",
                "PlayingCards",
                "DeckStorage",
                serverProduct("HummingbirdCore", "hummingbird"),
                serverProduct("Logging", "swift-log"),
                serverProduct("ServiceLifecycle", "swift-service-lifecycle"),
                serverProduct("NIOCore", "swift-nio"),
                serverProduct("NIOHTTP1", "swift-nio"),
                serverProduct("NIOHTTPTypes", "swift-nio-extras"),
                serverProduct("HTTPTypes", "swift-http-types"),
            ],
            swiftSettings: strictSwift6
        ),

        // The Deck of Cards API service: routes, the HTTP pipeline, static files and card art, operations, the app.
        .target(
            name: "DeckService",
            dependencies: [
                "TableCore",
                "LiveTables",
                "PlayingCards",
                "CardArt",
                "DeckStorage",
                "RiffleWebApp",
                serverProduct("Hummingbird", "hummingbird"),
                serverProduct("HummingbirdCore", "hummingbird"),
                serverProduct("Logging", "swift-log"),
                serverProduct("ServiceLifecycle", "swift-service-lifecycle"),
                serverProduct("Metrics", "swift-metrics"),
                serverProduct("Prometheus", "swift-prometheus"),
                serverProduct("NIOCore", "swift-nio"),
                serverProduct("NIOHTTP1", "swift-nio"),
                serverProduct("NIOHTTPTypes", "swift-nio-extras"),
                serverProduct("HTTPTypes", "swift-http-types"),
                serverProduct("Crypto", "swift-crypto"),
            ],
            resources: [.copy("Operations/openapi.json")],
            swiftSettings: strictSwift6
        ),

        // The Swift SDK: the async client.
        .target(name: "DeckClient", dependencies: ["PlayingCards"], swiftSettings: strictSwift6),
        // The seed lab's completion-handler CardAPIClient/Deck/Card over the SDK, in a module of its own so that its
        // `Card` does not clash with PlayingCards' for apps that import DeckClient and PlayingCards.
        .target(name: "DeckOfCardsLab", dependencies: ["DeckClient", "PlayingCards"], swiftSettings: strictSwift6),

        // The commands of `riffle` (serve, deck, pile, art), as a library so tests can run them.
        .target(
            name: "RiffleCLI",
            dependencies: [
                "DeckService",
                "DeckStorage",
                "SQLiteDeckStorage",
                "DeckStores",
                "DeckClient",
                "CardArt",
                "PlayingCards",
                serverProduct("ArgumentParser", "swift-argument-parser"),
                serverProduct("Hummingbird", "hummingbird"),
                serverProduct("Logging", "swift-log"),
            ],
            swiftSettings: strictSwift6
        ),

        // The one executable: thin, a call into RiffleCLI.
        .executableTarget(name: "riffle", dependencies: ["RiffleCLI"], swiftSettings: strictSwift6),

        // Starts a real server on a loopback port for tests of the client, the CLI and the service.
        .target(
            name: "RiffleTestSupport",
            dependencies: [
                "DeckService",
                "DeckStorage",
                "DeckStores",
                "PlayingCards",
                serverProduct("Hummingbird", "hummingbird"),
                serverProduct("Logging", "swift-log"),
            ],
            path: "Tests/RiffleTestSupport",
            swiftSettings: strictSwift6
        ),

        // Benchmarks: executables that print numbers.
        .executableTarget(
            name: "ceiling-server",
            dependencies: [serverProduct("Hummingbird", "hummingbird")],
            path: "Benchmarks/CeilingServer",
            swiftSettings: strictSwift6
        ),

        .executableTarget(
            name: "swipestack-benchmark", dependencies: ["SwipeStack", "SeededRandom"],
            path: "Benchmarks/SwipeStackBenchmark",
            swiftSettings: strictSwift6),
        .executableTarget(
            name: "listediting-benchmark", dependencies: ["ListEditing", "SeededRandom"],
            path: "Benchmarks/ListEditingBenchmark",
            swiftSettings: strictSwift6),
        .executableTarget(
            name: "cardart-benchmark", dependencies: ["CardArt", "PlayingCards"], path: "Benchmarks/CardArtBenchmark",
            swiftSettings: strictSwift6),

        // Tests.
        .testTarget(name: "PlayingCardsTests", dependencies: ["PlayingCards"], swiftSettings: strictSwift6),
        .testTarget(
            name: "SwipeStackTests", dependencies: ["SwipeStack", "SeededRandom"], swiftSettings: strictSwift6),
        .testTarget(
            name: "ListEditingTests", dependencies: ["ListEditing", "SeededRandom"], swiftSettings: strictSwift6),
        .testTarget(name: "CardArtTests", dependencies: ["CardArt", "PlayingCards"], swiftSettings: strictSwift6),
        // The request core and the live tables' state machines, without a server.
        .testTarget(
            name: "TableCoreTests",
            dependencies: [
                "TableCore", "PlayingCards", "DeckStorage", .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "LiveTablesTests",
            dependencies: ["LiveTables", "TableCore", .product(name: "NIOCore", package: "swift-nio")],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "DeckServiceTests",
            dependencies: [
                "DeckService",
                "TableCore",
                "LiveTables",
                "DeckStorage",
                "SQLiteDeckStorage",
                "DeckStores",
                "DeckClient",
                "PlayingCards",
                "RiffleTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "NIOPosix", package: "swift-nio"),
                serverProduct("GRDB", "GRDB.swift"),
            ],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "DeckStorageTests",
            dependencies: [
                "DeckStorage", "SQLiteDeckStorage", "PostgresDeckStorage", "DeckStores", "PlayingCards",
                serverProduct("GRDB", "GRDB.swift"), serverProduct("PostgresNIO", "postgres-nio"),
                serverProduct("Logging", "swift-log"),
                "RiffleTestSupport",
            ],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "DeckClientTests",
            dependencies: ["DeckClient", "DeckOfCardsLab", "PlayingCards", "RiffleTestSupport"],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "RiffleCLITests",
            dependencies: ["RiffleCLI", "DeckClient", "PlayingCards", "RiffleTestSupport"],
            swiftSettings: strictSwift6
        ),
    ]
)
