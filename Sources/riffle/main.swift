import RiffleCLI

// Requests run on Swift concurrency's own pool, handed over from and back to SwiftNIO's event
// loops. Installing the event loops as the global executor instead
// (`NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()`)
// was measured with scripts/bench-server.py's draws on SQLite: at one connection, 12 points more
// of the ceiling (6 with the ceiling server run that way too), since no response then wakes a
// sleeping event loop; at 64 connections, 10 points less, each request taking 44–46 µs of CPU
// instead of 37–39 µs. Not worth it while most load is concurrent.
await RiffleCommand.runAsRoot()
