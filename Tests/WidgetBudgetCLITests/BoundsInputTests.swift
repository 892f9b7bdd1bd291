import Foundation
import Testing
import WidgetBudgetTestSupport

/// Input past the documented bounds (docs/limits.md), and inputs that once crashed, hung or were
/// misread: one line, a non-zero exit, and the output folder of an earlier good run byte for
/// byte as it was.
@Suite("Bounds on input")
struct BoundsInputTests {
    static let valid = BadInputTests.valid

    /// A case: the scenario text, files beside it, the fragments the one line must hold, and
    /// fragments it must not hold.
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var yaml: String
        var expected: [String]
        var files: [String: String] = [:]
        var forbidden: [String] = []
        var description: String { name }
    }

    static func with(_ from: String, _ to: String) -> String { valid.replacingOccurrences(of: from, with: to) }

    static let cases: [Case] = [
        Case(
            name: "huge first offset", yaml: with("policy: at-end}", "policy: at-end, first_offset: 1e24}"),
            expected: ["scenario.yaml:5:", "first_offset", "10 years"]),
        Case(
            name: "huge after", yaml: with("policy: at-end", "policy: {after: 1e308}"), expected: ["scenario.yaml:5:", "after", "10 years"]),
        Case(
            name: "huge uniform delay", yaml: valid + "\nsystem: {reload_delay: {uniform: [0s, 1e308]}}\n",
            expected: ["scenario.yaml:8:", "system.reload_delay.uniform[1]", "10 years"]),
        Case(
            name: "huge exponential delay", yaml: valid + "\nsystem: {render_delay: {exponential: 1e30}}\n",
            expected: ["scenario.yaml:8:", "render_delay.exponential", "10 years"]),
        Case(
            name: "huge base memory", yaml: valid + "\nmemory: {base_mb: 1e308}\n",
            expected: ["scenario.yaml:8:", "memory.base_mb", "out of range"]),
        Case(
            name: "huge until-full",
            yaml: with(
                "{type: fixed, entries: 6, spacing: 1m, policy: at-end}",
                "{type: until-full, level: 0, full: 1e24, rate_per_hour: 1, spacing: 1m}"),
            expected: ["scenario.yaml:5:", "provider.full", "out of range"]),
        Case(
            name: "tiny fill rate",
            yaml: with(
                "{type: fixed, entries: 6, spacing: 1m, policy: at-end}", "{type: until-full, level: 0, rate_per_hour: 1e-308, spacing: 1m}"
            ),
            expected: ["scenario.yaml:5:", "100000 entries"]),
        Case(
            name: "budget of Int.max", yaml: valid + "\nbudget: {daily: 9223372036854775807}\n",
            expected: ["scenario.yaml:8:", "budget.daily", "at most 100000"]),
        Case(
            name: "budget range to Int.max", yaml: valid + "\nbudget: {daily: \"1...9223372036854775807\"}\n",
            expected: ["scenario.yaml:8:", "budget.daily", "at most"]),
        Case(
            name: "huge view offset", yaml: valid + "\n    views: {every: 1s, offset: 1e16}\n",
            expected: ["scenario.yaml:8:", "views.offset", "10 years"]),
        Case(name: "30 February", yaml: "start: 2026-02-30\n" + valid, expected: ["scenario.yaml:1:", "start", "not a valid date"]),
        Case(
            name: "year 2^63", yaml: "start: 9223372036854775807-12-30\n" + valid, expected: ["scenario.yaml:1:", "start", "out of range"]),
        Case(
            name: "work past the limit", yaml: valid.replacingOccurrences(of: "days: 1", with: "days: 3660\nreplications: 100000"),
            expected: ["366000000 widget-days", "--force"]),
        Case(
            name: "alias bomb as complex keys",
            yaml:
                "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\n"
                + "d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]\n? *e\n: 1\n? *e\n: 2\n",
            expected: ["scenario.yaml:6:", "'?' key"]),
        Case(
            name: "duplicate key", yaml: valid.replacingOccurrences(of: "days: 1", with: "days: 1\ndays: 2"),
            expected: ["scenario.yaml:2:", "'days' appears twice"]),
        Case(
            name: "trace with a NUL", yaml: with("{every: 1m}", "{trace: nul.csv}"), expected: ["scenario.yaml:7:", "nul.csv:2", "NUL"],
            files: ["nul.csv": "time\n6\u{0} 0\n"]),
        Case(
            name: "trace with a field that never ends", yaml: with("{every: 1m}", "{trace: long.csv}"), expected: ["long.csv:2", "64 KiB"],
            files: ["long.csv": "time\n" + String(repeating: "7", count: 70_000) + "\n"]),
        Case(
            name: "trace naming a secret file", yaml: with("{every: 1m}", "{trace: shadow}"), expected: ["shadow:1", "not shown"],
            files: ["shadow": "root:$6$s3cr3tHash:19000:0:99999:7:::\n"], forbidden: ["s3cr3t"]),
        // Issue #27, item 10: every budget-like number bounded as budget.daily is.
        Case(
            name: "learning budget of Int.max", yaml: valid + "\nbudget: {daily: 50, learning: {days: 3, daily: 9223372036854775807}}\n",
            expected: ["scenario.yaml:8:", "budget.learning.daily", "at most 100000 (got 9223372036854775807)"]),
        Case(
            name: "push budget of Int.max",
            yaml: with("predictable: {every: 1m}", "unpredictable: {poisson: {per_hour: 1}}")
                + "\napp: {pushes: {on_change: true, budget: {daily: 9223372036854775807}}}\n",
            expected: ["scenario.yaml:8:", "app.pushes.budget.daily", "at most 100000"]),
        Case(
            name: "system max_entries of Int.max", yaml: valid + "\nsystem: {max_entries: 9223372036854775807}\n",
            expected: ["scenario.yaml:8:", "system.max_entries", "at most 100000"]),
        Case(
            name: "pushes both on_change and every",
            yaml: with("predictable: {every: 1m}", "unpredictable: {poisson: {per_hour: 1}}")
                + "\napp: {pushes: {on_change: true, every: 1h, budget: {daily: 10}}}\n",
            expected: ["scenario.yaml:8:", "app.pushes.every", "on_change: true and every both say when pushes are sent"]),
        Case(
            name: "app reload both on_change and every",
            yaml: with("predictable: {every: 1m}", "unpredictable: {poisson: {per_hour: 1}}")
                + "\napp: {reloads: [{kind: clock, on_change: true, poisson: {per_hour: 2}}]}\n",
            expected: ["scenario.yaml:8:", "app.reloads[0].poisson", "give one of them"]),
    ]

    @Test(arguments: cases)
    func badInputLeavesTheEarlierOutputAsItWas(_ c: Case) throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.valid.write(to: folder.appendingPathComponent("good.yaml"), atomically: true, encoding: .utf8)
        #expect(try CLIRunner.run(["simulate", "good.yaml", "--out", "out"], in: folder).status == 0)
        let before = try Snapshot(folder.appendingPathComponent("out"))
        try c.yaml.write(to: folder.appendingPathComponent("scenario.yaml"), atomically: true, encoding: .utf8)
        for (name, text) in c.files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        let out = try CLIRunner.run(["simulate", "scenario.yaml", "--out", "out"], in: folder)
        #expect(out.status != 0)
        #expect(out.stderr.split(separator: "\n").count == 1, "expected one line, got: \(out.stderr)")
        for fragment in c.expected { #expect(out.stderr.contains(fragment), "'\(fragment)' not in: \(out.stderr)") }
        for fragment in c.forbidden { #expect(!out.stderr.contains(fragment), "'\(fragment)' echoed: \(out.stderr)") }
        #expect(try Snapshot(folder.appendingPathComponent("out")) == before)
    }

    @Test func aTraceAtDevZeroStops() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.with("{every: 1m}", "{trace: /dev/zero}").write(
            to: folder.appendingPathComponent("scenario.yaml"), atomically: true, encoding: .utf8)
        let out = try CLIRunner.run(["simulate", "scenario.yaml", "--out", "out"], in: folder)
        #expect(out.status != 0)
        // Not a regular file: refused before a byte is read (issue #27, item 2), as a FIFO is;
        // a regular file with a field that never ends stops at 64 KiB (the case above).
        #expect(out.stderr.contains("/dev/zero: it is a device, not a regular file"), "\(out.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    /// export-log trapped already at `after: 1e16` (the issue); now one line and no log file.
    @Test func exportLogWithAHugeAfter() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.with("policy: at-end", "policy: {after: 1e16}").write(
            to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let out = try CLIRunner.run(["export-log", "s.yaml", "--out", "log.csv"], in: folder)
        #expect(out.status != 0)
        #expect(out.stderr.split(separator: "\n").count == 1, "\(out.stderr)")
        #expect(out.stderr.contains("s.yaml:5: widgets[0].provider.policy.after"), "\(out.stderr)")
        #expect(out.stderr.contains("10 years"), "\(out.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["s.yaml"])
    }

    /// Options past the bounds are refused before anything runs.
    @Test(arguments: [
        (["optimize", "Scenarios/clock-minute-entries.yaml", "--spacing", "1e24"], "10 years"),
        (["optimize", "Scenarios/clock-minute-entries.yaml", "--policy", "after:1e24"], "10 years"),
        (["simulate", "Scenarios/clock-minute-entries.yaml", "--budget", "9223372036854775807"], "--budget"),
        (["simulate", "Scenarios/clock-minute-entries.yaml", "--days", "3660", "--replications", "100000"], "--force"),
    ])
    func optionsPastTheBounds(_ arguments: [String], _ fragment: String) throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = try CLIRunner.run(arguments + ["--out", folder.appendingPathComponent("out").path])
        #expect(out.status != 0)
        #expect(out.stderr.split(separator: "\n").count == 1, "\(out.stderr)")
        #expect(out.stderr.contains(fragment), "\(out.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    /// optimize counts its candidates: Scenarios/clock-minute-entries.yaml's space is 2 window
    /// lists × 6 policies × (2 aligns × 6 spacings × 5 entry counts above 1 + 1 single entry) =
    /// 732 candidates; with the current policy, 3660 days and 8 replications: 733 × 3660 × 8 =
    /// 21,462,240 widget-days (a simulation of the scenario alone is 3660 × 8 = 29,280). Racing from
    /// 8 to 64 replications adds at most 732 × 3660 × (16 + 32 + 64) = 300,061,440.
    @Test func optimizeCountsItsCandidates() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = try CLIRunner.run([
            "optimize", "Scenarios/clock-minute-entries.yaml", "--days", "3660", "--replications", "8", "--out",
            folder.appendingPathComponent("out").path,
        ])
        #expect(out.status != 0)
        #expect(out.stderr.split(separator: "\n").count == 1, "\(out.stderr)")
        for fragment in [
            "(732 candidates of the space + the current policy) × 3660 days × 8 replications × 1 widget = 21462240 widget-days",
            "(about 20 min; racing up to 64 replications adds at most 300061440) is past the limit of 5000000", "optimize --force",
        ] {
            #expect(out.stderr.contains(fragment), "'\(fragment)' not in: \(out.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    @Test(arguments: ["--min-interval", "--stall-threshold"])
    func analyzeDurationPastTheBounds(_ option: String) throws {
        let out = try CLIRunner.run(["analyze", "x.csv", option, "1e24", "--out", "/tmp/never-written-analyze"])
        #expect(out.status != 0)
        #expect(out.stderr.split(separator: "\n").count == 1, "\(out.stderr)")
        #expect(out.stderr.contains(option), "\(out.stderr)")
        #expect(out.stderr.contains("10 years"), "\(out.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never-written-analyze"))
    }

    @Test func warningsForADaylightSavingGapAndLateTraceTimes() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ("timezone: Europe/Paris\nstart: 2026-03-29T02:30\n" + Self.with("{every: 1m}", "{trace: late.csv}")).write(
            to: folder.appendingPathComponent("scenario.yaml"), atomically: true, encoding: .utf8)
        try "time\n60\n100000\n200000\n".write(to: folder.appendingPathComponent("late.csv"), atomically: true, encoding: .utf8)
        let out = try CLIRunner.run(["simulate", "scenario.yaml", "--out", "out"], in: folder)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stderr.contains("scenario.yaml:2: start: 2026-03-29T02:30 does not exist in Europe/Paris"), "\(out.stderr)")
        #expect(out.stderr.contains("starts at 03:30"), "\(out.stderr)")
        #expect(out.stderr.contains("2 of 3 times in late.csv fall after the 1d horizon"), "\(out.stderr)")
    }
}

/// Every file under a folder with its bytes (`nil` when the folder is absent), to compare
/// before and after.
struct Snapshot: Equatable {
    var files: [String: Data]?

    init(_ folder: URL) throws {
        guard FileManager.default.fileExists(atPath: folder.path) else { return }
        var files: [String: Data] = [:]
        let base = folder.resolvingSymlinksInPath().path
        if let walker = FileManager.default.enumerator(atPath: base) {
            for case let name as String in walker {
                let type = try FileManager.default.attributesOfItem(atPath: base + "/" + name)[.type] as? FileAttributeType
                files[name] =
                    try type == .typeRegular
                    ? Data(contentsOf: URL(fileURLWithPath: base + "/" + name)) : Data((type?.rawValue ?? "other").utf8)
            }
        }
        self.files = files
    }
}
