import Foundation
import WidgetBudgetKit
import Yams

/// A scenario read from a YAML file, with its source kept for sections other commands read
/// (`optimize:`).
public struct ScenarioFile {
    /// The validated scenario.
    public var scenario: Scenario
    /// The file it came from, as given.
    public var path: String
    /// The top-level mapping, for optional sections.
    public var root: YAMLMapping
    /// Things that are legal but probably not meant (a start in a daylight-saving gap, trace
    /// times past the horizon), one line each, `file:line: key: …`.
    public var warnings: [String] = []
}

/// Reads and validates scenario files. Every problem is a ``ScenarioError``: one line naming the
/// file, line and key.
public enum ScenarioLoader {
    /// The largest timeline a scenario may declare.
    public static let maxEntries = 100_000
    /// The most events one process may generate over the horizon (a memory guard).
    public static let maxEventsPerProcess = 20_000_000

    static let topKeys = [
        "name", "description", "start", "timezone", "days", "replications", "seed",
        "budget", "memory", "system", "widgets", "app", "optimize", "platform", CalibrationMark.key,
    ]

    /// Loads the scenario at `path`.
    public static func load(path: String) throws -> ScenarioFile {
        try load(path: path, system: .live)
    }

    /// Loads the scenario at `path`, opened through `system`: a regular file of at most
    /// ``Bounds/maxInputFileBytes`` (a FIFO, a device or a folder is refused, never waited on).
    static func load(path: String, system: FileSystemCalls) throws -> ScenarioFile {
        let display = path
        func failure(_ message: String, hint: String? = nil) -> ScenarioError {
            ScenarioError(file: display, line: nil, key: "", message: message, hint: hint)
        }
        let data: Data?
        do {
            data = try system.openInput(path).readAll(limit: Bounds.maxInputFileBytes)
        } catch FileSystemCalls.InputProblem.notFound {
            throw failure("no such scenario file", hint: "check the path")
        } catch FileSystemCalls.InputProblem.directory {
            throw failure("this is a folder, not a scenario file", hint: "give a .yaml file; `report` takes a folder of them")
        } catch FileSystemCalls.InputProblem.notRegular(let what) {
            throw failure("this is \(what), not a regular file", hint: "give a .yaml file")
        } catch FileSystemCalls.InputProblem.failed(let reason) {
            throw failure("cannot read the file: \(reason)", hint: "check its permissions")
        }
        guard let data else {
            throw failure("the file is larger than \(Bounds.maxInputFileBytes >> 30) GiB", hint: "a scenario is a few kB")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw failure("cannot read the file as UTF-8 text", hint: "save it as UTF-8")
        }
        let base = (path as NSString).deletingLastPathComponent
        let defaultName = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        return try parse(yaml: text, file: display, baseDirectory: base.isEmpty ? "." : base, defaultName: defaultName)
    }

    /// Parses scenario YAML; `baseDirectory` resolves relative trace paths.
    public static func parse(yaml: String, file: String, baseDirectory: String = ".", defaultName: String = "scenario") throws
        -> ScenarioFile
    {
        try YAMLGuard.check(yaml, file: file)
        let node: Node?
        do {
            // No tag rules: the reader parses scalars from their text (`YAMLValue`), and Yams' default
            // rules are regular expressions whose first use initialises ICU's tables (a sixth of a
            // `simulate`'s start-up instructions).
            node = try Yams.compose(yaml: yaml, .basic)
        } catch let error as YamlError {
            throw yamlSyntaxError(error, file: file)
        }
        guard let node else {
            throw ScenarioError(file: file, line: nil, key: "", message: "the file is empty", hint: "see docs/scenario-format.md")
        }
        let root = try YAMLValue(node: node, path: "", file: file).mapping(allowed: topKeys)
        var reader = ScenarioReader(file: file, baseDirectory: baseDirectory)
        let scenario = try reader.read(root, defaultName: defaultName)
        _ = try CalibrationMark.contentLogged(root)
        return ScenarioFile(scenario: scenario, path: file, root: root, warnings: reader.warnings)
    }

