import Foundation

/// The storage behind ``CardAPIClient/shared``: one client, read and replaced under a lock.
///
/// `@unchecked Sendable`: its only mutable state, `current`, is read and written only while `lock` is held
/// (an `NSLock`: `Synchronization.Mutex` needs iOS 18 and macOS 15).
final class SharedCardAPIClient: @unchecked Sendable {
    /// The process's one storage, made on first use from the environment.
    static let storage = SharedCardAPIClient(CardAPIClient(baseURL: CardAPIClient.defaultServer()))

    private let lock = NSLock()
    // Guarded by `lock`.
    private var current: CardAPIClient

    private init(_ client: CardAPIClient) { current = client }

    /// The client in force.
    var client: CardAPIClient {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue } }
    }
}
