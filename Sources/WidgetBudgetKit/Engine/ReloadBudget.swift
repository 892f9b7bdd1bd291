/// One widget's daily reload budget under one of the ``BudgetModel``s.
///
/// Wraps the model's ``BudgetRule`` (one type per model) and handles what every model shares: an
/// empty budget (B = 0) never grants, and the window key (a local day, a local hour) some models
/// need.
///
/// The plain methods find the window key through the scenario's clock; the `window:` variants
/// take it from the caller, and the `unixTime:utcOffset:` ones find it from a UTC offset (the log
/// analysis knows each record's UTC offset rather than a time zone).
///
/// The built-in rules are held by value in ``Rule`` and called statically (the engine asks the rule
/// at every grant); a rule of any other type works through the protocol, unchanged.
package struct ReloadBudget: Sendable {
    /// The rule's state: the built-in rules each have a stored property, read and changed in place
    /// and called without dynamic dispatch (the engine asks the rule at every grant); any other
    /// ``BudgetRule`` is held as an existential, called through the protocol.
    ///
    /// The `default:` of `init`'s type cast is the extension point, not a switch over models that
    /// hides one: a rule is any type (a library user's, CONTRIBUTING.md's hourly cap), so no list
    /// of cases can be exhaustive, and a rule without a property of its own runs through the
    /// protocol with the same answers, only slower. That every built-in model has its property is
    /// a test over `BudgetModel.allCases` (``isDirect``, `BudgetRuleTests`), not a comment; the
    /// switches over ``Kind`` are exhaustive, so a new property's `case` is asked for in each.
    package struct Rule: Sendable {
        /// Which property holds the rule.
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

        /// A new rule of type `type` for `daily` reloads, held in its property: ``init(_:)`` of
        /// `type.init(daily:)`, the built-in rules made by their own `init(daily:)` without the
        /// existential and the cast (the optimizer makes a budget at every run: about 790
        /// instructions a rule, #26 engine-2 `grant`). A struct of another type is never cast to a
        /// built-in rule, so comparing the types decides as the cast does.
        init(_ type: any BudgetRule.Type, daily: Int) {
            if type == RollingWindowBudget.self {
                self.init(kind: .rolling)
                rolling = RollingWindowBudget(daily: daily)
            } else if type == MidnightBudget.self {
                self.init(kind: .midnight)
                midnight = MidnightBudget(daily: daily)
            } else if type == TokenBucketBudget.self {
                self.init(kind: .tokenBucket)
                tokenBucket = TokenBucketBudget(daily: daily)
            } else {
                self.init(type.init(daily: daily))
            }
        }

        /// A rule of `kind` whose property is still the default's (the caller sets it).
        private init(kind: Kind) {
            self.kind = kind
        }

        /// True when the rule is held in a property of its own, called without dynamic dispatch
        /// (every built-in model's rule).
        package var isDirect: Bool {
            switch kind {
            case .rolling, .midnight, .tokenBucket: true
            case .other: false
            }
        }

        /// The rule's ``BudgetRule/isAvailable(at:window:)``.
        @inline(__always)
        func isAvailable(at t: SimTime, window: Int) -> Bool {
            switch kind {
            case .rolling: rolling.isAvailable(at: t, window: window)
            case .midnight: midnight.isAvailable(at: t, window: window)
            case .tokenBucket: tokenBucket.isAvailable(at: t, window: window)
            case .other: other!.isAvailable(at: t, window: window)
            }
        }

        /// The rule's ``BudgetRule/charge(at:window:)``.
        @inline(__always)
        mutating func charge(at t: SimTime, window: Int) {
            switch kind {
            case .rolling: rolling.charge(at: t, window: window)
            case .midnight: midnight.charge(at: t, window: window)
            case .tokenBucket: tokenBucket.charge(at: t, window: window)
            case .other: other!.charge(at: t, window: window)
            }
        }

        /// The rule's ``BudgetRule/chargeIfAvailable(at:window:)``: the check and the charge under
        /// one switch over the model (the engine's grant asked `isAvailable` and `charge` apart,
        /// a switch each).
        @inline(__always)
        mutating func chargeIfAvailable(at t: SimTime, window: Int) -> Bool {
            switch kind {
            case .rolling: rolling.chargeIfAvailable(at: t, window: window)
            case .midnight: midnight.chargeIfAvailable(at: t, window: window)
            case .tokenBucket: tokenBucket.chargeIfAvailable(at: t, window: window)
            case .other: other!.chargeIfAvailable(at: t, window: window)
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

        /// The rule's ``BudgetRule/nextRecovery(after:nextWindow:)``.
        @inline(__always)
        func nextRecovery(after t: SimTime, nextWindow: () -> SimTime) -> SimTime {
            switch kind {
            case .rolling: rolling.nextRecovery(after: t, nextWindow: nextWindow)
            case .midnight: midnight.nextRecovery(after: t, nextWindow: nextWindow)
            case .tokenBucket: tokenBucket.nextRecovery(after: t, nextWindow: nextWindow)
            case .other: other!.nextRecovery(after: t, nextWindow: nextWindow)
            }
        }

        /// The rule's ``BudgetRule/left(at:window:)``.
        func left(at t: SimTime, window: Int) -> Int {
            switch kind {
            case .rolling: rolling.left(at: t, window: window)
            case .midnight: midnight.left(at: t, window: window)
            case .tokenBucket: tokenBucket.left(at: t, window: window)
            case .other: other!.left(at: t, window: window)
            }
        }
    }

    /// The model.
    package let model: BudgetModel
    /// B, the daily budget.
    package private(set) var daily: Int
    private let clock: LocalClock
    /// The rule's stretches of local time (`nil`: it needs none).
    private let ruleWindow: BudgetWindow?
    private var rule: Rule
    /// The rule's window ``window(learning:)`` found last: its key, and the instants `from ...
    /// through` known to be in it (none at first).
    private var known = (from: SimTime.infinity, through: -SimTime.infinity, key: 0)

    /// True when the model's rule is called without dynamic dispatch (``Rule/isDirect``).
    package var ruleIsDirect: Bool { rule.isDirect }

    /// Creates a full budget of `daily` reloads; `clock` finds the rule's window (a local day, a
    /// local hour) for the plain methods.
    package init(model: BudgetModel, daily: Int, clock: LocalClock = .utc()) {
        self.model = model
        self.daily = max(0, daily)
        self.clock = clock
        ruleWindow = model.rule.window
        rule = Rule(model.rule, daily: max(1, daily))
    }

    /// The key of the rule's window holding `t` (0 when it needs none): the engine finds it once
    /// per grant for both ``isAvailable(at:window:)`` and ``charge(at:window:)``.
    /// The window ``window(learning:)`` found last answers when it holds `t`.
    @inline(__always)
    package func window(_ t: SimTime) -> Int {
        guard let ruleWindow else { return 0 }
        if t >= known.from && t <= known.through { return known.key }
        return ruleWindow.key(at: t, clock: clock)
    }

    /// ``window(_:)``, remembering the window found and the instants from `t` on known to be in it
    /// (``BudgetWindow/keyAndLastInstant(at:clock:)``): the engine asks at every grant, and the
    /// grants of a window after its first find the key without the clock's arithmetic (#26
    /// engine-2 `grant`). The same key, to the bit, as ``window(_:)`` without the memory.
    @inline(__always)
    package mutating func window(learning t: SimTime) -> Int {
        guard ruleWindow != nil else { return 0 }
        if t >= known.from && t <= known.through { return known.key }
        return learnWindow(t)
    }

    /// The key of the rule's window holding `t` (the rule has one), remembered with the instants
    /// from `t` on known to share it.
    @inline(never)
    private mutating func learnWindow(_ t: SimTime) -> Int {
        guard let ruleWindow else { return 0 }
        let found = ruleWindow.keyAndLastInstant(at: t, clock: clock)
        known = (from: t, through: found.through, key: found.key)
        return found.key
    }

    /// The key of the rule's window holding Unix time `time` at UTC offset `offset` (0 when it
    /// needs none): a device-log record's window.
    package func window(unixTime time: Double, utcOffset offset: Double) -> Int {
        ruleWindow?.key(unixTime: time, utcOffset: offset) ?? 0
    }

    /// True when a charged reload may run at `t`.
    @inline(__always)
    package func isAvailable(at t: SimTime) -> Bool {
        isAvailable(at: t, window: window(t))
    }

    /// True when a charged reload may run at `t`, in the rule's window `window`.
    @inline(__always)
    package func isAvailable(at t: SimTime, window: Int) -> Bool {
        daily > 0 && rule.isAvailable(at: t, window: window)
    }

    /// Spends one reload at `t` (the engine calls it only when ``isAvailable(at:)``).
    @inline(__always)
    package mutating func charge(at t: SimTime) {
        charge(at: t, window: window(t))
    }

    /// Spends one reload at `t` in the rule's window `window`, allowed or not (a device log may
    /// hold reloads a model would have refused; the balance then goes below zero).
    @inline(__always)
    package mutating func charge(at t: SimTime, window: Int) {
        guard daily > 0 else { return }
        rule.charge(at: t, window: window)
    }

    /// Spends one reload at `t` in the rule's window `window` when a charged reload may run then:
    /// ``isAvailable(at:window:)``, then ``charge(at:window:)`` when it is, under one switch over
    /// the model. True when it was spent.
    @inline(__always)
    package mutating func chargeIfAvailable(at t: SimTime, window: Int) -> Bool {
        guard daily > 0 else { return false }
        return rule.chargeIfAvailable(at: t, window: window)
    }

    /// The earliest instant at or after `t` at which a charged reload may run again.
    ///
    /// Inlined with the steps below (the engine asks at every turn of its loop while a request
    /// waits for budget: three calls deep, about 90 instructions a question).
    @inline(__always)
    package func nextAvailable(after t: SimTime) -> SimTime {
        // No capture list: `[clock]` copied the clock (its arrays retained and released) at every
        // call, where the closure is seldom called (#26 gridform: 0.5 M copies in the bench).
        nextAvailable(after: t, window: window(t)) { self.ruleWindow?.nextStart(after: t, clock: self.clock) ?? .infinity }
    }

    /// The earliest instant at or after Unix time `time` at which a charged reload may run again,
    /// the rule's windows found at UTC offset `offset` (a device-log record's).
    package func nextAvailable(afterUnixTime time: Double, utcOffset offset: Double) -> SimTime {
        nextAvailable(after: time, window: window(unixTime: time, utcOffset: offset)) { [ruleWindow] in
            ruleWindow?.nextStart(afterUnixTime: time, utcOffset: offset) ?? .infinity
        }
    }

    /// The earliest instant at or after `t` (in the rule's window `window`) at which a charged
    /// reload may run again; `nextWindow` gives the first instant of the next window.
    @inline(__always)
    private func nextAvailable(after t: SimTime, window: Int, nextWindow: () -> SimTime) -> SimTime {
        if isAvailable(at: t, window: window) { return t }
        guard daily > 0 else { return .infinity }
        return rule.nextRecovery(after: t, nextWindow: nextWindow)
    }

    /// Changes B to `daily` from `t` on, keeping what was spent (a learning period ending).
    package mutating func setDaily(_ daily: Int, at t: SimTime) {
        self.daily = max(0, daily)
        rule.setDaily(max(1, daily), at: t)
    }

    /// Charged reloads still available at `t`.
    package func left(at t: SimTime) -> Int {
        daily > 0 ? rule.left(at: t, window: window(t)) : 0
    }
}
