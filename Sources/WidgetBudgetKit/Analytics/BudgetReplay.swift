/// One of the three budget models run over the charged reloads of a log, for a candidate daily
/// budget B: "would this model have allowed that reload, and when would it have given budget back?"
///
/// It mirrors the engine's ``ReloadBudget`` but keeps time in Unix seconds and finds local
/// midnight from each record's UTC offset, so it needs no time zone. The budget starts full at the
/// first charged reload of the log (whatever was spent before the log began is unknown).
struct BudgetReplay {
    let model: BudgetModel
    let daily: Int
    // rolling-24h: the last `daily` charge times, oldest at `head` once full.
    private var ring: [Double]
    private var head = 0
    private var filled = 0
    // midnight: charges on local day `currentDay`.
    private var currentDay = Int.min
    private var usedToday = 0
    // token-bucket: tokens at `lastRefill`.
    private var tokens: Double
    private var lastRefill = -Double.infinity

    init(model: BudgetModel, daily: Int) {
        self.model = model
        self.daily = Swift.max(1, daily)
        ring = model == .rolling24h ? [Double](repeating: 0, count: Swift.max(1, daily)) : []
        tokens = Double(Swift.max(1, daily))
    }

    private func tokens(at t: Double) -> Double {
        lastRefill.isFinite ? Swift.min(Double(daily), tokens + (t - lastRefill) * Double(daily) / Seconds.day) : Double(daily)
    }

    /// True when a charged reload may run at `t` (local day `day`).
    func isAvailable(at t: Double, day: Int) -> Bool {
        switch model {
        case .rolling24h: return filled < daily || ring[head] + Seconds.day <= t
        case .midnight: return day != currentDay || usedToday < daily
        case .tokenBucket: return tokens(at: t) >= 1 - 1e-9
        }
    }

    /// Spends one reload at `t`, allowed or not (a log may hold reloads a model would refuse).
    mutating func charge(at t: Double, day: Int) {
        switch model {
        case .rolling24h:
            ring[head] = t
            head = (head + 1) % daily
            if filled < daily { filled += 1 }
        case .midnight:
            if day != currentDay {
                currentDay = day
                usedToday = 0
            }
            usedToday += 1
        case .tokenBucket:
            tokens = tokens(at: t) - 1
            lastRefill = t
        }
    }

    /// The first instant at or after `t` when a charged reload may run (`offset` finds midnight).
    func nextAvailable(after t: Double, offset: Double) -> Double {
        if isAvailable(at: t, day: LocalTime.day(t, offset: offset)) { return t }
        switch model {
        case .rolling24h: return ring[head] + Seconds.day
        case .midnight: return LocalTime.nextMidnight(after: t, offset: offset)
        case .tokenBucket: return t + (1 - tokens(at: t)) * Seconds.day / Double(daily)
        }
    }
}
