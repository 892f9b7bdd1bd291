import WidgetBudgetKit

/// The columns of `candidates.csv`, `recommendation.csv` and `pareto.csv`, and the reading of
/// them back into records (for `merge`, and for a single run, which ranks what it wrote so that
/// both agree to the byte).
///
/// Columns: the candidate's parameters `spacing_s,entries,align,policy,after_s,windows,app_throttle_s,schedule`
/// (`app_throttle_s` empty when the app is as the scenario writes it; `policy` is `schedule` and
/// `schedule` the intervals by time of day, e.g. `07:00-09:00 after 10m; 23:00-07:00 never`, for a
/// schedule candidate, `schedule` empty otherwise); `self_updating` (`true` for the self-updating
/// view, one entry and `.never` drawn by `Text(date, style: .timer)`, else `false`); the
/// `summary.csv` metrics at the candidate's worst budget (`budget_min` and `budget_max` are that
/// budget); `needed_budget` (the smallest daily budget at which it never waits) and
/// `unlimited_objective` (its objective with that much budget); `replication_objectives` (the
/// objective of each replication, `;`-separated, for paired differences: more for raced leaders);
/// then `objective,feasible,reason`.
public enum CandidateTable {
    /// The parameter columns.
    public static let parameterHeader = [
        "spacing_s", "entries", "align", "policy", "after_s", "windows", "app_throttle_s", "schedule", "self_updating",
    ]
    /// The columns after the metrics.
    public static let verdictHeader = [
        "needed_budget", "unlimited_objective", "replication_objectives", "objective", "feasible", "reason",
    ]
    /// The metric columns: `summary.csv`'s without `widget`.
    public static let metricHeader = Array(SimulationTables.summaryHeader.dropFirst())

    /// The whole header.
    public static let header = parameterHeader + metricHeader + verdictHeader

    /// `current.csv`'s header: the scenario's own provider in words, then the same metrics.
    public static let currentHeader = ["provider"] + metricHeader + verdictHeader

    /// The row of an evaluated candidate.
    public static func row(_ e: CandidateEvaluation, objective: OptimizationObjective) -> [String] {
        parameters(e.candidate!) + metrics(e, objective: objective)
    }

    /// The parameter cells of `c` (``parameterHeader``), as `candidates.csv` has them.
    static func parameters(_ c: PolicyCandidate) -> [String] {
        [
            DurationFormat.number(c.spacing), String(c.entries), c.align.rawValue, c.policyKind,
            c.afterSeconds.map(DurationFormat.number) ?? "", c.windowsText, c.appThrottle.map(DurationFormat.number) ?? "",
            c.scheduleText, c.selfUpdating ? "true" : "false",
        ]
    }

    /// The columns written as whole numbers (`String(Int)`); every other metric and verdict
    /// column but `replication_objectives`, `feasible` and `reason` is a decimal
    /// (``NumberFormat/fixed(_:_:)``, empty when not finite).
    static let wholeNumberColumns: Set<String> = ["days", "replications", "kills", "budget_min", "budget_max", "needed_budget"]

    /// The row of the scenario's current provider.
    public static func currentRow(_ e: CandidateEvaluation, objective: OptimizationObjective) -> [String] {
        [e.provider.summary] + metrics(e, objective: objective)
    }

    private static func metrics(_ e: CandidateEvaluation, objective: OptimizationObjective) -> [String] {
        Array(SimulationTables.summaryRow(e.summary).dropFirst())
            + [
                String(e.neededBudget), NumberFormat.fixed(e.unlimitedObjective, objective.decimals),
                e.replicationObjectives.map { NumberFormat.fixed($0, objective.replicationDecimals) }.joined(separator: ";"),
                NumberFormat.fixed(e.objective, objective.decimals), e.feasible ? "true" : "false", e.reason,
            ]
    }
}
