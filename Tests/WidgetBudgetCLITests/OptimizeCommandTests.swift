import Foundation
import Testing
import WidgetBudgetTestSupport

/// `widgetbudget optimize` end to end on the bundled scenarios: the answers theory and seed 002
/// give, and the files it writes.
@Suite("optimize")
struct OptimizeCommandTests {
    /// A CSV file as header → value maps (the optimizer's fields hold no commas except `reason`,
    /// which comes last, and `windows`, which these tests do not use).
    static func rows(_ url: URL) throws -> [[String: String]] {
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
        let header = lines[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        return lines.dropFirst().map { line in
            let fields = line.split(separator: ",", maxSplits: header.count - 1, omittingEmptySubsequences: false).map(String.init)
            return Dictionary(uniqueKeysWithValues: zip(header, fields))
        }
    }

    static func optimize(_ arguments: [String], in folder: URL? = nil) throws -> (CLIRunner.Output, URL) {
        let out = try CLIRunner.temporaryFolder()
        let result = try CLIRunner.run(["optimize"] + arguments + ["--out", out.path], in: folder)
        return (result, out)
    }

    /// Seconds between reloads a candidate asks for: the `after` delay, or its timeline's span.
    static func interval(_ row: [String: String]) -> Double {
        if row["policy"] == "after" { return Double(row["after_s"]!)! }
        return Double(Int(row["entries"]!)! - 1) * Double(row["spacing_s"]!)!
    }

    @Test("seed 002's clock: aligned minute entries over an hour or more, within the budget of 40")
    func seed002Clock() throws {
        let (result, out) = try Self.optimize(["Scenarios/clock-minute-entries.yaml", "--replications", "2", "--days", "3"])
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(result.status == 0, "\(result.stderr)")
        let rec = try #require(try Self.rows(out.appendingPathComponent("recommendation.csv")).first)
        #expect(rec["align"] == "minute")
        #expect(rec["spacing_s"] == "60")
        #expect(Int(rec["entries"]!)! >= 61)
        #expect(Double(Int(rec["entries"]!)! - 1) * 60 >= 3_540, "a timeline of about an hour or longer")
        #expect(Double(rec["charged_per_day"]!)! <= 40 && Int(rec["needed_budget"]!)! <= 40)
        #expect(rec["feasible"] == "true")
        // The budget is not at risk (the freshest needs far less than 40 − 4): the freshest
        // feasible mean age is recommended, the cheapest among those as fresh.
        let candidates = try Self.rows(out.appendingPathComponent("candidates.csv"))
        let feasible = candidates.filter { $0["feasible"] == "true" }
        let freshest = feasible.map { Double($0["objective"]!)! }.min()!
        #expect(Double(rec["objective"]!)! == freshest)
        let asFresh = feasible.filter { Double($0["objective"]!)! == freshest }
        #expect(asFresh.allSatisfy { Double($0["charged_per_day"]!)! >= Double(rec["charged_per_day"]!)! })
        // The common 5-minute timeline (6 minute entries, at-end) runs out of budget.
        let five = try #require(
            candidates.first {
                $0["spacing_s"] == "60" && $0["entries"] == "6" && $0["policy"] == "at-end" && $0["align"] == "minute"
                    && $0["windows"] == ""
            })
        #expect(five["feasible"] == "false")
        #expect(five["reason"]!.contains("runs out of budget"))
        #expect(candidates.count == 732)
        // Every output is there, and the summary was printed.
        for name in ["candidates.csv", "recommendation.csv", "pareto.csv", "recommendation.md", "Provider.swift", "current.csv", "run.csv"]
        {
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(name).path), "\(name)")
        }
        #expect(result.stdout.contains("recommended") && result.stdout.contains("aligned to the minute"))
        let md = try String(contentsOf: out.appendingPathComponent("recommendation.md"), encoding: .utf8)
        for part in [
            "## Recommendation", "current policy", "budget headroom at 40", "budget headroom at 70", "## Runner-up",
            "## When the advice flips", "If the budget is below", "## How sure this is", "tolerance",
        ] {
            #expect(md.contains(part), "recommendation.md lacks '\(part)'")
        }
        // No progress bar when standard error is a pipe.
        #expect(!result.stderr.contains("\r"))
    }

    @Test(
        "unpredictable news without app reloads: exactly 24 h / 40 = 36 min, racing separating it from 37 min",
        arguments: [[], ["--days", "3"]])
    func unpredictableReloadInterval(days: [String]) throws {
        // Poisson changes, one entry, budget 40 (worst of 40…70): 86,400 s / 40 = 2,160 s. Shorter
        // needs more than 40 reloads a day; 37 min is about 23 s staler (Cho and Garcia-Molina's
        // I/2 − 1/λ + (1 − e^{−λI})/(λ²I) at λ = 4/h), far above the 1 s tolerance.
        let (result, out) = try Self.optimize(
            ["Scenarios/news-reload-interval.yaml", "--entries", "1", "--policy", "after:35m,after:36m,after:37m"] + days)
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(result.status == 0, "\(result.stderr)")
        let rec = try #require(try Self.rows(out.appendingPathComponent("recommendation.csv")).first)
        #expect(Self.interval(rec) == 2_160)
        #expect(Int(rec["needed_budget"]!)! <= 40)
        #expect(result.stdout.contains("distinguishable") && !result.stdout.contains("not distinguishable"), "\(result.stdout)")
        let candidates = try Self.rows(out.appendingPathComponent("candidates.csv"))
        // Just below that interval the budget of 40 runs out.
        let faster = try #require(candidates.first { $0["after_s"] == "2100" })
        #expect(faster["feasible"] == "false")
        // Racing ran both leaders beyond the scenario's 4 replications, equally.
        let counts = candidates.filter { $0["feasible"] == "true" }.map { $0["replication_objectives"]!.split(separator: ";").count }
        #expect(counts.count == 2 && counts[0] == counts[1] && counts[0] > 4, "\(counts)")
    }

    /// Issue #22 item 7: `.atEnd` reloads run up to 2 minutes late, so 120 aligned minute entries
    /// at-end (about 12 reloads a day) show the wrong minute a few minutes a day, `.after(1h)` (24 a
    /// day) never. Their mean ages differ by hundredths of a second, inside the 1 s tolerance, but
    /// a person sees more than the clock's minute a day of difference: not equivalent, and 24 a
    /// day is far from the budget's low end (40 less a headroom of 4), so the never-stale one is
    /// recommended and the output says which rule decided. (The old tool recommended at-end to save
    /// budget nobody was short of.)
    @Test("seed 002's clock: the tolerance in what a person sees keeps the never-stale timeline")
    func toleranceOnTheClock() throws {
        let (result, out) = try Self.optimize([
            "Scenarios/clock-minute-entries.yaml", "--days", "2", "--replications", "2", "--entries", "120", "--spacing", "1m",
            "--align", "minute", "--policy", "at-end,after:1h", "--windows", "all-day",
        ])
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try Self.rows(out.appendingPathComponent("candidates.csv"))
        let atEnd = try #require(rows.first { $0["policy"] == "at-end" }), hourly = try #require(rows.first { $0["policy"] == "after" })
        #expect(abs(Double(atEnd["objective"]!)! - Double(hourly["objective"]!)!) < 1)
        #expect(Double(atEnd["charged_per_day"]!)! < 14 && Double(hourly["charged_per_day"]!)! > 23)
        // More than a minute a day of difference in stale content.
        #expect((Double(hourly["freshness"]!)! - Double(atEnd["freshness"]!)!) * 86_400 > 60)
        let rec = try #require(try Self.rows(out.appendingPathComponent("recommendation.csv")).first)
        #expect(rec["policy"] == "after" && rec["after_s"] == "3600")
        #expect(result.stdout.contains("but a person would see the difference"), "\(result.stdout)")
        #expect(result.stdout.contains("Rule: the freshest feasible candidate is recommended"), "\(result.stdout)")
        let md = try String(contentsOf: out.appendingPathComponent("recommendation.md"), encoding: .utf8)
        #expect(md.contains("- Rule: the freshest feasible candidate is recommended"))
        #expect(md.contains("(`optimize.seen_tolerance`)"))
    }

    @Test("heavy entries: 61 would be killed, so fewer and wider entries win, and candidates.csv says why")
    func memoryBoundClock() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let yaml = try String(
            contentsOf: CLIRunner.packageRoot.appendingPathComponent("Scenarios/clock-minute-entries.yaml"), encoding: .utf8
        )
        .replacingOccurrences(of: "per_entry_kb: 64", with: "per_entry_kb: 500")  // 6 + 61 × 500 / 1024 = 35.8 MB
        try yaml.write(to: folder.appendingPathComponent("heavy.yaml"), atomically: true, encoding: .utf8)
        let (result, out) = try Self.optimize(["heavy.yaml", "--replications", "2", "--days", "3"], in: folder)
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(result.status == 0, "\(result.stderr)")
        let rec = try #require(try Self.rows(out.appendingPathComponent("recommendation.csv")).first)
        #expect(Int(rec["entries"]!)! < 61)
        #expect(Double(rec["spacing_s"]!)! > 60, "wider entries: \(rec)")
        #expect(Double(rec["peak_memory_mb"]!)! <= 24)
        let candidates = try Self.rows(out.appendingPathComponent("candidates.csv"))
        let sixtyOne = candidates.filter { $0["entries"] == "61" }
        #expect(!sixtyOne.isEmpty)
        for row in sixtyOne {
            #expect(row["feasible"] == "false")
            #expect(row["reason"]!.contains("killed: 35.8 MB is over the 30 MB memory limit"), "\(row["reason"]!)")
        }
    }

    @Test("the same scenario and seed give the same files")
    func deterministic() throws {
        let args = [
            "Scenarios/clock-minute-entries.yaml", "--replications", "1", "--days", "1", "--entries", "1,12,61", "--spacing", "1m,5m",
        ]
        let (a, outA) = try Self.optimize(args)
        defer { try? FileManager.default.removeItem(at: outA) }
        let (b, outB) = try Self.optimize(args)
        defer { try? FileManager.default.removeItem(at: outB) }
        defer {
            try? FileManager.default.removeItem(at: outA)
            try? FileManager.default.removeItem(at: outB)
        }
        #expect(a.status == 0 && b.status == 0)
        for name in ["candidates.csv", "recommendation.csv", "pareto.csv", "recommendation.md", "Provider.swift", "current.csv"] {
            #expect(
                try Data(contentsOf: outA.appendingPathComponent(name)) == Data(contentsOf: outB.appendingPathComponent(name)), "\(name)")
        }
    }

    @Test("Ctrl-C during the sweep: exit 130, and the files of an earlier run stay whole")
    func interruptLeavesFilesWhole() throws {
        let (first, out) = try Self.optimize([
            "Scenarios/clock-minute-entries.yaml", "--replications", "1", "--days", "1", "--entries", "1,61",
        ])
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(first.status == 0)
        let before = try Data(contentsOf: out.appendingPathComponent("candidates.csv"))
        let process = Process()
        process.executableURL = CLIRunner.executable
        process.currentDirectoryURL = CLIRunner.packageRoot
        process.arguments = ["optimize", "Scenarios/clock-minute-entries.yaml", "--replications", "64", "--out", out.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        Thread.sleep(forTimeInterval: 1.5)
        process.interrupt()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130, "\(message)")
        #expect(message.contains("interrupted"))
        #expect(try Data(contentsOf: out.appendingPathComponent("candidates.csv")) == before)
        // Only the manifest of what the tool wrote; no temporary file, no staging folder beside.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasPrefix(".") }
        #expect(leftovers == [".widgetbudget-output"], "temporary files left: \(leftovers)")
        let beside = try FileManager.default.contentsOfDirectory(atPath: out.deletingLastPathComponent().path)
        #expect(!beside.contains { $0.hasPrefix(".\(out.lastPathComponent).widgetbudget-") }, "\(beside)")
    }
}
