/// Small statistics helpers: means and 95 % confidence half-widths across replications.
public enum Statistics {
    /// The arithmetic mean (0 for no values).
    public static func mean(_ values: [Double]) -> Double {
        values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
    }

    /// The sample standard deviation (0 for fewer than two values).
    public static func standardDeviation(_ values: [Double]) -> Double {
        guard values.count > 1 else { return 0 }
        let m = mean(values)
        return (values.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(values.count - 1)).squareRoot()
    }

    /// Half-width of the 95 % confidence interval of the mean (Student's t), `nil` for fewer than
    /// two values.
    public static func ci95HalfWidth(_ values: [Double]) -> Double? {
        guard values.count > 1 else { return nil }
        return tQuantile975(degreesOfFreedom: values.count - 1) * standardDeviation(values) / Double(values.count).squareRoot()
    }

    /// The 97.5 % quantile of Student's t distribution.
    public static func tQuantile975(degreesOfFreedom df: Int) -> Double {
        let table: [Double] = [
            12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
            2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
            2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
        ]
        if df >= 1 && df <= table.count { return table[df - 1] }
        if df <= 60 { return 2.000 }
        if df <= 120 { return 1.980 }
        return 1.960
    }

    /// The 95 % quantile of Student's t distribution (one-sided 95 %, two-sided 90 %: the
    /// interval of the two one-sided tests of equivalence). Above 30 degrees of freedom the value
    /// at the band's lower end is used (30, 60, 120), which errs towards a wider interval.
    public static func tQuantile95(degreesOfFreedom df: Int) -> Double {
        let table: [Double] = [
            6.314, 2.920, 2.353, 2.132, 2.015, 1.943, 1.895, 1.860, 1.833, 1.812,
            1.796, 1.782, 1.771, 1.761, 1.753, 1.746, 1.740, 1.734, 1.729, 1.725,
            1.721, 1.717, 1.714, 1.711, 1.708, 1.706, 1.703, 1.701, 1.699, 1.697,
        ]
        if df >= 1 && df <= table.count { return table[df - 1] }
        if df <= 60 { return 1.697 }
        if df <= 120 { return 1.671 }
        return 1.658
    }

    /// Half-width of the 90 % confidence interval of the mean (Student's t), `nil` for fewer than
    /// two values.
    public static func ci90HalfWidth(_ values: [Double]) -> Double? {
        guard values.count > 1 else { return nil }
        return tQuantile95(degreesOfFreedom: values.count - 1) * standardDeviation(values) / Double(values.count).squareRoot()
    }
}
