import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// The built-in providers called directly, as WidgetKit would call `getTimeline`.
@Suite("Providers")
struct ProviderTests {
    static let clock = LocalClock.utc()

    static func timeline<P: ReplayProvider>(_ provider: inout P, at now: SimTime, changes: [SimTime] = []) -> ReplayTimeline {
        var timeline = ReplayTimeline()
        provider.getTimeline(in: ReplayContext(now: now, clock: clock, unpredictableChanges: EventTimes(changes)), into: &timeline)
        return timeline
    }

    @Test("fixed: seed 002's clock at 00:00:30 is +2 s, then 00:01 … 01:00")
    func fixedAligned() {
        var provider = FixedProvider(entries: 61, spacing: 60, firstOffset: 2, align: .minute)
        let t = Self.timeline(&provider, at: 30)
        #expect(t.entries.count == 61)
        #expect(t.entries.map(\.date) == [32] + (1...60).map { Double($0) * 60 })
        #expect(t.policy == .atEnd)
        #expect(t.policyReloadDate == 3_600)
    }

    @Test(
        "fixed: alignment to the quarter hour and the hour",
        arguments: [
            (EntryAlignment.quarterHour, [100.0, 900, 1_800]), (.hour, [100, 3_600, 4_500]), (.none, [100, 1_000, 1_900]),
        ])
    func fixedAlignments(align: EntryAlignment, dates: [Double]) {
        var provider = FixedProvider(entries: 3, spacing: 900, firstOffset: 0, align: align, policy: .after(7_200))
        let t = Self.timeline(&provider, at: 100)
        #expect(t.entries.map(\.date) == dates)
        #expect(t.policy == .after(7_300))
    }

    @Test("fixed: a first entry already on the boundary is followed by the next boundary")
    func fixedOnBoundary() {
        var provider = FixedProvider(entries: 3, spacing: 60, firstOffset: 0, align: .minute, policy: .never)
        let t = Self.timeline(&provider, at: 120)
        #expect(t.entries.map(\.date) == [120, 180, 240])
        #expect(t.policy == .never)
        #expect(t.policyReloadDate == nil)
    }

    /// 25 % at 25 %/h with hourly entries: 25, 50, 75, 100 → 4 entries, `.atEnd`. 40 % at 25 %/h:
    /// 40, 65, 90, 100 (capped) → 4 entries. Full: one entry, `.never`.
    @Test("until-full: entries until full, then one entry with .never")
    func untilFull() {
        var health = UntilFullProvider(level: 25, ratePerHour: 25, spacing: 3_600)
        let first = Self.timeline(&health, at: 0)
        #expect(first.entries.map(\.date) == [0, 3_600, 7_200, 10_800])
        #expect(first.policy == .atEnd)
        let second = Self.timeline(&health, at: 10_800)
        #expect(second.entries.map(\.date) == [10_800])
        #expect(second.policy == .never)

        var partial = UntilFullProvider(level: 40, ratePerHour: 25, spacing: 3_600)
        #expect(Self.timeline(&partial, at: 0).entries.count == 4)
        #expect(ProviderSpec.untilFull(UntilFullProvider(level: 25, ratePerHour: 25, spacing: 3_600)).maxEntries == 4)
    }

    /// A fight at 1 h sets health to 10: at 2 h the level is 10 + 25 = 35 → 35, 60, 85, 100: 4 entries.
    /// A potion (+50) at 1 h from 25 %: 50 + 50 = 100 at once → one entry, `.never`.
    @Test("until-full: unpredictable changes set or add to the level")
    func untilFullChanges() {
        var fight = UntilFullProvider(level: 25, ratePerHour: 25, spacing: 3_600, onChange: .set(10))
        let t = Self.timeline(&fight, at: 7_200, changes: [3_600])
        #expect(t.entries.map(\.date) == [7_200, 10_800, 14_400, 18_000])
        var potion = UntilFullProvider(level: 25, ratePerHour: 25, spacing: 3_600, onChange: .add(50))
        let p = Self.timeline(&potion, at: 3_600, changes: [3_600, 90_000])
        #expect(p.entries.map(\.date) == [3_600])
        #expect(p.policy == .never)
    }

    /// `level` is the level at the start, read once by `init` (a reload computes the level from it,
    /// the time and the changes): a settable `level` took a value the provider never read (#26).
    @Test("until-full: the starting level cannot be set after init (it would be ignored)")
    func untilFullLevelIsFixed() {
        let level: AnyKeyPath = \UntilFullProvider.level
        #expect(!(level is WritableKeyPath<UntilFullProvider, Double>))
        #expect(level is KeyPath<UntilFullProvider, Double>)
    }

