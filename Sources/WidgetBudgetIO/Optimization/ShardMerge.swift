import Foundation
import WidgetBudgetKit

/// Joins the outputs of `optimize --shard K/N` into the outcome a single run gives: the same
/// `candidates.csv`, `pareto.csv`, `recommendation.*` and `Provider.swift`, byte for byte.
///
/// Each shard folder holds `run.csv`, `candidates.csv` and `current.csv`. The shards must come
/// from one sweep (same settings and scenario digest), be numbered 1 to N once each, and together
/// hold every candidate of the space once.
public enum ShardMerge {
    /// The merged outcome of the shard folders (in any order).
    public static func merge(folders: [String]) throws -> OptimizationOutcome {
        guard !folders.isEmpty else { throw MergeError("give the shard folders to merge") }
        var manifests: [OptimizationManifest] = [], shards: [Shard] = []
        var rows: [CandidateRow] = [], currents: [[String]] = []
        for folder in folders {
            let manifest = try readManifest(folder)
            guard let shard = manifest.shard else {
                throw MergeError("\(file(folder, "run.csv")): shard: cannot read '\(manifest["shard"])'")
            }
            if let first = manifests.first, let key = manifest.firstDifference(from: first) {
                throw MergeError(
                    "\(file(folder, "run.csv")): \(key) is '\(manifest[key])' but '\(first[key])' in \(file(folders[0], "run.csv")): these shards are not from one sweep"
                )
            }
            if let other = shards.firstIndex(where: { $0.index == shard.index }) {
                throw MergeError("shard \(shard) appears twice: \(folders[other]) and \(folder)")
            }
            if let first = shards.first, first.count != shard.count {
                throw MergeError("\(folder) is shard \(shard) but \(folders[0]) is shard \(first): the shard counts differ")
            }
            manifests.append(manifest)
            shards.append(shard)
            rows += try readCandidates(folder)
            currents.append(try readCurrent(folder))
        }
        let first = manifests[0]
        let count = shards[0].count
        let missing = (1...count).filter { i in !shards.contains { $0.index == i } }
        if !missing.isEmpty {
            throw MergeError(
                "missing shard\(missing.count == 1 ? "" : "s") " + missing.map { "\($0)/\(count)" }.joined(separator: ", ")
                    + " of the sweep: merge needs all \(count)")
        }
        if first["method"] != "exhaustive" {
            throw MergeError("\(file(folders[0], "run.csv")): method is '\(first["method"])': only exhaustive sweeps are sharded")
        }
        if let i = currents.firstIndex(where: { $0 != currents[0] }) {
            throw MergeError(
                "\(file(folders[i], "current.csv")) differs from \(file(folders[0], "current.csv")): these shards are not from one sweep")
        }
        rows.sort { $0.record.key < $1.record.key }
        for (a, b) in zip(rows, rows.dropFirst()) where !(a.record.key < b.record.key) {
            throw MergeError("candidate \(b.record.candidate.description) appears in two shards")
        }
        guard let size = Int(first["space_size"]), size >= 1, String(size) == first["space_size"] else {
            throw MergeError(
                "\(file(folders[0], "run.csv")): space_size: expected a whole number, found '\(csvMessageText(first["space_size"]))'")
        }
        if size != rows.count {
            throw MergeError("the shards hold \(rows.count) candidates but the space has \(size): a shard is incomplete")
        }
        var manifest = first
        manifest.set("shard", Shard.whole.description)
        manifest.set("evaluated", String(rows.count))
        return OptimizationOutcome(manifest: manifest, rows: rows, current: currents[0])
    }

    /// Refuses an output folder that is one of the shard `folders` (compared as real paths, so
    /// `./s1`, `s1/` and a symbolic link to it are one folder): the merge would replace the
    /// shard it reads.
    public static func checkOutput(_ out: String, isNotOneOf folders: [String]) throws {
        let target = realPath(out)
        for folder in folders where realPath(folder) == target {
            throw MergeError(
                "--out \(csvMessageText(out)) is the shard folder \(csvMessageText(folder)): write the merge elsewhere, e.g. --out merged")
        }
    }

    /// `path` with symbolic links, `.` and `..` resolved; for a path that does not exist yet, its
    /// parent's real path and its last component.
    static func realPath(_ path: String) -> String {
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        let standard = (path as NSString).standardizingPath
        let trimmed = standard.isEmpty ? "." : standard
        if trimmed == path && (trimmed == "." || trimmed == "/") { return trimmed }
        let parent = (trimmed as NSString).deletingLastPathComponent
        let last = (trimmed as NSString).lastPathComponent
        return (realPath(parent.isEmpty ? "." : parent) as NSString).appendingPathComponent(last)
    }

    private static func file(_ folder: String, _ name: String) -> String {
        (folder as NSString).appendingPathComponent(name)
    }

    private static func readTable(_ folder: String, _ name: String, header: [String]) throws -> CSVTable {
        let path = file(folder, name)
        guard FileManager.default.fileExists(atPath: path) else {
            throw MergeError("\(path): not found (is \(folder) the --out folder of `optimize --shard`?)")
        }
        let table = try CSVReader.read(path: path)
        if table.header != header {
            throw MergeError(
                "\(path): unexpected columns: expected \(header.prefix(6).joined(separator: ","))…, written by another version?")
        }
        return table
    }

    static func readManifest(_ folder: String) throws -> OptimizationManifest {
        let table = try readTable(folder, "run.csv", header: ["key", "value"])
        return OptimizationManifest(values: table.rows.map { ($0[0], $0[1]) })
    }

    static func readCandidates(_ folder: String) throws -> [CandidateRow] {
        let path = file(folder, "candidates.csv")
        let table = try readTable(folder, "candidates.csv", header: CandidateTable.header)
        return try table.rows.map { try CandidateRow(fields: $0.fields, where: "\(path):\($0.line)") }
    }

    static func readCurrent(_ folder: String) throws -> [String] {
        let table = try readTable(folder, "current.csv", header: CandidateTable.currentHeader)
        guard let row = table.rows.first, table.rows.count == 1 else {
            throw MergeError("\(file(folder, "current.csv")): expected one row")
        }
        return row.fields
    }
}
