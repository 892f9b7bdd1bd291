import Testing
import WidgetBudgetKit

/// The analyzer's reading of a log: foreground sessions, app requests, kills, oddities.
@Suite("Analytics analyzer")
struct AnalyticsAnalyzerTests {
    static let t0 = 1_767_600_000.0

    static func timeline(
        _ s: Double, kind: String = "w", entries: Int = 1, span: Double = 0, policy: ReloadPolicy? = .atEnd,
        memory: Double? = nil, line: Int = 0
    ) -> DeviceLogRecord {
        let t = t0 + s
        return DeviceLogRecord(
            time: t, event: .timeline, kind: kind, entries: entries, firstEntry: t, lastEntry: t + span,
            policy: policy, memoryMB: memory, position: .init(file: 0, line: line))
    }

    static func event(_ s: Double, _ e: DeviceLogRecord.Event, kind: String = "", line: Int = 0) -> DeviceLogRecord {
        DeviceLogRecord(time: t0 + s, event: e, kind: kind, position: .init(file: 0, line: line))
    }

    @Test("a reload inside a foreground session is free, whatever the order of rows at the same instant")
    func foregroundExempt() throws {
        for order in [0, 1] {
            var analyzer = DeviceLogAnalyzer()
            analyzer.add(Self.timeline(0, span: 1200))
            let rows = [Self.event(1000, .foregroundStart, line: 3), Self.timeline(1000, span: 1200, line: 4)]
            for r in order == 0 ? rows : rows.reversed() { analyzer.add(r) }
            analyzer.add(Self.event(1100, .foregroundEnd))
            analyzer.add(Self.timeline(2300, span: 1200))
            let w = try #require(analyzer.finish().widgets.first)
            #expect(w.exempt == 1 && w.charged == 2)
        }
    }

    @Test("app requests: answered, coalesced, and made in the foreground")
    func appRequests() throws {
        var analyzer = DeviceLogAnalyzer()
        analyzer.add(Self.timeline(0, span: 3600))
        analyzer.add(Self.event(600, .appReload, kind: "w"))
        analyzer.add(Self.timeline(610, span: 3600))  // answered in 10 s
        analyzer.add(Self.event(700, .appReload, kind: "w"))  // within the minimum interval: waits until 910
        analyzer.add(Self.event(800, .appReload))  // reloadAll while one waits: coalesced
        analyzer.add(Self.timeline(915, span: 3600))
        analyzer.add(Self.event(2000, .foregroundStart))
        analyzer.add(Self.event(2010, .appReload, kind: "w"))
        analyzer.add(Self.timeline(2012, span: 3600))
        analyzer.add(Self.event(2100, .foregroundEnd))
        let a = analyzer.finish()
        let r = try #require(a.widgets.first).appReloads
        #expect(r.requests == 4)
        #expect(r.reloadAll == 1)
        #expect(r.answered == 3)
        #expect(r.coalesced == 1)
        #expect(r.inForeground == 1)
        #expect(a.widgets[0].exempt == 1)
        #expect(a.app.foregroundSessions == 1)
        #expect(a.app.foregroundMeanDuration == 100)
    }

    @Test("likely kills: a placeholder after a timeline, or WidgetKit reloading unasked before the policy is due")
    func likelyKills() throws {
        var analyzer = DeviceLogAnalyzer()
        analyzer.add(Self.timeline(0, entries: 500, span: 3600, memory: 37, line: 2))
        analyzer.add(Self.event(1, .placeholder, kind: "w"))
        analyzer.add(Self.timeline(900, entries: 500, span: 3600, memory: 37, line: 4))  // the retry, 15 min later
        analyzer.add(Self.timeline(1800, entries: 10, span: 3600, memory: 8, line: 5))  // unasked, 45 min early
        analyzer.add(Self.timeline(5500, entries: 10, span: 3600, memory: 8, line: 6))  // due at 5400: fine
        let w = try #require(analyzer.finish().widgets.first)
        #expect(w.likelyKillCount == 2)
        #expect(w.likelyKills.map(\.position.line) == [2, 4])
        #expect(w.likelyKills.map(\.reason) == [.placeholder, .unpromptedReload])
        #expect(w.memory.map(\.entries) == [10, 500])
        #expect(w.memory.map(\.likelyKills) == [0, 2])
        #expect(w.memory.map(\.peakMB) == [8, 37])
    }

    /// Two calls 2 s apart, each reaching WidgetKit some seconds later: the first brings the reload
    /// at 612, the second arrives after it and is held by the 5-minute minimum interval until 912.
    /// That reload was asked for; it is no kill.
    @Test("an app request that reaches WidgetKit after a reload brings the next one, not a kill")
    func appRequestHeldByTheMinimumInterval() throws {
        var analyzer = DeviceLogAnalyzer()
        analyzer.add(Self.timeline(0, span: 0, policy: .never))
        analyzer.add(Self.event(600, .appReload, kind: "w"))
        analyzer.add(Self.event(602, .appReload, kind: "w"))
        analyzer.add(Self.timeline(612, span: 0, policy: .never, line: 4))
        analyzer.add(Self.timeline(912, span: 0, policy: .never, line: 5))
        analyzer.add(Self.timeline(3000, span: 0, policy: .never, line: 6))  // nobody asked: still suspected
        let w = try #require(analyzer.finish().widgets.first)
        #expect(w.likelyKills.map(\.position.line) == [5])
        #expect(w.likelyKills.map(\.reason) == [.unpromptedReload])
    }

    /// A row repeated in another file (a log given twice) is a duplicate; identical timelines of
    /// one file are copies of the widget (issue #24, DeviceLogCopiesAndPushesTests).
    @Test("duplicated rows count once; events for a kind without timelines are reported")
    func oddities() throws {
        var analyzer = DeviceLogAnalyzer()
        analyzer.add(Self.timeline(0, span: 600, line: 2))
        var again = Self.timeline(0, span: 600, line: 3)
        again.position.file = 1
        analyzer.add(again)
        analyzer.add(Self.event(100, .appReload, kind: "wether", line: 4))
        analyzer.add(Self.event(200, .snapshot, kind: "gallery", line: 5))
        analyzer.add(Self.event(300, .foregroundEnd, line: 6))
        let a = analyzer.finish()
        #expect(a.records == 4)
        #expect(a.widgets.map(\.kind) == ["w"])
        #expect(a.widgets[0].reloads == 1)
        #expect(a.anomalies.map(\.kind) == [.unknownKind, .unknownKind, .unmatchedForeground, .duplicate])
        #expect(a.anomalies.map(\.position.line) == [4, 5, 6, 3])
        #expect(a.anomalies[0].message.contains("'wether'"))
    }

    @Test("lateness against the policy, and WidgetKit's delay")
    func lateness() throws {
        var analyzer = DeviceLogAnalyzer()
        // Hourly `.after` timelines over a day, each reload 60 s after its due time.
        var t = 0.0
        for _ in 0..<24 {
            analyzer.add(Self.timeline(t, policy: .after(Self.t0 + t + 3600)))
            t += 3600 + 60
        }
        let w = try #require(analyzer.finish().widgets.first)
        #expect(w.lateness.count == 23)
        #expect(w.lateness.median == 60)  // each reload is 60 s later than its due time
        #expect(w.lateness.max == 60)
        #expect(w.reloadDelay.median == 60)
        #expect(w.reloadDelay.fitted == .constant(60))
    }
}
