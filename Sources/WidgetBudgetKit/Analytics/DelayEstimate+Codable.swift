extension DelayEstimate: Codable {
    private enum CodingKeys: String, CodingKey {
        case exactCount, censoredCount, median, p90, p99, max, fitted, fitDistance, quantiles
    }

    /// Decodes an estimate written by ``encode(to:)``.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        exactCount = try c.decode(Int.self, forKey: .exactCount)
        censoredCount = try c.decode(Int.self, forKey: .censoredCount)
        median = try c.decodeIfPresent(Double.self, forKey: .median)
        p90 = try c.decodeIfPresent(Double.self, forKey: .p90)
        p99 = try c.decodeIfPresent(Double.self, forKey: .p99)
        max = try c.decodeIfPresent(Double.self, forKey: .max)
        fitted = try c.decodeIfPresent(DelayDistribution.self, forKey: .fitted)
        fitDistance = try c.decodeIfPresent(Double.self, forKey: .fitDistance)
        quantiles = QuantilePoint.tuples(try c.decode([QuantilePoint].self, forKey: .quantiles))
    }

    /// Encodes every property; `quantiles` as `[{"p": …, "value": …}]`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(exactCount, forKey: .exactCount)
        try c.encode(censoredCount, forKey: .censoredCount)
        try c.encodeIfPresent(median, forKey: .median)
        try c.encodeIfPresent(p90, forKey: .p90)
        try c.encodeIfPresent(p99, forKey: .p99)
        try c.encodeIfPresent(max, forKey: .max)
        try c.encodeIfPresent(fitted, forKey: .fitted)
        try c.encodeIfPresent(fitDistance, forKey: .fitDistance)
        try c.encode(QuantilePoint.points(quantiles), forKey: .quantiles)
    }
}
