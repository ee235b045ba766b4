import Logging
import Testing

@testable import RiffleCLI

@Suite struct DeferredMetadataLogHandlerTests {
    @Test func aLonePairReadsBackAsMetadata() {
        var handler = DeferredMetadataLogHandler.standardError(label: "test")
        #expect(handler.metadata.isEmpty)
        handler[metadataKey: "request"] = "1"
        #expect(handler[metadataKey: "request"] == "1")
        #expect(handler.metadata == ["request": "1"])
        handler[metadataKey: "request"] = "2"
        #expect(handler.metadata == ["request": "2"])
        handler[metadataKey: "request"] = nil
        #expect(handler.metadata.isEmpty)
        #expect(handler[metadataKey: "request"] == nil)
    }

    @Test func furtherPairsJoinTheFirst() {
        var handler = DeferredMetadataLogHandler.standardError(label: "test")
        handler[metadataKey: "a"] = "1"
        handler[metadataKey: "b"] = "2"
        #expect(handler.metadata == ["a": "1", "b": "2"])
        handler[metadataKey: "a"] = nil
        #expect(handler.metadata == ["b": "2"])
        handler.metadata = ["c": "3"]
        #expect(handler[metadataKey: "b"] == nil)
        #expect(handler.metadata == ["c": "3"])
        handler[metadataKey: "d"] = "4"
        #expect(handler.metadata == ["c": "3", "d": "4"])
    }

    @Test func aLoggerKeepsItsLevelAndMetadata() {
        var logger = Logger(label: "test", factory: DeferredMetadataLogHandler.standardError)
        logger.logLevel = .warning
        logger[metadataKey: "hb.request.id"] = "abc"
        #expect(logger.logLevel == .warning)
        #expect(logger.handler.metadata == ["hb.request.id": "abc"])
    }
}