    private static func yamlSyntaxError(_ error: YamlError, file: String) -> ScenarioError {
        switch error {
        case let .scanner(_, problem, mark, _), let .parser(_, problem, mark, _), let .composer(_, problem, mark, _):
            return ScenarioError(
                file: file, line: mark.line, key: "", message: "malformed YAML: \(problem) (column \(mark.column))",
                hint: "check indentation and quoting")
        case let .duplicatedKeysInMapping(duplicates, context):
            return ScenarioError(
                file: file, line: context.mark.line, key: duplicates.first ?? "",
                message: "key '\(duplicates.joined(separator: "', '"))' appears twice in one mapping", hint: "keep one of them")
        default:
            return ScenarioError(
                file: file, line: nil, key: "", message: "malformed YAML: \(String(describing: error).split(separator: "\n").first ?? "")")
        }
    }
}

/// The reading of one scenario file.
struct ScenarioReader {
    let file: String
    let baseDirectory: String
    /// 2026-01-05 00:00 UTC; a scenario without `start` begins at that date's midnight in its own zone.
    var start = Date(timeIntervalSince1970: 1_767_571_200)
    var timeZone = TimeZone(identifier: "UTC")!
    var platform = Platform.iOS
    var warnings: [String] = []

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
        let parts = text.replacingOccurrences(of: "T", with: " ").split(separator: " ")
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

