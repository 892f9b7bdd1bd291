import WidgetBudgetKit

/// Figure 6, for `widgetbudget compare`: the scenarios' metrics side by side (one panel of bars per
/// metric, whiskers the 95 % confidence interval), and their age curves over one day overlaid.
public enum ComparisonPlots {
    /// The figures for every compared widget; `ageDay` is 0-based.
    public static func specs(_ c: ScenarioComparison, ageDay: Int) -> [PlotSpec] {
        let slugs = GnuplotText.uniqueSlugs(c.widgets.map(\.label), fallbackPrefix: "widget-")
        // Each scenario's stretches on the shown day, replication 1 (a run again for those that
        // kept another day, once per scenario).
        let stretches = c.results.map { result in
            DayStretches.of(result, replication: 0, day: min(ageDay, result.calendar.days - 1), events: ScenarioComparison.events)
        }
        var specs: [PlotSpec] = []
        for (k, widget) in c.widgets.enumerated() {
            let suffix = c.widgets.count == 1 ? "" : "-" + slugs[k]
            specs.append(metrics(c, widget: widget, name: "compare-metrics" + suffix))
            let shown = c.results.indices.map { i in stretches[i][widget.indices[i]] }
            specs.append(ages(c, widget: widget, day: ageDay, stretches: shown, name: "compare-age" + suffix))
        }
        return specs
    }

    /// The least fresh day (0-based) of replication 1, the least fresh scenario and widget counting
    /// on each day; among equally fresh days the first after day 1 (see
    /// ``ScenarioPlotInput/worstDay(of:)``).
    public static func defaultDay(_ c: ScenarioComparison) -> Int {
        let days = c.results[0].calendar.days
        // Each run's days read once, in order (by index, a stored list is one read a day).
        let runs = c.results.indices.map { i in c.widgets.map { c.results[i].runs[0][$0.indices[i]].days.map(\.freshness) } }
        func freshness(_ day: Int) -> Double {
            var lowest = Double.infinity
            for (i, result) in c.results.enumerated() where day < result.calendar.days {
                for widget in runs[i] { lowest = min(lowest, widget[day]) }
            }
            return lowest
        }
        return ScenarioPlotInput.leastFresh(days: days, freshness: freshness)
    }

    /// A panel: a metric, how its values are scaled for display, its title.
    private struct Panel {
        var metric: ComparisonMetric
        var scale: Double
        var title: String
    }

