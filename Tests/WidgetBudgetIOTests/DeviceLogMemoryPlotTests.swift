import Testing
import WidgetBudgetKit

@testable import WidgetBudgetIO

/// The memory fit in `analysis.md` and its figure (issue #24 item 4).
@Suite("Device-log plots: the memory fit")
struct DeviceLogMemoryPlotTests {
    /// Timelines every 20 minutes, cycling through 10, 50 and 100 entries, each logging
    /// 5 MB + 100 KB per entry (so 5.977, 9.883 and 14.766 MB), with or without `memory_mb`.
    static func analysis(memory: Bool) -> DeviceLogAnalysis {
        var analyzer = DeviceLogAnalyzer()
        let t0 = 1_767_571_200.0
        for i in 0..<12 {
            let t = t0 + Double(i) * 1_200
            let n = [10, 50, 100][i % 3]
            analyzer.add(
                DeviceLogRecord(
                    time: t, event: .timeline, kind: "w", entries: n, firstEntry: t, lastEntry: t + 1_190, policy: .atEnd,
                    memoryMB: memory ? 5 + Double(n) * 100 / 1024 : nil, position: .init(file: 0, line: i + 2)))
        }
        return analyzer.finish()
    }

    @Test("three sizes on 5 MB + 100 KB per entry: the figure's points, its line and the limit; the sentence in analysis.md")
    func fitShown() throws {
        let a = Self.analysis(memory: true)
        let spec = try #require(DeviceLogPlots.specs(a).first { $0.kind == .logMemory })
        // One row per size: entries, timelines, the rendered median, no kill, the fitted footprint.
        #expect(
            spec.data[0].text
                == "entries,timelines,rendered_mb,killed_mb,fitted_mb\n10,4,5.977,,5.977\n50,4,9.883,,9.883\n100,4,14.766,,14.766\n")
        // The line 5 + x × 100/1024 MB and the limit: no kill and 14.8 MB < 30, so Apple's 30 MB.
        #expect(spec.script.text.contains("5 + x * 0.097656 with lines"))
        #expect(spec.script.text.contains("30 with lines dt 2"))
        #expect(spec.caption.contains("5.0 MB + 100.0 KB per entry"))
        // Three sizes give three pairwise slopes: too few for Sen's 95 % interval (rank (3 − 3.75)/2 < 1).
        let text = AnalysisText.memoryFit(try #require(a.widgets[0].memoryCalibration))
        #expect(
            text
                == "Memory fit: 5.0 MB + 100.0 KB per entry, a Theil–Sen line through the median footprint of 3 timeline sizes "
                + "(12 timelines). Limit to simulate: 30.0 MB (no kill; rendered up to 14.8 MB).")
        #expect(AnalysisReport.widget(a.widgets[0], a).joined(separator: "\n").contains(text))
    }

    @Test("without memory_mb there is no memory figure and no fit sentence")
    func noMemory() throws {
        let a = Self.analysis(memory: false)
        #expect(DeviceLogPlots.specs(a).map(\.kind) == [.logReloads, .logHours])
        #expect(!AnalysisReport.widget(a.widgets[0], a).joined(separator: "\n").contains("Memory fit"))
    }
}
