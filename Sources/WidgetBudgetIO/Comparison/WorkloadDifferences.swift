import WidgetBudgetKit

/// What differs between compared scenarios besides the widgets' policies: the workload (content
/// changes, views, app activity) and the calendar (start, time zone). `compare` runs every
/// scenario under A's seed, days and replications, so a paired difference isolates the policy only
/// when the workloads match; otherwise it warns before calling a difference significant.
public enum WorkloadDifferences {
    /// One warning per scenario (B, C, …) whose workload differs from A's, naming what differs.
    public static func warnings(_ scenarios: [Scenario], files: [String]) -> [String] {
        guard let a = scenarios.first else { return [] }
        return scenarios.indices.dropFirst().compactMap { i in
            let differences = differences(a, scenarios[i])
            guard !differences.isEmpty else { return nil }
            let file = i < files.count ? " (\(files[i]))" : ""
            return "\(ScenarioComparison.letter(i))\(file) differs from A in its workload: " + differences.joined(separator: "; ")
                + ". Its differences from A may come from the workload, not the policy"
        }
    }

    /// What differs between `a` and `b`, in words.
    static func differences(_ a: Scenario, _ b: Scenario) -> [String] {
        var out: [String] = []
        if a.timeZone.identifier != b.timeZone.identifier {
            out.append("time zone \(b.timeZone.shownIdentifier) (A: \(a.timeZone.shownIdentifier))")
        }
        if a.start != b.start { out.append("start") }
        if a.app != b.app { out.append("app activity") }
        let names = Set(a.widgets.map(\.name))
        let missing = b.widgets.map(\.name).filter { !names.contains($0) }
        if !missing.isEmpty { out.append("widgets not in A: " + missing.map { "'\($0)'" }.joined(separator: ", ")) }
        for wb in b.widgets {
            guard let wa = a.widgets.first(where: { $0.name == wb.name }) else { continue }
            var what: [String] = []
            if wa.predictable != wb.predictable { what.append("predictable content") }
            if wa.unpredictable != wb.unpredictable { what.append("unpredictable content") }
            if wa.views != wb.views { what.append("views") }
            if !what.isEmpty { out.append(what.joined(separator: ", ") + " of '\(wb.name)'") }
        }
        return out
    }
}
