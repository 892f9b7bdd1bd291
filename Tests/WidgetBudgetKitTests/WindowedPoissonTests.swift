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
        // The item's own stream (a process on its own is item 0), stepped once per event and once
        // per window (the gap that overshoots the window's end): the stream must be there.
        var keys = SeededGenerator(seed: 3)
        var expected = EventStream.itemGenerator(keys.next(), item: 0)
        for _ in 0..<(times.count + 7) { _ = expected.next() }
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
}
