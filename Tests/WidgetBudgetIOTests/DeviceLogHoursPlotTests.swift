import Testing
import WidgetBudgetKit

@testable import WidgetBudgetIO

/// The `analyze` figure of reloads by hour: a lateness axis only when there is lateness.
@Suite("Device-log plots: reloads by hour")
struct DeviceLogHoursPlotTests {
    /// One widget's timelines every 20 minutes for a day, each ending 10 s before the next, with `policy`.
    static func analysis(policy: ReloadPolicy) -> DeviceLogAnalysis {
        var analyzer = DeviceLogAnalyzer()
        let t0 = 1_767_571_200.0
        for i in 0..<72 {
            let t = t0 + Double(i) * 1_200 + Double(i % 5) * 7  // a few seconds late, varying
            analyzer.add(
                DeviceLogRecord(
                    time: t, event: .timeline, kind: "w", entries: 2, firstEntry: t, lastEntry: t + 1_190, policy: policy,
                    position: .init(file: 0, line: i + 2)))
        }
        return analyzer.finish()
    }

    static func hours(_ policy: ReloadPolicy) throws -> PlotSpec {
        try #require(DeviceLogPlots.specs(analysis(policy: policy)).first { $0.kind == .logHours })
    }

    @Test func aNeverWidgetHasNoLatenessAxis() throws {
        let spec = try Self.hours(.never)
        #expect(!spec.script.text.contains("y2"))
        #expect(spec.caption.contains("no lateness"))
        #expect(spec.script.text.contains("title 'free'") && !spec.script.text.contains("all reloads"))
    }

    @Test func policyReloadsShowTheirLateness() throws {
        let spec = try Self.hours(.atEnd)
        #expect(spec.script.text.contains("set y2label 'lateness of policy reloads (minutes)'"))
        #expect(spec.script.text.contains("median lateness"))
    }
}
