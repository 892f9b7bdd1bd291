/// Which of the engine's fast paths a run takes: decided here, once, from the run's inputs, and
/// nowhere else (``WidgetSimulation`` reads these switches and never decides a path itself).
///
/// The reference is the event path: every entry rendered and every view visited, one turn of the
/// event loop each. It is what ``EventLevel/all`` runs, since every render and view is then an
/// event to log. Each fast path computes what the event path would, with the same additions in the
/// same order, so a run's outputs are the same to the bit whichever paths it takes
/// (docs/design/engine.md); `FreshRunTests`, `StaleRenderRunTests`, `StaleStrideTests` and
/// `ViewCountingTests` run scenarios both ways and compare. Each switch says which inputs turn it
/// off, and why. To add a fast path: add its switch here, off at ``EventLevel/all`` and for every
/// input it cannot reproduce exactly, and a test against the event path.
struct EnginePaths {
    /// Timelines render and the display is accounted (every path below is about how). Off only
    /// when nothing of the run reads the display: ``RunDetail/display`` off, no stretches
    /// (``RunDetail/ageSegments``), no day quantile (``RunDetail/dayAgeQuantiles``), no view
    /// metrics (``RunDetail/views``), no figures (``RunDetail/figures``) and no events (the runs that
    /// log are the reference: at ``EventLevel/all`` a render and a view's age are events). Then no
    /// entry renders (`deliver` schedules none) and nothing is accounted (`account(until:)` never
    /// adds): the reloads are the same, since nothing that makes or grants a request reads the
    /// display: requests come from the inputs (app reloads, App Intents, pushes, launches,
    /// foreground sessions, location changes at a view), from a delivered timeline's policy (its
    /// entries' dates, the drawn reload delay, low power) and from memory kills (the built
    /// timeline's size); the grant reads the budget, the reload interval and foreground sessions;
    /// an `unseen_after` hold and a location change read only when views come, and views are drawn
    /// from the inputs whatever is displayed (``drawsViews``). `GrantsOnlyTests` compares such runs
    /// with full ones on random scenarios with every one of those inputs. An input that would
    /// make a reload depend on what is displayed must turn this on.
    let renders: Bool
    /// Entries after the first of a timeline are counted in bulk when their time comes, not
    /// rendered one by one (`countBulkRenders`). Off with predictable content (a later entry may
    /// show newer content, so each render can change the display's staleness) and at
    /// ``EventLevel/all`` (every render is an event). Per timeline: ``Timeline/bulkRenders``.
    let bulkRenders: Bool
    /// Render times are `date + constant`: a constant render delay and no low-power windows. Off
    /// with a random render delay (drawn per entry) or low-power windows (which defer renders):
    /// then no render time can be found without computing it, and the fast paths below that
    /// search or step over render times are off too.
    let simpleRenderTimes: Bool
    /// With predictable content, entries that render while the display is still fresh (a fresh
    /// run, `FreshRun`), or that share the stale start of the entry before them, are counted in
    /// bulk. Off when ``bulkRenders`` is on (it counts them already), without
    /// ``simpleRenderTimes`` (the search assumes render times `date + constant`), and at
    /// ``EventLevel/all``. Per timeline: ``Timeline/freshRuns``.
    let freshRuns: Bool
    /// The renders due before the next other event run in one loop (`renderRun`), not one turn of
    /// the event loop each. Off without ``simpleRenderTimes`` and at ``EventLevel/all``.
    let renderRuns: Bool
    /// Inside ``renderRuns``: evenly spaced entries on an `every` grid are rendered in strides
    /// (`strideRun`, ``StaleStride``). Off with a render delay other than 0 (the stride's ticks
    /// are entry dates) and wherever ``renderRuns`` is off.
    let strideRuns: Bool
    /// Inside ``strideRuns``: entries a whole `step` apart whose dates and ticks are exact
    /// (`StaleStride/exact(first:dateSpacing:tick:step:period:through:)`) repeat one stretch,
    /// shifted by `step`; once one entry accounted its stretch from the date of the entry before
    /// it, the entries after it that the stride would render are rendered at once (`StaleStride`'s
    /// `jump`): the same terms added to the sums (`RepeatedSum`, the bits of adding them one by one)
    /// and the same stretches stored. Off wherever ``strideRuns`` is off.
    let gridJumps: Bool
    /// Inside ``gridJumps`` with ``inlineViews``: a jump goes past the views due among its renders,
    /// which are then counted each with the stale start of the last entry rendered by its time
    /// (`ViewsInJump.staleStart(atView:step:)`), as the stride's loop would count them. Both on.
    let viewsInJumps: Bool
    /// Inside ``gridJumps``: a jump's `n` repeated stretches are stored as one slot standing for
    /// all `n` (`SegmentStore/runs`), and folded into ``AgeShapes`` at once when the day closes
    /// (`AgeShapes.append(slots:)`: the same runs as from the `n` stretches); the day's
    /// 95th-percentile age (``RunDetail/dayAgeQuantiles``) reads the day's stretches run by run
    /// (`StretchSlots`, `StretchRuns`: the bits of reading them one by one). Only when nothing
    /// reads the day's stretches with their times: the run keeps shapes (``RunDetail/stretchTimes``
    /// off) and draws no figure (``RunDetail/figures``), as the optimizer's runs
    /// (``RunDetail/optimization``) and `simulate`'s (``RunDetail/summaries``); and
    /// ``RunDetail/jumpRuns`` allows it (tests turn it off to compare).
    let jumpRuns: Bool
    /// Inside ``viewsInJumps``: a timeline's first entry and the entries after it that repeat one
    /// stretch (evenly spaced a whole `step` of an `every` grid apart from entry 0 on, every date
    /// and tick exact) are rendered in one step when `renderRun` reaches entry 0
    /// (`closedTimeline`): the stretch's terms added once, then by `RepeatedSum` (the bits of adding
    /// them one by one), up to the first bound the render loop would stop at, the views before the
    /// last of them counted after it as a jump counts them; and, wherever the render loop would
    /// call the stride, the cycles of entries that repeat one stretch from there (entries a whole
    /// `step` or half a period apart, `closedCycles`), the same way. Per timeline and per call it
    /// falls back to the loop or the stride when a condition fails. Off wherever ``viewsInJumps``
    /// is off (so at ``EventLevel/all``).
    let closedTimelines: Bool
    /// Entries closer than the render spacing (rendered one `SystemSettings/minRenderSpacing`
    /// apart, the entries overtaken skipped: `spaceNextRender`) whose spacing is a whole fraction
    /// of the render spacing, every date exact, render in strides over every `m`th entry
    /// (`spacedRun`): the entries rendered are then evenly spaced one render spacing apart, as a
    /// stride's are. Off wherever ``strideRuns`` is off, and without predictable content (a stride
    /// needs its grid; without one every entry goes stale at the same unpredictable change and
    /// the renders are cheap already). Per timeline: ``Timeline/spacedStrides``.
    let spacedStrides: Bool
    /// Views are counted in a tight loop (`countViews`), not one event each. Off at
    /// ``EventLevel/all`` (every view is an event) and with significant location changes (a view
    /// may then bring a free reload, which the loop would skip).
    let viewsInLoops: Bool
    /// The views between the renders of ``renderRuns`` are counted in the same loop: both on.
    let inlineViews: Bool
    /// The loop's turn after a policy request runs the grant due at that instant at once, and the
    /// turn after a grant the renders due next (`grantIsNext`, `renderIfNext`): the same branches
    /// the next turns would take, in the same order, without computing the earliest event again.
    /// Needs ``inlineViews`` (the views before that render are counted by `renderRun`, as the
    /// loop's turn for them would count them): off wherever it is off, so at ``EventLevel/all``.
    let foldedTurns: Bool
    /// Views are drawn at all. Off when they neither count nor move a reload: no view metrics
    /// asked (``RunDetail/views``), no `unseen_after` hold and no location changes.
    let drawsViews: Bool
    /// The grant (`tryGrant`) runs its clone that asks nothing of foreground sessions, low-power
    /// windows, unpredictable changes or events: on when the run has none of them (no foreground
    /// session, no low-power window, no unpredictable change, ``EventLevel/none``), where each
    /// question has one answer all run long (not in the foreground, no deferral, the first
    /// unpredictable change after a delivery at `+infinity`, nothing recorded). The same steps
    /// with those answers, so the same grants; the clone only skips the questions (about 18
    /// instructions a grant: the optimizer's runs have none of them).
    let plainGrants: Bool
    /// The event loop (`run`) runs its clone without the app's requests, App Intents and
    /// `unseen_after` holds: on when the run has none of them (no app request, no App Intent, an
    /// infinite `unseen_after`) and takes ``foldedTurns`` (so ``renderRuns``, ``viewsInLoops`` and
    /// ``inlineViews``), as the optimizer's runs do. The next app request and App Intent are then
    /// `+infinity` at every turn, no policy reload awaits a view, and those four paths are on all
    /// run long: the clone takes these values as constants, so the same turns with the same
    /// numbers, without the comparisons that can never hold (#26 engine-2, round 14 `grant`).
    /// ``RunDetail/plainLoop`` off turns it off (tests, to compare the two clones).
    let plainLoop: Bool
    /// The plain grant (``plainGrants``) charges without asking the budget: B cannot run out in
    /// this run. On when the model's rule is the rolling or the midnight one (each grants while
    /// fewer than B charges were made in the whole run: its count of a day's or of the last 24
    /// hours' charges is at most that), there is no App Intent, and B (in the learning period
    /// too) is more than `2 · horizon / minReloadInterval + 2`, the horizon at most 2^40 s and the
    /// interval at least 1 s: every grant, none an App Intent's, comes at or after the rounded
    /// `lastGrant + minReloadInterval`, at least half an interval after the grant before it at
    /// these magnitudes (or past the horizon, for an interval longer than it), and every grant
    /// is at or after 0 and before the horizon, so fewer than `2 · horizon / interval + 1` grants
    /// are charged. The optimizer's runs without a budget (B = 2^40) take it. Every charge is
    /// then available, so no request waits for budget and nothing else asks the rule (no event
    /// reads the budget left, `plainGrants` keeping none): the rule is left as it was made, the
    /// same grants made (#26 engine-2, round 14 `grant`).
    let budgetNeverRunsOut: Bool
    /// The plain grant answers the rolling rule from the charge times the run keeps
    /// (``RunDetail/chargeTimes``, `ChargeTimeStore.rollingAllows(at:daily:)`), and leaves the rule
    /// as it was made: the charges are not stored twice (the rule's append asked the runtime
    /// whether its array was shared at every charge). On for the rolling rule, with
    /// ``plainGrants`` (no event reads the budget left), the charge times kept, no App Intent,
    /// no learning period (B constant), a horizon of at most 2^40 s and a reload interval of at
    /// least 1 s, unless ``budgetNeverRunsOut`` (nothing to ask). Then every grant comes at or
    /// after the grant before it (`lastGrant + minReloadInterval`), so the charges are in order,
    /// each question is asked at or after the last charge, and the rule's kept charges are the
    /// latest ones, at most B of them, those at or before `latest − 48 h` dropped: it grants
    /// when it keeps fewer than B or its oldest is 24 hours before `t`. When B were made and it
    /// keeps B, its oldest is the Bth latest; when it keeps fewer, the Bth latest was dropped for
    /// its age, and is then 24 hours before `t` too (below 2^40 s, `latest − 48 h` is within
    /// 2^-12 s of its exact value, so the Bth latest plus 24 h is below `latest`): the answer is
    /// the times' either way, and the instant a wait ends (the rule's `nextRecovery`, the Bth
    /// latest plus 24 h) too. The same grants, waits and charges (#26 engine-2, round 14 `grant`).
    let rollingFromCharges: Bool
    /// ``timeline(closeEntries:)`` for a timeline whose entries are all at least the render
    /// spacing apart, and for one with two entries closer (found once: asked at every delivery).
    private let spacedTimeline: Timeline, closeTimeline: Timeline

