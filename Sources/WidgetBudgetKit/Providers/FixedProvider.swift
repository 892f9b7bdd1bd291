/// The common provider: `entries` entries `spacing` apart, optionally aligned, and a fixed policy.
///
/// Seed 002's clock is `FixedProvider(entries: 61, spacing: 60, firstOffset: 2, align: .minute,
/// policy: .atEnd)`: a first entry 2 s after the reload, the second on the next whole minute,
/// then one a minute.
public struct FixedProvider: ReplayProvider, Sendable, Equatable, Codable {
    /// Number of entries per timeline (at least 1).
    public var entries: Int { didSet { reshape() } }
    /// Seconds between entries (after the aligned second entry, when aligned).
    public var spacing: Double { didSet { reshape() } }
    /// Seconds from the reload to the first entry.
    public var firstOffset: Double
    /// How entries after the first are aligned on the local clock.
    public var align: EntryAlignment { didSet { reshape() } }
    /// The reload policy.
    public var policy: FixedPolicy
    /// What every timeline of this provider shares, found from the properties above when it is
    /// created and whenever one of them changes: a reload computes only what depends on its time.
    private var shape: Shape

    /// What the timelines of a fixed provider share whatever their reload time.
    private struct Shape: Sendable {
        /// The alignment step (``EntryAlignment/step``).
        let alignStep: Double?
        /// The entries after the first: `entries - 1` of them, `spacing` apart.
        let after: EvenlySpacedDates.Spacing
        /// What the checks of `after`'s dates answer for second entries not far from 0.
        let bound: EvenTimeline.GapBound

        init(entries: Int, spacing: Double, align: EntryAlignment) {
            alignStep = align.step
            after = EvenlySpacedDates.Spacing(spacing: spacing, count: entries > 1 ? entries - 1 : 0)
            bound = EvenTimeline.GapBound(after)
        }
    }

    /// Finds the shape again (a property it follows from changed).
    private mutating func reshape() { shape = Shape(entries: entries, spacing: spacing, align: align) }

    /// Creates a fixed provider.
    public init(entries: Int, spacing: Double, firstOffset: Double = 0, align: EntryAlignment = .none, policy: FixedPolicy = .atEnd) {
        self.entries = entries
        self.spacing = spacing
        self.firstOffset = firstOffset
        self.align = align
        self.policy = policy
        shape = Shape(entries: entries, spacing: spacing, align: align)
    }

    /// Fills `timeline` for a reload at `context.now` (see ``ReplayProvider``).
    ///
    /// Inlined: the engine calls it at every reload through ``BuiltInProvider``, and a call would
    /// copy the provider out of the enum first.
    @inline(__always)
    public func getTimeline(in context: ReplayContext, into timeline: inout ReplayTimeline) {
        let first = context.now + firstOffset
        timeline.append(date: first)
        if shape.after.count > 0 {
            // Entries second + i × spacing, kept as three numbers: the engine reads them by arithmetic.
            timeline.appendEntries(from: secondDate(after: first, clock: context.clock), shape.after)
        }
        timeline.policy = reloadPolicy(at: context.now)
    }

    /// The timeline of a reload at `now` as numbers (the one ``getTimeline(in:into:)`` builds
    /// with `context.now` = `now` and `context.clock` = `clock`), or `nil` when it is not stored
    /// so (two entries, or dates not kept as three numbers: see ``EvenTimeline``).
    ///
    /// Inlined: the engine asks at every reload (through ``BuiltInProvider``).
    @inline(__always)
    package func evenTimeline(at now: SimTime, clock: LocalClock) -> EvenTimeline? {
        let first = now + firstOffset
        let policy = reloadPolicy(at: now)
        guard shape.after.count > 0 else { return EvenTimeline(first: first, policy: policy) }
        let second = secondDate(after: first, clock: clock)
        return EvenTimeline.make(first: first, second: second, shape.after, bound: shape.bound, policy: policy)
    }

    /// The second entry's date when the first is at `first`: the next aligned instant on `clock`,
    /// or one spacing on (``getTimeline(in:into:)`` and ``evenTimeline(at:clock:)`` both ask).
    @inline(__always)
    private func secondDate(after first: SimTime, clock: LocalClock) -> SimTime {
        if let step = shape.alignStep { return clock.nextAligned(after: first, step: step) }
        return first + spacing
    }

    /// The reload policy of a timeline returned at `now`, its `.after` dated from `now`.
    @inline(__always)
    private func reloadPolicy(at now: SimTime) -> ReloadPolicy {
        switch policy {
        case .atEnd: return .atEnd
        case let .after(seconds): return .after(now + seconds)
        case .never: return .never
        }
    }

    /// How long one timeline covers from its reload to its last entry, in seconds (no alignment
    /// slack counted).
    public var span: Double {
        firstOffset + Double(max(0, entries - 1)) * spacing
    }
}

extension FixedProvider {
    /// The scenario's properties, as before the shape was kept (the shape is found again).
    private enum CodingKeys: String, CodingKey { case entries, spacing, firstOffset, align, policy }

    /// Reads the five properties; the shape is found from them.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            entries: try c.decode(Int.self, forKey: .entries), spacing: try c.decode(Double.self, forKey: .spacing),
            firstOffset: try c.decode(Double.self, forKey: .firstOffset),
            align: try c.decode(EntryAlignment.self, forKey: .align), policy: try c.decode(FixedPolicy.self, forKey: .policy))
    }

    /// Whether two providers have the same five properties (the shape follows from them).
    public static func == (a: FixedProvider, b: FixedProvider) -> Bool {
        a.entries == b.entries && a.spacing == b.spacing && a.firstOffset == b.firstOffset && a.align == b.align
            && a.policy == b.policy
    }
}
