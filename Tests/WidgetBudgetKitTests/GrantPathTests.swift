import Foundation
import Testing

@testable import WidgetBudgetKit

/// The grant path's fast paths (issue #12, `grants3`) against the plain computations they replace,
/// on random inputs: the whole-number check of evenly spaced dates, a timeline's `append(date:)`,
/// and the windows provider's guessed interval search.
@Suite("Grant path fast paths against the plain ones")
struct GrantPathTests {
    /// `EvenlySpacedDates`' exactness before: `x == x.rounded()` for both numbers, then the range.
    static func plainIsExact(first: SimTime, spacing: Double, count: Int) -> Bool {
        let exactLimit = 4_503_599_627_370_496.0
        return first == first.rounded() && spacing == spacing.rounded() && abs(first) < exactLimit
            && Double(count) * abs(spacing) < exactLimit - abs(first)
    }

    /// The same entry dates and policy, to the bit (`==` fails on NaN dates).
    static func same(_ a: ReplayTimeline, _ b: ReplayTimeline) -> Bool {
        func kind(_ policy: ReloadPolicy) -> (Int, UInt64) {
            switch policy {
            case .atEnd: return (0, 0)
            case let .after(date): return (1, date.bitPattern)
            case .never: return (2, 0)
            }
        }
        return a.count == b.count && kind(a.policy) == kind(b.policy)
            && (0..<a.count).allSatisfy { a.date(ofEntry: $0).bitPattern == b.date(ofEntry: $0).bitPattern }
    }

    static func randomNumber(_ g: inout SeededGenerator) -> Double {
        let special: [Double] = [
            0, -0.0, 1, -1, 0.5, -0.5, 60, 2, 86_400.25, 4_503_599_627_370_496, 4_503_599_627_370_495,
            4_503_599_627_370_495.5, 9_007_199_254_740_994, 1e300, -1e300, .infinity, -.infinity, .nan,
            .leastNonzeroMagnitude, .greatestFiniteMagnitude,
        ]
        switch g.next() % 4 {
        case 0: return special[Int(g.next() % UInt64(special.count))]
        case 1: return (g.unit() - 0.5) * 2e6
        case 2: return ((g.unit() - 0.5) * 2e6).rounded()
        default: return (g.unit() - 0.5) * pow(2, Double(g.next() % 80))
        }
    }

    @Test("10,000 random numbers: whole-number and exactness checks as with rounded()")
    func wholeNumbers() {
        var g = SeededGenerator(seed: 1_262)
        for _ in 0..<10_000 {
            let x = Self.randomNumber(&g), y = Self.randomNumber(&g)
            #expect(ExactMultiples.isWhole(x) == (x == x.rounded()), "\(x)")
            for count in [0, 1, 2, 61, Int(g.next() % 1_000)] {
                let run = EvenlySpacedDates(first: x, spacing: y, count: count)
                #expect(run.isExact == Self.plainIsExact(first: x, spacing: y, count: count), "\(x) \(y) \(count)")
                guard count > 0 else { continue }
                let plainCompact = y > 0 && y.isFinite && x.isFinite && run.date(count - 1).isFinite
                #expect(run.isCompact == plainCompact, "\(x) \(y) \(count)")
            }
        }
    }

    @Test("1,000 random timelines: append(date:) lists entries as entries.append does")
    func appendDate() {
        var g = SeededGenerator(seed: 1_263)
        var reused = ReplayTimeline()
        for _ in 0..<1_000 {
            var plain = ReplayTimeline()
            reused.reset()
            for _ in 0..<Int(g.next() % 5) {
                if g.next() % 2 == 0 {
                    let date = Self.randomNumber(&g)
                    reused.append(date: date)
                    plain.entries.append(ReplayEntry(date: date))
                } else {
                    let first = Self.randomNumber(&g), spacing = [60, 0.5, 900, -1][Int(g.next() % 4)]
                    let count = Int(g.next() % 70)
                    reused.appendEntries(from: first, spacing: spacing, count: count)
                    for i in 0..<count { plain.entries.append(ReplayEntry(date: first + Double(i) * spacing)) }
                }
            }
            #expect(reused.count == plain.count)
            #expect((0..<plain.count).allSatisfy { reused.date(ofEntry: $0).bitPattern == plain.date(ofEntry: $0).bitPattern })
            let dates = plain.entries.map(\.date)
            var closest = Double.infinity
            for i in dates.indices.dropFirst() { closest = min(closest, dates[i] - dates[i - 1]) }
            for threshold in [0, 1, 60, 60.5, closest, closest.nextUp, -1] {
                #expect(reused.hasGap(below: threshold) == plain.hasGap(below: threshold))
                #expect(reused.hasGap(below: threshold) == (closest < threshold))
            }
        }
    }

