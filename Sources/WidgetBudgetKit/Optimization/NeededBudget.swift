/// The smallest daily budget under which a run never waits for budget.
///
/// Why one run suffices: if a widget's charged reloads never find the budget empty at B, the run at
/// any B' ≥ B is the same run (every budget model grants at least as much with a larger B: the
/// rolling window holds more reloads, the midnight allowance is larger, the token bucket is larger
/// and refills faster), so the charge times do not depend on B. Whether B suffices is then a
/// replay of those charge times through the engine's `ReloadBudget`, and "B suffices" is monotone in B, so a
/// binary search finds the smallest (`minimumBySearch(chargeTimes:model:clock:)`, the reference),
/// between 1 and the B the model itself says suffices
/// (``BudgetRule/sufficientBudget(chargeTimes:clock:)``: n charges for the built-in models, more
/// for a model that splits B into smaller windows).
/// Each model answers without that search where it can (``BudgetRule/neededBudget(chargeTimes:clock:)``):
/// the rolling window and the midnight allowance in closed form, the token bucket by a search over
/// a narrow range.
public enum NeededBudget {
    /// The smallest B (at least 1) under which every charge in `chargeTimes` (ascending) finds
    /// budget: the model's ``BudgetRule/neededBudget(chargeTimes:clock:)``, equal to the reference
    /// search's answer.
    ///
    /// - Complexity: O(n) for n charges under `rolling-24h` and `midnight`, O(n log m) under
    ///   `token-bucket` (m: the most charges in 24 hours).
    public static func minimum(chargeTimes: [SimTime], model: BudgetModel, clock: LocalClock) -> Int {
        guard !chargeTimes.isEmpty else { return 1 }
        return model.rule.neededBudget(chargeTimes: chargeTimes, clock: clock)
    }

    /// The reference for ``minimum(chargeTimes:model:clock:)``: a binary search over B in 1 …
    /// the model's ``BudgetRule/sufficientBudget(chargeTimes:clock:)`` of replays of `chargeTimes`
    /// through the model's rule, the search the models' own answers shortcut.
    ///
    /// - Complexity: O(n log S) budget checks for n charges, S the sufficient budget.
    package static func minimumBySearch(chargeTimes: [SimTime], model: BudgetModel, clock: LocalClock) -> Int {
        guard !chargeTimes.isEmpty else { return 1 }
        let rule = model.rule
        return rule.neededBudgetBySearch(
            chargeTimes: chargeTimes, clock: clock, in: rule.searchRange(chargeTimes: chargeTimes, clock: clock))
    }

    /// True when a budget of `daily` grants every charge in `chargeTimes` at its time.
    public static func suffices(_ daily: Int, chargeTimes: [SimTime], model: BudgetModel, clock: LocalClock) -> Bool {
        var budget = ReloadBudget(model: model, daily: daily, clock: clock)
        for t in chargeTimes {
            guard budget.isAvailable(at: t) else { return false }
            budget.charge(at: t)
        }
        return true
    }

    /// The smallest budget to draw (a `budget.daily`, before `by_views` scales it) that gives a
    /// widget seen `viewsPerDay` times a day at least `effective` reloads a day: `effective` itself
    /// without `by_views`, else found by a search (the scaling is monotone in the drawn budget).
    public static func drawn(_ effective: Int, budget: BudgetSettings, viewsPerDay: Double) -> Int {
        guard budget.byViews else { return effective }
        func enough(_ b: Int) -> Bool { budget.dailyBudget(b, viewsPerDay: viewsPerDay) >= effective }
        var hi = max(1, effective)
        while !enough(hi) {
            guard hi < 1 << 40 else { return hi }
            hi *= 2
        }
        var lo = 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if enough(mid) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// The smallest B (at least 1) under which every charge in `chargeTimes` (ascending) finds
    /// budget when B applies from `learningEnd` on and `learningDaily` before (`budget.learning`:
    /// what was spent carries over, as in the engine). A binary search over B in 1 … S, S the
    /// model's ``BudgetRule/sufficientBudget(chargeTimes:clock:)``, of replays through the
    /// engine's `ReloadBudget` (the learning part is the same for every B, so "B suffices" is
    /// monotone in B); S when even S does not suffice (the learning days themselves wait).
    ///
    /// - Complexity: O(n log S) budget checks for n charges.
    public static func minimum(
        chargeTimes: [SimTime], model: BudgetModel, clock: LocalClock, learningEnd: SimTime, learningDaily: Int
    ) -> Int {
        guard !chargeTimes.isEmpty else { return 1 }
        func enough(_ b: Int) -> Bool {
            var budget = ReloadBudget(model: model, daily: learningDaily, clock: clock)
            var learning = true
            for t in chargeTimes {
                if learning && t >= learningEnd {
                    budget.setDaily(b, at: learningEnd)
                    learning = false
                }
                guard budget.isAvailable(at: t) else { return false }
                budget.charge(at: t)
            }
            return true
        }
        let range = model.rule.searchRange(chargeTimes: chargeTimes, clock: clock)
        var lo = range.lowerBound, hi = range.upperBound
        while lo < hi {
            let mid = (lo + hi) / 2
            if enough(mid) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }
}
