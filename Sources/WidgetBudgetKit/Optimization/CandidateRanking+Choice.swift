/// A choice among candidates: the leader by objective, the candidates equivalent to it, and the
/// one chosen among those (the cheapest).
public struct CandidateChoice: Sendable {
    /// The best by objective alone.
    public var leader: CandidateRecord
    /// The one chosen: the cheapest of the leader and its equivalents.
    public var chosen: CandidateRecord
    /// The candidates equivalent to the leader (the leader included), cheapest first.
    public var equivalents: [CandidateRecord]

    /// Why the chosen candidate beat the leader, when it is not the leader.
    public enum Reason: String, Sendable {
        /// Fewer charged reloads a day.
        case lessBudget = "it spends less budget"
        /// The same budget, less peak memory.
        case lessMemory = "it uses less memory"
        /// The same budget and memory, fewer entries, no alignment or fewer windows.
        case simpler = "it is simpler"
    }
}

extension CandidateRanking {
    /// The leader, its equivalents and the chosen one among `records` (feasible ones only unless
    /// `feasibleOnly` is false; by the unconstrained objective when `unlimited`), or `nil` when none
    /// qualifies.
    ///
    /// A candidate is equivalent to the leader when their objectives differ by at most the
    /// ``tolerance`` (no user could tell them apart), or when noise cannot separate them: the 95 %
    /// interval of their paired difference over the common replications contains 0 (after racing,
    /// only candidates still inseparable at `optimize.max_replications` remain so). Among
    /// equivalents the one that spends less budget wins, then less memory, then the simpler.
    public func choice(_ records: [CandidateRecord], feasibleOnly: Bool = true, unlimited: Bool = false) -> CandidateChoice? {
        let pool = feasibleOnly ? records.filter(\.feasible) : records
        guard let leader = pool.min(by: { precedesByObjective($0, $1, unlimited: unlimited) }) else { return nil }
        let equivalents = pool.filter { equivalent(leader, $0, unlimited: unlimited) }.sorted { isCheaper($0, $1, unlimited: unlimited) }
        return CandidateChoice(leader: leader, chosen: equivalents.first ?? leader, equivalents: equivalents)
    }

    /// True when `a` and `b` are equivalent: within the tolerance, or inseparable by noise (the
    /// latter only on the objective at the worst budget, which keeps per-replication values).
    public func equivalent(_ a: CandidateRecord, _ b: CandidateRecord, unlimited: Bool = false) -> Bool {
        if withinTolerance(a, b, unlimited: unlimited) { return true }
        return !unlimited && !separable(a, b)
    }

    /// True when the objectives of `a` and `b` differ by at most the tolerance.
    public func withinTolerance(_ a: CandidateRecord, _ b: CandidateRecord, unlimited: Bool = false) -> Bool {
        let va = unlimited ? a.unlimitedObjective : a.objective, vb = unlimited ? b.unlimitedObjective : b.objective
        // The objectives are rounded as printed; a hair of slack keeps 1.00 s from failing a 1 s tolerance.
        return abs(va - vb) <= tolerance * (1 + 1e-9)
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
