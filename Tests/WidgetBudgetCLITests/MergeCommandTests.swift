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
}