    static func metrics(_ c: ScenarioComparison, widget: ScenarioComparison.Widget, name: String) -> PlotSpec {
        let rows = c.rows.filter { $0.widget == widget.label }
        func row(_ m: ComparisonMetric) -> ScenarioComparison.Row? { rows.first { $0.metric == m } }
        func ageUnit(_ m: ComparisonMetric) -> (Double, String) {
            let top = row(m)?.values.compactMap { $0 }.max() ?? 0
            let unit = PlotScale.durationUnit(forMaximum: top)
            return (1 / unit.divisor, unit.name)
        }
        var panels = [Panel(metric: .freshness, scale: 100, title: "fresh (% of the time)\\nhigher is better")]
        if row(.viewFreshness) != nil {
            panels.append(Panel(metric: .viewFreshness, scale: 100, title: "views that saw fresh content (%)\\nhigher is better"))
        }
        let mean = ageUnit(.meanAge), p95 = ageUnit(.p95Age)
        panels.append(Panel(metric: .meanAge, scale: mean.0, title: "mean age (\(mean.1))\\nlower is better"))
        panels.append(Panel(metric: .p95Age, scale: p95.0, title: "95th-percentile age (\(p95.1))\\nlower is better"))
        panels.append(Panel(metric: .chargedPerDay, scale: 1, title: "charged reloads per day\\nlower is better"))
        panels.append(Panel(metric: .exhaustedDays, scale: 100, title: "days out of budget (%)\\nlower is better"))
        panels.append(Panel(metric: .peakMemory, scale: 1, title: "peak memory (MB)\\nlower is better"))

        var data: [[String]] = []
        for (p, panel) in panels.enumerated() {
            guard let r = row(panel.metric) else { continue }
            for (i, value) in r.values.enumerated() {
                guard let value else { continue }
                data.append([
                    String(p + 1), String(i + 1), PlotScale.number(value * panel.scale),
                    PlotScale.number((r.halfWidths[i] ?? 0) * panel.scale),
                    String(Int(PlotStyle.color(i).dropFirst(), radix: 16)!), ScenarioComparison.letter(i), c.scenarios[i].name,
                ])
            }
        }
        let file = PlotSpec.DataFile(
            name: name + ".csv", header: ["panel", "x", "value", "ci95", "color", "letter", "scenario"], rows: data)
        let columns = 4
        let layoutRows = (panels.count + 1 + columns - 1) / columns
        var script = GnuplotScript(
            name: name, width: 1200, height: 300 * layoutRows + 40, purpose: "Scenarios' metrics side by side, one panel per metric.",
            dataFiles: [file.name])
        let n = c.scenarios.count
        let replications = c.scenarios[0].replications
        let over = replications == 1 ? "replication 1" : "mean over \(replications) replications, whiskers: 95 % confidence interval"
        script.add(
            "set multiplot layout \(layoutRows),\(columns) title " + GnuplotText.quoted("\(widget.label): scenarios compared (\(over))")
                + " noenhanced")
        script.add("set xrange [0.4:\(PlotScale.number(Double(n) + 0.6))]")
        script.add("set xtics (" + (0..<n).map { "\"\(ScenarioComparison.letter($0))\" \($0 + 1)" }.joined(separator: ", ") + ")")
        script.add("set xtics nomirror")
        script.add("set ytics nomirror")
        script.add("set grid noxtics ytics")
        script.add("set boxwidth 0.7")
        script.add("set style fill solid 0.85 noborder")
        script.add("unset key")
        for (p, panel) in panels.enumerated() {
            let values = row(panel.metric)?.values.compactMap { $0 } ?? []
            let highs = row(panel.metric).map { r in zip(r.values, r.halfWidths).compactMap { v, h in v.map { $0 + (h ?? 0) } } } ?? []
            var top = (highs.max() ?? values.max() ?? 0) * panel.scale
            if panel.scale == 100 { top = max(top, 1) * 1.12 } else { top *= 1.15 }
            if panel.metric == .chargedPerDay { top = max(top, Double(PlotStyle.typicalBudget.upperBound) * 1.1) }
            if panel.metric == .peakMemory { top = max(top, c.scenarios[0].memory.limitMB * 1.12) }
            // A top the script's six decimals write as 0 (every scenario's value 0, such as a 95th-
            // percentile age of 0 s) is an empty range, which gnuplot refuses: the whole figure failed.
            if !(top >= 1e-6) || !top.isFinite { top = 1 }
            script.add("set title \"\(panel.title)\"")
            script.add("set yrange [0:\(PlotScale.number(top))]")
            script.add("unset object 1")
            script.add("unset arrow 1")
            if panel.metric == .chargedPerDay {
                script.add(
                    "set object 1 rectangle from graph 0, first \(PlotStyle.typicalBudget.lowerBound) to graph 1, first "
                        + "\(PlotStyle.typicalBudget.upperBound) behind fc rgb '\(PlotStyle.budgetBand)' fs transparent solid 0.15 noborder"
                )
            }
            if panel.metric == .peakMemory {
                let limit = PlotScale.number(c.scenarios[0].memory.limitMB)
                script.add(
                    "set arrow 1 from graph 0, first \(limit) to graph 1, first \(limit) nohead dt 2 lw 1.5 lc rgb '\(PlotStyle.exhausted)'"
                )
            }
            let pick = "(column(\"panel\")==\(p + 1) ? column(\"value\") : NaN)"
            let whisker = "(column(\"panel\")==\(p + 1) && column(\"ci95\") > 0 ? column(\"value\")-column(\"ci95\") : NaN)"
            var series = ["'\(file.name)' using \"x\":\(pick):\"color\" with boxes lc rgb variable notitle"]
            if replications > 1 {
                series.append(
                    "'\(file.name)' using \"x\":\(whisker):(0):(2*column(\"ci95\")) "
                        + "with vectors heads size screen 0.012,90 lw 1.2 lc rgb '#222222' notitle")
            }
            script.plot(series)
        }
        // The last cell holds the legend: which scenario each letter is.
        script.add("unset object 1")
        script.add("unset arrow 1")
        script.add("unset title")
        script.add("unset border")
        script.add("unset tics")
        script.add("unset grid")
        script.add("set xrange [0:1]")
        script.add("set yrange [0:1]")
        script.add("set key center center vertical Left reverse samplen 1.5 spacing 1.4 noopaque nobox")
        var legend = ["-1 with lines notitle"]
        for (i, s) in c.scenarios.enumerated() {
            legend.append(
                "keyentry with boxes fc rgb '\(PlotStyle.color(i))' fs solid 0.85 title "
                    + GnuplotText.quoted("\(ScenarioComparison.letter(i)): \(s.name)"))
        }
        if c.scenarios[0].memory.limitMB > 0 {
            legend.append("keyentry with lines dt 2 lw 1.5 lc rgb '\(PlotStyle.exhausted)' title 'memory limit'")
        }
        legend.append(
            "keyentry with boxes fc rgb '\(PlotStyle.budgetBand)' fs transparent solid 0.15 noborder "
                + "title 'typical budget \(PlotStyle.typicalBudget.lowerBound)–\(PlotStyle.typicalBudget.upperBound)/day'")
        script.plot(legend)
        script.add("unset multiplot")
        return PlotSpec(
            kind: .compareMetrics, caption: "\(widget.label): the scenarios' metrics side by side (\(over)).", widget: widget.label,
            script: script, data: [file])
    }

