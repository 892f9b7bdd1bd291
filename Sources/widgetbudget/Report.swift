import ArgumentParser
import Foundation
import WidgetBudgetCommandLine
import WidgetBudgetIO
import WidgetBudgetKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension WidgetBudgetCommand {
    /// `widgetbudget report`: the batch job over a folder of scenarios.
    struct Report: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "report",
            abstract: "Simulate every scenario in a folder and write a report for each, plus index.html and index.md.",
            discussion: """
                Each scenario goes into <out>/<name>/: summary.csv, days.csv, events.csv, and figures drawn by \
                gnuplot (SVG and PNG, with their .gp scripts and data). Without gnuplot the figures are skipped \
                (exit code 0 unless --require-plots). A scenario that fails is reported and does not stop the others.

                EXAMPLES:
                  widgetbudget report
                  widgetbudget report my-scenarios --out build/reports --require-plots
                """
        ).underTool()

        @Argument(help: "The folder of scenario files.", completion: .directory)
        var directory: String = "Scenarios"

        @Option(help: "Where reports go: <out>/<name>/ per scenario, index.html and index.md.", completion: .directory)
        var out: String = "Reports"

        @Option(help: "Events to write to each events.csv.")
        var events: EventLevel = .reloads

        @OptionGroup var plots: PlotOptions

        func run() throws {
            PlotOptions.ignoreBrokenPipes()
            try reportingErrors {
                let renderer = try plots.renderer()
                let settings = ReportSettings.optimizing(events: events, renderer: renderer, ageDay: plots.day)
                let outcome = try BatchReport.run(directory: directory, out: out, settings: settings) { line in print(line) }
                print("wrote \(outcome.indexFiles.joined(separator: ", "))")
                if let skipped = outcome.plotsSkipped { printError("warning: plots skipped: \(skipped)") }
                var problems: [String] = []
                if outcome.failures > 0 { problems.append("\(outcome.failures) of \(outcome.total) scenarios failed") }
                if outcome.plotFailures > 0 {
                    problems.append("\(outcome.plotFailures) plot\(outcome.plotFailures == 1 ? "" : "s") failed")
                }
                if !problems.isEmpty {
                    printError("error: \(problems.joined(separator: ", ")); see \(outcome.indexFiles.first ?? out)")
                    throw outcome.failures > 0 ? ExitStatus.badInput : ExitStatus.plotsFailed
                }
            }
        }
    }
}

/// The options of the commands that draw figures.
struct PlotOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The gnuplot to run (a path, or a name on PATH); default: gnuplot on PATH.", valueName: "path"))
    var gnuplot: String?

    @Flag(help: "Fail (exit code 3, nothing written) when gnuplot is not available, instead of skipping the figures.")
    var requirePlots = false

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("The day whose age curve is drawn, from 1 (default: the least fresh day of replication 1).", valueName: "n"))
    var day: Int?

    /// The renderer to use, or the error `--require-plots` asks for when gnuplot is missing; also
    /// checks `--day`.
    func renderer() throws -> PlotRenderer {
        if let day, day < 1 { throw ValidationError("--day must be 1 or more (got \(day))") }
        let renderer = try PlotRenderer.locate(explicit: gnuplot)
        if requirePlots, case let .missing(reason) = renderer.gnuplot { throw PlotsFailed("--require-plots: \(reason)") }
        return renderer
    }

    /// Ignores SIGPIPE, so a child process (gnuplot) that quits early cannot kill the tool through a
    /// closed pipe; a failed write then reports EPIPE instead.
    static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }
}
