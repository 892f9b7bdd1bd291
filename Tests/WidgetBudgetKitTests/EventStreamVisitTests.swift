import Foundation
import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// ``EventStream/next(visiting:before:_:)`` (the views' loops: an event already drawn visited
/// first, then the others before a bound, a list read in place) against the same stream drawn
/// with ``EventStream/next()`` one event at a time: the same events visited, in the same order,
/// and the same first event at or after the bound, to the bit.
@Suite("Events visited up to a bound against the same stream drawn one at a time")
struct EventStreamVisitTests {
    static let clock = LocalClock.utc()

    /// A random process: listed times (with repeats, whole seconds and not, inside `during`
    /// windows or not), Poisson (alone, inside windows, in a merged list), periodic ticks, none.
    static func randomProcess(_ g: inout SeededGenerator) -> EventProcess {
        func pick<T>(_ options: [T]) -> T { options[Int(g.next() % UInt64(options.count))] }
        let windows: [TimeWindow] = pick([[], [TimeWindow("07:00-23:00")!]])
        let count = pick([0, 1, 5, 300])
        var listed: [SimTime] = (0..<count).map { _ in (Double(g.next() % 200_000) * pick([1.0, 0.75])).rounded(.down) }
        if count > 1 { listed.append(listed[0]) }  // twice at one instant
        let poisson = EventProcess(.poisson(perHour: pick([0.5, 6, 60])), during: windows)
        return pick([
            EventProcess(.times(listed), during: windows), EventProcess(.times(listed)), poisson,
            EventProcess(.merged([poisson, EventProcess(.every(period: 600, offset: 30))])),
            EventProcess(.every(period: pick([60, 300]), offset: 0), during: windows), EventProcess(.none),
        ])
    }

    @Test("300 random processes, each read to its end in random bounds: the same events, to the bit")
    func visitsMatchOneByOne() {
        var g = SeededGenerator(seed: 2_631)
        var visits = 0, listed = 0
        for i in 0..<300 {
            let process = Self.randomProcess(&g)
            let horizons: [Double] = [3_600, 86_400, 3 * 86_400]
            let horizon = horizons[Int(g.next() % 3)]
            let key = SeededGenerator(seed: g.next())
            let drawn = Array(IteratorSequence(EventStream(process, horizon: horizon, clock: Self.clock, generator: key)))
            // Read as the engine reads views: from the list drawn in advance and from the process.
            for inAdvance in [false, true] {
                var stream =
                    inAdvance
                    ? EventStream(list: EventTimes(drawn)) : EventStream(process, horizon: horizon, clock: Self.clock, generator: key)
                var read: [SimTime] = []
                var next = stream.next()
                var k = 0  // how many of `drawn` were read (`next` is `drawn[k]`)
                while let first = next {
                    // Bounds just past `first`, on a later event's very instant, between events, past all.
                    let later = drawn[min(k + Int(g.next() % 8), drawn.count - 1)]
                    let ends: [SimTime] = [first.nextUp, later, later + 0.5, later.nextUp, horizon + 1]
                    let end = ends[Int(g.next() % 5)]
                    guard end > first else { continue }
                    var seen: [SimTime] = []
                    next = stream.next(visiting: first, before: end) { seen.append($0) }
                    let expected: [SimTime] = Array(drawn[k...].prefix { $0 < end })
                    #expect(
                        seen.map(\.bitPattern) == expected.map(\.bitPattern),
                        "process \(i) (\(process)), in advance \(inAdvance), end \(end)")
                    k += seen.count
                    let expectedNext: SimTime? = k < drawn.count ? drawn[k] : nil
                    #expect(next?.bitPattern == expectedNext?.bitPattern, "process \(i) (\(process)), in advance \(inAdvance), end \(end)")
                    read += seen
                    visits += seen.count
                    if inAdvance { listed += seen.count }
                    if next?.bitPattern != expectedNext?.bitPattern || seen.isEmpty { break }
                }
                #expect(read == drawn, "process \(i) (\(process)), in advance \(inAdvance): read to its end")
            }
        }
        // Both paths visited many events (listed in place: half of them).
        #expect(listed > 20_000 && visits - listed > 20_000, "\(visits) visits, \(listed) of them listed")
    }
}
