import Foundation
import WidgetBudgetKit

extension ScenarioReader {
    /// `budget: {daily, model, by_views, full_at_views, learning}`.
    func readBudget(_ v: YAMLValue) throws -> BudgetSettings {
        let m = try v.mapping(allowed: ["daily", "model", "by_views", "full_at_views", "learning"])
        var settings = BudgetSettings.fixed(platform.dailyBudget)
        if let d = m["daily"] {
            let range = try BudgetRangeText.parse(d)
            settings.dailyMin = range.lowerBound
            settings.dailyMax = range.upperBound
        }
        if let x = m["by_views"] { settings.byViews = try x.bool() }
        if let x = m["learning"] {
            let lm = try x.mapping(allowed: ["days", "daily"])
            settings.learningDays = try positiveInt(
                try lm.require("days", hint: "how many days the learning budget lasts, e.g. 3"), max: 3660)
            settings.learningDaily = try positiveInt(
                try lm.require("daily", hint: "B during those days, e.g. 100"), max: Bounds.maxDailyBudget)
        }
        if let x = m["full_at_views"] {
            settings.fullAtViews = try x.double(in: Bounds.number)
            if !(settings.fullAtViews > 0) { throw x.error("must be greater than 0") }
        }
        if let model = m["model"] { settings.model = try readBudgetModel(model) }
        return settings
    }

    /// `budget.model` (and `app.pushes.budget.model`): the name of one of ``budgetModels``.
    func readBudgetModel(_ v: YAMLValue) throws -> BudgetModel {
        let text = try v.string()
        guard let parsed = budgetModels.first(where: { $0.rawValue == text }) else {
            let names = budgetModels.map(\.rawValue)
            throw v.error(
                "unknown budget model '\(text)'",
                hint: NearestName.hint(text, among: names))
        }
        return parsed
    }
}

/// Reads a daily budget: `70` or `"40...70"`.
public enum BudgetRangeText {
    /// The budget range a YAML value gives: `N` or `MIN...MAX`, or a one-line error.
    public static func parse(_ v: YAMLValue) throws -> ClosedRange<Int> {
        let text = try v.string().replacingOccurrences(of: " ", with: "")
        if let range = parse(text) {
            if range.lowerBound < 1 {
                throw v.error("a budget must be at least 1 reload a day (got \(range.lowerBound))", hint: "typical budgets are 40...70")
            }
            if range.upperBound > Bounds.maxDailyBudget {
                throw v.error(
                    "a budget must be at most \(Bounds.maxDailyBudget) reloads a day (got \(range.upperBound))",
                    hint: "typical budgets are 40...70; see docs/limits.md")
            }
            return range
        }
        throw v.error("expected a number of reloads per day or a range like 40...70, found '\(text)'")
    }

    /// `nil` when `text` is neither `N` nor `A...B` with `A <= B`.
    public static func parse(_ text: String) -> ClosedRange<Int>? {
        if let n = Int(text) { return n...n }
        let parts = text.components(separatedBy: "...")
        guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), a <= b else { return nil }
        return a...b
    }
}
