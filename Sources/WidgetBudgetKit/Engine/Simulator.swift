import Dispatch
import Foundation

/// Runs a whole scenario: every widget in every replication, in parallel over all cores.
///
/// Each (replication, widget) pair is an independent job whose random draws depend only on the
/// scenario's seed and the pair's coordinates, so results are identical whatever the core count.
public enum Simulator {
    /// Runs `scenario`, recording events at `events` level.
    public static func run(_ scenario: Scenario, events: EventLevel = .none) -> SimulationResult {
        run(scenario, replacing: nil, with: NeverProvider(), replications: 0..<scenario.replications, events: events)
    }

    /// Runs `scenario`, telling `progress` after each (replication, widget) run finishes; with
    /// `sinks`, each run's events at `events` level go to the sink it makes.
    public static func run(
        _ scenario: Scenario, events: EventLevel, sinks: EventSinkFactory?, progress: @escaping SimulationProgress
    ) -> SimulationResult {
        run(
            scenario, replacing: nil, with: NeverProvider(), replications: 0..<scenario.replications, events: events, sinks: sinks,
            progress: progress)
    }

    /// As ``run(_:events:sinks:progress:)``, each run computing `detail` (``RunDetail/summaries``:
    /// without the stale stretches' times, for output that draws no figure); with `shapes`, a run
    /// that keeps its stretches as shapes sends them to the store `shapes` makes for it
    /// (``AgeShapeStore``), so they stay out of memory; with `days`, a finished run's day metrics
    /// go to the store `days` makes for it (``DayStore``, ``DayList``).
    package static func run(
        _ scenario: Scenario, events: EventLevel, sinks: EventSinkFactory?, detail: RunDetail,
        shapes: AgeShapeStoreFactory? = nil, days: DayStoreFactory? = nil, progress: @escaping SimulationProgress
    ) -> SimulationResult {
        run(
            scenario, replacing: nil, with: NeverProvider(), replications: 0..<scenario.replications, events: events, sinks: sinks,
            detail: detail, shapes: shapes, days: days, progress: progress)
    }

    /// Runs `scenario`, sending each run's events at `events` level to the sink `sinks` makes for
    /// it as they happen (``EventSink``) rather than keeping them: the result's
    /// ``WidgetRunResult/events`` are empty, so its memory does not grow with the events.
    public static func run(_ scenario: Scenario, events: EventLevel, sinks: @escaping EventSinkFactory) -> SimulationResult {
        run(scenario, replacing: nil, with: NeverProvider(), replications: 0..<scenario.replications, events: events, sinks: sinks)
    }

    /// Runs replication `replication` (0-based) of `scenario` alone: the result's only
    /// replication is exactly that replication of a full run (for figures that show one).
    package static func run(_ scenario: Scenario, onlyReplication replication: Int, events: EventLevel) -> SimulationResult {
        run(scenario, replacing: nil, with: NeverProvider(), replications: replication..<(replication + 1), events: events)
    }

    /// Runs replication `replication` (0-based) of `scenario` alone, each widget's events at
    /// `events` level going to the sink `sinks` makes for it, telling `progress` after each
    /// widget's run (`export-log`, which writes one replication's device log as it runs).
    package static func run(
        _ scenario: Scenario, onlyReplication replication: Int, events: EventLevel, sinks: @escaping EventSinkFactory,
        progress: @escaping SimulationProgress
    ) -> SimulationResult {
        run(
            scenario, replacing: nil, with: NeverProvider(), replications: replication..<(replication + 1), events: events, sinks: sinks,
            progress: progress)
    }

    /// As `run(_:onlyReplication:events:sinks:progress:)`, each run computing `detail` (the
    /// figures' detail run, which keeps a few of its events and draws no stretch's time).
    package static func run(
        _ scenario: Scenario, onlyReplication replication: Int, events: EventLevel, sinks: @escaping EventSinkFactory, detail: RunDetail
    ) -> SimulationResult {
        run(
            scenario, replacing: nil, with: NeverProvider(), replications: replication..<(replication + 1), events: events, sinks: sinks,
            detail: detail)
    }

    /// What the figures read of day `day` (0-based) of replication `replication`, each widget's
    /// in scenario order: its stale stretches with their times and, with `reloads`, its reload
    /// events (`RunFigures`, `FigureReloads`). Replication `replication` of a run at `events`
    /// computing `RunDetail.figures(_:)` is run again, keeping that day and dropping its events
    /// (for a figure that shows a day the run did not keep). The run is the same as the first
    /// (what it keeps changes nothing it computes), so the day is the one it had.
    package static func dayFigures(_ scenario: Scenario, replication: Int, day: Int, events: EventLevel, reloads: Bool) -> [RunFigures] {
        let plan = RunFigures.Plan(day: day, hourlyDays: 0, reloadDays: reloads ? 0 : nil)
        let rerun = run(
            scenario, replacing: nil, with: NeverProvider(), replications: replication..<(replication + 1), events: events,
            sinks: { _, _ in DroppedEvents() }, detail: .figures(plan))
        return rerun.runs[0].map { $0.figures ?? RunFigures() }
    }

