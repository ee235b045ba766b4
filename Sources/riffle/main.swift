import RiffleCLI

// Requests run on Swift concurrency's own pool, except that a quiet server answers a request on the
// event loop that read it (DeckService's ConnectionLoopExecutor, per connection). Installing the
// event loops as the global executor for everything instead
// (`NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()`)
// was measured with scripts/bench-server.py's draws on SQLite: at one connection about what the
// per-connection executor gains, but at 64 connections 10 points less of the ceiling, each request
// taking 44–46 µs of CPU instead of 37–39 µs. The per-connection executor costs nothing there.
await RiffleCommand.runAsRoot()
