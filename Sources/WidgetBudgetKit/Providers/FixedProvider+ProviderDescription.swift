extension FixedProvider: ProviderDescription {
    /// `fixed`.
    public static var typeName: String { "fixed" }
    /// `entries`, `spacing`, `first_offset`, `align`, `policy` (also the keys of each item of a
    /// `windows` or `schedule` provider, besides `during`).
    public static var keys: [String] { ["entries", "spacing", "first_offset", "align", "policy"] }
    /// Twelve entries five minutes apart, `.atEnd`.
    public static var example: String { "{type: fixed, entries: 12, spacing: 5m, policy: at-end}" }

    /// Reads `entries` (default 1), `spacing` (required with more than one entry), `first_offset`,
    /// `align` and `policy` (default `at-end`).
    public static func read<M: ScenarioMapping>(_ m: M) throws -> FixedProvider {
        let entries =
            try m["entries"].map { node -> Int in
                let n = try node.int()
                if n < 1 { throw node.error("must be at least 1 (got \(n))", hint: nil) }
                if n > Bounds.maxEntries {
                    throw node.error(
                        "\(n) entries is beyond the limit of \(Bounds.maxEntries)",
                        hint: "a real widget holds far fewer; memory kills start near 400")
                }
                return n
            } ?? 1
        var spacing = 0.0
        if let s = m["spacing"] {
            spacing = try s.positiveDuration()
        } else if entries > 1 {
            throw m.error(
                missing: "spacing", "missing required key 'spacing' (\(entries) entries need a spacing)",
                hint: "the time between entries, e.g. 1m")
        }
        let firstOffset = try m["first_offset"]?.nonNegativeDuration() ?? 0
        let align = try m["align"]?.word(EntryAlignment.self, what: "alignment") ?? EntryAlignment.none
        let policy = try m["policy"].map { try FixedPolicy.read($0) } ?? .atEnd
        return FixedProvider(entries: entries, spacing: spacing, firstOffset: firstOffset, align: align, policy: policy)
    }

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

    /// ``firstOffset``.
    public var firstEntryOffset: Double { firstOffset }

    /// Runs as itself.
    public func makeRunnable(clock: LocalClock, horizon: Double) -> BuiltInProvider { .fixed(self) }

    /// ``ProviderSpec/fixed(_:)``.
    public var spec: ProviderSpec { .fixed(self) }
}
