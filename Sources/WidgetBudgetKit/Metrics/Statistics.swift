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
}
