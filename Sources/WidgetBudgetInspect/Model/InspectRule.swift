/// The rules of `widgetbudget inspect`. The raw values are part of the interface (Xcode lines, JSON);
/// docs/inspect.md gives each one's source in OBSERVED.md.
public enum InspectRule: String, Sendable, Codable, CaseIterable {
    /// `.after(d)` with d under 5 minutes (OBSERVED #8, #19).
    case afterUnder5Minutes = "after-under-5-minutes"
    /// The policy alone needs more reloads a day than the highest budget, 70 (OBSERVED #1).
    case budgetRunsOut = "budget-runs-out"
    /// The policy alone needs more reloads a day than the lowest budget, 40 (OBSERVED #1).
    case budgetMayRunOut = "budget-may-run-out"
    /// A timeline that can hold more than 400 entries (OBSERVED #10).
    case entriesOverLimit = "entries-over-limit"
    /// Entries under 2 s apart (OBSERVED #10).
    case entriesCloserThan2s = "entries-closer-than-2s"
    /// A reload call inside a loop or `forEach`: each call is charged (OBSERVED #17).
    case reloadInLoop = "reload-in-loop"
    /// A reload call in a push, background-fetch, background-task or location handler (OBSERVED #13, #14).
    case backgroundReload = "background-reload"
    /// A reload in a `didSet`, `onChange`, notification or subscription handler with no throttle (OBSERVED #17).
    case reloadOnEveryChange = "reload-on-every-change"
    /// Entries a minute or less apart that a self-updating view could replace (OBSERVED #6).
    case selfUpdatingCandidate = "self-updating-candidate"
    /// A value the analysis could not resolve, and what it assumed.
    case unresolved
    /// Input not analysed, or analysed with a caveat: too large, generated, syntax errors, macros, `#if`.
    case notAnalyzed = "not-analyzed"

    /// The severity the rule is reported with.
    public var severity: Severity {
        switch self {
        case .afterUnder5Minutes, .budgetRunsOut, .entriesCloserThan2s, .reloadInLoop, .reloadOnEveryChange: .warning
        case .entriesOverLimit: .error
        case .budgetMayRunOut, .backgroundReload, .selfUpdatingCandidate, .unresolved, .notAnalyzed: .note
        }
    }
}
