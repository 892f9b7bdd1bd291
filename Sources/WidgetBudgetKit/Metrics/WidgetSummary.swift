/// One widget's metrics over all days and replications (a row of `summary.csv`).
public struct WidgetSummary: Sendable, Equatable, Codable {
    /// The widget's name.
    public var widget: String
    /// Days per replication.
    public var days: Int
    /// Replications.
    public var replications: Int
    /// Granted reloads (getTimeline calls) per day.
    public var reloadsPerDay: Double
    /// Charged reloads per day.
    public var chargedPerDay: Double
    /// Exempt reloads per day.
    public var exemptPerDay: Double
    /// Requests deferred for budget per day.
    public var deferredPerDay: Double
    /// Fraction of days on which a charged request waited for budget.
    public var exhaustedDayFraction: Double
    /// Minutes per day a charged request waited for budget.
    public var exhaustedMinutesPerDay: Double
    /// Entries rendered per day.
    public var rendersPerDay: Double
    /// Extension kills, in all.
    public var kills: Int
    /// Timelines not delivered for having too many entries, in all.
    public var rejections: Int
    /// App reload calls ignored after launches from the widget, in all.
    public var ignoredCalls: Int
    /// Policy reloads held until the next view, in all.
    public var heldUnseen: Int
    /// Largest timeline memory, in MB.
    public var peakMemoryMB: Double
    /// Fraction of time the display was fresh.
    public var freshness: Double
    /// Time-weighted mean age, seconds.
    public var meanAge: Double
    /// Time-weighted 95th percentile of age, seconds.
    public var p95Age: Double
    /// Largest age, seconds.
    public var maxAge: Double
    /// Mean age of the content at the user's views, seconds (`view-age`); `nil` without views.
    public var viewAge: Double?
    /// Fraction of views that saw fresh content (`nil` without views).
    public var viewFreshness: Double?
    /// 95 % half-widths across replications (`nil` with one replication).
    public var freshnessCI: Double?
    /// 95 % half-width of the mean age.
    public var meanAgeCI: Double?
    /// 95 % half-width of charged reloads per day.
    public var chargedPerDayCI: Double?
    /// 95 % half-width of view freshness.
    public var viewFreshnessCI: Double?
    /// The smallest and largest daily budget drawn.
    public var budgetRange: ClosedRange<Int>

    /// Summarises the runs (one per replication) of one widget.
    public init(widget: String, runs: [WidgetRunResult]) {
        self.init(widget: widget, runs: runs, ageQuantile: true)
    }

    /// Summarises the runs of one widget; without `ageQuantile`, ``p95Age`` is left at 0 (for a
    /// summary whose reader never looks at it: the bisection over every stale stretch is the
    /// dearest of the summary's sums).
    package init(widget: String, runs: [WidgetRunResult], ageQuantile: Bool) {
        var runSums: [DaySums.Run] = []
        self.init(widget: widget, runs: runs, ageQuantile: ageQuantile, runSums: &runSums)
    }

    /// ``init(widget:runs:ageQuantile:)``, handing over each run's own sums (`DaySums.perRun`, in
    /// the order of `runs`) in `runSums`: what each replication's objective reads
    /// (`OptimizationObjective.perReplication(_:sums:widget:)`), taken in the summary's one pass
    /// over the days rather than in a pass of its own.
    init(widget: String, runs: [WidgetRunResult], ageQuantile: Bool, runSums: inout [DaySums.Run]) {
        self.widget = widget
        replications = runs.count
        days = runs.first?.days.count ?? 0
        // Every day of every run, in order, read in place and once (`DaySums`): a joined copy was
        // 2.4 times the days themselves, with its growth (issue #26: 32 MB of 20 replications of
        // 10 years), and a pass a metric 25 passes.
        let sums = DaySums(runs)
        let n = Double(max(1, sums.days))
        reloadsPerDay = sums.reloads / n
        chargedPerDay = sums.charged / n
        exemptPerDay = sums.exempt / n
        deferredPerDay = sums.deferred / n
        exhaustedDayFraction = sums.exhaustedDays / n
        exhaustedMinutesPerDay = sums.exhaustedMinutes / n
        rendersPerDay = sums.renders / n
        kills = sums.kills
        rejections = sums.rejections
        ignoredCalls = sums.ignoredCalls
        heldUnseen = sums.heldUnseen
        peakMemoryMB = sums.peakMemoryMB ?? 0
        let totalTime = sums.length
        freshness = sums.freshness
        meanAge = sums.meanAge
        if !ageQuantile {
            p95Age = 0
        } else if runs.contains(where: { !$0.ageShapes.isEmpty }) {
            // Runs that kept only their stretches' shapes (the same stretches, in the same order).
            // The parts taken out once: a lazy map through the key path read each part again at
            // each of the quantile's passes, 950 instructions a time (#26 engine-2).
            p95Age = AgeQuantile.timeWeighted(parts: runs.map { $0.ageShapes }, totalTime: totalTime, p: 0.95)
        } else {
            p95Age = AgeQuantile.timeWeighted(parts: runs.map { $0.ageSegments }, totalTime: totalTime, p: 0.95)
        }
        maxAge = sums.maxAge ?? 0
        viewFreshness = sums.viewFreshness
        viewAge = sums.viewAge
        let perRun = sums.perRun
        freshnessCI = Statistics.ci95HalfWidth(perRun.compactMap { $0.length > 0 ? $0.freshness : nil })
        meanAgeCI = Statistics.ci95HalfWidth(perRun.compactMap { $0.length > 0 ? $0.meanAge : nil })
        chargedPerDayCI = Statistics.ci95HalfWidth(perRun.compactMap { $0.days == 0 ? nil : Double($0.charged) / Double($0.days) })
        viewFreshnessCI = Statistics.ci95HalfWidth(perRun.compactMap { $0.viewFreshness })
        budgetRange = (sums.lowestBudget ?? 0)...(sums.highestBudget ?? 0)
        runSums = perRun
    }
}
