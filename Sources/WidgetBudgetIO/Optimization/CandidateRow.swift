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
    public init(fields: [String], where place: String) throws {
        self.fields = fields
        let header = CandidateTable.header
        func text(_ c: String) -> String { CandidateRow.field(fields, c, in: header) }
        func number(_ c: String) throws -> Double {
            guard let x = Double(text(c)) else { throw MergeError("\(place): \(c): expected a number, found '\(text(c))'") }
            return x
        }
        func integer(_ c: String) throws -> Int {
            guard let x = Int(text(c)) else { throw MergeError("\(place): \(c): expected a whole number, found '\(text(c))'") }
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
        case "after": policy = .after(try number("after_s"))
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
            guard let x = Double(part) else {
                throw MergeError("\(place): replication_objectives: expected numbers joined by ';', found '\(part)'")
            }
            perReplication.append(x)
        }
        let schedule = text("policy") == "schedule" ? try Self.schedule(text("schedule"), where: place) : []
        var candidate = PolicyCandidate(
            spacing: try number("spacing_s"), entries: try integer("entries"), align: align,
            policy: policy, windows: windows, appThrottle: text("app_throttle_s").isEmpty ? nil : try number("app_throttle_s"),
            schedule: schedule)
        switch text("self_updating") {
        case "true": candidate.selfUpdating = true
        case "false": break
        default: throw MergeError("\(place): self_updating: expected true or false, found '\(text("self_updating"))'")
        }
        record = CandidateRecord(
            candidate: candidate, objective: try number("objective"), unlimitedObjective: try number("unlimited_objective"),
            chargedPerDay: try number("charged_per_day"), peakMemoryMB: try number("peak_memory_mb"),
            exhaustedDayFraction: try number("exhausted_day_fraction"), kills: try integer("kills"),
            neededBudget: try integer("needed_budget"), feasible: text("feasible") == "true",
            replicationObjectives: perReplication, freshness: try number("freshness"))
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
