import Foundation
import Testing

@testable import WidgetBudgetIO

/// Progress on standard error (issue #28): which style the flags choose, and what each style
/// prints on a clock the test moves.
@Suite("Progress")
struct ProgressBarTests {
    @Test(
        "the style: --quiet wins; a bar on a terminal unless CI; lines in a log only with --progress",
        arguments: [
            // progress, quiet, terminal, CI → style
            (false, false, true, false, ProgressStyle.bar), (false, false, true, true, .off), (false, false, false, false, .off),
            (true, false, true, true, .bar), (true, false, false, true, .lines), (true, false, false, false, .lines),
            (false, true, true, false, .off), (false, true, false, true, .off),
        ])
    func style(_ progress: Bool, _ quiet: Bool, _ terminal: Bool, _ ci: Bool, _ expected: ProgressStyle) {
        #expect(ProgressStyle.chosen(progress: progress, quiet: quiet, isTerminal: terminal, isCI: ci) == expected)
    }

    /// A clock and a buffer the test controls.
    final class Recorder: @unchecked Sendable {
        var time = Date(timeIntervalSince1970: 0)
        var text = ""
    }

    @Test("lines: nothing in the first second, then one every 5 s, and the end")
    func lines() {
        let r = Recorder()
        let bar = ProgressBar(label: "simulate", style: .lines, write: { r.text += $0 }, now: { r.time })
        r.time += 0.5
        bar.update(done: 1, total: 50, unit: "runs")
        #expect(r.text.isEmpty)
        r.time += 7.5  // 8 s in
        bar.update(done: 12, total: 50, unit: "runs")
        // By hand: 8 s for 12 runs, 38 left at 2/3 s each = 25.3 s, rounded up.
        #expect(r.text == "simulate: 12/50 runs (24%), 8s elapsed, about 26s left\n")
        r.time += 1
        bar.update(done: 13, total: 50, unit: "runs")
        #expect(r.text.split(separator: "\n").count == 1)
        r.time += 1
        bar.update(done: 50, total: 50, unit: "runs")
        #expect(r.text.hasSuffix("simulate: 50/50 runs (100%), 10s elapsed\n"))
        bar.finish()
        #expect(r.text.split(separator: "\n").count == 2)
    }

    @Test("a bar: drawn in place after a second, erased at the end; off prints nothing")
    func barAndOff() {
        let r = Recorder()
        let bar = ProgressBar(label: "optimize", style: .bar, write: { r.text += $0 }, now: { r.time })
        r.time += 2
        bar.update(done: 10, total: 40, unit: "evaluated")
        #expect(r.text == "\roptimize [#######                       ] 10/40  5/s, 6s left\u{1B}[K")
        bar.finish()
        #expect(r.text.hasSuffix("\r\u{1B}[K"))
        let quiet = Recorder()
        let off = ProgressBar(label: "simulate", style: .off, write: { quiet.text += $0 }, now: { quiet.time })
        quiet.time += 60
        off.update(done: 1, total: 2)
        off.finish()
        #expect(quiet.text.isEmpty)
    }
}
