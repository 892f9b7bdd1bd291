import Foundation
import WidgetBudgetKit

/// A value of the search space that could not be read: what is wrong and how to fix it. The
/// caller adds where (a scenario file's line and key, or a command-line option).
struct OptimizeValueProblem: Error {
    var message: String
    var hint: String?
}

/// Reads the values of the `optimize:` section and of the matching command-line options; both
/// write them the same way.
enum OptimizeValueSyntax {
    /// The largest space accepted (distinct candidates).
    static let maxSpace = 5_000_000

    static func spacing(_ text: String) throws -> Double {
        guard let seconds = DurationSyntax.seconds(text) else { throw OptimizeValueProblem(message: DurationSyntax.problem(text)) }
        if seconds <= 0 { throw OptimizeValueProblem(message: "a spacing must be greater than 0 (got \(text))") }
        return seconds
    }

    /// `12` or a range `1...240`.
    static func entries(_ text: String) throws -> [Int] {
        let t = text.replacingOccurrences(of: " ", with: "")
        let values: [Int]
        if let n = Int(t) {
            values = [n]
        } else if let range = BudgetRangeText.parse(t) {
            values = Array(range)
        } else {
            throw OptimizeValueProblem(message: "expected a number of entries or a range like 1...240, found '\(text)'")
        }
        if let bad = values.first(where: { $0 < 1 }) {
            throw OptimizeValueProblem(message: "entries must be at least 1 (got \(bad))")
        }
        if let bad = values.first(where: { $0 > ScenarioLoader.maxEntries }) {
            throw OptimizeValueProblem(
                message: "\(bad) entries is beyond the limit of \(ScenarioLoader.maxEntries)",
                hint: "memory kills start near 400 entries")
        }
        return values
    }

    static func align(_ text: String) throws -> EntryAlignment {
        if let a = EntryAlignment(rawValue: text) { return a }
        let names = EntryAlignment.allCases.map(\.rawValue)
        throw OptimizeValueProblem(
            message: "unknown alignment '\(text)'",
            hint: NearestName.hint(text, among: names))
    }

    /// `at-end`, `never`, or (on the command line) `after:30m`.
    static func policy(_ text: String) throws -> FixedPolicy {
        switch text {
        case "at-end", "atEnd": return .atEnd
        case "never": return .never
        default:
            for prefix in ["after:", "after=", "after "] where text.hasPrefix(prefix) {
                let value = String(text.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces)
                return .after(try afterDelay(value))
            }
            throw OptimizeValueProblem(
                message: "unknown policy '\(text)'",
                hint: NearestName.hint(
                    text, among: ["at-end", "never"], otherwise: "use at-end, never or {after: [15m, 1h]} (after:15m on the command line)"))
        }
    }

    static func afterDelay(_ text: String) throws -> Double {
        guard let seconds = DurationSyntax.seconds(text) else {
            throw OptimizeValueProblem(message: "after: " + DurationSyntax.problem(text))
        }
        if seconds <= 0 { throw OptimizeValueProblem(message: "an `after` delay must be greater than 0 (got \(text))") }
        return seconds
    }

    /// One window list: window texts; none (or `all-day`) for all day.
    static func windows(_ texts: [String]) throws -> [TimeWindow] {
        if texts.count == 1 && ["all-day", "none", ""].contains(texts[0]) { return [] }
        return try texts.map { text in
            switch TimeWindow.parse(text) {
            case let .success(w): return w
            case let .failure(e): throw OptimizeValueProblem(message: "'\(text)': \(e.reason)")
            }
        }
    }

    static func objective(_ text: String) throws -> OptimizationObjective {
        if let o = OptimizationObjective(rawValue: text) { return o }
        let names = OptimizationObjective.allCases.map(\.rawValue)
        throw OptimizeValueProblem(
            message: "unknown objective '\(text)'",
            hint: NearestName.hint(text, among: names))
    }

    static func method(_ text: String) throws -> SearchMethod {
        if let m = SearchMethod(rawValue: text) { return m }
        let names = SearchMethod.allCases.map(\.rawValue)
        throw OptimizeValueProblem(
            message: "unknown method '\(text)'",
            hint: NearestName.hint(text, among: names))
    }

    static func budgets(_ text: String) throws -> ClosedRange<Int> {
        guard let range = BudgetRangeText.parse(text.replacingOccurrences(of: " ", with: "")) else {
            throw OptimizeValueProblem(message: "expected a number of reloads per day or a range like 40...70, found '\(text)'")
        }
        if range.lowerBound < 1 {
            throw OptimizeValueProblem(message: "a budget must be at least 1 reload a day (got \(range.lowerBound))")
        }
        return range
    }

    static func fraction(_ text: String, name: String, below1: Bool) throws -> Double {
        guard let x = Double(text), x.isFinite else {
            throw OptimizeValueProblem(message: "expected a number between 0 and 1, found '\(text)'")
        }
        if x < 0 || x > 1 || (below1 && x == 1) {
            throw OptimizeValueProblem(
                message: "\(name) must be between 0 and \(below1 ? "1 (excluded)" : "1") (got \(text))",
                hint: name == "memory_margin" ? "0.2 keeps peak memory under 80 % of the limit" : nil)
        }
        return x
    }

    /// `optimize.tolerance`: a duration (`1s`, `30s`) for an age objective, a fraction for a
    /// freshness one; 0 or more.
    static func tolerance(_ text: String, objective: OptimizationObjective) throws -> Double {
        if objective.higherIsBetter {
            guard let x = Double(text), x.isFinite, x >= 0, x < 1 else {
                throw OptimizeValueProblem(
                    message: "expected a fraction from 0 to 1 (excluded) for \(objective.rawValue), found '\(text)'", hint: "e.g. 0.001")
            }
            return x
        }
        guard let seconds = DurationSyntax.seconds(text) ?? Double(text), seconds.isFinite, seconds >= 0 else {
            throw OptimizeValueProblem(
                message: "expected a duration of 0 or more for \(objective.rawValue), found '\(text)'", hint: "e.g. 1s or 30s")
        }
        return seconds
    }

    /// `optimize.seen_tolerance`: stale content a day a person would not notice, a duration, or
    /// `none` (not judged).
    static func seenTolerance(_ text: String) throws -> Double? {
        if text == "none" { return nil }
        guard let seconds = DurationSyntax.seconds(text), seconds.isFinite, seconds >= 0, seconds <= 86_400 else {
            throw OptimizeValueProblem(
                message: "expected a duration of stale content a day from 0s to 24h, or none, found '\(text)'",
                hint: "e.g. 1m (a clock's minute) or none")
        }
        return seconds
    }
}
