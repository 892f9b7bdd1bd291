import Foundation
import Testing
import WidgetBudgetTestSupport

/// `optimize --shard K/N` then `merge`: the same files as one run, byte for byte.
@Suite("merge")
struct MergeCommandTests {
    static let sweep = [
        "Scenarios/clock-minute-entries.yaml", "--replications", "1", "--days", "2", "--entries", "1,6,12,61,120",
        "--spacing", "30s,1m,5m", "--policy", "at-end,after:30m,after:1h,never",
    ]

    @Test("three shards merged give the single run's files, byte for byte")
    func shardsMergeToTheSingleRun() throws {
        let root = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let single = root.appendingPathComponent("single").path
        var run = try CLIRunner.run(["optimize"] + Self.sweep + ["--out", single])
        #expect(run.status == 0, "\(run.stderr)")
        var shards: [String] = []
        for k in [3, 1, 2] {
            let folder = root.appendingPathComponent("shard-\(k)").path
            run = try CLIRunner.run(["optimize"] + Self.sweep + ["--shard", "\(k)/3", "--out", folder])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("one shard"))
            #expect(!FileManager.default.fileExists(atPath: folder + "/recommendation.md"), "a shard draws no conclusions")
            shards.append(folder)
        }
        let merged = root.appendingPathComponent("merged").path
        run = try CLIRunner.run(["merge"] + shards + ["--out", merged])
        #expect(run.status == 0, "\(run.stderr)")
        try Self.expectSameFiles(single, merged)
        // The shards split the candidates: none twice, none left out.
        let counts = try shards.map { try String(contentsOfFile: $0 + "/candidates.csv", encoding: .utf8).split(separator: "\n").count - 1 }
        let total = try String(contentsOfFile: single + "/candidates.csv", encoding: .utf8).split(separator: "\n").count - 1
        #expect(counts.reduce(0, +) == total)
        #expect(counts.max()! - counts.min()! <= 1)
    }

    /// The files a merge writes, which must match a single run's byte for byte.
    static let mergedFiles = [
        "candidates.csv", "pareto.csv", "recommendation.csv", "recommendation.md", "Provider.swift", "current.csv", "run.csv",
    ]

    static func expectSameFiles(_ single: String, _ merged: String) throws {
        for name in mergedFiles {
            let a = try Data(contentsOf: URL(fileURLWithPath: single + "/" + name))
            let b = try Data(contentsOf: URL(fileURLWithPath: merged + "/" + name))
            #expect(a == b, "\(name) differs")
        }
    }

    /// The GNU parallel recipe of docs/optimizer.md, run for real (Debian's `parallel`, installed by
    /// `Scripts/bootstrap.sh --test`): four shards as separate processes, two at a time, then merged.
    @Test("shards run by GNU parallel merge to the single run's files, byte for byte")
    func gnuParallelShards() throws {
        let root = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let single = root.appendingPathComponent("single").path
        var run = try CLIRunner.run(["optimize"] + Self.sweep + ["--out", single])
        #expect(run.status == 0, "\(run.stderr)")
        let parallel = Process()
        parallel.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        parallel.currentDirectoryURL = CLIRunner.packageRoot
        parallel.arguments =
            ["parallel", "--will-cite", "--halt", "now,fail=1", "-j", "2", CLIRunner.executable.path, "optimize"] + Self.sweep
            + ["--shard", "{}/4", "--out", root.path + "/shard-{}", ":::", "1", "2", "3", "4"]
        parallel.standardOutput = FileHandle.nullDevice
        try parallel.run()
        parallel.waitUntilExit()
        #expect(parallel.terminationStatus == 0, "GNU parallel failed (is Debian's `parallel` installed? bash Scripts/bootstrap.sh --test)")
        let merged = root.appendingPathComponent("merged").path
        run = try CLIRunner.run(["merge"] + (1...4).map { root.path + "/shard-\($0)" } + ["--out", merged])
        #expect(run.status == 0, "\(run.stderr)")
        try Self.expectSameFiles(single, merged)
    }

    @Test("missing, repeated or foreign shards are one clear line")
    func badShardSets() throws {
        let root = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        func shard(_ k: Int, _ n: Int, extra: [String] = []) throws -> String {
            let folder = root.appendingPathComponent("s\(k)of\(n)\(extra.count)").path
            let run = try CLIRunner.run(["optimize"] + Self.sweep + extra + ["--shard", "\(k)/\(n)", "--out", folder])
            #expect(run.status == 0, "\(run.stderr)")
            return folder
        }
        let one = try shard(1, 2), two = try shard(2, 2), foreign = try shard(2, 2, extra: ["--objective", "p95-age"])
        let out = root.appendingPathComponent("merged").path
        for (folders, fragment) in [
            ([one], "missing shard 2/2"), ([one, one], "appears twice"), ([one, foreign], "objective"),
            ([one, root.path], "not found"),
        ] {
            let run = try CLIRunner.run(["merge"] + folders + ["--out", out])
            #expect(run.status != 0)
            #expect(run.stderr.contains(fragment), "'\(fragment)' not in \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1)
            #expect(!FileManager.default.fileExists(atPath: out))
        }
        _ = two
    }

    /// Issue #27, item 10: a shard's cells are input like any other. Each is checked as optimize
    /// would have written it; and the output may not be one of the shards (it replaced `s1`).
    @Test("a cell not as optimize writes it, or --out naming a shard, is one line and nothing written")
    func shardCellsAreValidated() throws {
        let root = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let sweep = Self.sweep.map { $0.hasPrefix("Scenarios/") ? CLIRunner.packageRoot.path + "/" + $0 : $0 }
        for k in [1, 2] {
            let run = try CLIRunner.run(["optimize"] + sweep + ["--shard", "\(k)/2", "--out", "s\(k)"], in: root)
            #expect(run.status == 0, "\(run.stderr)")
        }
        let candidates = root.appendingPathComponent("s1/candidates.csv")
        let original = try String(contentsOf: candidates, encoding: .utf8)
        let lines = original.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = lines[0].split(separator: ",").map(String.init)
        // A row whose policy is `after` and without quoted fields, so that a split at commas is its fields.
        let row = try #require(lines.firstIndex { $0.contains(",after,") && !$0.contains("\"") })
        func edited(_ column: String, _ value: String) -> String {
            var fields = lines[row].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            fields[header.firstIndex(of: column)!] = value
            var copy = lines
            copy[row] = fields.joined(separator: ",")
            return copy.joined(separator: "\n")
        }
        let cases: [(String, String, String)] = [
            ("objective", "nan", "objective: expected a number, found 'nan'"),
            ("after_s", "1e308", "after_s: expected a number, found '1e308'"),
            ("after_s", "316224001", "after_s: 316224001 s is out of range"),
            ("spacing_s", "60.0", "spacing_s: '60.0' is not as optimize writes it ('60')"),
            ("schedule", "07:00-09:00 after soon", "schedule: '07:00-09:00 after soon' is not as optimize writes it"),
            ("charged_per_day", "inf", "charged_per_day: expected a number as optimize writes it, found 'inf'"),
            ("replication_objectives", "nan", "replication_objectives: expected numbers"),
            ("kills", "-1", "kills: expected a number as optimize writes it"),
            ("feasible", "yes", "feasible: expected true or false"),
        ]
        let out = root.appendingPathComponent("merged").path
        for (column, value, fragment) in cases {
            try edited(column, value).write(to: candidates, atomically: true, encoding: .utf8)
            let run = try CLIRunner.run(["merge", "s1", "s2", "--out", out], in: root)
            #expect(run.status != 0, "\(column) \(value)")
            #expect(run.stderr.contains("s1/candidates.csv:\(row + 1): \(fragment)"), "'\(fragment)' not in \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
        try original.write(to: candidates, atomically: true, encoding: .utf8)
        // space_size 10^23 does not fit an Int: it was skipped, so any number of rows passed.
        let manifests = try ["s1", "s2"].map { try Data(contentsOf: root.appendingPathComponent("\($0)/run.csv")) }
        for name in ["s1", "s2"] {
            let path = root.appendingPathComponent("\(name)/run.csv")
            let text = try String(contentsOf: path, encoding: .utf8)
            try text.replacingOccurrences(of: #"space_size,\d+"#, with: "space_size,100000000000000000000000", options: .regularExpression)
                .write(to: path, atomically: true, encoding: .utf8)
        }
        var run = try CLIRunner.run(["merge", "s1", "s2", "--out", out], in: root)
        #expect(
            run.status != 0 && run.stderr.contains("space_size: expected a whole number, found '100000000000000000000000'"), "\(run.stderr)"
        )
        #expect(!FileManager.default.fileExists(atPath: out))
        for (name, data) in zip(["s1", "s2"], manifests) { try data.write(to: root.appendingPathComponent("\(name)/run.csv")) }
        // --out naming a shard, however spelled: refused, the shard untouched.
        let before = try Data(contentsOf: candidates)
        for spelling in ["s1", "./s1/", root.appendingPathComponent("s1").path, "s2/../s1"] {
            run = try CLIRunner.run(["merge", "s1", "s2", "--out", spelling], in: root)
            #expect(run.status != 0, "\(spelling): \(run.stdout)")
            #expect(run.stderr.contains("is the shard folder s1"), "\(spelling): \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1)
            #expect(try Data(contentsOf: candidates) == before)
        }
        run = try CLIRunner.run(["merge", "s1", "s2", "--out", out], in: root)
        #expect(run.status == 0, "\(run.stderr)")
    }
}
