import Foundation
import Testing
import WidgetBudgetTestSupport

@testable import WidgetBudgetKit

/// The daylight-saving day's label (`OptimizationProblem.dateLabel`, round 15 `age`) against the
/// format it replaces, `String(format: "%04d-%02d-%02d", …)`, kept here: the same text for years,
/// months and days of every width, 0 and negative numbers included.
@Suite("Daylight-saving day labels")
struct DaylightSavingLabelTests {
    @Test("the label is the %04d-%02d-%02d format's text")
    func sameAsFormat() {
        var g = SeededGenerator(seed: 2_661)
        var numbers = [0, 1, 9, 10, 99, 100, 999, 1_000, 2_026, 9_999, 10_000, 123_456, -1, -9, -10, -99, -100, -999, -1_000, -12_345]
        numbers += (0..<200).map { _ in Int(g.next() % 40_000) - 10_000 }
        for (i, year) in numbers.enumerated() {
            let month = numbers[(i * 7 + 3) % numbers.count], day = numbers[(i * 13 + 5) % numbers.count]
            let expected = String(format: "%04d-%02d-%02d", year, month, day)
            #expect(OptimizationProblem.dateLabel(year: year, month: month, day: day) == expected, "\(year) \(month) \(day)")
        }
        #expect(OptimizationProblem.dateLabel(year: 2026, month: 3, day: 29) == "2026-03-29")
    }
}
