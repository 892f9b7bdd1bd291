import Foundation
import Testing
import WidgetBudgetTestSupport

/// The `Provider.swift` that `optimize` writes compiles and does what the recommendation says:
/// built here against a minimal stand-in for WidgetKit's types and run.
@Suite("optimize: Provider.swift")
struct OptimizeProviderSourceTests {
    /// Just enough of WidgetKit for the generated provider to compile off Apple platforms.
    static let widgetKitStandIn = """
        import Foundation
        protocol TimelineEntry { var date: Date { get } }
        enum TimelineReloadPolicy { case atEnd, never, after(Date) }
        struct Timeline<EntryType: TimelineEntry> {
            let entries: [EntryType]
            let policy: TimelineReloadPolicy
            init(entries: [EntryType], policy: TimelineReloadPolicy) {
                self.entries = entries
                self.policy = policy
            }
        }
        struct TimelineProviderContext {}
        protocol TimelineProvider {
            associatedtype Entry: TimelineEntry
            typealias Context = TimelineProviderContext
            func placeholder(in context: Context) -> Entry
            func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void)
            func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void)
        }
        """

    /// Generates Provider.swift for a one-candidate space, compiles it with `main`, runs it and
    /// returns what it printed.
    /// `scenario`, when given, is the YAML of the scenario optimized instead of seed 002's clock.
    static func generateAndRun(_ options: [String], main: String, scenario: String? = nil) throws -> String {
        let root = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("out")
        var path = "Scenarios/clock-minute-entries.yaml"
        if let scenario {
            path = root.appendingPathComponent("scenario.yaml").path
            try scenario.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let run = try CLIRunner.run(
            ["optimize", path, "--replications", "1", "--days", "1", "--out", out.path] + options)
        #expect(run.status == 0, "\(run.stderr)")
        let source = try String(contentsOf: out.appendingPathComponent("Provider.swift"), encoding: .utf8)
        #expect(source.contains("import WidgetKit"))
        // SwiftUI and WidgetKit bring Foundation along on Apple platforms; here the stand-in does.
        let body =
            "import Foundation\n"
            + source.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("import ") }.joined(separator: "\n")
        try widgetKitStandIn.write(to: root.appendingPathComponent("WidgetKit.swift"), atomically: true, encoding: .utf8)
        try body.write(to: root.appendingPathComponent("Provider.swift"), atomically: true, encoding: .utf8)
        try ("import Foundation\n" + main).write(to: root.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let compile = Process()
        compile.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        compile.arguments =
            ["swiftc", "-o", root.appendingPathComponent("provider").path]
            + ["WidgetKit.swift", "Provider.swift", "main.swift"].map { root.appendingPathComponent($0).path }
        let errors = Pipe()
        compile.standardError = errors
        try compile.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        compile.waitUntilExit()
        try #require(compile.terminationStatus == 0, "Provider.swift does not compile: \(message)\n\(source)")
        let program = Process()
        program.executableURL = root.appendingPathComponent("provider")
        program.environment = ["TZ": "UTC"]
        let output = Pipe()
        program.standardOutput = output
        try program.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        program.waitUntilExit()
        return text
    }

    static let printTimeline = """
        var timeline: Timeline<SimpleEntry>?
        Provider().getTimeline(in: TimelineProviderContext()) { timeline = $0 }
        let t = timeline!
        let now = Date()
        print("entries", t.entries.count)
        print("first", Int((t.entries[0].date.timeIntervalSince(now)).rounded()))
        if t.entries.count > 1 {
            print("second-on-minute", Calendar.current.component(.second, from: t.entries[1].date) == 0)
            print("step", Int(t.entries[2].date.timeIntervalSince(t.entries[1].date).rounded()))
        }
        switch t.policy {
        case .atEnd: print("policy atEnd")
        case .never: print("policy never")
        case let .after(date): print("policy after", Int(date.timeIntervalSince(now).rounded()))
        }
        """

    @Test("seed 002's shape: aligned minute entries and a reload an hour later")
    func alignedMinuteEntries() throws {
        let output = try Self.generateAndRun(
            ["--entries", "120", "--spacing", "1m", "--align", "minute", "--policy", "after:1h"], main: Self.printTimeline)
        #expect(output.contains("entries 120"))
        #expect(output.contains("first 2"))
        #expect(output.contains("second-on-minute true"))
        #expect(output.contains("step 60"))
        #expect(output.contains("policy after 3600"))
    }

    /// Issue #22 item 6: a countdown (`time_only`) is recommended the self-updating view, whose
    /// Provider.swift is one entry and `.never`, with the view line to use.
    @Test("a countdown: the self-updating view's Provider.swift, one entry and never")
    func selfUpdatingView() throws {
        let scenario = """
            name: countdown
            days: 1
            budget: {daily: "40...70"}
            widgets:
              - kind: countdown
                provider: {type: fixed, entries: 61, spacing: 1m, align: minute, policy: at-end}
                content:
                  predictable: {every: 1s, time_only: true}
            optimize: {spacing: [1m], entries: [61], align: [minute], policy: [at-end], objective: mean-age}

            """
        let output = try Self.generateAndRun(
            [], main: Self.printTimeline + "\nprint(\"target\", t.entries[0].target == t.entries[0].date)", scenario: scenario)
        #expect(output.contains("entries 1"))
        #expect(output.contains("first 0"))
        #expect(output.contains("policy never"))
        #expect(output.contains("target true"))
    }

    @Test("a policy by time of day: asleep outside its window until the window opens")
    func windows() throws {
        let main = """
            let calendar = Calendar.current
            func at(_ h: Int) -> Date { calendar.date(from: DateComponents(year: 2026, month: 1, day: 5, hour: h))! }
            print("noon", Provider.isInsideWindow(at(12)), "night", Provider.isInsideWindow(at(3)), "late", Provider.isInsideWindow(at(23)))
            let next = Provider.nextWindowStart(after: at(3))!
            print("opens", calendar.component(.hour, from: next), calendar.component(.day, from: next))
            """ + "\n" + Self.printTimeline
        let output = try Self.generateAndRun(
            [
                "--entries", "4", "--spacing", "15m", "--align", "quarter-hour", "--policy", "at-end",
                "--windows", "07:00-23:00",
            ], main: main)
        #expect(output.contains("noon true night false late false"))
        #expect(output.contains("opens 7 5"))
        #expect(output.contains("policy"))
    }

    @Test("a schedule by time of day: the interval of the hour's segment, clipped at the next segment's start")
    func schedule() throws {
        // Changes and views from 08:00 to 20:00 only, a budget of 30: 30 min by day, never at night
        // (OptimizeScheduleEndToEndTests works it out by hand).
        let scenario = """
            name: schedule
            start: 2026-01-05T00:00:00
            timezone: UTC
            budget: {daily: 30, model: rolling-24h}
            widgets:
              - kind: w
                provider: {type: fixed, entries: 1, policy: {after: 1h}}
                content:
                  unpredictable: {poisson: {per_hour: 2}, during: "08:00-20:00"}
                views: {poisson: {per_hour: 30}, during: "08:00-20:00"}
            optimize:
              entries: [1]
            """
        let main = """
            let calendar = Calendar.current
            func at(_ h: Int, _ m: Int) -> Date { calendar.date(from: DateComponents(year: 2026, month: 1, day: 5, hour: h, minute: m))! }
            for (h, m) in [(8, 10), (19, 50), (21, 0), (3, 0)] {
                print("reload", h, m, Int(Provider.nextReload(after: at(h, m)).timeIntervalSince(at(h, m))))
            }
            """ + "\n" + Self.printTimeline
        let output = try Self.generateAndRun(
            ["--schedule-segments", "08:00-20:00,20:00-08:00", "--schedule-after", "15m,30m,1h,never"], main: main,
            scenario: scenario)
        #expect(output.contains("reload 8 10 1800"), "30 min inside the day segment")
        #expect(output.contains("reload 19 50 600"), "clipped at 20:00, where the night starts with a reload")
        #expect(output.contains("reload 21 0 39600"), "never at night: the next reload starts the day at 08:00")
        #expect(output.contains("reload 3 0 18000"))
        #expect(output.contains("entries 1") && output.contains("policy after"))
    }
}
