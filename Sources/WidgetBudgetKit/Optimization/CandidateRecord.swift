/// The numbers of one evaluated candidate that ranking needs, exactly as `candidates.csv` holds
/// them (rounded as printed), so a ranking from memory and one from merged files agree.
public struct CandidateRecord: Sendable, Equatable, Codable {
    /// The candidate.
    public var candidate: PolicyCandidate
    /// The objective at the worst budget.
    public var objective: Double
    /// The objective of each replication at the worst budget, for paired differences (as many
    /// as the candidate was run: more for leaders that were raced).
    public var replicationObjectives: [Double]
    /// The objective with a budget of at least ``neededBudget``.
    public var unlimitedObjective: Double
    /// Charged reloads per day at the worst budget (3 decimals).
    public var chargedPerDay: Double
    /// Peak memory, MB (3 decimals).
    public var peakMemoryMB: Double
    /// Fraction of days a charged reload waited for budget, at the worst budget (4 decimals).
    public var exhaustedDayFraction: Double
    /// Extension kills at the worst budget.
    public var kills: Int
    /// The smallest daily budget at which no replication ever waits.
    public var neededBudget: Int
    /// True when every constraint holds.
    public var feasible: Bool
    /// The fraction of the time the content shown was fresh, at the worst budget (6 decimals;
    /// `nil` when unknown): what a person sees, for ``OptimizationConstraints/seenTolerance``.
    public var freshness: Double?

    /// Creates a record.
    public init(
        candidate: PolicyCandidate, objective: Double, unlimitedObjective: Double, chargedPerDay: Double,
        peakMemoryMB: Double, exhaustedDayFraction: Double, kills: Int, neededBudget: Int, feasible: Bool,
        replicationObjectives: [Double] = [], freshness: Double? = nil
    ) {
        self.candidate = candidate
        self.objective = objective
        self.replicationObjectives = replicationObjectives
        self.unlimitedObjective = unlimitedObjective
        self.chargedPerDay = chargedPerDay
        self.peakMemoryMB = peakMemoryMB
        self.exhaustedDayFraction = exhaustedDayFraction
        self.kills = kills
        self.neededBudget = neededBudget
        self.feasible = feasible
        self.freshness = freshness
    }

    /// The record of an evaluation, rounded as `candidates.csv` prints it.
    public init(_ e: CandidateEvaluation) {
        self.init(
            candidate: e.candidate ?? PolicyCandidate(spacing: 0, entries: 1, align: .none, policy: .never),
            objective: e.objective, unlimitedObjective: e.unlimitedObjective,
            chargedPerDay: Quantize.round(e.summary.chargedPerDay, 3), peakMemoryMB: Quantize.round(e.summary.peakMemoryMB, 3),
            exhaustedDayFraction: Quantize.round(e.summary.exhaustedDayFraction, 4), kills: e.summary.kills,
            neededBudget: e.neededBudget, feasible: e.feasible, replicationObjectives: e.replicationObjectives,
            freshness: Quantize.round(e.summary.freshness, 6))
    }

    /// The canonical sort key.
    public var key: CandidateKey { CandidateKey(candidate) }
}
