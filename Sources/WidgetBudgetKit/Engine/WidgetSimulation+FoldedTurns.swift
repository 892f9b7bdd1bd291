// The event loop's turns folded into the one before (`EnginePaths.foldedTurns`): after a policy
// request, the grant it makes due at that instant, and after a grant, the render that comes next,
// each run at once, as the loop's next turn would run it (the same branch, taken in the same
// order); in the plain loop, a policy request that finds none pending is registered only where
// that grant does not come at once. docs/design/engine.md, "The event loop".
extension WidgetSimulation {
    /// Whether the loop's next turn, after a request at `t`, would grant at `t`: the grant is due
    /// then, and no app request, App Intent or retry is due at `t` (each runs before a grant at
    /// equal times). Nothing else can come first: the request's turn was at the earliest time, the
    /// render and the day boundary are later (a render at `t` ran before the request), and a view
    /// at `t` comes after the grant.
    ///
    /// `plain` (``EnginePaths/plainLoop``'s clone of the loop): `appNext` and `intentNext` are
    /// `+infinity` and `t`, the policy reload's time found before the day's end (so neither NaN
    /// nor `+infinity`), is before both: their comparisons are left out (the compiler had kept
    /// one, with `+infinity`, at every policy turn).
    @inline(__always)
    func grantIsNext(at t: SimTime, appNext: SimTime, intentNext: SimTime, plain: Bool) -> Bool {
        assert(!plain || (t < appNext && t < intentNext))
        return pending && (plain || t < appNext && t < intentNext) && t < retryAt && grantCandidate() == t
    }

    /// ``grantIsNext(at:appNext:intentNext:plain:)`` right after a request at `t` that found none
    /// pending, not an App Intent's: the request is pending from `t`, and no wait for budget is
    /// under way (a wait ends only with a grant, which leaves nothing pending), so
    /// `grantCandidate()` is `max(t, lastGrant + minReloadInterval)`, the same expression with
    /// `pendingSince` = `t`, read here without loading the pending state back. That is `t` exactly
    /// when the interval's end `lastGrant + minReloadInterval` is not after `t`: `t` is the policy
    /// reload's time, which the loop found equal to itself (no NaN), and an end that is a NaN gives
    /// `t` both ways (`max` keeps `t`, `>` is false). Asked as `!(end > t)`: `max(…) == t` was a
    /// branch-free select and two tests, eight instructions a policy turn against three (round 13).
    /// `plain`: as in ``grantIsNext(at:appNext:intentNext:plain:)``.
    @inline(__always)
    func freshGrantIsNext(at t: SimTime, appNext: SimTime, intentNext: SimTime, plain: Bool) -> Bool {
        // (Pending unless asked by `requestAndGrantFresh`, which registers the request after.)
        assert(!waitingForBudget && (!pending || pendingSource != .intent && pendingSince == t))
        assert(!t.isNaN && (max(t, lastGrant + system.minReloadInterval) == t) == !(lastGrant + system.minReloadInterval > t))
        assert(!plain || (t < appNext && t < intentNext))
        return (plain || t < appNext && t < intentNext) && t < retryAt && !(lastGrant + system.minReloadInterval > t)
    }

    /// After the loop's policy request at `t`: when the grant it makes due is next
    /// (`grantIsNext`; `fresh`: the request found none pending, `freshGrantIsNext`), grants it and
    /// runs the renders due next (`renderIfNext`), as the loop's next turns would. `plain`: the
    /// loop's clone for ``EnginePaths/plainLoop``, a constant (see `grantIsNext`).
    @inline(__always)
    mutating func grantIfNext(
        at t: SimTime, fresh: Bool, before dayEnd: SimTime, appNext: SimTime, intentNext: SimTime, plain: Bool
    ) {
        let next =
            fresh
            ? freshGrantIsNext(at: t, appNext: appNext, intentNext: intentNext, plain: plain)
            : grantIsNext(at: t, appNext: appNext, intentNext: intentNext, plain: plain)
        guard next else { return }
        tryGrant(at: t)
        renderIfNext(before: dayEnd, appNext: appNext, intentNext: intentNext)
    }

