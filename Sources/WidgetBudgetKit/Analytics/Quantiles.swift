/// Order statistics of a sample: quantiles, and Spearman's rank correlation.
public enum Quantiles {
    /// The `p`-quantile (0…1) of `sorted` (ascending) by linear interpolation between order
    /// statistics (type 7, as R and NumPy default); `nil` for an empty sample.
    public static func of(sorted: [Double], _ p: Double) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let h = Double(sorted.count - 1) * min(1, max(0, p))
        let lo = Int(h.rounded(.down))
        let hi = min(sorted.count - 1, lo + 1)
        return sorted[lo] + (h - Double(lo)) * (sorted[hi] - sorted[lo])
    }

    /// The median of an unsorted sample, `nil` when empty.
    public static func median(_ values: [Double]) -> Double? {
        of(sorted: values.sorted(), 0.5)
    }

    /// Spearman's rank correlation of paired samples (average ranks for ties); `nil` for fewer
    /// than three pairs or a constant sample.
    public static func spearman(_ x: [Double], _ y: [Double]) -> Double? {
        guard x.count == y.count, x.count >= 3 else { return nil }
        let rx = ranks(x), ry = ranks(y)
        let n = Double(x.count)
        let mx = rx.reduce(0, +) / n, my = ry.reduce(0, +) / n
        var sxy = 0.0, sxx = 0.0, syy = 0.0
        for i in rx.indices {
            sxy += (rx[i] - mx) * (ry[i] - my)
            sxx += (rx[i] - mx) * (rx[i] - mx)
            syy += (ry[i] - my) * (ry[i] - my)
        }
        guard sxx > 0, syy > 0 else { return nil }
        return sxy / (sxx * syy).squareRoot()
    }

    /// 1-based ranks, ties sharing their average rank.
    static func ranks(_ values: [Double]) -> [Double] {
        let order = values.indices.sorted { values[$0] < values[$1] || (values[$0] == values[$1] && $0 < $1) }
        var out = [Double](repeating: 0, count: values.count)
        var i = 0
        while i < order.count {
            var j = i
            while j + 1 < order.count && values[order[j + 1]] == values[order[i]] { j += 1 }
            let rank = Double(i + j) / 2 + 1
            for k in i...j { out[order[k]] = rank }
            i = j + 1
        }
        return out
    }
}
