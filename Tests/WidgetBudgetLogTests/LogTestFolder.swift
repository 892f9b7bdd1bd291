import Foundation
import WidgetBudgetIO
import WidgetBudgetLog

/// A fresh temporary folder for a test's log files, removed by `body`'s end.
func withLogFolder(_ body: (URL) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("widgetbudget-log-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try body(folder)
}

/// The `.csv` files in `folder`, sorted by name.
func logFiles(in folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".csv") }.sorted()
        .map { folder.appendingPathComponent($0).path }
}

/// The lines of the file at `path` (each without its `\n`), and whether the file ends in `\n`.
func lines(of path: String) throws -> (lines: [String], endsWithNewline: Bool) {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return (lines, text.hasSuffix("\n"))
}

/// A fixed time: 2026-01-05 08:00 UTC.
let monday = Date(timeIntervalSince1970: 1_767_600_000)
