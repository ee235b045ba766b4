import Hummingbird

/// Serves what is not the API: card images and the web app.
struct StaticAssets: Sendable {
    let webRoot: String?

    init(webRoot: String?) {
        self.webRoot = webRoot
    }

    /// The response for a static path, or `nil` when the path names no asset.
    func response(for path: String, request: Request) -> Response? {
        return nil
    }
}
