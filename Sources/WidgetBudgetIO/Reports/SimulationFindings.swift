import WidgetBudgetKit

/// Plain-words findings about a simulation: what an iOS developer should notice first.
public enum SimulationFindings {
    /// One line per notable fact, per widget: budget exhaustion, memory kills, staleness at views.
    public static func lines(for result: SimulationResult) -> [String] {
        var lines: [String] = []
        let scenario = result.scenario
        let clock = result.calendar.clock
        for (w, widget) in scenario.widgets.enumerated() {
            let days = result.runs.flatMap { $0[w].days }
            let total = days.count
            let exhausted = days.filter(\.wasExhausted)
            if let earliest = days.compactMap(\.exhaustedAt).min(by: { clock.secondsOfDay($0) < clock.secondsOfDay($1) }) {
                let latest = days.compactMap(\.exhaustedAt).max(by: { clock.secondsOfDay($0) < clock.secondsOfDay($1) })!
                let span = clock.clockString(earliest) == clock.clockString(latest)
                    ? "at \(clock.clockString(earliest))" : "between \(clock.clockString(earliest)) and \(clock.clockString(latest))"
                let waited = exhausted.reduce(0) { $0 + $1.exhaustedSeconds } / Double(max(1, exhausted.count))
                lines.append("\(widget.name): the budget ran out on \(exhausted.count) of \(total) days, \(span); "
                             + "reloads then waited \(NumberFormat.humanDuration(waited)) a day on average")
            } else if !exhausted.isEmpty {
                lines.append("\(widget.name): reloads waited for budget on \(exhausted.count) of \(total) days")
            }
            let kills = days.reduce(0) { $0 + $1.kills }
            if kills > 0 {
                let peak = days.map(\.peakMemoryMB).max() ?? 0
                let fit = scenario.memory.maxEntries
                lines.append("\(widget.name): the extension was killed \(kills) times: its timeline needs "
                             + "\(NumberFormat.fixed(peak, 1)) MB, over the \(NumberFormat.fixed(scenario.memory.limitMB, 0)) MB limit"
                             + (fit < Int.max ? "; at most \(fit) entries fit" : ""))
            }
            let views = days.reduce(0) { $0 + $1.views }
            if views > 0 {
                let stale = views - days.reduce(0) { $0 + $1.freshViews }
                if stale * 10 >= views {
                    lines.append("\(widget.name): \(stale) of \(views) views (\(NumberFormat.fixed(Double(stale) / Double(views) * 100, 0))%) saw stale content")
                }
            }
        }
        return lines
    }
}
