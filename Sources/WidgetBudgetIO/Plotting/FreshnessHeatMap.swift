import WidgetBudgetKit

/// Figure 4: a day-by-hour heat map of one widget's freshness: each cell is the share of that
/// local hour the display was fresh, over all replications.
enum FreshnessHeatMap {
    /// The figure for widget `w` over the scenario's first days.
    static func spec(_ input: ScenarioPlotInput, widget w: Int) -> PlotSpec {
        let result = input.result
        let calendar = result.calendar
        let clock = calendar.clock
        let days = min(calendar.days, ScenarioPlotInput.heatMapDays)
        let widget = input.widgetName(w)
        let name = "freshness-" + input.slugs[w]
        let cells = HourlyFreshness.cells(runs: result.runs.map { $0[w] }, calendar: calendar, days: days)
        let file = PlotSpec.DataFile(
            name: name + ".csv", header: ["day", "date", "hour", "fresh_percent"],
            rows: cells.map { c in
                [
                    String(c.day + 1), DayLabel.iso(calendar.dayStarts[c.day], clock: clock), String(c.hour),
                    NumberFormat.fixed(c.freshness * 100, 2),
                ]
            })
        let height = min(1200, max(320, 150 + days * 28))
        var script = GnuplotScript(
            name: name, height: height, purpose: "Share of each hour of each day the widget's display was fresh.", dataFiles: [file.name])
        let replications = result.scenario.replications
        let over = replications == 1 ? "" : ", mean over \(replications) replications"
        let span = days == calendar.days ? "" : ", first \(days) of \(calendar.days) days"
        script.title(input.title(widget: w, "share of each hour the display was fresh\(over)\(span)"))
        script.add("set xlabel " + GnuplotText.quoted("local time (\(input.timeZoneName))") + " noenhanced")
        script.add("set ylabel 'day'")
        script.add("set xrange [0:24]")
        script.add("set yrange [\(PlotScale.number(Double(days) + 0.5)):0.5]")
        script.add(
            "set xtics (" + stride(from: 0, through: 24, by: 3).map { "\"\($0 < 10 ? "0" : "")\($0):00\" \($0)" }.joined(separator: ", ")
                + ")")
        let every = max(1, Int((Double(days) / 31).rounded(.up)))
        script.add(
            "set ytics ("
                + (0..<days).filter { $0 % every == 0 }.map { "\"\(TimeAxis.dayLabel(calendar.dayStarts[$0], clock))\" \($0 + 1)" }
                .joined(separator: ", ") + ")")
        script.add("set grid noxtics noytics")
        script.add("unset key")
        script.add(PlotStyle.freshnessPalette)
        script.add("set cbrange [0:100]")
        script.add("set cbtics 0,25,100")
        script.add("set cblabel '% of the hour the display was fresh'")
        script.plot([
            "'\(file.name)' using (column(\"hour\")+0.5):\"day\":\"hour\":(column(\"hour\")+1):(column(\"day\")-0.5):(column(\"day\")+0.5):\"fresh_percent\" "
                + "with boxxyerror fs solid 1.0 noborder fc palette notitle"
        ])
        return PlotSpec(
            kind: .freshness, caption: "\(widget): share of each hour the display was fresh, by day and local hour\(over)\(span).",
            widget: widget, script: script, data: [file])
    }
}
