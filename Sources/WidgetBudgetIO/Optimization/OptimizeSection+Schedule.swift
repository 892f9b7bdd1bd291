import Foundation
import WidgetBudgetKit

/// `optimize.schedule` (and `--schedule-segments`, `--schedule-after`): one reload interval per
/// segment of the day, chosen per segment.
extension OptimizeSection {
    /// The keys of `optimize.schedule`.
    static let scheduleKeys = ["segments", "after"]

    /// The intervals a segment may use when `after` is absent (the list), seconds; `nil` is `never`.
    static let defaultScheduleAfters: [Double?] = [
        300, 600, 900, 1_200, 1_800, 2_700, 3_600, 5_400, 7_200, 10_800, 14_400, 21_600, 28_800, nil,
    ]

    /// The most segments a schedule may have (one an hour, and some to spare).
    static let maxScheduleSegments = 48

    /// The schedule space of the section with `overrides` on top, or `nil` when neither asks for
    /// one. A schedule replaces `policy` and `windows`, and is not searched with `app_throttle`.
    static func readSchedule(_ m: YAMLMapping?, overrides o: OptimizationOverrides) throws -> ScheduleSpace? {
        let entry = m?.entries.first { $0.0 == "schedule" }?.1
        guard entry != nil || o.scheduleSegments != nil else {
            if o.scheduleAfter != nil {
                throw OptimizeOptionError(
                    option: "--schedule-after", message: "needs segments: the scenario has no optimize.schedule",
                    hint: "add --schedule-segments 07:00-09:00,09:00-17:00,17:00-23:00,23:00-07:00")
            }
            return nil
        }
        let sm = try entry?.mapping(allowed: scheduleKeys)
        let segments = try readSegments(sm, override: o.scheduleSegments)
        let afters = try readScheduleAfters(sm, override: o.scheduleAfter)
        try checkScheduleConflicts(m, overrides: o)
        return ScheduleSpace(segments: segments, afters: afters)
    }

    private static func readSegments(_ sm: YAMLMapping?, override: String?) throws -> [TimeWindow] {
        let hint = "e.g. [\"07:00-09:00\", \"09:00-17:00\", \"17:00-23:00\", \"23:00-07:00\"]"
        if let text = override {
            let items = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            let segments = try items.map { item in try parse(option: "--schedule-segments", item) { try segment($0) } }
            try parse(option: "--schedule-segments", "") { _ in try checkCoverage(segments) }
            return segments
        }
        let node = try sm!.require("segments", hint: hint)
        let list = node.list()
        if list.isEmpty || !node.isSequence { throw node.error("expected a list of segments covering the day", hint: hint) }
        let segments = try list.map { v in try parse(v) { try segment($0) } }
        try parse(node) { _ in try checkCoverage(segments) }
        return segments
    }

    private static func segment(_ text: String) throws -> TimeWindow {
        let w = try OptimizeValueSyntax.windows([text])
        guard w.count == 1 else { throw OptimizeValueProblem(message: "expected a segment such as 07:00-09:00, found '\(text)'") }
        return w[0]
    }

    private static func checkCoverage(_ segments: [TimeWindow]) throws {
        if segments.count > maxScheduleSegments {
            throw OptimizeValueProblem(message: "\(segments.count) segments is more than the limit of \(maxScheduleSegments)")
        }
        if let problem = ScheduleSpace.coverageProblem(segments) {
            throw OptimizeValueProblem(message: problem, hint: "segments end to end, e.g. 07:00-09:00, 09:00-23:00, 23:00-07:00")
        }
    }

    private static func readScheduleAfters(_ sm: YAMLMapping?, override: String?) throws -> [Double?] {
        var values: [Double?]
        if let text = override {
            let items = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            if items.isEmpty { throw OptimizeOptionError(option: "--schedule-after", message: "the list is empty") }
            values = try items.map { item in try parse(option: "--schedule-after", item) { try interval($0) } }
        } else if let node = sm?["after"] {
            let list = node.list()
            if list.isEmpty { throw node.error("the list is empty: there is nothing to choose from", hint: "e.g. [10m, 30m, 1h, never]") }
            values = try list.map { v in try parse(v) { try interval($0) } }
        } else {
            values = defaultScheduleAfters
        }
        var unique: [Double?] = []
        for v in values where !unique.contains(v) { unique.append(v) }
        return unique
    }

    /// A segment's interval: a duration greater than 0, or `never`.
    private static func interval(_ text: String) throws -> Double? {
        if text == "never" { return nil }
        do { return try OptimizeValueSyntax.afterDelay(text) } catch let p as OptimizeValueProblem {
            throw OptimizeValueProblem(message: p.message, hint: "a duration such as 10m or 1h30m, or never")
        }
    }

    /// A schedule is the policy: the single-policy keys and the app throttle do not go with it.
    private static func checkConflicts(_ key: String, in m: YAMLMapping?, option: String, set: Bool, why: String) throws {
        if set {
            throw OptimizeOptionError(option: option, message: "cannot be used with a schedule: \(why)", hint: "drop \(option)")
        }
        if let v = m?.entries.first(where: { $0.0 == key })?.1 {
            throw v.error("cannot be used with optimize.schedule: \(why)", hint: "remove optimize.\(key) or optimize.schedule")
        }
    }

    private static func checkScheduleConflicts(_ m: YAMLMapping?, overrides o: OptimizationOverrides) throws {
        try checkConflicts(
            "policy", in: m, option: "--policy", set: o.policy != nil, why: "the schedule gives every segment its own interval")
        try checkConflicts(
            "windows", in: m, option: "--windows", set: o.windows != nil, why: "the schedule's segments replace the windows")
        try checkConflicts(
            "app_throttle", in: m, option: "--app-throttle", set: false,
            why: "the app throttle is not searched together with a schedule")
    }
}
