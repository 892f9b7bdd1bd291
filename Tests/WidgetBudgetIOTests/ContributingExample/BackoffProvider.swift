import WidgetBudgetKit

// CONTRIBUTING.md, "Worked example: a backoff provider": the provider's one file, compiled here.

/// `type: backoff`: one entry now, then a reload after `first` seconds, the wait doubling after
/// each reload up to `cap` seconds.
struct BackoffProvider: ReplayProvider, ProviderDescription {
    static let typeName = "backoff"
    static let keys = ["first", "cap"]
    static let example = "{type: backoff, first: 15m, cap: 2h}"

    let first: Double
    let cap: Double
    private var wait: Double?

    init(first: Double = 900, cap: Double = 7_200) {
        self.first = first
        self.cap = cap
    }

    /// `first` and `cap` default to 15 minutes and 2 hours; the cap may not be below `first`.
    static func read<M: ScenarioMapping>(_ m: M) throws -> BackoffProvider {
        let first = try m["first"]?.positiveDuration() ?? 900
        let cap = try m["cap"]?.positiveDuration() ?? 7_200
        if cap < first {
            throw (m["cap"] ?? m.owner).error(
                "the cap \(DurationFormat.string(cap)) is below first", hint: "give a cap of at least \(DurationFormat.string(first))")
        }
        return BackoffProvider(first: first, cap: cap)
    }

    var maxEntries: Int { 1 }

    var summary: String { "backoff: one entry, reload after \(DurationFormat.string(first)), doubling up to \(DurationFormat.string(cap))" }

    var firstEntryOffset: Double { 0 }

    func makeRunnable(clock: LocalClock, horizon: Double) -> BuiltInProvider { .custom(self) }

    mutating func getTimeline(in context: ReplayContext, into timeline: inout ReplayTimeline) {
        let current = wait ?? first
        timeline.entries.append(ReplayEntry(date: context.now))
        timeline.policy = .after(context.now + current)
        wait = min(cap, current * 2)
    }
}
