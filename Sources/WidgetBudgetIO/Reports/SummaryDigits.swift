import WidgetBudgetKit

/// The decimals `summary.csv` prints each measure of a ``WidgetSummary`` with; the JSON documents
/// round to the same, so `--format json` and the CSV agree and carry no float noise
/// (`61020.0000003929` is `61020`).
enum SummaryDigits {
    /// Reloads a day (requested, charged, exempt, deferred) and peak memory in MB.
    static let perDay = 3
    /// The fraction of days out of budget.
    static let dayFraction = 4
    /// Minutes out of budget a day and renders a day.
    static let perDayCoarse = 2
    /// Fractions of time or views (freshness).
    static let fraction = 6
    /// Ages in seconds.
    static let seconds = 2
}

extension WidgetSummary {
    /// This summary with every measure rounded as `summary.csv` prints it.
    var roundedAsCSV: WidgetSummary {
        func r(_ value: Double, _ digits: Int) -> Double { Quantize.round(value, digits) }
        func r(_ value: Double?, _ digits: Int) -> Double? { value.map { Quantize.round($0, digits) } }
        var s = self
        s.reloadsPerDay = r(reloadsPerDay, SummaryDigits.perDay)
        s.chargedPerDay = r(chargedPerDay, SummaryDigits.perDay)
        s.exemptPerDay = r(exemptPerDay, SummaryDigits.perDay)
        s.deferredPerDay = r(deferredPerDay, SummaryDigits.perDay)
        s.exhaustedDayFraction = r(exhaustedDayFraction, SummaryDigits.dayFraction)
        s.exhaustedMinutesPerDay = r(exhaustedMinutesPerDay, SummaryDigits.perDayCoarse)
        s.rendersPerDay = r(rendersPerDay, SummaryDigits.perDayCoarse)
        s.peakMemoryMB = r(peakMemoryMB, SummaryDigits.perDay)
        s.freshness = r(freshness, SummaryDigits.fraction)
        s.meanAge = r(meanAge, SummaryDigits.seconds)
        s.p95Age = r(p95Age, SummaryDigits.seconds)
        s.maxAge = r(maxAge, SummaryDigits.seconds)
        s.viewAge = r(viewAge, SummaryDigits.seconds)
        s.viewFreshness = r(viewFreshness, SummaryDigits.fraction)
        s.freshnessCI = r(freshnessCI, SummaryDigits.fraction)
        s.meanAgeCI = r(meanAgeCI, SummaryDigits.seconds)
        s.chargedPerDayCI = r(chargedPerDayCI, SummaryDigits.perDay)
        s.viewFreshnessCI = r(viewFreshnessCI, SummaryDigits.fraction)
        return s
    }
}
