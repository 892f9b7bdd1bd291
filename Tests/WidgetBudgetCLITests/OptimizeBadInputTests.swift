import Foundation
import Testing
import WidgetBudgetTestSupport

/// `optimize` on bad input: one line naming the file, line and key (or the option), a non-zero
/// exit, and nothing written; and a constraint no candidate meets, which names the binding
/// constraint but still writes the candidates.
@Suite("optimize: bad input")
struct OptimizeBadInputTests {
    static let scenario = """
        name: t
        days: 1
        widgets:
          - kind: clock
            provider: {type: fixed, entries: 6, spacing: 1m, policy: at-end}
            content:
              predictable: {every: 1m}
        optimize:
          spacing: [1m, 5m]
          entries: [1, 12]
          policy: [at-end, {after: [1h]}]
          replications: 1
        """

    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var yaml: String
        var arguments: [String] = []
        var expected: [String]
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "empty spacing list", yaml: scenario.replacingOccurrences(of: "spacing: [1m, 5m]", with: "spacing: []"),
            expected: ["scenario.yaml:9:", "optimize.spacing", "the list is empty"]),
        Case(
            name: "empty policy list", yaml: scenario.replacingOccurrences(of: "policy: [at-end, {after: [1h]}]", with: "policy: []"),
            expected: ["scenario.yaml:11:", "optimize.policy", "the list is empty"]),
        Case(
            name: "empty list on the command line", yaml: scenario, arguments: ["--entries", ","],
            expected: ["--entries: the list is empty"]),
        Case(
            name: "unknown objective in the file", yaml: scenario + "\n  objective: freshnes\n",
            expected: ["scenario.yaml:13:", "optimize.objective", "unknown objective 'freshnes'", "did you mean 'freshness'?"]),
        Case(
            name: "view freshness without views", yaml: scenario, arguments: ["--objective", "view-freshness"],
            expected: ["--objective", "has no `views` process"]),
        Case(
            name: "unknown key", yaml: scenario.replacingOccurrences(of: "entries: [1, 12]", with: "entrys: [1, 12]"),
            expected: ["scenario.yaml:10:", "optimize.entrys", "did you mean 'entries'?"]),
        Case(
            name: "bad entries range", yaml: scenario.replacingOccurrences(of: "entries: [1, 12]", with: "entries: \"12...1\""),
            expected: ["scenario.yaml:10:", "optimize.entries", "range like 1...240"]),
        Case(
            name: "bad after delay", yaml: scenario.replacingOccurrences(of: "{after: [1h]}", with: "{after: [soon]}"),
            expected: ["scenario.yaml:11:", "optimize.policy[1].after[0]", "soon"]),
        Case(
            name: "bad window", yaml: scenario + "\n  windows: [[], [\"7-23\"]]\n",
            expected: ["scenario.yaml:13:", "optimize.windows[1]", "7-23"]),
        Case(
            name: "bad margin", yaml: scenario + "\n  constraints: {memory_margin: 1.5}\n",
            expected: ["scenario.yaml:13:", "optimize.constraints.memory_margin", "between 0 and 1"]),
        Case(
            name: "unknown widget", yaml: scenario, arguments: ["--widget", "clok"],
            expected: ["--widget: no widget is named 'clok'", "did you mean 'clock'?"]),
        Case(name: "bad shard", yaml: scenario, arguments: ["--shard", "4/3"], expected: ["--shard must be K/N"]),
        Case(
            name: "search cannot be sharded", yaml: scenario, arguments: ["--shard", "1/2", "--method", "search"],
            expected: ["--shard: a search cannot be split"]),
    ]

    @Test(arguments: cases)
    func badInputIsOneClearLine(_ c: Case) throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try c.yaml.write(to: folder.appendingPathComponent("scenario.yaml"), atomically: true, encoding: .utf8)
        let out = try CLIRunner.run(["optimize", "scenario.yaml", "--out", "out"] + c.arguments, in: folder)
        #expect(out.status != 0)
        #expect(out.stderr.split(separator: "\n").count == 1, "expected one line, got: \(out.stderr)")
        for fragment in c.expected {
            #expect(out.stderr.contains(fragment), "'\(fragment)' not in: \(out.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path), "nothing may be written")
    }

    @Test("no candidate fits the budget: the binding constraint is named, exit 2, candidates still written")
    func budgetBinds() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.scenario.write(to: folder.appendingPathComponent("scenario.yaml"), atomically: true, encoding: .utf8)
        // Every 15 minutes is 96 reloads a day; the budget is 40.
        let out = try CLIRunner.run(["optimize", "scenario.yaml", "--out", "out", "--policy", "after:15m", "--budget", "40"], in: folder)
        #expect(out.status == 2)
        #expect(out.stderr.contains("no candidate meets the constraints"))
        #expect(out.stderr.contains("constraints.budgets binds"))
        #expect(out.stderr.contains("needs 96/day"))
        #expect(out.stderr.split(separator: "\n").count == 1, "\(out.stderr)")
        let candidates = try String(contentsOf: folder.appendingPathComponent("out/candidates.csv"), encoding: .utf8)
        // 2 spacings × 2 alignments × 12 entries, and the single entry: five candidates.
        #expect(candidates.split(separator: "\n").count == 6, "a header and five candidates")
        #expect(candidates.contains("runs out of budget"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/Provider.swift").path))
        let md = try String(contentsOf: folder.appendingPathComponent("out/recommendation.md"), encoding: .utf8)
        #expect(md.contains("No candidate meets the constraints"))
    }

    @Test("no candidate fits in memory: memory_margin is named")
    func memoryBinds() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A 90 % margin leaves 3 MB: below the extension's 6 MB base.
        try (Self.scenario + "\n  constraints: {memory_margin: 0.9}\n").write(
            to: folder.appendingPathComponent("scenario.yaml"), atomically: true, encoding: .utf8)
        let out = try CLIRunner.run(["optimize", "scenario.yaml", "--out", "out"], in: folder)
        #expect(out.status == 2)
        #expect(out.stderr.contains("constraints.memory_margin binds"), "\(out.stderr)")
        #expect(!out.stderr.contains("constraints.budgets binds"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/candidates.csv").path))
    }
}
