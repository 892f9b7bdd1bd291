import WidgetBudgetKit

/// The optimizer's `candidates.csv` read for plotting: one row per candidate policy.
struct PlottedCandidates {
    /// One candidate.
    struct Row {
        var spacing: Double
        var entries: Int
        /// `align|policy|after_s|windows|schedule`: what, besides spacing and size, makes a policy.
        var policyKey: String
        /// The policy in words, for titles.
        var policyText: String
        /// The whole key, `spacing|entries|policyKey`, to match `pareto.csv`.
        var key: String
        var chargedPerDay: Double
        var peakMemoryMB: Double
        var objective: Double
        var feasible: Bool
        /// In `pareto.csv` (no candidate beats it on objective, charged reloads and memory at once).
        var onFront: Bool
        /// No feasible candidate beats it on both objective and charged reloads: the figure's line.
        var onTradeOff = false
        /// The candidate in words, for the data file.
        var label: String
        /// The candidate (for the ranking's cost order).
        var candidate: PolicyCandidate

        /// The numbers the optimizer's ranking reads.
        var record: CandidateRecord {
            CandidateRecord(
                candidate: candidate, objective: objective, unlimitedObjective: objective, chargedPerDay: chargedPerDay,
                peakMemoryMB: peakMemoryMB, exhaustedDayFraction: 0, kills: 0, neededBudget: 0, feasible: feasible)
        }
    }

    var rows: [Row]
    var objective: OptimizationObjective
    /// Factor from the file's unit to the plotted one (seconds → minutes, fraction → %).
    var scale: Double
    /// The objective axis's label, with unit and direction.
    var axisLabel: String

    static let keyColumns = ["spacing_s", "entries", "align", "policy", "after_s", "windows"]

    /// The optimizer's recommendation (from `recommendation.csv`), when known: the figures mark it
    /// as the best, so they always agree with `recommendation.md`.
    var recommendedKey: String?

