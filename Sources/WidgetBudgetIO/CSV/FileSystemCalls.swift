internal import CFileExchange
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The seam between ``AtomicFile`` (and ``OutputTransaction``), the input readers and the operating system: each call it makes, replaceable in
/// tests to make one step fail. A failing call throws a ``Failure`` carrying the system's reason (`strerror(errno)`).
struct FileSystemCalls: Sendable {
    /// Information about an existing path.
    struct Status: Sendable {
        /// True for a directory.
        var isDirectory: Bool
        /// The permission bits.
        var permissions: UInt32
    }

    /// A failed call: the system's reason.
    struct Failure: Error, Sendable {
        /// `strerror(errno)`, or a description of the failure.
        var reason: String
        /// True when the call is not available here (EINVAL, ENOSYS, ENOTSUP from `exchange`).
        var unsupported = false
    }

    /// Status of `path`, or `nil` if nothing is there.
    var status: @Sendable (_ path: String) -> Status?
    /// Creates one directory (its parent exists).
    var makeDirectory: @Sendable (_ path: String) throws -> Void
    /// Creates a new file (which must not exist), writes `bytes` and syncs it to disk; its
    /// permissions are `permissions` exactly, or when `nil` the default (0666 less the umask).
    var createFile: @Sendable (_ path: String, _ bytes: UnsafeRawBufferPointer, _ permissions: UInt32?) throws -> Void
    /// Renames `from` to `to`, replacing `to` atomically.
    var rename: @Sendable (_ from: String, _ to: String) throws -> Void
    /// Removes a file, ignoring errors.
    var remove: @Sendable (_ path: String) -> Void
    /// Swaps two existing paths in one step (`renameat2(RENAME_EXCHANGE)`, `renamex_np(RENAME_SWAP)`);
    /// throws ``Failure`` with ``Failure/unsupported`` set where the file system cannot.
    var exchange: @Sendable (_ from: String, _ to: String) throws -> Void
    /// Removes a folder and everything in it, ignoring errors.
    var removeTree: @Sendable (_ path: String) -> Void
    /// Opens an input file for reading: a regular file, or an ``InputProblem`` (never blocks on a
    /// FIFO; see `FileSystemCalls+Input.swift`).
    var openInput: @Sendable (_ path: String) throws -> InputFile = FileSystemCalls.openRegularFile

    /// The real system calls.
    static let live = FileSystemCalls(
        status: { path in
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            return Status(isDirectory: (info.st_mode & S_IFMT) == S_IFDIR, permissions: UInt32(info.st_mode & 0o7777))
        },
        makeDirectory: { path in
            guard mkdir(path, 0o777) == 0 || errno == EEXIST else { throw Failure.fromErrno() }
        },
        createFile: { path, bytes, permissions in
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            guard fd >= 0 else { throw Failure.fromErrno() }
            var failure: Failure?
            var offset = 0
            while offset < bytes.count, failure == nil {
                let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno != EINTR { failure = .fromErrno() }
                } else {
                    offset += written
                }
            }
            if failure == nil, let permissions, fchmod(fd, mode_t(permissions)) != 0 { failure = .fromErrno() }
            if failure == nil, fsync(fd) != 0 { failure = .fromErrno() }
            if close(fd) != 0, failure == nil { failure = .fromErrno() }
            if let failure { throw failure }
        },
        rename: { from, to in
            guard systemRename(from, to) == 0 else { throw Failure.fromErrno() }
        },
        remove: { path in _ = unlink(path) },
        exchange: { from, to in
            guard widgetbudget_exchange(from, to) == 0 else {
                let code = errno
                var failure = Failure.fromErrno()
                failure.unsupported = code == EINVAL || code == ENOSYS || code == ENOTSUP || code == EOPNOTSUPP
                throw failure
            }
        },
        removeTree: { path in try? FileManager.default.removeItem(atPath: path) }
    )
}

extension FileSystemCalls.Failure {
    /// The failure described by the current `errno`.
    static func fromErrno() -> Self {
        Self(reason: String(cString: strerror(errno)))
    }
}

/// `rename(2)`, under a name the ``FileSystemCalls/rename`` member does not shadow.
private func systemRename(_ from: String, _ to: String) -> Int32 {
    rename(from, to)
}
