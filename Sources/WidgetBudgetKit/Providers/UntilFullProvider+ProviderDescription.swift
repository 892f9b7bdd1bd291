extension UntilFullProvider: ProviderDescription {
    /// `until-full`.
    public static var typeName: String { "until-full" }
    /// `level`, `rate_per_hour`, `spacing`, `full`, `on_change`.
    public static var keys: [String] { ["level", "rate_per_hour", "spacing", "full", "on_change"] }
    /// Level 40, 10 an hour, entries every 30 minutes.
    public static var example: String { "{type: until-full, level: 40, rate_per_hour: 10, spacing: 30m}" }

    /// Reads `level`, `rate_per_hour`, `spacing`, optional `full` (100) and `on_change`
    /// (`{set: level}` or `{add: amount}`); the timeline until full must fit ``Bounds/maxEntries``.
    public static func read<M: ScenarioMapping>(_ m: M) throws -> UntilFullProvider {
        let full = try m["full"]?.double(in: Bounds.number) ?? 100
        let level = try m.require("level", hint: nil).double(in: Bounds.number)
        if level < 0 || level > full { throw m["level"]!.error("must be between 0 and full (\(DurationFormat.number(full)))", hint: nil) }
        let rate = try m.require("rate_per_hour", hint: nil).double(in: Bounds.ratePerHour)
        if rate < 0 { throw m["rate_per_hour"]!.error("must not be negative", hint: nil) }
        let spacing = try m.require("spacing", hint: nil).positiveDuration()
        var effect = ChangeEffect.add(0)
        if let e = m["on_change"] {
            let em = try e.mapping(allowed: ["set", "add"])
            if let s = em["set"] {
                effect = .set(try s.double(in: Bounds.number))
            } else if let a = em["add"] {
                effect = .add(try a.double(in: Bounds.number))
            } else {
                throw e.error("give `set: level` or `add: amount`", hint: nil)
            }
        }
        let provider = UntilFullProvider(level: level, ratePerHour: rate, spacing: spacing, full: full, onChange: effect)
        if provider.maxEntries > Bounds.maxEntries {
            throw m["spacing"]!.error("the timeline until full would exceed \(Bounds.maxEntries) entries", hint: "use a wider spacing")
        }
        return provider
    }

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

    /// 0: the first entry is dated at the reload.
    public var firstEntryOffset: Double { 0 }

    /// Runs as itself (its level then moves with the run).
    public func makeRunnable(clock: LocalClock, horizon: Double) -> BuiltInProvider { .untilFull(self) }

    /// ``ProviderSpec/untilFull(_:)``.
    public var spec: ProviderSpec { .untilFull(self) }
}
