/// One widget's daily reload budget under one of the ``BudgetModel``s.
///
/// Wraps the model's ``BudgetRule`` (one type per model) and handles what every model shares: an
/// empty budget (B = 0) never grants, and the local day some models need.
///
/// The plain methods take the local day from the clock; the `localDay:` variants take it from the
/// caller (the log analysis knows each record's UTC offset rather than a time zone).
///
/// The built-in rules are held by value in ``Rule`` and called statically (the engine asks the rule
/// at every grant); a rule of any other type works through the protocol, unchanged.
package struct ReloadBudget: Sendable {
    /// The rule's state: the built-in rules each have a stored property, read and changed in place
    /// and called without dynamic dispatch (the engine asks the rule at every grant); any other
    /// ``BudgetRule`` is held as an existential, called through the protocol.
    package struct Rule: Sendable {
        private enum Kind { case rolling, midnight, tokenBucket, other }
        private let kind: Kind
        private var rolling = RollingWindowBudget(daily: 0)
        private var midnight = MidnightBudget(daily: 0)
        private var tokenBucket = TokenBucketBudget(daily: 0)
        private var other: (any BudgetRule)?

        /// Holds `rule` in its property.
        init(_ rule: any BudgetRule) {
            switch rule {
            case let r as RollingWindowBudget:
                kind = .rolling
                rolling = r
            case let r as MidnightBudget:
                kind = .midnight
                midnight = r
            case let r as TokenBucketBudget:
                kind = .tokenBucket
                tokenBucket = r
            default:
                kind = .other
                other = rule
            }
        }

        /// The rule's ``BudgetRule/isAvailable(at:localDay:)``.
        @inline(__always)
        func isAvailable(at t: SimTime, localDay: Int) -> Bool {
            switch kind {
            case .rolling: rolling.isAvailable(at: t, localDay: localDay)
            case .midnight: midnight.isAvailable(at: t, localDay: localDay)
            case .tokenBucket: tokenBucket.isAvailable(at: t, localDay: localDay)
            case .other: other!.isAvailable(at: t, localDay: localDay)
            }
        }

        /// The rule's ``BudgetRule/charge(at:localDay:)``.
        @inline(__always)
        mutating func charge(at t: SimTime, localDay: Int) {
            switch kind {
            case .rolling: rolling.charge(at: t, localDay: localDay)
            case .midnight: midnight.charge(at: t, localDay: localDay)
            case .tokenBucket: tokenBucket.charge(at: t, localDay: localDay)
            case .other: other!.charge(at: t, localDay: localDay)
            }
        }

        /// The rule's ``BudgetRule/setDaily(_:at:)``.
        mutating func setDaily(_ daily: Int, at t: SimTime) {
            switch kind {
            case .rolling: rolling.setDaily(daily, at: t)
            case .midnight: midnight.setDaily(daily, at: t)
            case .tokenBucket: tokenBucket.setDaily(daily, at: t)
            case .other: other!.setDaily(daily, at: t)
            }
        }

        /// The rule's ``BudgetRule/nextRecovery(after:nextMidnight:)``.
        func nextRecovery(after t: SimTime, nextMidnight: () -> SimTime) -> SimTime {
            switch kind {
            case .rolling: rolling.nextRecovery(after: t, nextMidnight: nextMidnight)
            case .midnight: midnight.nextRecovery(after: t, nextMidnight: nextMidnight)
            case .tokenBucket: tokenBucket.nextRecovery(after: t, nextMidnight: nextMidnight)
            case .other: other!.nextRecovery(after: t, nextMidnight: nextMidnight)
            }
        }

        /// The rule's ``BudgetRule/left(at:localDay:)``.
        func left(at t: SimTime, localDay: Int) -> Int {
            switch kind {
            case .rolling: rolling.left(at: t, localDay: localDay)
            case .midnight: midnight.left(at: t, localDay: localDay)
            case .tokenBucket: tokenBucket.left(at: t, localDay: localDay)
            case .other: other!.left(at: t, localDay: localDay)
            }
        }
    }

    /// The model.
    package let model: BudgetModel
    /// B, the daily budget.
    package private(set) var daily: Int
    private let clock: LocalClock
    private let usesLocalDay: Bool
    private var rule: Rule

    /// Creates a full budget of `daily` reloads; `clock` finds local midnight for the plain methods.
    package init(model: BudgetModel, daily: Int, clock: LocalClock = .utc()) {
        self.model = model
        self.daily = max(0, daily)
        self.clock = clock
        usesLocalDay = model.rule.usesLocalDay
        rule = Rule(model.rule.init(daily: max(1, daily)))
    }

    /// The local day of `t` as the rule needs it (0 when it needs none): the engine finds it once
    /// per grant for both ``isAvailable(at:localDay:)`` and ``charge(at:localDay:)``.
    @inline(__always)
    package func localDay(_ t: SimTime) -> Int { usesLocalDay ? clock.localDay(t) : 0 }

    /// True when a charged reload may run at `t`.
    @inline(__always)
    package func isAvailable(at t: SimTime) -> Bool {
        isAvailable(at: t, localDay: localDay(t))
    }

    /// True when a charged reload may run at `t`, on local day `localDay`.
    @inline(__always)
    package func isAvailable(at t: SimTime, localDay: Int) -> Bool {
        daily > 0 && rule.isAvailable(at: t, localDay: localDay)
    }

    /// Spends one reload at `t` (the engine calls it only when ``isAvailable(at:)``).
    @inline(__always)
    package mutating func charge(at t: SimTime) {
        charge(at: t, localDay: localDay(t))
    }

    /// Spends one reload at `t` on local day `localDay`, allowed or not (a device log may hold
    /// reloads a model would have refused; the balance then goes below zero).
    @inline(__always)
    package mutating func charge(at t: SimTime, localDay: Int) {
        guard daily > 0 else { return }
        rule.charge(at: t, localDay: localDay)
    }

    /// The earliest instant at or after `t` at which a charged reload may run again.
    package func nextAvailable(after t: SimTime) -> SimTime {
        nextAvailable(after: t, localDay: localDay(t), nextMidnight: clock.nextMidnight(after: t))
    }

    /// The earliest instant at or after `t` (on local day `localDay`) at which a charged reload may
    /// run again; `nextMidnight` is the first local midnight after `t` (used by `midnight` only).
    package func nextAvailable(after t: SimTime, localDay: Int, nextMidnight: @autoclosure () -> SimTime) -> SimTime {
        if isAvailable(at: t, localDay: localDay) { return t }
        guard daily > 0 else { return .infinity }
        return rule.nextRecovery(after: t, nextMidnight: nextMidnight)
    }

    /// Changes B to `daily` from `t` on, keeping what was spent (a learning period ending).
    package mutating func setDaily(_ daily: Int, at t: SimTime) {
        self.daily = max(0, daily)
        rule.setDaily(max(1, daily), at: t)
    }

    /// Charged reloads still available at `t`.
    package func left(at t: SimTime) -> Int {
        daily > 0 ? rule.left(at: t, localDay: localDay(t)) : 0
    }
}
