import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading an input file (a scenario, a trace, a device log, a shard's tables): only a regular
/// file is read. The path is opened with `O_NONBLOCK`, so that a FIFO with no writer or a device
/// cannot block the `open`, and checked with `fstat` on the descriptor (no race between the check
/// and the read) before a byte is read; then the descriptor is made blocking again.
extension FileSystemCalls {
    /// Why an input file cannot be read.
    enum InputProblem: Error, Sendable, Equatable {
        /// Nothing is at the path.
        case notFound
        /// The path is a directory.
        case directory
        /// The path is neither a regular file nor a directory: `what` says what it is ("a FIFO").
        case notRegular(what: String)
        /// `open` or `read` failed: the system's reason (`Permission denied`).
        case failed(reason: String)
    }

    /// The real `openInput`: `open(O_RDONLY | O_NONBLOCK)`, `fstat`, a regular file or an ``InputProblem``.
    static func openRegularFile(_ path: String) throws -> InputFile {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { throw InputProblem.notFound }
            throw InputProblem.failed(reason: String(cString: strerror(code)))
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw InputProblem.failed(reason: reason)
        }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG else {
            close(fd)
            throw type == S_IFDIR ? InputProblem.directory : InputProblem.notRegular(what: Self.kindOfFile(type))
        }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        return InputFile(descriptor: fd)
    }

    /// The kind of a file that is not regular, for messages: `a FIFO`, `a device`, `a socket`.
    static func kindOfFile(_ type: mode_t) -> String {
        switch type {
        case S_IFIFO: return "a FIFO"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "a special file"
        }
    }
}

/// An open input file (a regular file): reads it in chunks and closes it when released.
final class InputFile {
    private let descriptor: Int32

    /// Takes ownership of `descriptor`.
    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Up to `count` bytes; empty at the end of the file.
    /// - Throws: ``FileSystemCalls/InputProblem/failed(reason:)`` when `read` fails.
    func read(upToCount count: Int) throws -> Data {
        var buffer = Data(count: count)
        while true {
            let n = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, count) }
            if n >= 0 { return buffer.prefix(n) }
            if errno != EINTR { throw FileSystemCalls.InputProblem.failed(reason: String(cString: strerror(errno))) }
        }
    }

    /// The rest of the file, at most `limit` bytes: `nil` when it is longer.
    func readAll(limit: Int) throws -> Data? {
        var data = Data()
        while true {
            let chunk = try read(upToCount: 64 * 1024)
            if chunk.isEmpty { return data }
            data += chunk
            if data.count > limit { return nil }
        }
    }
}

/// `read(2)`, under a name the ``InputFile/read(upToCount:)`` member does not shadow.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}
