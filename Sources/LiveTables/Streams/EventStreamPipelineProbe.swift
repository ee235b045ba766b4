import NIOCore

/// Finds whether the handlers below an events stream pass the bytes it writes to the socket
/// unchanged: if any transforms them (such as TLS), frames must never be sent straight to the
/// socket (``EventStreamSocket``), past it.
///
/// NIO's public API does not list a pipeline's handlers, so this asks the pipeline itself. It puts
/// a probe handler first in the pipeline (`ChannelPipeline.SynchronousOperations.addHandler(_:position:)`
/// with `.first` links it right after NIO's head, directly above the socket), writes a probe, a
/// buffer of bytes no other write has, from the stream's place in the pipeline, and takes the probe
/// handler out again. A write on the event loop walks the outbound handlers from the writer towards
/// the head, each calling the next in turn (`ChannelHandlerContext.write(_:promise:)`), so the probe
/// passes through every handler that can touch the stream's bytes before it reaches the probe
/// handler. It is found to pass unchanged only when it arrives there before the write returns, with
/// the same bytes. A handler that encrypts, compresses or re-frames what it is given changes the
/// bytes, or holds them until a flush (swift-nio-ssl's `NIOSSLHandler` holds every write until the
/// next flush); either way the check fails. Handlers that only
/// read (in `riffle serve`, `ByteArrivalHandler`) take no part in writes at all.
///
/// The probe handler keeps the probe: when the bytes pass unchanged, nothing reaches the client. When
/// they do not, a handler below the stream has them, and writes them on as it writes the stream's
/// own: the probe is an SSE comment, framed as a chunk, which a client ignores.
///
/// The check is made once, when the stream is handed over (``EventStreamHandler/handOver(response:stream:)``):
/// `riffle serve` adds no handlers to a connection's pipeline after it is set up.
enum EventStreamPipelineProbe {
    /// Whether bytes written at `context` reach the socket unchanged and at once. Call it on the
    /// channel's event loop.
    static func bytesPassUnchanged(below context: ChannelHandlerContext) -> Bool {
        var nonce = SystemRandomNumberGenerator()
        let probe = EventStreamConnection.frame(": riffle pipeline probe \(nonce.next())\n\n")
        let catcher = ProbeCatcher(probe: probe)
        let pipeline = context.pipeline.syncOperations
        guard (try? pipeline.addHandler(catcher, position: .first)) != nil else { return false }
        context.write(NIOAny(IOData.byteBuffer(probe)), promise: nil)
        // `RemovableChannelHandler`'s own removal takes the catcher out at once.
        pipeline.removeHandler(catcher, promise: nil)
        return catcher.caught
    }

    /// The probe handler, directly above the socket: keeps the probe when it arrives unchanged.
    private final class ProbeCatcher: ChannelOutboundHandler, RemovableChannelHandler {
        typealias OutboundIn = IOData
        typealias OutboundOut = IOData

        let probe: ByteBuffer
        private(set) var caught = false

        init(probe: ByteBuffer) {
            self.probe = probe
        }

        func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
            if !caught, case .byteBuffer(let bytes) = unwrapOutboundIn(data), bytes == probe {
                caught = true
                promise?.succeed(())
                return
            }
            context.write(data, promise: promise)
        }
    }
}
