// Requests, grants and the budget: a reload request becomes pending (or joins the pending one), is
// granted when the reload interval, the budget (`ReloadBudget`) or a free reload allows, and the
// timeline the provider then builds is delivered (WidgetSimulation+Delivery.swift), killed
// (memory) or rejected (too many entries).
extension WidgetSimulation {
    /// Registers a reload request at `t`: pending, or coalesced into the pending one. Inlined into
    /// the loop (a call cost as much as the work). `quiet` (a constant at each call): the run keeps
    /// no event (the loop's ``EnginePaths/plainLoop`` clone), so nothing to record, not asked.
    @inline(__always)
    mutating func request(_ source: ReloadSource, at t: SimTime, quiet: Bool = false) {
        day.requested &+= 1
        if pending {
            if source == .intent {
                pendingSource = .intent
                pendingSince = t
            }
            if !quiet { record(t, .request, source: source, detail: .coalesced) }
            return
        }
        pending = true
        pendingSource = source
        pendingSince = t
        if !quiet { record(t, .request, source: source, detail: .none) }
    }

    /// The earliest instant the pending request can be granted (asked at every turn of the loop
    /// while a request is pending, so the common case is inlined).
    @inline(__always)
    func grantCandidate() -> SimTime {
        if pendingSource == .intent { return pendingSince }
        let earliest = max(pendingSince, lastGrant + system.minReloadInterval)
        return waitingForBudget ? budgetReturn(after: earliest) : earliest
    }

    /// While the pending request waits for budget: the first instant from `earliest` at which the
    /// budget is back or a foreground session makes the reload free. Never before `waitStart`
    /// (when the wait began, or the last day boundary it crossed): a budget that grows during the
    /// wait (a learning period ending) grants from then on, not in the past.
    ///
    /// Without foreground sessions (``EnginePaths/plainGrants``) no session makes it free:
    /// `max(earliest, back)`, what `min(back, +infinity)` (`back` itself, NaN included) gives
    /// there, without asking the empty sessions. The budget's return is asked of the charge times
    /// where the rule is not charged (``EnginePaths/rollingFromCharges``).
    ///
    /// Where both hold (the optimizer's runs with a budget) the answer is a few loads and
    /// comparisons, here, in a call that saves no register; the other cases are a call of their
    /// own (``budgetReturnAsking(after:)``), whose registers the common one saved at every call
    /// (#26 engine-2, round 15 `grant`). The same operations in either.
    @inline(never)
    func budgetReturn(after earliest: SimTime) -> SimTime {
        guard paths.plainGrants && paths.rollingFromCharges else { return budgetReturnAsking(after: earliest) }
        return max(earliest, chargesBack(after: max(earliest, waitStart)))
    }

    /// ``budgetReturn(after:)`` asking the rule, and the foreground sessions where the run has
    /// any: never for a run whose rule is answered from its charge times (``EnginePaths/rollingFromCharges``
    /// holds only with ``EnginePaths/plainGrants``, the case `budgetReturn` answers itself).
    @inline(never)
    func budgetReturnAsking(after earliest: SimTime) -> SimTime {
        assert(!paths.rollingFromCharges)
        let back = budget.nextAvailable(after: max(earliest, waitStart))
        if paths.plainGrants { return max(earliest, back) }
        let foreground = inputs.foreground.contains(earliest) ? earliest : (inputs.foreground.nextStart(after: earliest) ?? .infinity)
        return max(earliest, min(back, foreground))
    }

    /// Grants the pending request at `t` when the reload interval, the budget or a free reload
    /// allows: ``grant(at:plain:freshPolicy:)``, in its clone without the questions of foreground sessions,
    /// low-power windows, unpredictable changes and events where the run has none
    /// (``EnginePaths/plainGrants``, the optimizer's runs), else in the clone that asks them.
    mutating func tryGrant(at t: SimTime) {
        if paths.plainGrants {
            grant(at: t, plain: true, freshPolicy: false)
        } else {
            grant(at: t, plain: false, freshPolicy: false)
        }
    }

