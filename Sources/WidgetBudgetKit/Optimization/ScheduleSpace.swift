/// The optimizer's time-of-day schedules (`optimize.schedule`): one reload interval per segment.
///
/// A schedule is a choice of one of ``afters`` for every segment; as a provider it is a
/// ``ScheduleProvider`` with, in segment s, `entries` entries `spacing` apart (aligned as `align`)
/// and `.after(now + afters[choice[s]])`, or `.never` for `nil`, clipped at the next segment start,
/// so every segment starts with a reload and `never` means no reload until the next segment.
public struct ScheduleSpace: Sendable, Equatable, Codable {
    /// The segments, covering the day.
    public var segments: [TimeWindow]
    /// The reload intervals a segment may use, seconds, shortest first; `nil` is `never`.
    public var afters: [Double?]
    /// Entries per timeline.
    public var entries: Int
    /// Seconds between entries.
    public var spacing: Double
    /// Alignment of the entries after the first.
    public var align: EntryAlignment
    /// Seconds from the reload to the first entry.
    public var firstOffset: Double

    /// Creates a schedule space; `afters` are sorted shortest first, `never` last.
    public init(
        segments: [TimeWindow], afters: [Double?], entries: Int = 1, spacing: Double = 0, align: EntryAlignment = .none,
        firstOffset: Double = 0
    ) {
        self.segments = segments
        self.afters = afters.sorted { ($0 ?? .infinity) < ($1 ?? .infinity) }
        self.entries = entries
        self.spacing = spacing
        self.align = align
        self.firstOffset = firstOffset
    }

    /// The number of schedules, |afters|^segments.
    public var count: Double { Double(afters.count).rawPower(segments.count) }

    /// Why `segments` do not cover every day exactly once (each every day of the week, end to end,
    /// 24 hours in all), or `nil` when they do.
    public static func coverageProblem(_ segments: [TimeWindow]) -> String? {
        if segments.isEmpty { return "needs at least one segment" }
        if let w = segments.first(where: { $0.weekdays != TimeWindow.everyDay }) {
            return "segment \(w) applies on some days only: every segment of a schedule applies every day"
        }
        let sorted = segments.sorted { $0.start < $1.start }
        for (i, w) in sorted.enumerated() {
            let next = sorted[(i + 1) % sorted.count]
            if w.end.truncatingRemainder(dividingBy: Seconds.day) != next.start {
                return "segment \(w) does not end where the next one (\(next)) starts: the segments must cover the day"
            }
        }
        let total = sorted.reduce(0.0) { $0 + ($1.end > $1.start ? $1.end - $1.start : $1.end + Seconds.day - $1.start) }
        return total == Seconds.day ? nil : "the segments cover \(DurationFormat.string(total)), not the day's 24h"
    }

    /// Every schedule, as option indices per segment, in lexicographic order (small spaces only).
    public var allChoices: [[Int]] {
        segments.reduce([[]]) { partial, _ in partial.flatMap { c in afters.indices.map { c + [$0] } } }
    }

    /// The candidate of `choice` (an index into ``afters`` per segment), as the optimizer lists it.
    public func candidate(_ choice: [Int]) -> PolicyCandidate {
        PolicyCandidate(
            spacing: spacing, entries: entries, align: align, policy: .never,
            schedule: zip(segments, choice).map { ScheduleSegment(window: $0, after: afters[$1]) })
    }

    /// The provider of `choice` (an index into ``afters`` per segment).
    public func providerSpec(_ choice: [Int]) -> ProviderSpec {
        candidate(choice).providerSpec(firstOffset: firstOffset)
    }

    /// One line in plain words, e.g. `07:00-09:00 after 10m; 09:00-17:00 after 1h; 23:00-07:00 never`.
    public func describe(_ choice: [Int]) -> String {
        candidate(choice).scheduleText
    }
}

extension Double {
    fileprivate func rawPower(_ n: Int) -> Double { (0..<n).reduce(1) { p, _ in p * self } }
}
