extension LatenessSummary: Codable {
    private enum CodingKeys: String, CodingKey {
        case count, median, p90, p99, max, quantiles, firstHalfMedian, secondHalfMedian, timeOfDayCorrelation
    }

    /// Decodes a summary written by ``encode(to:)``.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        count = try c.decode(Int.self, forKey: .count)
        median = try c.decodeIfPresent(Double.self, forKey: .median)
        p90 = try c.decodeIfPresent(Double.self, forKey: .p90)
        p99 = try c.decodeIfPresent(Double.self, forKey: .p99)
        max = try c.decodeIfPresent(Double.self, forKey: .max)
        quantiles = QuantilePoint.tuples(try c.decode([QuantilePoint].self, forKey: .quantiles))
        firstHalfMedian = try c.decodeIfPresent(Double.self, forKey: .firstHalfMedian)
        secondHalfMedian = try c.decodeIfPresent(Double.self, forKey: .secondHalfMedian)
        timeOfDayCorrelation = try c.decodeIfPresent(Double.self, forKey: .timeOfDayCorrelation)
    }

    /// Encodes every property; `quantiles` as `[{"p": …, "value": …}]`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(count, forKey: .count)
        try c.encodeIfPresent(median, forKey: .median)
        try c.encodeIfPresent(p90, forKey: .p90)
        try c.encodeIfPresent(p99, forKey: .p99)
        try c.encodeIfPresent(max, forKey: .max)
        try c.encode(QuantilePoint.points(quantiles), forKey: .quantiles)
        try c.encodeIfPresent(firstHalfMedian, forKey: .firstHalfMedian)
        try c.encodeIfPresent(secondHalfMedian, forKey: .secondHalfMedian)
        try c.encodeIfPresent(timeOfDayCorrelation, forKey: .timeOfDayCorrelation)
    }
}
