import WidgetBudgetKit

/// Plain-language findings about each widget of a simulated scenario, for the report pages: when
/// the budget runs out, how fresh the widget is, whether the extension is killed, and every other
/// cause of staleness the scenario has (rejected timelines, low-power windows, delays).
public enum ScenarioHighlights {
    /// One list of sentences per widget, in scenario order (plain text).
    public static func lines(_ result: SimulationResult) -> [[String]] {
        let summaries = result.summaries
        let clock = result.calendar.clock
        return result.scenario.widgets.indices.map { w in
            let s = summaries[w]
            var lines: [String] = []
            // Read in place, in one pass: a joined copy of every replication's days was the peak
            // of a long `simulate`, and a lazy filter's count read each stored day on its own
            // (issue #26).
            let days = DaysOutOfBudget(result.runs.map { $0[w] })
            let exhausted = days.exhaustedAt
            if exhausted.isEmpty && s.exhaustedDayFraction == 0 {
                lines.append(
                    "The budget never ran out: \(NumberFormat.fixed(s.chargedPerDay, 1)) charged reloads a day against "
                        + "B = \(result.scenario.budget.dailyDescription).")
            } else {
                let replications = result.scenario.replications
                var text =
                    "The budget ran out on \(NumberFormat.fixed(s.exhaustedDayFraction * 100, 0))% of days ("
                    + "\(days.out) of \(days.all)" + (replications > 1 ? " over \(replications) replications)" : ")")
                if !exhausted.isEmpty {
                    let times = exhausted.map { clock.secondsOfDay($0) }.sorted()
                    let median = times[(times.count - 1) / 2]
                    text += ", typically at \(LocalTime.clockString(median)) (median; earliest \(LocalTime.clockString(times[0])))"
                }
                text += "; a reload then waited \(NumberFormat.humanDuration(s.exhaustedMinutesPerDay * 60)) a day on average."
                lines.append(text)
            }
            if result.scenario.widgets[w].hasContent {
                lines.append(freshnessLine(s))
                if let views = s.viewFreshness {
                    lines.append("The user saw fresh content in \(NumberFormat.fixed(views * 100, 1))% of their views.")
                }
            } else {
                lines.insert(FreshnessJudgement.finding, at: 0)
            }
            let limit = result.scenario.memory.limitMB
            if s.kills > 0 {
                var text =
                    "The extension was killed \(s.kills) time\(s.kills == 1 ? "" : "s") for memory "
                    + "(peak \(NumberFormat.fixed(s.peakMemoryMB, 1)) MB against a \(NumberFormat.fixed(limit, 0)) MB limit)"
                if s.rendersPerDay == 0 { text += ": the widget never showed an entry" }
                let fit = result.scenario.memory.maxEntries
                if fit < Int.max { text += "; at most \(fit) entries fit under the limit" }
                lines.append(text + ".")
            } else if s.peakMemoryMB > 0.8 * limit {
                lines.append(
                    "Peak memory \(NumberFormat.fixed(s.peakMemoryMB, 1)) MB is close to the \(NumberFormat.fixed(limit, 0)) MB limit.")
            }
            return lines + predictableLines(result.scenario.widgets[w]) + otherCauses(result, s)
        }
    }

    /// `Fresh 24.4% of the time; mean age 6.9h, 95th percentile 17.0h, longest 18.1h.`
    private static func freshnessLine(_ s: WidgetSummary) -> String {
        var fresh = "Fresh \(NumberFormat.fixed(s.freshness * 100, 1))% of the time"
        if s.freshness < 1 {
            fresh +=
                "; mean age \(NumberFormat.humanDuration(s.meanAge)), 95th percentile \(NumberFormat.humanDuration(s.p95Age)), "
                + "longest \(NumberFormat.humanDuration(s.maxAge))"
        }
        return fresh + "."
    }
}

extension ScenarioHighlights {
    /// The next step when the budget ran out on some day of some widget: `optimize` searches
    /// spacings and policies for one that fits, with or without an `optimize:` section (the
    /// section only narrows or widens the search); `nil` when every widget kept within its budget.
    public static func optimizeHint(_ result: SimulationResult, file: String) -> String? {
        let ranOut = result.runs.contains { run in run.contains { $0.days.contains(where: \.wasExhausted) } }
        guard ranOut else { return nil }
        return "The budget ran out: `widgetbudget optimize \(file)` searches entry spacings and reload policies for one that "
            + "fits (no `optimize:` section needed; docs/optimizer.md)."
    }
}
