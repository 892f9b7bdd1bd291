import Foundation
import Testing
import WidgetBudgetKit

/// Poisson processes limited to `during` windows (issue #26): drawn only inside the windows, from
/// each window's start (the process is memoryless), instead of over the whole day and filtered.
@Suite("Windowed Poisson processes, drawn only inside their windows")
struct WindowedPoissonTests {
    static let clock = LocalClock.utc()

    /// The events of `process` over `horizon`, and the generator the stream left behind.
    static func draw(_ process: EventProcess, horizon: Double, seed: UInt64) -> (times: [SimTime], generator: SeededGenerator) {
        var stream = EventStream(process, horizon: horizon, clock: clock, generator: SeededGenerator(seed: seed))
        var times: [SimTime] = []
        while let t = stream.next() { times.append(t) }
        return (times, stream.generator)
    }

    @Test("market hours for a week: one draw per event plus one per window, none outside")
    func drawsOnlyInsideWindows() {
        let process = EventProcess(.poisson(perHour: 60), during: [TimeWindow("09:30-16:00")!])
        let (times, after) = Self.draw(process, horizon: 7 * Seconds.day, seed: 3)
        // The item's own stream (a process on its own is item 0), one exponential gap per event and
        // one per window (the gap that overshoots the window's end): the stream must be there.
        var keys = SeededGenerator(seed: 3)
        var expected = EventStream.itemGenerator(keys.next(), item: 0)
        for _ in 0..<(times.count + 7) { _ = expected.exponential() }
        var left = after
        #expect(expected.next() == left.next())
        // Drawn over the whole day and filtered, a week at 60 an hour would take 10,080 draws.
        #expect(times.count + 7 < 3_000)
    }

    /// Counts in the windows are Poisson with mean rate × their total length; four standard
    /// deviations either side (a false alarm about once in 16,000 seeds).
    @Test(
        "every event inside a window, counts as the rate says",
        arguments: [
            ("09:30-16:00", "UTC", 60.0), ("22:00-02:00", "UTC", 30.0), ("07:00-09:00", "America/New_York", 40.0),
        ])
    func insideAndAtTheRate(window: String, zone: String, perHour: Double) throws {
        let start = try #require(ISO8601DateFormatter().date(from: "2026-03-02T00:00:00Z"))
        let horizon = 30 * Seconds.day  // over the US daylight-saving change of 8 March
        let clock = LocalClock(start: start, timeZone: try #require(TimeZone(identifier: zone)), horizon: horizon)
        let process = EventProcess(.poisson(perHour: perHour), during: [TimeWindow(window)!])
        var stream = EventStream(process, horizon: horizon, clock: clock, generator: SeededGenerator(seed: 26))
        var times: [SimTime] = []
        while let t = stream.next() { times.append(t) }
        let windows = IntervalSet(windows: process.during, clock: clock, from: 0, to: horizon)
        #expect(times.allSatisfy { windows.contains($0) })
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
        let mean = perHour * windows.totalLength / Seconds.hour
        #expect(abs(Double(times.count) - mean) <= 4 * mean.squareRoot(), "\(times.count) events, \(mean) expected")
    }

    /// Drawn in blocks (`next(into:capacity:)`, what lists and the prefetching thread use), a
    /// stream gives exactly what `next()` gives one at a time, whatever the block size: windowed
    /// Poisson processes (drawn in one loop there), a list of them (merged) and filtered ticks.
    @Test(
        "blocks of any size draw what next() draws",
        arguments: [1, 2, 3, 7, 256])
    func blocksAreTheSameDraws(capacity: Int) {
        let processes = [
            EventProcess(.poisson(perHour: 60), during: [TimeWindow("09:30-16:00")!]),
            EventProcess(.poisson(perHour: 3), during: [TimeWindow("07:00-22:00")!, TimeWindow("23:00-23:30")!]),
            EventProcess(
                .merged([
                    EventProcess(.poisson(perHour: 20), during: [TimeWindow("07:00-09:00")!]),
                    EventProcess(.poisson(perHour: 4), during: [TimeWindow("09:00-17:00")!]),
                ])),
            EventProcess(.every(period: 600, offset: 0), during: [TimeWindow("09:30-16:00")!]),
        ]
        for (k, process) in processes.enumerated() {
            let (expected, after) = Self.draw(process, horizon: 9 * Seconds.day, seed: 5)
            var stream = EventStream(process, horizon: 9 * Seconds.day, clock: Self.clock, generator: SeededGenerator(seed: 5))
            var times: [SimTime] = []
            let buffer = UnsafeMutablePointer<SimTime>.allocate(capacity: capacity)
            defer { buffer.deallocate() }
            while true {
                let n = stream.next(into: buffer, capacity: capacity)
                times.append(contentsOf: UnsafeBufferPointer(start: buffer, count: n))
                if n < capacity { break }
            }
            #expect(times == expected, "process \(k): \(times.count) events in blocks, \(expected.count) one at a time")
            var left = stream.generator, right = after
            #expect(left.next() == right.next(), "process \(k): the generator must be where next() leaves it")
            #expect(stream.next() == nil)
        }
    }
}
