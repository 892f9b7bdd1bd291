import WidgetBudgetKit

extension ScenarioReader {
    /// `memory: {limit_mb, base_mb, per_entry_kb, retry_after, retries, backoff}`.
    func readMemory(_ v: YAMLValue) throws -> MemorySettings {
        let m = try v.mapping(allowed: ["limit_mb", "base_mb", "per_entry_kb", "retry_after", "retries", "backoff"])
        var memory = MemorySettings(limitMB: platform.memoryLimitMB)
        if let x = m["limit_mb"] {
            memory.limitMB = try x.double(in: Bounds.memoryMB)
            if memory.limitMB <= 0 { throw x.error("must be greater than 0") }
        }
        if let x = m["base_mb"] {
            memory.baseMB = try x.double(in: Bounds.memoryMB)
            if memory.baseMB < 0 { throw x.error("must not be negative") }
        }
        if let x = m["per_entry_kb"] {
            memory.perEntryKB = try x.double(in: Bounds.perEntryKB)
            if memory.perEntryKB < 0 { throw x.error("must not be negative") }
        }
        if let x = m["retry_after"] { memory.retryAfter = try x.positiveDuration() }
        if let x = m["retries"] {
            memory.retries = try nonNegativeInt(x)
            guard let b = m["backoff"] else {
                throw x.error("give memory.backoff too, the wait once retries ran out", hint: "e.g. backoff: 1h (OBSERVED #18)")
            }
            memory.backoff = try b.positiveDuration()
        } else if let b = m["backoff"] {
            throw b.error("give memory.retries too, the failed retries before the backoff", hint: "e.g. retries: 3")
        }
        return memory
    }
}
