/// The sums, extremes and counts a summary (``WidgetSummary``) takes over every day of its runs,
/// in one pass over each run's days.
///
/// Each sum adds the same terms in the same order as its own pass over the days did (days in
/// order, run after run, each term computed as before), so the summary has the same bits; the
/// summary took one pass a metric, 25 in all (#26: 197 M instructions of the sweep's benchmark).
struct DaySums: DayTotals {
    /// Days in all.
    var days = 0
    /// Granted, charged, exempt and deferred reloads, and renders, each day's count as a `Double`.
    var reloads = 0.0, charged = 0.0, exempt = 0.0, deferred = 0.0, renders = 0.0
    /// Days on which the budget ran out (1 each, as a `Double`), and the minutes waited.
    var exhaustedDays = 0.0, exhaustedMinutes = 0.0
    /// Kills, rejections, ignored app calls, policy reloads held unseen, views and fresh views.
    var kills = 0, rejections = 0, ignoredCalls = 0, heldUnseen = 0, views = 0, freshViews = 0
    /// Simulated, fresh and age-weighted seconds, and the ages at the views added up.
    var length = 0.0, freshSeconds = 0.0, ageIntegral = 0.0, viewAgeTotal = 0.0
    /// The largest of each day's peak memory and largest age (`Sequence.max()`'s rule: the first
    /// day's, replaced by each later one it is below), `nil` without days.
    var peakMemoryMB: Double?, maxAge: Double?
    /// The smallest and largest daily budget, `nil` without days.
    var lowestBudget: Int?, highestBudget: Int?
    /// Per run, in order: the same sums over its own days, for the intervals across replications.
    var perRun: [Run] = []

    /// One run's sums: what ``DaySums`` of that run alone would hold (the same terms added in the
    /// same order from 0), for the intervals and each replication's objective
    /// (`OptimizationObjective.measure(_:)`).
    struct Run: DayTotals {
        var days = 0
        var length = 0.0, freshSeconds = 0.0, ageIntegral = 0.0, viewAgeTotal = 0.0
        var charged = 0, views = 0, freshViews = 0
    }

    /// Sums the days of `runs`, in order, read in place (``DayList/forEachChunk(_:)``).
    init(_ runs: [WidgetRunResult]) {
        perRun.reserveCapacity(runs.count)
        // By index: `for run in runs` copied each run out (its lists retained and released).
        for r in runs.indices {
            var own = Run()
            runs[r].days.forEachChunk { chunk in
                guard let first = chunk.baseAddress else { return }
                // The sums in locals while a chunk is read (in registers, not stored back a day).
                var sums = self, run = own
                for day in first..<first + chunk.count {
                    sums.add(day)
                    run.days += 1
                    run.length += day.pointee.length
                    run.freshSeconds += day.pointee.freshSeconds
                    run.ageIntegral += day.pointee.ageIntegral
                    run.viewAgeTotal += day.pointee.viewAgeTotal
                    run.charged += day.pointee.charged
                    run.views += day.pointee.views
                    run.freshViews += day.pointee.freshViews
                }
                self = sums
                own = run
            }
            perRun.append(own)
        }
    }

    /// Adds the day at `day`, after the days before it (its fields read in place).
    @inline(__always)
    private mutating func add(_ day: UnsafePointer<DayMetrics>) {
        days += 1
        reloads += Double(day.pointee.reloads)
        charged += Double(day.pointee.charged)
        exempt += Double(day.pointee.exempt)
        deferred += Double(day.pointee.deferred)
        exhaustedDays += day.pointee.wasExhausted ? 1 : 0
        exhaustedMinutes += day.pointee.exhaustedSeconds / 60
        renders += Double(day.pointee.renders)
        kills += day.pointee.kills
        rejections += day.pointee.rejections
        ignoredCalls += day.pointee.ignoredCalls
        heldUnseen += day.pointee.heldUnseen
        length += day.pointee.length
        freshSeconds += day.pointee.freshSeconds
        ageIntegral += day.pointee.ageIntegral
        views += day.pointee.views
        freshViews += day.pointee.freshViews
        viewAgeTotal += day.pointee.viewAgeTotal
        peakMemoryMB = Self.larger(peakMemoryMB, day.pointee.peakMemoryMB)
        maxAge = Self.larger(maxAge, day.pointee.maxAge)
        lowestBudget = min(lowestBudget ?? day.pointee.budget, day.pointee.budget)
        highestBudget = max(highestBudget ?? day.pointee.budget, day.pointee.budget)
    }

    /// `Sequence.max()`'s step: `next` replaces `current` when `current < next` (a NaN never does,
    /// nor is replaced once first).
    @inline(__always)
    private static func larger(_ current: Double?, _ next: Double) -> Double {
        guard let current else { return next }
        return current < next ? next : current
    }
}

/// The totals the display's ratios read: ``DaySums`` of every run, or of one run
/// (``DaySums/Run``), each ratio written once for both.
protocol DayTotals {
    /// Simulated, fresh and age-weighted seconds, and the ages at the views added up.
    var length: Double { get }
    var freshSeconds: Double { get }
    var ageIntegral: Double { get }
    var viewAgeTotal: Double { get }
    /// Views, and those that saw fresh content.
    var views: Int { get }
    var freshViews: Int { get }
}

extension DayTotals {
    /// The share of the simulated time the display was fresh (0 without time).
    var freshness: Double { length > 0 ? freshSeconds / length : 0 }
    /// The display's age averaged over the simulated time, seconds (0 without time).
    var meanAge: Double { length > 0 ? ageIntegral / length : 0 }
    /// The share of views that saw fresh content (`nil` without views).
    var viewFreshness: Double? { views > 0 ? Double(freshViews) / Double(views) : nil }
    /// The age a view saw, averaged over the views, seconds (`nil` without views).
    var viewAge: Double? { views > 0 ? viewAgeTotal / Double(views) : nil }
}
