/// Simulation time: seconds from the scenario's start.
public typealias SimTime = Double

/// Seconds in common units, for readable arithmetic.
public enum Seconds {
    /// One minute, in seconds.
    public static let minute: Double = 60
    /// One hour, in seconds.
    public static let hour: Double = 3_600
    /// One day (24 h), in seconds.
    public static let day: Double = 86_400
}
