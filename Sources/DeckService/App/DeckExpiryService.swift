import DeckStorage
import Logging
import ServiceLifecycle

/// Deletes decks that have not changed for the configured lifetime, sweeping periodically until
/// the server shuts down.
struct DeckExpiryService: Service {
    let store: any DeckStore
    let lifetimeSeconds: Int64
    let sweepIntervalSeconds: Int64
    let clock: @Sendable () -> Int64
    let logger: Logger

    func run() async throws {
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            await sweep()
            try? await gracefulShutdownSleep(seconds: sweepIntervalSeconds)
        }
    }

    /// One sweep: deletes every deck unchanged for longer than the lifetime, and forgets the
    /// idempotency keys remembered for longer than `IdempotencyKey.retentionSeconds` (and the
    /// keys past their guaranteed hour beyond their deck's or client's cap, see `IdempotencyKey`).
    func sweep() async {
        let now = clock()
        do {
            let deleted = try await store.deleteDecks(unchangedBefore: now - lifetimeSeconds)
            if deleted > 0 { logger.info("deleted \(deleted) expired decks") }
        } catch {
            logger.error("expiry sweep failed: \(String(describing: error))")
        }
        do {
            let forgotten = try await store.forgetAnswers(rememberedBefore: now - IdempotencyKey.retentionSeconds)
            if forgotten > 0 { logger.info("forgot \(forgotten) idempotency keys") }
        } catch {
            logger.error("forgetting old idempotency keys failed: \(String(describing: error))")
        }
    }

    private func gracefulShutdownSleep(seconds: Int64) async throws {
        try await cancelWhenGracefulShutdown {
            try await Task.sleep(for: .seconds(seconds))
        }
    }
}
