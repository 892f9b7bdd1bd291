extension WorkEstimate {
    /// The estimate for optimizing `scenario` with `settings` (the `shard`'s part of it): every
    /// candidate the method evaluates plus the current policy, each over the scenario's days and
    /// the settings' replications of the one widget tuned (at the lowest budget judged). Computed
    /// from the settings alone, before any input is drawn.
    ///
    /// Racing (not in a partial shard) then runs leaders again with twice the replications up to
    /// `max_replications`, each time from the first replication, so a candidate runs at most the
    /// doubling ladder `2r, 4r, …, max_replications` on top of its `r`: ``extra`` is that for every
    /// candidate, an upper bound (a race re-runs a few leaders a round, not every candidate).
    public init(optimizing scenario: Scenario, settings: OptimizationSettings, shard: Shard = .whole) {
        let (candidates, which) =
            settings.space.schedule == nil
            ? Self.candidates(settings: settings, shard: shard) : Self.scheduleCandidates(settings: settings)
        let days = scenario.days
        let reps = settings.replications
        self.init(
            factors:
                "(\(candidates) candidates \(which) + the current policy) × \(Self.count(days, "day")) × \(Self.count(reps, "replication")) × 1 widget",
            widgetDays: Self.product([Self.sum([candidates, 1]), days, reps]))
        if !shard.isPartial {
            let ladder = Self.racingLadder(from: reps, to: settings.maxReplications)
            extra = Extra(
                what: "racing up to \(settings.maxReplications) replications",
                widgetDays: Self.product([candidates, days, ladder]))
        }
    }

    /// The candidates a policy space's run evaluates, and how to say which they are.
    private static func candidates(settings: OptimizationSettings, shard: Shard) -> (Int, String) {
        let space = settings.space.count
        switch shard.isPartial ? .exhaustive : settings.resolvedMethod(count: space) {
        case .search:
            return (min(space, settings.searchBudget), "searched of \(space)")
        case .exhaustive, .auto:
            if !shard.isPartial { return (space, "of the space") }
            // Indexes shard.index − 1, + count, …: ⌈(space − index + 1) / count⌉, without overflow near Int.max.
            let first = shard.index - 1
            let part = space <= first ? 0 : (space - first - 1) / shard.count + 1
            return (part, "in shard \(shard.index)/\(shard.count) of \(space)")
        }
    }

    /// The schedules a schedule space's run evaluates (never sharded): all of them when swept;
    /// when searched, at most ``scheduleSearchBound(segments:options:)`` per timeline shape plus
    /// the polishing rounds after racing, never more than the space or `max_evaluations`.
    private static func scheduleCandidates(settings: OptimizationSettings) -> (Int, String) {
        let space = settings.space.scheduleCount
        guard settings.resolvedMethod(count: space) == .search, let schedule = settings.space.schedule else {
            return (space, "of the space")
        }
        let s = schedule.segments.count
        let n = schedule.afters.count
        let shapes = settings.space.scheduleSpaces.count
        let polish = product([Optimizer.schedulePolishRounds, scheduleNeighbours(segments: s, options: n)])
        let bound = sum([product([shapes, scheduleSearchBound(segments: s, options: n)]), polish])
        return (min(space, bound, max(1, settings.searchBudget)), "at most, searched of \(space)")
    }

    /// The most schedules ``ScheduleSearch`` evaluates for one timeline shape of `segments`
    /// segments and `options` intervals: the cheapest schedule and its curves (1 + S(n−1)), the
    /// allocation's prefixes (at most S(n−1)), the surrogate frontier's
    /// ``ScheduleSearch/frontierEvaluations``, and from each of ``ScheduleSearch/starts`` starts
    /// ``ScheduleSearch/defaultMaxRounds`` rounds of local search (``scheduleNeighbours`` each).
    package static func scheduleSearchBound(segments s: Int, options n: Int) -> Int {
        sum([
            1, product([2, s, n - 1]), ScheduleSearch.frontierEvaluations,
            product([ScheduleSearch.starts, ScheduleSearch.defaultMaxRounds, scheduleNeighbours(segments: s, options: n)]),
        ])
    }

    /// The schedules one search move away: one segment to any other option (S(n−1)), two
    /// segments one option each (at most 4 per pair, 2S(S−1)), or three (at most 8 per triple,
    /// 8·C(S, 3)).
    package static func scheduleNeighbours(segments s: Int, options n: Int) -> Int {
        let cubed = product([s, s - 1, s - 2])
        let triples = cubed == Int.max ? Int.max : product([8, cubed / 6])
        return sum([product([s, n - 1]), product([2, s, s - 1]), triples])
    }

    /// The replications racing can run one candidate on top of its first `replications`:
    /// `2r + 4r + … + cap` (each rung capped), e.g. 16 + 32 + 64 = 112 from 8 to 64.
    package static func racingLadder(from replications: Int, to cap: Int) -> Int {
        var rung = max(1, replications)
        var total = 0
        while rung < cap {
            rung = min(cap, product([2, rung]))
            total = sum([total, rung])
        }
        return total
    }

    /// The sum of `terms` (none negative), `Int.max` when it overflows: every count of an
    /// estimate saturates, so a space of 14^24 schedules is refused, not a trap.
    package static func sum(_ terms: [Int]) -> Int {
        var total = 0
        for t in terms {
            let (s, overflow) = total.addingReportingOverflow(t)
            if overflow { return Int.max }
            total = s
        }
        return total
    }
}
