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
        self.widget = widget
        replications = runs.count
        days = runs.first?.days.count ?? 0
        // Every day of every run, in order, read in place: a joined copy was 2.4 times the days
        // themselves, with its growth (issue #26: 32 MB of 20 replications of 10 years).
        let allDays = runs.lazy.flatMap(\.days)
        let n = Double(max(1, runs.reduce(0) { $0 + $1.days.count }))
        func perDay(_ key: (DayMetrics) -> Double) -> Double { allDays.reduce(0) { $0 + key($1) } / n }
        reloadsPerDay = perDay { Double($0.reloads) }
        chargedPerDay = perDay { Double($0.charged) }
        exemptPerDay = perDay { Double($0.exempt) }
        deferredPerDay = perDay { Double($0.deferred) }
        exhaustedDayFraction = perDay { $0.wasExhausted ? 1 : 0 }
        exhaustedMinutesPerDay = perDay { $0.exhaustedSeconds / 60 }
        rendersPerDay = perDay { Double($0.renders) }
        kills = allDays.reduce(0) { $0 + $1.kills }
        rejections = allDays.reduce(0) { $0 + $1.rejections }
        ignoredCalls = allDays.reduce(0) { $0 + $1.ignoredCalls }
        heldUnseen = allDays.reduce(0) { $0 + $1.heldUnseen }
        peakMemoryMB = allDays.map(\.peakMemoryMB).max() ?? 0
        let totalTime = allDays.reduce(0) { $0 + $1.length }
        freshness = totalTime > 0 ? allDays.reduce(0) { $0 + $1.freshSeconds } / totalTime : 0
        meanAge = totalTime > 0 ? allDays.reduce(0) { $0 + $1.ageIntegral } / totalTime : 0
        if !ageQuantile {
            p95Age = 0
        } else if runs.contains(where: { !$0.ageShapes.isEmpty }) {
            // Runs that kept only their stretches' shapes (the same stretches, in the same order).
            p95Age = AgeQuantile.timeWeighted(parts: runs.lazy.map(\.ageShapes), totalTime: totalTime, p: 0.95)
        } else {
            p95Age = AgeQuantile.timeWeighted(parts: runs.lazy.map(\.ageSegments), totalTime: totalTime, p: 0.95)
        }
        maxAge = allDays.map(\.maxAge).max() ?? 0
        let views = allDays.reduce(0) { $0 + $1.views }
        viewFreshness = views > 0 ? Double(allDays.reduce(0) { $0 + $1.freshViews }) / Double(views) : nil
        viewAge = views > 0 ? allDays.reduce(0) { $0 + $1.viewAgeTotal } / Double(views) : nil

        func perRun(_ key: (DayList) -> Double?) -> [Double] { runs.compactMap { key($0.days) } }
        freshnessCI = Statistics.ci95HalfWidth(
            perRun { d in
                let t = d.reduce(0) { $0 + $1.length }
                return t > 0 ? d.reduce(0) { $0 + $1.freshSeconds } / t : nil
            })
        meanAgeCI = Statistics.ci95HalfWidth(
            perRun { d in
                let t = d.reduce(0) { $0 + $1.length }
                return t > 0 ? d.reduce(0) { $0 + $1.ageIntegral } / t : nil
            })
        chargedPerDayCI = Statistics.ci95HalfWidth(
            perRun { d in
                d.isEmpty ? nil : Double(d.reduce(0) { $0 + $1.charged }) / Double(d.count)
            })
        viewFreshnessCI = Statistics.ci95HalfWidth(
            perRun { d in
                let v = d.reduce(0) { $0 + $1.views }
                return v > 0 ? Double(d.reduce(0) { $0 + $1.freshViews }) / Double(v) : nil
            })
        let budgets = allDays.map(\.budget)
        budgetRange = (budgets.min() ?? 0)...(budgets.max() ?? 0)
    }
}
