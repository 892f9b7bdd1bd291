/// One point of an estimated distribution, as `Codable` stores it: `{"p": 0.5, "value": 42}`
/// (the analytics types keep `(p:value:)` tuples, which cannot conform).
struct QuantilePoint: Codable {
    var p: Double
    var value: Double

    /// The points of `tuples`.
    static func points(_ tuples: [(p: Double, value: Double)]) -> [QuantilePoint] {
        tuples.map { QuantilePoint(p: $0.p, value: $0.value) }
    }

    /// The tuples of `points`.
    static func tuples(_ points: [QuantilePoint]) -> [(p: Double, value: Double)] {
        points.map { (p: $0.p, value: $0.value) }
    }
}