    /// The plain loop's policy request at `t` that finds none pending (``request(_:at:quiet:)``,
    /// quiet), then the grant it makes due at once when that is next, as `grantIfNext(fresh:
    /// true)` runs it: the request counted, but registered as pending (`registerFreshPolicy`)
    /// only where the grant is not next, or inside the grant where it waits for budget; a grant
    /// leaves nothing pending, so the pending state it would have written and cleared again is
    /// not written (``tryFreshPolicyGrant(at:)``, #26 engine-2, round 15 `grant`). The same
    /// turns: `freshGrantIsNext` reads none of that state.
    @inline(__always)
    mutating func requestAndGrantFresh(at t: SimTime, before dayEnd: SimTime) {
        assert(!pending)
        day.requested &+= 1
        guard freshGrantIsNext(at: t, appNext: .infinity, intentNext: .infinity, plain: true) else {
            registerFreshPolicy(at: t)
            return
        }
        tryFreshPolicyGrant(at: t)
        renderIfNext(before: dayEnd, appNext: .infinity, intentNext: .infinity)
    }

    /// ``tryGrant(at:)`` for a policy reload requested at `t` that found no request pending, not
    /// yet registered (the plain loop's folded policy turn, `requestAndGrantFresh`): the source
    /// is `.policy` and no wait for budget is under way (a wait ends only with a grant), the
    /// answers `grant` would read from the pending state, which is written only where the reload
    /// is not granted (it waits for budget) and left as it was where it is (only a pending
    /// request's is read: nothing pending after a grant). A clone of its own, out of line as
    /// `tryGrant` (#26 engine-2, round 15 `grant`).
    @inline(never)
    mutating func tryFreshPolicyGrant(at t: SimTime) {
        if paths.plainGrants {
            grant(at: t, plain: true, freshPolicy: true)
        } else {
            grant(at: t, plain: false, freshPolicy: true)
        }
    }

    /// A policy reload requested at `t` that found none pending, registered as `request` registers
    /// it (without its event: ``tryFreshPolicyGrant(at:)`` runs in the loop's plain clone, which
    /// records none): what the loop's turn skips where the grant comes at once. `waiting`: the
    /// grant found the budget out (counted for the tests, ``freshPolicyWaits``).
    @inline(__always)
    mutating func registerFreshPolicy(at t: SimTime, waiting: Bool = false) {
        if waiting { freshPolicyWaits &+= 1 }
        pending = true
        pendingSource = .policy
        pendingSince = t
    }

    /// Runs the renders due next, when the loop's next turn would: the next render comes before
    /// the day ends and no later than every other event but views (a render runs first at equal
    /// times). The views before it are counted by `renderRun` as the loop's turn for them would
    /// count them (`countViews` and `tallyViews` add the same views in the same order), so this
    /// needs ``EnginePaths/inlineViews``, which ``EnginePaths/foldedTurns`` implies. Not after a
    /// grant that ran out of budget (nothing delivered): the next turn asks when the budget is
    /// back (`budgetReturn`) anyway, and asking here too cost more than the turns it saved.
    ///
    /// Only after `tryGrant`, which leaves a request pending only when it waits for budget: so
    /// nothing is pending past the guard, no grant is due, and the limit is the other events'.
    @inline(__always)
    mutating func renderIfNext(before dayEnd: SimTime, appNext: SimTime, intentNext: SimTime) {
        assert(!pending || waitingForBudget)
        guard nextRender < dayEnd, !pending else { return }
        let limit = min(policyAt, appNext, intentNext, retryAt)
        if nextRender <= limit { renderRun(through: limit, before: dayEnd) }
    }
}
