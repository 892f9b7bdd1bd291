import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The file one process appends to, in the log folder; used only on the log's serial queue.
///
/// Every file has one writer: its name holds the role, the time it was started (UTC) and the
/// process id (`widget-20260105-093000-4242.csv`, then `…-4242-01.csv` for a second file
/// started in the same second), and a process picks a name no file has under a lock of its own,
/// so no two processes, nor two ``WidgetLog``s of one process, ever share one. No file is locked
/// (see docs/log-format.md, "Concurrent writers, and why no lock"). Each row is one `write(2)` of a complete line on a
/// descriptor opened with `O_APPEND`: a process killed between two rows leaves whole rows only.
final class LogFile {
    private let folder: URL
    private let role: WidgetLog.Role
    private let limits: WidgetLog.Limits
    private var descriptor: Int32 = -1
    private var path = ""
    private var size = 0

    init(folder: URL, role: WidgetLog.Role, limits: WidgetLog.Limits) {
        self.folder = folder
        self.role = role
        self.limits = limits
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// The file being written, if one was started.
    var currentPath: String? { descriptor >= 0 ? path : nil }

    /// Appends `line` (a complete row), starting a new file first when it would pass the size
    /// limit. False when the row could not be written (folder missing, disk full).
    func append(_ line: String) -> Bool {
        let bytes = Array(line.utf8)
        if descriptor >= 0, size > LogRow.header.utf8.count, size + bytes.count > limits.maxFileBytes {
            close(descriptor)
            descriptor = -1
        }
        if descriptor < 0, !start() { return false }
        guard writeWhole(bytes) else { return false }
        size += bytes.count
        return true
    }

    /// Serializes the choice of a new file's name among the logs of this process (other
    /// processes have other process ids in their names).
    private static let naming = NSLock()

    /// Creates a new file with its header, then trims the folder to its byte limit.
    ///
    /// The header is written into a hidden `.NAME.tmp` first, which is then renamed to `NAME`: a
    /// process killed meanwhile leaves no empty or header-less `.csv` (which `analyze` would
    /// refuse), only a hidden file that the next trim of another process deletes.
    private func start() -> Bool {
        Self.naming.lock()
        defer { Self.naming.unlock() }
        let stamp = Self.stamp(Date())
        let pid = ProcessInfo.processInfo.processIdentifier
        let manager = FileManager.default
        for attempt in 0..<10_000 {
            let suffix = attempt == 0 ? "" : attempt < 10 ? "-0\(attempt)" : "-\(attempt)"
            let name = "\(role.name)-\(stamp)-\(pid)\(suffix).csv"
            let final = folder.appendingPathComponent(name).path
            if manager.fileExists(atPath: final) { continue }
            let temporary = folder.appendingPathComponent("." + name + ".tmp").path
            let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o644)
            guard fd >= 0 else { return false }
            descriptor = fd
            let header = Array(LogRow.header.utf8)
            guard writeWhole(header), rename(temporary, final) == 0 else {
                close(fd)
                descriptor = -1
                unlink(temporary)
                return false
            }
            path = final
            size = header.count
            trimFolder()
            return true
        }
        return false
    }

    /// Writes `bytes` in one `write(2)` (again for the rest only after a short write or a signal).
    private func writeWhole(_ bytes: [UInt8]) -> Bool {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + done, bytes.count - done) }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            done += n
        }
        return true
    }

    /// Deletes the oldest log files of the folder (by the time in their names) until the rest
    /// take at most ``WidgetLog/Limits/maxFolderBytes``; the file being written is kept.
    private func trimFolder() {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: folder.path) else { return }
        var files: [(stamp: String, path: String, size: Int)] = []
        let pid = String(ProcessInfo.processInfo.processIdentifier)
        for name in names where name.hasPrefix(".") && name.hasSuffix(".csv.tmp") {
            // A header left by a process killed while starting a file (never this process's).
            let inner = String(name.dropFirst().dropLast(4))
            if Self.stamp(ofFileName: inner) != nil, inner.split(separator: "-")[3].prefix(while: \.isNumber) != pid {
                try? manager.removeItem(atPath: folder.appendingPathComponent(name).path)
            }
        }
        for name in names {
            guard let stamp = Self.stamp(ofFileName: name) else { continue }
            let full = folder.appendingPathComponent(name).path
            let size = (try? manager.attributesOfItem(atPath: full)[.size] as? NSNumber)??.intValue ?? 0
            files.append((stamp, full, size))
        }
        var total = files.reduce(0) { $0 + $1.size }
        for file in files.sorted(by: { ($0.stamp, $0.path) < ($1.stamp, $1.path) }) where total > limits.maxFolderBytes {
            guard file.path != path else { continue }
            if (try? manager.removeItem(atPath: file.path)) != nil { total -= file.size }
        }
    }

    /// `yyyyMMdd-HHmmss` of `date` in UTC (so names sort by time).
    static func stamp(_ date: Date) -> String {
        let text = LogRow.isoTime(Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)), offset: 0)
        let digits = text.filter { $0.isNumber }
        return String(digits.prefix(8)) + "-" + String(digits.dropFirst(8).prefix(6))
    }

    /// A log file's name (`ROLE-yyyyMMdd-HHmmss-PID[-N].csv`) as a key that sorts by age
    /// (`yyyyMMdd-HHmmss-NNNNNN`: a file a process started again in the same second comes after;
    /// `-01`…`-99`, then `-100`…);
    /// nil for any other file, which the log never deletes.
    static func stamp(ofFileName name: String) -> String? {
        guard name.hasSuffix(".csv") else { return nil }
        let parts = name.dropLast(4).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 4 || parts.count == 5, !parts[0].isEmpty else { return nil }
        let digits = { (s: Substring, count: Int?) in
            !s.isEmpty && s.allSatisfy { $0.isASCII && $0.isNumber } && (count == nil || s.count == count)
        }
        guard digits(parts[1], 8), digits(parts[2], 6), digits(parts[3], nil),
            parts.count == 4 || (digits(parts[4], nil) && parts[4].count >= 2)
        else {
            return nil
        }
        let number = parts.count == 5 ? String(parts[4]) : "0"
        return parts[1] + "-" + parts[2] + "-" + String(repeating: "0", count: max(0, 6 - number.count)) + number
    }
}
