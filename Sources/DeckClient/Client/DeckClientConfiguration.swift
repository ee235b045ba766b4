import Foundation

/// Settings of a ``DeckOfCardsClient``: the server, the timeout, retries and the image cache.
///
/// ```swift
/// var configuration = DeckClientConfiguration(baseURL: URL(string: "https://deckofcardsapi.com")!)
/// configuration.timeout = 10
/// configuration.imageCacheDirectory = URL(fileURLWithPath: "/tmp/riffle-images")
/// let client = DeckOfCardsClient(configuration: configuration)
/// ```
public struct DeckClientConfiguration: Hashable, Sendable {
    /// The local server's address, `http://127.0.0.1:8080` (`riffle serve`'s default).
    public static let defaultBaseURL = URL(string: "http://127.0.0.1:8080")!

    /// The server's address; endpoints are resolved under `<baseURL>/api/`. A path is kept, so a
    /// server mounted under a prefix works.
    public var baseURL: URL
    /// How long one attempt may wait for its response, in seconds, before failing with
    /// ``DeckClientError/Code/timedOut``.
    public var timeout: TimeInterval
    /// Retries of safe requests after transient failures.
    public var retryPolicy: RetryPolicy
    /// The most bytes of images kept in memory; least recently used images go first.
    public var imageMemoryLimit: Int
    /// A directory where downloaded images are also kept across runs, or `nil` for memory only.
    public var imageCacheDirectory: URL?

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - baseURL: the server; by default ``defaultBaseURL``.
    ///   - timeout: per attempt, in seconds; by default 30. Values that are not positive and finite
    ///     mean the default.
    ///   - retryPolicy: by default ``RetryPolicy/default``.
    ///   - imageMemoryLimit: bytes of images kept in memory; by default 16 MiB.
    ///   - imageCacheDirectory: an on-disk cache directory, or `nil`.
    public init(
        baseURL: URL = DeckClientConfiguration.defaultBaseURL, timeout: TimeInterval = 30,
        retryPolicy: RetryPolicy = .default, imageMemoryLimit: Int = 16 << 20, imageCacheDirectory: URL? = nil
    ) {
        self.baseURL = baseURL
        self.timeout = timeout.isFinite && timeout > 0 ? timeout : 30
        self.retryPolicy = retryPolicy
        self.imageMemoryLimit = max(0, imageMemoryLimit)
        self.imageCacheDirectory = imageCacheDirectory
    }
}
