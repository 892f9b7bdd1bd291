import Foundation
import WidgetBudgetKit

/// The reading of one scenario file.
struct ScenarioReader {
    let file: String
    let baseDirectory: String
    /// 2026-01-05 00:00 UTC; a scenario without `start` begins at that date's midnight in its own zone.
    var start = Date(timeIntervalSince1970: 1_767_571_200)
    var timeZone = TimeZone(identifier: "UTC")!
    var platform = Platform.iOS
    var warnings: [String] = []
    /// The models `budget.model` may name.
    var budgetModels = BudgetModel.allCases
    /// The provider types `provider.type` may name.
    var providerTypes = ProviderSpec.builtInTypes

    init(file: String, baseDirectory: String) {
        self.file = file
        self.baseDirectory = baseDirectory
    }

    mutating func read(_ root: YAMLMapping, defaultName: String) throws -> Scenario {
        // A name is data: file and folder names are made from it by FileName.safe.
        let name = try root["name"]?.string() ?? (defaultName.isEmpty ? "scenario" : defaultName)
        if name.trimmingCharacters(in: .whitespaces).isEmpty {
            throw (root["name"] ?? root.owner).error("the name must not be empty", hint: "use letters, digits and dashes")
        }
        if let tz = root["timezone"] {
            let id = try tz.string()
            guard let zone = TimeZone(identifier: id) else {
                throw tz.error("unknown time zone '\(id)'", hint: "use an IANA name such as Europe/Paris or America/New_York")
            }
            timeZone = zone
        }
        if let s = root["start"] {
            start = try readStart(s)
        } else {
            start = Self.defaultStart(in: timeZone)
        }
        if let p = root["platform"] { platform = try readPlatform(p) }
        let days = try root["days"].map { try positiveInt($0, max: Bounds.maxDays) } ?? 1
        let replications = try root["replications"].map { try positiveInt($0, max: Bounds.maxReplications) } ?? 1
        let seed: UInt64 =
            try root["seed"].map { v in
                guard let text = v.scalarText, let value = UInt64(text) else {
                    throw v.error("expected a whole number ≥ 0, found \(v.shape)")
                }
                return value
            } ?? 1
        let budget = try root["budget"].map(readBudget) ?? .fixed(platform.dailyBudget)
        let memory = try root["memory"].map(readMemory) ?? MemorySettings(limitMB: platform.memoryLimitMB)
        let system = try root["system"].map { try readSystem($0, horizon: Double(days) * Seconds.day) } ?? SystemSettings()
        let horizon = Double(days) * Seconds.day

        let widgetNode = try root.require("widgets", hint: "a scenario needs at least one widget")
        let widgetList = widgetNode.list()
        if widgetList.isEmpty { throw widgetNode.error("needs at least one widget") }
        var widgets: [WidgetSpec] = []
        for item in widgetList {
            for widget in try readInstances(item, readWidget(item, horizon: horizon, memory: memory)) {
                if widgets.contains(where: { $0.name == widget.name }) {
                    throw item.error("two widgets are named '\(widget.name)'", hint: "give each a distinct `name:`")
                }
                widgets.append(widget)
            }
        }
        let app = try root["app"].map { try readApp($0, widgets: widgets, horizon: horizon) } ?? AppActivity()

        return Scenario(
            name: name, description: try root["description"]?.string() ?? "", start: start, timeZone: timeZone,
            days: days, replications: replications, seed: seed, budget: budget, memory: memory,
            system: system, widgets: widgets, app: app)
    }

    // MARK: Scalars

    func nonNegativeInt(_ v: YAMLValue) throws -> Int {
        let value = try v.int()
        if value < 0 { throw v.error("must not be negative (got \(value))") }
        return value
    }

    func positiveInt(_ v: YAMLValue, max: Int) throws -> Int {
        let value = try v.int()
        if value < 1 { throw v.error("must be at least 1 (got \(value))") }
        if value > max { throw v.error("must be at most \(max) (got \(value))", hint: "see docs/limits.md") }
        return value
    }

    /// Monday 2026-01-05 at 00:00 local time in `zone` (docs/scenario-format.md: the default `start`).
    static func defaultStart(in zone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(from: DateComponents(year: 2026, month: 1, day: 5)) ?? Date(timeIntervalSince1970: 1_767_571_200)
    }

