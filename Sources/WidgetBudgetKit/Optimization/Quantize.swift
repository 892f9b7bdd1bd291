import Foundation

/// Rounding to a number of decimals exactly as the CSV files print them (`%.Nf`), so that values
/// compared in memory equal the values read back from the files.
public enum Quantize {
    /// `value` printed with `decimals` decimals and read back: the number a CSV file holds.
    public static func round(_ value: Double, _ decimals: Int) -> Double {
        guard value.isFinite else { return value }
        let text = String(format: "%.\(decimals)f", value)
        return Double(text).map { $0 == 0 ? 0 : $0 } ?? value
    }
}
