import Foundation

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// Writes files atomically: readers see the old content or the new, never a partial file.
///
/// The content goes to a temporary file in the destination's directory (same file system), is
/// synced to disk, then renamed over the destination. Missing parent directories are created.
/// On failure the destination is untouched and the temporary file removed. An existing file's
/// permission bits are kept; a new file gets 0666 less the umask.
public enum AtomicFile {
    /// Writes `data` to `path` atomically.
    /// - Throws: ``FileWriteError`` naming the path and the system's reason.
    public static func write(_ data: Data, to path: String) throws {
        try write(data, to: path, using: .live)
    }

    /// Writes `text` to `path` atomically, as UTF-8.
    /// - Throws: ``FileWriteError`` naming the path and the system's reason.
    public static func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path, using: .live)
    }

    /// Writes `data` to `path` atomically through the given system calls (tests make some fail).
    static func write(_ data: Data, to path: String, using system: FileSystemCalls) throws {
        try write(to: path, using: system) { temporary, permissions in
            try data.withUnsafeBytes { try system.createFile(temporary, $0, permissions) }
        }
    }

    /// Writes the file at `path` atomically from what `produce` writes to it, a piece at a time:
    /// memory does not grow with the file. `produce` gets the open temporary file; its errors
    /// (a ``FileWriteError`` naming `path`) are thrown as they are, the temporary file removed.
    /// - Throws: ``FileWriteError``.
    static func write(to path: String, produce: (UnsafeMutablePointer<FILE>) throws -> Void) throws {
        let system = FileSystemCalls.live
        try write(to: path, using: system) { temporary, permissions in
            // Written for as long as the run takes: a signal meanwhile removes it (``removeStreamed()``).
            streamedLock.lock()
            streamed.insert(temporary)
            streamedLock.unlock()
            defer {
                streamedLock.lock()
                streamed.remove(temporary)
                streamedLock.unlock()
            }
            let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            guard fd >= 0, let file = fdopen(fd, "w") else {
                let failure = FileSystemCalls.Failure.fromErrno()
                if fd >= 0 { close(fd) }
                throw failure
            }
            var closed = false
            defer { if !closed { fclose(file) } }
            do {
                try produce(file)
            } catch let error as FileWriteError {
                throw Produced(error: error)
            }
            if let permissions, fchmod(fd, mode_t(permissions)) != 0 { throw FileSystemCalls.Failure.fromErrno() }
            guard fflush(file) == 0, fsync(fd) == 0 else { throw FileSystemCalls.Failure.fromErrno() }
            closed = true
            guard fclose(file) == 0 else { throw FileSystemCalls.Failure.fromErrno() }
        }
    }

    /// Checks that `path` can be written (not a folder, nor anything but a regular file) and
    /// creates its missing parent folders. Returns the folder it goes in.
    /// - Throws: ``FileWriteError``.
    static func prepare(_ path: String, using system: FileSystemCalls = .live) throws -> String {
        guard !path.isEmpty else { throw FileWriteError(path: path, reason: "the path is empty") }
        try OutputTransaction.checkFileDestination(path)
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        if system.status(path)?.isDirectory == true { throw FileWriteError(path: path, reason: "it is a directory") }
        try makeDirectories(directory, for: path, using: system)
        return directory
    }

    /// Temporary files being streamed (``write(to:produce:)``), guarded by `streamedLock`.
    nonisolated(unsafe) private static var streamed = Set<String>()
    private static let streamedLock = NSLock()

    /// Removes the temporary files being streamed: called on SIGINT, SIGTERM or SIGHUP before the
    /// process exits (``OutputTransaction/abortAll()``), so an interrupted `export-log` leaves
    /// nothing beside its log.
    static func removeStreamed() {
        streamedLock.lock()
        let paths = streamed
        streamedLock.unlock()
        for path in paths { unlink(path) }
    }

    /// An error of the producer of a streamed file, passed through unchanged.
    private struct Produced: Error {
        var error: FileWriteError
    }

    /// Writes `path` atomically: `create` makes the temporary file (given its path and the
    /// permission bits of the file it replaces), which is then renamed over `path`.
    private static func write(
        to path: String, using system: FileSystemCalls, create: (_ temporary: String, _ permissions: UInt32?) throws -> Void
    ) throws {
        guard !path.isEmpty else { throw FileWriteError(path: path, reason: "the path is empty") }
        ChildProcesses.parkIfStopping()
        try OutputTransaction.checkFileDestination(path)
        let url = URL(fileURLWithPath: path)
        let name = url.lastPathComponent
        let directory = url.deletingLastPathComponent().path
        let existing = system.status(path)
        if existing?.isDirectory == true { throw FileWriteError(path: path, reason: "it is a directory") }
        try makeDirectories(directory, for: path, using: system)

        let temporary = directory + "/." + name + ".tmp-" + UUID().uuidString.prefix(8)
        do {
            try create(temporary, existing?.permissions)
        } catch let produced as Produced {
            system.remove(temporary)
            throw produced.error
        } catch {
            system.remove(temporary)
            throw FileWriteError(
                path: path,
                reason: "cannot write a temporary file in \(csvMessageText(directory, limit: 200)): \(reason(error))"
            )
        }
        do {
            try system.rename(temporary, path)
        } catch {
            system.remove(temporary)
            throw FileWriteError(path: path, reason: "cannot rename the temporary file into place: \(reason(error))")
        }
    }

    /// Creates `directory` and any missing parents (like `mkdir -p`).
    private static func makeDirectories(_ directory: String, for path: String, using system: FileSystemCalls) throws {
        if let status = system.status(directory) {
            guard status.isDirectory else {
                throw FileWriteError(path: path, reason: "\(csvMessageText(directory, limit: 200)) is not a directory")
            }
            return
        }
        let parent = URL(fileURLWithPath: directory).deletingLastPathComponent().path
        if parent != directory { try makeDirectories(parent, for: path, using: system) }
        do {
            try system.makeDirectory(directory)
        } catch {
            throw FileWriteError(
                path: path, reason: "cannot create directory \(csvMessageText(directory, limit: 200)): \(reason(error))"
            )
        }
    }

    /// The system's reason carried by a seam failure.
    private static func reason(_ error: any Error) -> String {
        (error as? FileSystemCalls.Failure)?.reason ?? "\(error)"
    }
}
