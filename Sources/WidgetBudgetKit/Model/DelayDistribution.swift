/// A non-negative random duration, in seconds: how late the system runs something.
public enum DelayDistribution: Sendable, Equatable, Codable {
    /// Always the same duration.
    case constant(Double)
    /// Uniform between the two bounds (inclusive of the lower one).
    case uniform(Double, Double)
    /// Exponential with the given mean.
    case exponential(mean: Double)

    /// No delay at all.
    public static let zero = DelayDistribution.constant(0)

    /// True when every draw gives the same value.
    public var isConstant: Bool {
        switch self {
        case .constant: return true
        case let .uniform(a, b): return a == b
        case let .exponential(mean): return mean == 0
        }
    }

    /// The distribution's mean, in seconds.
    public var mean: Double {
        switch self {
        case let .constant(value): return value
        case let .uniform(a, b): return (a + b) / 2
        case let .exponential(mean): return mean
        }
    }

    /// Transforms a uniform draw `u` in `[0, 1)` into a draw of this distribution.
    @inline(__always)
    public func value(unit u: Double) -> Double {
        switch self {
        case let .constant(value): return value
        case let .uniform(a, b): return a + (b - a) * u
        case let .exponential(mean): return -mean * log1pNegative(u)
        }
    }

    /// Draws a value with a generator: ``value(unit:)`` of the generator's next unit, but for a
    /// constant (which draws nothing). One switch over the cases, not a second one in
    /// `value(unit:)` (the engine draws a reload delay at every delivery, #26 engine-2 `grant`):
    /// the same arithmetic on the same draw.
    @inline(__always)
    package func draw(_ generator: inout SeededGenerator) -> Double {
        switch self {
        case let .constant(value): return value
        case let .uniform(a, b): return a + (b - a) * generator.unit()
        case let .exponential(mean): return -mean * log1pNegative(generator.unit())
        }
    }
}

/// `log(1 - u)`, accurate for small `u`.
@inline(__always)
func log1pNegative(_ u: Double) -> Double {
    #if canImport(Darwin)
        return Darwin.log1p(-u)
    #else
        return Foundation.log1p(-u)
    #endif
}

#if canImport(Darwin)
    import Darwin
#else
    import Foundation
#endif