    @Test("2,000 random operations on two reused timelines: the same entries as timelines built anew")
    func reusedTimelines() {
        // `reset()` writes only the count of listed entries: what the arrays keep past it must
        // never be read, whatever comes next (issue #26 `grantsonly`).
        var g = SeededGenerator(seed: 1_266)
        var a = ReplayTimeline(), b = ReplayTimeline()
        var plainA: [SimTime] = [], plainB: [SimTime] = []
        func check(_ t: ReplayTimeline, _ plain: [SimTime]) {
            #expect(t.count == plain.count)
            #expect(t.entries.map(\.date.bitPattern) == plain.map(\.bitPattern))
            #expect((0..<plain.count).allSatisfy { t.date(ofEntry: $0).bitPattern == plain[$0].bitPattern })
            #expect(t.lastDate?.bitPattern == plain.last?.bitPattern)
            for threshold: Double in [0, 1, 60, -1] {
                var gap = false
                for i in plain.indices.dropFirst() where plain[i] - plain[i - 1] < threshold { gap = true }
                #expect(t.hasGap(below: threshold) == gap)
            }
            if let even = t.evenDates(from: 0) {
                for j in even.offset..<plain.count {
                    #expect((even.first + Double(j - even.offset) * even.spacing).bitPattern == plain[j].bitPattern)
                }
            }
        }
        for _ in 0..<2_000 {
            let date = (g.unit() * 1e6).rounded()
            switch g.next() % 8 {
            case 0:
                a.reset()
                plainA = []
            case 1:
                a.append(date: date)
                plainA.append(date)
            case 2:
                let spacing = [60, 0.5, 900][Int(g.next() % 3)], count = Int(g.next() % 70)
                a.appendEntries(from: date, spacing: spacing, count: count)
                for i in 0..<count { plainA.append(date + Double(i) * spacing) }
            case 3:
                a.entries.append(ReplayEntry(date: date))
                plainA.append(date)
            case 4:
                a.entries.sort { $0.date < $1.date }
                plainA.sort()
            case 5:
                // A delivery: `a` becomes `b`'s, `b` takes `a`'s storage and is emptied before reuse.
                a.take(from: &b)
                plainA = plainB
                b.reset()
                plainB = []
            case 6:
                swap(&a, &b)
                swap(&plainA, &plainB)
            default:
                // The engine's check of a built timeline: sorted, and whether two entries are closer
                // than the render spacing.
                let spacing = [2, 0, 60.5][Int(g.next() % 3)]
                let close = a.sortForDelivery(minSpacing: spacing)
                plainA.sort()
                var closer = false
                for i in plainA.indices.dropFirst() where plainA[i] - plainA[i - 1] < spacing { closer = true }
                #expect(close == closer)
            }
            check(a, plainA)
            check(b, plainB)
        }
    }

