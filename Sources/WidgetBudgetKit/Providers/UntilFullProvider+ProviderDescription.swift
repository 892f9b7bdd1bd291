extension UntilFullProvider: ProviderDescription {
    /// The entries from the starting level up to full, one per `spacing` of regeneration, plus the
    /// full one (1 when nothing regenerates).
    public var maxEntries: Int {
        let step = ratePerHour * spacing / Seconds.hour
        guard step > 0 else { return 1 }
        return min(Int.max - 1, Bounds.saturatingInt(((full - min(level, full)) / step).rounded(.up))) + 1
    }

    /// `until-full: level 25 → 100 at 25/h, entries every 1h`.
    public var summary: String {
        "until-full: level \(DurationFormat.number(level)) → \(DurationFormat.number(full)) at \(DurationFormat.number(ratePerHour))/h, entries every \(DurationFormat.string(spacing))"
    }

    /// Runs as itself (its level then moves with the run).
    public func makeRunnable(clock: LocalClock, horizon: Double) -> BuiltInProvider { .untilFull(self) }
}
