import WidgetBudgetKit

/// Every field of `day` as its bits: `==` would take −0 for 0 and NaN for unequal.
package func dayBits(_ day: DayMetrics) -> [UInt64] {
    Mirror(reflecting: day).children.flatMap { child -> [UInt64] in
        switch child.value {
        case let v as Int: [UInt64(bitPattern: Int64(v))]
        // A time or an amount (a cast to an optional takes both); an absent time is one 0.
        case let v as Double?: v.map { [1, $0.bitPattern] } ?? [0]
        default: [UInt64.max]
        }
    }
}

/// Random days with odd values: −0, NaN, subnormals, huge, absent and present times.
package func randomDays(_ g: inout SeededGenerator, count: Int) -> [DayMetrics] {
    let odd: [Double] = [0, -0.0, .nan, .leastNonzeroMagnitude, 1e-300, 86_400 / 7, 1e15, .infinity]
    func value() -> Double { g.next() % 3 == 0 ? odd[Int(g.next() % 8)] : g.unit() * 86_400 }
    return (0..<count).map { _ in
        var day = DayMetrics(budget: Int(g.next() % 100), length: value())
        day.requested = Int(g.next() % 1_000)
        day.charged = Int(g.next() % 100)
        day.deferred = Int(g.next() % 10) - 5
        day.exhaustedAt = g.next() % 2 == 0 ? nil : value()
        day.exhaustedSeconds = value()
        day.freshSeconds = value()
        day.ageIntegral = value()
        day.p95Age = value()
        day.maxAge = value()
        day.views = Int(g.next() % 500)
        day.viewAgeTotal = value()
        day.peakMemoryMB = value()
        return day
    }
}
