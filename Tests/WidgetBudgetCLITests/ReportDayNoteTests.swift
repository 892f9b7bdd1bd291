import Foundation
import Testing
import WidgetBudgetTestSupport

/// `report --day N` past a scenario's end says so on the console, not only on the page.
@Suite("report --day past the end")
struct ReportDayNoteTests {
    @Test func aDayPastTheEndIsNamed() throws {
        try ReportTestSupport.withScenarios(["a.yaml": ReportTestSupport.clock]) { root in
            let out = try CLIRunner.run(
                ["report", "--out", "Reports", "--day", "5"], in: root, environment: ["PATH": ReportTestSupport.pathWithoutGnuplot])
            #expect(out.status == 0, "\(out.stderr)")
            #expect(out.stdout.contains("note  five-minute: --day 5 is past this scenario's 2 days: day 2 is shown."), "\(out.stdout)")
        }
    }
}
