/// How WidgetKit's daily reload budget comes back. Apple does not document it; see
/// `docs/design/budget-model.md`.
///
/// A name (the scenario's `budget.model`, the ``rawValue``) and the ``BudgetRule`` type that
/// implements it (``rule``). The engine, the log analysis, the needed-budget search and the plots
/// only ask the rule, so nothing switches over models: adding one is its rule's file, a `static
/// let` here and its place in ``allCases`` (what the scenario loader accepts and the log analysis
/// fits), and docs. A model defined outside the package (CONTRIBUTING.md's worked example, in the
/// tests) runs through the engine the same way and is read by a loader given it.
public struct BudgetModel: Sendable, Hashable, CaseIterable, Codable, RawRepresentable, CustomStringConvertible {
    /// The name scenarios write.
    public let rawValue: String
    /// The type that keeps this model's state and applies its rule.
    public var rule: any BudgetRule.Type { ruleType.type }
    private let ruleType: RuleType

    /// A rule type, compared by identity (the name decides equality anyway).
    private struct RuleType: @unchecked Sendable {
        // A metatype holds no state: sharing it across threads is safe.
        let type: any BudgetRule.Type
    }

    /// A model named `name`, implemented by `rule`.
    public init(_ name: String, rule: any BudgetRule.Type) {
        rawValue = name
        ruleType = RuleType(type: rule)
    }

    /// The built-in model named `rawValue`, or `nil`.
    public init?(rawValue: String) {
        guard let model = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = model
    }

    /// At most B charged reloads in any trailing 24 hours (the default).
    public static let rolling24h = BudgetModel("rolling-24h", rule: RollingWindowBudget.self)
    /// B charged reloads per local calendar day, reset at local midnight.
    public static let midnight = BudgetModel("midnight", rule: MidnightBudget.self)
    /// A bucket of capacity B refilled continuously at B per 24 hours, full at the start.
    public static let tokenBucket = BudgetModel("token-bucket", rule: TokenBucketBudget.self)

    /// The built-in models, in the order reports and the log analysis list them.
    public static let allCases: [BudgetModel] = [.rolling24h, .midnight, .tokenBucket]

    /// Models are equal when their names are.
    public static func == (a: BudgetModel, b: BudgetModel) -> Bool { a.rawValue == b.rawValue }

    /// Hashes the name.
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// The name.
    public var description: String { rawValue }

    /// Decodes a built-in model from its name (as the enum this type replaced did).
    public init(from decoder: any Decoder) throws {
        let name = try decoder.singleValueContainer().decode(String.self)
        guard let model = BudgetModel(rawValue: name) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "unknown budget model '\(name)'"))
        }
        self = model
    }

    /// Encodes the name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
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
