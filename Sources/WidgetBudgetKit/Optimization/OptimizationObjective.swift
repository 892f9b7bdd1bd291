/// What the optimizer makes best, measured at a candidate's worst budget.
public enum OptimizationObjective: String, Sendable, Equatable, CaseIterable, Codable {
    /// The time-weighted mean age, seconds (lower is better).
    case meanAge = "mean-age"
    /// The time-weighted 95th percentile of age, seconds (lower is better).
    case p95Age = "p95-age"
    /// The fraction of the user's views that saw fresh content (higher is better).
    case viewFreshness = "view-freshness"
    /// The fraction of time the display was fresh (higher is better).
    case freshness
    /// The mean age of the content at the user's views, seconds (lower is better).
    case viewAge = "view-age"

    /// True for fractions to maximise, false for ages to minimise.
    public var higherIsBetter: Bool {
        self == .viewFreshness || self == .freshness
    }

    /// Decimals kept in `candidates.csv` (and compared): 2 for ages in seconds, 6 for fractions.
    public var decimals: Int {
        higherIsBetter ? 6 : 2
    }

    /// Decimals kept for the per-replication values (`replication_objectives`): two more than
    /// ``decimals``, so paired differences are not rounded away.
    public var replicationDecimals: Int { decimals + 2 }

    /// The practical tolerance when `optimize.tolerance` is not set: 1 s for ages, 0.001 for
    /// fractions. Candidates closer than this are equivalent (see ``CandidateRanking``).
    public var defaultTolerance: Double {
        higherIsBetter ? 0.001 : 1
    }

    /// True for the objectives measured at the user's views (they need a `views` process).
    public var needsViews: Bool {
        self == .viewFreshness || self == .viewAge
    }

    /// The objective's value in a summary, rounded to ``decimals`` (views missing count as 0).
    public func value(of summary: WidgetSummary) -> Double {
        Quantize.round(measure(summary), decimals)
    }

    /// The objective's value in a summary, unrounded (views missing count as 0).
    public func measure(_ summary: WidgetSummary) -> Double {
        switch self {
        case .meanAge: return summary.meanAge
        case .p95Age: return summary.p95Age
        case .viewFreshness: return summary.viewFreshness ?? 0
        case .freshness: return summary.freshness
        case .viewAge: return summary.viewAge ?? 0
        }
    }

    /// The objective of each replication on its own, rounded to ``replicationDecimals``: the
    /// values paired differences are taken over.
    public func perReplication(_ runs: [WidgetRunResult], widget: String) -> [Double] {
        runs.map { Quantize.round(measure(run: $0, widget: widget), replicationDecimals) }
    }

    /// ``measure(_:)`` of the summary of `run` alone, to the bit, from the run's day sums and the
    /// summary's own ratios (``DaySums``): for ``p95Age`` the summary itself. The optimizer
    /// measures every candidate's replications so (#26 engine-2: a whole summary each was 8,800
    /// instructions of the bench's 2,008).
    package func measure(run: WidgetRunResult, widget: String) -> Double {
        if self == .p95Age { return measure(summary(of: [run], widget: widget)) }
        return measure(DaySums([run]).perRun[0])
    }

    /// ``measure(run:widget:)`` from the run's own sums (``DaySums/Run``: those of ``DaySums`` of
    /// the run alone, to the bit), for every objective but ``p95Age``, which reads the stretches.
    func measure(_ sums: DaySums.Run) -> Double {
        // Views missing count as 0, as in `measure(_:)`.
        switch self {
        case .meanAge: return sums.meanAge
        case .freshness: return sums.freshness
        case .viewFreshness: return sums.viewFreshness ?? 0
        case .viewAge: return sums.viewAge ?? 0
        case .p95Age: preconditionFailure("the 95th-percentile age reads the stretches, not the sums")
        }
    }

    /// ``perReplication(_:widget:)`` of `runs` whose own sums, in order, are `sums` (the summary
    /// of `runs` took them: `WidgetSummary.init(widget:runs:ageQuantile:runSums:)`): measured from
    /// the sums, without a pass over each run's days of its own; ``p95Age`` from the runs.
    func perReplication(_ runs: [WidgetRunResult], sums: [DaySums.Run], widget: String) -> [Double] {
        guard self != .p95Age else { return perReplication(runs, widget: widget) }
        precondition(sums.count == runs.count, "a run's sums for each run")
        return sums.map { Quantize.round(measure($0), replicationDecimals) }
    }

    /// The summary of `runs` with what ``measure(_:)`` reads: the 95th-percentile age only for
    /// ``p95Age`` (0 otherwise, never read).
    package func summary(of runs: [WidgetRunResult], widget: String) -> WidgetSummary {
        WidgetSummary(widget: widget, runs: runs, ageQuantile: self == .p95Age)
    }

    /// The value turned into a loss: lower is better whatever the objective.
    public func loss(_ value: Double) -> Double {
        higherIsBetter ? -value : value
    }

    /// A short phrase for reports: `mean age`, `views that saw fresh content`.
    public var phrase: String {
        switch self {
        case .meanAge: return "mean age"
        case .p95Age: return "95th-percentile age"
        case .viewFreshness: return "views that saw fresh content"
        case .freshness: return "time fresh"
        case .viewAge: return "mean age at the user's views"
        }
    }
}