    @Test("1,000 random pairs of timelines: take(from:) delivers as swap does, and the other refills")
    func takeFrom() {
        var g = SeededGenerator(seed: 1_265)
        var shown = ReplayTimeline(), built = ReplayTimeline()
        var plainShown = ReplayTimeline(), plainBuilt = ReplayTimeline()
        for _ in 0..<1_000 {
            built.reset()
            plainBuilt.reset()
            let lead = Self.randomNumber(&g)
            let count = Int(g.next() % 4) == 0 ? 0 : Int(g.next() % 70)
            let spacing = [60, 0.5, 900][Int(g.next() % 3)]
            let policy: ReloadPolicy = [.atEnd, .never, .after(lead + 3_600)][Int(g.next() % 3)]
            func fill(_ timeline: inout ReplayTimeline) {
                timeline.append(date: lead)
                timeline.appendEntries(from: lead + 1, spacing: spacing, count: count)
                timeline.policy = policy
            }
            fill(&built)
            fill(&plainBuilt)
            guard g.next() % 5 != 0 else { continue }  // A kill: nothing delivered.
            shown.take(from: &built)
            swap(&plainShown, &plainBuilt)
            #expect(Self.same(shown, plainShown))
        }
    }

    @Test("200 random window sets: the guessed search answers as IntervalSet, at and around every boundary")
    func guessedIntervals() {
        var g = SeededGenerator(seed: 1_264)
        let zones = ["UTC", "Europe/Paris", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata"]
        for _ in 0..<200 {
            let zone = TimeZone(identifier: zones[Int(g.next() % UInt64(zones.count))])!
            let start = Date(timeIntervalSince1970: 1_767_571_200 + (g.unit() * 400).rounded() * 86_400)
            let horizon = (1 + g.unit() * 60).rounded() * 86_400
            let clock = LocalClock(start: start, timeZone: zone, horizon: horizon + 9 * 86_400)
            var windows: [TimeWindow] = []
            for _ in 0..<(1 + Int(g.next() % 3)) {
                let a = (g.unit() * 96).rounded() * 900, b = (g.unit() * 96).rounded() * 900
                let days = g.next() % 3 == 0 ? UInt8(1 + g.next() % 127) : TimeWindow.everyDay
                windows.append(TimeWindow(weekdays: days, start: a, end: b == a ? a + 900 : b))
            }
            let set = IntervalSet(windows: windows, clock: clock, from: 0, to: horizon)
            let guessed = GuessedIntervals(set)
            var probes: [SimTime] = [-1, 0, horizon, horizon + 1, .infinity, -.infinity]
            for t in set.starts + set.ends { probes += [t, t.nextUp, t.nextDown, t - 1, t + 1] }
            for _ in 0..<200 { probes.append((g.unit() * 1.1 - 0.05) * horizon) }
            for t in probes {
                #expect(guessed.contains(t) == set.contains(t), "\(t)")
                #expect(guessed.nextStart(after: t) == set.nextStart(after: t), "\(t)")
            }
        }
    }

    /// `EnginePaths.timeline(closeEntries:)` answers from the two timelines' paths found once in
    /// `init` (issue #26 engine-2): the rule it had, per run and per answer.
    @Test("200 random runs: a delivered timeline's paths, found once, follow the per-timeline rule")
    func timelinePathsFoundOnce() {
        var g = SeededGenerator(seed: 2_616)
        var seen = Set<[Bool]>()
        for _ in 0..<200 {
            let scenario = GrantsOnlyTests.randomScenario(&g)
            let level = [EventLevel.none, .none, .all][Int(g.next() % 3)]
            let detail = [RunDetail.full, .grantsOnly, .optimization][Int(g.next() % 3)]
            let paths = EnginePaths(
                inputs: WidgetInputs(
                    scenario: scenario, calendar: SimulationCalendar(scenario: scenario), widgetIndex: 0, replication: 0),
                system: scenario.system, level: level, detail: detail)
            for close in [false, true] {
                let t = paths.timeline(closeEntries: close)
                #expect(t.bulkRenders == (paths.bulkRenders && !close))
                #expect(t.freshRuns == (paths.freshRuns && !close))
                #expect(t.spacedStrides == (paths.spacedStrides && close))
                seen.insert([close, t.bulkRenders, t.freshRuns, t.spacedStrides])
            }
        }
        // Each path on and off among the answers (the random runs reach every one).
        #expect(seen.contains { $0[1] } && seen.contains { $0[2] } && seen.contains { $0[3] })
    }

    /// A fixed provider's timeline as its properties give it, every step computed at the reload
    /// (as `FixedProvider.getTimeline` did before it kept its shape).
    static func plainFixedTimeline(_ p: FixedProvider, at now: SimTime, clock: LocalClock) -> ReplayTimeline {
        var t = ReplayTimeline()
        let first = now + p.firstOffset
        t.entries.append(ReplayEntry(date: first))
        if p.entries > 1 {
            let second = p.align.step.map { clock.nextAligned(after: first, step: $0) } ?? first + p.spacing
            let count = p.entries - 1
            t.appendEntries(from: second, spacing: p.spacing, count: count)
        }
        switch p.policy {
        case .atEnd: t.policy = .atEnd
        case let .after(seconds): t.policy = .after(now + seconds)
        case .never: t.policy = .never
        }
        return t
    }

    /// `FixedProvider` keeps what its timelines share (the alignment step, the spacing's part of
    /// the exactness check), found when it is made and when a property changes (issue #26
    /// engine-2): the same timelines, stored the same way, as computing everything at each reload,
    /// and the same JSON.
    @Test("1,000 random fixed providers, changed and decoded: the timelines their properties give")
    func fixedProviderShape() throws {
        var g = SeededGenerator(seed: 2_617)
        func pick<T>(_ options: [T]) -> T { options[Int(g.next() % UInt64(options.count))] }
        let january = Date(timeIntervalSince1970: 1_767_571_200)
        let clocks = [
            LocalClock.utc(), LocalClock(start: january, timeZone: TimeZone(identifier: "Europe/Paris")!, horizon: 400 * 86_400),
        ]
        func random() -> FixedProvider {
            FixedProvider(
                entries: pick([1, 2, 3, 61, 240, 0, -1]), spacing: pick([60, 900, 1.5, 0.1, Self.randomNumber(&g)]),
                firstOffset: pick([0, 2, 0.25, Self.randomNumber(&g)]), align: pick(EntryAlignment.allCases),
                policy: pick([.atEnd, .never, .after(900), .after(Self.randomNumber(&g))]))
        }
        for _ in 0..<1_000 {
            var p = random()
            let other = random()
            // Changed one property at a time: the shape follows.
            switch g.next() % 4 {
            case 0: p.entries = other.entries
            case 1: p.spacing = other.spacing
            case 2: p.align = other.align
            default: break
            }
            // Through JSON when it can hold the numbers (finite ones only).
            var finite = p.spacing.isFinite && p.firstOffset.isFinite
            if case let .after(seconds) = p.policy { finite = finite && seconds.isFinite }
            let decoded = finite ? try JSONDecoder().decode(FixedProvider.self, from: JSONEncoder().encode(p)) : p
            #expect(decoded == p || !finite)
            let clock = pick(clocks)
            for _ in 0..<4 {
                let now: SimTime = pick([(g.unit() * 400 * 86_400).rounded(), g.unit() * 400 * 86_400, 0, Self.randomNumber(&g)])
                let plain = Self.plainFixedTimeline(p, at: now, clock: clock)
                for provider in [p, decoded] {
                    var t = ReplayTimeline()
                    provider.getTimeline(in: ReplayContext(now: now, clock: clock), into: &t)
                    #expect(Self.same(t, plain), "\(p) at \(now)")
                    // Stored the same way: as three numbers or listed, exact or not.
                    #expect(t.exactSpacing(from: 1)?.bitPattern == plain.exactSpacing(from: 1)?.bitPattern, "\(p) at \(now)")
                    #expect(t.evenDates(from: 1).map(\.offset) == plain.evenDates(from: 1).map(\.offset), "\(p) at \(now)")
                }
            }
        }
        // The JSON of the five properties, as before the shape.
        let clockProvider = FixedProvider(entries: 61, spacing: 60, firstOffset: 2, align: .minute, policy: .atEnd)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(clockProvider), as: UTF8.self)
        #expect(json == #"{"align":"minute","entries":61,"firstOffset":2,"policy":{"atEnd":{}},"spacing":60}"#)
    }
}
