import Hummingbird

/// Serves what is not the API: card images under `/static/img/` and the web app.
struct StaticAssets: Sendable {
    let images = CardImageCache()
    let webApp: WebAppFiles

    init(webRoot: String?) {
        webApp = WebAppFiles(developmentRoot: webRoot)
    }

    /// The response for a static path, or `nil` when the path names no asset.
    func response(for path: String, request: Request) async -> Response? {
        if path.hasPrefix("/static/img/") {
            return await images.response(for: String(path.dropFirst("/static/img/".count)), request: request)
        }
        return webApp.response(for: path, request: request)
    }
}
