/// A choice among candidates: the leader by objective, the candidates equivalent to it, and the
/// one chosen among those, with the rule that decided.
public struct CandidateChoice: Sendable {
    /// The best by objective alone.
    public var leader: CandidateRecord
    /// The one chosen: the leader, or the cheapest of its equivalents when the budget is at risk.
    public var chosen: CandidateRecord
    /// The candidates equivalent to the leader (the leader included), cheapest first.
    public var equivalents: [CandidateRecord]
    /// The rule that decided.
    public var rule: Rule = .freshest
    /// The daily budget the rule was judged under (the range's low end; the step's budget).
    public var budgetFloor: Int = 0
    /// The headroom kept under ``budgetFloor``.
    public var headroom: Int = 0

    /// Why the chosen candidate beat the leader, when it is not the leader.
    public enum Reason: String, Sendable {
        /// Fewer charged reloads a day.
        case lessBudget = "it spends less budget"
        /// The same budget, less peak memory.
        case lessMemory = "it uses less memory"
        /// The same budget and memory, fewer entries, no alignment or fewer windows.
        case simpler = "it is simpler"
    }

    /// The rule that decided the choice.
    public enum Rule: String, Sendable {
        /// No other candidate is equivalent to the leader: the freshest is chosen.
        case freshest
        /// Cheaper equivalents exist, but the leader's needed budget leaves the headroom under the
        /// range's low end: saving budget protects nothing, the freshest is kept.
        case freshestBudgetSafe = "freshest-budget-safe"
        /// The leader's needed budget is within the headroom of the range's low end: the cheapest
        /// equivalent is chosen to save budget.
        case cheaperBudgetAtRisk = "cheaper-budget-at-risk"
    }
}

extension CandidateRanking {
    /// How two candidates compare on the objective, honest about noise.
    public enum Comparison: Sendable, Equatable {
        /// The 90 % interval of the paired difference lies inside ±tolerance (two one-sided tests),
        /// or, with no interval (one replication), the point estimates are within the tolerance.
        case equivalent
        /// The 95 % interval of the paired difference excludes 0 (or, with no interval, the point
        /// estimates differ by more than the tolerance).
        case distinguishable
        /// Neither: the interval contains 0 and reaches beyond the tolerance. Racing runs such
        /// pairs until they are decided or the replication cap is reached.
        case undecided
    }

    /// The leader, its equivalents and the chosen one among `records` (feasible ones only unless
    /// `feasibleOnly` is false; by the unconstrained objective when `unlimited`), or `nil` when none
    /// qualifies.
    ///
    /// A candidate is equivalent to the leader when ``equivalent(_:_:unlimited:)`` says so: the
    /// interval of their paired difference inside the tolerance (or still undecided after racing),
    /// and the stale time a day within ``OptimizationConstraints/seenTolerance``. Saving budget wins
    /// only when the budget is at risk: the leader is kept unless its needed budget is above
    /// `budgetFloor` (default: the range's low end) less the headroom; then the equivalent that
    /// spends less budget wins, then less memory, then the simpler.
    public func choice(
        _ records: [CandidateRecord], feasibleOnly: Bool = true, unlimited: Bool = false, budgetFloor: Int? = nil
    ) -> CandidateChoice? {
        let pool = feasibleOnly ? records.filter(\.feasible) : records
        guard let leader = pool.min(by: { precedesByObjective($0, $1, unlimited: unlimited) }) else { return nil }
        let equivalents = pool.filter { equivalent(leader, $0, unlimited: unlimited) }.sorted { isCheaper($0, $1, unlimited: unlimited) }
        let floor = budgetFloor ?? constraints.budgets.lowerBound
        let headroom = constraints.headroom(below: floor)
        let cheapest = equivalents.first ?? leader
        var out = CandidateChoice(leader: leader, chosen: leader, equivalents: equivalents, budgetFloor: floor, headroom: headroom)
        if cheapest.candidate == leader.candidate {
            out.rule = .freshest
        } else if leader.neededBudget > floor - headroom {
            out.rule = .cheaperBudgetAtRisk
            out.chosen = cheapest
        } else {
            out.rule = .freshestBudgetSafe
        }
        return out
    }

