import Foundation

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// A file of rows read back a line at a time beside a second file of their times (one `Double` per
/// row, native byte order): what the streamed writers leave behind to be merged by time
/// (`EventLog`'s parts, `DeviceLogStream`'s parts). ``time`` is the next row's time; the merge
/// picks the reader with the least and copies its row.
///
/// One row is one line: no cell of these files holds a line break.
final class TimedLines {
    private let rows: UnsafeMutablePointer<FILE>
    private let times: UnsafeMutablePointer<FILE>
    /// Whether this reader closes the files (it opened them).
    private let closes: Bool
    /// Whatever must live as long as the reader (the writer that owns the files).
    private let owner: AnyObject?
    private var line: UnsafeMutablePointer<CChar>?
    private var capacity = 0
    /// The next row's time, `nil` at the end.
    private(set) var time: Double?

    /// Reads the files at the paths `rows` and `times`, closed with the reader; `nil` when either
    /// cannot be opened.
    convenience init?(rows: String, times: String) {
        guard let r = fopen(rows, "r") else { return nil }
        guard let t = fopen(times, "r") else {
            fclose(r)
            return nil
        }
        self.init(rows: r, times: t, closes: true, owner: nil)
    }

    /// Reads open files from their start; `owner` keeps them open (they stay its to close).
    /// `nil` when either cannot be rewound.
    convenience init?(rewinding rows: UnsafeMutablePointer<FILE>, times: UnsafeMutablePointer<FILE>, owner: AnyObject) {
        guard fseek(rows, 0, SEEK_SET) == 0, fseek(times, 0, SEEK_SET) == 0 else { return nil }
        self.init(rows: rows, times: times, closes: false, owner: owner)
    }

    private init(rows: UnsafeMutablePointer<FILE>, times: UnsafeMutablePointer<FILE>, closes: Bool, owner: AnyObject?) {
        self.rows = rows
        self.times = times
        self.closes = closes
        self.owner = owner
        advance()
    }

    deinit {
        if closes {
            fclose(rows)
            fclose(times)
        }
        free(line)
    }

    private func advance() {
        var t = 0.0
        time = fread(&t, MemoryLayout<Double>.stride, 1, times) == 1 ? t : nil
    }

    /// Copies the next row to `out` and moves on; false on a read or write error.
    func copyLine(to out: UnsafeMutablePointer<FILE>) -> Bool {
        let n = getline(&line, &capacity, rows)
        advance()
        guard n > 0, let line else { return false }
        return fwrite(line, 1, n, out) == n
    }
}
