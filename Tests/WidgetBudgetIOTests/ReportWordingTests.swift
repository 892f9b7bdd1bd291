import Foundation
import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

@testable import WidgetBudgetIO

/// `index.md` says what `index.html` says: the same overview columns and the same settings line.
@Suite("Report wording")
struct ReportWordingTests {
    @Test func bothPagesHaveTheSameOverviewColumnsAndSettings() {
        let entry = ReportPageTests.entry(name: "clock")
        let html = HTMLIndex.page([entry], source: "Scenarios", plotsSkipped: nil)
        let md = BatchIndex.markdown([entry])
        let columns = [
            "scenario", "widget", "charged/day", "budget", "days out of budget", "fresh", "mean age", "p95 age", "views fresh", "kills",
        ]
        #expect(md.contains("| " + columns.joined(separator: " | ") + " |"))
        let headers = html.components(separatedBy: "</th>").dropLast().compactMap { $0.split(separator: ">").last.map(String.init) }
        #expect(Array(headers.prefix(columns.count)) == columns)
        // One replication, one day: singular in both.
        let settings = "1 day × 1 replication · budget 60...70/day (midnight) · memory limit 30 MB · time zone UTC · seed 2002"
        #expect(md.contains(settings), "\(md)")
        #expect(html.contains(settings))
        #expect(!md.contains("1 replications") && !html.contains("1 replications"))
    }

    @Test func countsAgree() {
        #expect(ReportWording.count(1, "replication") == "1 replication")
        #expect(ReportWording.count(3, "day") == "3 days")
    }
}
