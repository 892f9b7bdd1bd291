/// Approximate comparisons of floating-point results, after swift-numerics'
/// `isApproximatelyEqual(to:absoluteTolerance:relativeTolerance:)`.
///
/// Use them inside `#expect(...)`; they return `Bool` so that this target does not depend on a test
/// framework.

/// True when `a` and `b` differ by at most `relativeTolerance` times the larger magnitude (or by at
/// most `absoluteTolerance`, which defaults to 0, whichever is looser).
///
/// Infinities compare equal only to themselves; NaN is never equal to anything.
public func isApproximatelyEqual(
    _ a: Double, _ b: Double, relativeTolerance: Double,
    absoluteTolerance: Double = 0
) -> Bool {
    precondition(relativeTolerance >= 0 && absoluteTolerance >= 0, "tolerances must be non-negative")
    if a == b { return true }
    guard a.isFinite, b.isFinite else { return false }
    let difference = abs(a - b)
    return difference <= absoluteTolerance || difference <= relativeTolerance * max(abs(a), abs(b))
}

/// True when `a` and `b` differ by at most `absoluteTolerance`.
public func isApproximatelyEqual(_ a: Double, _ b: Double, absoluteTolerance: Double) -> Bool {
    isApproximatelyEqual(a, b, relativeTolerance: 0, absoluteTolerance: absoluteTolerance)
}

/// True when both arrays have the same length and every pair of elements differs by at most
/// `absoluteTolerance`.
public func isApproximatelyEqual(_ a: [Double], _ b: [Double], absoluteTolerance: Double) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { isApproximatelyEqual($0, $1, absoluteTolerance: absoluteTolerance) }
}
