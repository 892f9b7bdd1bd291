import Foundation
import Testing
import WidgetBudgetIO
import WidgetBudgetKit
import WidgetBudgetTestSupport

/// `compare` warns when the scenarios' workloads differ, before calling differences significant.
@Suite("Workload differences")
struct WorkloadDifferencesTests {
    static let a = TestScenarios.single(
        .fixed(FixedProvider(entries: 6, spacing: 60)), kind: "clock", unpredictable: EventProcess(.poisson(perHour: 2)))

    @Test func onlyAPolicyChangeGivesNoWarning() {
        var b = Self.a
        b.widgets[0].provider = .fixed(FixedProvider(entries: 12, spacing: 60))
        b.seed = 99  // compare runs B under A's seed anyway
        #expect(WorkloadDifferences.warnings([Self.a, b], files: ["a.yaml", "b.yaml"]).isEmpty)
    }

    @Test func contentAndTimeZoneAreNamed() {
        var b = Self.a
        b.timeZone = TimeZone(identifier: "Europe/Paris")!
        b.widgets[0].unpredictable = EventProcess(.poisson(perHour: 4))
        #expect(
            WorkloadDifferences.warnings([Self.a, Self.a, b], files: ["a.yaml", "a2.yaml", "b.yaml"]) == [
                "C (b.yaml) differs from A in its workload: time zone Europe/Paris (A: UTC); unpredictable content of 'clock'. "
                    + "Its differences from A may come from the workload, not the policy"
            ])
    }
}
