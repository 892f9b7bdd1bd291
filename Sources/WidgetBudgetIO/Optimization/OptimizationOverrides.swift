/// Command-line values that replace those of a scenario's `optimize:` section, as typed: lists
/// are comma-separated (`--spacing 30s,1m`, `--entries 1...240`, `--policy at-end,after:1h`), and
/// each `--windows` value is one window list (`07:00-23:00`, several joined by `;`, or `all-day`);
/// a schedule is `--schedule-segments 07:00-09:00,09:00-07:00 --schedule-after 10m,1h,never`.
public struct OptimizationOverrides: Sendable, Equatable {
    /// `--widget`.
    public var widget: String?
    /// `--objective`.
    public var objective: String?
    /// `--budget`: the budgets judged (and the scenario's own budget).
    public var budgets: String?
    /// `--spacing`.
    public var spacing: String?
    /// `--entries`.
    public var entries: String?
    /// `--align`.
    public var align: String?
    /// `--policy`.
    public var policy: String?
    /// `--windows`, once per window list.
    public var windows: [String]?
    /// `--replications`.
    public var replications: Int?
    /// `--method`.
    public var method: String?
    /// `--max-evaluations`.
    public var maxEvaluations: Int?
    /// `--schedule-segments`: the segments of a time-of-day schedule, comma-separated.
    public var scheduleSegments: String?
    /// `--schedule-after`: the intervals a segment may use, comma-separated (`never` allowed).
    public var scheduleAfter: String?

    /// No overrides.
    public init(
        widget: String? = nil, objective: String? = nil, budgets: String? = nil, spacing: String? = nil,
        entries: String? = nil, align: String? = nil, policy: String? = nil, windows: [String]? = nil,
        replications: Int? = nil, method: String? = nil, maxEvaluations: Int? = nil, scheduleSegments: String? = nil,
        scheduleAfter: String? = nil
    ) {
        self.scheduleSegments = scheduleSegments
        self.scheduleAfter = scheduleAfter
        self.widget = widget
        self.objective = objective
        self.budgets = budgets
        self.spacing = spacing
        self.entries = entries
        self.align = align
        self.policy = policy
        self.windows = windows
        self.replications = replications
        self.method = method
        self.maxEvaluations = maxEvaluations
    }
}

/// A bad command-line value for `optimize`: one line naming the option.
public struct OptimizeOptionError: Error, CustomStringConvertible, Sendable {
    /// The option, e.g. `--objective`.
    public var option: String
    /// What is wrong.
    public var message: String
    /// How to fix it, when guessable.
    public var hint: String?

    /// `--option: message (hint)`.
    public var description: String {
        "\(option): \(message)" + (hint.map { " (\($0))" } ?? "")
    }
}
