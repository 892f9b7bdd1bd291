/// The search over time-of-day schedules: a marginal allocation of reloads across segments, the
/// exact optimum of the separable surrogate by dynamic programming, then a multi-start local
/// search with full evaluations.
///
/// A schedule picks one option per segment (option 0 reloads most, the last least), so there are
/// ∏ |options| schedules, too many to sweep. Every segment starts with a reload, so the segments
/// are nearly independent, coupled by one daily budget: the problem is a separable resource
/// allocation.
///
/// 1. **Curves.** From the cheapest schedule (every segment on its last option), change one
///    segment at a time to each of its options: the change in loss and in reloads a day is that
///    segment's curve. Their sum is the *surrogate*: a schedule's loss and reloads if the segments
///    were exactly independent (all evaluations on the same inputs: common random numbers).
/// 2. **Allocation.** Keep each curve's lower convex hull (the options some Lagrange multiplier
///    on reloads would pick) and take the hull steps in order of loss saved per extra reload, the
///    most efficient first: every prefix of that order is the Lagrangian solution for some
///    budget. Every prefix is evaluated as a whole schedule. The Lagrangian only reaches the
///    hull; the budget's optimum often lies between two of its points.
/// 3. **Surrogate frontier.** Dynamic programming over the segments gives every schedule that no
///    other beats on both surrogate loss and surrogate reloads (the exact Pareto frontier of the
///    separable problem, hull or not). The ``frontierEvaluations`` best of them by surrogate loss
///    that do not spend more than the first infeasible allocation (plus one reload) are
///    evaluated as whole schedules: the engine judges the budget, the rolling window included.
/// 4. **Local search, from several starts.** From each of the ``starts`` best schedules
///    evaluated, evaluate every schedule that changes one segment to any option, or moves two or
///    three segments one option each (reloads moved between segments under a binding budget);
///    move to the best if it is better, until none is (at most `maxRounds`). This corrects what
///    the surrogate got wrong where the segments interact.
///
/// Better means: feasible first, then lower loss, then fewer reloads a day, then the choice's
/// lexicographic order, so the search is deterministic whatever order a batch is evaluated in.
///
/// At most `maxEvaluations` schedules are evaluated (`optimize.max_evaluations`): a step that
/// would pass it evaluates the first schedules that fit, in the search's order, and the search
/// stops there with the best schedule evaluated so far.
public enum ScheduleSearch {
    /// A schedule's evaluation as the search needs it.
    public struct Score: Sendable, Equatable {
        /// The objective's loss (lower is better).
        public var loss: Double
        /// Charged reloads a day.
        public var reloadsPerDay: Double
        /// Meets the constraints.
        public var feasible: Bool

        /// Creates a score.
        public init(loss: Double, reloadsPerDay: Double, feasible: Bool) {
            self.loss = loss
            self.reloadsPerDay = reloadsPerDay
            self.feasible = feasible
        }
    }

    /// What the search found.
    public struct Result: Sendable {
        /// The best schedule evaluated (an option index per segment).
        public var best: [Int]
        /// Its score.
        public var score: Score
        /// Every schedule evaluated, in the order evaluated.
        public var evaluated: [[Int]]
    }

    /// The rounds of local search ``run(optionCounts:maxRounds:maxEvaluations:evaluate:)`` makes by default.
    public static let defaultMaxRounds = 8

    /// Searches schedules of `optionCounts[s]` options in segment s; `evaluate` scores a batch of
    /// schedules (in any order or in parallel: results are matched by position).
    public static func run(
        optionCounts: [Int], maxRounds: Int = defaultMaxRounds, maxEvaluations: Int = .max, evaluate: ([[Int]]) -> [Score]
    ) -> Result {
        withoutActuallyEscaping(evaluate) { evaluate in
            search(optionCounts: optionCounts, maxRounds: maxRounds, memo: Memo(evaluate: evaluate, budget: max(1, maxEvaluations)))
        }
    }

    /// The surrogate frontier's schedules evaluated whole (step 3).
    public static let frontierEvaluations = 24
    /// The starts of the local search (step 4): the best distinct schedules evaluated so far.
    public static let starts = 3

