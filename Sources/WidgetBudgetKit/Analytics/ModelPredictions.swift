/// One instant per budget model (when each says budget came back), `nil` where none was fitted.
///
/// Loops over `BudgetModel.allCases`, so a new model needs no change here; in JSON each value sits
/// under its rule's ``BudgetRule/jsonKey`` and a missing value is left out.
public struct ModelPredictions: Sendable, Equatable, Codable {
    /// The instants in `BudgetModel.allCases` order; shorter when the last ones were never set.
    private var values: [Double?] = []

    /// No predictions.
    public init() {}

    private static func index(_ model: BudgetModel) -> Int { BudgetModel.allCases.firstIndex(of: model)! }

    /// The instant for `model`.
    public subscript(model: BudgetModel) -> Double? {
        get {
            let i = Self.index(model)
            return i < values.count ? values[i] : nil
        }
        set {
            let i = Self.index(model)
            if i >= values.count { values += Array(repeating: nil, count: i + 1 - values.count) }
            values[i] = newValue
        }
    }

    /// Equal when every model's instant is.
    public static func == (a: ModelPredictions, b: ModelPredictions) -> Bool {
        BudgetModel.allCases.allSatisfy { a[$0] == b[$0] }
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Reads each model's instant from its key.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        for model in BudgetModel.allCases {
            self[model] = try container.decodeIfPresent(Double.self, forKey: Key(stringValue: model.rule.jsonKey))
        }
    }

    /// Writes each model's instant under its key, leaving out those not set.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for model in BudgetModel.allCases {
            try container.encodeIfPresent(self[model], forKey: Key(stringValue: model.rule.jsonKey))
        }
    }
}
