/// How WidgetKit's daily reload budget comes back. Apple does not document it; see
/// `docs/design/budget-model.md`.
///
/// Each case names the ``BudgetRule`` type that implements it (``rule``); the raw value is the
/// scenario's `budget.model`.
public enum BudgetModel: String, Sendable, Equatable, CaseIterable, Codable {
    /// At most B charged reloads in any trailing 24 hours (the default).
    case rolling24h = "rolling-24h"
    /// B charged reloads per local calendar day, reset at local midnight.
    case midnight
    /// A bucket of capacity B refilled continuously at B per 24 hours, full at the start.
    case tokenBucket = "token-bucket"

    /// The type that keeps this model's state and applies its rule.
    public var rule: any BudgetRule.Type {
        switch self {
        case .rolling24h: RollingWindowBudget.self
        case .midnight: MidnightBudget.self
        case .tokenBucket: TokenBucketBudget.self
        }
    }
}

/// The daily reload budget of each widget.
public struct BudgetSettings: Sendable, Equatable, Codable {
    /// The smallest daily budget B drawn (equal to ``dailyMax`` for a fixed budget).
    public var dailyMin: Int
    /// The largest daily budget B drawn.
    public var dailyMax: Int
    /// How spent budget comes back.
    public var model: BudgetModel
    /// When true, each widget's B is scaled by how often it is viewed (``dailyBudget(_:viewsPerDay:)``).
    public var byViews = false
    /// Views a day at and above which a widget gets its full B when ``byViews`` is on.
    public var fullAtViews: Double = 24
    /// Days at the start with a different budget (WidgetKit's "learning" period); 0: none.
    public var learningDays = 0
    /// B during the learning days.
    public var learningDaily = 0

    /// The daily budget of a widget viewed `viewsPerDay` times a day on average: `daily` when
    /// ``byViews`` is off; otherwise `daily × min(1, viewsPerDay / fullAtViews)`, rounded, and at
    /// least 1 (see `docs/design/budget-model.md`).
    public func dailyBudget(_ daily: Int, viewsPerDay: Double) -> Int {
        guard byViews else { return daily }
        let share = Swift.min(1, viewsPerDay / fullAtViews)
        return Swift.max(1, Int((Double(daily) * share).rounded()))
    }

    /// Creates budget settings; `daily` is drawn uniformly from `dailyMin...dailyMax` per replication.
    public init(dailyMin: Int = 70, dailyMax: Int? = nil, model: BudgetModel = .rolling24h) {
        self.dailyMin = dailyMin
        self.dailyMax = dailyMax ?? dailyMin
        self.model = model
    }

    /// A fixed budget of `daily` reloads.
    public static func fixed(_ daily: Int, model: BudgetModel = .rolling24h) -> BudgetSettings {
        BudgetSettings(dailyMin: daily, dailyMax: daily, model: model)
    }

    /// The budget as written in scenarios: `70` or `40...70`.
    public var dailyDescription: String {
        dailyMin == dailyMax ? String(dailyMin) : "\(dailyMin)...\(dailyMax)"
    }
}
