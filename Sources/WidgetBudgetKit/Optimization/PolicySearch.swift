import Foundation

/// A coarse-to-fine beam search for spaces too large to enumerate.
///
/// The space has four categorical dimensions (windows, policy kind, alignment, app throttle), whose
/// combinations form *families*, and up to three ordered ones inside a family (spacing, entries,
/// and the `after` delay). The objective is smooth or step-like along the ordered dimensions
/// (timeline length, reload interval) and the constraints are thresholds on them (the needed
/// budget falls as timelines lengthen, memory grows with entries), so the search:
///
/// 1. evaluates a coarse lattice of every family: 5 points per ordered dimension, ends included,
///    spaced on a log scale when the values span a factor of 8 or more;
/// 2. descends in every family from its best lattice point (a pattern search): it evaluates the
///    neighbours at the current steps in every ordered dimension, diagonals included, moves to
///    the best one when it is better, and halves the steps when none is, down to 1;
/// 3. keeps a beam of the best candidates overall (at most two per family, so one family cannot
///    crowd out the others), evaluates their neighbours at step 1, the same timeline length with
///    each other spacing (a diagonal the grid's steps miss), and the same candidates in the other
///    families (another alignment, window list or policy), until the beam settles.
///
/// Every evaluation is kept: the final choice is made by ``CandidateRanking`` over all of them.
/// The search is deterministic: batches are evaluated in a fixed order and ties are broken by the
/// canonical order.
public struct PolicySearch: Sendable {
    /// The space.
    public var space: SearchSpace
    /// The ranking that decides what "better" means.
    public var ranking: CandidateRanking
    /// The most evaluations to make.
    public var maxEvaluations: Int
    /// Candidates kept in the beam.
    public var beamWidth = 8
    /// Points per ordered dimension in the first lattice.
    public var latticePoints = 5

    /// Creates a search.
    public init(space: SearchSpace, ranking: CandidateRanking, maxEvaluations: Int) {
        self.space = space
        self.ranking = ranking
        self.maxEvaluations = maxEvaluations
    }

    /// A point of the space by index along each dimension.
    struct Point: Hashable {
        var windows: Int
        var kind: Int  // Index into `kinds`.
        var after: Int
        var align: Int
        var spacing: Int
        var entries: Int
        var throttle = 0  // Index into the space's app throttles.

        var family: [Int] { [windows, kind, align, throttle] }
    }

    /// The kind of a candidate's reload policy, one categorical dimension.
    enum Kind: Equatable { case atEnd, after, never }

    /// The policy kinds the space holds, in this order.
    var kinds: [Kind] {
        var out: [Kind] = []
        if space.policies.contains(.atEnd) { out.append(.atEnd) }
        if space.policies.contains(where: { if case .after = $0 { return true } else { return false } }) { out.append(.after) }
        if space.policies.contains(.never) { out.append(.never) }
        return out
    }

    /// The `after` delays the space holds, in its order.
    var afters: [Double] {
        space.policies.compactMap { if case let .after(s) = $0 { return s } else { return nil } }
    }

    /// The candidate at `p`.
    func candidate(_ p: Point) -> PolicyCandidate {
        let policy: FixedPolicy
        switch kinds[p.kind] {
        case .atEnd: policy = .atEnd
        case .never: policy = .never
        case .after: policy = .after(afters[p.after])
        }
        return PolicyCandidate(
            spacing: space.spacings[p.spacing], entries: space.entries[p.entries], align: space.aligns[p.align],
            policy: policy, windows: space.windows[p.windows], appThrottle: space.appThrottles[p.throttle])
    }

    /// `count` indices of the ascending `values`, both ends included: evenly spaced on a log scale
    /// when the values span a factor of 8 or more (what matters is the ratio between two entry
    /// counts or spacings, not their difference), evenly spaced otherwise.
    static func lattice(_ values: [Double], _ count: Int) -> [Int] {
        let n = values.count
        guard n > count, count > 1 else { return Array(0..<n) }
        let lo = values[0], hi = values[n - 1]
        let logScale = lo > 0 && hi / lo >= 8
        var out: [Int] = []
        for i in 0..<count {
            let f = Double(i) / Double(count - 1)
            var index: Int
            if logScale {
                let target = lo * pow(hi / lo, f)
                index = values.indices.min { abs(log(values[$0] / target)) < abs(log(values[$1] / target)) }!
            } else {
                index = Int((f * Double(n - 1)).rounded())
            }
            if let last = out.last, index <= last { index = last + 1 }
            if index < n { out.append(index) }
        }
        if out.last != n - 1 { out[out.count - 1] = n - 1 }
        return out
    }

    /// Half the larger gap between `index` and its lattice neighbours: the first step of a descent.
    static func firstStep(_ index: Int, lattice: [Int]) -> Int {
        guard let i = lattice.firstIndex(of: index) else { return 1 }
        let before = i > 0 ? index - lattice[i - 1] : 0
        let after = i + 1 < lattice.count ? lattice[i + 1] - index : 0
        return max(1, max(before, after) / 2)
    }

    /// Runs the search. `evaluate` evaluates a batch of new candidates (in parallel, say) and
    /// returns their records in the same order; it is never given a candidate twice.
    ///
    /// The three steps of the type's summary, in order: `evaluateLattice()`, `descend(from:)`,
    /// `refineBeam()` (`PolicySearch+Run.swift`).
    public func run(evaluate: ([PolicyCandidate]) -> [CandidateRecord]) {
        withoutActuallyEscaping(evaluate) { evaluate in
            var run = Run(search: self, evaluate: evaluate)
            let families = run.evaluateLattice()
            run.descend(from: families)
            run.refineBeam()
        }
    }

    /// `p` changed by `change`.
    static func with(_ p: Point, _ change: (inout Point) -> Void) -> Point {
        var q = p
        change(&q)
        return q
    }
}
