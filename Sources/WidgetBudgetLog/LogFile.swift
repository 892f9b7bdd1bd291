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
/// process id (`widget-20260105-093000-4242.csv`, then `…-4242-01.csv` for a second file started in the same second), and it is created with `O_EXCL`, so no two
/// processes, nor two ``WidgetLog``s of one process, ever share one. Nothing is locked (see
/// docs/log-format.md, "Concurrent writers"). Each row is one `write(2)` of a complete line on a
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

    /// Creates a new file with its header, then trims the folder to its byte limit.
    private func start() -> Bool {
        let stamp = Self.stamp(Date())
        let pid = ProcessInfo.processInfo.processIdentifier
        for attempt in 0..<100 {
            let suffix = attempt == 0 ? "" : attempt < 10 ? "-0\(attempt)" : "-\(attempt)"
            let name = "\(role.name)-\(stamp)-\(pid)\(suffix).csv"
            let candidate = folder.appendingPathComponent(name).path
            let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0o644)
            if fd < 0 {
                if errno == EEXIST { continue }
                return false
            }
            descriptor = fd
            path = candidate
            size = 0
            let header = Array(LogRow.header.utf8)
            guard writeWhole(header) else { return false }
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
    /// (`yyyyMMdd-HHmmss-NNNNNN`: a file a process started again in the same second comes after);
    /// nil for any other file, which the log never deletes.
    static func stamp(ofFileName name: String) -> String? {
        guard name.hasSuffix(".csv") else { return nil }
        let parts = name.dropLast(4).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 4 || parts.count == 5, !parts[0].isEmpty else { return nil }
        let digits = { (s: Substring, count: Int?) in
            !s.isEmpty && s.allSatisfy { $0.isASCII && $0.isNumber } && (count == nil || s.count == count)
        }
        guard digits(parts[1], 8), digits(parts[2], 6), digits(parts[3], nil), parts.count == 4 || digits(parts[4], 2) else {
            return nil
        }
        return parts[1] + "-" + parts[2] + "-" + (parts.count == 5 ? parts[4] : "00")
    }
}
