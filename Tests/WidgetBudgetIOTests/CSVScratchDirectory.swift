import Foundation

/// A fresh directory under the system's temporary directory for one test, removed afterwards.
struct CSVScratchDirectory {
    /// The directory's path.
    let path: String

    /// Creates the directory.
    init() throws {
        path =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("widgetbudget-csv-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// The path of `name` inside the directory.
    func file(_ name: String) -> String { path + "/" + name }

    /// Writes `bytes` to `name` inside the directory and returns its path.
    @discardableResult
    func write(_ name: String, bytes: [UInt8]) throws -> String {
        let file = file(name)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// Writes `text` (UTF-8) to `name` inside the directory and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try write(name, bytes: Array(text.utf8))
    }

    /// The names in the directory (or in `subdirectory` of it), sorted.
    func contents(_ subdirectory: String? = nil) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: subdirectory.map(file) ?? path).sorted()
    }

    /// Deletes the directory and everything in it.
    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Runs `body` with a fresh scratch directory, removed afterwards.
func withCSVScratch<T>(_ body: (CSVScratchDirectory) throws -> T) throws -> T {
    let directory = try CSVScratchDirectory()
    defer { directory.remove() }
    return try body(directory)
}

/// The one-line description of the error `body` throws, or nil if it throws nothing.
func csvErrorDescription(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch {
        return "\(error)"
    }
}
