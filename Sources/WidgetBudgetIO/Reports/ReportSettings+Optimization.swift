import Foundation
import WidgetBudgetKit

extension ReportSettings {
    /// Settings for the batch report that also run the optimizer on every scenario with an
    /// `optimize:` section, into its report's `optimize/` folder (candidates, Pareto front,
    /// recommendation and `Provider.swift`), so the page plots the front and shows the advice.
    ///
    /// A scenario whose space has no candidate meeting the constraints still gets its files (the
    /// recommendation says which constraint binds); a section that cannot be read fails the scenario
    /// with its one-line error.
    public static func optimizing(events: EventLevel = .reloads, renderer: PlotRenderer, ageDay: Int? = nil) -> ReportSettings {
        ReportSettings(
            events: events, renderer: renderer, ageDay: ageDay,
            beforePlots: { file, _, folder in
                guard file.root.has("optimize") else { return }
                let outcome = try OptimizationRun.run(file: file)
                try OptimizationOutput.write(outcome, to: (folder as NSString).appendingPathComponent(BatchReport.optimizeFolder))
            },
            objective: { file in
                guard file.root.has("optimize") else { return nil }
                return try? OptimizationRun.settings(file: file).settings.objective
            })
    }
}
