import Foundation
import WidgetBudgetTestSupport

/// Helpers for the report and compare command tests.
enum ReportTestSupport {
    /// True on CI, where gnuplot and Chromium are installed and their tests must run.
    static var isCI: Bool { ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty && $0 != "false" } ?? false }

    /// The first executable called `name` on `PATH`.
    static func onPath(_ name: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let path = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Whether tests that need gnuplot run: always on CI, elsewhere when it is installed.
    static var runsGnuplot: Bool { isCI || onPath("gnuplot") != nil }

    /// A `PATH` without gnuplot.
    static let pathWithoutGnuplot = "/nonexistent-widgetbudget-path"

    /// A folder holding `Scenarios/<name>` for each file, removed afterwards.
    static func withScenarios(_ files: [String: String], _ body: (URL) throws -> Void) throws {
        let root = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let scenarios = root.appendingPathComponent("Scenarios")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(to: scenarios.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        try body(root)
    }

    /// True when the file at `url` is a whole PNG image (signature, IHDR, IEND).
    static func isPNG(_ url: URL) -> Bool {
        guard let data = try? Data(contentsOf: url), data.count > 40 else { return false }
        return data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            && data.suffix(8) == Data([0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
    }

    /// The width and height in a PNG's header.
    static func pngSize(_ url: URL) -> (Int, Int)? {
        guard isPNG(url), let data = try? Data(contentsOf: url) else { return nil }
        let b = [UInt8](data.prefix(24))
        func u32(_ at: Int) -> Int { b[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (u32(16), u32(20))
    }

    static let clock = """
        # Seed 002's 5-minute timelines: the budget is gone at 05:50.
        name: five-minute
        description: 5-minute timelines against a budget of 70 reset at midnight.
        days: 2
        replications: 2
        budget: {daily: 70, model: midnight}
        widgets:
          - kind: clock
            provider: {type: fixed, entries: 6, spacing: 1m, policy: at-end}
            content:
              predictable: {every: 1m}
            views: {poisson: {per_hour: 6}, during: "07:00-23:00"}
        """

    static let minute = """
        name: minute-entries
        description: 60-minute timelines of minute entries.
        days: 2
        replications: 2
        budget: {daily: 70, model: midnight}
        widgets:
          - kind: clock
            provider: {type: fixed, entries: 61, spacing: 1m, first_offset: 2s, align: minute, policy: at-end}
            content:
              predictable: {every: 1m}
            views: {poisson: {per_hour: 6}, during: "07:00-23:00"}
        """

    static let broken = """
        name: broken
        widgets:
          - kind: clock
            provider: {type: fixed, entries: 6, spacng: 1m}
        """
}
