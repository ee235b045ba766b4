import DeckStorage
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive advisory lock on a file, held until the lock is released or the process ends
/// (the kernel drops it even on SIGKILL).
final class FileLock: Sendable {
    private let descriptor: Int32
    private let released = Atomic(false)

    /// Takes the lock, creating the file if needed.
    ///
    /// - Parameter path: the lock file.
    /// - Throws: `StorageError` when another process holds the lock or the file cannot be opened.
    init(path: String) throws {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw StorageError.openFailed("cannot open the lock file " + path) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw StorageError.openFailed(
                "another process is serving this database (" + path + " is locked); "
                    + "an SQLite file serves one riffle process — use PostgreSQL for several")
        }
        self.descriptor = descriptor
    }

    deinit { release() }

    /// Lets go of the lock (once; later calls do nothing), so another store may open the file.
    func release() {
        guard !released.exchange(true, ordering: .acquiringAndReleasing) else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