    /// The paths of a run of `inputs` under `system`, logging `level`, reporting `detail` (the
    /// inputs and settings borrowed: the run's set-up copies neither), with the budget's
    /// `budgetModel` over `horizon` seconds (without them, ``budgetNeverRunsOut`` is off).
    init(
        inputs: borrowing WidgetInputs, system: borrowing SystemSettings, level: EventLevel, detail: RunDetail,
        budgetModel: BudgetModel? = nil, horizon: SimTime = .infinity
    ) {
        renders =
            detail.display || detail.ageSegments || detail.dayAgeQuantiles || detail.views || detail.figures != nil
            || level != .none
        // Asked once: a periodic change's `isEmpty` is a search of its ticks (about 100
        // instructions, at every run of the optimizer).
        let noPredictable = inputs.predictable.isEmpty
        bulkRenders = noPredictable && level != .all
        simpleRenderTimes = system.renderDelay.isConstant && inputs.lowPower.isEmpty
        freshRuns = !bulkRenders && simpleRenderTimes && level != .all
        renderRuns = simpleRenderTimes && level != .all
        strideRuns = renderRuns && system.renderDelay.mean == 0
        gridJumps = strideRuns
        spacedStrides = strideRuns && !noPredictable
        viewsInLoops = level != .all && inputs.locationChanges.count == 0
        inlineViews = renderRuns && viewsInLoops
        viewsInJumps = gridJumps && inlineViews
        jumpRuns =
            gridJumps && detail.jumpRuns && detail.ageSegments && !detail.stretchTimes && detail.figures == nil
        closedTimelines = viewsInJumps
        foldedTurns = inlineViews
        drawsViews = detail.views || system.unseenAfter.isFinite || inputs.locationChanges.count > 0
        plainLoop =
            detail.plainLoop && foldedTurns && inputs.appRequests.isEmpty && inputs.intents.times.isEmpty && !system.unseenAfter.isFinite
        plainGrants =
            level == .none && inputs.foreground.isEmpty && inputs.lowPower.isEmpty && inputs.unpredictable.times.isEmpty
        budgetNeverRunsOut =
            plainGrants && inputs.intents.times.isEmpty
            && Self.neverRunsOut(
                budgetModel, daily: min(inputs.dailyBudget, inputs.learningDays > 0 ? inputs.learningBudget : inputs.dailyBudget),
                horizon: horizon, interval: system.minReloadInterval)
        rollingFromCharges =
            plainGrants && !budgetNeverRunsOut && detail.chargeTimes && inputs.intents.times.isEmpty
            && inputs.learningDays == 0 && budgetModel?.rule == RollingWindowBudget.self && horizon >= 0
            && horizon <= 0x1p40 && system.minReloadInterval >= 1
        spacedTimeline = Self.timeline(
            close: false, bulkRenders: bulkRenders, freshRuns: freshRuns, spacedStrides: spacedStrides)
        closeTimeline = Self.timeline(
            close: true, bulkRenders: bulkRenders, freshRuns: freshRuns, spacedStrides: spacedStrides)
    }

