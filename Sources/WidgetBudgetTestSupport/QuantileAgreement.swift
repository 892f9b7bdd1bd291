import WidgetBudgetKit

/// Whether the time-weighted `p` quantiles (``AgeQuantile/timeWeighted(parts:totalTime:p:)``) of
/// two ways of keeping the same runs' stretches (lists, their shapes, shapes in a store) have the
/// same bits over `totalTime` (or are both NaN): what keeps them interchangeable in the summaries.
public func sameQuantileBits<A: Collection, B: Collection>(_ a: A, _ b: B, totalTime: Double, p: Double) -> Bool
where A.Element: Collection, A.Element.Element == AgeSegment, B.Element: Collection, B.Element.Element == AgeSegment {
    let x = AgeQuantile.timeWeighted(parts: a, totalTime: totalTime, p: p)
    let y = AgeQuantile.timeWeighted(parts: b, totalTime: totalTime, p: p)
    return x.bitPattern == y.bitPattern || (x.isNaN && y.isNaN)
}
