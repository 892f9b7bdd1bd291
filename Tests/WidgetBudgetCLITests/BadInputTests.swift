import Foundation
import Testing
import WidgetBudgetTestSupport

/// Bad scenario files: one clear line naming file, line and key; a non-zero exit; nothing written.
@Suite("Bad input")
struct BadInputTests {
    static let valid = """
        name: t
        days: 1
        widgets:
          - kind: clock
            provider: {type: fixed, entries: 6, spacing: 1m, policy: at-end}
            content:
              predictable: {every: 1m}
        """

    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var yaml: String
        var expected: [String]
        var files: [String: String] = [:]
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "malformed YAML", yaml: "name: t\nwidgets: [\n  - kind: a\n", expected: ["scenario.yaml:", "malformed YAML"]),
        Case(
            name: "unknown key", yaml: valid.replacingOccurrences(of: "spacing: 1m", with: "spacng: 1m"),
            expected: ["scenario.yaml:5:", "widgets[0].provider.spacng", "unknown key", "did you mean 'spacing'?"]),
        Case(
            name: "zero spacing", yaml: valid.replacingOccurrences(of: "spacing: 1m", with: "spacing: 0s"),
            expected: ["scenario.yaml:5:", "widgets[0].provider.spacing", "greater than 0"]),
        Case(
            name: "negative spacing", yaml: valid.replacingOccurrences(of: "spacing: 1m", with: "spacing: -5m"),
            expected: ["scenario.yaml:5:", "widgets[0].provider.spacing", "greater than 0"]),
        Case(name: "budget of zero", yaml: valid + "\nbudget: {daily: 0}\n", expected: ["scenario.yaml:8:", "budget.daily", "at least 1"]),
        Case(
            name: "too many entries", yaml: valid.replacingOccurrences(of: "entries: 6", with: "entries: 100001"),
            expected: ["scenario.yaml:5:", "widgets[0].provider.entries", "100000"]),
        Case(
            name: "missing trace file", yaml: valid.replacingOccurrences(of: "{every: 1m}", with: "{trace: nowhere.csv}"),
            expected: ["scenario.yaml:7:", "widgets[0].content.predictable.trace", "nowhere.csv"]),
        Case(
            name: "non-numeric trace", yaml: valid.replacingOccurrences(of: "{every: 1m}", with: "{trace: bad.csv}"),
            expected: ["scenario.yaml:7:", "predictable.trace", "bad.csv:3", "soon"], files: ["bad.csv": "time\n60\nsoon\n"]),
        Case(
            name: "unordered trace", yaml: valid.replacingOccurrences(of: "{every: 1m}", with: "{trace: unordered.csv}"),
            expected: ["scenario.yaml:7:", "predictable.trace", "unordered.csv:3"], files: ["unordered.csv": "time\n600\n60\n"]),
        Case(
            name: "unknown provider type", yaml: valid.replacingOccurrences(of: "type: fixed", with: "type: fixd"),
            expected: ["scenario.yaml:5:", "provider.type", "did you mean 'fixed'?"]),
        Case(
            name: "unknown kind in app reloads", yaml: valid + "\napp:\n  reloads: [{kind: clok, poisson: {per_hour: 1}}]\n",
            expected: ["scenario.yaml:9:", "app.reloads[0].kind", "did you mean 'clock'?"]),
        Case(
            name: "app reload without a pattern", yaml: valid + "\napp:\n  reloads: [{kind: clock, during: \"07:00-23:00\"}]\n",
            expected: ["scenario.yaml:9:", "app.reloads[0]", "say when the app reloads"]),
        Case(
            name: "foreground without a pattern", yaml: valid + "\napp:\n  foreground: {duration: 2m}\n",
            expected: ["scenario.yaml:9:", "app.foreground", "say when foreground sessions start"]),
        Case(name: "unknown time zone", yaml: "timezone: Mars/Olympus\n" + valid, expected: ["scenario.yaml:1:", "timezone", "IANA"]),
    ]

    @Test(arguments: cases)
    func badScenarioIsOneClearLine(_ c: Case) throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try c.yaml.write(to: folder.appendingPathComponent("scenario.yaml"), atomically: true, encoding: .utf8)
        for (name, text) in c.files {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let out = try CLIRunner.run(["simulate", "scenario.yaml", "--out", "out"], in: folder)
        #expect(out.status != 0)
        let lines = out.stderr.split(separator: "\n")
        #expect(lines.count == 1, "expected one line, got: \(out.stderr)")
        for fragment in c.expected {
            #expect(out.stderr.contains(fragment), "'\(fragment)' not in: \(out.stderr)")
        }
        #expect(!out.stderr.contains("Fatal error"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path), "nothing may be written")
    }

    @Test func foregroundNoneIsAccepted() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try (Self.valid + "\napp:\n  foreground: none\n").write(
            to: folder.appendingPathComponent("scenario.yaml"), atomically: true, encoding: .utf8)
        let out = try CLIRunner.run(["simulate", "scenario.yaml", "--out", "out"], in: folder)
        #expect(out.status == 0, "\(out.stderr)")
    }

    @Test func missingScenarioFile() throws {
        let out = try CLIRunner.run(["simulate", "/nonexistent/x.yaml"])
        #expect(out.status != 0)
        #expect(out.stderr.contains("/nonexistent/x.yaml"))
        #expect(out.stderr.split(separator: "\n").count == 1)
    }

    @Test func badBudgetOverride() throws {
        let out = try CLIRunner.run([
            "simulate", "Scenarios/clock-minute-entries.yaml", "--budget", "70...40", "--out", "/tmp/never-written",
        ])
        #expect(out.status != 0)
        #expect(out.stderr.contains("--budget"))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never-written"))
    }
}