    /// Whether a budget of `daily` under `model` is more than the charged grants a run of
    /// `horizon` seconds with reloads at least `interval` apart can make (``budgetNeverRunsOut``).
    static func neverRunsOut(_ model: BudgetModel?, daily: Int, horizon: SimTime, interval: Double) -> Bool {
        guard let rule = model?.rule, rule == RollingWindowBudget.self || rule == MidnightBudget.self else { return false }
        return horizon >= 0 && horizon <= 0x1p40 && interval >= 1 && Double(daily) > 2 * (horizon / interval) + 2
    }

    /// The paths for one delivered timeline.
    struct Timeline {
        /// ``EnginePaths/bulkRenders`` for this timeline.
        var bulkRenders: Bool
        /// ``EnginePaths/freshRuns`` for this timeline.
        var freshRuns: Bool
        /// ``EnginePaths/spacedStrides`` for this timeline: on when two of its entries are closer
        /// than the render spacing.
        var spacedStrides = false
    }

    /// Before the first delivery (no timeline: nothing renders).
    var beforeFirstTimeline: Timeline { Timeline(bulkRenders: bulkRenders, freshRuns: false) }

    /// The first entry the render loop (`renderRun`) renders of a timeline with two entries closer
    /// than `minSpacing` (the render spacing), in a run with ``freshRuns`` (so predictable content
    /// and render times `date + constant`), the entries before it rendered one at a time by
    /// `renderEntry`: the first of its evenly spaced entries (``ReplayTimeline/evenDates(from:)``) when
    /// no two adjacent ones are dated closer than `minSpacing` as the timeline computes their dates
    /// (``EvenlySpacedDates/hasGap(below:)``, the check the delivery made of the whole timeline),
    /// else `Int.max`.
    ///
    /// From that entry on, the render loop renders as `renderEntry` does one entry at a time with
    /// ``Timeline/freshRuns`` off: no render is held back by the render spacing
    /// (`spaceNextRender`), so each renders at `max(date + delay, previous render)`, which is what
    /// the loop computes; and where it would leave to look for a fresh run, it renders the entry
    /// itself, as it does when it comes back for it (the fresh-run search is not made: its sums
    /// may differ from rendering one by one in the last bit, docs/design/engine.md). A typical
    /// case: entries aligned to the minute whose first, a few seconds after the reload, is less
    /// than the render spacing before the second, on the next whole minute.
    ///
    /// - Complexity: O(1).
    static func loopStart(of timeline: ReplayTimeline, minSpacing: Double) -> Int {
        let count = timeline.count
        guard count > 0, let dates = timeline.evenDates(from: count - 1) else { return .max }
        let spaced = EvenlySpacedDates(first: dates.first, spacing: dates.spacing, count: count - dates.offset)
        return spaced.hasGap(below: minSpacing) ? .max : dates.offset
    }

    /// The paths for a timeline just delivered: counting in bulk is off when two of its entries are
    /// closer than the render spacing (`closeEntries`): renders are then visited one by one,
    /// skipping the entries overtaken (`spaceNextRender`). Both answers are found once, in `init`
    /// (`deliver` asks at every delivery).
    @inline(__always)
    func timeline(closeEntries: Bool) -> Timeline {
        closeEntries ? closeTimeline : spacedTimeline
    }

    /// The paths for a timeline with (`close`) or without two entries closer than the render spacing.
    private static func timeline(close: Bool, bulkRenders: Bool, freshRuns: Bool, spacedStrides: Bool) -> Timeline {
        Timeline(bulkRenders: bulkRenders && !close, freshRuns: freshRuns && !close, spacedStrides: spacedStrides && close)
    }
}
