import Foundation

/// Downloaded card images: an in-memory cache bounded by bytes (least recently used out), an
/// optional on-disk cache, and one shared download per URL in flight.
///
/// It is an actor because several tasks use one cache at once; the in-flight table is what
/// makes ten simultaneous requests for one image cost one download.
actor ImageCache {
    /// The most bytes kept in memory.
    let memoryLimit: Int
    /// Where images are also written, or `nil`.
    let directory: URL?

    private struct Entry {
        var data: Data
        var lastUse: UInt64
    }

    private var entries: [URL: Entry] = [:]
    private var totalBytes = 0
    private var useCounter: UInt64 = 0
    private var inFlight: [URL: Task<Data, any Error>] = [:]
    /// How many calls joined a download already in flight (for tests and diagnostics).
    private(set) var joinedDownloads = 0

    init(memoryLimit: Int, directory: URL?) {
        self.memoryLimit = memoryLimit
        self.directory = directory
    }

    /// The bytes held in memory.
    var bytesInMemory: Int { totalBytes }

    /// The image for a URL: from memory, else from disk, else downloaded once however many callers wait.
    ///
    /// - Parameters:
    ///   - url: the image URL.
    ///   - download: fetches the bytes from the network.
    /// - Returns: the image bytes.
    /// - Throws: what `download` throws; a failed download is not cached.
    func data(for url: URL, download: @escaping @Sendable () async throws -> Data) async throws -> Data {
        if let hit = memoryHit(url) { return hit }
        if let running = inFlight[url] {
            joinedDownloads += 1
            return try await running.value
        }
        let file = directory.map { $0.appendingPathComponent(Self.fileName(for: url)) }
        let task = Task<Data, any Error> {
            if let file, let stored = try? Data(contentsOf: file) { return stored }
            let data = try await download()
            if let file {
                // A failed write only costs a later download; the image is still returned.
                try? FileManager.default.createDirectory(
                    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try? data.write(to: file, options: .atomic)
            }
            return data
        }
        inFlight[url] = task
        do {
            let data = try await task.value
            inFlight[url] = nil
            store(data, for: url)
            return data
        } catch {
            inFlight[url] = nil
            throw error
        }
    }

    /// The image in memory for a URL, without any I/O.
    func cached(_ url: URL) -> Data? { memoryHit(url) }

    /// Empties the memory cache (the disk cache is left alone).
    func removeAll() {
        entries.removeAll()
        totalBytes = 0
    }

    private func memoryHit(_ url: URL) -> Data? {
        guard var entry = entries[url] else { return nil }
        useCounter += 1
        entry.lastUse = useCounter
        entries[url] = entry
        return entry.data
    }

    /// Keeps an image in memory, evicting the least recently used until under the limit.
    ///
    /// - Complexity: O(*n*) per eviction in the number of cached images (a deck has 55).
    private func store(_ data: Data, for url: URL) {
        guard data.count <= memoryLimit else { return }
        if let old = entries[url] { totalBytes -= old.data.count }
        useCounter += 1
        entries[url] = Entry(data: data, lastUse: useCounter)
        totalBytes += data.count
        while totalBytes > memoryLimit, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries[oldest.key] = nil
            totalBytes -= oldest.value.data.count
        }
    }

    /// A stable file name for a URL: FNV-1a of the URL text, plus its extension.
    static func fileName(for url: URL) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in url.absoluteString.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        let name = String(repeating: "0", count: 16 - hex.count) + hex
        return url.pathExtension.isEmpty ? name : name + "." + url.pathExtension
    }
}