    private static func search(optionCounts: [Int], maxRounds: Int, memo start: Memo) -> Result {
        var memo = start
        let base = optionCounts.map { $0 - 1 }
        let baseScore = memo.score([base])[0]
        let singles = singles(base: base, optionCounts: optionCounts)
        guard memo.fits(singles) else { return memo.stoppingAt(singles) }
        let curves = curves(base: base, optionCounts: optionCounts, singles: singles, memo: &memo)
        let path = allocationPath(base: base, curves: curves)
        guard memo.fits(path) else { return memo.stoppingAt(path) }
        let pathScores = memo.score(path)
        // The surrogate's best schedules up to the first allocation the engine judged infeasible.
        let ceiling =
            zip(path, pathScores).filter { !$0.1.feasible }.map(\.1.reloadsPerDay).min().map { $0 + 1 } ?? .infinity
        let frontier = surrogateFrontier(curves: curves).filter { baseScore.reloadsPerDay + $0.cost <= ceiling }
            .sorted {
                ($0.loss, $0.cost) < ($1.loss, $1.cost)
                    || (($0.loss, $0.cost) == ($1.loss, $1.cost) && $0.choice.lexicographicallyPrecedes($1.choice))
            }
        let best = Array(frontier.prefix(frontierEvaluations).map(\.choice))
        guard memo.fits(best) else { return memo.stoppingAt(best) }
        memo.score(best)
        return localSearch(optionCounts: optionCounts, maxRounds: maxRounds, memo: &memo)
    }

    /// Step 4: local search from the ``starts`` best distinct schedules evaluated so far, within
    /// the memo's budget.
    private static func localSearch(optionCounts: [Int], maxRounds: Int, memo: inout Memo) -> Result {
        let ranked = memo.order.sorted { isBetter(memo.cache[$0]!, $0, than: memo.cache[$1]!, $1) }
        var best = ranked[0]
        for start in ranked.prefix(starts) {
            var at = start
            for _ in 0..<maxRounds {
                let moves = [at] + neighbours(of: at, optionCounts: optionCounts)
                guard memo.fits(moves) else { return memo.stoppingAt(moves) }
                let next = memo.best(of: moves, scores: memo.score(moves))
                if next == at { break }
                at = next
            }
            if isBetter(memo.cache[at]!, at, than: memo.cache[best]!, best) { best = at }
        }
        return Result(best: best, score: memo.cache[best]!, evaluated: memo.order)
    }

    /// Every schedule on the Pareto frontier of the separable surrogate (sum of the curves' changes
    /// in reloads and in loss): no other schedule has both fewer surrogate reloads and less
    /// surrogate loss. Dynamic programming, segment by segment, keeping only undominated partial
    /// schedules, so it is exact and far smaller than the space.
    static func surrogateFrontier(curves: [[(cost: Double, loss: Double)]]) -> [(choice: [Int], cost: Double, loss: Double)] {
        var front: [(choice: [Int], cost: Double, loss: Double)] = [([], 0, 0)]
        for curve in curves {
            var next: [(choice: [Int], cost: Double, loss: Double)] = []
            for p in front {
                for (k, step) in curve.enumerated() { next.append((p.choice + [k], p.cost + step.cost, p.loss + step.loss)) }
            }
            next.sort { a, b in
                if a.cost != b.cost { return a.cost < b.cost }
                if a.loss != b.loss { return a.loss < b.loss }
                return a.choice.lexicographicallyPrecedes(b.choice)
            }
            front = []
            var lowest = Double.infinity
            for q in next where q.loss < lowest {
                front.append(q)
                lowest = q.loss
            }
        }
        return front
    }

    /// The schedules that differ from `base` in one segment (every option of every segment, `base`
    /// itself among them), segment by segment.
    static func singles(base: [Int], optionCounts: [Int]) -> [[Int]] {
        optionCounts.indices.flatMap { s in
            (0..<optionCounts[s]).map { k -> [Int] in
                var c = base
                c[s] = k
                return c
            }
        }
    }

    /// Segment s's curve: for every option, the change in (reloads a day, loss) from `base`.
    static func curves(base: [Int], optionCounts: [Int], memo: inout Memo) -> [[(cost: Double, loss: Double)]] {
        curves(base: base, optionCounts: optionCounts, singles: singles(base: base, optionCounts: optionCounts), memo: &memo)
    }

    private static func curves(base: [Int], optionCounts: [Int], singles: [[Int]], memo: inout Memo)
        -> [[(cost: Double, loss: Double)]]
    {
        let scores = memo.score(singles)
        let b = memo.cache[base]!
        var out: [[(cost: Double, loss: Double)]] = []
        var i = 0
        for count in optionCounts {
            out.append(scores[i..<(i + count)].map { ($0.reloadsPerDay - b.reloadsPerDay, $0.loss - b.loss) })
            i += count
        }
        return out
    }

    /// The schedules of the marginal allocation, from `base` on, one hull step at a time.
    static func allocationPath(base: [Int], curves: [[(cost: Double, loss: Double)]]) -> [[Int]] {
        var steps: [(efficiency: Double, segment: Int, order: Int, option: Int)] = []
        for (s, curve) in curves.enumerated() {
            for (order, step) in hullSteps(curve, from: base[s]).enumerated() {
                steps.append((step.efficiency, s, order, step.option))
            }
        }
        steps.sort { ($0.efficiency, -$0.segment, -$0.order) > ($1.efficiency, -$1.segment, -$1.order) }
        var current = base
        var path = [base]
        for step in steps {
            current[step.segment] = step.option
            path.append(current)
        }
        return path
    }

