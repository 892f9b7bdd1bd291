import Foundation
import WidgetBudgetKit

/// What an optimization run was (`run.csv`, one `key,value` row per setting): enough for `merge`
/// to check that shards belong together and to write the conclusions without the scenario.
public struct OptimizationManifest: Sendable, Equatable {
    /// The settings as `key, value` pairs, in file order.
    public var values: [(String, String)]

    /// Keys that may differ between the shards of one sweep.
    static let perShard: Set<String> = ["shard", "evaluated", "file"]

    /// Equal when both hold the same keys with the same values, in the same order.
    public static func == (a: OptimizationManifest, b: OptimizationManifest) -> Bool {
        a.values.map(\.0) == b.values.map(\.0) && a.values.map(\.1) == b.values.map(\.1)
    }

    /// Creates a manifest from pairs.
    public init(values: [(String, String)]) {
        self.values = values
    }

    /// The manifest of a run.
    init(problem: OptimizationProblem, file: String, digest: String, result: OptimizationResult) {
        let s = problem.scenario, settings = problem.settings, widget = problem.widget
        var content: [String] = []
        if !widget.predictable.isNone { content.append("predictable") }
        if !widget.unpredictable.isNone { content.append("unpredictable") }
        let appReloads = s.app.reloads.contains { r in
            if case let .kind(k) = r.target { return k == widget.kind }
            return true
        }
        values = [
            ("scenario", s.name), ("file", file), ("file_digest", digest), ("widget", widget.name),
            ("widget_kind", widget.kind),
            ("objective", settings.objective.rawValue), ("objective_source", settings.objectiveSource),
            ("budgets", "\(settings.constraints.budgets.lowerBound)...\(settings.constraints.budgets.upperBound)"),
            ("budget_model", s.budget.model.rawValue),
            ("max_exhausted_day_fraction", DurationFormat.number(settings.constraints.maxExhaustedDayFraction)),
            ("memory_margin", DurationFormat.number(settings.constraints.memoryMargin)),
            ("memory_limit_mb", DurationFormat.number(s.memory.limitMB)),
            ("memory_ceiling_mb", NumberFormat.fixed(problem.memoryCeilingMB, 3)),
            ("days", String(s.days)), ("replications", String(s.replications)),
            ("max_replications", String(settings.maxReplications)),
            ("tolerance", DurationFormat.number(settings.resolvedTolerance)),
            ("seen_tolerance_s", settings.constraints.seenTolerance.map(DurationFormat.number) ?? "none"),
            ("budget_headroom", settings.constraints.budgetHeadroom.map(String.init) ?? "default"),
            ("seed", String(s.seed)),
            ("first_offset_s", DurationFormat.number(settings.space.firstOffset)),
            ("content", content.isEmpty ? "none" : content.joined(separator: " and ")),
            ("app_reloads", appReloads ? "true" : "false"),
            ("method", result.method.rawValue), ("space_size", String(result.spaceSize)),
            ("shard", result.shard.description), ("evaluated", String(result.evaluations.count)),
            ("daylight_saving_days", Self.daylightSavingText(problem)),
        ]
        if let schedule = settings.space.schedule {
            // Only for schedules, so other runs' run.csv stays as it was.
            values.append(("schedule_segments", schedule.segments.map(\.description).joined(separator: ";")))
            values.append(("schedule_after", schedule.afters.map { $0.map(DurationFormat.string) ?? "never" }.joined(separator: ";")))
        }
    }

    /// The zone and its clock-change days of the coming year, e.g. `Europe/Paris: spring forward
    /// 2026-03-29; fall back 2026-10-25 (in the horizon)`, or `UTC: none`.
    static func daylightSavingText(_ problem: OptimizationProblem) -> String {
        let days = problem.daylightSavingDays.map { $0.label + ($0.inHorizon ? " (in the horizon)" : "") }
        return problem.scenario.timeZone.shownIdentifier + ": " + (days.isEmpty ? "none" : days.joined(separator: "; "))
    }

    /// The value of `key` (empty when absent).
    public subscript(key: String) -> String {
        values.first { $0.0 == key }?.1 ?? ""
    }

    /// Sets `key`.
    mutating func set(_ key: String, _ value: String) {
        if let i = values.firstIndex(where: { $0.0 == key }) { values[i].1 = value } else { values.append((key, value)) }
    }

    /// The rows of `run.csv`.
    var rows: [[String]] { values.map { [$0.0, $0.1] } }

    /// The first key whose value differs from `other`'s, ignoring per-shard keys.
    func firstDifference(from other: OptimizationManifest) -> String? {
        let keys = (values.map(\.0) + other.values.map(\.0)).filter { !Self.perShard.contains($0) }
        return keys.first { self[$0] != other[$0] }
    }

    /// The budgets range.
    public var budgets: ClosedRange<Int> { BudgetRangeText.parse(self["budgets"]) ?? 1...1 }

    /// The objective.
    public var objective: OptimizationObjective { OptimizationObjective(rawValue: self["objective"]) ?? .meanAge }

    /// The constraints.
    public var constraints: OptimizationConstraints {
        OptimizationConstraints(
            budgets: budgets, maxExhaustedDayFraction: Double(self["max_exhausted_day_fraction"]) ?? 0,
            memoryMargin: Double(self["memory_margin"]) ?? 0.2, seenTolerance: Double(self["seen_tolerance_s"]),
            budgetHeadroom: Int(self["budget_headroom"]))
    }

    /// The ranking the run's conclusions use.
    public var ranking: CandidateRanking {
        CandidateRanking(
            objective: objective, constraints: constraints, memoryCeilingMB: Double(self["memory_ceiling_mb"]) ?? 0,
            tolerance: Double(self["tolerance"]))
    }

    /// The shard, from `K/N`.
    public var shard: Shard? {
        let parts = self["shard"].split(separator: "/").compactMap { Int($0) }
        guard parts.count == 2, parts[1] >= 1, (1...parts[1]).contains(parts[0]) else { return nil }
        return Shard(index: parts[0], count: parts[1])
    }

    /// FNV-1a (64-bit) of a file's bytes, as 16 hex digits; empty when unreadable or not a
    /// regular file of at most ``Bounds/maxInputFileBytes`` (read through ``FileSystemCalls/openInput``,
    /// as every input file).
    static func digest(ofFile path: String) -> String {
        guard let file = try? FileSystemCalls.live.openInput(path), let data = try? file.readAll(limit: Bounds.maxInputFileBytes)
        else { return "" }
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            h ^= UInt64(byte)
            h = h &* 0x100_0000_01b3
        }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
