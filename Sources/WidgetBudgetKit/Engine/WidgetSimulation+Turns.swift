// The event loop's turns (`WidgetSimulation.run()` runs them to the horizon): one pending time per
// source, the earliest taken each turn, in the order docs/design/engine.md ("The event loop") gives
// for equal times, with the turns folded into the one before (`+FoldedTurns`).

extension WidgetSimulation {
    /// The event loop's turns, to the horizon. `plain` (a constant in each of `run`'s two call
    /// sites, so each is a clone with what it answers folded away): the run has no app request,
    /// no App Intent and no `unseen_after` hold, and takes ``EnginePaths/foldedTurns`` (so
    /// ``EnginePaths/renderRuns``, ``EnginePaths/viewsInLoops`` and ``EnginePaths/inlineViews``),
    /// ``EnginePaths/plainLoop``: the next app request and App Intent are then `+infinity` at
    /// every turn (what `nextAppRequest()` and `nextIntent()` answer for none), no policy reload
    /// is held (so none awaits a view) and those paths are on, the values the clone uses as
    /// constants (the compiler drops the comparisons with `+infinity` that can never hold).
    @inline(__always)
    mutating func runTurns(plain: Bool) {
        let dayCount = calendar.days
        // The times that change only in a turn of their own (the day's end, the next app request
        // and App Intent), kept here from one turn to the next rather than read again each turn.
        var dayEnd = dayCount > 0 ? calendar.dayStarts[1] : .infinity
        var appNext = plain ? .infinity : nextAppRequest()
        var intentNext = plain ? .infinity : nextIntent()
        // Whether a policy reload may be held by `system.unseen_after` (`unseenHold`), asked once
        // rather than at every policy turn.
        let holdsUnseen = !plain && system.unseenAfter.isFinite
        let viewsInLoops = plain || paths.viewsInLoops, renderRuns = plain || paths.renderRuns
        let inlineViews = plain || paths.inlineViews, foldedTurns = plain || paths.foldedTurns
        #if DEBUG
            var refusals = RefusedGrants()
        #endif
        while dayIndex < dayCount {
            let grantNext = pending ? grantCandidate() : .infinity
            let others = min(dayEnd, nextRender, policyAt, appNext, intentNext, retryAt, grantNext)
            var t = others
            if viewNext < others {
                // Views first. Counted in a loop (`viewsInLoops`), those before every other event
                // are counted here and the turn goes on to that event: their own turn moved no
                // other event's time (such views move no reload), so the next turn found the same.
                if viewsInLoops { tallyDueViews(before: others) } else { t = viewNext }
            }

            if t >= dayEnd {
                closeDay(at: dayEnd)
                if dayIndex < dayCount { dayEnd = calendar.dayStarts[dayIndex + 1] }
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
            } else if t == policyAt && !plain && policyAwaitsView && viewNext == t {
                // The view that releases a held reload is judged first: `getTimeline` takes seconds
                // (OBSERVED #11), so the user sees what was there; the reload then runs with its delays.
                countViews(before: t.nextUp)
            } else if t == policyAt {
                policyAt = .infinity
                policyAwaitsView = false
                if holdsUnseen, let view = unseenHold(at: t) {
                    policyAt = view
                    policyAwaitsView = true
                    day.heldUnseen += 1
                    record(t, .deferral, source: .policy, detail: .unseen)
                } else if pending {
                    request(.policy, at: t, quiet: plain)
                    // The grant the request makes due now, without a turn of the loop (`foldedTurns`).
                    if foldedTurns {
                        grantIfNext(at: t, fresh: false, before: dayEnd, appNext: appNext, intentNext: intentNext, plain: plain)
                    }
                } else if plain {
                    // (The same, the request found none pending: its state is known here, and
                    // written only where the grant is not made at once.)
                    requestAndGrantFresh(at: t, before: dayEnd)
                } else {
                    // (The same, the request found none pending: its state is known here.)
                    request(.policy, at: t, quiet: plain)
                    if foldedTurns {
                        grantIfNext(at: t, fresh: true, before: dayEnd, appNext: appNext, intentNext: intentNext, plain: plain)
                    }
                }
            } else if t == appNext {
                appCursor += 1
                appNext = plain ? .infinity : nextAppRequest()
                let call = inputs.appRequests[appCursor - 1]
                if call.ignored {
                    day.ignoredCalls += 1
                    record(t, .ignored, source: call.source, detail: .launchCooldown)
                } else {
                    request(call.source, at: t)
                }
            } else if t == intentNext {
                intentCursor += 1
                intentNext = plain ? .infinity : nextIntent()
                request(.intent, at: t)
            } else if t == retryAt {
                retryAt = .infinity
                request(.retry, at: t, quiet: plain)
            } else if t == grantNext {
                tryGrant(at: t)
                #if DEBUG
                    assert(refusals.note(at: t, stillPending: pending), "the grant was refused \(refusals.count) times at \(t)")
                #endif
                if foldedTurns { renderIfNext(before: dayEnd, appNext: appNext, intentNext: intentNext) }
            } else {
                countViews(before: others)
            }
        }
    }

    /// The time of the next app request (`+infinity` after the last).
    @inline(__always)
    func nextAppRequest() -> SimTime {
        appCursor < inputs.appRequests.count ? inputs.appRequests[appCursor].time : .infinity
    }

    /// The time of the next App Intent (`+infinity` after the last).
    @inline(__always)
    func nextIntent() -> SimTime {
        intentCursor < inputs.intents.count ? inputs.intents.times[intentCursor] : .infinity
    }
}
