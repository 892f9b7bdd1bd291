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

    private enum Kind: Equatable { case atEnd, after, never }

    private var kinds: [Kind] {
        var out: [Kind] = []
        if space.policies.contains(.atEnd) { out.append(.atEnd) }
        if space.policies.contains(where: { if case .after = $0 { return true } else { return false } }) { out.append(.after) }
        if space.policies.contains(.never) { out.append(.never) }
        return out
    }

    private var afters: [Double] {
        space.policies.compactMap { if case let .after(s) = $0 { return s } else { return nil } }
    }

    private func candidate(_ p: Point) -> PolicyCandidate {
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
    public func run(evaluate: ([PolicyCandidate]) -> [CandidateRecord]) {
        var records: [PolicyCandidate: CandidateRecord] = [:]
        var evaluations = 0
        let kindList = kinds, afterValues = afters, afterCount = max(1, afters.count)

        /// Evaluates the points not seen yet, within the evaluation budget.
        func visit(_ points: [Point]) {
            var batch: [PolicyCandidate] = []
            var inBatch = Set<PolicyCandidate>()
            for p in points {
                let c = candidate(p)
                if records[c] == nil && inBatch.insert(c).inserted { batch.append(c) }
            }
            let room = maxEvaluations - evaluations
            if batch.count > room { batch = Array(batch.prefix(max(0, room))) }
            guard !batch.isEmpty else { return }
            for (c, r) in zip(batch, evaluate(batch)) { records[c] = r }
            evaluations += batch.count
        }

        func record(_ p: Point) -> CandidateRecord? { records[candidate(p)] }

        /// The better of two points (evaluated ones only).
        func better(_ a: Point, than b: Point) -> Bool {
            guard let ra = record(a) else { return false }
            guard let rb = record(b) else { return true }
            return ranking.precedes(ra, rb)
        }

        /// The neighbours of `p` at the given steps along its ordered dimensions, diagonals included.
        func neighbours(_ p: Point, _ steps: (s: Int, e: Int, d: Int)) -> [Point] {
            var out: [Point] = []
            let isAfter = kindList[p.kind] == .after
            for ds in [-steps.s, 0, steps.s] {
                for de in [-steps.e, 0, steps.e] {
                    for dd in (isAfter ? [-steps.d, 0, steps.d] : [0]) {
                        var q = p
                        q.spacing = min(max(p.spacing + ds, 0), space.spacings.count - 1)
                        q.entries = min(max(p.entries + de, 0), space.entries.count - 1)
                        q.after = min(max(p.after + dd, 0), afterCount - 1)
                        if q != p && !out.contains(q) { out.append(q) }
                    }
                }
            }
            return out
        }

        // 1. The coarse lattice of every family.
        let sLattice = Self.lattice(space.spacings, latticePoints)
        let eLattice = Self.lattice(space.entries.map(Double.init), latticePoints)
        let dLattice = Self.lattice(afterValues.isEmpty ? [0] : afterValues, latticePoints)
        var families: [[Point]] = []
        for w in space.windows.indices {
            for k in kindList.indices {
                for a in space.aligns.indices {
                    for t in space.appThrottles.indices {
                        var points: [Point] = []
                        for d in (kindList[k] == .after ? dLattice : [0]) {
                            for s in sLattice {
                                for e in eLattice {
                                    points.append(Point(windows: w, kind: k, after: d, align: a, spacing: s, entries: e, throttle: t))
                                }
                            }
                        }
                        families.append(points)
                    }
                }
            }
        }
        visit(families.flatMap { $0 })

        // 2. A descent in every family from its best lattice point: try the neighbours at the
        // current steps; move to the best if it is better, else halve the steps, down to 1.
        struct Walker {
            var point: Point
            var steps: (s: Int, e: Int, d: Int)
            var done = false
        }
        var walkers: [Walker] = families.compactMap { points in
            guard var best = points.first(where: { record($0) != nil }) else { return nil }
            for p in points where better(p, than: best) { best = p }
            return Walker(
                point: best,
                steps: (
                    Self.firstStep(best.spacing, lattice: sLattice), Self.firstStep(best.entries, lattice: eLattice),
                    Self.firstStep(best.after, lattice: dLattice)
                ))
        }
        while evaluations < maxEvaluations && walkers.contains(where: { !$0.done }) {
            visit(walkers.filter { !$0.done }.flatMap { neighbours($0.point, $0.steps) })
            for i in walkers.indices where !walkers[i].done {
                var best = walkers[i].point
                for q in neighbours(best, walkers[i].steps) where better(q, than: best) { best = q }
                if best != walkers[i].point {
                    walkers[i].point = best
                } else if walkers[i].steps.s > 1 || walkers[i].steps.e > 1 || walkers[i].steps.d > 1 {
                    let st = walkers[i].steps
                    walkers[i].steps = (max(1, st.s / 2), max(1, st.e / 2), max(1, st.d / 2))
                } else {
                    walkers[i].done = true
                }
            }
        }

        // 3. Around the best candidates overall (at most two per family, so one family cannot
        // crowd out the others): neighbours at step 1, then the same candidates in other
        // families (another alignment, window list or policy), until the beam settles.
        func point(of c: PolicyCandidate) -> Point {
            let k: Int
            var d = 0
            switch c.policy {
            case .atEnd: k = kindList.firstIndex(of: .atEnd)!
            case .never: k = kindList.firstIndex(of: .never)!
            case let .after(seconds):
                k = kindList.firstIndex(of: .after)!
                d = afterValues.firstIndex(of: seconds) ?? 0
            }
            // A single entry dropped its spacing and alignment: take the first of each.
            return Point(
                windows: space.windows.firstIndex(of: c.windows) ?? 0, kind: k, after: d,
                align: space.aligns.firstIndex(of: c.align) ?? 0, spacing: space.spacings.firstIndex(of: c.spacing) ?? 0,
                entries: space.entries.firstIndex(of: c.entries) ?? 0,
                throttle: space.appThrottles.firstIndex(of: c.appThrottle) ?? 0)
        }
        func beam() -> [PolicyCandidate] {
            var perFamily: [[Int]: Int] = [:]
            var out: [PolicyCandidate] = []
            for r in records.values.sorted(by: ranking.precedes) {
                let family = point(of: r.candidate).family
                if perFamily[family, default: 0] >= 2 { continue }
                perFamily[family, default: 0] += 1
                out.append(r.candidate)
                if out.count == beamWidth { break }
            }
            return out
        }
        var current = beam()
        var rounds = 0
        while evaluations < maxEvaluations && rounds < 100 {
            rounds += 1
            visit(current.flatMap { neighbours(point(of: $0), (1, 1, 1)) })
            var updated = beam()
            if updated != current {
                current = updated
                continue
            }
            var moves: [Point] = []
            for c in current {
                let p = point(of: c)
                // The same timeline length with another spacing (entries scaled to match): what
                // matters most is how long a timeline lasts, and that is a diagonal in the grid.
                if c.entries > 1 {
                    let span = Double(c.entries - 1) * c.spacing
                    for (si, spacing) in space.spacings.enumerated() where spacing != c.spacing {
                        let wanted = span / spacing + 1
                        let ei = space.entries.indices.min {
                            abs(Double(space.entries[$0]) - wanted) < abs(Double(space.entries[$1]) - wanted)
                        }!
                        for e in [ei - 1, ei, ei + 1] where space.entries.indices.contains(e) {
                            moves.append(
                                with(p) {
                                    $0.spacing = si
                                    $0.entries = e
                                })
                        }
                    }
                }
                for w in space.windows.indices where w != p.windows { moves.append(with(p) { $0.windows = w }) }
                for t in space.appThrottles.indices where t != p.throttle { moves.append(with(p) { $0.throttle = t }) }
                for a in space.aligns.indices where a != p.align { moves.append(with(p) { $0.align = a }) }
                for k in kindList.indices where k != p.kind {
                    for d in (kindList[k] == .after ? Array(0..<afterCount) : [0]) {
                        moves.append(
                            with(p) {
                                $0.kind = k
                                $0.after = d
                            })
                    }
                }
            }
            visit(moves)
            updated = beam()
            if updated == current { break }
            current = updated
        }
    }

    private func with(_ p: Point, _ change: (inout Point) -> Void) -> Point {
        var q = p
        change(&q)
        return q
    }
}