    /// Runs `scenario` with your own provider in place of the one the widget named `widget` declares:
    /// every replication of that widget replays a fresh copy of `provider`, the other widgets keep
    /// theirs.
    ///
    /// ```swift
    /// let result = try Simulator.run(scenario, replacing: "clock", with: MyProvider())
    /// print(result.summaries[0].freshness)
    /// ```
    ///
    /// - Parameters:
    ///   - scenario: the scenario to run, with all its widgets and replications.
    ///   - widget: a widget's ``WidgetSpec/name`` (which defaults to its kind).
    ///   - provider: the logic to replay; each (replication, widget) run starts from this value.
    ///   - events: which events each run records (``EventLevel``).
    /// - Throws: ``UnknownWidget`` when no widget of the scenario has that name.
    public static func run<P: ReplayProvider & Sendable>(
        _ scenario: Scenario, replacing widget: String, with provider: P, events: EventLevel = .none
    ) throws(UnknownWidget) -> SimulationResult {
        guard let index = scenario.widgets.firstIndex(where: { $0.name == widget }) else {
            throw UnknownWidget(name: widget, available: scenario.widgets.map(\.name))
        }
        return run(scenario, replacing: index, with: provider, replications: 0..<scenario.replications, events: events)
    }

    /// Runs this long or longer draw their views on an idle core, when there is one: below it the
    /// thread costs about what it saves (a day of views is a few microseconds of draws).
    static let prefetchDays = 28

    /// Runs every (replication, widget) pair of `replications` in parallel; widget `replaced` (if
    /// any) replays `provider`.
    private static func run<P: ReplayProvider & Sendable>(
        _ scenario: Scenario, replacing replaced: Int?, with provider: P, replications: Range<Int>, events: EventLevel,
        sinks: EventSinkFactory? = nil, detail: RunDetail = .full, shapes: AgeShapeStoreFactory? = nil,
        days: DayStoreFactory? = nil, progress: SimulationProgress? = nil
    ) -> SimulationResult {
        let calendar = SimulationCalendar(scenario: scenario)
        let widgets = scenario.widgets.count
        let jobs = replications.count * widgets
        let counter = ProgressCounter()
        // Fewer runs than cores: each long run draws its views on a core the runs leave idle.
        let prefetchViews = jobs < ProcessInfo.processInfo.activeProcessorCount && calendar.days >= Self.prefetchDays
        let results = ParallelMap.map(count: jobs) { job -> WidgetRunResult in
            let replication = replications.lowerBound + job / widgets
            let w = job % widgets
            let spec = scenario.widgets[w]
            let inputs = WidgetInputs(scenario: scenario, calendar: calendar, widgetIndex: w, replication: replication)
            func simulate(_ provider: some ReplayProvider) -> WidgetRunResult {
                var simulation = WidgetSimulation(
                    provider: provider, inputs: inputs, calendar: calendar, memory: scenario.memory, system: scenario.system,
                    budgetModel: scenario.budget.model, widgetIndex: w, replication: replication,
                    family: spec.family, events: events, detail: detail, prefetchViews: prefetchViews,
                    sink: events == .none ? nil : sinks?(replication, w),
                    shapeStore: detail.stretchTimes ? nil : shapes?(replication, w))
                var result = simulation.run()
                // The finished run's days leave memory until the output reads them.
                if let store = days?(replication, w) { result.days.store(in: store) }
                return result
            }
            defer { progress?(counter.increment(), jobs) }
            if w == replaced { return simulate(provider) }
            return simulate(spec.provider.makeProvider(clock: calendar.clock, horizon: calendar.horizon))
        }
        var runs: [[WidgetRunResult]] = []
        for r in 0..<replications.count {
            runs.append(Array(results[(r * widgets)..<((r + 1) * widgets)]))
        }
        return SimulationResult(scenario: scenario, calendar: calendar, runs: runs)
    }
}

/// The outcome of a scenario run.
public struct SimulationResult: Sendable, Equatable, Codable {
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

/// A sink that drops every event: a run whose events are read by no one keeps none (a sink does
/// not change what the engine computes).
private final class DroppedEvents: EventSink {
    func receive(_ event: EngineEvent) {}
    func finish() {}
}

/// Maps jobs over all cores, keeping results in job order.
package enum ParallelMap {
    /// Applies `body` to `0..<count` concurrently; the result is in index order.
    package static func map<T: Sendable>(count: Int, _ body: @Sendable (Int) -> T) -> [T] {
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
