import Testing
import WidgetBudgetKit

/// The work estimate counts the events a run handles and records, not only widget-days (issue
/// #27, item 3: 100 instances viewed every second for 2 days were 200 widget-days, 8.5 GB).
@Suite("Work estimate of events")
struct WorkEstimateEventsTests {
    /// `widgets` widgets viewed every second for `days` days, with the default budget (70 at most).
    static func scenario(widgets: Int, days: Int) -> Scenario {
        let widget = WidgetSpec(kind: "clock", provider: .never, views: EventProcess(.every(period: 1, offset: 0)))
        var s = Scenario(name: "many", widgets: Array(repeating: widget, count: widgets))
        s.days = days
        return s
    }

    /// The refusal's text for `work`.
    static func refusal(_ work: WorkEstimate, hint: String) -> String {
        do {
            try work.check(force: false, hint: hint)
            return "not refused"
        } catch {
            return "\(error)"
        }
    }

    @Test("100 widgets viewed every second for 2 days: 17 million views, refused with --events all only")
    func viewsCount() throws {
        let s = Self.scenario(widgets: 100, days: 2)
        let entries = s.widgets[0].provider.maxEntries
        // Per widget: 172,800 views; at most 70 × 2 + 1 = 141 reloads, each 6 events and `entries` renders.
        let reloads = s.budget.dailyMax * 2 + 1
        let perWidget = 172_800 + reloads * (6 + entries)
        let all = WorkEstimate(s, events: .all)
        #expect(all.widgetDays == 200)
        #expect(all.events == 100 * perWidget)
        #expect(all.eventRows == 100 * perWidget)
        #expect(!all.isWithinLimit)
        #expect(throws: WorkLimitError.self) { try all.check(force: false, hint: "or --force") }
        try all.check(force: true, hint: "")
        #expect(
            Self.refusal(all, hint: "or --force")
                == "2 days × 1 replication × 100 widgets = 200 widget-days with up to \(100 * perWidget) events written to "
                + "events.csv (about 2 GB) is past the limit of 10000000 rows (docs/limits.md); or --force")
        // Without events the views are counted, not written: within the limit of 10^9 events.
        let none = WorkEstimate(s)
        #expect(none.events == all.events && none.eventRows == 0 && none.isWithinLimit)
        // Reload events only: 6 a reload.
        #expect(WorkEstimate(s, events: .reloads).eventRows == 100 * reloads * 6)
    }

    @Test("past 10^9 events is refused at every level; huge counts do not trap")
    func eventLimit() {
        var s = Self.scenario(widgets: 1, days: 3660)
        s.widgets[0].views = EventProcess(.poisson(perHour: Bounds.ratePerHour.upperBound))
        let work = WorkEstimate(s)
        #expect(work.widgetDays == 3660 && work.events > Bounds.maxEvents && !work.isWithinLimit)
        #expect(Self.refusal(work, hint: "h").contains("is past the limit of 1000000000 events (docs/limits.md); h"))
        s.replications = Bounds.maxReplications
        s.widgets = Array(repeating: s.widgets[0], count: 100)
        #expect(WorkEstimate(s, events: .all).eventRows > 3_000_000_000_000_000_000, "counted in Double, no trap")
    }

    @Test("an ordinary scenario stays within the limits")
    func ordinary() {
        var s = Self.scenario(widgets: 3, days: 365)
        for i in s.widgets.indices { s.widgets[i].views = EventProcess(.poisson(perHour: 6)) }
        s.replications = 4
        #expect(WorkEstimate(s, events: .all).isWithinLimit)
    }
}
