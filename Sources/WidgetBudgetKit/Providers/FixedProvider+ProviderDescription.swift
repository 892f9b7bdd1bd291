extension FixedProvider: ProviderDescription {
    /// `entries`: every timeline has that many.
    public var maxEntries: Int { entries }

    /// `12 entries 5m apart, first at +2s, aligned to the minute, at-end`.
    public var summary: String {
        var text = "\(entries) entr\(entries == 1 ? "y" : "ies")"
        if entries > 1 { text += " \(DurationFormat.string(spacing)) apart" }
        if firstOffset != 0 { text += ", first at +\(DurationFormat.string(firstOffset))" }
        if align != .none { text += ", aligned to the \(align.rawValue)" }
        return text + ", \(policy)"
    }

    /// Runs as itself.
    public func makeRunnable(clock: LocalClock, horizon: Double) -> BuiltInProvider { .fixed(self) }
}