    /// ``tryGrant(at:)`` itself; `plain` (a constant in each of its call sites, so each is a
    /// clone with the questions it answers folded away): the run has no foreground session, no
    /// low-power window, no unpredictable change and keeps no event, so no grant is in the
    /// foreground, no reload deferred, the first unpredictable change after any delivery is at
    /// `+infinity` and nothing is recorded, the answers the questions would give. `freshPolicy`
    /// (a constant too): the reload is ``tryFreshPolicyGrant(at:)``'s, a policy reload not yet
    /// registered as pending, registered only where it waits for budget.
    ///
    /// The rare turns (the wait, the budget out, the kill, the rejection) are marked `_slowPath`:
    /// out of the straight line, the common grant saves fewer registers around them.
    @inline(__always)
    mutating func grant(at t: SimTime, plain: Bool, freshPolicy: Bool) {
        assert(!freshPolicy || (!pending && !waitingForBudget))
        let source = freshPolicy ? ReloadSource.policy : pendingSource
        let inForeground = !plain && inputs.foreground.contains(t)
        let exempt = source == .intent || source == .system || inForeground
        if exempt {
            // A free reload (foreground, App Intent) ends the wait without the budget coming back.
            if !freshPolicy && waitingForBudget { endWaiting(at: t) }
        } else if _slowPath(!freshPolicy && waitingForBudget) {
            guard grantAfterWaiting(at: t, source: source) else { return }
        } else if plain && paths.budgetNeverRunsOut {
            // B is more than the charges this run can make: available, and the rule, which
            // nothing else of such a run asks, is left as it is (``EnginePaths/budgetNeverRunsOut``).
        } else if plain && paths.rollingFromCharges {
            // The rolling rule's answer from the charge times (appended below): the rule is not charged.
            if _slowPath(!chargesAllow(at: t)) {
                if freshPolicy { registerFreshPolicy(at: t, waiting: true) }
                startWaiting(at: t, source: source)
                return
            }
        } else if _slowPath(!budget.chargeIfAvailable(at: t, window: budget.window(learning: t))) {
            // The check and the charge under one switch over the model: nothing is recorded
            // between them when no wait ends (an event reads the budget left).
            if freshPolicy { registerFreshPolicy(at: t, waiting: true) }
            startWaiting(at: t, source: source)
            return
        }
        // (A fresh policy reload was never marked pending.)
        if !freshPolicy { pending = false }
        lastGrant = t
        day.reloads &+= 1
        if exempt {
            day.exempt &+= 1
        } else {
            day.charged &+= 1
            if runDetail.chargeTimes { chargeTimes.append(t) }
        }
        if !plain {
            record(
                t, .grant, source: source, charged: !exempt,
                detail: source == .intent ? .intentFree : (inForeground ? .foreground : .none))
        }

        // A built-in provider's timeline as numbers, checked and delivered from them; any other
        // built in `building`, and delivered from there (the same timeline: `EvenTimelineTests`).
        let even = (provider as? BuiltInProvider)?.evenTimeline(at: t, clock: context.clock, windows: &windowMemory)
        // Not `even.map { ... } ?? buildTimeline(at: t)`: with the windowed provider's timeline
        // inlined, the closure became a call at every grant.
        let count: Int, closeEntries: Bool
        if let even {
            count = even.count
            closeEntries = even.closeEntries(minSpacing: system.minRenderSpacing)
        } else {
            (count, closeEntries) = buildTimeline(at: t)
        }
        // A timeline of the last count delivered (every one of a fixed provider's after its first)
        // is delivered again, with the footprint found then: the settings do not change in a run.
        let footprint: Double
        if _fastPath(count == deliverable.count) {
            footprint = deliverable.footprint
            // `max(day.peakMemoryMB, footprint)` (that is `footprint >= peak ? footprint : peak`)
            // as a branch: the same bits, NaN and ±0 included, without the select's six instructions.
            if footprint >= day.peakMemoryMB { day.peakMemoryMB = footprint }
        } else {
            guard let fits = checkFootprint(at: t, source: source, charged: !exempt, entries: count) else { return }
            footprint = fits
        }
        deliver(
            at: t, even: even, source: source, charged: !exempt, footprint: footprint, closeEntries: closeEntries,
            plain: plain)
    }

    // The grant's rare turns, out of line: `tryGrant` inlines `deliver`, and small enough it
    // inlines more of what `deliver` calls.

    /// The pending request finds the budget out at `t`: the wait begins.
    @inline(never)
    mutating func startWaiting(at t: SimTime, source: ReloadSource) {
        waitingForBudget = true
        waitStart = t
        day.deferred += 1
        if day.exhaustedAt == nil { day.exhaustedAt = t }
        record(t, .budgetOut, source: source, charged: true, detail: .waiting)
        record(t, .deferral, source: source, charged: true, detail: .waiting)
    }

    /// The pending request, waiting for budget, is granted at `t` with a charge if the budget is
    /// back: the wait ends (recorded before the charge, whose event reads the budget left) and
    /// the reload is charged; false (nothing changed) while it is still out. Where the
    /// `budgetBack` event is not kept, the check and the charge are one call
    /// (`chargeIfAvailable`), as in `tryGrant`.
    @inline(never)
    mutating func grantAfterWaiting(at t: SimTime, source: ReloadSource) -> Bool {
        if paths.rollingFromCharges {
            // The rule's answer from the charge times (the grant appends `t`); no event is kept.
            guard chargesAllow(at: t) else { return false }
            endWaiting(at: t)
            return true
        }
        // The rule's window (a local day for `midnight`), found once for the check and the charge.
        let window = budget.window(learning: t)
        if !recorder.keeps(.budgetBack) {
            // No event between the check and the charge: one call (the wait's end touches
            // neither the budget nor what the charge reads).
            guard budget.chargeIfAvailable(at: t, window: window) else { return false }
            endWaiting(at: t)
            return true
        }
        guard budget.isAvailable(at: t, window: window) else { return false }
        endWaiting(at: t)
        record(t, .budgetBack, source: source, detail: .none)
        budget.charge(at: t, window: window)
        return true
    }

