extension PolicySearch {
    /// One run of the search: the records so far and the steps that add to them.
    struct Run {
        /// The search's settings.
        let search: PolicySearch
        /// Evaluates a batch of new candidates, records in the same order.
        let evaluate: ([PolicyCandidate]) -> [CandidateRecord]
        /// Every evaluation so far.
        private(set) var records: [PolicyCandidate: CandidateRecord] = [:]
        /// How many candidates were evaluated.
        private(set) var evaluations = 0
        let kindList: [Kind]
        let afterValues: [Double]
        let afterCount: Int
        /// The lattice indices along spacing, entries and `after` delay.
        let sLattice: [Int], eLattice: [Int], dLattice: [Int]

        init(search: PolicySearch, evaluate: @escaping ([PolicyCandidate]) -> [CandidateRecord]) {
            self.search = search
            self.evaluate = evaluate
            kindList = search.kinds
            afterValues = search.afters
            afterCount = max(1, afterValues.count)
            sLattice = PolicySearch.lattice(search.space.spacings, search.latticePoints)
            eLattice = PolicySearch.lattice(search.space.entries.map(Double.init), search.latticePoints)
            dLattice = PolicySearch.lattice(afterValues.isEmpty ? [0] : afterValues, search.latticePoints)
        }

        private var space: SearchSpace { search.space }
        private var budgetLeft: Bool { evaluations < search.maxEvaluations }

        // MARK: Evaluating

        /// Evaluates the points not seen yet, within the evaluation budget.
        mutating func visit(_ points: [Point]) {
            var batch: [PolicyCandidate] = []
            var inBatch = Set<PolicyCandidate>()
            for p in points {
                let c = search.candidate(p)
                if records[c] == nil && inBatch.insert(c).inserted { batch.append(c) }
            }
            let room = search.maxEvaluations - evaluations
            if batch.count > room { batch = Array(batch.prefix(max(0, room))) }
            guard !batch.isEmpty else { return }
            for (c, r) in zip(batch, evaluate(batch)) { records[c] = r }
            evaluations += batch.count
        }

        func record(_ p: Point) -> CandidateRecord? { records[search.candidate(p)] }

        /// The better of two points (evaluated ones only).
        func better(_ a: Point, than b: Point) -> Bool {
            guard let ra = record(a) else { return false }
            guard let rb = record(b) else { return true }
            return search.ranking.precedes(ra, rb)
        }

        /// The neighbours of `p` at the given steps along its ordered dimensions, diagonals included.
        func neighbours(_ p: Point, _ steps: Steps) -> [Point] {
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

        // MARK: Step 1: the lattice

        /// Evaluates the coarse lattice of every family; returns each family's lattice points.
        mutating func evaluateLattice() -> [[Point]] {
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
            return families
        }

        // MARK: Step 2: the descents

        /// Steps along spacing, entries and `after` delay, in indices.
        typealias Steps = (s: Int, e: Int, d: Int)

        /// One family's descent.
        struct Walker {
            var point: Point
            var steps: Steps
            var done = false
        }

        /// A descent in every family from its best lattice point: try the neighbours at the current
        /// steps; move to the best if it is better, else halve the steps, down to 1.
        mutating func descend(from families: [[Point]]) {
            var walkers: [Walker] = families.compactMap(startWalker)
            while budgetLeft && walkers.contains(where: { !$0.done }) {
                visit(walkers.filter { !$0.done }.flatMap { neighbours($0.point, $0.steps) })
                for i in walkers.indices where !walkers[i].done { advance(&walkers[i]) }
            }
        }

        /// A walker at the best evaluated point of `points` (nil when none was evaluated), with
        /// half the lattice gap around it as steps.
        private func startWalker(_ points: [Point]) -> Walker? {
            guard var best = points.first(where: { record($0) != nil }) else { return nil }
            for p in points where better(p, than: best) { best = p }
            return Walker(
                point: best,
                steps: (
                    PolicySearch.firstStep(best.spacing, lattice: sLattice), PolicySearch.firstStep(best.entries, lattice: eLattice),
                    PolicySearch.firstStep(best.after, lattice: dLattice)
                ))
        }

        /// Moves `walker` to its best neighbour, or halves its steps, or marks it done.
        private func advance(_ walker: inout Walker) {
            var best = walker.point
            for q in neighbours(best, walker.steps) where better(q, than: best) { best = q }
            if best != walker.point {
                walker.point = best
            } else if walker.steps.s > 1 || walker.steps.e > 1 || walker.steps.d > 1 {
                let st = walker.steps
                walker.steps = (max(1, st.s / 2), max(1, st.e / 2), max(1, st.d / 2))
            } else {
                walker.done = true
            }
        }

        // MARK: Step 3: the beam

        /// Around the best candidates overall (at most two per family, so one family cannot crowd
        /// out the others): neighbours at step 1, then the same candidates in other families
        /// (another alignment, window list or policy), until the beam settles.
        mutating func refineBeam() {
            var current = beam()
            var rounds = 0
            while budgetLeft && rounds < 100 {
                rounds += 1
                visit(current.flatMap { neighbours(point(of: $0), (1, 1, 1)) })
                var updated = beam()
                if updated != current {
                    current = updated
                    continue
                }
                visit(current.flatMap(moves))
                updated = beam()
                if updated == current { break }
                current = updated
            }
        }

        /// The point of an evaluated candidate.
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

        /// The best candidates so far, at most two per family, at most `beamWidth`.
        func beam() -> [PolicyCandidate] {
            var perFamily: [[Int]: Int] = [:]
            var out: [PolicyCandidate] = []
            for r in records.values.sorted(by: search.ranking.precedes) {
                let family = point(of: r.candidate).family
                if perFamily[family, default: 0] >= 2 { continue }
                perFamily[family, default: 0] += 1
                out.append(r.candidate)
                if out.count == search.beamWidth { break }
            }
            return out
        }

        /// The moves from a settled beam candidate `c`: the same timeline length with each other
        /// spacing, then `c` in every other family.
        func moves(_ c: PolicyCandidate) -> [Point] {
            let p = point(of: c)
            var moves: [Point] = []
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
                            PolicySearch.with(p) {
                                $0.spacing = si
                                $0.entries = e
                            })
                    }
                }
            }
            for w in space.windows.indices where w != p.windows { moves.append(PolicySearch.with(p) { $0.windows = w }) }
            for t in space.appThrottles.indices where t != p.throttle { moves.append(PolicySearch.with(p) { $0.throttle = t }) }
            for a in space.aligns.indices where a != p.align { moves.append(PolicySearch.with(p) { $0.align = a }) }
            for k in kindList.indices where k != p.kind {
                for d in (kindList[k] == .after ? Array(0..<afterCount) : [0]) {
                    moves.append(
                        PolicySearch.with(p) {
                            $0.kind = k
                            $0.after = d
                        })
                }
            }
            return moves
        }
    }
}
