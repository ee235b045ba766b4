import Foundation

extension DeckOfCardsClient {
    /// Downloads a card image, through the client's cache.
    ///
    /// The image is served from memory when it is there, else from the on-disk cache directory
    /// when one is configured, else downloaded; concurrent calls for one URL share one download.
    /// Image downloads are reads, so they are retried after transient failures.
    ///
    /// ```swift
    /// let png = try await client.downloadImage(at: card.imageURL!)
    /// ```
    ///
    /// - Parameter url: the image URL, such as a ``CardInfo/imageURL``.
    /// - Returns: the image bytes (PNG or SVG, as the URL names).
    /// - Throws: ``DeckClientError``; a status other than 2xx is ``DeckClientError/Code/unexpectedStatus``.
    public func downloadImage(at url: URL) async throws -> Data {
        let client = self
        return try await images.data(for: url) {
            let request = HTTPRequest(
                method: "GET", url: url, headers: ["Accept": "image/*"],
                timeout: client.configuration.timeout)
            let response = try await client.perform(request, retrying: true)
            guard (200..<300).contains(response.status) else {
                throw DeckClientError(
                    code: .unexpectedStatus,
                    message: "The image at \(url.absoluteString) answered HTTP \(response.status).",
                    httpStatus: response.status)
            }
            return response.body
        }
    }

    /// The image for a URL if it is in the memory cache, without any network or disk access.
    ///
    /// - Parameter url: the image URL.
    /// - Returns: the bytes, or `nil`.
    public func cachedImage(at url: URL) async -> Data? {
        await images.cached(url)
    }

    /// Empties the in-memory image cache; the on-disk cache is kept.
    public func removeCachedImages() async {
        await images.removeAll()
    }
}