    /// True when `a` and `b` are equivalent. On the unconstrained objective (no per-replication
    /// values): within the tolerance. Otherwise their ``compare(_:_:)`` is not `distinguishable`
    /// (equivalent by two one-sided tests, or still undecided when racing has stopped at its
    /// cap) and the time a day they show stale content differs by at most
    /// ``OptimizationConstraints/seenTolerance``.
    public func equivalent(_ a: CandidateRecord, _ b: CandidateRecord, unlimited: Bool = false) -> Bool {
        if unlimited { return withinTolerance(a, b, unlimited: true) }
        return compare(a, b) != .distinguishable && withinSeenTolerance(a, b)
    }

    /// How `a` and `b` compare on the objective at the worst budget (see ``Comparison``).
    public func compare(_ a: CandidateRecord, _ b: CandidateRecord) -> Comparison {
        let d = pairedDifference(a, b)
        guard let inside = d.isEquivalent(within: tolerance) else {
            return withinTolerance(a, b) ? .equivalent : .distinguishable
        }
        if inside { return .equivalent }
        return d.isSignificant == true ? .distinguishable : .undecided
    }

    /// True when the objectives of `a` and `b` differ by at most the tolerance.
    public func withinTolerance(_ a: CandidateRecord, _ b: CandidateRecord, unlimited: Bool = false) -> Bool {
        let va = unlimited ? a.unlimitedObjective : a.objective, vb = unlimited ? b.unlimitedObjective : b.objective
        // The objectives are rounded as printed; a hair of slack keeps 1.00 s from failing a 1 s tolerance.
        return abs(va - vb) <= tolerance * (1 + 1e-9)
    }

    /// The difference between the stale time a day of `a` and `b`, seconds (`nil` when a
    /// freshness is unknown).
    public func staleSecondsPerDayDifference(_ a: CandidateRecord, _ b: CandidateRecord) -> Double? {
        guard let fa = a.freshness, let fb = b.freshness else { return nil }
        return abs(fa - fb) * 86_400
    }

    /// True when the time a day `a` and `b` show stale content differs by at most the seen
    /// tolerance (true when it is not set or a freshness is unknown).
    public func withinSeenTolerance(_ a: CandidateRecord, _ b: CandidateRecord) -> Bool {
        guard let seen = constraints.seenTolerance, let d = staleSecondsPerDayDifference(a, b) else { return true }
        // Freshness has 6 decimals: 0.0864 s a day of rounding.
        return d <= seen + 0.0864 + 1e-9
    }

    /// True when noise cannot explain the difference between `a` and `b`: the 95 % interval of their
    /// paired difference over the replications both ran excludes 0. With fewer than two common
    /// replications the noise is unknown and the objectives decide (true).
    public func separable(_ a: CandidateRecord, _ b: CandidateRecord) -> Bool {
        pairedDifference(a, b).isSignificant ?? true
    }

    /// `b`'s objective minus `a`'s, replication by replication (common random numbers).
    public func pairedDifference(_ a: CandidateRecord, _ b: CandidateRecord) -> PairedDifference {
        PairedDifference(a.replicationObjectives, b.replicationObjectives)
    }

    /// Cost order among equivalents: fewer charged reloads a day, less peak memory, simpler (fewer
    /// entries, no alignment, fewer windows), then objective and canonical order.
    func isCheaper(_ a: CandidateRecord, _ b: CandidateRecord, unlimited: Bool) -> Bool {
        if a.chargedPerDay != b.chargedPerDay { return a.chargedPerDay < b.chargedPerDay }
        if a.peakMemoryMB != b.peakMemoryMB { return a.peakMemoryMB < b.peakMemoryMB }
        let ca = complexity(a.candidate), cb = complexity(b.candidate)
        if ca != cb { return ca.lexicographicallyPrecedes(cb) }
        return precedesByObjective(a, b, unlimited: unlimited)
    }

    /// Entries, then aligned (1) or not (0), then the number of windows.
    private func complexity(_ c: PolicyCandidate) -> [Int] {
        [c.entries, c.align == .none ? 0 : 1, c.windows.count]
    }

    /// Why `chosen` beat `leader` (`nil` when they are the same candidate).
    public func reason(chose chosen: CandidateRecord, over leader: CandidateRecord) -> CandidateChoice.Reason? {
        if chosen.candidate == leader.candidate { return nil }
        if chosen.chargedPerDay != leader.chargedPerDay { return .lessBudget }
        if chosen.peakMemoryMB != leader.peakMemoryMB { return .lessMemory }
        return .simpler
    }
}
