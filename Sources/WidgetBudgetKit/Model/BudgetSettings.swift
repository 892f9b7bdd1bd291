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