    /// Whether the budget grants a charge at `t`, asked of the charge times
    /// (``EnginePaths/rollingFromCharges``): what `budget.chargeIfAvailable` answers (B = 0
    /// never grants; the rule has B at least 1).
    @inline(__always)
    func chargesAllow(at t: SimTime) -> Bool {
        budget.daily > 0 && chargeTimes.rollingAllows(at: t, daily: budget.daily)
    }

    /// `budget.nextAvailable(after: t)` asked of the charge times (``EnginePaths/rollingFromCharges``):
    /// `t` when a charge may run then, else the rule's recovery (`+infinity` for B = 0).
    func chargesBack(after t: SimTime) -> SimTime {
        if chargesAllow(at: t) { return t }
        return budget.daily > 0 ? chargeTimes.rollingRecovery(daily: budget.daily) : .infinity
    }

    /// The wait for budget ends at `t`: its seconds counted in the day.
    @inline(__always)
    mutating func endWaiting(at t: SimTime) {
        day.exhaustedSeconds += t - waitStart
        waitingForBudget = false
    }

    /// The footprint of a timeline of `entries` entries built at `t`, counted in the day's peak,
    /// when it is delivered; `nil` when it is killed (over the memory limit) or rejected (more
    /// entries than the system takes). A count delivered is kept in ``deliverable``: `tryGrant`
    /// asks this only for a count other than the last delivered (a fixed provider's first
    /// timeline, a windowed provider's first in a window of another count, a kill or rejection).
    @inline(never)
    mutating func checkFootprint(at t: SimTime, source: ReloadSource, charged: Bool, entries: Int) -> Double? {
        // A run that measures its timelines' reach, in a call of its own (TimelineReach.swift).
        if _slowPath(runDetail.reach) { return checkFootprintNotingReach(at: t, source: source, charged: charged, entries: entries) }
        guard let footprint = meetFate(at: t, source: source, charged: charged, entries: entries) else { return nil }
        deliverable = (entries, footprint)
        return footprint
    }

    /// ``checkFootprint(at:source:charged:entries:)``'s footprint, peak and fate, shared with the
    /// runs that measure their reach: the footprint counted in the day's peak, then the kill or
    /// the rejection its ``DeliveryFate`` asks for (`nil`), or the footprint when it is delivered.
    /// The fate is the one the optimizer asks too, to share an unconstrained run between entry counts.
    @inline(__always)
    mutating func meetFate(at t: SimTime, source: ReloadSource, charged: Bool, entries: Int) -> Double? {
        let footprint = memory.footprint(entries: entries)
        if footprint >= day.peakMemoryMB { day.peakMemoryMB = footprint }
        switch DeliveryFate(footprint: footprint, entries: entries, memory: memory, system: system) {
        case .killed:
            kill(at: t, source: source, charged: charged, entries: entries, footprint: footprint)
            return nil
        case .rejected:
            reject(at: t, source: source, charged: charged, entries: entries, footprint: footprint)
            return nil
        case .delivered: return footprint
        }
    }

    /// The timeline built at `t` (`entries` entries, `footprint` MB) is over the memory limit:
    /// the extension is killed, and a retry planned.
    @inline(never)
    mutating func kill(at t: SimTime, source: ReloadSource, charged: Bool, entries: Int, footprint: Double) {
        day.kills += 1
        failedRetries = source == .retry ? failedRetries + 1 : 0
        retryAt = t + (failedRetries >= memory.retries ? memory.backoff : memory.retryAfter)
        record(t, .kill, source: source, charged: charged, entries: entries, memory: footprint, detail: .overLimit(footprint))
    }

    /// The timeline built at `t` has more entries than the system takes: not delivered, the widget
    /// keeps what it had and no retry is planned (OBSERVED #10).
    @inline(never)
    mutating func reject(at t: SimTime, source: ReloadSource, charged: Bool, entries: Int, footprint: Double) {
        day.rejections += 1
        record(
            t, .rejected, source: source, charged: charged, entries: entries, memory: footprint,
            detail: .tooManyEntries(system.maxEntries))
    }

    /// Builds the timeline of a reload at `t` in `building` with the provider's `getTimeline`,
    /// sorted by date when it is not: its number of entries, and whether two of them are closer
    /// than the render spacing. Out of line (`tryGrant` asks the built-in providers for their
    /// timelines as numbers first): inlined, it made `tryGrant` too big for the compiler to
    /// inline the charge times' append.
    @inline(never)
    mutating func buildTimeline(at t: SimTime) -> (count: Int, closeEntries: Bool) {
        building.reset()
        context.now = t
        provider.getTimeline(in: context, into: &building)
        return (building.count, building.sortForDelivery(minSpacing: system.minRenderSpacing))
    }
}
