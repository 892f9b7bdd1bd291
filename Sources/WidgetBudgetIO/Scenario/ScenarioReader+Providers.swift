import WidgetBudgetKit

/// The providers a scenario's `provider.type` names, each with the keys it takes
/// (``ScenarioReader/readProvider(_:)`` reads them).
///
/// Every switch over this type and over `ProviderSpec` here is exhaustive: a provider added to
/// the engine (a `ProviderSpec` case) does not compile until it has a case here, its keys, its
/// reading and an example.
enum ProviderType: String, CaseIterable {
    /// `type: fixed`.
    case fixed
    /// `type: until-full`.
    case untilFull = "until-full"
    /// `type: windows`.
    case windows
    /// `type: schedule`.
    case schedule
    /// `type: never`.
    case never

    /// The type a scenario writes for `spec`.
    init(_ spec: ProviderSpec) {
        switch spec {
        case .fixed: self = .fixed
        case .untilFull: self = .untilFull
        case .windows: self = .windows
        case .schedule: self = .schedule
        case .never: self = .never
        }
    }

    /// The keys the provider's mapping may hold, `type` first.
    var keys: [String] {
        switch self {
        case .fixed: ["type", "entries", "spacing", "first_offset", "align", "policy"]
        case .untilFull: ["type", "level", "rate_per_hour", "spacing", "full", "on_change"]
        case .windows: ["type", "windows"]
        case .schedule: ["type", "segments"]
        case .never: ["type"]
        }
    }

    /// A small provider of this type as a scenario writes it (flow style), for tests and docs.
    var example: String {
        switch self {
        case .fixed: "{type: fixed, entries: 12, spacing: 5m, policy: at-end}"
        case .untilFull: "{type: until-full, level: 40, rate_per_hour: 10, spacing: 30m}"
        case .windows: "{type: windows, windows: [{during: \"weekdays 09:30-16:00\", entries: 4, spacing: 15m}]}"
        case .schedule: "{type: schedule, segments: [{during: \"07:00-23:00\", entries: 4, spacing: 15m}, {during: \"23:00-07:00\"}]}"
        case .never: "{type: never}"
        }
    }

    /// Every type's keys, each once, in this order: what a provider mapping may hold before its
    /// `type` is known.
    static let allKeys: [String] = allCases.flatMap(\.keys).reduce(into: []) { keys, key in
        if !keys.contains(key) { keys.append(key) }
    }
}

extension ScenarioReader {
    /// `provider:` — a mapping with a `type` (or the plain word `never`), read by that type.
    func readProvider(_ v: YAMLValue) throws -> ProviderSpec {
        guard v.isMapping else {
            if v.scalarText == "never" { return .never }
            throw v.error("expected a mapping with a `type`", hint: "e.g. {type: fixed, entries: 12, spacing: 5m, policy: at-end}")
        }
        let typeNode = try v.mapping(allowed: ProviderType.allKeys).require("type")
        let text = try typeNode.string()
        guard let type = ProviderType(rawValue: text) else {
            throw typeNode.error(
                "unknown provider type '\(text)'",
                hint: NearestName.hint(text, among: ProviderType.allCases.map(\.rawValue)))
        }
        let m = try v.mapping(allowed: type.keys)
        switch type {
        case .fixed: return .fixed(try readFixed(m))
        case .untilFull: return .untilFull(try readUntilFull(m))
        case .windows: return .windows(try readWindowedPolicies(v, key: "windows"))
        case .schedule: return .schedule(try readSchedule(m))
        case .never: return .never
        }
    }

    /// `type: until-full`: `level`, `rate_per_hour`, `spacing`, optional `full` and `on_change`.
    func readUntilFull(_ m: YAMLMapping) throws -> UntilFullProvider {
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
        return provider
    }

    /// `type: schedule`: `segments` that cover the day once.
    func readSchedule(_ m: YAMLMapping) throws -> [WindowedPolicy] {
        let list = try readWindowedPolicies(m.owner, key: "segments")
        if let problem = ScheduleSpace.coverageProblem(list.map(\.window)) {
            throw m["segments"]!.error(problem, hint: "e.g. segments \"07:00-23:00\" and \"23:00-07:00\"")
        }
        return list
    }

    /// The items of a `windows` or `schedule` provider: `{during: "…", <fixed provider keys>}`.
    func readWindowedPolicies(_ v: YAMLValue, key: String) throws -> [WindowedPolicy] {
        let m = try v.mapping(allowed: ["type", key])
        let list = try m.require(key, hint: "a list of {during: \"weekdays 09:30-16:00\", entries: …, spacing: …, policy: …}").list()
        if list.isEmpty { throw m[key]!.error("needs at least one window") }
        return try list.map { item in
            let wm = try item.mapping(allowed: ProviderType.fixed.keys.filter { $0 != "type" } + ["during"])
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
}