    /// The age curves of `widget` on day `day`, from each scenario's stretches of that day.
    static func ages(
        _ c: ScenarioComparison, widget: ScenarioComparison.Widget, day: Int, stretches: [[AgeSegment]], name: String
    ) -> PlotSpec {
        let calendar = c.results[0].calendar
        let clock = calendar.clock
        let d = min(day, calendar.days - 1)
        var curves: [[AgeCurve.Point]] = []
        var files: [PlotSpec.DataFile] = []
        for (i, result) in c.results.enumerated() {
            let cal = result.calendar
            let from = cal.dayStarts[min(d, cal.days - 1)], to = cal.dayStarts[min(d, cal.days - 1) + 1]
            let curve = AgeCurve.points(stretches[i], from: from, to: to)
            curves.append(curve)
            files.append(
                PlotSpec.DataFile(
                    name: "\(name)-\(ScenarioComparison.letter(i).lowercased()).csv", header: ["time_s", "local_time", "hours", "age_s"],
                    rows: curve.map { p in
                        [
                            NumberFormat.fixed(p.time, 3), cal.clock.dateTimeString(p.time), ScenarioPlotInput.hours(p.time, from: from),
                            NumberFormat.fixed(p.age, 3),
                        ]
                    }))
        }
        let maxAge = curves.flatMap { $0.map(\.age) }.max() ?? 0
        let unit = PlotScale.durationUnit(forMaximum: maxAge)
        let top = max(maxAge / unit.divisor, unit.minimumTop) * 1.08
        let from = calendar.dayStarts[d], to = calendar.dayStarts[d + 1]
        var script = GnuplotScript(
            name: name, height: 500, purpose: "The scenarios' age curves over one day, overlaid.", dataFiles: files.map(\.name))
        // Each curve runs over its own scenario's local day: name every zone when they differ.
        let zones = c.results.map { TimeAxis.zoneName($0.calendar.clock.timeZoneIdentifier) }
        let zone =
            Set(zones).count == 1
            ? zones[0] : zones.enumerated().map { "\(ScenarioComparison.letter($0.offset)): \($0.element)" }.joined(separator: ", ")
        let dayText = "\(TimeAxis.dateLabel(from, clock)), day \(d + 1) of \(calendar.days), replication 1"
        script.title("\(widget.label): age of the displayed content, \(dayText)")
        script.add("set xlabel " + GnuplotText.quoted("local time (\(zone))") + " noenhanced")
        script.add("set ylabel 'age of what the widget shows (\(unit.name))'")
        script.add("set xrange [0:\(PlotScale.number((to - from) / Seconds.hour))]")
        script.add("set yrange [0:\(PlotScale.number(top))]")
        script.add(TimeAxis.command(TimeAxis.ticks(from: from, to: to, origin: from, clock: clock)))
        script.add("set ytics 0,\(PlotScale.number(PlotScale.niceStep(top))) nomirror")
        script.add("set key below center horizontal nobox noopaque height 1 samplen 3")
        let age = "(column(\"age_s\")/\(PlotScale.number(unit.divisor)))"
        script.plot(
            files.enumerated().map { i, file in
                "'\(file.name)' using \"hours\":\(age) with lines lw 2 dt \(i % 5 + 1) lc rgb '\(PlotStyle.color(i))' title "
                    + GnuplotText.quoted("\(ScenarioComparison.letter(i)): \(c.scenarios[i].name)")
            })
        return PlotSpec(
            kind: .compareAge, caption: "\(widget.label): age of the displayed content on \(dayText), every scenario overlaid.",
            widget: widget.label, script: script, data: files)
    }
}
