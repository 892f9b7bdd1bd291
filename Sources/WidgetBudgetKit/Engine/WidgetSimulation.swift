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
package struct WidgetSimulation<Provider: ReplayProvider> {
    // Inputs.
    private var provider: Provider
    private let inputs: WidgetInputs
    private let calendar: SimulationCalendar
    private let memory: MemorySettings
    private let system: SystemSettings
    private let widgetIndex: Int
    private let replication: Int
    private let family: String
    private let level: EventLevel
    private let runDetail: RunDetail
    /// Entries after a timeline's first are counted, not visited (no predictable content).
    private let bulkRenders: Bool
    /// `bulkRenders` for the current timeline: off when its entries are closer than the render
    /// spacing (renders are then visited one by one, skipping overtaken entries).
    private var bulkTimeline: Bool
    /// `freshRuns` for the current timeline: off when its entries are closer than the render spacing.
    private var freshRunTimeline: Bool
    /// Render times are `date + constant` (no random render delay, no low-power windows).
    private let simpleRenderTimes: Bool
    /// Entries rendering while the display is fresh are counted, not visited (`FreshRun`).
    private let freshRuns: Bool
    private let constantRenderDelay: Double
    /// Renders due before the next other event run in one loop, not one turn of the event loop each
    /// (render times are simple and renders are not logged).
    private let renderRuns: Bool
    /// Views are counted in a tight loop, not one event each: they are not logged and bring no
    /// location reload (`countViews`).
    private let viewsInLoops: Bool
    /// The views between the renders of `renderRuns` are counted in the same loop.
    private let inlineViews: Bool

    // Output.
    private var days: [DayMetrics] = []
    private var segments = SegmentStore()
    private var events: [EngineEvent] = []
    /// Receives the events instead of ``events`` when set (``EventSink``).
    private let sink: (any EventSink)?
    /// With a sink and ``EventLevel/all``: the next predictable and unpredictable changes to send.
    private var nextPredictableChange = 0
    /// The predictable changes' times, listed once for a sink (empty otherwise).
    private let predictableChangeTimes: [SimTime]
    private var nextUnpredictableChange = 0
    /// The charged grants' times (``RunDetail/chargeTimes``).
    private var chargeTimes: [SimTime] = []
    private var day: DayMetrics
    private var dayIndex = 0
    private var daySegmentStart = 0

    // Timeline and display.
    private var timeline = ReplayTimeline()
    /// The provider builds here; it becomes `timeline` only when delivered (a kill keeps the old one).
    private var building = ReplayTimeline()
    /// What the provider sees; only `now` changes between reloads (built once: no copies per reload).
    private var context: ReplayContext
    private var serial: UInt64 = 0
    private var fetchTime: SimTime = -.infinity
    /// The first unpredictable change after `fetchTime` (fixed per delivered timeline).
    private var fetchStale: SimTime = .infinity
    /// Where the last "first predictable change after" search ended (renders move forward).
    private var predictable: ChangeCursor
    private var nextEntry = 0
    private var nextRender: SimTime = .infinity
    private var lastRender: SimTime = -.infinity
    /// Entries `bulkCursor..<bulkEnd` of the timeline are counted in bulk when their time comes.
    private var bulkCursor = 0
    private var bulkEnd = 0
    /// Entries `bulkCursor..<bulkEnd` are a fresh run: `staleStart` is that of the run's last entry.
    private var inFreshRun = false
    private var hasContent = false
    private var staleStart: SimTime = 0
    private var accountedUntil: SimTime = 0

    // Reloads.
    private var budget: ReloadBudget
    private var policyAt: SimTime = .infinity
    private var retryAt: SimTime = .infinity
    /// Retries in a row that ended in a kill (reset by a delivery or a kill of another reload).
    private var failedRetries = 0
    private var pending = false
    private var pendingSource = ReloadSource.start
    private var pendingSince: SimTime = 0
    private var waitingForBudget = false
    private var waitStart: SimTime = 0
    private var lastGrant: SimTime = -.infinity
    private var appCursor = 0
    private var intentCursor = 0
    /// The views still to come, and the next one (`+infinity` after the last).
    private var views: EventStream
    private var viewNext: SimTime
    /// When the user last looked (0: never since the widget was added).
    private var lastViewAt: SimTime = 0
    private var locationCursor = 0
    private var reloadDelays: SeededGenerator

    /// Prepares a run of `provider` against `inputs`; with `prefetchViews`, views are drawn on
    /// another thread a few blocks ahead (``PrefetchedEvents``), for a run that leaves a core idle.
    package init(
        provider: Provider, inputs: WidgetInputs, calendar: SimulationCalendar, memory: MemorySettings,
        system: SystemSettings, budgetModel: BudgetModel, widgetIndex: Int = 0, replication: Int = 0,
        family: String = "small", events level: EventLevel = .none, detail: RunDetail = .full,
        prefetchViews: Bool = false, sink: (any EventSink)? = nil
    ) {
        self.sink = sink
        predictableChangeTimes = sink != nil && level == .all ? inputs.predictable.eventTimes.times : []
        self.provider = provider
        self.inputs = inputs
        self.calendar = calendar
        self.memory = memory
        var system = system
        system.minReloadInterval = max(system.minReloadInterval, SystemSettings.smallestReloadInterval)
        self.system = system
        self.widgetIndex = widgetIndex
        self.replication = replication
        self.family = family
        self.level = level
        runDetail = detail
        bulkRenders = inputs.predictable.isEmpty && level != .all
        bulkTimeline = bulkRenders
        freshRunTimeline = false
        simpleRenderTimes = system.renderDelay.isConstant && inputs.lowPower.isEmpty
        freshRuns = !bulkRenders && simpleRenderTimes && level != .all
        predictable = ChangeCursor(inputs.predictable)
        // Views that neither count nor move a reload are not drawn (``RunDetail/views``); views
        // drawn from the generator are drawn ahead on another core when asked (the same values).
        let viewsMatter = detail.views || system.unseenAfter.isFinite || inputs.locationChanges.count > 0
        let prefetch = viewsMatter && prefetchViews && inputs.viewStream.drawsRandomly
        views = prefetch ? inputs.viewStream.prefetching() : inputs.viewStream
        viewNext = viewsMatter ? views.next() ?? .infinity : .infinity
        constantRenderDelay = system.renderDelay.mean
        renderRuns = simpleRenderTimes && level != .all
        viewsInLoops = level != .all && inputs.locationChanges.count == 0
        inlineViews = renderRuns && viewsInLoops
        budget = ReloadBudget(model: budgetModel, daily: inputs.budget(onDay: 0), clock: calendar.clock)
        day = DayMetrics(budget: inputs.budget(onDay: 0), length: calendar.dayStarts[1] - calendar.dayStarts[0])
        reloadDelays = SeededGenerator(seed: inputs.delaySeed, stream: [StreamPurpose.reloadDelay.rawValue])
        context = ReplayContext(now: 0, clock: calendar.clock, unpredictableChanges: inputs.unpredictable, family: family)
        timeline.entries.reserveCapacity(128)
        building.entries.reserveCapacity(128)
        days.reserveCapacity(calendar.days)
        if detail.chargeTimes { chargeTimes.reserveCapacity(calendar.days * 24) }
    }

    /// Runs the widget to the horizon. Once per simulation: the run owns the buffer of its stale
    /// stretches (``SegmentStore``) from its first stretch until it returns them.
    package mutating func run() -> WidgetRunResult {
        request(.start, at: 0)
        let dayCount = calendar.days
        while dayIndex < dayCount {
            let dayEnd = calendar.dayStarts[dayIndex + 1]
            let appNext = appCursor < inputs.appRequests.count ? inputs.appRequests[appCursor].time : .infinity
            let intentNext = intentCursor < inputs.intents.count ? inputs.intents.times[intentCursor] : .infinity
            let grantNext = pending ? grantCandidate() : .infinity
            let others = min(dayEnd, nextRender, policyAt, appNext, intentNext, retryAt, grantNext)
            let t = min(others, viewNext)

            if t >= dayEnd {
                closeDay(at: dayEnd)
            } else if t == nextRender {
                if renderRuns {
                    // The renders due before the next other event (at or before it: a render runs
                    // first at equal times) and before the day ends: rendering moves none of those
                    // events, so they run one after the other without a turn of the loop each.
                    let limit = min(policyAt, appNext, intentNext, retryAt, grantNext)
                    renderRun(through: inlineViews ? limit : min(limit, viewNext), before: dayEnd)
                } else {
                    renderEntry(at: t)
                }
            } else if t == policyAt {
                policyAt = .infinity
                if let view = unseenHold(at: t) {
                    policyAt = view
                    day.heldUnseen += 1
                    record(t, .deferral, source: .policy, detail: .unseen)
                } else {
                    request(.policy, at: t)
                }
            } else if t == appNext {
                appCursor += 1
                let call = inputs.appRequests[appCursor - 1]
                if call.ignored {
                    day.ignoredCalls += 1
                    record(t, .ignored, source: call.source, detail: .launchCooldown)
                } else {
                    request(call.source, at: t)
                }
            } else if t == intentNext {
                intentCursor += 1
                request(.intent, at: t)
            } else if t == retryAt {
                retryAt = .infinity
                request(.retry, at: t)
            } else if t == grantNext {
                tryGrant(at: t)
            } else {
                countViews(before: others)
            }
        }
        if let sink {
            if level == .all { sendChanges(through: .infinity, to: sink) }
            sink.finish()
        } else if level == .all {
            recordChanges()
        }
        return WidgetRunResult(
            days: days, ageSegments: segments.take(trim: runDetail.trimSegments), events: events, chargeTimes: chargeTimes)
    }

    // MARK: Requests and grants

    /// Registers a reload request at `t`: pending, or coalesced into the pending one. Inlined into
    /// the loop (a call cost as much as the work).
    @inline(__always)
    private mutating func request(_ source: ReloadSource, at t: SimTime) {
        day.requested += 1
        if pending {
            if source == .intent {
                pendingSource = .intent
                pendingSince = t
            }
            record(t, .request, source: source, detail: .coalesced)
            return
        }
        pending = true
        pendingSource = source
        pendingSince = t
        record(t, .request, source: source, detail: .none)
    }

    /// The earliest instant the pending request can be granted (asked at every turn of the loop
    /// while a request is pending, so the common case is inlined).
    @inline(__always)
    private func grantCandidate() -> SimTime {
        if pendingSource == .intent { return pendingSince }
        let earliest = max(pendingSince, lastGrant + system.minReloadInterval)
        return waitingForBudget ? budgetReturn(after: earliest) : earliest
    }

    /// While the pending request waits for budget: the first instant from `earliest` at which the
    /// budget is back or a foreground session makes the reload free. Never before `waitStart`
    /// (when the wait began, or the last day boundary it crossed): a budget that grows during the
    /// wait (a learning period ending) grants from then on, not in the past.
    private func budgetReturn(after earliest: SimTime) -> SimTime {
        let back = budget.nextAvailable(after: max(earliest, waitStart))
        let foreground = inputs.foreground.contains(earliest) ? earliest : (inputs.foreground.nextStart(after: earliest) ?? .infinity)
        return max(earliest, min(back, foreground))
    }

    private mutating func tryGrant(at t: SimTime) {
        let source = pendingSource
        let inForeground = inputs.foreground.contains(t)
        let exempt = source == .intent || source == .system || inForeground
        // The local day the budget rule reads, found once for the check and the charge.
        let localDay = exempt ? 0 : budget.localDay(t)
        if !exempt && !budget.isAvailable(at: t, localDay: localDay) {
            if !waitingForBudget {
                waitingForBudget = true
                waitStart = t
                day.deferred += 1
                if day.exhaustedAt == nil { day.exhaustedAt = t }
                record(t, .budgetOut, source: source, charged: true, detail: .waiting)
                record(t, .deferral, source: source, charged: true, detail: .waiting)
            }
            return
        }
        if waitingForBudget {
            day.exhaustedSeconds += t - waitStart
            waitingForBudget = false
            // A free reload (foreground, App Intent) ends the wait without the budget coming back.
            if !exempt { record(t, .budgetBack, source: source, detail: .none) }
        }
        pending = false
        lastGrant = t
        day.reloads += 1
        if exempt {
            day.exempt += 1
        } else {
            budget.charge(at: t, localDay: localDay)
            day.charged += 1
            if runDetail.chargeTimes { chargeTimes.append(t) }
        }
        record(
            t, .grant, source: source, charged: !exempt,
            detail: source == .intent ? .intentFree : (inForeground ? .foreground : .none))

        building.reset()
        context.now = t
        provider.getTimeline(in: context, into: &building)
        let closeEntries = sortBuilding()
        let footprint = memory.footprint(entries: building.count)
        day.peakMemoryMB = max(day.peakMemoryMB, footprint)
        if footprint > memory.limitMB {
            day.kills += 1
            failedRetries = source == .retry ? failedRetries + 1 : 0
            retryAt = t + (failedRetries >= memory.retries ? memory.backoff : memory.retryAfter)
            record(
                t, .kill, source: source, charged: !exempt, entries: building.count, memory: footprint,
                detail: .overLimit(footprint))
            return
        }
        if building.count > system.maxEntries {
            // Not delivered: the widget keeps what it had and no retry is planned (OBSERVED #10).
            day.rejections += 1
            record(
                t, .rejected, source: source, charged: !exempt, entries: building.count, memory: footprint,
                detail: .tooManyEntries(system.maxEntries))
            return
        }
        deliver(at: t, source: source, charged: !exempt, footprint: footprint, closeEntries: closeEntries)
    }

    /// Sorts the timeline being built by date when it is not, and tells whether two adjacent
    /// entries are closer than the render spacing: one pass over listed entries serves both when
    /// they are sorted and far enough apart, and none is needed over evenly spaced ones
    /// (`ReplayTimeline.appendEntries`). Inlined: at most reloads the first check answers alone.
    @inline(__always)
    private mutating func sortBuilding() -> Bool {
        let minSpacing = system.minRenderSpacing
        // One entry (most reloads): no two entries to compare.
        guard building.count > 1, building.hasGap(below: max(minSpacing, 0)) else { return false }
        if building.hasGap(below: 0) { building.entries.sort { $0.date < $1.date } }
        return building.hasGap(below: minSpacing)
    }

    /// Delivers the timeline built at `t`; `closeEntries`: two of its entries are closer than the render spacing.
    private mutating func deliver(at t: SimTime, source: ReloadSource, charged: Bool, footprint: Double, closeEntries: Bool) {
        // Entries of the old timeline not yet rendered are dropped; count those already rendered.
        countBulkRenders(through: t)
        if inFreshRun { endFreshRun(at: t) }
        // `building` keeps the old timeline's storage; the next reload empties it.
        timeline.take(from: &building)
        bulkTimeline = bulkRenders && !closeEntries
        freshRunTimeline = freshRuns && !closeEntries
        serial += 1
        fetchTime = t
        fetchStale = inputs.unpredictable.firstAfter(t)
        retryAt = .infinity
        failedRetries = 0
        let count = timeline.count
        // WidgetKit shows the latest entry dated at or before now; earlier ones are skipped.
        var first = 0
        while first + 1 < count && timeline.date(ofEntry: first + 1) <= t { first += 1 }
        nextEntry = first
        lastRender = t
        bulkCursor = count
        bulkEnd = count
        nextRender = count == 0 ? .infinity : renderTime(of: first)
        if let due = timeline.policyReloadDate {
            var at = max(due, t) + system.reloadDelay.draw(&reloadDelays)
            if !inputs.lowPower.isEmpty { at = inputs.lowPower.deferred(at) }
            policyAt = at
        } else {
            policyAt = .infinity
        }
        // Checked here too so that the detail is not computed when events are off.
        if level != .none {
            record(
                t, .deliver, source: source, charged: charged, entries: count, memory: footprint,
                detail: .nextReload(policyAt.isFinite ? policyAt : nil))
        }
    }

    // MARK: Rendering

    /// When entry `k` of the current timeline renders: its date plus the render delay, deferred by
    /// low power, never before the previous render.
    @inline(__always)
    private func renderTime(of k: Int) -> SimTime {
        renderTime(of: k, date: timeline.date(ofEntry: k))
    }

    /// `renderTime(of: k)` when entry `k`'s date is known.
    @inline(__always)
    private func renderTime(of k: Int, date: SimTime) -> SimTime {
        if simpleRenderTimes { return max(date + constantRenderDelay, lastRender) }
        var at = date + system.renderDelay.value(unit: SeededGenerator.hashUnit(seed: inputs.delaySeed, serial, UInt64(k)))
        if !inputs.lowPower.isEmpty { at = inputs.lowPower.deferred(at) }
        return max(at, lastRender)
    }

    private mutating func renderEntry(at t: SimTime) {
        countBulkRenders(through: t)
        inFreshRun = false
        let k = nextEntry
        let date = timeline.date(ofEntry: k)
        let newStaleStart = min(fetchStale, predictable.firstAfterCall(date))
        // Close the accounting stretch only when what the user sees changes staleness: a render that
        // shows the same content (as the entries counted in bulk do) must not split the sums, or the
        // metrics would differ in their last bits between event levels.
        if !hasContent || newStaleStart != staleStart {
            account(until: t)
            hasContent = true
            staleStart = newStaleStart
        }
        day.renders += 1
        lastRender = t
        record(t, .render, source: nil, detail: .entry(k + 1))
        nextEntry = k + 1
        if nextEntry == timeline.count {
            // The timeline's last entry (often its only one): nothing follows.
            if bulkTimeline {
                bulkCursor = nextEntry
                bulkEnd = nextEntry
            }
            nextRender = .infinity
        } else if bulkTimeline {
            bulkCursor = nextEntry
            bulkEnd = timeline.count
            nextRender = .infinity
        } else {
            let nextDate = timeline.date(ofEntry: nextEntry)
            scheduleNext(after: k, renderedAt: t, date: date, nextDate: nextDate, nextAt: renderTime(of: nextEntry, date: nextDate))
        }
    }

    /// When the entry after entry `k` (dated `date`, rendered at `t`) renders: at `nextAt`, the
    /// render time of entry `k + 1` (dated `nextDate`), unless a fresh run or entries sharing entry
    /// `k`'s stale start are counted in bulk, or the render spacing holds it back.
    @inline(__always)
    private mutating func scheduleNext(after k: Int, renderedAt t: SimTime, date: SimTime, nextDate: SimTime, nextAt: SimTime) {
        // A fresh run, or entries sharing this one's stale start, need the next entry to render
        // by that stale start (the first thing `FreshRun.following` checks): most often it does
        // not, and the attempt is skipped.
        if freshRunTimeline && nextAt <= staleStart {
            if k + 1 < timeline.count - 1 && sharesOnly(k + 1, date: nextDate, renderedAt: nextAt) {
                countInBulk(.sharing(last: k + 1))
                return
            }
            if let following = FreshRun.following(
                of: timeline, after: k, staleStart: staleStart, delay: constantRenderDelay, floor: t,
                fetchStale: fetchStale, changes: &predictable)
            {
                countInBulk(following)
                return
            }
        }
        nextRender = nextAt
        if nextDate - date < system.minRenderSpacing { spaceNextRender(after: t) }
    }

    /// The renders due at or before `limit` and before `dayEnd`, one after the other (no other
    /// event comes in between but views, counted on the way with `inlineViews`, strictly before
    /// each render as the event loop orders them): the common ones in one loop, the rest by
    /// `renderEntry`.
    ///
    /// The loop is `renderEntry` for a render with nothing counted in bulk, content already shown,
    /// a timeline that may hold fresh runs, and an entry after it: the same stale starts asked in the
    /// same order and the same stretches accounted (so the same sums, to the bit), without the
    /// checks those cases need and with each date computed once. It leaves as soon as the next entry
    /// renders by the stale start (a fresh run or shared stale start to look for) or is the last;
    /// an entry that alone shares the stale start (`sharesOnly`) is rendered in the loop, which
    /// changes no sum, as counting it in bulk would not.
    private mutating func renderRun(through limit: SimTime, before dayEnd: SimTime) {
        while nextRender <= limit && nextRender < dayEnd {
            if inlineViews { tallyViews(before: nextRender) }
            guard bulkCursor >= bulkEnd && hasContent && freshRunTimeline && nextEntry + 1 < timeline.count else {
                renderEntry(at: nextRender)
                continue
            }
            inFreshRun = false
            var k = nextEntry, t = nextRender
            var date = timeline.date(ofEntry: k)
            let last = timeline.count - 1
            // Evenly spaced entries with no render delay go in strides (`strideRun`).
            let strides = constantRenderDelay == 0
            // The entry before `k` rendered in this loop, went stale at a tick of its own, and is
            // accounted until it rendered.
            var steady = false
            while true {
                if steady && strides, let dates = timeline.evenDates(from: k) {
                    let n = strideRun(from: k, at: t, dates: dates, last: last, through: limit, before: dayEnd)
                    if n > 0 {
                        k += n
                        date = timeline.date(ofEntry: k)
                        t = date
                    }
                }
                if inlineViews && viewNext < t { tallyViews(before: t) }
                let newStaleStart = min(fetchStale, predictable.firstAfterInLoop(date))
                steady = newStaleStart != staleStart
                if steady {
                    account(until: t)
                    staleStart = newStaleStart
                }
                day.renders += 1
                lastRender = t
                k += 1
                let nextDate = timeline.date(ofEntry: k)
                let nextAt = max(nextDate + constantRenderDelay, t)
                if k == last || nextAt > limit || nextAt >= dayEnd
                    || (nextAt <= staleStart && !sharesOnly(k, date: nextDate, renderedAt: nextAt))
                {
                    // Back to the general case: `renderEntry`'s turn after rendering entry k - 1.
                    nextEntry = k
                    scheduleNext(after: k - 1, renderedAt: t, date: date, nextDate: nextDate, nextAt: nextAt)
                    break
                }
                date = nextDate
                t = nextAt
            }
        }
    }

    /// Renders entries `k`, `k + 1`, … as the render loop would, in a loop of its own
    /// (``StaleStride``), while they are evenly spaced on an `every` grid, a whole number of periods
    /// apart or closer than a period, and render as dated (no render delay): returns how many (0
    /// when entry `k` does not).
    ///
    /// The first tick after an entry's date is the display's stale start when the date is before
    /// it, else the tick `step` after it when the date is before that one and at or after the tick
    /// before it, all in the exact stretch (`ChangeCursor.strideEnd`): comparisons instead of
    /// asking the cursor. The stretches are accounted as `account(until:)` accounts them
    /// (`AgeAccounting`), in the same order. It stops at an entry whose tick is not that, or not
    /// before the first unpredictable change, or after which the render loop would leave (the next
    /// entry is the last, after `limit` or `dayEnd`, or renders by the new stale start without
    /// sharing it alone); the views before each render are counted first, as the loop counts them.
    @inline(never)
    private mutating func strideRun(
        from k: Int, at t: SimTime, dates: (first: SimTime, spacing: Double, offset: Int), last: Int,
        through limit: SimTime, before dayEnd: SimTime
    ) -> Int {
        // The stale start is the first tick after the last entry rendered (set by the loop's last
        // turn, before the first unpredictable change).
        guard staleStart < fetchStale, let grid = predictable.strideEnd(from: staleStart, spacing: dates.spacing) else {
            return 0
        }
        let keepSegments = runDetail.ageSegments
        let firstTick = staleStart
        var state = StaleStride(
            entry: k, date: t, tick: staleStart, rendered: lastRender, accountedUntil: accountedUntil,
            freshSeconds: day.freshSeconds, ageIntegral: day.ageIntegral, maxAge: day.maxAge)
        var bounds = StaleStride.Bounds(
            first: dates.first, dateSpacing: dates.spacing, offset: dates.offset, last: last, step: grid.step,
            gap: grid.step - grid.period, tickBound: min(grid.lastTick + grid.period, fetchStale),
            renderBound: min(limit.nextUp, dayEnd), viewNext: inlineViews ? viewNext : .infinity)
        while true {
            // The loop stores without checking, in the room there is.
            if keepSegments && segments.room == 0 { segments.reserveGrowing(segments.count + 1) }
            let room = keepSegments ? segments.room : .max
            let (advanced, viewDue) = StaleStride.advance(state, bounds, segments: keepSegments ? segments.end : nil, room: room)
            segments.count += advanced.stored
            let full = advanced.stored == room
            state = advanced
            state.stored = 0
            if full { continue }
            guard viewDue else { break }
            staleStart = state.tick  // What the views see.
            tallyViews(before: state.date)
            bounds.viewNext = viewNext
        }
        let n = state.entry - k
        guard n > 0 else { return 0 }
        day.freshSeconds = state.freshSeconds
        day.ageIntegral = state.ageIntegral
        day.maxAge = state.maxAge
        day.renders += n
        lastRender = state.rendered
        accountedUntil = state.accountedUntil
        staleStart = state.tick
        predictable.advance(
            ticks: (state.tick - firstTick) / grid.period, to: state.tick, after: lastRender,
            perEntry: grid.step / grid.period)
        return n
    }

    /// Whether entry `j` (dated `date`, rendering at `at`, by the stale start), not the last,
    /// shares the stale start of the entry before it while the entry after it renders later: then
    /// `FreshRun.following` finds no fresh run and only entry `j` sharing (by its definition, which
    /// `EntryStepCursorTests` checks it against), and rendering entry `j` changes no sum. The
    /// common case of entries half a period apart and off the grid, answered without the search.
    @inline(__always)
    private func sharesOnly(_ j: Int, date: SimTime, renderedAt at: SimTime) -> Bool {
        date < staleStart && max(timeline.date(ofEntry: j + 1) + constantRenderDelay, at) > staleStart
    }

    /// Counts the entries of `following` in bulk when their time comes, from `nextEntry`.
    private mutating func countInBulk(_ following: FreshRun.Following) {
        bulkCursor = nextEntry
        switch following {
        case let .freshRun(last, runStaleStart):
            staleStart = runStaleStart
            inFreshRun = true
            nextEntry = last + 1
        case let .sharing(last):
            // The stale start stays, and no stretch is closed: as when each renders in turn.
            nextEntry = last + 1
        }
        bulkEnd = nextEntry
        nextRender = nextEntry < timeline.count ? renderTime(of: nextEntry) : .infinity
    }

    /// The entry after the one rendered at `t` is dated less than `minRenderSpacing` after it: the
    /// next render comes no sooner than `minRenderSpacing` after `t`, and shows the latest entry due
    /// by then (the ones it overtook are never rendered).
    private mutating func spaceNextRender(after t: SimTime) {
        let floor = t + system.minRenderSpacing
        while nextEntry + 1 < timeline.count && renderTime(of: nextEntry + 1) <= floor { nextEntry += 1 }
        nextRender = max(renderTime(of: nextEntry), floor)
    }

    /// A delivery cuts a fresh run short: from `t` the display shows the run's last entry rendered by
    /// then (fresh until `t`), which goes stale at its own stale start, not the run's.
    private mutating func endFreshRun(at t: SimTime) {
        account(until: t)
        staleStart = min(fetchStale, predictable.firstAfter(timeline.date(ofEntry: bulkCursor - 1)))
        inFreshRun = false
    }

    /// Counts the entries counted in bulk that rendered at or before `limit` (or strictly before it
    /// when `inclusive` is false), without visiting them one event at a time.
    @inline(__always)
    private mutating func countBulkRenders(through limit: SimTime, inclusive: Bool = true) {
        guard bulkCursor < bulkEnd else { return }
        if simpleRenderTimes {
            // Render times are max(date + c, lastRender): non-decreasing, so binary search, after
            // checking the last one (most often every entry left is due: no search at all).
            var lo = bulkCursor, hi = bulkEnd - 1
            let lastAt = max(timeline.date(ofEntry: hi) + constantRenderDelay, lastRender)
            if inclusive ? lastAt <= limit : lastAt < limit { lo = bulkEnd }
            while lo < hi {
                let mid = (lo + hi) / 2
                let at = max(timeline.date(ofEntry: mid) + constantRenderDelay, lastRender)
                if inclusive ? at <= limit : at < limit { lo = mid + 1 } else { hi = mid }
            }
            day.renders += lo - bulkCursor
            if lo > bulkCursor { lastRender = max(timeline.date(ofEntry: lo - 1) + constantRenderDelay, lastRender) }
            bulkCursor = lo
        } else {
            while bulkCursor < bulkEnd {
                let at = renderTime(of: bulkCursor)
                guard inclusive ? at <= limit : at < limit else { break }
                lastRender = at
                day.renders += 1
                bulkCursor += 1
            }
        }
    }

    // MARK: Freshness

    /// Adds the display's freshness and age from the last accounting point to `t`.
    @inline(__always)
    private mutating func account(until t: SimTime) {
        let from = accountedUntil
        guard t > from else { return }
        let stretch = AgeAccounting.add(
            from: from, to: t, staleSince: hasContent ? staleStart : 0, freshSeconds: &day.freshSeconds,
            ageIntegral: &day.ageIntegral, maxAge: &day.maxAge)
        if let stretch, runDetail.ageSegments { segments.append(stretch) }
        accountedUntil = t
    }

    /// When `system.unseen_after` holds a policy reload due at `t` (the widget was last seen that
    /// long ago, or never since it was added at 0): the next view, when the reload then runs.
    private func unseenHold(at t: SimTime) -> SimTime? {
        guard system.unseenAfter.isFinite else { return nil }
        guard t - lastViewAt >= system.unseenAfter else { return nil }
        return viewNext > t ? viewNext : nil
    }

    /// The views from `viewNext` to `limit` (excluded), the next other event: nothing else happens
    /// in between, so when views are not logged and bring no location reload, they are counted in
    /// one tight loop (the same additions in the same order as view by view), else visited one by one.
    private mutating func countViews(before limit: SimTime) {
        guard viewsInLoops else {
            let t = viewNext
            viewNext = views.next() ?? .infinity
            view(at: t)
            return
        }
        var t = viewNext
        repeat {
            tallyView(at: t)
            t = views.next() ?? .infinity
        } while t < limit
        viewNext = t
    }

    /// The views before `t` (a render, the next event), counted as `countViews` counts them.
    @inline(__always)
    private mutating func tallyViews(before t: SimTime) {
        while viewNext < t {
            tallyView(at: viewNext)
            viewNext = views.next() ?? .infinity
        }
    }

    /// Adds a view at `t` to the day's counts: fresh, or stale and how old; returns the age of what
    /// it saw when stale (`nil`: fresh).
    @inline(__always)
    @discardableResult
    private mutating func tallyView(at t: SimTime) -> SimTime? {
        day.views += 1
        lastViewAt = t
        let s = hasContent ? staleStart : 0
        if t < s {
            day.freshViews += 1
            return nil
        }
        day.viewAgeTotal += t - s
        return t - s
    }

    private mutating func view(at t: SimTime) {
        // A significant location change since the last view: a free reload, applied now.
        if locationCursor < inputs.locationChanges.count && inputs.locationChanges.times[locationCursor] <= t {
            while locationCursor < inputs.locationChanges.count && inputs.locationChanges.times[locationCursor] <= t { locationCursor += 1 }
            request(.system, at: t)
        }
        if let age = tallyView(at: t) {
            record(t, .view, source: nil, detail: .stale(age))
        } else {
            record(t, .view, source: nil, detail: .fresh)
        }
    }

    // MARK: Days

    private mutating func closeDay(at t: SimTime) {
        account(until: t)
        countBulkRenders(through: t, inclusive: false)
        if waitingForBudget {
            day.exhaustedSeconds += t - waitStart
            waitStart = t
        }
        if runDetail.dayAgeQuantiles {
            day.p95Age = AgeQuantile.timeWeighted(segments.suffix(from: daySegmentStart), totalTime: day.length, p: 0.95)
        }
        days.append(day)
        daySegmentStart = segments.count
        dayIndex += 1
        // Room for the rest of the run at the first day's rate, so the array seldom grows again
        // (half as much again when the run is summarised and dropped: room is cheaper than a copy).
        if dayIndex == 1 && calendar.days > 1 {
            let days = runDetail.trimSegments ? calendar.days : calendar.days + calendar.days / 2
            segments.reserve(segments.count * days)
        }
        if dayIndex < calendar.days {
            day = DayMetrics(
                budget: inputs.budget(onDay: dayIndex), length: calendar.dayStarts[dayIndex + 1] - calendar.dayStarts[dayIndex])
            if dayIndex == inputs.learningDays { budget.setDaily(inputs.dailyBudget, at: t) }
        }
    }

    // MARK: Events

    @inline(__always)
    private mutating func record(
        _ t: SimTime, _ kind: EngineEvent.Kind, source: ReloadSource?, charged: Bool? = nil,
        entries: Int = -1, memory: Double = -1, detail: EngineEvent.Detail
    ) {
        guard level != .none, level == .all || kind.isReloadEvent else { return }
        let left = source == nil || !runDetail.budgetLeft ? -1 : budget.left(at: t)
        let event = EngineEvent(
            replication: replication, time: t, widget: widgetIndex, kind: kind, source: source,
            charged: charged, budgetLeft: left, entries: entries, memoryMB: memory, detail: detail)
        if let sink {
            if level == .all { sendChanges(through: t, to: sink) }
            sink.receive(event)
        } else {
            events.append(event)
        }
    }

    /// A content change at `t` (`detail`: predictable or unpredictable).
    private func change(at t: SimTime, _ detail: EngineEvent.Detail) -> EngineEvent {
        EngineEvent(
            replication: replication, time: t, widget: widgetIndex, kind: .change, source: nil,
            charged: nil, budgetLeft: -1, entries: -1, memoryMB: -1, detail: detail)
    }

    /// Sends the changes at or before `t` not sent yet, as ``recordChanges()`` places them: in
    /// time order, predictable before unpredictable at equal times, before any event at `t`.
    private mutating func sendChanges(through t: SimTime, to sink: any EventSink) {
        let unpredictableTimes = inputs.unpredictable.times
        while true {
            let p =
                nextPredictableChange < predictableChangeTimes.count ? predictableChangeTimes[nextPredictableChange] : .infinity
            let u = nextUnpredictableChange < unpredictableTimes.count ? unpredictableTimes[nextUnpredictableChange] : .infinity
            let next = min(p, u)
            guard next <= t, next.isFinite else { return }
            if p <= u {
                nextPredictableChange += 1
                sink.receive(change(at: p, .predictable))
            } else {
                nextUnpredictableChange += 1
                sink.receive(change(at: u, .unpredictable))
            }
        }
    }

    private mutating func recordChanges() {
        var merged: [EngineEvent] = []
        let predictableTimes = inputs.predictable.eventTimes.times
        merged.reserveCapacity(events.count + predictableTimes.count + inputs.unpredictable.count)
        for t in predictableTimes { merged.append(change(at: t, .predictable)) }
        for t in inputs.unpredictable.times { merged.append(change(at: t, .unpredictable)) }
        // Changes first at equal times, then the run's events in the order they happened.
        merged.sort { $0.time < $1.time }
        var out: [EngineEvent] = []
        out.reserveCapacity(merged.count + events.count)
        var i = 0, j = 0
        while i < merged.count || j < events.count {
            if j == events.count || (i < merged.count && merged[i].time <= events[j].time) {
                out.append(merged[i])
                i += 1
            } else {
                out.append(events[j])
                j += 1
            }
        }
        events = out
    }
}
