/// The event loop of one widget over one replication.
///
/// The loop keeps one pending time per source (next entry render, policy reload, app request,
/// App Intent tap, retry, grant, view, day boundary) and advances to the earliest: there is no heap
/// and no allocation per event. Content changes are never events: freshness needs only "the first
/// change after" the displayed fetch time and entry date (`ChangeCursor`). When the widget has no
/// predictable content, entries after a timeline's first do not change what the user sees, so they
/// are counted in bulk instead of being visited one by one; with predictable content, entries that
/// render while the display is still fresh are counted in bulk the same way (`FreshRun`). Views
/// between two other events are counted in one tight loop when they are not logged.
///
/// At equal times events run in this order: day boundary, render, policy request, app request,
/// App Intent, retry, grant, view. So the last entry of a timeline renders before the `.atEnd`
/// reload it triggers, and a view sees the entry rendered at that instant.
///
/// Which fast paths run is decided once, in ``EnginePaths``. The run's parts, one job each, are
/// in extensions named after it: requests, grants and the budget (`+Grants`), timeline delivery
/// (`+Delivery`), display accounting entry by entry (`+Rendering`) and in runs (`+RenderRuns`),
/// views (`+Views`), day closing and events (`+Days`, ``EventRecorder``), the loop's turns folded
/// into the one before (`+FoldedTurns`). docs/design/engine.md explains the accounting and why
/// every path gives the event path's outputs.
package struct WidgetSimulation<Provider: ReplayProvider>: ~Copyable {
    // Inputs.
    var provider: Provider
    let inputs: WidgetInputs
    let calendar: SimulationCalendar
    let memory: MemorySettings
    let system: SystemSettings
    let family: String
    let runDetail: RunDetail
    /// Which fast paths the run takes, decided once (``EnginePaths``).
    let paths: EnginePaths
    /// ``paths`` for the current timeline.
    var timelinePaths: EnginePaths.Timeline
    /// Which of ``paths``'s timelines ``timelinePaths`` is: 1 with close entries, 0 without,
    /// -1 before the first delivery (``EnginePaths/beforeFirstTimeline``); `deliver` copies the
    /// paths only when its timeline's differs.
    var timelinePathsClose: Int8 = -1
    /// The render delay (constant when ``EnginePaths/simpleRenderTimes``).
    let constantRenderDelay: Double

    // Output.
    var days: [DayMetrics] = []
    var segments = SegmentStore()
    /// The stale stretches of the days closed so far, without their times, when
    /// ``RunDetail.stretchTimes`` is off (``segments`` then holds the current day's only); in the
    /// run's ``AgeShapeStore`` but the last few when it has one.
    var shapes: AgeShapes
    /// What the figures read of the stretches and reload events, when `RunDetail.figures` asks
    /// (`RunFigures`).
    var figures: RunFigures
    /// The events kept at the run's ``EventLevel``, or sent to its sink.
    var recorder: EventRecorder
    /// The charged grants' times (``RunDetail/chargeTimes``).
    var chargeTimes = ChargeTimeStore()
    var day: DayMetrics
    var dayIndex = 0
    var daySegmentStart = 0

    // Timeline and display.
    var timeline = ReplayTimeline()
    /// The provider builds here; it becomes `timeline` only when delivered (a kill keeps the old one).
    var building = ReplayTimeline()
    /// What the provider sees; only `now` changes between reloads (built once: no copies per reload).
    var context: ReplayContext
    var serial: UInt64 = 0
    /// The first unpredictable change after the delivery of the timeline displayed (fixed per
    /// delivered timeline).
    var fetchStale: SimTime = .infinity
    /// Where the last "first predictable change after" search ended (renders move forward).
    var predictable: ChangeCursor
    var nextEntry = 0
    /// The highest entry index the delivered timelines reached, when the detail asks for it
    /// (``RunDetail/reach``, `noteReach(until:)`); -1 before any.
    var reach = -1
    var nextRender: SimTime = .infinity
    var lastRender: SimTime = -.infinity
    /// Entries `bulkCursor..<bulkEnd` of the timeline are counted in bulk when their time comes.
    var bulkCursor = 0
    var bulkEnd = 0
    /// Entries `bulkCursor..<bulkEnd` are a fresh run: `staleStart` is that of the run's last entry.
    var inFreshRun = false
    var hasContent = false
    var staleStart: SimTime = 0
    var accountedUntil: SimTime = 0
    /// The fresh run being counted in bulk, when `alignedFreshRun` counted it: the index of the
    /// tick entry 1 is dated on, and how many entries a period holds (`perTick` 0: another run,
    /// `countInBulk`'s), for `endFreshRun`'s stale start.
    var alignedRun = (tick: 0.0, perTick: 0)
    /// For a timeline with entries closer than the render spacing, in a run with
    /// ``EnginePaths/freshRuns``: the first entry the render loop renders
    /// (``EnginePaths/loopStart(of:minSpacing:)``), found when the loop first meets the timeline
    /// (its delivery's `serial`).
    var closeLoopStart = (serial: UInt64.max, entry: Int.max)
    /// The grid facts of `closedTimeline` and `closedCycles` for the last spacing and period asked.
    var closedGrid = ClosedGrid.none
    /// How many times `closedTimeline` and `closedCycles` (with entries whole periods apart, and
    /// half a period apart) rendered entries, and how many times `closedCycles` rendered the entry
    /// the loop would render after its moves (`renderedNext`): read by the tests, which check that
    /// their random scenarios take them.
    var closedTaken = (timelines: 0, whole: 0, halves: 0, renderedNext: 0)
    /// How many times `spacedRun` rendered entries closer than the render spacing in strides, and
    /// how many renders: read by the tests, as ``closedTaken``.
    var spacedTaken = (runs: 0, renders: 0)
    /// How many entries dated on the stale start of the entry before them, starting no fresh run,
    /// the render loop rendered without leaving it (`startsNoRun`): read by the tests, as
    /// ``closedTaken``.
    var staleStartRenders = 0
    /// How many aligned timelines `alignedStart` rendered entries 0 and 1 of: read by the tests,
    /// as ``closedTaken``.
    var alignedStarts = 0
    /// How many aligned timelines `alignedFreshRun` rendered entry 0 of and counted the fresh run
    /// after it: read by the tests, as ``closedTaken``.
    var alignedFreshRuns = 0
    /// How many aligned timelines `alignedStartLeaving` rendered entries 0 and 1 of before the
    /// render loop left at entry 2: read by the tests, as ``closedTaken``.
    var alignedStartsLeaving = 0
    /// How many timelines with entries closer than the render spacing the render loop took from
    /// their loop start on (``closeLoopStart`` found finite): read by the tests, as ``closedTaken``.
    var loopStartTimelines = 0
    /// How many views `tallyViewsInJump` counted: read by the tests, as ``closedTaken``.
    var viewsInJumpsTaken = 0
    /// How many times `closedCycles` left its first entry to the render loop's turn, with no
    /// stride (its -1): read by the tests, as ``closedTaken``.
    var cyclesToLoop = 0
    /// How many policy reloads `tryFreshPolicyGrant` found the budget out for (registered there):
    /// read by the tests, as ``closedTaken``.
    var freshPolicyWaits = 0

    // Reloads.
    var budget: ReloadBudget
    /// The window a windowed provider's reloads ask, kept between grants (`tryGrant`).
    var windowMemory = WindowMemory()
    /// The entry count of the last timeline delivered and its footprint (`memory.footprint`): a
    /// timeline of that count is neither killed nor rejected (`tryGrant`, `checkFootprint`). No
    /// timeline has -1 entries; none is kept in a run that measures its reach (``RunDetail/reach``).
    var deliverable = (count: -1, footprint: 0.0)
    var policyAt: SimTime = .infinity
    /// `policyAt` is a view that releases a policy reload held by `system.unseen_after`: that view
    /// is judged before the reload runs (see `run`).
    var policyAwaitsView = false
    var retryAt: SimTime = .infinity
    /// Retries in a row that ended in a kill (reset by a delivery or a kill of another reload).
    var failedRetries = 0
    var pending = false
    var pendingSource = ReloadSource.start
    var pendingSince: SimTime = 0
    var waitingForBudget = false
    var waitStart: SimTime = 0
    var lastGrant: SimTime = -.infinity
    var appCursor = 0
    var intentCursor = 0
    /// The views still to come, and the next one (`+infinity` after the last).
    var views: EventStream
    var viewNext: SimTime
    /// When the user last looked (0: never since the widget was added).
    var lastViewAt: SimTime = 0
    var locationCursor = 0
    /// The policy reloads' delays (``DelayDraws``).
    var reloadDelays: DelayDraws

    /// Prepares a run of `provider` against `inputs`; with `prefetchViews`, views are drawn on
    /// another thread a few blocks ahead (``PrefetchedEvents``), for a run that leaves a core idle.
    /// With `shapeStore` (read only when `detail` keeps shapes, ``RunDetail/stretchTimes`` off),
    /// the shapes go to it as the days close (``AgeShapes/init(store:)``).
    ///
    /// The inputs, calendar and settings are read from the parameters and stored last, so each
    /// moves in rather than being copied (#26 engine-2 `runs`: three copies of the inputs a run
    /// and two of the calendar and settings, each a retain of every array in them and a release).
    package init(
        provider: Provider, inputs: consuming WidgetInputs, calendar: SimulationCalendar, memory: MemorySettings,
        system: SystemSettings, budgetModel: BudgetModel, widgetIndex: Int = 0, replication: Int = 0,
        family: String = "small", events level: EventLevel = .none, detail: RunDetail = .full,
        prefetchViews: Bool = false, sink: (any EventSink)? = nil, shapeStore: (any AgeShapeStore)? = nil
    ) {
        self.provider = provider
        self.memory = memory
        var system = system
        system.minReloadInterval = max(system.minReloadInterval, SystemSettings.smallestReloadInterval)
        self.family = family
        runDetail = detail
        figures = detail.figures.map { RunFigures(plan: $0, calendar: calendar) } ?? RunFigures()
        shapes = detail.stretchTimes ? AgeShapes() : shapeStore.map { AgeShapes(store: $0) } ?? AgeShapes()
        recorder = EventRecorder(level: level, replication: replication, widgetIndex: widgetIndex, inputs: inputs, sink: sink)
        let paths = EnginePaths(
            inputs: inputs, system: system, level: level, detail: detail, budgetModel: budgetModel, horizon: calendar.horizon)
        self.paths = paths
        timelinePaths = paths.beforeFirstTimeline
        predictable = ChangeCursor(inputs.predictable)
        // Views that neither count nor move a reload are not drawn (``RunDetail/views``); views
        // drawn from the generator are drawn ahead on another core when asked (the same values).
        let prefetch = paths.drawsViews && prefetchViews && inputs.viewStream.drawsRandomly
        views = prefetch ? inputs.viewStream.prefetching() : inputs.viewStream
        viewNext = paths.drawsViews ? views.next() ?? .infinity : .infinity
        constantRenderDelay = system.renderDelay.mean
        // Without the display (``EnginePaths/renders``) nothing renders and nothing is accounted.
        if !paths.renders { accountedUntil = .infinity }
        budget = ReloadBudget(model: budgetModel, daily: inputs.budget(onDay: 0), clock: calendar.clock)
        day = DayMetrics(budget: inputs.budget(onDay: 0), length: calendar.dayStarts[1] - calendar.dayStarts[0])
        // The inputs' delays (listed in advance where the runs share them), when drawn from this
        // run's distribution: the same draws as a generator of the same stream.
        reloadDelays =
            inputs.reloadDelays.distribution == system.reloadDelay
            ? inputs.reloadDelays : DelayDraws(system.reloadDelay, generator: WidgetInputs.reloadDelayGenerator(inputs.delaySeed))
        context = ReplayContext(now: 0, clock: calendar.clock, unpredictableChanges: inputs.unpredictable, family: family)
        // A built-in provider's timelines come as numbers (`evenTimeline`), its entries seldom
        // stored: its two timelines make room as they are first written, not at every run.
        if !(provider is BuiltInProvider) {
            timeline.entries.reserveCapacity(128)
            building.entries.reserveCapacity(128)
        }
        days.reserveCapacity(calendar.days)
        if detail.chargeTimes { chargeTimes.reserveCapacity(calendar.days * 24) }
        // (`consume`: the settings adjusted above were copied in and the local copy destroyed.)
        self.system = consume system
        self.calendar = calendar
        self.inputs = inputs
    }

    /// Runs the widget to the horizon. Once per simulation: the run owns the buffer of its stale
    /// stretches (``SegmentStore``) from its first stretch until it returns them.
    package mutating func run() -> WidgetRunResult {
        request(.start, at: 0)
        if paths.plainLoop {
            runTurns(plain: true)
        } else {
            runTurns(plain: false)
        }
        recorder.finish()
        if !runDetail.stretchTimes {
            foldSegments()
            shapes.finish()
        }
        return WidgetRunResult(
            days: DayList(days), ageSegments: segments.take(trim: runDetail.trimSegments), events: recorder.events,
            chargeTimes: chargeTimes.take(), ageShapes: shapes, figures: runDetail.figures == nil ? nil : figures)
    }
}