    /// Refuses a process (`every`, `poisson`, `at`, `trace`) written beside `on_change: true` in
    /// `m` (an app's `what`): the two say different things about when, and one would be ignored.
    func refuseProcess(besideOnChange m: YAMLMapping, _ what: String) throws {
        let given = ["every", "poisson", "at", "trace", "offset", "during"].filter { m.has($0) }
        guard let first = given.first else { return }
        throw m[first]!.error(
            "on_change: true and \(first) both say when \(what) are sent; give one of them",
            hint: "on_change follows content changes; a process such as {every: 1h} sends on a schedule")
    }

    mutating func readStart(_ v: YAMLValue) throws -> Date {
        let text = try v.string()
        let parts = text.split { $0 == "T" || $0 == " " }  // not Foundation's replacingOccurrences: 0.6 M at start-up
        let dateFields = parts.first.map { $0.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) } } ?? []
        guard parts.count <= 2, dateFields.count == 3, dateFields.allSatisfy({ $0 != nil }) else {
            throw v.error("expected a local date and time like 2026-01-05T00:00:00, found '\(text)'")
        }
        var seconds = 0.0
        if parts.count == 2 {
            guard let s = TimeWindow.parseClock(String(parts[1])), s < Seconds.day else {
                throw v.error(
                    "expected a local time HH:MM[:SS] after the date, found '\(parts[1])'",
                    hint: "no offset: the time is local to `timezone`")
            }
            seconds = s
        }
        let (year, month, day) = (dateFields[0]!, dateFields[1]!, dateFields[2]!)
        guard Bounds.years.contains(year) else {
            throw v.error(
                "the year \(year) is out of range (\(Bounds.years.lowerBound)...\(Bounds.years.upperBound))", hint: "see docs/limits.md")
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        var components = DateComponents(year: year, month: month, day: day)
        components.hour = Int(seconds) / 3600
        components.minute = Int(seconds) / 60 % 60
        components.second = Int(seconds) % 60
        // The calendar rolls 2026-02-30 over to 2 March: the date must come back unchanged.
        guard (1...12).contains(month), (1...31).contains(day), let date = calendar.date(from: components),
            calendar.dateComponents(
                [.year, .month, .day], from: calendar.date(from: DateComponents(year: year, month: month, day: day)) ?? date)
                == DateComponents(year: year, month: month, day: day)
        else {
            throw v.error("'\(text)' is not a valid date", hint: "\(year)-\(month) has no day \(day)")
        }
        let shown = calendar.dateComponents([.hour, .minute, .second], from: date)
        if shown.hour != components.hour || shown.minute != components.minute || shown.second != components.second {
            warnings.append(
                v.error(
                    "\(text) does not exist in \(timeZone.shownIdentifier) (the clocks skip it); the run starts at "
                        + "\(String(format: "%02d:%02d", shown.hour ?? 0, shown.minute ?? 0)) local time"
                ).description)
        }
        return date
    }

    func readDelay(_ v: YAMLValue) throws -> DelayDistribution {
        if !v.isMapping { return .constant(try v.nonNegativeDuration()) }
        let m = try v.mapping(allowed: ["uniform", "exponential", "constant"])
        if m.entries.count != 1 { throw v.error("give exactly one of uniform, exponential, constant") }
        if let u = m["uniform"] {
            let bounds = u.list()
            guard bounds.count == 2 else { throw u.error("expected two durations [low, high], e.g. [0s, 3m]") }
            let a = try bounds[0].nonNegativeDuration(), b = try bounds[1].nonNegativeDuration()
            if b < a { throw u.error("the upper bound is below the lower one", hint: "write [low, high]") }
            return .uniform(a, b)
        }
        if let e = m["exponential"] { return .exponential(mean: try e.nonNegativeDuration()) }
        return .constant(try m.require("constant").nonNegativeDuration())
    }

    func readWindows(_ v: YAMLValue) throws -> [TimeWindow] {
        try v.list().map { item in
            let text = try item.string()
            switch TimeWindow.parse(text) {
            case let .success(window): return window
            case let .failure(error): throw item.error("'\(text)': \(error.reason)")
            }
        }
    }

    /// `platform: iOS | watchOS`.
    func readPlatform(_ v: YAMLValue) throws -> Platform {
        let text = try v.string()
        guard let platform = Platform(rawValue: text) else {
            let names = Platform.allCases.map(\.rawValue)
            throw v.error("unknown platform '\(text)'", hint: NearestName.hint(text, among: names, otherwise: "use iOS or watchOS"))
        }
        return platform
    }
}
