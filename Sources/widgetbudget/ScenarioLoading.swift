import ArgumentParser
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
    /// Refuses a run past ``Bounds/maxWidgetDays`` unless `--force`.
    func checkWork(_ scenario: Scenario) throws {
        do {
            try WorkEstimate(scenario).check(force: force, hint: "use fewer days or replications, or --force")
        } catch let error as WorkLimitError {
            throw ValidationError(error.description)
        }
    }
}
