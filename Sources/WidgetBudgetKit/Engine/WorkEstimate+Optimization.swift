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
        let space = settings.space.count
        let method = shard.isPartial ? .exhaustive : settings.resolvedMethod(count: space)
        let candidates: Int
        let which: String
        switch method {
        case .search:
            candidates = min(space, settings.searchBudget)
            which = "searched of \(space)"
        case .exhaustive, .auto:
            candidates = shard.isPartial ? max(0, space - shard.index + shard.count) / shard.count : space
            which = shard.isPartial ? "in shard \(shard.index)/\(shard.count) of \(space)" : "of the space"
        }
        let days = scenario.days
        let reps = settings.replications
        self.init(
            factors: "(\(candidates) candidates \(which) + the current policy) × \(days) days × \(reps) replications × 1 widget",
            widgetDays: Self.product([candidates + 1, days, reps]))
        if !shard.isPartial {
            let ladder = Self.racingLadder(from: reps, to: settings.maxReplications)
            extra = Extra(
                what: "racing up to \(settings.maxReplications) replications",
                widgetDays: Self.product([candidates, days, ladder]))
        }
    }

    /// The replications racing can run one candidate on top of its first `replications`:
    /// `2r + 4r + … + cap` (each rung capped), e.g. 16 + 32 + 64 = 112 from 8 to 64.
    static func racingLadder(from replications: Int, to cap: Int) -> Int {
        var rung = max(1, replications)
        var total = 0
        while rung < cap {
            rung = min(cap, 2 * rung)
            total += rung
        }
        return total
    }
}
