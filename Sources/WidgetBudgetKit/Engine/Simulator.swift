import Dispatch

/// Runs a whole scenario: every widget in every replication, in parallel over all cores.
///
/// Each (replication, widget) pair is an independent job whose random draws depend only on the
/// scenario's seed and the pair's coordinates, so results are identical whatever the core count.
public enum Simulator {
    /// Runs `scenario`, recording events at `events` level.
    public static func run(_ scenario: Scenario, events: EventLevel = .none) -> SimulationResult {
        let calendar = SimulationCalendar(scenario: scenario)
        let widgets = scenario.widgets.count
        let jobs = scenario.replications * widgets
        let results = ParallelMap.map(count: jobs) { job -> WidgetRunResult in
            let replication = job / widgets
            let w = job % widgets
            let spec = scenario.widgets[w]
            let inputs = WidgetInputs(scenario: scenario, calendar: calendar, widgetIndex: w, replication: replication)
            var simulation = WidgetSimulation(
                provider: spec.provider.makeProvider(clock: calendar.clock, horizon: calendar.horizon),
                inputs: inputs, calendar: calendar, memory: scenario.memory, system: scenario.system,
                budgetModel: scenario.budget.model, widgetIndex: w, replication: replication,
                family: spec.family, events: events)
            return simulation.run()
        }
        var runs: [[WidgetRunResult]] = []
        for r in 0..<scenario.replications {
            runs.append(Array(results[(r * widgets)..<((r + 1) * widgets)]))
        }
        return SimulationResult(scenario: scenario, calendar: calendar, runs: runs)
    }
}

/// The outcome of a scenario run.
public struct SimulationResult: Sendable {
    /// The scenario that was run.
    public let scenario: Scenario
    /// Its calendar.
    public let calendar: SimulationCalendar
    /// `runs[replication][widget]`.
    public let runs: [[WidgetRunResult]]
    /// One summary per widget, in scenario order, computed once when the result is made (a
    /// summary's age quantile passes over every stale stretch of every replication).
    public let summaries: [WidgetSummary]

    /// Gathers the runs of `scenario` and summarises each widget.
    public init(scenario: Scenario, calendar: SimulationCalendar, runs: [[WidgetRunResult]]) {
        self.scenario = scenario
        self.calendar = calendar
        self.runs = runs
        summaries = scenario.widgets.indices.map { w in
            WidgetSummary(widget: scenario.widgets[w].name, runs: runs.map { $0[w] })
        }
    }

    /// All recorded events, by replication, then time, then widget, in the order they happened.
    public var events: [EngineEvent] {
        var out: [EngineEvent] = []
        for replication in runs {
            var merged = replication.enumerated().flatMap { w, run in run.events.enumerated().map { (w, $0.offset, $0.element) } }
            merged.sort { a, b in
                if a.2.time != b.2.time { return a.2.time < b.2.time }
                if a.0 != b.0 { return a.0 < b.0 }
                return a.1 < b.1
            }
            out += merged.map(\.2)
        }
        return out
    }
}

/// Maps jobs over all cores, keeping results in job order.
public enum ParallelMap {
    /// Applies `body` to `0..<count` concurrently; the result is in index order.
    public static func map<T: Sendable>(count: Int, _ body: @Sendable (Int) -> T) -> [T] {
        guard count > 0 else { return [] }
        let slots = ResultSlots<T>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { i in
            slots.store(body(i), at: i)
        }
        return slots.collect()
    }
}

/// Storage each job writes exactly once, at its own index.
///
/// The buffer is allocated once and never resized; jobs write disjoint slots through its base
/// pointer, so no job touches memory (or a copy-on-write reference count) another job touches.
/// `collect` runs after `concurrentPerform` returned, which orders every write before it.
private final class ResultSlots<T>: @unchecked Sendable {
    private let base: UnsafeMutablePointer<T>
    private let count: Int

    init(count: Int) {
        self.count = count
        base = UnsafeMutablePointer<T>.allocate(capacity: count)
    }

    func store(_ value: T, at index: Int) {
        (base + index).initialize(to: value)
    }

    /// Moves the values out, in index order; call once, after every slot was stored.
    func collect() -> [T] {
        Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            buffer.baseAddress!.moveInitialize(from: base, count: count)
            initialized = count
        }
    }

    deinit {
        base.deallocate()
    }
}