    /// The lower convex hull of a curve from option `start`: each step's option and its loss saved
    /// per extra reload, decreasing.
    static func hullSteps(_ curve: [(cost: Double, loss: Double)], from start: Int) -> [(option: Int, efficiency: Double)] {
        var steps: [(option: Int, efficiency: Double)] = []
        var at = start
        while true {
            var next: (option: Int, efficiency: Double)?
            for k in curve.indices where curve[k].cost > curve[at].cost && curve[k].loss < curve[at].loss {
                let e = (curve[at].loss - curve[k].loss) / (curve[k].cost - curve[at].cost)
                if next == nil || e > next!.efficiency { next = (k, e) }
            }
            guard let step = next else { return steps }
            steps.append(step)
            at = step.option
        }
    }

    /// Every schedule one segment away (any option), or two or three segments one option each away.
    static func neighbours(of c: [Int], optionCounts: [Int]) -> [[Int]] {
        var out: [[Int]] = []
        for s in c.indices {
            for k in 0..<optionCounts[s] where k != c[s] {
                var n = c
                n[s] = k
                out.append(n)
            }
        }
        for s in c.indices {
            for t in c.indices where t > s {
                for (ds, dt) in [(-1, -1), (-1, 1), (1, -1), (1, 1)] {
                    var n = c
                    n[s] += ds
                    n[t] += dt
                    if optionCounts.indices.allSatisfy({ n[$0] >= 0 && n[$0] < optionCounts[$0] }) { out.append(n) }
                }
            }
        }
        // Three segments one option each: what pairs cannot reach when two segments give a reload
        // each to a third (issue #22: a 5-segment optimum three such steps away).
        for s in c.indices {
            for t in c.indices where t > s {
                for u in c.indices where u > t {
                    for ds in [-1, 1] {
                        for dt in [-1, 1] {
                            for du in [-1, 1] {
                                var n = c
                                n[s] += ds
                                n[t] += dt
                                n[u] += du
                                if optionCounts.indices.allSatisfy({ n[$0] >= 0 && n[$0] < optionCounts[$0] }) { out.append(n) }
                            }
                        }
                    }
                }
            }
        }
        return out
    }

    /// Scores evaluated once each, and the order of "better".
    struct Memo {
        let evaluate: ([[Int]]) -> [Score]
        /// The most schedules to evaluate.
        var budget = Int.max
        var cache: [[Int]: Score] = [:]
        var order: [[Int]] = []

        init(evaluate: @escaping ([[Int]]) -> [Score], budget: Int = .max) {
            self.evaluate = evaluate
            self.budget = budget
        }

        /// The schedules of `choices` not evaluated yet, each once, in order.
        func fresh(_ choices: [[Int]]) -> [[Int]] {
            var fresh: [[Int]] = []
            var seen = Set<[Int]>()
            for c in choices where cache[c] == nil && seen.insert(c).inserted { fresh.append(c) }
            return fresh
        }

        /// True when evaluating `choices` stays within the budget.
        func fits(_ choices: [[Int]]) -> Bool { fresh(choices).count <= budget - order.count }

        /// Evaluates the first schedules of `choices` the budget allows, then the result: the
        /// best schedule evaluated so far.
        mutating func stoppingAt(_ choices: [[Int]]) -> Result {
            let allowed = Array(fresh(choices).prefix(max(0, budget - order.count)))
            if !allowed.isEmpty { score(allowed) }
            let best = order.min { ScheduleSearch.isBetter(cache[$0]!, $0, than: cache[$1]!, $1) }!
            return Result(best: best, score: cache[best]!, evaluated: order)
        }

        @discardableResult
        mutating func score(_ choices: [[Int]]) -> [Score] {
            // A set, not a scan of the list: a round's thousands of neighbours were each compared
            // with every fresh one before it (O(m²) for m schedules of 48 segments).
            let fresh = fresh(choices)
            if !fresh.isEmpty {
                for (c, s) in zip(fresh, evaluate(fresh)) { cache[c] = s }
                order += fresh
            }
            return choices.map { cache[$0]! }
        }

        func best(of choices: [[Int]], scores: [Score]) -> [Int] {
            zip(choices, scores).min { ScheduleSearch.isBetter($0.1, $0.0, than: $1.1, $1.0) }!.0
        }
    }

    /// The order the search ranks by: feasible, lower loss, fewer reloads, lexicographic choice.
    public static func isBetter(_ a: Score, _ ca: [Int], than b: Score, _ cb: [Int]) -> Bool {
        if a.feasible != b.feasible { return a.feasible }
        if a.loss != b.loss { return a.loss < b.loss }
        if a.reloadsPerDay != b.reloadsPerDay { return a.reloadsPerDay < b.reloadsPerDay }
        return ca.lexicographicallyPrecedes(cb)
    }
}
