import Logging

/// Writes log lines exactly as `StreamLogHandler` does, but formats metadata only when a line is
/// written rather than whenever metadata is set.
///
/// The HTTP server gives every request a logger carrying its own request id. `StreamLogHandler`
/// formats its metadata on every change, so each request paid for sorting and joining metadata
/// (and rendering its id) even at `warning` level, when no line is written for it; at full load
/// that was about 1 µs of CPU per request. This handler keeps the metadata as given (a lone pair,
/// such as a request's id, without even a dictionary) and hands it to a `StreamLogHandler` for
/// the lines that are written.
struct DeferredMetadataLogHandler: LogHandler {
    private var lineWriter: StreamLogHandler
    /// The metadata when it is a single pair; `pairs` is then empty.
    private var lonePair: (key: String, value: Logger.Metadata.Value)?
    private var pairs: Logger.Metadata = [:]

    /// A handler writing to standard error, as swift-log's default handler does.
    static func standardError(label: String) -> DeferredMetadataLogHandler {
        DeferredMetadataLogHandler(lineWriter: StreamLogHandler.standardError(label: label))
    }

    private init(lineWriter: StreamLogHandler) {
        self.lineWriter = lineWriter
    }

    var logLevel: Logger.Level {
        get { lineWriter.logLevel }
        set { lineWriter.logLevel = newValue }
    }

    var metadataProvider: Logger.MetadataProvider? {
        get { lineWriter.metadataProvider }
        set { lineWriter.metadataProvider = newValue }
    }

    var metadata: Logger.Metadata {
        get {
            guard let lonePair else { return pairs }
            return [lonePair.key: lonePair.value]
        }
        set {
            pairs = newValue
            lonePair = nil
        }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { lonePair?.key == key ? lonePair?.value : pairs[key] }
        set {
            if pairs.isEmpty, lonePair == nil || lonePair?.key == key {
                lonePair = newValue.map { (key, $0) }
                return
            }
            if let lonePair {
                pairs[lonePair.key] = lonePair.value
                self.lonePair = nil
            }
            pairs[key] = newValue
        }
    }

    func log(event: LogEvent) {
        var writer = lineWriter
        let metadata = self.metadata
        if !metadata.isEmpty { writer.metadata = metadata }
        writer.log(event: event)
    }
}
