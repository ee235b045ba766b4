import Synchronization

/// The card objects for the server's public base URL, which may be known only once the server
/// has bound its port (port 0 in tests).
package final class PublicCardJSON: Sendable {
    private let rendered: Mutex<CardJSON>

    /// - Parameter publicURL: the base URL, without a trailing slash.
    package init(publicURL: String) {
        rendered = Mutex(CardJSON(publicURL: Self.trimmed(publicURL)))
    }

    /// The card objects in force.
    package var current: CardJSON { rendered.withLock { $0 } }

    /// Switches to another base URL, once the real address is known.
    package func setPublicURL(_ publicURL: String) {
        let json = CardJSON(publicURL: Self.trimmed(publicURL))
        rendered.withLock { $0 = json }
    }

    private static func trimmed(_ url: String) -> String {
        var url = url
        while url.hasSuffix("/") { url.removeLast() }
        return url
    }
}
