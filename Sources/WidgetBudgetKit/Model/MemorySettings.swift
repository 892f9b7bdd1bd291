/// The widget extension's memory model: `base_mb + entries × per_entry_kb` when the provider builds
/// a timeline; above `limit_mb` the extension is killed.
public struct MemorySettings: Sendable, Equatable, Codable {
    /// The limit in MB (about 30 on iOS as developers report; 15 on watchOS).
    public var limitMB: Double
    /// Memory of the extension before any entry, in MB.
    public var baseMB: Double
    /// Memory per timeline entry, in KB (1 MB = 1024 KB).
    public var perEntryKB: Double
    /// Seconds after a kill before WidgetKit tries again.
    public var retryAfter: Double
    /// Failed retries in a row after which WidgetKit backs off (`Int.max`: never).
    public var retries = Int.max
    /// Once ``retries`` retries in a row failed, the next attempts come this long apart, seconds
    /// (OBSERVED #18: an hour).
    public var backoff: Double = 0

    /// Creates memory settings.
    public init(limitMB: Double = 30, baseMB: Double = 6, perEntryKB: Double = 64, retryAfter: Double = 900) {
        self.limitMB = limitMB
        self.baseMB = baseMB
        self.perEntryKB = perEntryKB
        self.retryAfter = retryAfter
    }

    /// The memory, in MB, of building a timeline of `entries` entries.
    @inline(__always)
    public func footprint(entries: Int) -> Double {
        baseMB + Double(entries) * perEntryKB / 1024
    }

    /// The most entries a timeline can hold without a kill.
    public var maxEntries: Int {
        perEntryKB <= 0 ? Int.max : Int(((limitMB - baseMB) * 1024 / perEntryKB).rounded(.down))
    }
}
