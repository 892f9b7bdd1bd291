import WidgetBudgetKit

/// One row of a candidates table, kept as text (what the files say) and read into a record.
public struct CandidateRow: Sendable {
    /// The fields, in ``CandidateTable/header`` order.
    public var fields: [String]
    /// The numbers ranking needs.
    public var record: CandidateRecord

    /// The field of `column`.
    public func field(_ column: String) -> String {
        CandidateRow.field(fields, column, in: CandidateTable.header)
    }

    /// The field of `column` in a row under `header` (empty when the column is absent).
    static func field(_ fields: [String], _ column: String, in header: [String]) -> String {
        guard let i = header.firstIndex(of: column), i < fields.count else { return "" }
        return fields[i]
    }

    /// Reads a row of `candidates.csv`; `where` names the place for errors (`file:line`).
    ///
    /// Every cell must be as `optimize` writes it (a shard's files are input like any other):
    /// the parameters written back from the candidate read give the same text, durations within
    /// ``Bounds/maxDuration``, entries within ``ScenarioLoader/maxEntries``, numbers finite and in
    /// plain decimal notation (no `nan`, `inf` or `1e308`), `feasible` `true` or `false`.
    public init(fields: [String], where place: String) throws {
        self.fields = fields
        let header = CandidateTable.header
        func text(_ c: String) -> String { CandidateRow.field(fields, c, in: header) }
        func found(_ c: String) -> String { csvMessageText(text(c)) }
        func number(_ c: String) throws -> Double {
            guard Self.isWrittenDecimal(text(c)), let x = Double(text(c)) else {
                throw MergeError("\(place): \(c): expected a number, found '\(found(c))'")
            }
            return x
        }
        func integer(_ c: String) throws -> Int {
            guard let x = Int(text(c)), x >= 0, String(x) == text(c) else {
                throw MergeError("\(place): \(c): expected a whole number, found '\(found(c))'")
            }
            return x
        }
        func duration(_ c: String, positive: Bool) throws -> Double {
            let x = try number(c)
            guard x <= Bounds.maxDuration, positive ? x >= Bounds.minPositiveDuration : x >= 0 else {
                throw MergeError(
                    "\(place): \(c): \(found(c)) s is out of range (\(positive ? "0.001" : "0")...\(Int(Bounds.maxDuration))) (see docs/limits.md)"
                )
            }
            return x
        }
        guard fields.count == header.count else {
            throw MergeError("\(place): expected \(header.count) fields, found \(fields.count)")
        }
        guard let align = EntryAlignment(rawValue: text("align")) else {
            throw MergeError("\(place): align: unknown alignment '\(text("align"))'")
        }
        let policy: FixedPolicy
        switch text("policy") {
        case "at-end": policy = .atEnd
        case "never", "schedule": policy = .never
        case "after": policy = .after(try duration("after_s", positive: true))
        default: throw MergeError("\(place): policy: unknown policy '\(text("policy"))'")
        }
        var windows: [TimeWindow] = []
        if !text("windows").isEmpty {
            for part in text("windows").split(separator: ";") {
                guard let w = TimeWindow(String(part)) else { throw MergeError("\(place): windows: cannot read '\(part)'") }
                windows.append(w)
            }
        }
        var perReplication: [Double] = []
        for part in text("replication_objectives").split(separator: ";") {
            guard Self.isWrittenDecimal(part), let x = Double(part) else {
                throw MergeError("\(place): replication_objectives: expected numbers joined by ';', found '\(part)'")
            }
            perReplication.append(x)
        }
        let schedule = text("policy") == "schedule" ? try Self.schedule(text("schedule"), where: place) : []
        let entries = try integer("entries")
        guard (1...ScenarioLoader.maxEntries).contains(entries) else {
            throw MergeError("\(place): entries: \(entries) is out of range (1...\(ScenarioLoader.maxEntries)) (see docs/limits.md)")
        }
        var candidate = PolicyCandidate(
            spacing: try duration("spacing_s", positive: false), entries: entries, align: align,
            policy: policy, windows: windows,
            appThrottle: text("app_throttle_s").isEmpty ? nil : try duration("app_throttle_s", positive: false),
            schedule: schedule)
        switch text("self_updating") {
        case "true": candidate.selfUpdating = true
        case "false": break
        default: throw MergeError("\(place): self_updating: expected true or false, found '\(found("self_updating"))'")
        }
        for c in CandidateTable.metricHeader + ["needed_budget"] {
            let ok =
                CandidateTable.wholeNumberColumns.contains(c)
                ? Int(text(c)).map { $0 >= 0 && String($0) == text(c) } ?? false
                : text(c).isEmpty || Self.isWrittenDecimal(text(c))
            if !ok { throw MergeError("\(place): \(c): expected a number as optimize writes it, found '\(found(c))'") }
        }
        guard ["true", "false"].contains(text("feasible")) else {
            throw MergeError("\(place): feasible: expected true or false, found '\(found("feasible"))'")
        }
        // The parameters as optimize writes them: `1e1` for 10, a window or a schedule in other words.
        for (i, written) in CandidateTable.parameters(candidate).enumerated() where written != fields[i] {
            let c = CandidateTable.parameterHeader[i]
            throw MergeError(
                "\(place): \(c): '\(found(c))' is not as optimize writes it ('\(csvMessageText(written))'); was the file edited?")
        }
        record = CandidateRecord(
            candidate: candidate, objective: try number("objective"), unlimitedObjective: try number("unlimited_objective"),
            chargedPerDay: try number("charged_per_day"), peakMemoryMB: try number("peak_memory_mb"),
            exhaustedDayFraction: try number("exhausted_day_fraction"), kills: try integer("kills"),
            neededBudget: try integer("needed_budget"), feasible: text("feasible") == "true",
            replicationObjectives: perReplication, freshness: try number("freshness"))
    }

    /// True for a number as ``NumberFormat/fixed(_:_:)`` or `String(Int)` writes it: an optional
    /// `-`, digits, optionally `.` and digits (never `nan`, `inf`, `1e5` or `+1`), below 10^15.
    static func isWrittenDecimal<S: StringProtocol>(_ text: S) -> Bool {
        var digits = 0, point = false, afterPoint = 0
        for (i, c) in text.utf8.enumerated() {
            switch c {
            case UInt8(ascii: "-") where i == 0: continue
            case UInt8(ascii: "."): if point || digits == 0 { return false } else { point = true }
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if point { afterPoint += 1 } else { digits += 1 }
            default: return false
            }
        }
        return digits > 0 && digits <= 15 && (!point || afterPoint > 0)
    }

    /// The `schedule` column read back: `07:00-09:00 after 10m; 23:00-07:00 never`.
    static func schedule(_ text: String, where place: String) throws -> [ScheduleSegment] {
        try text.split(separator: ";").map { part in
            let words = part.split(separator: " ").map(String.init)
            let problem = MergeError("\(place): schedule: cannot read '\(part.trimmingCharacters(in: .whitespaces))'")
            guard let first = words.first, let window = TimeWindow(first) else { throw problem }
            if words.count == 2 && words[1] == "never" { return ScheduleSegment(window: window, after: nil) }
            guard words.count == 3, words[1] == "after", let seconds = DurationSyntax.seconds(words[2]) else { throw problem }
            return ScheduleSegment(window: window, after: seconds)
        }
    }
}
