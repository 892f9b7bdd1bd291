import WidgetBudgetKit

/// The `calibration:` section `analyze --emit-scenario` writes: what the device log could not say.
///
/// `calibration: {content_logged: false}` marks a scenario calibrated from a log without `change`
/// rows: its widgets' content is unknown, so freshness and age cannot be judged and `optimize`
/// refuses to rank policies by them (every candidate would be 100 % fresh).
public enum CalibrationMark {
    /// The top-level key.
    static let key = "calibration"

    /// False when the scenario says its content was not logged; true otherwise (and without the
    /// section). Checks the section's keys.
    /// - Throws: ``ScenarioError`` for an unknown key or a value that is not a boolean.
    static func contentLogged(_ root: YAMLMapping) throws -> Bool {
        guard let section = root[key] else { return true }
        let m = try section.mapping(allowed: ["content_logged"])
        return try m["content_logged"]?.bool() ?? true
    }

    /// Refuses an objective on freshness or age (every objective is one) for a scenario whose
    /// content was not logged.
    /// - Throws: ``ScenarioError`` naming the file and the key, with how to log changes.
    static func checkObjective(_ objective: OptimizationObjective, file: ScenarioFile) throws {
        guard try !contentLogged(file.root) else { return }
        throw ScenarioError(
            file: file.path, line: nil, key: key + ".content_logged",
            message: "the device log had no `change` rows, so \(objective.rawValue) cannot be judged (every policy looks 100 % fresh)",
            hint: "log WidgetLog.change() where the app learns of new data (docs/log-format.md), then analyze again")
    }
}
