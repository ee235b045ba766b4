// swift-tools-version: 6.1
import PackageDescription

let strictSwift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]
/// The diff and its exhaustive tests (2.6 million diffs) are optimized in debug builds too, so
/// `swift test` checks them in under a minute instead of several.
let optimizedInDebug: [SwiftSetting] = strictSwift6 + [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "Riffle",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "PlayingCards", targets: ["PlayingCards"]),
        .library(name: "SwipeStack", targets: ["SwipeStack"]),
        .library(name: "ListEditing", targets: ["ListEditing"]),
        .library(name: "CardArt", targets: ["CardArt"]),
        .library(name: "DeckService", targets: ["DeckService"]),
        .library(name: "DeckClient", targets: ["DeckClient"]),
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
    ],
    targets: [
        // Engines and domain: pure Swift, no Foundation.
        .target(name: "PlayingCards", swiftSettings: strictSwift6),
        .target(name: "SwipeStack", swiftSettings: strictSwift6),
        .target(name: "ListEditing", swiftSettings: optimizedInDebug),

        // Card art: vector faces, SVG writer, PNG rasterizer (deflate through the system zlib).
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "CardArt", dependencies: ["PlayingCards", "CZlib"], swiftSettings: strictSwift6),

        // The Deck of Cards API service.
        .target(
            name: "DeckService",
            dependencies: [
                "PlayingCards",
                "CardArt",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            ],
            resources: [.copy("WebApp"), .copy("Operations/openapi.json")],
            swiftSettings: strictSwift6
        ),

        // The Swift SDK: async client plus the seed lab's CardAPIClient/Deck/Card surface.
        .target(name: "DeckClient", dependencies: ["PlayingCards"], swiftSettings: strictSwift6),

        // The commands of `riffle` (serve, deck, pile, art), as a library so tests can run them.
        .target(
            name: "RiffleCLI",
            dependencies: [
                "DeckService",
                "DeckClient",
                "CardArt",
                "PlayingCards",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
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
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/RiffleTestSupport",
            swiftSettings: strictSwift6
        ),

        // Benchmarks: executables that print numbers.
        .executableTarget(
            name: "ceiling-server",
            dependencies: [.product(name: "Hummingbird", package: "hummingbird")],
            path: "Benchmarks/CeilingServer",
            swiftSettings: strictSwift6
        ),

        .executableTarget(
            name: "swipestack-benchmark", dependencies: ["SwipeStack"], path: "Benchmarks/SwipeStackBenchmark",
            swiftSettings: strictSwift6),
        .executableTarget(
            name: "listediting-benchmark", dependencies: ["ListEditing"], path: "Benchmarks/ListEditingBenchmark",
            swiftSettings: strictSwift6),
        .executableTarget(
            name: "cardart-benchmark", dependencies: ["CardArt", "PlayingCards"], path: "Benchmarks/CardArtBenchmark",
            swiftSettings: strictSwift6),

        // Tests.
        .testTarget(name: "PlayingCardsTests", dependencies: ["PlayingCards"], swiftSettings: strictSwift6),
        .testTarget(name: "SwipeStackTests", dependencies: ["SwipeStack"], swiftSettings: strictSwift6),
        .testTarget(name: "ListEditingTests", dependencies: ["ListEditing"], swiftSettings: optimizedInDebug),
        .testTarget(name: "CardArtTests", dependencies: ["CardArt", "PlayingCards"], swiftSettings: strictSwift6),
        .testTarget(
            name: "DeckServiceTests",
            dependencies: [
                "DeckService",
                "DeckClient",
                "PlayingCards",
                "RiffleTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "DeckClientTests",
            dependencies: ["DeckClient", "PlayingCards", "RiffleTestSupport"],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "RiffleCLITests",
            dependencies: ["RiffleCLI", "DeckClient", "RiffleTestSupport"],
            swiftSettings: strictSwift6
        ),
    ]
)
