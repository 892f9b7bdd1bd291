/// The common provider: `entries` entries `spacing` apart, optionally aligned, and a fixed policy.
///
/// Seed 002's clock is `FixedProvider(entries: 61, spacing: 60, firstOffset: 2, align: .minute,
/// policy: .atEnd)`: a first entry 2 s after the reload, the second on the next whole minute,
/// then one a minute.
public struct FixedProvider: ReplayProvider, Sendable, Equatable, Codable {
    /// Number of entries per timeline (at least 1).
    public var entries: Int
    /// Seconds between entries (after the aligned second entry, when aligned).
    public var spacing: Double
    /// Seconds from the reload to the first entry.
    public var firstOffset: Double
    /// How entries after the first are aligned on the local clock.
    public var align: EntryAlignment
    /// The reload policy.
    public var policy: FixedPolicy

    /// Creates a fixed provider.
    public init(entries: Int, spacing: Double, firstOffset: Double = 0, align: EntryAlignment = .none, policy: FixedPolicy = .atEnd) {
        self.entries = entries
        self.spacing = spacing
        self.firstOffset = firstOffset
        self.align = align
        self.policy = policy
    }

    /// Fills `timeline` for a reload at `context.now` (see ``ReplayProvider``).
    ///
    /// Inlined: the engine calls it at every reload through ``BuiltInProvider``, and a call would
    /// copy the provider out of the enum first.
    @inline(__always)
    public func getTimeline(in context: ReplayContext, into timeline: inout ReplayTimeline) {
        let first = context.now + firstOffset
        timeline.append(date: first)
        if entries > 1 {
            let second: SimTime
            if let step = align.step {
                second = context.clock.nextAligned(after: first, step: step)
            } else {
                second = first + spacing
            }
            // Entries second + i × spacing, kept as three numbers: the engine reads them by arithmetic.
            timeline.appendEntries(from: second, spacing: spacing, count: entries - 1)
        }
        switch policy {
        case .atEnd: timeline.policy = .atEnd
        case let .after(seconds): timeline.policy = .after(context.now + seconds)
        case .never: timeline.policy = .never
        }
    }

    /// How long one timeline covers from its reload to its last entry, in seconds (no alignment
    /// slack counted).
    public var span: Double {
        firstOffset + Double(max(0, entries - 1)) * spacing
    }
}
