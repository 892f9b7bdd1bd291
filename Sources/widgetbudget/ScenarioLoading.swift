import ArgumentParser
import WidgetBudgetCommandLine
import WidgetBudgetIO
import WidgetBudgetKit

/// Loads the scenario at `path` and prints its warnings (a start in a daylight-saving gap,
/// trace times past the horizon) to standard error.
func loadScenario(_ path: String) throws -> ScenarioFile {
    let file = try ScenarioLoader.load(path: path)
    for warning in file.warnings { printError("warning: " + warning) }
    return file
}

extension ScenarioOverrides {
    /// Refuses a run past ``Bounds/maxWidgetDays``, ``Bounds/maxEvents`` or (recording events at
    /// `events` level) ``Bounds/maxEventRows`` unless `--force`.
    func checkWork(_ scenario: Scenario, events: EventLevel) throws {
        do {
            let work = WorkEstimate(scenario, events: events)
            let hint =
                events == .all && work.eventRows > Bounds.maxEventRows
                ? "use fewer days or replications, --events reloads or none, or --force" : "use fewer days or replications, or --force"
            try work.check(force: force, hint: hint)
        } catch let error as WorkLimitError {
            throw ValidationError(error.description)
        }
    }
}
