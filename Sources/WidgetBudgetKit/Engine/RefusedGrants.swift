/// Debug builds' watch on the event loop for a wait for budget that never ends: the loop's grant
/// turns that leave the request pending, counted while they come at one instant.
///
/// A refused grant starts (or goes on with) the wait, whose end (`budgetReturn`) is after the
/// refusal when the budget's answers agree: a second refusal at the same instant means the
/// budget's recovery and its check disagree (round 14's `grant`: a rolling rule granting only
/// strictly after its recovery turned the loop at that instant for ever). The loop asserts
/// ``note(at:stillPending:)`` after each grant turn, so such a bug stops a debug run (a test) at
/// once with a message, instead of hanging it. Not in release builds (`#if DEBUG`).
struct RefusedGrants {
    /// How many refused grant turns one instant may see before the watch fires: one is a wait
    /// beginning (or a turn the folded grant did not take), more than a few are a loop.
    static let limit = 16

    /// The instant of the last refused grant turn (NaN before the first: equal to none).
    private var instant: SimTime = .nan
    /// Refused grant turns at `instant` since the last turn that granted.
    private(set) var count = 0

    /// Counts a grant turn at `t` (`stillPending`: it did not grant); false when more than
    /// ``limit`` refused turns came at `t` one after the other, the loop being stuck there.
    mutating func note(at t: SimTime, stillPending: Bool) -> Bool {
        guard stillPending else {
            count = 0
            return true
        }
        if t == instant {
            count += 1
        } else {
            instant = t
            count = 1
        }
        return count <= Self.limit
    }
}
