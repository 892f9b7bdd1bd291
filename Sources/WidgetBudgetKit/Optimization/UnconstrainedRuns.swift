import Foundation

/// The unconstrained runs of an optimization's candidates (a replication run again without a
/// budget after it waited for budget at B_min, when no exhausted day is allowed), kept so that a
/// candidate whose run the engine shows to be the same is not run again.
///
/// Two candidates that differ only in their entry count often run the same without a budget: a
/// timeline replaced every quarter of an hour never shows its later entries. The engine measures
/// how far its timelines were read (``WidgetRunResult/reach``, `TimelineReach.swift`): a run of `n`
/// entries with `reach + 1 < n` is, to the bit, the run of any count `n' > reach + 1` whose
/// timelines meet the same fate (``DeliveryFate``: delivered, killed or rejected), but for its peak
/// memory, which no reader of an unconstrained run reads (its objective and its needed budget).
/// A run is kept under everything else that makes it: the provider with its entry count left out
/// (bit for bit), the replication and the app throttle; the budget, its model, the detail and the
/// scenario are the problem's, the same for all of its unconstrained runs.
///
/// The reach is measured (``RunDetail/reach``, a search at every grant) only by a run whose key
/// has a run kept for another count: the first run of a provider stands for its own count only
/// (a candidate evaluated again, by racing or a search), the next measures how far it stands.
///
/// A hit is taken only when that condition holds, so a hit gives the bits a run would: the
/// evaluations are the same whichever candidate runs first, on any number of cores. One run per
/// key is kept, the one that stands for the most counts, and at most ``capacity`` of them (the
/// oldest go first), with only what is read: the days and stretches' shapes, and the needed
/// budget instead of the charge times.
package final class UnconstrainedRuns: @unchecked Sendable {
    /// A kept run.
    package struct Run: Sendable {
        /// The entry count it ran with.
        package var entries: Int
        /// How far its timelines were read (``WidgetRunResult/reach``).
        package var reach: Int
        /// The run, without its charge times.
        package var result: WidgetRunResult
        /// The drawn budget its charge times need (`NeededBudget.drawn`).
        package var needed: Int
    }

    /// The most runs kept.
    package let capacity: Int
    /// The scenario's memory and system settings, which decide a timeline's fate.
    private let memory: MemorySettings, system: SystemSettings
    private let lock = NSLock()
    private var runs: [[UInt64]: Run] = [:]
    /// The keys in the order they were first kept, the oldest at `oldest`.
    private var order: [[UInt64]] = []
    private var oldest = 0
    /// How many runs were taken from the store.
    private var hitCount = 0

    /// The most runs of `days` days each to keep: 8,192, and no more days in all than 2^18 (a run
    /// keeps its days' metrics, about 200 bytes a day: some 50 MB at most, whatever the horizon,
    /// where 8,192 runs of ten years would hold gigabytes), at least one.
    package static func capacity(days: Int) -> Int {
        max(1, min(8_192, (1 << 18) / max(1, days)))
    }

    /// An empty store for the runs of a scenario with these `memory` and `system` settings.
    package init(memory: MemorySettings, system: SystemSettings, capacity: Int = 8_192) {
        self.memory = memory
        self.system = system
        self.capacity = max(1, capacity)
    }

    /// The key of `spec`'s unconstrained run of replication `replication` with the app throttled to
    /// `appThrottle`, and its entry count: every number by its bits, the entry count left out;
    /// `nil` for a provider whose count is read otherwise (a schedule clips `.atEnd` at the last
    /// entry's date, until-full, custom) or which has none (never), and for windows of different
    /// counts.
    package static func key(_ spec: ProviderSpec, replication: Int, appThrottle: Double?) -> (key: [UInt64], entries: Int)? {
        // Room for a fixed provider's key, or one window's, without growing.
        var key: [UInt64] = []
        key.reserveCapacity(16)
        key.append(UInt64(bitPattern: Int64(replication)))
        if let appThrottle { key += [1, appThrottle.bitPattern] } else { key.append(0) }
        func add(_ p: FixedProvider) {
            let align = UInt64(EntryAlignment.allCases.firstIndex(of: p.align) ?? -1)
            key += [p.spacing.bitPattern, p.firstOffset.bitPattern, align]
            switch p.policy {
            case .atEnd: key.append(0)
            case let .after(seconds): key += [1, seconds.bitPattern]
            case .never: key.append(2)
            }
        }
        switch spec {
        case let .fixed(p):
            key.append(1)
            add(p)
            return (key, p.entries)
        case let .windows(list):
            guard let entries = list.first?.provider.entries, list.allSatisfy({ $0.provider.entries == entries }) else {
                return nil
            }
            key += [2, UInt64(list.count)]
            for w in list {
                key += [UInt64(w.window.weekdays), w.window.start.bitPattern, w.window.end.bitPattern]
                add(w.provider)
            }
            return (key, entries)
        case .untilFull, .schedule, .never, .custom:
            return nil
        }
    }

    /// Whether `run` is, in every field its readers read, the run of `entries` entries: its own
    /// count, or one above `reach + 1` whose timelines meet the fate of its own.
    package func stands(_ run: Run, for entries: Int) -> Bool {
        if entries == run.entries { return true }
        // (`reach < n - 1`, not `reach + 1 < n`: an unmeasured reach is `Int.max`.)
        return run.reach < run.entries - 1 && run.reach < entries - 1
            && DeliveryFate(entries: entries, memory: memory, system: system)
                == DeliveryFate(entries: run.entries, memory: memory, system: system)
    }

    /// The run kept under `key` when it stands for `entries` entries (``stands(_:for:)``), and
    /// whether a run is kept there (the next run of that key then measures its reach).
    package func run(_ key: [UInt64], entries: Int) -> (run: Run?, kept: Bool) {
        lock.lock()
        defer { lock.unlock() }
        guard let run = runs[key] else { return (nil, false) }
        guard stands(run, for: entries) else { return (nil, true) }
        hitCount += 1
        return (run, true)
    }

    /// Keeps `run` under `key`, unless the run kept there stands for at least as many counts: one
    /// whose reach is within its count stands for every count above its reach (the lower, the
    /// more), any other only for its own.
    package func keep(_ run: Run, key: [UInt64]) {
        var run = run
        run.result.chargeTimes = []
        @inline(__always) func floor(_ r: Run) -> Int { r.reach < r.entries - 1 ? r.reach : .max }
        lock.lock()
        defer { lock.unlock() }
        if let kept = runs[key] {
            if floor(run) < floor(kept) { runs[key] = run }
            return
        }
        // Room for a few hundred runs at the first (a sweep's binding candidates), not grown from one.
        if runs.isEmpty { runs.reserveCapacity(min(capacity, 512)) }
        if runs.count >= capacity {
            runs[order[oldest]] = nil
            order[oldest] = key
            oldest = (oldest + 1) % order.count
        } else {
            order.append(key)
        }
        runs[key] = run
    }

    /// How many runs are kept, and how many were taken from the store (tests).
    package var counts: (kept: Int, hits: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (runs.count, hitCount)
    }
}