    // MARK: Sections

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
        if let model = m["model"] {
            let text = try model.string()
            guard let parsed = BudgetModel(rawValue: text) else {
                let names = BudgetModel.allCases.map(\.rawValue)
                throw model.error(
                    "unknown budget model '\(text)'",
                    hint: NearestName.hint(text, among: names))
            }
            settings.model = parsed
        }
        return settings
    }

    func readMemory(_ v: YAMLValue) throws -> MemorySettings {
        let m = try v.mapping(allowed: ["limit_mb", "base_mb", "per_entry_kb", "retry_after", "retries", "backoff"])
        var memory = MemorySettings(limitMB: platform.memoryLimitMB)
        if let x = m["limit_mb"] {
            memory.limitMB = try x.double(in: Bounds.memoryMB)
            if memory.limitMB <= 0 { throw x.error("must be greater than 0") }
        }
        if let x = m["base_mb"] {
            memory.baseMB = try x.double(in: Bounds.memoryMB)
            if memory.baseMB < 0 { throw x.error("must not be negative") }
        }
        if let x = m["per_entry_kb"] {
            memory.perEntryKB = try x.double(in: Bounds.perEntryKB)
            if memory.perEntryKB < 0 { throw x.error("must not be negative") }
        }
        if let x = m["retry_after"] { memory.retryAfter = try x.positiveDuration() }
        if let x = m["retries"] {
            memory.retries = try nonNegativeInt(x)
            guard let b = m["backoff"] else {
                throw x.error("give memory.backoff too, the wait once retries ran out", hint: "e.g. backoff: 1h (OBSERVED #18)")
            }
            memory.backoff = try b.positiveDuration()
        } else if let b = m["backoff"] {
            throw b.error("give memory.retries too, the failed retries before the backoff", hint: "e.g. retries: 3")
        }
        return memory
    }

    mutating func readSystem(_ v: YAMLValue, horizon: Double) throws -> SystemSettings {
        let m = try v.mapping(allowed: [
            "reload_delay", "render_delay", "app_reload_delay", "min_reload_interval", "low_power", "max_entries", "min_render_spacing",
            "launch_cooldown", "unseen_after", "location_changes",
            // Issue #23 item 4 (appreloads): the delays of background calls and App Intent taps.
            "background_reload_delay", "intent_reload_delay",
        ])
        var system = SystemSettings()
        if let x = m["reload_delay"] { system.reloadDelay = try readDelay(x) }
        if let x = m["render_delay"] { system.renderDelay = try readDelay(x) }
        if let x = m["app_reload_delay"] { system.appReloadDelay = try readDelay(x) }
        if let x = m["min_reload_interval"] {
            system.minReloadInterval = try x.nonNegativeDuration()
            guard system.minReloadInterval >= SystemSettings.smallestReloadInterval else {
                throw x.error(
                    "must be at least 1s (got \(x.scalarText ?? ""))",
                    hint: "WidgetKit's is minutes (default 5m); 0 would let a free reload of a timeline due at once repeat forever")
            }
        }
        if let x = m["low_power"] { system.lowPower = try readWindows(x) }
        if let x = m["max_entries"] { system.maxEntries = try positiveInt(x, max: ScenarioLoader.maxEntries) }
        if let x = m["min_render_spacing"] { system.minRenderSpacing = try x.nonNegativeDuration() }
        if let x = m["launch_cooldown"] { system.launchCooldown = try x.nonNegativeDuration() }
        if let x = m["unseen_after"], x.scalarText != "off" { system.unseenAfter = try x.positiveDuration() }
        if let x = m["location_changes"] { system.locationChanges = try readProcess(x, horizon: horizon) }
        // Issue #23 item 4 (appreloads): per-origin delays (OBSERVED #13, #14).
        if let x = m["background_reload_delay"] { system.backgroundReloadDelay = try readDelay(x) }
        if let x = m["intent_reload_delay"] { system.intentReloadDelay = try readDelay(x) }
        return system
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

    // MARK: Widgets

    static let widgetKeys = ["name", "kind", "family", "provider", "content", "views", "instances"]

    mutating func readWidget(_ v: YAMLValue, horizon: Double, memory: MemorySettings) throws -> WidgetSpec {
        let m = try v.mapping(allowed: Self.widgetKeys)
        let kind = try m.require("kind", hint: "the widget kind, as in reloadTimelines(ofKind:)").string()
        if kind.isEmpty { throw m["kind"]!.error("must not be empty") }
        let provider = try readProvider(try m.require("provider", hint: "e.g. {type: fixed, entries: 12, spacing: 5m, policy: at-end}"))
        var predictable = EventProcess.none, unpredictable = EventProcess.none, selfUpdating = false, timeOnly = false
        if let c = m["content"] {
            let cm = try c.mapping(allowed: ["predictable", "unpredictable"])
            if let p = cm["predictable"] {
                (predictable, selfUpdating) = try readPredictable(p, horizon: horizon)
                timeOnly = try readTimeOnly(p)
            }
            if let u = cm["unpredictable"] { unpredictable = try readProcess(u, horizon: horizon) }
        }
        let views = try m["views"].map { try readProcess($0, horizon: horizon) } ?? platform.defaultViews
        var widget = WidgetSpec(
            name: try m["name"]?.string() ?? kind, kind: kind, family: try m["family"]?.string() ?? "small",
            provider: provider, predictable: predictable, unpredictable: unpredictable, views: views)
        widget.selfUpdating = selfUpdating
        widget.timeOnly = timeOnly
        return widget
    }

    static let providerTypes = ["fixed", "until-full", "windows", "schedule", "never"]
    static let fixedKeys = ["type", "entries", "spacing", "first_offset", "align", "policy"]

    func readProvider(_ v: YAMLValue) throws -> ProviderSpec {
        guard v.isMapping else {
            if v.scalarText == "never" { return .never }
            throw v.error("expected a mapping with a `type`", hint: "e.g. {type: fixed, entries: 12, spacing: 5m, policy: at-end}")
        }
        let typeNode = try
            (try v.mapping(allowed: Self.fixedKeys + ["level", "rate_per_hour", "full", "on_change", "windows", "segments"])).require(
                "type")
        let type = try typeNode.string()
        switch type {
        case "fixed":
            return .fixed(try readFixed(try v.mapping(allowed: Self.fixedKeys)))
        case "until-full":
            let m = try v.mapping(allowed: ["type", "level", "rate_per_hour", "spacing", "full", "on_change"])
            let full = try m["full"]?.double() ?? 100
            let level = try m.require("level").double()
            if level < 0 || level > full { throw m["level"]!.error("must be between 0 and full (\(DurationFormat.number(full)))") }
            let rate = try m.require("rate_per_hour").double(in: Bounds.ratePerHour)
            if rate < 0 { throw m["rate_per_hour"]!.error("must not be negative") }
            let spacing = try m.require("spacing").positiveDuration()
            var effect = UntilFullProvider.ChangeEffect.add(0)
            if let e = m["on_change"] {
                let em = try e.mapping(allowed: ["set", "add"])
                if let s = em["set"] {
                    effect = .set(try s.double())
                } else if let a = em["add"] {
                    effect = .add(try a.double())
                } else {
                    throw e.error("give `set: level` or `add: amount`")
                }
            }
            let provider = UntilFullProvider(level: level, ratePerHour: rate, spacing: spacing, full: full, onChange: effect)
            if ProviderSpec.untilFull(provider).maxEntries > ScenarioLoader.maxEntries {
                throw m["spacing"]!.error(
                    "the timeline until full would exceed \(ScenarioLoader.maxEntries) entries", hint: "use a wider spacing")
            }
            return .untilFull(provider)
        case "windows":
            return .windows(try readWindowedPolicies(v, key: "windows"))
        case "schedule":
            let list = try readWindowedPolicies(v, key: "segments")
            if let problem = ScheduleSpace.coverageProblem(list.map(\.window)) {
                throw try v.mapping(allowed: ["type", "segments"])["segments"]!.error(
                    problem, hint: "e.g. segments \"07:00-23:00\" and \"23:00-07:00\"")
            }
            return .schedule(list)
        case "never":
            _ = try v.mapping(allowed: ["type"])
            return .never
        default:
            throw typeNode.error(
                "unknown provider type '\(type)'",
                hint: NearestName.hint(type, among: Self.providerTypes))
        }
    }

    /// The items of a `windows` or `schedule` provider: `{during: "…", <fixed provider keys>}`.
    func readWindowedPolicies(_ v: YAMLValue, key: String) throws -> [WindowedPolicy] {
        let m = try v.mapping(allowed: ["type", key])
        let list = try m.require(key, hint: "a list of {during: \"weekdays 09:30-16:00\", entries: …, spacing: …, policy: …}").list()
        if list.isEmpty { throw m[key]!.error("needs at least one window") }
        return try list.map { item in
            let wm = try item.mapping(allowed: Self.fixedKeys.filter { $0 != "type" } + ["during"])
            let during = try readWindows(try wm.require("during", hint: "e.g. \"weekdays 09:30-16:00\""))
            guard during.count == 1 else { throw wm["during"]!.error("give one window per item") }
            return WindowedPolicy(window: during[0], provider: try readFixed(wm))
        }
    }

    func readFixed(_ m: YAMLMapping) throws -> FixedProvider {
        let entries =
            try m["entries"].map { node -> Int in
                let n = try node.int()
                if n < 1 { throw node.error("must be at least 1 (got \(n))") }
                if n > ScenarioLoader.maxEntries {
                    throw node.error(
                        "\(n) entries is beyond the limit of \(ScenarioLoader.maxEntries)",
                        hint: "a real widget holds far fewer; memory kills start near 400")
                }
                return n
            } ?? 1
        var spacing = 0.0
        if let s = m["spacing"] {
            spacing = try s.positiveDuration()
        } else if entries > 1 {
            throw ScenarioError(
                file: file, line: m.owner.line, key: m.owner.path + ".spacing",
                message: "missing required key 'spacing' (\(entries) entries need a spacing)", hint: "the time between entries, e.g. 1m")
        }
        let firstOffset = try m["first_offset"]?.nonNegativeDuration() ?? 0
        var align = EntryAlignment.none
        if let a = m["align"] {
            let text = try a.string()
            guard let parsed = EntryAlignment(rawValue: text) else {
                let names = EntryAlignment.allCases.map(\.rawValue)
                throw a.error(
                    "unknown alignment '\(text)'",
                    hint: NearestName.hint(text, among: names))
            }
            align = parsed
        }
        let policy = try m["policy"].map(readPolicy) ?? .atEnd
        return FixedProvider(entries: entries, spacing: spacing, firstOffset: firstOffset, align: align, policy: policy)
    }

    func readPolicy(_ v: YAMLValue) throws -> FixedPolicy {
        if v.isMapping {
            let m = try v.mapping(allowed: ["after"])
            return .after(try m.require("after").positiveDuration())
        }
        let text = try v.string()
        switch text {
        case "at-end", "atEnd": return .atEnd
        case "never": return .never
        default:
            if text.hasPrefix("after") {
                throw v.error("write the `after` policy as {after: 30m}")
            }
            throw v.error(
                "unknown policy '\(text)'",
                hint: NearestName.hint(text, among: ["at-end", "never"], otherwise: "use at-end, never or {after: 30m}"))
        }
    }

    // MARK: Processes

    static let processKeys = ["every", "offset", "poisson", "at", "trace", "during"]

    /// A process on its own (content, views): `none`, a mapping of the process keys, or a list of
    /// those whose events are merged (rates that differ by time of day).
    mutating func readProcess(_ v: YAMLValue, horizon: Double) throws -> EventProcess {
        if let text = v.scalarText, text == "none" { return .none }
        if v.isSequence { return try Self.readProcessList(v) { try readProcess($0, horizon: horizon) } }
        guard let process = try readPattern(try v.mapping(allowed: Self.processKeys), horizon: horizon) else {
            throw v.error("give one of every, poisson, at, trace, or write none", hint: "e.g. {every: 1m} or {poisson: {per_hour: 2}}")
        }
        return process
    }

    /// A list of processes, each read by `item`, merged into one (a list of one is that process).
    static func readProcessList(_ v: YAMLValue, item: (YAMLValue) throws -> EventProcess) throws -> EventProcess {
        let items = v.list()
        if items.isEmpty { throw v.error("an empty list of processes", hint: "write none, or give at least one process") }
        for i in items where i.isSequence { throw i.error("a list of processes cannot hold another list") }
        let processes = try items.map(item)
        return processes.count == 1 ? processes[0] : EventProcess(.merged(processes))
    }

    /// The process written in `m` (a mapping already checked for its keys, which may hold others
    /// such as `kind`), or `nil` when it names none of every, poisson, at, trace.
    mutating func readPattern(_ m: YAMLMapping, horizon: Double) throws -> EventProcess? {
        let v = m.owner
        let kinds = ["every", "poisson", "at", "trace"].filter { m.has($0) }
        if kinds.count > 1 { throw v.error("give only one of every, poisson, at, trace (found \(kinds.joined(separator: ", ")))") }
        let during = try m["during"].map(readWindows) ?? []
        let pattern: EventProcess.Pattern
        if let e = m["every"] {
            let period = try e.positiveDuration()
            let offset = try m["offset"]?.nonNegativeDuration() ?? 0
            pattern = .every(period: period, offset: offset)
        } else if let p = m["poisson"] {
            let rate: Double
            if p.isMapping {
                let pm = try p.mapping(allowed: ["per_hour", "per_day"])
                if let h = pm["per_hour"] {
                    rate = try h.double(in: Bounds.ratePerHour)
                } else if let d = pm["per_day"] {
                    rate = try d.double(in: Bounds.ratePerHour) / 24
                } else {
                    throw p.error("give per_hour (or per_day)")
                }
            } else {
                rate = try p.double(in: Bounds.ratePerHour)
            }
            if rate < 0 { throw p.error("a rate must not be negative") }
            pattern = .poisson(perHour: rate)
        } else if let a = m["at"] {
            pattern = .times(try a.list().map { try $0.nonNegativeDuration() }.sorted())
        } else if let t = m["trace"] {
            let relative = try t.string()
            let path = relative.hasPrefix("/") ? relative : (baseDirectory as NSString).appendingPathComponent(relative)
            let times: [Double]
            do {
                times = try TraceReader.readTimes(path: path, scenarioStart: start, timeZone: timeZone)
            } catch {
                throw t.error("\(error)")
            }
            let late = times.count - (times.firstIndex { $0 >= horizon } ?? times.count)
            if late > 0 {
                warnings.append(
                    t.error(
                        "\(late) of \(times.count) times in \(relative) fall after the \(DurationFormat.string(horizon)) horizon and are ignored",
                        hint: "raise `days` or trim the trace"
                    ).description)
            }
            pattern = .times(times)
        } else {
            return nil
        }
        let process = EventProcess(pattern, during: during)
        if process.expectedCount(horizon: horizon) > Double(ScenarioLoader.maxEventsPerProcess) {
            throw v.error(
                "this process would generate over \(ScenarioLoader.maxEventsPerProcess) events", hint: "use a longer period or fewer days")
        }
        return process
    }

    // MARK: App

    /// Foreground sessions: a process with an optional `duration`, or a list of them (merged; the
    /// duration, given on any item, must be the same wherever it is given).
    mutating func readForeground(_ f: YAMLValue, horizon: Double, into app: inout AppActivity) throws {
        var duration: (value: DelayDistribution, node: YAMLValue)?
        func item(_ v: YAMLValue) throws -> EventProcess {
            let fm = try v.mapping(allowed: Self.processKeys + ["duration"])
            guard let process = try readPattern(fm, horizon: horizon) else {
                throw v.error("say when foreground sessions start, e.g. {poisson: {per_hour: 0.3}, duration: 2m}, or write none")
            }
            if let d = fm["duration"] {
                let value = try readDelay(d)
                if let earlier = duration, earlier.value != value {
                    throw d.error("foreground sessions have one duration; this differs from line \(earlier.node.line ?? 0)")
                }
                duration = (value, d)
            }
            return process
        }
        app.foreground = f.isSequence ? try Self.readProcessList(f, item: item) : try item(f)
        if let duration { app.foregroundDuration = duration.value }
    }

    mutating func readApp(_ v: YAMLValue, widgets: [WidgetSpec], horizon: Double) throws -> AppActivity {
        let m = try v.mapping(allowed: ["reloads", "foreground", "intents", "launches_from_widget", "sessions", "pushes"])
        var app = AppActivity()
        let kinds = Array(Set(widgets.map(\.kind))).sorted()
        func checkKind(_ node: YAMLValue) throws -> String {
            let kind = try node.string()
            if !kinds.contains(kind) {
                throw node.error(
                    "no widget has kind '\(kind)'",
                    hint: NearestName.hint(kind, among: kinds, otherwise: "kinds: " + kinds.joined(separator: ", ")))
            }
            return kind
        }
        if let r = m["reloads"] {
            // Issue #23 item 9 (appreloads): on_foreground / on_background follow these sessions.
            let hasSessions = ["foreground", "launches_from_widget"].contains { m[$0].map { $0.scalarText != "none" } ?? false }
            for item in r.list() {
                let im = try item.mapping(allowed: Self.processKeys + ["kind", "all", "on_change", "throttle"] + Self.appReloadSessionKeys)
                let throttle = try im["throttle"]?.nonNegativeDuration() ?? 0
                let target: AppActivity.Target
                if let all = im["all"], try all.bool() {
                    if im.has("kind") { throw item.error("give either `kind` or `all: true`, not both") }
                    target = .all
                } else {
                    target = .kind(try checkKind(try im.require("kind", hint: "or `all: true` for reloadAllTimelines")))
                }
                // Issue #23 items 4 and 9 (appreloads): a session trigger, and each item's origin.
                if let trigger = try readSessionTrigger(im, hasSessions: hasSessions) {
                    app.reloads.append(
                        .init(target: target, trigger: trigger, throttle: throttle, origin: try readOrigin(im, trigger: trigger)))
                } else if let oc = im["on_change"], try oc.bool() {
                    try refuseProcess(besideOnChange: im, "reloads")
                    let followed = widgets.filter { w in
                        if case let .kind(k) = target { return w.kind == k }
                        return true
                    }
                    if followed.allSatisfy({ $0.unpredictable.isNone }) {
                        throw oc.error(
                            "on_change follows unpredictable content changes, but the targeted widgets have none",
                            hint: "add content.unpredictable to the widget")
                    }
                    app.reloads.append(
                        .init(target: target, trigger: .onChange, throttle: throttle, origin: try readOrigin(im, trigger: .onChange)))
                } else {
                    guard let process = try readPattern(im, horizon: horizon) else {
                        throw item.error(
                            "say when the app reloads: {poisson: {per_hour: 1}}, {every: 1h}, {at: [...]}, {trace: file} or on_change: true"
                        )
                    }
                    app.reloads.append(
                        .init(
                            target: target, trigger: .process(process), throttle: throttle,
                            origin: try readOrigin(im, trigger: .process(process))))
                }
            }
        }
        if let f = m["foreground"], f.scalarText != "none" {
            try readForeground(f, horizon: horizon, into: &app)
        }
        if let l = m["launches_from_widget"], l.scalarText != "none" {
            let (process, duration) = try readSessionStream(
                l, horizon: horizon,
                missing: "say when the user opens the app from the widget, e.g. {poisson: {per_day: 3}, duration: 1m}, or write none")
            app.launchesFromWidget = process
            if let duration { app.launchDuration = duration }
        }
        if let s = m["sessions"] { app.sessions = try readSessions(s, horizon: horizon) }
        if let p = m["pushes"] { app.pushes = try readPushes(p, widgets: widgets, horizon: horizon) }
        if let i = m["intents"] {
            for item in i.list() {
                let im = try item.mapping(allowed: Self.processKeys + ["kind", "instance"])
                let kind = try checkKind(try im.require("kind"))
                guard let process = try readPattern(im, horizon: horizon) else {
                    throw item.error("say when the widget is tapped, e.g. {kind: \(kind), poisson: {per_hour: 1}}")
                }
                var intent = AppActivity.Intents(kind: kind, process: process)
                if let n = im["instance"] {
                    intent.instance = try positiveInt(n, max: widgets.filter { $0.kind == kind }.map(\.instances).max() ?? 1)
                }
                app.intents.append(intent)
            }
        }
        return app
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
