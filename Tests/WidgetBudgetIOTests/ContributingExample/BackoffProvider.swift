import WidgetBudgetKit

// CONTRIBUTING.md, "Worked example: a backoff provider": the provider's one file, compiled here.

/// One entry now, then a reload after `first` seconds, the wait doubling after each reload up to
/// `cap` seconds.
struct BackoffProvider: ReplayProvider {
    var first: Double = 900
    var cap: Double = 7_200
    private var wait: Double?

    mutating func getTimeline(in context: ReplayContext, into timeline: inout ReplayTimeline) {
        let current = wait ?? first
        timeline.entries.append(ReplayEntry(date: context.now))
        timeline.policy = .after(context.now + current)
        wait = min(cap, current * 2)
    }
}