    @Test("windows: inside a window its fixed provider, outside one entry and .after(next start)")
    func windows() {
        let window = TimeWindow("weekdays 09:30-16:00")!
        var provider = WindowsProvider(
            windows: [(window, FixedProvider(entries: 12, spacing: 300))], clock: Self.clock, horizon: 7 * 86_400)
        let closed = Self.timeline(&provider, at: 0)
        #expect(closed.entries.map(\.date) == [0])
        #expect(closed.policy == .after(9.5 * 3_600))
        let open = Self.timeline(&provider, at: 10 * 3_600)
        #expect(open.entries.count == 12)
        #expect(open.policy == .atEnd)
        // Friday 16:00 (day 4): closed until Monday 09:30 (day 7).
        let friday = Self.timeline(&provider, at: 4 * 86_400 + 16 * 3_600)
        #expect(friday.policy == .after(7 * 86_400 + 9.5 * 3_600))
    }

    @Test("never: one entry now, .never")
    func never() {
        var provider = NeverProvider()
        let t = Self.timeline(&provider, at: 42)
        #expect(t.entries.map(\.date) == [42])
        #expect(t.policy == .never)
    }

    @Test(
        "time windows parse the scenario notation",
        arguments: [
            ("07:00-23:00", TimeWindow(start: 25_200, end: 82_800)),
            ("weekdays 09:30-16:00", TimeWindow(weekdays: TimeWindow.weekdaysMask, start: 34_200, end: 57_600)),
            ("weekends 10:00-12:00", TimeWindow(weekdays: 0b100_0001, start: 36_000, end: 43_200)),
            ("mon,wed,fri 18:00-19:00", TimeWindow(weekdays: 0b010_1010, start: 64_800, end: 68_400)),
            ("23:00-07:00", TimeWindow(start: 82_800, end: 25_200)),
            ("00:00-24:00", TimeWindow(start: 0, end: 86_400)),
        ])
    func windowParsing(text: String, window: TimeWindow) {
        #expect(TimeWindow(text) == window)
        #expect(TimeWindow(window.description) == window)
    }

    @Test("time windows reject bad notation", arguments: ["", "9-17", "someday 09:00-10:00", "10:00-10:00", "25:00-26:00", "a b c"])
    func windowErrors(text: String) {
        #expect(TimeWindow(text) == nil)
    }

    /// An overnight window belongs to the day it starts on: Monday 23:00 → Tuesday 07:00.
    @Test("overnight windows run into the next day")
    func overnightWindow() {
        let set = IntervalSet(windows: [TimeWindow("mon 23:00-07:00")!], clock: Self.clock, from: 0, to: 7 * 86_400)
        #expect(set.starts == [23 * 3_600])
        #expect(set.ends == [86_400 + 7 * 3_600])
        #expect(set.contains(86_400))
        #expect(!set.contains(86_400 + 7 * 3_600))
        #expect(set.deferred(86_400) == 86_400 + 7 * 3_600)
        #expect(set.nextStart(after: 0) == 82_800)  // Monday 23:00.
        #expect(set.totalLength == 8 * 3_600)
    }

    /// A provider that changes as it runs: each reload's one entry is `calls` seconds after now.
    struct Counting: ReplayProvider, Sendable {
        var calls = 0
        mutating func getTimeline(in context: ReplayContext, into timeline: inout ReplayTimeline) {
            calls += 1
            timeline.append(date: context.now + Double(calls))
        }
    }

    @Test("a custom provider keeps its changes from reload to reload, and a copy of it its own (copy on write)")
    func customProviderChangesAreItsOwn() {
        var provider = BuiltInProvider.custom(Counting())
        #expect(Self.timeline(&provider, at: 0).entries.map(\.date) == [1])
        var copy = provider
        #expect(Self.timeline(&provider, at: 0).entries.map(\.date) == [2])
        #expect(Self.timeline(&provider, at: 0).entries.map(\.date) == [3])
        // The copy was taken after one reload: its own next one is the second.
        #expect(Self.timeline(&copy, at: 0).entries.map(\.date) == [2])
        guard case let .other(held) = provider, let counting = held.provider as? Counting else {
            Issue.record("not held as .other(Counting)")
            return
        }
        #expect(counting.calls == 3)
    }
}