    init(_ table: CSVTable, pareto: CSVTable?, objective: OptimizationObjective, recommendation: CSVTable? = nil) throws {
        self.objective = objective
        if objective.higherIsBetter {
            scale = 100
            axisLabel = "\(objective.phrase) (%, higher is better)"
        } else {
            scale = 1.0 / 60
            axisLabel = "\(objective.phrase) (minutes, lower is better)"
        }
        let index = try Dictionary(
            uniqueKeysWithValues: (Self.keyColumns + ["charged_per_day", "peak_memory_mb", "objective", "feasible"]).map {
                ($0, try table.requireColumn($0))
            })
        func number(_ record: CSVRecord, _ column: String) throws -> Double {
            let text = record[index[column]!]
            guard let value = Double(text), value.isFinite else {
                throw PlotError("\(table.name):\(record.line): \(column) '\(text)' is not a number")
            }
            return value
        }
        func key(_ record: CSVRecord, _ columns: [Int]) -> String { columns.map { record[$0] }.joined(separator: "|") }
        // `app_throttle_s` tells candidates apart when the app's throttle was searched too, and
        // `schedule` when schedules were.
        let throttleColumn = table.header.firstIndex(of: "app_throttle_s")
        let scheduleColumn = table.header.firstIndex(of: "schedule")
        func keyColumns(_ t: CSVTable) throws -> [Int] {
            try Self.keyColumns.map { try t.requireColumn($0) }
                + (throttleColumn != nil ? t.header.firstIndex(of: "app_throttle_s").map { [$0] } ?? [] : [])
                + (scheduleColumn != nil ? t.header.firstIndex(of: "schedule").map { [$0] } ?? [] : [])
        }
        var frontKeys: Set<String>?
        if let pareto {
            let columns = try keyColumns(pareto)
            frontKeys = Set(pareto.rows.map { key($0, columns) })
        }
        if let recommendation, let first = recommendation.rows.first {
            recommendedKey = key(first, try keyColumns(recommendation))
        }
        let keyIndexes = try keyColumns(table)
        rows = try table.rows.map { r in
            let flag = r[index["feasible"]!].lowercased()
            guard ["true", "false", "1", "0", "yes", "no"].contains(flag) else {
                throw PlotError("\(table.name):\(r.line): feasible '\(r[index["feasible"]!])' is not true or false")
            }
            let policy = r[index["policy"]!], after = r[index["after_s"]!], align = r[index["align"]!], windows = r[index["windows"]!]
            var policyText = policy
            if let seconds = Double(after), policy.hasPrefix("after") { policyText = "after \(DurationFormat.string(seconds))" }
            if !align.isEmpty && align != "none" { policyText += ", aligned to the \(align)" }
            if !windows.isEmpty { policyText += ", during \(windows)" }
            let scheduleText = scheduleColumn.map { r[$0] } ?? ""
            if policy == "schedule" { policyText = scheduleText + (align.isEmpty || align == "none" ? "" : ", aligned to the \(align)") }
            let schedule = policy == "schedule" ? try CandidateRow.schedule(scheduleText, where: "\(table.name):\(r.line)") : []
            let spacing = try number(r, "spacing_s")
            let entries = Int(try number(r, "entries"))
            let candidate = PolicyCandidate(
                spacing: spacing, entries: entries, align: EntryAlignment(rawValue: align) ?? .none,
                policy: policy == "never" ? .never : policy == "after" ? .after(Double(after) ?? 0) : .atEnd,
                windows: windows.split(separator: ";").compactMap { TimeWindow(String($0)) },
                appThrottle: throttleColumn.flatMap { Double(r[$0]) }, schedule: schedule)
            return Row(
                spacing: spacing, entries: entries, policyKey: [align, policy, after, windows, scheduleText].joined(separator: "|"),
                policyText: policyText,
                key: key(r, keyIndexes), chargedPerDay: try number(r, "charged_per_day"), peakMemoryMB: try number(r, "peak_memory_mb"),
                objective: try number(r, "objective"), feasible: ["true", "1", "yes"].contains(flag), onFront: false,
                label: "\(entries) × \(spacing == 0 ? "-" : DurationFormat.string(spacing)), \(policyText)", candidate: candidate)
        }
        // The trade-off: feasible candidates no other beats on both charged reloads and objective.
        let byCharge = rows.indices.filter { rows[$0].feasible }
            .sorted {
                (rows[$0].chargedPerDay, objective.loss(rows[$0].objective)) < (rows[$1].chargedPerDay, objective.loss(rows[$1].objective))
            }
        var bestLoss = Double.infinity
        for i in byCharge where objective.loss(rows[i].objective) < bestLoss {
            bestLoss = objective.loss(rows[i].objective)
            rows[i].onTradeOff = true
        }
        for i in rows.indices { rows[i].onFront = frontKeys.map { $0.contains(rows[i].key) } ?? rows[i].onTradeOff }
    }

    /// The index of the best feasible candidate, if any: the optimizer's recommendation when
    /// `recommendation.csv` was given, otherwise chosen from these rows by the optimizer's own rule
    /// (``CandidateRanking/choice(_:feasibleOnly:unlimited:)``, default tolerance).
    var best: Int? {
        if let recommendedKey { return rows.firstIndex { $0.key == recommendedKey } }
        let records = rows.map(\.record)
        guard let chosen = ranking.choice(records)?.chosen else { return nil }
        return records.firstIndex { $0.candidate == chosen.candidate }
    }

    /// True when `a` lists before `b` in the optimizer's order (``CandidateRanking/precedes(_:_:)``).
    func isBetter(_ a: Row, than b: Row) -> Bool {
        ranking.precedes(a.record, b.record)
    }

    /// The optimizer's ranking for these rows: the objective's default tolerance, feasibility as
    /// the file says. The budget range is not in these files, so saving budget is taken to matter
    /// (a headroom above any budget); a run's own choice comes from `recommendation.csv`.
    private var ranking: CandidateRanking {
        CandidateRanking(
            objective: objective, constraints: OptimizationConstraints(budgets: 1...1, budgetHeadroom: 1_000_000),
            memoryCeilingMB: .infinity)
    }
}
