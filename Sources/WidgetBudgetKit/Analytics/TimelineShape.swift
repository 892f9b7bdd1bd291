/// The timeline a provider returned most often, as a `fixed` provider of a scenario.
public struct TimelineShape: Sendable, Equatable, Codable {
    /// The provider that returns it.
    public var provider: FixedProvider
    /// Timelines of this shape (same entry count and policy kind).
    public var matching: Int
    /// Timelines whose entries and policy were logged.
    public var total: Int
}

/// Gathers timeline shapes row by row: counts per (entries, policy kind) and, for each, the first
/// few thousand spacings, first-entry offsets and `.after` delays (enough for stable medians).
struct TimelineShapeTally: Sendable {
    struct Key: Hashable, Sendable {
        var entries: Int
        var policy: Int  // 0 at-end, 1 after, 2 never
    }

    struct Samples: Sendable {
        var count = 0
        var spacing: [Double] = []
        var firstOffset: [Double] = []
        var after: [Double] = []
    }

    static let keep = 4096
    var shapes: [Key: Samples] = [:]
    var total = 0

    mutating func add(_ r: DeviceLogRecord) {
        guard let entries = r.entries, let policy = r.policy else { return }
        let kind: Int
        switch policy {
        case .atEnd: kind = 0
        case .after: kind = 1
        case .never: kind = 2
        }
        total += 1
        var s = shapes[Key(entries: entries, policy: kind), default: Samples()]
        s.count += 1
        if s.count <= Self.keep {
            if let first = r.firstEntry {
                s.firstOffset.append(first - r.time)
                if let last = r.lastEntry, entries > 1 { s.spacing.append((last - first) / Double(entries - 1)) }
            }
            if case let .after(date) = policy { s.after.append(date - r.time) }
        }
        shapes[Key(entries: entries, policy: kind)] = s
    }

    /// The most common shape (ties: fewer entries first), rounded to whole seconds.
    var mostCommon: TimelineShape? {
        let ranked = shapes.sorted { a, b in
            if a.value.count != b.value.count { return a.value.count > b.value.count }
            if a.key.entries != b.key.entries { return a.key.entries < b.key.entries }
            return a.key.policy < b.key.policy
        }
        guard let (key, s) = ranked.first else { return nil }
        let entries = Swift.max(1, key.entries)
        let spacing = entries > 1 ? Swift.max(1, (Quantiles.median(s.spacing) ?? 60).rounded()) : 0
        let firstOffset = Swift.max(0, (Quantiles.median(s.firstOffset) ?? 0).rounded())
        let policy: FixedPolicy
        switch key.policy {
        case 0: policy = .atEnd
        case 1: policy = .after(Swift.max(1, (Quantiles.median(s.after) ?? 60).rounded()))
        default: policy = .never
        }
        return TimelineShape(
            provider: FixedProvider(entries: entries, spacing: spacing, firstOffset: firstOffset, policy: policy), matching: s.count,
            total: total)
    }
}
