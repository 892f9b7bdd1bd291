import WidgetBudgetKit

/// Whether a widget's freshness can be judged, and the words for when it cannot: a widget whose
/// scenario gives no `content` never goes stale, so its "fresh 100 %" measures nothing (issue #28;
/// `analyze` says the same of a log without `change` rows).
enum FreshnessJudgement {
    /// What the tables print in the freshness and age columns of a widget without content.
    static let notJudged = "n/a"

    /// The finding that leads such a widget's findings.
    static let finding =
        "Freshness cannot be judged: the scenario gives this widget no `content`, so nothing ever makes it stale and "
        + "every policy looks 100% fresh. Add `content:` (how often what it shows changes; docs/scenario-format.md) "
        + "or measure it with `analyze` on a device log with `change` rows."

    /// True unless the widget named `widget` in `scenario` has no content.
    static func isJudged(_ widget: String, in scenario: Scenario) -> Bool {
        scenario.widgets.first { $0.name == widget }?.hasContent ?? true
    }
}
