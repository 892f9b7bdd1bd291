/// Seed 000's health widget: a level that regenerates at a rate until full.
///
/// At a reload the provider computes the current level; if not full it returns entries every
/// `spacing` until the level reaches `full` (the last entry shows it full) with `.atEnd`; if full,
/// one entry with `.never`. Each unpredictable content change (a potion, a fight) changes the level
/// by ``ChangeEffect``.
public struct UntilFullProvider: ReplayProvider, Sendable, Equatable, Codable {
    /// What an unpredictable change does to the level.
    public enum ChangeEffect: Sendable, Equatable, Codable {
        /// Sets the level (a fight knocks health back to 25).
        case set(Double)
        /// Adds to the level, clamped to `0...full` (a potion adds 50).
        case add(Double)
    }

    /// The level at the start: read once, by `init` (a reload computes the level from it, the
    /// time since and the changes), so it cannot be set afterwards.
    public let level: Double
    /// Regeneration, in level units per hour.
    public var ratePerHour: Double
    /// Seconds between entries.
    public var spacing: Double
    /// The full level.
    public var full: Double
    /// The effect of each unpredictable change.
    public var onChange: ChangeEffect

    private var baseLevel: Double
    private var baseTime: SimTime = 0
    private var changeCursor = 0

    /// Creates the provider.
    public init(level: Double, ratePerHour: Double, spacing: Double, full: Double = 100, onChange: ChangeEffect = .add(0)) {
        self.level = level
        self.ratePerHour = ratePerHour
        self.spacing = spacing
        self.full = full
        self.onChange = onChange
        baseLevel = level
    }

    private func level(at t: SimTime) -> Double {
        min(full, baseLevel + ratePerHour * (t - baseTime) / Seconds.hour)
    }

    /// Fills `timeline` for a reload at `context.now` (see ``ReplayProvider``).
    public mutating func getTimeline(in context: ReplayContext, into timeline: inout ReplayTimeline) {
        let changes = context.unpredictableChanges.times
        while changeCursor < changes.count && changes[changeCursor] <= context.now {
            let t = changes[changeCursor]
            let before = level(at: t)
            switch onChange {
            case let .set(value): baseLevel = min(full, max(0, value))
            case let .add(amount): baseLevel = min(full, max(0, before + amount))
            }
            baseTime = t
            changeCursor += 1
        }
        let current = level(at: context.now)
        if current >= full - 1e-9 || ratePerHour <= 0 {
            timeline.append(date: context.now)
            timeline.policy = .never
            return
        }
        let step = ratePerHour * spacing / Seconds.hour
        let count = min(Int.max - 1, Bounds.saturatingInt(((full - current) / step - 1e-9).rounded(.up))) + 1
        timeline.appendEntries(from: context.now, spacing: spacing, count: count)
        timeline.policy = .atEnd
    }
}
