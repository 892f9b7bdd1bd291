import WidgetBudgetKit

/// Figure 1: one widget's reload budget left over time (a step line), with the stretches when a
/// reload waited for budget shaded and the time each began written above it.
enum BudgetPlot {
    /// The figure for widget `w` (the worst replication, the first days), or `nil` without reload events.
    static func spec(_ input: ScenarioPlotInput, widget w: Int) -> PlotSpec? {
        guard let reloads = input.reloads[w] else { return nil }
        let result = input.result
        let calendar = result.calendar
        let clock = calendar.clock
        let days = min(calendar.days, ScenarioPlotInput.budgetDays)
        let until = min(calendar.dayStarts[days], reloads.until)
        let run = input.runs[w]
        let daily = run.days.first?.budget ?? result.scenario.budget.dailyMin
        let model = result.scenario.budget.model
        let trajectory = BudgetTrajectory(
            charges: reloads.charges, waits: reloads.waits, model: model, daily: daily, clock: clock, until: until)
        let name = "budget-" + input.slugs[w]
        let widget = input.widgetName(w)

        let points = PlotSpec.DataFile(
            name: name + ".csv", header: ["time_s", "local_time", "hours", "budget_left"],
            rows: trajectory.steps.map { step in
                [
                    NumberFormat.fixed(step.time, 3), clock.dateTimeString(step.time), ScenarioPlotInput.hours(step.time, from: 0),
                    String(step.left),
                ]
            })
        var data = [points]
        let waitingName = name + "-waiting.csv"
        if !trajectory.waiting.isEmpty {
            data.append(
                PlotSpec.DataFile(
                    name: waitingName, header: ["start_s", "end_s", "start_local", "end_local", "start_hours", "end_hours"],
                    rows: trajectory.waiting.map { r in
                        [
                            NumberFormat.fixed(r.lowerBound, 3), NumberFormat.fixed(r.upperBound, 3), clock.dateTimeString(r.lowerBound),
                            clock.dateTimeString(r.upperBound), ScenarioPlotInput.hours(r.lowerBound, from: 0),
                            ScenarioPlotInput.hours(r.upperBound, from: 0),
                        ]
                    }))
        }

        let top = Double(max(daily, 1)) * 1.14
        var script = GnuplotScript(
            name: name, height: 480, purpose: "Reload budget left over time for one widget, \(input.replicationText).",
            dataFiles: data.map(\.name))
        let span = days == calendar.days ? "" : ", first \(days) of \(calendar.days) days"
        let budgetText =
            result.scenario.budget.dailyMin == result.scenario.budget.dailyMax
            ? "B = \(daily)/day" : "B = \(daily)/day drawn from \(result.scenario.budget.dailyDescription)"
        script.title(input.title(widget: w, "reload budget left (\(input.replicationText)\(span))"))
        script.add("set xlabel " + GnuplotText.quoted("local time (\(input.timeZoneName))") + " noenhanced")
        script.add("set ylabel 'charged reloads left in the budget'")
        script.add("set xrange [0:\(PlotScale.number(until / Seconds.hour))]")
        script.add("set yrange [0:\(PlotScale.number(top))]")
        script.add(TimeAxis.command(TimeAxis.ticks(from: 0, to: until, origin: 0, clock: clock)))
        script.add("set ytics 0,\(PlotScale.number(PlotScale.niceStep(Double(daily)))) nomirror")
        script.add(PlotStyle.keyBelow)
        // Write when each day's budget first ran out, above the stretch (long stretches only).
        var labelledDays: Set<Int> = []
        for r in trajectory.waiting where r.upperBound - r.lowerBound >= 30 * Seconds.minute {
            let day = calendar.day(of: r.lowerBound)
            guard labelledDays.insert(day).inserted else { continue }
            script.add(
                "set label \(labelledDays.count) '\(TimeAxis.hhmm(r.lowerBound, clock))' at \(PlotScale.number(r.lowerBound / Seconds.hour)),"
                    + "\(PlotScale.number(Double(daily) * 1.07)) left offset 0.3,0 textcolor rgb '\(PlotStyle.exhausted)' font ',10'")
        }
        var series: [String] = []
        if !trajectory.waiting.isEmpty {
            series.append(
                "'\(waitingName)' using ((column(\"start_hours\")+column(\"end_hours\"))/2):(\(PlotScale.number(top / 2))):"
                    + "\"start_hours\":\"end_hours\":(0):(\(PlotScale.number(top))) with boxxyerror fc rgb '\(PlotStyle.exhausted)' "
                    + "fs transparent solid 0.18 noborder title 'out of budget: a reload is waiting'")
        }
        series.append(
            "'\(points.name)' using \"hours\":\"budget_left\" with steps lw 2 lc rgb '\(PlotStyle.color(0))' title 'reloads left'")
        series.append(
            "\(daily) with lines dt 2 lw 1.5 lc rgb '#555555' title " + GnuplotText.quoted("daily budget \(budgetText) (\(model.rawValue))")
        )
        script.plot(series)

        let ranOut =
            trajectory.waiting.isEmpty
            ? "never ran out" : "ran out \(trajectory.waiting.count) time\(trajectory.waiting.count == 1 ? "" : "s")"
        return PlotSpec(
            kind: .budget, caption: "\(widget): reload budget left over time, \(input.replicationText)\(span); the budget \(ranOut).",
            widget: widget, script: script, data: data)
    }
}
