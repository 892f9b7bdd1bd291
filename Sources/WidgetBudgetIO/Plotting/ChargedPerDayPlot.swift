import WidgetBudgetKit

/// Figure 3: charged reloads per day of every widget, as bars (mean over replications, whiskers
/// from the lowest to the highest replication) against the typical 40–70 budget band and the
/// scenario's own budget.
enum ChargedPerDayPlot {
    /// The figure for the scenario's first days.
    static func spec(_ input: ScenarioPlotInput) -> PlotSpec {
        let result = input.result
        let calendar = result.calendar
        let clock = calendar.clock
        let scenario = result.scenario
        let days = min(calendar.days, ScenarioPlotInput.chargedDays)
        let widgets = scenario.widgets.count
        let name = "charged-per-day"
        var rows: [[String]] = []
        var highest = 0
        var spread = false
        // The first `days` days of each run (widget, then replication), read in order: by index, a
        // stored list is one read a day.
        let first = (0..<widgets).map { w in
            result.runs.map { run in Array(zip(0..<days, run[w].days).lazy.map { ($1.charged, $1.budget) }) }
        }
        for d in 0..<days {
            let date = DayLabel.iso(calendar.dayStarts[d], clock: clock)
            for w in 0..<widgets {
                let charged = first[w].map { $0[d].0 }
                let budgets = first[w].map { $0[d].1 }
                highest = max(highest, charged.max() ?? 0)
                if charged.min() != charged.max() { spread = true }
                let mean = Double(charged.reduce(0, +)) / Double(max(1, charged.count))
                rows.append([
                    String(d + 1), date, String(w + 1), NumberFormat.fixed(mean, 3), String(charged.min() ?? 0), String(charged.max() ?? 0),
                    String(budgets.min() ?? 0), String(budgets.max() ?? 0), scenario.widgets[w].name,
                ])
            }
        }
        let file = PlotSpec.DataFile(
            name: name + ".csv",
            header: ["day", "date", "widget_index", "charged_mean", "charged_min", "charged_max", "budget_min", "budget_max", "widget"],
            rows: rows)

        let band = PlotStyle.typicalBudget
        let top = Double(max(highest, band.upperBound, scenario.budget.dailyMax)) * 1.15
        var script = GnuplotScript(
            name: name, height: 480, purpose: "Charged reloads per day of every widget against the daily budget.", dataFiles: [file.name])
        let replications = scenario.replications
        let over =
            replications == 1 ? "replication 1" : "mean over \(replications) replications" + (spread ? ", whiskers: lowest to highest" : "")
        let span = days == calendar.days ? "" : ", first \(days) of \(calendar.days) days"
        script.title("\(scenario.name): charged reloads per day (\(over)\(span))")
        script.add("set xlabel " + GnuplotText.quoted("day (local date, \(input.timeZoneName))") + " noenhanced")
        script.add("set ylabel 'charged reloads per day'")
        script.add("set xrange [0.4:\(PlotScale.number(Double(days) + 0.6))]")
        script.add("set yrange [0:\(PlotScale.number(top))]")
        // Up to 10 days each is labelled `Mon 5 Jan`; more get shorter labels (`5 Jan`), at most 12.
        let every = days <= 10 ? 1 : max(1, Int((Double(days) / 12).rounded(.up)))
        let ticks = (0..<days).map { d in
            let full = TimeAxis.dayLabel(calendar.dayStarts[d], clock)
            let label = d % every != 0 ? "" : days <= 10 ? full : String(full.drop { $0 != " " }.dropFirst())
            return "\"\(label)\" \(d + 1)" + (label.isEmpty ? " 1" : "")
        }
        script.add("set xtics (" + ticks.joined(separator: ", ") + ")")
        script.add("set ytics 0,\(PlotScale.number(PlotScale.niceStep(top))) nomirror")
        script.add("set grid noxtics ytics")
        script.add(PlotStyle.keyBelow)
        script.add(
            "set object 1 rectangle from graph 0, first \(band.lowerBound) to graph 1, first \(band.upperBound) behind "
                + "fc rgb '\(PlotStyle.budgetBand)' fs transparent solid 0.15 noborder")
        let width = 0.8 / Double(widgets)
        script.add("set boxwidth \(PlotScale.number(width * 0.9))")
        var series = [
            "NaN with boxes fc rgb '\(PlotStyle.budgetBand)' fs transparent solid 0.15 noborder title 'typical budget \(band.lowerBound)–\(band.upperBound)/day'"
        ]
        if scenario.budget.dailyMin == scenario.budget.dailyMax {
            series.append(
                "\(scenario.budget.dailyMin) with lines dt 2 lw 1.5 lc rgb '#555555' title 'this scenario: B = \(scenario.budget.dailyMin)/day'"
            )
        } else {
            series.append(
                "\(scenario.budget.dailyMin) with lines dt 2 lw 1.5 lc rgb '#555555' title 'this scenario: B from \(scenario.budget.dailyDescription)'"
            )
            series.append("\(scenario.budget.dailyMax) with lines dt 2 lw 1.5 lc rgb '#555555' notitle")
        }
        for w in 0..<widgets {
            let offset = PlotScale.number((Double(w) - Double(widgets - 1) / 2) * width)
            let x = "(column(\"day\")+(\(offset)))"
            let pick = "(column(\"widget_index\")==\(w + 1) ? column(\"charged_mean\") : NaN)"
            series.append(
                "'\(file.name)' using \(x):\(pick) with boxes fc rgb '\(PlotStyle.color(w))' fs solid 0.75 noborder title "
                    + GnuplotText.quoted(scenario.widgets[w].name))
            if spread {
                let low =
                    "(column(\"widget_index\")==\(w + 1) && column(\"charged_max\") > column(\"charged_min\") ? column(\"charged_min\") : NaN)"
                series.append(
                    "'\(file.name)' using \(x):\(low):(0):(column(\"charged_max\")-column(\"charged_min\")) "
                        + "with vectors heads size screen 0.008,90 lw 1 lc rgb '#333333' "
                        + (w == 0 ? "title 'lowest–highest replication'" : "notitle"))
            }
        }
        script.plot(series)
        return PlotSpec(
            kind: .chargedPerDay, caption: "Charged reloads per day against the budget (\(over)\(span)).", script: script, data: [file])
    }
}
